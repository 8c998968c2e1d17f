/**
 * The devices feature's public surface (docs/architecture.md "Feature boundaries"): the writer of a
 * hub's check-in, which app.ts hands to the hub principal (lib/hub-auth.ts `useHubCheckInRecorder`).
 */
export { writeHubCheckIn } from './hub-credentials';
