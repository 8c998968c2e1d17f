import { z } from 'zod';
import { idSchema } from '../../common/ids';
import { optionalText } from '../../common/validation';
import { medicationFrequencies } from '../prescriptions/prescriptions.schemas';
import { TIME_ENTRY_MAX_SECONDS } from '../time-tracking/time-tracking.schemas';
import { optionCodes } from './ccm.options';

/**
 * Form and answer schemas of the CCM sub-record groups other than allergies (portal-spec.md
 * section 2 "CCM records with these subsections", section 7 "CCM"). Coded fields take their codes
 * from the option lists (ccm.options.ts). Groups whose data already lives elsewhere store only the
 * link (docs/ccm.md "One source of truth"): a CCM diagnosis names the patient's diagnosis, a
 * medication event the patient's prescription, a vital entry is a manual measurement, a CCM
 * medical note a medical note and a time log entry a time-tracking entry of program CCM.
 */

const calendarDate = z.iso.date();
const optionalDate = calendarDate.nullable().optional();
const dateTime = z.iso.datetime({ offset: true });
const icd10Pattern = /^[A-TV-Z][0-9][0-9AB](\.[0-9A-TV-Z]{1,4})?$/;
const loincPattern = /^\d{1,7}-\d$/;
const TEXT = 200;
const LONG = 4000;
const NOTES = 1000;

// ccmdiagnosis --------------------------------------------------------------------------------
export const ccmDiagnosisFieldsSchema = z.object({
  /** The patient's diagnosis (problem-list entry, features/diagnoses). */
  diagnosisId: idSchema,
  diagnosisType: z.enum(optionCodes('diagnosisTypes')),
  notes: optionalText(NOTES),
});
export type CcmDiagnosisFields = z.infer<typeof ccmDiagnosisFieldsSchema>;
export const ccmDiagnosisItemSchema = z.object({
  diagnosisId: z.number().int(),
  diagnosisType: z.enum(optionCodes('diagnosisTypes')),
  notes: z.string(),
  /** From the patient's diagnosis: ICD-10-CM code (null when uncoded), description, status. */
  code: z.string().nullable(),
  description: z.string(),
  status: z.string(),
});

// ccmconditions -------------------------------------------------------------------------------
export const conditionHistoryStatuses = optionCodes('conditionHistory');
export const ccmConditionFieldsSchema = z.object({
  name: z.string().trim().min(1).max(TEXT),
  /** ICD-10-CM code with its dot (condition templates), optional. */
  icd10Code: z.string().trim().max(8).regex(icd10Pattern).or(z.literal('')).optional(),
  isPrimary: z.boolean(),
  severity: z.enum(optionCodes('conditionSeverity')).nullable().optional(),
  onsetDate: optionalDate,
  /** The condition's course now; a change adds a history entry. */
  historyStatus: z.enum(conditionHistoryStatuses),
  notes: optionalText(NOTES),
});
export type CcmConditionFields = z.infer<typeof ccmConditionFieldsSchema>;
export const conditionHistoryEntrySchema = z.object({
  id: z.number().int(),
  status: z.enum(conditionHistoryStatuses),
  recordedOn: z.string(),
  note: z.string(),
});
export const ccmConditionItemSchema = z.object({
  name: z.string(),
  icd10Code: z.string(),
  isPrimary: z.boolean(),
  severity: z.enum(optionCodes('conditionSeverity')).nullable(),
  onsetDate: z.string().nullable(),
  historyStatus: z.enum(conditionHistoryStatuses),
  notes: z.string(),
  /** The course of the condition, oldest first. */
  history: z.array(conditionHistoryEntrySchema),
});
export const conditionHistoryBodySchema = z.object({
  status: z.enum(conditionHistoryStatuses),
  recordedOn: calendarDate,
  note: optionalText(NOTES),
});
export type ConditionHistoryBody = z.infer<typeof conditionHistoryBodySchema>;

