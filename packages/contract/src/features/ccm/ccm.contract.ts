import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import * as g from './ccm.groups';
import * as r from './ccm.record.schemas';
import { ccmPatientHeadersSchema, ccmRecordSchema, createCcmRecordBodySchema } from './ccm.schemas';
import * as s from './ccm.sections.schemas';

// CCM (portal-spec.md section 7 "CCM"; paths: shared/spec/endpoints.txt "CCM records").
const tag = 'CCM';
const read = 'ccm.read' as const;
const manage = 'ccm.manage' as const;

// The record ------------------------------------------------------------------------------------
export const createCcmRecord = endpoint({
  method: 'POST',
  path: 'ccmrecord',
  tag,
  summary: "Open a CCM record for a patient in one of the patient's offices (404 out of scope; 400 hospitalId when the patient is not assigned there)",
  permission: manage,
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
  permission: read,
  headers: ccmPatientHeadersSchema,
  response: z.array(ccmRecordSchema),
});

export const getCcmRecordsMinimalByPatientId = endpoint({
  method: 'GET',
  path: 'ccmrecord/getminimalbypatientid',
  tag,
  summary: "The patient's CCM records in short (id, office, date, status), newest first (header patientId)",
  permission: read,
  headers: ccmPatientHeadersSchema,
  response: z.array(r.ccmRecordMinimalSchema),
});

export const getCcmRecordsByHospitalId = endpoint({
  method: 'GET',
  path: 'ccmrecord/getbyhospitalid',
  tag,
  summary: "The office's CCM records with their patients' names, newest first (header hospitalId; 404 for an office out of scope)",
  permission: read,
  headers: r.ccmHospitalHeadersSchema,
  response: z.array(r.ccmRecordOfOfficeSchema),
  audit: { resource: 'CarePlan' },
});

export const getCcmRecordReportDataForMonth = endpoint({
  method: 'GET',
  path: 'ccmrecord/getreportdataformonth',
  tag,
  summary: "The office's monthly CCM report: per patient with a record, CCM minutes (time log), consent, chronic conditions and care plan review",
  permission: read,
  headers: r.ccmReportHeadersSchema,
  response: r.ccmReportSchema,
  audit: { resource: 'CarePlan' },
});

export const getCcmOptionList = endpoint({
  method: 'GET',
  path: 'ccmrecord/options/{listName}',
  tag,
  summary: 'One CCM option or template list (code, code system, English and Spanish display); sources in docs/ccm.md',
  permission: read,
  params: r.ccmOptionListParamsSchema,
  response: z.array(r.ccmOptionSchema),
  audit: false,
});

export const getCcmRecordById = endpoint({
  method: 'GET',
  path: 'ccmrecord/{id}',
  tag,
  summary: 'A CCM record with every subsection (404 outside the caller\'s offices)',
  permission: read,
  params: r.ccmRecordIdParamsSchema,
  response: r.ccmRecordFullSchema,
  audit: { resource: 'CarePlan', record: { kind: 'ccmRecord', key: 'params.id' } },
});

export const updateCcmRecord = endpoint({
  method: 'PUT',
  path: 'ccmrecord/{id}',
  tag,
  summary: "Update a CCM record's date and status (404 outside the caller's offices)",
  permission: manage,
  params: r.ccmRecordIdParamsSchema,
  body: r.updateCcmRecordBodySchema,
  response: ccmRecordSchema,
  changesAccess: false,
  audit: { resource: 'CarePlan', record: { kind: 'ccmRecord', key: 'params.id' } },
});

export const deleteCcmRecord = endpoint({
  method: 'DELETE',
  path: 'ccmrecord/{id}',
  tag,
  summary: "Delete the patient's latest CCM record in its office with its subsections (400 when it is not the latest)",
  permission: manage,
  params: r.ccmRecordIdParamsSchema,
  response: z.object({ id: z.number().int() }),
  changesAccess: false,
  audit: { resource: 'CarePlan', record: { kind: 'ccmRecord', key: 'params.id' } },
});

