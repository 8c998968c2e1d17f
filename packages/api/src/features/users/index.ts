// What the users feature offers other features (shared11.md: cross-feature imports go through here).
export { loadUserViews } from './users.view';
