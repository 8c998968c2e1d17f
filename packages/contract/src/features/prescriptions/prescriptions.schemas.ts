import { z } from 'zod';
import { bodyIdSchema, idSchema, intTextSchema } from '../../common/ids';
import { optionalText } from '../../common/validation';
import { sortQuery } from '../../common/sorting';

/**
 * Prescriptions and the drug-product search (portal-spec.md section 7 "Diagnosis and
 * prescriptions", section 5 "A medication form needs all fields plus a selected prescription",
 * section 9 "Medication frequencies"; docs/prescriptions.md).
 */

/** A calendar date 'YYYY-MM-DD'. */
const calendarDateSchema = z.iso.date();

/** Spec section 9 "Medication frequencies: one, two, three, four times per day; weekly; monthly". */
export const medicationFrequencies = ['ONCE_DAILY', 'TWICE_DAILY', 'THREE_TIMES_DAILY', 'FOUR_TIMES_DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type MedicationFrequency = (typeof medicationFrequencies)[number];

/**
 * A prescription's status, after FHIR R4 MedicationRequest.status (active, on-hold, completed,
 * stopped). Only ACTIVE ones make the active medication list and the duplicate warning.
 */
export const prescriptionStatuses = ['ACTIVE', 'ON_HOLD', 'COMPLETED', 'STOPPED'] as const;
export type PrescriptionStatus = (typeof prescriptionStatuses)[number];

export const PRESCRIPTION_DOSE_MAX = 100;
export const PRESCRIPTION_ROUTE_MAX = 100;
export const PRESCRIPTION_INSTRUCTIONS_MAX = 500;

/**
 * The medication form's fields (create and update). Every field is required, with a selected drug
 * product (spec section 5), except the end date: an ongoing chronic medication has none
 * (docs/prescriptions.md "End date"), and the instructions.
 */
export const prescriptionFieldsSchema = z.object({
  /** The selected drug product (`drug_product_id` of a `patientprescription/fdasearch` result). */
  drugProductId: bodyIdSchema,
  /** The dose per administration as written, e.g. "500 mg", "1 tablet", "10 units". */
  dose: z.string().trim().min(1).max(PRESCRIPTION_DOSE_MAX),
  frequency: z.enum(medicationFrequencies),
  /** One of the product's routes (checked by the server), e.g. "ORAL". */
  route: z.string().trim().min(1).max(PRESCRIPTION_ROUTE_MAX),
  startDate: calendarDateSchema,
  /** Not before the start date; null or absent: ongoing. */
  endDate: calendarDateSchema.nullable().optional(),
  /** A doctor of the patient's office. */
  prescriberId: bodyIdSchema,
  status: z.enum(prescriptionStatuses),
  instructions: optionalText(PRESCRIPTION_INSTRUCTIONS_MAX),
});
export type PrescriptionFields = z.infer<typeof prescriptionFieldsSchema>;

/** The end date may not be before the start date: "The end date cannot be before the start date" on endDate. */
export function refinePrescriptionDates(value: { startDate?: string; endDate?: string | null }, ctx: z.RefinementCtx): void {
  if (value.startDate && value.endDate && value.endDate < value.startDate) { ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endBeforeStart' }); }
}

export const prescriptionUpdateBodySchema = prescriptionFieldsSchema.superRefine(refinePrescriptionDates);
export type PrescriptionUpdateBody = z.infer<typeof prescriptionUpdateBodySchema>;

export const prescriptionCreateBodySchema = prescriptionFieldsSchema
  .extend({
    patientId: bodyIdSchema,
    /** The office the prescription is kept in; default the patient's first office in the caller's scope. */
    hospitalId: bodyIdSchema.optional(),
  })
  .superRefine(refinePrescriptionDates);
export type PrescriptionCreateBody = z.infer<typeof prescriptionCreateBodySchema>;

/** One active ingredient as openFDA's NDC endpoint gives it: a name and a strength such as "500 mg/1". */
export const activeIngredientSchema = z.object({ name: z.string(), strength: z.string() });
export type ActiveIngredient = z.infer<typeof activeIngredientSchema>;

/** The other active prescriptions of the patient that share an ingredient with this one. */
export const duplicateWarningSchema = z.object({
  /** The shared ingredients (active moieties, lower case, e.g. "metformin"). */
  ingredients: z.array(z.string()),
  prescriptions: z.array(z.object({ id: z.number().int(), medicationName: z.string() })),
});
export type DuplicateWarning = z.infer<typeof duplicateWarningSchema>;

/** A prescription as answered. */
export const prescriptionSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  hospitalId: z.number().int(),
  /** Null for an imported medication whose RxNorm code matches no loaded product (kept with its text). */
  drugProductId: z.number().int().nullable(),
  /** What the list shows: the product's brand and generic name with strength and form, or the imported text. */
  medicationName: z.string(),
  /** The product's NDC (labeler-product, e.g. "0002-1407"), '' when unknown. */
  productNdc: z.string(),
  /** RxNorm RxCUI of the medication when known, else ''. */
  rxcui: z.string(),
  activeIngredients: z.array(activeIngredientSchema),
  dose: z.string(),
  frequency: z.enum(medicationFrequencies).nullable(),
  route: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  prescriberId: z.number().int().nullable(),
  prescriberName: z.string(),
  status: z.enum(prescriptionStatuses),
  instructions: z.string(),
  /** 'manual' (entered in Vigil) or 'fhir' (imported MedicationRequest). */
  source: z.string(),
  /** On an active prescription: the other active ones of the same ingredient, else null. */
  duplicateWarning: duplicateWarningSchema.nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const prescriptionSortFields = ['startDate', 'medicationName', 'status'] as const;

export const prescriptionListHeadersSchema = z.object({ patientid: idSchema });
export const prescriptionListQuerySchema = z.object({
  /** 'active' (default): ACTIVE only; 'all': every status. */
  filter: z.enum(['active', 'all']).default('active'),
  page: intTextSchema(1, 100_000).default(1),
  pageSize: intTextSchema(1, 200).default(50),
  sort: sortQuery(prescriptionSortFields),
});
export type PrescriptionListQuery = z.infer<typeof prescriptionListQuerySchema>;

// Drug search (openFDA's NDC result shape) -----------------------------------------------------

export const DRUG_SEARCH_MAX = 100;
export const DRUG_SEARCH_LIMIT_MAX = 50;

/** `POST patientprescription/fdasearch`: brand name, generic name, ingredient or NDC, paged like openFDA (skip, limit). */
export const drugSearchBodySchema = z.object({
  search: z.string().trim().min(1).max(DRUG_SEARCH_MAX),
  skip: z.number().int().min(0).max(1000).default(0),
  limit: z.number().int().min(1).max(DRUG_SEARCH_LIMIT_MAX).default(10),
});
export type DrugSearchBody = z.infer<typeof drugSearchBodySchema>;

/**
 * A drug product in the shape of openFDA's NDC endpoint (https://open.fda.gov/apis/drug/ndc/,
 * "searchable fields"), plus `drug_product_id`, the id a prescription names. Dates are openFDA's
 * 'YYYYMMDD' text.
 */
export const drugProductResultSchema = z.object({
  drug_product_id: z.number().int(),
  product_id: z.string(),
  product_ndc: z.string(),
  brand_name: z.string(),
  brand_name_base: z.string(),
  brand_name_suffix: z.string(),
  generic_name: z.string(),
  labeler_name: z.string(),
  active_ingredients: z.array(activeIngredientSchema),
  dosage_form: z.string(),
  route: z.array(z.string()),
  product_type: z.string(),
  marketing_category: z.string(),
  application_number: z.string(),
  marketing_start_date: z.string(),
  marketing_end_date: z.string(),
  pharm_class: z.array(z.string()),
  dea_schedule: z.string(),
  finished: z.boolean(),
  openfda: z.object({ rxcui: z.array(z.string()) }),
});
export type DrugProductResult = z.infer<typeof drugProductResultSchema>;

export const drugSearchResponseSchema = z.object({
  meta: z.object({
    disclaimer: z.string(),
    last_updated: z.string(),
    results: z.object({ skip: z.number().int(), limit: z.number().int(), total: z.number().int() }),
  }),
  results: z.array(drugProductResultSchema),
});
export type DrugSearchResponse = z.infer<typeof drugSearchResponseSchema>;

// Drug-product import (system admin) -----------------------------------------------------------

/** Largest product.txt accepted (the full FDA NDC Directory file is about 60 MB). */
export const DRUG_IMPORT_MAX_BYTES = 200 * 1024 * 1024;

export const drugImportProblemSchema = z.object({
  /** 1-based line of the file. */
  line: z.number().int(),
  productId: z.string(),
  /** 'error': the row was not loaded; 'warning': loaded, with what was left out said here. */
  level: z.enum(['error', 'warning']),
  reason: z.string(),
});
export type DrugImportProblem = z.infer<typeof drugImportProblemSchema>;

export const drugImportRunSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** 'finished' (product.txt) or 'unfinished' (unfinished_product.txt), once the header is read. */
  fileKind: z.string(),
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  loaded: z.number().int(),
  rejected: z.number().int(),
  warnings: z.number().int(),
  /** The first problems found (at most 200); counts above are complete. */
  problems: z.array(drugImportProblemSchema),
  error: z.string().nullable(),
  startedBy: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DrugImportRun = z.infer<typeof drugImportRunSchema>;