export const setCcmSocialDeterminants = endpoint({
  method: 'PUT',
  path: 'ccmrecord/setsocialdeterminants/{id}',
  tag,
  summary: "Set the record's social determinants of health (ICD-10-CM Z55-Z65)",
  permission: manage,
  params: r.ccmRecordIdParamsSchema,
  body: r.setSocialDeterminantsBodySchema,
  response: ccmRecordSchema,
  changesAccess: false,
  audit: { resource: 'CarePlan', record: { kind: 'ccmRecord', key: 'params.id' } },
});

export const setCcmComplexDecisionMaking = endpoint({
  method: 'PUT',
  path: 'ccmrecord/setcomplexdecisionmaking/{id}',
  tag,
  summary: "Set the record's medical decision making level (moderate or high qualifies complex CCM 99487/99489)",
  permission: manage,
  params: r.ccmRecordIdParamsSchema,
  body: r.setComplexDecisionMakingBodySchema,
  response: ccmRecordSchema,
  changesAccess: false,
  audit: { resource: 'CarePlan', record: { kind: 'ccmRecord', key: 'params.id' } },
});

export const setCcmFunctionalStatus = endpoint({
  method: 'PUT',
  path: 'ccmrecord/setfunctionalstatus/{id}',
  tag,
  summary: "Set the record's functional status and its notes",
  permission: manage,
  params: r.ccmRecordIdParamsSchema,
  body: r.setFunctionalStatusBodySchema,
  response: ccmRecordSchema,
  changesAccess: false,
  audit: { resource: 'CarePlan', record: { kind: 'ccmRecord', key: 'params.id' } },
});

// Group extras ---------------------------------------------------------------------------------
export const updateCcmConditionHistory = endpoint({
  method: 'PUT',
  path: 'ccmconditions/conditionhistory/{id}',
  tag,
  summary: "Edit one entry of a condition's history (404 outside the caller's offices)",
  permission: manage,
  params: r.conditionHistoryParamsSchema,
  body: s.conditionHistoryBodySchema,
  response: s.conditionHistoryEntrySchema,
  changesAccess: false,
  audit: { resource: 'Condition', record: { kind: 'ccmConditionHistory', key: 'params.id' } },
});

export const deleteCcmConditionHistory = endpoint({
  method: 'DELETE',
  path: 'ccmconditions/conditionhistory/{id}',
  tag,
  summary: "Delete one entry of a condition's history (404 outside the caller's offices)",
  permission: manage,
  params: r.conditionHistoryParamsSchema,
  response: z.object({ id: z.number().int() }),
  changesAccess: false,
  audit: { resource: 'Condition', record: { kind: 'ccmConditionHistory', key: 'params.id' } },
});

export const getVitalEntriesByMonth = endpoint({
  method: 'GET',
  path: 'vitalentry/getbymonth',
  tag,
  summary: "The patient's CCM vital entries of one month (headers patientId, month, year; default the office's current month)",
  permission: read,
  headers: s.vitalEntryMonthHeadersSchema,
  response: z.array(g.ccmVitalEntryGroup.itemSchema),
});

export const disableVitalEntryMedicalNote = endpoint({
  method: 'PUT',
  path: 'vitalentry/disablemedicalnoteforthisvitalentry/{id}',
  tag,
  summary: 'Keep a vital entry out of (or put it back into) the medical note',
  permission: manage,
  params: r.ccmRecordIdParamsSchema,
  body: s.disableVitalNoteBodySchema,
  response: g.ccmVitalEntryGroup.itemSchema,
  changesAccess: false,
  audit: { resource: 'Observation', record: { kind: 'vitalentry', key: 'params.id' } },
});

export const getCcmTimeLogByDate = endpoint({
  method: 'GET',
  path: 'ccmtimelogentry/getbydate',
  tag,
  summary: "The patient's CCM time log entries started on one day in the office's time zone (headers patientId, date)",
  permission: read,
  headers: s.timeLogByDateHeadersSchema,
  response: z.array(g.ccmTimeLogGroup.itemSchema),
});

