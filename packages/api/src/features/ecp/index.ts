/**
 * The ECP feature's public surface (docs/architecture.md "Feature boundaries"): the queue that sends
 * reviewed readings, registered by jobs/app-jobs.ts.
 */
export { ecpSendJobDefinition } from './ecp-send';
