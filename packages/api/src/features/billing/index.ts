/** The billing feature's public surface (docs/architecture.md "Feature boundaries"): the billing-run job's worker, an office's month generated as the system (the demo seed's). */
export { billingRunJobDefinition } from './billing-runs';
export { generateOfficeMonthAsSystem } from './office-month';
export { FeeFileError, importPfs } from './fee-import/index';
export type { PfsImportResult } from './fee-import/index';
