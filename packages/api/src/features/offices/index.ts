/**
 * The offices feature's public surface (docs/architecture.md "Feature boundaries"): turning
 * assessments on for offices (the surveys demo), and the offices of an organization (the FHIR API's clients).
 */
export { enableAssessments, officeIdsOfOrganization } from './offices.service';
export { createImportedOffice, updateImportedOffice } from './offices.imported';
