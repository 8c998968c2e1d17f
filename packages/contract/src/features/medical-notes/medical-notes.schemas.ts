import { z } from 'zod';
import { bodyIdSchema, idSchema, intTextSchema } from '../../common/ids';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { optionalText, requiredText } from '../../common/validation';
import {
  careProgramSchema,
  careUserRefSchema,
  medicalNoteTextSchema,
  monthHeaderSchema,
  timeEntryActivitySchema,
  timeEntrySchema,
  yearHeaderSchema,
} from '../time-tracking/time-tracking.schemas';

/**
 * Medical notes and their category templates (portal-spec.md section 3 "Medical note", section 5
 * "Deleting a medical note is refused when the user is not authorised or the category template is
 * in use", section 8 "No medical note for the patient for the month {month} and year {year}!").
 *
 * A medical note is one per patient, office, calendar month and year; its text lives in details
 * ("additional details"), each written by one author for one program, optionally from a category
 * template of the office, and optionally documenting one time entry (a stopped timer or a manual
 * entry with custom seconds).
 */

export const CATEGORY_TEMPLATE_TITLE_MAX = 100;
export const CATEGORY_TEMPLATE_TYPE_MAX = 50;
export const CATEGORY_TEMPLATE_BODY_MAX = 4000;
/** Most templates a list returns. */
export const CATEGORY_TEMPLATES_LIMIT = 500;
/** Most monthly notes the patient's list returns (ten years). */
export const PATIENT_MEDICAL_NOTES_LIMIT = 120;

/** The time entry a detail documents. */
export const linkedTimeEntrySchema = z.object({
  id: z.number().int(),
  seconds: z.number().int().nullable(),
  isAutomatic: z.boolean(),
  interactive: z.boolean(),
  program: careProgramSchema,
  startedAt: z.string(),
});

export const medicalNoteDetailSchema = z.object({
  id: z.number().int(),
  medicalNoteId: z.number().int(),
  text: z.string(),
  program: careProgramSchema,
  categoryTemplateId: z.number().int().nullable(),
  categoryTemplateTitle: z.string().nullable(),
  author: careUserRefSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  timeEntry: linkedTimeEntrySchema.nullable(),
});
export type MedicalNoteDetail = z.infer<typeof medicalNoteDetailSchema>;

/** A patient's note for one office and month with its details, oldest detail first. */
export const medicalNoteSchema = z.object({
  medicalNoteId: z.number().int(),
  patientId: z.number().int(),
  hospitalId: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  medicalNoteDetails: z.array(medicalNoteDetailSchema),
});
export type MedicalNote = z.infer<typeof medicalNoteSchema>;

export const medicalNoteWithPatientSchema = medicalNoteSchema.extend({ patient: careUserRefSchema });
export type MedicalNoteWithPatient = z.infer<typeof medicalNoteWithPatientSchema>;

export const medicalNotePatientHeadersSchema = z.object({ patientid: idSchema, hospitalid: idSchema });
export const medicalNoteMonthHeadersSchema = medicalNotePatientHeadersSchema.extend({ month: monthHeaderSchema, year: yearHeaderSchema });
export const medicalNoteHospitalHeadersSchema = z.object({ hospitalid: idSchema, bymonth: monthHeaderSchema, byyear: yearHeaderSchema });

export const medicalNoteSortKeys = ['patientName', '-patientName', 'createdAt', '-createdAt'] as const;
export const medicalNotePageQuerySchema = pageQuerySchema.extend({ sort: z.enum(medicalNoteSortKeys).optional() });
export type MedicalNotePageQuery = z.infer<typeof medicalNotePageQuerySchema>;
export const medicalNotePageSchema = pageOf(medicalNoteWithPatientSchema);
export type MedicalNotePage = z.infer<typeof medicalNotePageSchema>;

const detailFields = {
  text: medicalNoteTextSchema,
  program: careProgramSchema.default('RPM'),
  /** An active category template of the note's office. */
  categoryTemplateId: bodyIdSchema.nullable().optional(),
};

/** `POST medicalnote`: adds a detail to the patient's note of the month (the note is created when missing). */
export const createMedicalNoteBodySchema = z.object({
  patientId: bodyIdSchema,
  hospitalId: bodyIdSchema,
  month: intTextSchema(1, 12),
  year: intTextSchema(2000, 2100),
  ...detailFields,
});
export type CreateMedicalNoteBody = z.infer<typeof createMedicalNoteBodySchema>;

/** A calendar date 'YYYY-MM-DD' (the office's local date). */
export const localDateSchema = z.iso.date();
/** A local time 'HH:mm' on the 24-hour clock. */
export const localTimeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * `POST medicalnote/medicalnotewithcustomseconds`: a detail in the note of `date`'s month and a
 * manual time entry of `seconds` (1..7200; more answers "Time cannot exceed 2 hours") on `date`
 * at `time` (office time; default: ending now for today, else 12:00). Not in the future.
 */
