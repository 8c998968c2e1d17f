import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema, intTextSchema } from '../../common/ids';
import { sortQuery } from '../../common/sorting';
import { optionalText, requiredText } from '../../common/validation';

/**
 * Surveys and wellness assessments (portal-spec.md sections 3, 5, 7 "Surveys", 8, 9; docs/assessments.md).
 *
 * - A **template** (`surveytemplate`) belongs to an office, or to the system-wide library when its
 *   `hospitalId` is null. Validated instruments (PHQ-9, PHQ-2, GAD-7, AUDIT, AUDIT-C, MDQ) are
 *   library templates with `isLocked` true: their items, answer scores and LOINC codes are the
 *   published ones and cannot be edited (copy one to make an editable office template).
 * - A template has **questions** (`stquestion`), each answered one way (`answerType`, the
 *   SURVEY_ANSWER_TYPE domain; type 4, a score the system calculates, is not offered: spec section 5),
 *   and choice questions have **offered answers** (`stofferedanswer`) each with a score.
 * - Assigning a template to a patient creates a **survey recurrence** (the series, from a
 *   SURVEY_RECURRENCER_RULE value: an RFC 5545 RRULE evaluated in the office's time zone), whose
 *   children are **surveys**: one occurrence each, due at a local date and time. A survey is answered
 *   by staff (`PUT survey/{id}`) or by the patient or caregiver through a **survey link** (a signed,
 *   expiring, revocable link for that one survey, answered on a public page). Answers are kept as
 *   they are saved (partial); submitting completes the survey once and scores it (the schemas of
 *   assignments, occurrences, answers, reports and links: survey-occurrences.schemas.ts).
 * - Assigning a template to a **client monitoring plan** gives every patient assigned to that plan
 *   (now and later) their own recurrence; removing it stops them.
 */

// Limits ---------------------------------------------------------------------------------------

export const SURVEY_TEMPLATE_NAME_MAX = 150;
export const SURVEY_TEMPLATE_DESCRIPTION_MAX = 2000;
export const SURVEY_QUESTION_TEXT_MAX = 1000;
export const SURVEY_ANSWER_TEXT_MAX = 500;
export const SURVEY_FREE_TEXT_ANSWER_MAX = 4000;
/** Most questions a template holds, and offered answers a question holds. */
export const SURVEY_MAX_QUESTIONS = 200;
export const SURVEY_MAX_OFFERED_ANSWERS = 50;
/** An offered answer's score, and a number / scale answer, lie within these bounds. */
export const SURVEY_SCORE_MIN = -1000;
export const SURVEY_SCORE_MAX = 1000;
/** Most patients one `assignsurveytemplatetomultiplepatients` call assigns. */
export const SURVEY_ASSIGN_MAX_PATIENTS = 500;
/** A survey link's default and longest lifetime, in hours. */
export const SURVEY_LINK_DEFAULT_HOURS = 72;
export const SURVEY_LINK_MAX_HOURS = 14 * 24;
/** `getsurveysreportforpatient`: the default and largest number of occurrences per template. */
export const SURVEY_REPORT_DEFAULT_OCCURRENCES = 12;
export const SURVEY_REPORT_MAX_OCCURRENCES = 100;
/** `surveyrecurrence/getchilddata`: how many upcoming occurrences are computed beyond the created ones. */
export const SURVEY_UPCOMING_OCCURRENCES = 5;

// Reference values -----------------------------------------------------------------------------

/**
 * SURVEY_ANSWER_TYPE values (reference-data seed, lowValue): 1 single choice, 2 multiple choice,
 * 3 free text, 4 calculated score (set by the system, never offered: spec section 5), 5 number,
 * 6 rating scale, 7 yes / no, 8 date.
 */
export const SurveyAnswerType = {
  SINGLE_CHOICE: 1,
  MULTIPLE_CHOICE: 2,
  FREE_TEXT: 3,
  CALCULATED_SCORE: 4,
  NUMBER: 5,
  SCALE: 6,
  YES_NO: 7,
  DATE: 8,
} as const;
export type SurveyAnswerTypeId = (typeof SurveyAnswerType)[keyof typeof SurveyAnswerType];
/** The answer types a person may give a question (lowValue 4 is left out: spec section 5). */
export const offeredSurveyAnswerTypes = [1, 2, 3, 5, 6, 7, 8] as const;
/** Answer types answered by choosing offered answers (which carry the scores). */
export const choiceSurveyAnswerTypes = [1, 2, 7] as const;

