import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import {
  ICD10CM_UPLOAD_MAX_BYTES,
  createDiagnosisBodySchema,
  diagnosisIdParamsSchema,
  diagnosisListHeadersSchema,
  diagnosisListQuerySchema,
  diagnosisListSchema,
  icd10cmReleaseSchema,
  icd10cmSearchQuerySchema,
  icd10cmSearchResultSchema,
  patientDiagnosisSchema,
  updateDiagnosisBodySchema,
} from './diagnoses.schemas';

// endpoints.txt "Diagnosis and prescriptions" (the diagnosis half); portal-spec.md section 8
// "Diagnosis" errors. A diagnosis is clinical documentation: it changes no access.
const tag = 'Diagnoses';

export const getDiagnosisListForPatient = endpoint({
  method: 'GET',
  path: 'patientdiagnosis/getdiagnosislistforpatient',
  tag,
  summary:
    "A patient's problem list (header patientid; query status: active, resolved, inactive or toBeCoded), primary first, with the chronic-condition count; 404 \"Could not get the diagnosis data!\" for a patient out of scope",
  permission: 'diagnoses.read',
  headers: diagnosisListHeadersSchema,
  query: diagnosisListQuerySchema,
  response: diagnosisListSchema,
});

export const getDiagnosis = endpoint({
  method: 'GET',
  path: 'patientdiagnosis/{id}',
  tag,
  summary: 'One diagnosis; 404 "No diagnosis data!" when it does not exist or is out of scope',
  permission: 'diagnoses.read',
  params: diagnosisIdParamsSchema,
  response: patientDiagnosisSchema,
  audit: { resource: 'Condition', record: { kind: 'patientDiagnosis', key: 'params.id' } },
});

export const deleteDiagnosis = endpoint({
  method: 'DELETE',
  path: 'patientdiagnosis/{id}',
  tag,
  summary: 'Delete a diagnosis; 404 "No diagnosis data!" when it does not exist or is out of scope',
  permission: 'diagnoses.manage',
  params: diagnosisIdParamsSchema,
  response: z.object({ id: z.number().int() }),
  changesAccess: false,
  audit: { resource: 'Condition', record: { kind: 'patientDiagnosis', key: 'params.id' } },
});

export const createDiagnosis = endpoint({
  method: 'POST',
  path: 'patientdiagnosis',
  tag,
  summary:
    'Add a diagnosis: a billable ICD-10-CM code of the loaded release (a category with children is refused), primary flag (one per patient: the previous primary is demoted), onset not in the future, status',
  permission: 'diagnoses.manage',
  body: createDiagnosisBodySchema,
  response: patientDiagnosisSchema,
  successStatus: 201,
  changesAccess: false,
});

export const updateDiagnosisForPatient = endpoint({
  method: 'PUT',
  path: 'patientdiagnosis/updatediagnosisforpatient',
  tag,
  summary: 'Update a diagnosis (body id), also to code an uncoded problem; the same checks as the create',
  permission: 'diagnoses.manage',
  body: updateDiagnosisBodySchema,
  response: patientDiagnosisSchema,
  changesAccess: false,
  audit: { resource: 'Condition', record: { kind: 'patientDiagnosis', key: 'body.id' } },
});

export const searchIcd10cm = endpoint({
  method: 'GET',
  path: 'icd10cm/search',
  tag,
  summary:
    'Chosen (not in the spec): ICD-10-CM search by code prefix and words, typo tolerant, over descriptions, alphabetic-index terms and clinical terms (abbreviations, lay terms, Spanish for an es caller); combination codes and the unspecified default first when every word names a condition, then billable codes, common before obstetric, perinatal and history codes unless the query says so',
  permission: 'diagnoses.read',
  query: icd10cmSearchQuerySchema,
  response: icd10cmSearchResultSchema,
});

export const findIcd10cmReleases = endpoint({
  method: 'GET',
  path: 'icd10cm/releases',
  tag,
  summary: 'Chosen (not in the spec): the loads of the ICD-10-CM code set, newest first (the current one flagged), at most 50',
  permission: 'diagnoses.read',
  response: z.array(icd10cmReleaseSchema),
});

export const importIcd10cmRelease = endpoint({
  method: 'POST',
  path: 'icd10cm/import',
  tag,
  summary:
    'Chosen (not in the spec): load an official CDC/CMS ICD-10-CM code file (icd10cm_order_YYYY.txt or icd10cm_codes_YYYY.txt, plain or gzipped, multipart field "file") as a queued job; answers the queued release',
  permission: 'icd10cm.import',
  multipart: { maxBytes: ICD10CM_UPLOAD_MAX_BYTES },
  response: icd10cmReleaseSchema,
  successStatus: 201,
});