// ccmcareplan: the comprehensive care plan's CMS elements ------------------------------------
export const carePlanGoalSchema = z.object({
  description: z.string().trim().min(1).max(500),
  /** How the goal is measured, e.g. "HbA1c". */
  measure: optionalText(TEXT),
  /** The target, e.g. "below 7 %". */
  target: optionalText(TEXT),
  targetDate: optionalDate,
  status: z.enum(['PROPOSED', 'IN_PROGRESS', 'ACHIEVED', 'NOT_ACHIEVED']),
});
export const carePlanInterventionSchema = z.object({
  description: z.string().trim().min(1).max(500),
  /** The person responsible (CMS: "planned interventions and identification of the individuals responsible"). */
  responsible: z.string().trim().min(1).max(TEXT),
});
export const ccmCarePlanFieldsSchema = z.object({
  title: z.string().trim().min(1).max(TEXT),
  planType: z.enum(optionCodes('carePlanTypes')),
  status: z.enum(optionCodes('carePlanStatuses')),
  problemList: z.string().trim().min(1).max(LONG),
  expectedOutcome: z.string().trim().min(1).max(LONG),
  prognosis: z.string().trim().min(1).max(LONG),
  goals: z.array(carePlanGoalSchema).min(1).max(30),
  symptomManagement: z.string().trim().min(1).max(LONG),
  interventions: z.array(carePlanInterventionSchema).min(1).max(30),
  medicationManagement: z.string().trim().min(1).max(LONG),
  communityServices: optionalText(LONG),
  coordination: optionalText(LONG),
  /** The schedule for periodic review: the next review date (CMS care plan element). */
  reviewDate: calendarDate,
  /**
   * The day the care plan was established (default: the office's today on creation) and the day of
   * its latest substantial revision: complex CCM (99487) needs one of them in the month (CPT;
   * docs/billing-engine.md "Complex CCM"). Not in the future; a revision not before establishment.
   */
  establishedOn: optionalDate,
  revisedOn: optionalDate,
});
export type CcmCarePlanFields = z.infer<typeof ccmCarePlanFieldsSchema>;
export const ccmCarePlanItemSchema = z.object({
  title: z.string(),
  planType: z.enum(optionCodes('carePlanTypes')),
  status: z.enum(optionCodes('carePlanStatuses')),
  problemList: z.string(),
  expectedOutcome: z.string(),
  prognosis: z.string(),
  goals: z.array(z.object({ description: z.string(), measure: z.string().optional(), target: z.string().optional(), targetDate: z.string().nullable().optional(), status: z.enum(['PROPOSED', 'IN_PROGRESS', 'ACHIEVED', 'NOT_ACHIEVED']) })),
  symptomManagement: z.string(),
  interventions: z.array(z.object({ description: z.string(), responsible: z.string() })),
  medicationManagement: z.string(),
  communityServices: z.string(),
  coordination: z.string(),
  reviewDate: z.string(),
  establishedOn: z.string().nullable(),
  revisedOn: z.string().nullable(),
});

// ccmmedicationevent --------------------------------------------------------------------------
export const ccmMedicationEventFieldsSchema = z.object({
  /** The patient's prescription in the record's office (features/prescriptions). */
  prescriptionId: idSchema,
  eventType: z.enum(optionCodes('medicationEventTypes')),
  eventDate: calendarDate,
  /** The frequency from this event on (spec section 9), when it changes. */
  frequency: z.enum(medicationFrequencies).nullable().optional(),
  notes: optionalText(NOTES),
});
export type CcmMedicationEventFields = z.infer<typeof ccmMedicationEventFieldsSchema>;
export const ccmMedicationEventItemSchema = z.object({
  prescriptionId: z.number().int(),
  eventType: z.enum(optionCodes('medicationEventTypes')),
  eventDate: z.string(),
  frequency: z.enum(medicationFrequencies).nullable(),
  notes: z.string(),
  /** From the prescription. */
  medicationName: z.string(),
  dose: z.string(),
});

