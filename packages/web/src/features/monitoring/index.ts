// What app/ and other features may compose from monitoring: the header's notification bell (which
// also keeps the notification lists live from the real-time socket). The /monitoring page is a
// route in app/router.tsx.
export { NotificationBell } from './components/NotificationBell';
export { SeverityBadge } from './components/SeverityBadge';
