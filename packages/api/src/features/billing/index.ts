/** The billing feature's public surface (docs/architecture.md "Feature boundaries"): the billing-run job's worker. */
export { billingRunJobDefinition } from './billing-runs';