// vitalentry: a manual measurement -------------------------------------------------------------
export const vitalTypeCodes = optionCodes('vitalTypes');
export const ccmVitalEntryFieldsSchema = z.object({
  vitalType: z.enum(vitalTypeCodes),
  value: z.number().positive().max(100000),
  /** Diastolic pressure, for blood pressure only (required there). */
  value2: z.number().positive().max(100000).nullable().optional(),
  unit: z.enum(optionCodes('vitalUnits')),
  measuredAt: dateTime,
  /** Whether the reading is written into the month's medical note (spec: disablemedicalnoteforthisvitalentry). */
  includeInMedicalNote: z.boolean().optional(),
  notes: optionalText(NOTES),
});
export type CcmVitalEntryFields = z.infer<typeof ccmVitalEntryFieldsSchema>;
export const ccmVitalEntryItemSchema = z.object({
  measurementId: z.number().int(),
  vitalType: z.enum(vitalTypeCodes),
  value: z.number(),
  value2: z.number().nullable(),
  unit: z.enum(optionCodes('vitalUnits')),
  measuredAt: z.string(),
  includeInMedicalNote: z.boolean(),
  notes: z.string(),
});
/** The vital type's unit must be one that measures it; blood pressure needs both values. */
export function refineVitalEntry(v: CcmVitalEntryFields, ctx: z.RefinementCtx): void {
  const units = vitalUnitsByType[v.vitalType];
  if (!units?.includes(v.unit)) { ctx.addIssue({ code: 'custom', path: ['unit'], message: 'regex' }); }
  if (v.vitalType === '85354-9' && (v.value2 === null || v.value2 === undefined)) { ctx.addIssue({ code: 'custom', path: ['value2'], message: 'required' }); }
  if (v.vitalType !== '85354-9' && v.value2 !== null && v.value2 !== undefined) { ctx.addIssue({ code: 'custom', path: ['value2'], message: 'regex' }); }
}
/** UCUM units each vital type may be given in (the first is the stored canonical unit). */
export const vitalUnitsByType: Record<(typeof vitalTypeCodes)[number], readonly string[]> = {
  '85354-9': ['mm[Hg]'],
  '8310-5': ['Cel', '[degF]'],
  '29463-7': ['kg', '[lb_av]'],
  '59408-5': ['%'],
  '2339-0': ['mg/dL'],
};
export const vitalEntryMonthHeadersSchema = z.object({
  patientid: idSchema,
  /** 1-12; default the current month in the office's time zone (spec section 1). */
  month: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const disableVitalNoteBodySchema = z.object({ disabled: z.boolean() });

// ccmmedicalnote: a medical note of program CCM -----------------------------------------------
export const ccmMedicalNoteFieldsSchema = z.object({
  title: z.enum(optionCodes('medicalNoteTitles')),
  noteType: z.enum(optionCodes('medicalNoteTypes')),
  text: z.string().trim().min(1).max(LONG),
});
export type CcmMedicalNoteFields = z.infer<typeof ccmMedicalNoteFieldsSchema>;
export const ccmMedicalNoteItemSchema = z.object({
  medicalNoteDetailId: z.number().int(),
  title: z.enum(optionCodes('medicalNoteTitles')),
  noteType: z.enum(optionCodes('medicalNoteTypes')),
  text: z.string(),
  /** The month of the medical note it belongs to. */
  month: z.number().int(),
  year: z.number().int(),
});

// ccmobservation ------------------------------------------------------------------------------
export const ccmObservationFieldsSchema = z.object({
  category: z.enum(optionCodes('observationCategories')),
  loincCode: z.string().trim().regex(loincPattern).or(z.literal('')).optional(),
  name: z.string().trim().min(1).max(TEXT),
  value: z.string().trim().min(1).max(TEXT),
  unit: optionalText(40),
  observedOn: calendarDate,
  notes: optionalText(NOTES),
});
export type CcmObservationFields = z.infer<typeof ccmObservationFieldsSchema>;
export const ccmObservationItemSchema = z.object({
  category: z.enum(optionCodes('observationCategories')),
  loincCode: z.string(),
  name: z.string(),
  value: z.string(),
  unit: z.string(),
  observedOn: z.string(),
  notes: z.string(),
});

// Files of attachments, consent forms and imaging (docs/ccm.md "Files") --------------------------
/** The types a CCM file may have, told by its content (DICOM Part 10 for imaging only). */
export const ccmFileTypes = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv', 'application/dicom'] as const;
export type CcmFileType = (typeof ccmFileTypes)[number];
/** A row's file as lists show it (the bytes come from its download). */
export const ccmFileSchema = z.object({
  fileName: z.string(),
  contentType: z.enum(ccmFileTypes),
  /** Bytes. */
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type CcmFile = z.infer<typeof ccmFileSchema>;

// ccmattachment -------------------------------------------------------------------------------
export const ccmAttachmentFieldsSchema = z.object({
  title: z.string().trim().min(1).max(TEXT),
  documentType: z.enum(optionCodes('documentTypes')),
  documentDate: calendarDate,
  notes: optionalText(NOTES),
});
export type CcmAttachmentFields = z.infer<typeof ccmAttachmentFieldsSchema>;
export const ccmAttachmentItemSchema = z.object({
  title: z.string(),
  documentType: z.enum(optionCodes('documentTypes')),
  documentDate: z.string(),
  notes: z.string(),
  /** The row's file, null until one is uploaded. */
  file: ccmFileSchema.nullable(),
});

// ccmconsentform ------------------------------------------------------------------------------
export const consentPrograms = optionCodes('consentPrograms');
export const ccmConsentFormFieldsSchema = z.object({
  program: z.enum(consentPrograms),
  consentType: z.enum(optionCodes('consentTypes')),
  method: z.enum(optionCodes('consentMethods')),
  consentDate: calendarDate,
  /** Who obtained the consent (name and role). */
  obtainedBy: z.string().trim().min(1).max(TEXT),
  /** ACTIVE until the patient revokes it (CMS: the patient may stop at any time). */
  status: z.enum(['ACTIVE', 'REVOKED']),
  /**
   * The day the patient revoked it: required when REVOKED, empty while ACTIVE; not before
   * `consentDate` (the day it was obtained), not in the future (400 with the field). CMS: effective
   * at the end of the calendar month: the month of revocation still bills, later months do not.
   */
  revokedOn: optionalDate,
  notes: optionalText(NOTES),
});
export type CcmConsentFormFields = z.infer<typeof ccmConsentFormFieldsSchema>;
export const ccmConsentFormItemSchema = z.object({
  program: z.enum(consentPrograms),
  consentType: z.enum(optionCodes('consentTypes')),
  method: z.enum(optionCodes('consentMethods')),
  consentDate: z.string(),
  obtainedBy: z.string(),
  status: z.enum(['ACTIVE', 'REVOKED']),
  /** The day it was revoked, null while ACTIVE. */
  revokedOn: z.string().nullable(),
  notes: z.string(),
  /** The row's file, null until one is uploaded. */
  file: ccmFileSchema.nullable(),
});

// ccmimaging ----------------------------------------------------------------------------------
export const ccmImagingFieldsSchema = z.object({
  modality: z.enum(optionCodes('imagingModalities')),
  bodyPart: z.enum(optionCodes('imagingBodyParts')),
  studyDate: calendarDate,
  description: z.string().trim().min(1).max(TEXT),
  findings: optionalText(LONG),
});
export type CcmImagingFields = z.infer<typeof ccmImagingFieldsSchema>;
export const ccmImagingItemSchema = z.object({
  modality: z.enum(optionCodes('imagingModalities')),
  bodyPart: z.enum(optionCodes('imagingBodyParts')),
  studyDate: z.string(),
  description: z.string(),
  findings: z.string(),
  /** The row's file, null until one is uploaded. */
  file: ccmFileSchema.nullable(),
});

// ccmvaccine ----------------------------------------------------------------------------------
export const ccmVaccineFieldsSchema = z.object({
  cvxCode: z.enum(optionCodes('vaccineNames')),
  manufacturer: z.enum(optionCodes('vaccineManufacturers')).nullable().optional(),
  lotNumber: optionalText(40),
  administeredOn: calendarDate,
  site: z.enum(optionCodes('vaccineSites')).nullable().optional(),
  route: z.enum(optionCodes('vaccineRoutes')).nullable().optional(),
  dose: z.enum(optionCodes('vaccineDoses')).nullable().optional(),
  status: z.enum(['COMPLETED', 'NOT_DONE']),
  notes: optionalText(NOTES),
});
export type CcmVaccineFields = z.infer<typeof ccmVaccineFieldsSchema>;
export const ccmVaccineItemSchema = z.object({
  cvxCode: z.enum(optionCodes('vaccineNames')),
  manufacturer: z.enum(optionCodes('vaccineManufacturers')).nullable(),
  lotNumber: z.string(),
  administeredOn: z.string(),
  site: z.enum(optionCodes('vaccineSites')).nullable(),
  route: z.enum(optionCodes('vaccineRoutes')).nullable(),
  dose: z.enum(optionCodes('vaccineDoses')).nullable(),
  status: z.enum(['COMPLETED', 'NOT_DONE']),
  notes: z.string(),
});

// ccmlab --------------------------------------------------------------------------------------
export const ccmLabFieldsSchema = z.object({
  panel: z.enum(optionCodes('labPanels')),
  specimen: z.enum(optionCodes('labSpecimens')),
  testName: z.string().trim().min(1).max(TEXT),
  loincCode: z.string().trim().regex(loincPattern).or(z.literal('')).optional(),
  value: z.string().trim().min(1).max(60),
  unit: z.enum(optionCodes('labUnits')).nullable().optional(),
  referenceRange: optionalText(60),
  interpretation: z.enum(optionCodes('labInterpretations')).nullable().optional(),
  source: z.enum(optionCodes('labSources')),
  collectedOn: calendarDate,
  notes: optionalText(NOTES),
});
export type CcmLabFields = z.infer<typeof ccmLabFieldsSchema>;
export const ccmLabItemSchema = z.object({
  panel: z.enum(optionCodes('labPanels')),
  specimen: z.enum(optionCodes('labSpecimens')),
  testName: z.string(),
  loincCode: z.string(),
  value: z.string(),
  unit: z.enum(optionCodes('labUnits')).nullable(),
  referenceRange: z.string(),
  interpretation: z.enum(optionCodes('labInterpretations')).nullable(),
  /** True for a critical flag (LL, HH, AA: list labCriticalFlags). */
  isCritical: z.boolean(),
  source: z.enum(optionCodes('labSources')),
  collectedOn: z.string(),
  notes: z.string(),
});

// ccmtimelogentry: a time-tracking entry of program CCM ----------------------------------------
/** A time log entry is a care-time entry: at most 2 hours, time tracking's own limit (spec section 9 "Time limit: 2 hours"). */
export const CCM_TIME_LOG_MAX_MINUTES = TIME_ENTRY_MAX_SECONDS / 60;
export const ccmTimeLogFieldsSchema = z.object({
  startedAt: dateTime,
  minutes: z.number().int().min(1).max(CCM_TIME_LOG_MAX_MINUTES, 'timeLimit'),
  activity: z.string().trim().min(1).max(TEXT),
  /** The entry included a real-time two-way call with the patient or caregiver. */
  interactive: z.boolean(),
});
export type CcmTimeLogFields = z.infer<typeof ccmTimeLogFieldsSchema>;
export const ccmTimeLogItemSchema = z.object({
  timeEntryId: z.number().int(),
  staffUserId: z.number().int(),
  startedAt: z.string(),
  minutes: z.number().int(),
  activity: z.string(),
  interactive: z.boolean(),
});
export const timeLogByDateHeadersSchema = z.object({ patientid: idSchema, date: calendarDate });
/** Links time-tracking entries of program CCM (e.g. from the timer) to a record. */
export const timeLogEditByCcmIdBodySchema = z.object({ ccmRecordId: idSchema, timeEntryIds: z.array(idSchema).min(1).max(200) });
