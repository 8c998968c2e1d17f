import { z } from 'zod';
import { idSchema } from '../../common/ids';
import { optionalText } from '../../common/validation';

/**
 * CCM records and their sub-record groups (portal-spec.md section 2 "CCM records with these
 * subsections", section 3 "CCM record: id, date", section 7 "CCM").
 *
 * Only what the sub-record pattern needs of the record is here: a patient's record in one office
 * with its date and status. The record's own screens, report data and the other groups come
 * with the CCM record feature.
 */

/** A calendar date 'YYYY-MM-DD'. */
const calendarDateSchema = z.iso.date();

/** A CCM record: the frame that a patient's CCM sub-records (allergies, labs, ...) belong to. */
export const ccmRecordSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  hospitalId: z.number().int(),
  /** The record's date (spec section 3), the office's local date, YYYY-MM-DD. */
  recordDate: z.string(),
  /** 1 active, 0 inactive (spec section 9 "Active status 1"). */
  status: z.number().int(),
  /** Social determinants of health: ICD-10-CM Z55-Z65 codes (set by `setsocialdeterminants`). */
  socialDeterminants: z.array(z.string()),
  /** Medical decision making level (set by `setcomplexdecisionmaking`); moderate or high qualifies complex CCM. */
  complexDecisionMaking: z.enum(['STRAIGHTFORWARD', 'LOW', 'MODERATE', 'HIGH']).nullable(),
  /** Functional status (set by `setfunctionalstatus`) and its notes. */
  functionalStatus: z.enum(['INDEPENDENT', 'NEEDS_SOME_HELP', 'NEEDS_MUCH_HELP', 'DEPENDENT']).nullable(),
  functionalStatusNotes: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CcmRecord = z.infer<typeof ccmRecordSchema>;

export const createCcmRecordBodySchema = z.object({
  patientId: idSchema,
  /** The office the record is kept in; the patient must be assigned to it. */
  hospitalId: idSchema,
  /** Defaults to today in the office's time zone; may not be later than that. */
  recordDate: calendarDateSchema.optional(),
});
export type CreateCcmRecordBody = z.infer<typeof createCcmRecordBodySchema>;

export const ccmPatientHeadersSchema = z.object({ patientid: idSchema });

// Allergies (ccmallergy) ----------------------------------------------------------------------

/**
 * Where the allergen's name comes from: RxNorm (a medication's RXCUI), SNOMED CT (a substance
 * concept id) or free text. Mirrors FHIR R4 AllergyIntolerance.code, a CodeableConcept whose text
 * is always kept.
 */
export const allergenCodeSystems = ['RXNORM', 'SNOMED', 'TEXT'] as const;
export type AllergenCodeSystem = (typeof allergenCodeSystems)[number];
/** FHIR R4 AllergyIntolerance.category. */
export const allergenCategories = ['MEDICATION', 'FOOD', 'ENVIRONMENT', 'BIOLOGIC'] as const;
/** FHIR R4 AllergyIntolerance.reaction.severity. */
export const allergySeverities = ['MILD', 'MODERATE', 'SEVERE'] as const;
/** FHIR R4 AllergyIntolerance.clinicalStatus. */
export const allergyStatuses = ['ACTIVE', 'INACTIVE', 'RESOLVED'] as const;

export const ALLERGEN_MAX = 200;
export const ALLERGY_REACTION_MAX = 200;
export const ALLERGY_NOTES_MAX = 1000;

/** RxNorm RXCUIs are up to 8 digits; SNOMED CT concept ids 6 to 18 digits. */
const codePatterns: Record<Exclude<AllergenCodeSystem, 'TEXT'>, RegExp> = { RXNORM: /^\d{1,8}$/, SNOMED: /^\d{6,18}$/ };

/** The allergy form's fields (create and update). */
export const ccmAllergyFieldsSchema = z.object({
  allergen: z.string().trim().min(1).max(ALLERGEN_MAX),
  allergenCodeSystem: z.enum(allergenCodeSystems),
  /** The RXCUI or SNOMED CT id; empty for free text. */
  allergenCode: z.string().trim().max(18).optional(),
  category: z.enum(allergenCategories),
  reaction: optionalText(ALLERGY_REACTION_MAX),
  severity: z.enum(allergySeverities).nullable().optional(),
  /** When the allergy began, YYYY-MM-DD; not later than today in the office's time zone (checked by the server). */
  onsetDate: calendarDateSchema.nullable().optional(),
  status: z.enum(allergyStatuses),
  notes: optionalText(ALLERGY_NOTES_MAX),
});
export type CcmAllergyFields = z.infer<typeof ccmAllergyFieldsSchema>;

/**
 * A coded allergen needs its code in the system's form (RxNorm 1-8 digits, SNOMED CT 6-18 digits);
 * a free-text allergen carries no code. Messages: "This field is required" / "This field needs
 * to be formatted" (spec section 5).
 */
export function refineAllergenCode(value: CcmAllergyFields, ctx: z.RefinementCtx): void {
  const code = value.allergenCode ?? '';
  if (value.allergenCodeSystem === 'TEXT') {
    if (code !== '') { ctx.addIssue({ code: 'custom', path: ['allergenCode'], message: 'regex' }); }
    return;
  }
  if (code === '') { ctx.addIssue({ code: 'custom', path: ['allergenCode'], message: 'required' }); }
  else if (!codePatterns[value.allergenCodeSystem].test(code)) { ctx.addIssue({ code: 'custom', path: ['allergenCode'], message: 'regex' }); }
}

/** An allergy as answered (the sub-record columns are added by `subRecordEndpoints`). */
export const ccmAllergyItemSchema = z.object({
  allergen: z.string(),
  allergenCodeSystem: z.enum(allergenCodeSystems),
  allergenCode: z.string(),
  category: z.enum(allergenCategories),
  reaction: z.string(),
  severity: z.enum(allergySeverities).nullable(),
  onsetDate: z.string().nullable(),
  status: z.enum(allergyStatuses),
  notes: z.string(),
});
