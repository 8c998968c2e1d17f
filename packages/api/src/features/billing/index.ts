/** The billing feature's public surface (docs/architecture.md "Feature boundaries"): the billing-run job's worker, the demo's billable month. */
export { billingRunJobDefinition } from './billing-runs';
export { seedDemoBillableMonth } from './demo';
