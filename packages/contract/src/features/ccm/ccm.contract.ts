import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { ccmAllergyGroup } from './ccm.groups';
import { ccmPatientHeadersSchema, ccmRecordSchema, createCcmRecordBodySchema } from './ccm.schemas';

// CCM (portal-spec.md section 7 "CCM"; paths: shared/spec/endpoints.txt "CCM records").
const tag = 'CCM';

// The record: only the two calls the sub-record pattern needs (open one, list a patient's).
export const createCcmRecord = endpoint({
  method: 'POST',
  path: 'ccmrecord',
  tag,
  summary: "Open a CCM record for a patient in one of the patient's offices (404 out of scope; 400 hospitalId when the patient is not assigned there)",
  permission: 'ccm.manage',
  body: createCcmRecordBodySchema,
  response: ccmRecordSchema,
  successStatus: 201,
  changesAccess: false,
});

export const getCcmRecordsByPatientId = endpoint({
  method: 'GET',
  path: 'ccmrecord/getbypatientid',
  tag,
  summary: "The patient's CCM records in the caller's offices, newest first (header patientId; 404 for a patient out of scope)",
  permission: 'ccm.read',
  headers: ccmPatientHeadersSchema,
  response: z.array(ccmRecordSchema),
});

// Sub-record groups (declared in ccm.groups.ts), exported by name so that `allEndpoints` sees each once.
export const {
  create: createCcmAllergy,
  update: updateCcmAllergy,
  remove: deleteCcmAllergy,
  getByPatientId: getCcmAllergiesByPatientId,
  getByCcmRecordId: getCcmAllergiesByCcmRecordId,
} = ccmAllergyGroup;