export const editCcmTimeLogByCcmId = endpoint({
  method: 'PUT',
  path: 'ccmtimelogentry/editbyccmid',
  tag,
  summary: "Attach CCM time-tracking entries (e.g. the timer's) of the record's patient and office to the record; answers the record's time log",
  permission: manage,
  body: s.timeLogEditByCcmIdBodySchema,
  response: z.array(g.ccmTimeLogGroup.itemSchema),
  changesAccess: false,
  audit: { resource: 'Encounter', record: { kind: 'ccmRecord', key: 'body.ccmRecordId' } },
});

export const getCcmBillingByPatientId = endpoint({
  method: 'GET',
  path: 'ccmbilling/getbypatientid',
  tag,
  summary: "The billing engine's CCM, PCM and APCM lines of the patient in the caller's offices, newest month first",
  permission: read,
  headers: r.ccmBillingPatientHeadersSchema,
  response: z.array(r.ccmBillingItemSchema),
});

export const getCcmBillingByCcmRecordId = endpoint({
  method: 'GET',
  path: 'ccmbilling/getbyccmrecordid',
  tag,
  summary: "The billing engine's CCM, PCM and APCM lines of the record's patient, office and month",
  permission: read,
  headers: r.ccmBillingRecordHeadersSchema,
  response: z.array(r.ccmBillingItemSchema),
  audit: { resource: 'Claim', record: { kind: 'ccmRecord', key: 'headers.ccmrecordid' } },
});

/**
 * The office's CCM worklist (docs/ccm.md "Worklist"): the patients of its latest CCM records by
 * the month's CCM minutes against 20 / 40 / 60, consent missing and care plan review due, paged,
 * sorted and filtered on the server.
 */
export const getCcmWorklist = endpoint({
  method: 'GET',
  path: 'ccmrecord/worklist',
  tag,
  summary: "The office's CCM worklist for a month (header hospitalid; default the office's current month), filtered, searched by name, sorted and paged; 404 for an office out of scope",
  permission: read,
  headers: r.ccmHospitalHeadersSchema,
  query: r.ccmWorklistQuerySchema,
  response: r.ccmWorklistSchema,
  audit: { resource: 'CarePlan' },
});

/**
 * The record's timeline (docs/ccm.md "Timeline"; issue "CCM records" section 3): its events newest
 * first, derived from the rows' own times (added, changed), condition course entries, time log
 * entries, file uploads and the record's opening; filtered by kind and paged on the server.
 */
export const getCcmRecordTimeline = endpoint({
  method: 'GET',
  path: 'ccmrecord/{id}/timeline',
  tag,
  summary: "The record's events newest first (rows added and changed, condition course, care plan versions, consent, time and calls, notes, files), by kind, paged; 404 outside the caller's offices",
  permission: read,
  params: r.ccmRecordIdParamsSchema,
  query: r.ccmTimelineQuerySchema,
  response: r.ccmTimelineSchema,
  audit: { resource: 'CarePlan', record: { kind: 'ccmRecord', key: 'params.id' } },
});

/**
 * The comprehensive care plan as a PDF in the patient's language (English or Spanish): the copy
 * CMS requires the patient to receive (MLN909188 "Comprehensive care plan"; docs/ccm.md).
 */
export const getCcmCarePlanPdf = endpoint({
  method: 'GET',
  path: 'ccmcareplan/getcareplanpdf',
  tag,
  summary: "The care plan (header careplanid) as a PDF in the patient's language with every CMS element; 404 outside the caller's offices",
  permission: read,
  headers: r.ccmCarePlanPdfHeadersSchema,
  binary: true,
  response: z.string(),
  audit: { resource: 'CarePlan', record: { kind: 'ccmcareplan', key: 'headers.careplanid' } },
});

/** The monthly CCM report of an office (the data of `getreportdataformonth`) as a PDF in the caller's language. */
export const getCcmReportPdf = endpoint({
  method: 'GET',
  path: 'ccmrecord/getreportpdfformonth',
  tag,
  summary: "The office's monthly CCM report (headers hospitalid, month, year) as a PDF in the caller's language; 404 for an office out of scope",
  permission: read,
  headers: r.ccmReportHeadersSchema,
  binary: true,
  response: z.string(),
  audit: { resource: 'CarePlan' },
});

