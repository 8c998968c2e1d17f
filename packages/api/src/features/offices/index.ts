/**
 * The offices feature's public surface (docs/architecture.md "Feature boundaries"): turning
 * assessments on for offices (the surveys demo).
 */
export { enableAssessments } from './offices.repo';
export { createImportedOffice, updateImportedOffice } from './offices.imported';
