/**
 * The FHIR importer's public surface (docs/architecture.md "Feature boundaries"): importing a
 * path, an object or a text (the CLI, the demo seed), queued import runs (the admin routes, the
 * job queue), and a run's one-line summary.
 */
export { importFhir, importFhirText, summariseReport, type ImportOptions } from './import.service';
export { findImportRuns, getImportRun, importRunFailedJobDefinition, importRunJobDefinition, startImportRun } from './import-runs';