// Sub-record groups (declared in ccm.groups.ts), exported by name so that `allEndpoints` sees each once.
export const { create: createCcmAllergy, update: updateCcmAllergy, remove: deleteCcmAllergy, getByPatientId: getCcmAllergiesByPatientId, getByCcmRecordId: getCcmAllergiesByCcmRecordId } = g.ccmAllergyGroup;
export const { create: createCcmDiagnosis, update: updateCcmDiagnosis, remove: deleteCcmDiagnosis, getByPatientId: getCcmDiagnosesByPatientId, getByCcmRecordId: getCcmDiagnosesByCcmRecordId } = g.ccmDiagnosisGroup;
export const { create: createCcmCondition, update: updateCcmCondition, remove: deleteCcmCondition, getByPatientId: getCcmConditionsByPatientId, getByCcmRecordId: getCcmConditionsByCcmRecordId } = g.ccmConditionGroup;
export const { create: createCcmCarePlan, update: updateCcmCarePlan, remove: deleteCcmCarePlan, getByPatientId: getCcmCarePlansByPatientId, getByCcmRecordId: getCcmCarePlansByCcmRecordId } = g.ccmCarePlanGroup;
export const { create: createCcmMedicationEvent, update: updateCcmMedicationEvent, remove: deleteCcmMedicationEvent, getByPatientId: getCcmMedicationEventsByPatientId, getByCcmRecordId: getCcmMedicationEventsByCcmRecordId } = g.ccmMedicationEventGroup;
export const { create: createCcmVitalEntry, update: updateCcmVitalEntry, remove: deleteCcmVitalEntry, getByPatientId: getCcmVitalEntriesByPatientId, getByCcmRecordId: getCcmVitalEntriesByCcmRecordId } = g.ccmVitalEntryGroup;
export const { create: createCcmMedicalNote, update: updateCcmMedicalNote, remove: deleteCcmMedicalNote, getByPatientId: getCcmMedicalNotesByPatientId, getByCcmRecordId: getCcmMedicalNotesByCcmRecordId } = g.ccmMedicalNoteGroup;
export const { create: createCcmObservation, update: updateCcmObservation, remove: deleteCcmObservation, getByPatientId: getCcmObservationsByPatientId, getByCcmRecordId: getCcmObservationsByCcmRecordId } = g.ccmObservationGroup;
export const { create: createCcmAttachment, update: updateCcmAttachment, remove: deleteCcmAttachment, getByPatientId: getCcmAttachmentsByPatientId, getByCcmRecordId: getCcmAttachmentsByCcmRecordId } = g.ccmAttachmentGroup;
export const { create: createCcmConsentForm, update: updateCcmConsentForm, remove: deleteCcmConsentForm, getByPatientId: getCcmConsentFormsByPatientId, getByCcmRecordId: getCcmConsentFormsByCcmRecordId } = g.ccmConsentFormGroup;
export const { create: createCcmImaging, update: updateCcmImaging, remove: deleteCcmImaging, getByPatientId: getCcmImagingByPatientId, getByCcmRecordId: getCcmImagingByCcmRecordId } = g.ccmImagingGroup;
export const { create: createCcmVaccine, update: updateCcmVaccine, remove: deleteCcmVaccine, getByPatientId: getCcmVaccinesByPatientId, getByCcmRecordId: getCcmVaccinesByCcmRecordId } = g.ccmVaccineGroup;
export const { create: createCcmLab, update: updateCcmLab, remove: deleteCcmLab, getByPatientId: getCcmLabsByPatientId, getByCcmRecordId: getCcmLabsByCcmRecordId } = g.ccmLabGroup;
export const { create: createCcmTimeLogEntry, update: updateCcmTimeLogEntry, remove: deleteCcmTimeLogEntry, getByPatientId: getCcmTimeLogEntriesByPatientId, getByCcmRecordId: getCcmTimeLogEntriesByCcmRecordId } = g.ccmTimeLogGroup;
export * from './ccm.files.contract';
