/**
 * What the diagnoses feature offers the others (docs/architecture.md "Feature boundaries (API)":
 * cross-feature imports go through this barrel): the start-up load of the ICD-10-CM code set, the release-import job,
 * the FHIR importer's Condition writes, the one chronic-condition count, the one ICD-10-CM
 * validity of a code, and the search index's build at start.
 */
export { ensureIcd10cmLoaded, type Icd10cmDataSet } from './icd10cm.loader';
export { icd10cmImportJobDefinition } from './icd10cm-import';
export { storeImportedDiagnosis, type ImportedProblem } from './diagnoses.imported';
export { assertBillableIcd10cm, billableCodes, chronicConditionsForPatients, findCategoryCodes, icd10cmValidity, warmIcd10cmSearch, type Icd10cmValidity } from './diagnoses.service';
export { chronicConditionsOf, chronicConditionsOfCode, CHRONIC_CONDITIONS, type ChronicConditionMatch } from './chronic-conditions';
