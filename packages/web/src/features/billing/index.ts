// What app/ and other features may compose from billing: the dashboard's billing readiness card.
// The /billings and /partnerBillingReports pages are routes in app/router.tsx.
export { BillingReadinessCard } from './components/BillingReadinessCard';