export const createMedicalNoteWithCustomSecondsBodySchema = z.object({
  patientId: bodyIdSchema,
  hospitalId: bodyIdSchema,
  ...detailFields,
  seconds: z.number().int().min(1),
  interactive: z.boolean().default(false),
  activity: timeEntryActivitySchema,
  date: localDateSchema,
  time: localTimeSchema.optional(),
});
export type CreateMedicalNoteWithCustomSecondsBody = z.infer<typeof createMedicalNoteWithCustomSecondsBodySchema>;

export const medicalNoteWithTimeEntrySchema = z.object({ medicalNote: medicalNoteSchema, timeEntry: timeEntrySchema });
export type MedicalNoteWithTimeEntry = z.infer<typeof medicalNoteWithTimeEntrySchema>;

/** `PUT medicalnote/addadditionalmedicalnotedetail/{medicalNoteId}`. */
export const addMedicalNoteDetailBodySchema = z.object(detailFields);
export type AddMedicalNoteDetailBody = z.infer<typeof addMedicalNoteDetailBodySchema>;

/** `PUT medicalnotedetail/{id}`: text, and optionally program and template (null removes it). */
export const updateMedicalNoteDetailBodySchema = z.object({
  text: medicalNoteTextSchema,
  program: careProgramSchema.optional(),
  categoryTemplateId: bodyIdSchema.nullable().optional(),
});
export type UpdateMedicalNoteDetailBody = z.infer<typeof updateMedicalNoteDetailBodySchema>;

export const deletedMedicalNoteSchema = z.object({ medicalNoteId: z.number().int(), deletedTimeEntryIds: z.array(z.number().int()) });
export type DeletedMedicalNote = z.infer<typeof deletedMedicalNoteSchema>;

/** A removed detail; the month's note goes with its last detail (`medicalNoteDeleted`). */
export const deletedMedicalNoteDetailSchema = z.object({
  id: z.number().int(),
  medicalNoteId: z.number().int(),
  medicalNoteDeleted: z.boolean(),
  deletedTimeEntryId: z.number().int().nullable(),
});
export type DeletedMedicalNoteDetail = z.infer<typeof deletedMedicalNoteDetailSchema>;

// Category templates ------------------------------------------------------------------------------

export const CategoryTemplateStatus = { INACTIVE: 0, ACTIVE: 1 } as const;

/** An office's category template; `inUse` = a note detail uses it (then it cannot be deleted, only deactivated). */
export const medicalNoteCategoryTemplateSchema = z.object({
  id: z.number().int(),
  hospitalId: z.number().int(),
  title: z.string(),
  titleEsp: z.string(),
  categoryType: z.string(),
  program: careProgramSchema,
  bodyTemplate: z.string(),
  status: z.number().int(),
  inUse: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type MedicalNoteCategoryTemplate = z.infer<typeof medicalNoteCategoryTemplateSchema>;

const templateFields = {
  title: requiredText(CATEGORY_TEMPLATE_TITLE_MAX),
  titleEsp: optionalText(CATEGORY_TEMPLATE_TITLE_MAX),
  /** A MEDICAL_NOTE_CATEGORY_TYPE reference value (lowValue), free text here. */
  categoryType: optionalText(CATEGORY_TEMPLATE_TYPE_MAX),
  program: careProgramSchema.default('RPM'),
  bodyTemplate: optionalText(CATEGORY_TEMPLATE_BODY_MAX),
};

export const createCategoryTemplateBodySchema = z.object({ hospitalId: bodyIdSchema, ...templateFields });
export type CreateCategoryTemplateBody = z.infer<typeof createCategoryTemplateBodySchema>;

export const updateCategoryTemplateBodySchema = z.object(templateFields);
export type UpdateCategoryTemplateBody = z.infer<typeof updateCategoryTemplateBodySchema>;

export const changeCategoryTemplateStatusBodySchema = z.object({
  status: z.union([z.literal(CategoryTemplateStatus.INACTIVE), z.literal(CategoryTemplateStatus.ACTIVE)]),
});

export const categoryTemplateListQuerySchema = z.object({
  status: intTextSchema(0, 1).optional(),
});

export const copyCategoryTemplatesBodySchema = z.object({ fromHospitalId: bodyIdSchema, toHospitalId: bodyIdSchema });
export type CopyCategoryTemplatesBody = z.infer<typeof copyCategoryTemplatesBodySchema>;

/** What a copy did: the templates created in the target office, and the source titles skipped because the target has them. */
export const copiedCategoryTemplatesSchema = z.object({
  copied: z.array(medicalNoteCategoryTemplateSchema),
  skippedTitles: z.array(z.string()),
});
export type CopiedCategoryTemplates = z.infer<typeof copiedCategoryTemplatesSchema>;

export const deletedCategoryTemplateSchema = z.object({ id: z.number().int() });
