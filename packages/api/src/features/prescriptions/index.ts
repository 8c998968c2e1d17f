// What the prescriptions feature offers others: the start-up loader of the default drug data set
// and the drug search's index warm-up (app.ts), the drug-import job (jobs/app-jobs.ts), and what the FHIR importer needs to turn a
// MedicationRequest into a prescription (features/import/fhir.medications.ts).
export { seedDrugProducts, type DrugDataSet } from './default-drugs';
export { drugImportJobDefinition } from './drug-import';
export { warmDrugSearch } from './drug-products.service';
export { upsertImportedPrescription, type ImportedPrescription } from './imported-prescriptions';
