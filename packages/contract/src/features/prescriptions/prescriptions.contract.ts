import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { pageOf } from '../../common/envelope';
import { idSchema } from '../../common/ids';
import {
  DRUG_IMPORT_MAX_BYTES,
  drugImportRunSchema,
  drugSearchBodySchema,
  drugSearchResponseSchema,
  prescriptionCreateBodySchema,
  prescriptionListHeadersSchema,
  prescriptionListQuerySchema,
  prescriptionSchema,
  prescriptionUpdateBodySchema,
} from './prescriptions.schemas';

// Prescriptions (portal-spec.md section 7 "Diagnosis and prescriptions"; shared/spec/endpoints.txt).
// The by-patient list and the drug-product import are Vigil's own additions (docs/prescriptions.md):
// the spec names the error "Error getting prescriptions" but no list path.
const tag = 'Prescriptions';
const idParams = z.object({ id: idSchema });

export const getPrescription = endpoint({
  method: 'GET',
  path: 'patientprescription/{id}',
  tag,
  summary: 'One prescription (404 "Error getting prescription info" out of scope)',
  permission: 'prescriptions.read',
  params: idParams,
  response: prescriptionSchema,
  audit: { resource: 'MedicationRequest', record: { kind: 'prescription', key: 'params.id' } },
});

export const updatePrescription = endpoint({
  method: 'PUT',
  path: 'patientprescription/{id}',
  tag,
  summary: 'Edit a prescription (404 "Error updating prescription" out of scope; answers the duplicate warning when another active one shares an ingredient)',
  permission: 'prescriptions.manage',
  params: idParams,
  body: prescriptionUpdateBodySchema,
  response: prescriptionSchema,
  changesAccess: false,
  audit: { resource: 'MedicationRequest', record: { kind: 'prescription', key: 'params.id' } },
});

export const deletePrescription = endpoint({
  method: 'DELETE',
  path: 'patientprescription/{id}',
  tag,
  summary: 'Delete a prescription (404 "Error deleting prescription" out of scope)',
  permission: 'prescriptions.manage',
  params: idParams,
  response: z.object({ id: z.number().int() }),
  changesAccess: false,
  audit: { resource: 'MedicationRequest', record: { kind: 'prescription', key: 'params.id' } },
});

export const createPrescription = endpoint({
  method: 'POST',
  path: 'patientprescription',
  tag,
  summary: 'Add a prescription for a patient (404 "Error adding prescription" for a patient out of scope; answers the duplicate warning when another active one shares an ingredient)',
  permission: 'prescriptions.manage',
  body: prescriptionCreateBodySchema,
  response: prescriptionSchema,
  successStatus: 201,
  changesAccess: false,
});

export const searchDrugProducts = endpoint({
  method: 'POST',
  path: 'patientprescription/fdasearch',
  tag,
  summary: "Drug products by brand name, generic name, ingredient or NDC (typo-tolerant), in openFDA's NDC result shape",
  permission: 'prescriptions.read',
  body: drugSearchBodySchema,
  response: drugSearchResponseSchema,
  changesAccess: false,
});

export const getPrescriptionListForPatient = endpoint({
  method: 'GET',
  path: 'patientprescription/getprescriptionlistforpatient',
  tag,
  summary: 'The patient\'s medication list (header patientId; filter active | all), paged and sorted (404 "Error getting prescriptions" out of scope)',
  permission: 'prescriptions.read',
  headers: prescriptionListHeadersSchema,
  query: prescriptionListQuerySchema,
  response: pageOf(prescriptionSchema),
});

export const importDrugProducts = endpoint({
  method: 'POST',
  path: 'drugproduct/import',
  tag,
  summary: 'Load an FDA NDC Directory product.txt (or unfinished_product.txt) upload into the drug products, as a queued job (multipart field "file"); answers the run',
  permission: 'drugs.import',
  multipart: { maxBytes: DRUG_IMPORT_MAX_BYTES },
  response: drugImportRunSchema,
  successStatus: 201,
  changesAccess: false,
});

export const findDrugImportRuns = endpoint({
  method: 'GET',
  path: 'drugproduct/importruns',
  tag,
  summary: 'The drug-product imports, newest first (the last 20), with progress and the problems found',
  permission: 'drugs.import',
  response: z.array(drugImportRunSchema),
});