/** A question's answer type as a form sends it: a number or its text, one of the offered types. */
export const surveyAnswerTypeSchema = intTextSchema(1, 8).refine((v) => (offeredSurveyAnswerTypes as readonly number[]).includes(v), {
  message: 'regex',
});

/** SURVEY_RECURRENCER_RULE lowValues (the highValue of each is its RFC 5545 RRULE). */
export const surveyRecurrenceRuleKeys = ['ONCE', 'DAILY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type SurveyRecurrenceRuleKey = (typeof surveyRecurrenceRuleKeys)[number];
export const surveyRecurrenceRuleSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(surveyRecurrenceRuleKeys));

/**
 * The validated instruments seeded in the library (MENTAL_HEALTH_CATEGORY lowValues), scored by the
 * server's scoring engine (docs/assessments.md).
 */
export const surveyInstrumentCodes = ['PHQ9', 'PHQ2', 'GAD7', 'AUDIT', 'AUDITC', 'MDQ'] as const;
export type SurveyInstrumentCode = (typeof surveyInstrumentCodes)[number];

/** A MENTAL_HEALTH_CATEGORY lowValue (any, including those without a seeded instrument). */
const categorySchema = z.string().trim().min(1).max(40);
/** A calendar date 'YYYY-MM-DD' (the office's local date). */
export const surveyLocalDateSchema = z.iso.date();
/** A local time of day 'HH:mm' (24-hour clock, the office's time zone). */
export const surveyLocalTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const textEsSchema = optionalText(SURVEY_QUESTION_TEXT_MAX);
const scoreSchema = z.number().int().min(SURVEY_SCORE_MIN).max(SURVEY_SCORE_MAX);

// Scoring --------------------------------------------------------------------------------------

/**
 * A score band of an instrument, with a severity every instrument shares so that lists can rank
 * patients across instruments: 0 none / minimal, 1 mild, 2 moderate (or a positive screen),
 * 3 moderately severe (or a positive screen that needs prompt review), 4 severe. A severity of 3 or
 * more alerts the care team (docs/assessments.md "Safety").
 */
export const surveyBandSchema = z.object({
  key: z.string(),
  label: z.string(),
  labelEs: z.string(),
  severity: z.number().int().min(0).max(4),
  /** The band's score range, inclusive (null for a band decided by several conditions, MDQ). */
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type SurveyBand = z.infer<typeof surveyBandSchema>;

/** One reason the scoring engine gives for its answer (in English and Spanish). */
export const surveyEvidenceSchema = z.object({ code: z.string(), text: z.string(), textEs: z.string() });
export type SurveyEvidence = z.infer<typeof surveyEvidenceSchema>;

/**
 * The score of a completed survey: the total (sum of the chosen answers' scores, or the
 * instrument's published total), the band (null for a template that is not a validated
 * instrument), whether a safety flag was raised (PHQ-9 item 9 above 0) and the evidence.
 */
export const surveyScoreSchema = z.object({
  total: z.number(),
  maxTotal: z.number().nullable(),
  band: surveyBandSchema.nullable(),
  /** Safety flags raised by the answers, e.g. 'PHQ9_ITEM9_POSITIVE'. */
  flags: z.array(z.string()),
  evidence: z.array(surveyEvidenceSchema),
});
export type SurveyScore = z.infer<typeof surveyScoreSchema>;

// Templates ------------------------------------------------------------------------------------

export const surveyOfferedAnswerSchema = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  text: z.string(),
  textEs: z.string(),
  score: z.number(),
  sortOrder: z.number().int(),
  /** The LOINC answer code (LA…) of a validated instrument's answer; null otherwise. */
  loincAnswerCode: z.string().nullable(),
});
export type SurveyOfferedAnswer = z.infer<typeof surveyOfferedAnswerSchema>;

export const surveyQuestionSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  text: z.string(),
  textEs: z.string(),
  answerType: z.number().int(),
  isRequired: z.boolean(),
  /** Number and rating-scale questions: the allowed range (a scale defaults to 0-10). */
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  sortOrder: z.number().int(),
  /** A validated instrument's item key ('PHQ9.9') and LOINC item code; null for office questions. */
  itemKey: z.string().nullable(),
  loincCode: z.string().nullable(),
  offeredAnswers: z.array(surveyOfferedAnswerSchema),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveyTemplateStatusSchema = z.enum(['active', 'inactive']);

