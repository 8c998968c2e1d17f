// What the app uses from chat: the header's messages button (badge, panel, live updates).
export { MessagesButton } from './components/MessagesButton';
