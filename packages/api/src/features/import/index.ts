/**
 * The FHIR importer's public surface (docs/architecture.md "Feature boundaries"): importing a
 * path, an object or a text, the run history, and a run's one-line summary.
 */
export { findImportRuns, importFhir, importFhirText, summariseReport, type ImportOptions } from './import.service';