/** A template without its questions (lists). `hospitalId` null: the system library. */
export const surveyTemplateSummarySchema = z.object({
  id: z.number().int(),
  hospitalId: z.number().int().nullable(),
  hospitalName: z.string().nullable(),
  name: z.string(),
  nameEs: z.string(),
  description: z.string(),
  /** A seeded instrument's instructions in its publisher's Spanish; null for other templates (docs/assessments.md "Spanish versions"). */
  descriptionEs: z.string().nullable(),
  /** A seeded instrument with no free Spanish version (MDQ): the Spanish interface shows it in English with a note. */
  englishOnly: z.boolean(),
  /** MENTAL_HEALTH_CATEGORY lowValue, or null. */
  category: z.string().nullable(),
  /** Set on the seeded validated instruments. */
  instrumentCode: z.enum(surveyInstrumentCodes).nullable(),
  /** The LOINC panel code of a validated instrument. */
  loincCode: z.string().nullable(),
  isLocked: z.boolean(),
  status: surveyTemplateStatusSchema,
  questionCount: z.number().int(),
  /** How many survey recurrences (patients' assignments) use it: a template in use cannot be deleted. */
  assignedCount: z.number().int(),
  /** The highest total a template can score (sum of each question's best answer), null without scores. */
  maxScore: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SurveyTemplateSummary = z.infer<typeof surveyTemplateSummarySchema>;

/**
 * What a seeded validated instrument carries beside its items (docs/assessments.md; null / false for
 * other templates): the reproduction line its terms require, in English and Spanish ("Reproduction
 * terms"); its instructions in Spanish (`descriptionEs`, the publisher's Spanish wording); the
 * published Spanish version its Spanish texts follow (`spanishSource`, a citation); and
 * `englishOnly` when no free Spanish version is published, so that the Spanish interface shows the
 * English items with a note instead of a translation of our own ("Spanish versions").
 */
export const surveyCopyrightFields = {
  copyright: z.string().nullable(),
  copyrightEs: z.string().nullable(),
  descriptionEs: z.string().nullable(),
  spanishSource: z.string().nullable(),
  englishOnly: z.boolean(),
};

/** A template with its questions and their offered answers, in order. `bands` lists a validated instrument's bands. */
export const surveyTemplateSchema = surveyTemplateSummarySchema.extend({
  questions: z.array(surveyQuestionSchema),
  bands: z.array(surveyBandSchema),
  ...surveyCopyrightFields,
});
export type SurveyTemplate = z.infer<typeof surveyTemplateSchema>;

/** `GET surveytemplate`: the office's templates and the library's (header hospitalid). */
export const surveyTemplatesForOfficeHeadersSchema = z.object({ hospitalid: idSchema });
export const surveyTemplatesForOfficeQuerySchema = z.object({
  /** 'false': the office's own templates only. Default: with the library. */
  includelibrary: z.enum(['true', 'false']).optional(),
  /** 'false': inactive templates too. Default: active only. */
  activeonly: z.enum(['true', 'false']).optional(),
});

/** `GET surveytemplate/getlistoftemplates`: a page of every template the caller sees. */
export const surveyTemplateSortFields = ['name', 'createdAt', 'updatedAt', 'category'] as const;
export const surveyTemplateListQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(surveyTemplateSortFields),
  /** One office's templates (404 when not in scope); 'library' the system library only. */
  hospitalid: z.union([idSchema, z.literal('library')]).optional(),
  category: categorySchema.optional(),
  status: surveyTemplateStatusSchema.optional(),
});
export const surveyTemplatePageSchema = pageOf(surveyTemplateSummarySchema);

/**
 * `POST surveytemplate`: a template of an office (`hospitalId`), or of the library (`hospitalId`
 * null: system admins only). `copyFromTemplateId` copies that template's questions and answers
 * (a locked instrument's copy is editable and no longer scored as the instrument).
 */
export const createSurveyTemplateBodySchema = z.object({
  hospitalId: bodyIdSchema.nullable(),
  name: requiredText(SURVEY_TEMPLATE_NAME_MAX),
  nameEs: optionalText(SURVEY_TEMPLATE_NAME_MAX),
  description: optionalText(SURVEY_TEMPLATE_DESCRIPTION_MAX),
  category: categorySchema.nullish(),
  copyFromTemplateId: bodyIdSchema.optional(),
});
export type CreateSurveyTemplateBody = z.input<typeof createSurveyTemplateBodySchema>;

