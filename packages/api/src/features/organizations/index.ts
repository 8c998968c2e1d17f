/** The organizations feature's public surface (docs/architecture.md "Feature boundaries"): organizations the FHIR importer brings in. */
export { createImportedOrganization, updateImportedOrganization } from './organizations.imported';
