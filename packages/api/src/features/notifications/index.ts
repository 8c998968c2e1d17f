// What the notifications feature offers other features (shared11.md: cross-feature imports go through here).
export { alertCareTeam, type CareTeamAlert } from './care-team-alerts';
export { loggableError } from './alerts';
