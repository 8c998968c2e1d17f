/**
 * The Terra feature's public surface (docs/architecture.md "Feature boundaries"): the queue of
 * webhook deliveries, registered by jobs/app-jobs.ts.
 */
export { terraEventJobDefinition } from './terra-events';
