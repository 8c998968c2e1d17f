import { z } from 'zod';
import { bodyIdSchema, idSchema, intTextSchema } from '../../common/ids';

/**
 * Diagnoses in ICD-10-CM (portal-spec.md section 7 "Diagnosis and prescriptions"; docs/diagnoses.md):
 * a patient's problem list, the ICD-10-CM code search and the loaded code-set release.
 */

/** Problem-list statuses (the clinical statuses of FHIR R4 Condition that a problem list keeps). */
export const diagnosisStatuses = ['active', 'resolved', 'inactive'] as const;
export type DiagnosisStatus = (typeof diagnosisStatuses)[number];

/** The list filter: a status, or the uncoded problems waiting for a clinician ("to be coded"). */
export const diagnosisListFilters = [...diagnosisStatuses, 'toBeCoded'] as const;
export type DiagnosisListFilter = (typeof diagnosisListFilters)[number];

/**
 * An ICD-10-CM code as typed: a letter, a digit, a digit or letter, then optionally a dot and one
 * to four letters or digits ("E11.9", "e119", "M1A.011", "I10"). Normalised to upper case with its
 * dot ("E11.9").
 */
export const icd10cmCodePattern = /^[A-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/;
export const diagnosisCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(8)
  .toUpperCase()
  .regex(icd10cmCodePattern)
  .transform((v) => {
    const compact = v.replace('.', '');
    return compact.length > 3 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
  });

/** A chronic condition (docs/chronic-conditions.md) a code belongs to: { id: 'diabetes', en: 'Diabetes', es: 'Diabetes' }. */
export const chronicConditionSchema = z.object({ id: z.string(), en: z.string(), es: z.string() });
export type ChronicConditionInfo = z.infer<typeof chronicConditionSchema>;

/** One diagnosis (problem-list entry) of a patient. */
export const patientDiagnosisSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  /** ICD-10-CM code with its dot; null for an uncoded problem (imported with another code system). */
  code: z.string().nullable(),
  description: z.string(),
  isPrimary: z.boolean(),
  /** YYYY-MM-DD, never after today in the patient's office's calendar. */
  onsetDate: z.string().nullable(),
  status: z.enum(diagnosisStatuses),
  /** The code falls in a chronic-condition range (docs/chronic-conditions.md). */
  isChronic: z.boolean(),
  chronicConditions: z.array(chronicConditionSchema),
  /** An uncoded problem a clinician must code (code null). */
  toBeCoded: z.boolean(),
  source: z.enum(['manual', 'fhir']),
  /** An uncoded problem's source coding ("http://snomed.info/sct", "44054006"). */
  sourceSystem: z.string().nullable(),
  sourceCode: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PatientDiagnosis = z.infer<typeof patientDiagnosisSchema>;

/** A patient's chronic conditions (the active coded problem list and the billing profile's diagnoses in the chronic ranges: docs/chronic-conditions.md), each with the codes that count for it. */
export const chronicConditionCountSchema = z.object({
  count: z.number().int(),
  conditions: z.array(chronicConditionSchema.extend({ codes: z.array(z.string()) })),
});
export type ChronicConditionCount = z.infer<typeof chronicConditionCountSchema>;

/** Most entries one problem list answers. */
export const DIAGNOSIS_LIST_LIMIT = 500;

export const diagnosisListSchema = z.object({
  items: z.array(patientDiagnosisSchema),
  /** Of the whole problem list, whatever the filter. */
  chronic: chronicConditionCountSchema,
});
export type DiagnosisList = z.infer<typeof diagnosisListSchema>;

export const diagnosisListHeadersSchema = z.object({ patientid: idSchema });
export const diagnosisListQuerySchema = z.object({ status: z.enum(diagnosisListFilters).optional() });

/** The form of a diagnosis: a billable ICD-10-CM code, primary flag, onset date and status. */
export const diagnosisFieldsShape = {
  code: diagnosisCodeSchema,
  isPrimary: z.boolean().optional(),
  onsetDate: z.iso.date().nullable().optional(),
  status: z.enum(diagnosisStatuses),
};

export const createDiagnosisBodySchema = z.strictObject({ patientId: bodyIdSchema, ...diagnosisFieldsShape });
export type CreateDiagnosisBody = z.input<typeof createDiagnosisBodySchema>;

export const updateDiagnosisBodySchema = z.strictObject({ id: bodyIdSchema, ...diagnosisFieldsShape });
export type UpdateDiagnosisBody = z.input<typeof updateDiagnosisBodySchema>;

/** Longest search text. */
export const ICD10CM_SEARCH_MAX = 100;

export const icd10cmSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(ICD10CM_SEARCH_MAX),
  limit: intTextSchema(1, 50).optional(),
});

/** One search hit. */
export const icd10cmCodeHitSchema = z.object({
  code: z.string(),
  /** The official (English) description of the release. */
  description: z.string(),
  /** For a Spanish caller, the code's Spanish description where the search's clinical terms hold one (data/icd10cm/clinical-terms.json); else null. */
  descriptionEs: z.string().nullable(),
  /** Only billable codes may be chosen for a diagnosis. */
  billable: z.boolean(),
  category: z.string(),
  chronicConditions: z.array(chronicConditionSchema),
  /** The alphabetic-index or clinical term that matched ("htn", "insuficiencia cardiaca"), when the description itself does not hold the typed words. */
  matchedTerm: z.string().nullable(),
});
export type Icd10cmCodeHit = z.infer<typeof icd10cmCodeHitSchema>;

export const icd10cmSearchResultSchema = z.object({
  items: z.array(icd10cmCodeHitSchema),
  /** The label of the loaded release. */
  release: z.string(),
});
export type Icd10cmSearchResult = z.infer<typeof icd10cmSearchResultSchema>;

/** One load of the code set (queued and running imports included). */
export const icd10cmReleaseSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  source: z.enum(['vendored', 'upload']),
  fileName: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  codeCount: z.number().int(),
  billableCount: z.number().int(),
  error: z.string().nullable(),
  isCurrent: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Icd10cmRelease = z.infer<typeof icd10cmReleaseSchema>;

/** The official order file is about 15 MB; gzip it or not. */
export const ICD10CM_UPLOAD_MAX_BYTES = 40 * 1024 * 1024;

export const diagnosisIdParamsSchema = z.object({ id: idSchema });