/** `PUT surveytemplate/{id}`: the template's own fields (not a locked template's). */
export const updateSurveyTemplateBodySchema = z.object({
  name: requiredText(SURVEY_TEMPLATE_NAME_MAX),
  nameEs: optionalText(SURVEY_TEMPLATE_NAME_MAX),
  description: optionalText(SURVEY_TEMPLATE_DESCRIPTION_MAX),
  category: categorySchema.nullish(),
  status: surveyTemplateStatusSchema.optional(),
});
export type UpdateSurveyTemplateBody = z.input<typeof updateSurveyTemplateBodySchema>;

export const deletedSurveyTemplateSchema = z.object({ id: z.number().int() });

// Questions and offered answers ---------------------------------------------------------------

const questionFields = {
  text: requiredText(SURVEY_QUESTION_TEXT_MAX),
  textEs: textEsSchema,
  answerType: surveyAnswerTypeSchema,
  isRequired: z.boolean().default(true),
  minValue: scoreSchema.nullish(),
  maxValue: scoreSchema.nullish(),
};

/** Number and scale questions: `minValue` not above `maxValue` (400 'regex' on maxValue). */
function refineRange(value: { minValue?: number | null; maxValue?: number | null }, ctx: z.RefinementCtx) {
  if (value.minValue != null && value.maxValue != null && value.minValue > value.maxValue) {
    ctx.addIssue({ code: 'custom', path: ['maxValue'], message: 'regex' });
  }
}

/**
 * `POST stquestion`: a question appended to a template. A yes / no question gets the offered
 * answers "Yes" (score 1) and "No" (score 0); other choice questions get theirs from
 * `POST stofferedanswer`.
 */
export const createSurveyQuestionBodySchema = z.object({ templateId: bodyIdSchema, ...questionFields }).superRefine(refineRange);
export type CreateSurveyQuestionBody = z.input<typeof createSurveyQuestionBodySchema>;

/** `PUT stquestion/{id}`: the question's fields (its answer type may change only while it has no offered answers of another kind). */
export const updateSurveyQuestionBodySchema = z.object(questionFields).superRefine(refineRange);
export type UpdateSurveyQuestionBody = z.input<typeof updateSurveyQuestionBodySchema>;

/** `PUT stquestion/reorder`: every question of the template, in the new order (400 when the list is not exactly the template's questions). */
export const reorderSurveyQuestionsBodySchema = z.object({
  templateId: bodyIdSchema,
  questionIds: z.array(bodyIdSchema).min(1).max(SURVEY_MAX_QUESTIONS),
});
export type ReorderSurveyQuestionsBody = z.input<typeof reorderSurveyQuestionsBodySchema>;

const offeredAnswerFields = {
  text: requiredText(SURVEY_ANSWER_TEXT_MAX),
  textEs: optionalText(SURVEY_ANSWER_TEXT_MAX),
  score: scoreSchema.default(0),
};
/** `POST stofferedanswer`: an answer appended to a choice question (400 on a question that is not a choice). */
export const createSurveyOfferedAnswerBodySchema = z.object({ questionId: bodyIdSchema, ...offeredAnswerFields });
export type CreateSurveyOfferedAnswerBody = z.input<typeof createSurveyOfferedAnswerBodySchema>;
export const updateSurveyOfferedAnswerBodySchema = z.object(offeredAnswerFields);
export type UpdateSurveyOfferedAnswerBody = z.input<typeof updateSurveyOfferedAnswerBodySchema>;
/** `PUT stofferedanswer/reorder`: every offered answer of the question, in the new order. */
export const reorderSurveyOfferedAnswersBodySchema = z.object({
  questionId: bodyIdSchema,
  offeredAnswerIds: z.array(bodyIdSchema).min(1).max(SURVEY_MAX_OFFERED_ANSWERS),
});
export type ReorderSurveyOfferedAnswersBody = z.input<typeof reorderSurveyOfferedAnswersBodySchema>;

export const deletedSurveyQuestionSchema = z.object({ id: z.number().int(), templateId: z.number().int() });
export const deletedSurveyOfferedAnswerSchema = z.object({ id: z.number().int(), questionId: z.number().int() });
