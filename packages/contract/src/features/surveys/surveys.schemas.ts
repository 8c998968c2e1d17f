import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idListTextSchema, idSchema, intTextSchema } from '../../common/ids';
import { sortQuery } from '../../common/sorting';
import { optionalText, requiredText } from '../../common/validation';
import { userSchema, userPatientListQuerySchema } from '../users/users.schemas';

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
 *   they are saved (partial); submitting completes the survey once and scores it.
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
const localDateSchema = z.iso.date();
/** A local time of day 'HH:mm' (24-hour clock, the office's time zone). */
const localTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
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
 * The reproduction line a validated instrument's terms require beside its items (English and
 * Spanish; null for other templates): shown under the questionnaire (docs/assessments.md
 * "Reproduction terms").
 */
export const surveyCopyrightFields = { copyright: z.string().nullable(), copyrightEs: z.string().nullable() };

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

// Assignments and recurrences -----------------------------------------------------------------

/**
 * How a template is assigned: the recurrence (a SURVEY_RECURRENCER_RULE lowValue), the first
 * local date (default: the office's today), an optional last date, and the local time of day the
 * survey is due (default 09:00), all in the office's time zone.
 */
const scheduleFields = {
  templateId: bodyIdSchema,
  recurrenceRule: surveyRecurrenceRuleSchema,
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.nullish(),
  dueTime: localTimeSchema.default('09:00'),
};
function refineSchedule(value: { startDate?: string; endDate?: string | null }, ctx: z.RefinementCtx) {
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'regex' });
  }
}

/** `POST survey/assignsurveytemplatetopatient`. */
export const assignSurveyToPatientBodySchema = z.object({ ...scheduleFields, patientId: bodyIdSchema }).superRefine(refineSchedule);
export type AssignSurveyToPatientBody = z.input<typeof assignSurveyToPatientBodySchema>;

/** `POST survey/assignsurveytemplatetomultiplepatients`: the patients in header `patientsidslist` ("1,2,3"). */
export const assignSurveyToPatientsHeadersSchema = z.object({ patientsidslist: idListTextSchema });
export const assignSurveyToPatientsBodySchema = z.object(scheduleFields).superRefine(refineSchedule);
export type AssignSurveyToPatientsBody = z.input<typeof assignSurveyToPatientsBodySchema>;

/** `POST survey/assignsurveytemplatetoclientmonitoringplan`: every patient of the plan, now and later. */
export const assignSurveyToPlanBodySchema = z.object({ ...scheduleFields, treatmentPlanId: bodyIdSchema }).superRefine(refineSchedule);
export type AssignSurveyToPlanBody = z.input<typeof assignSurveyToPlanBodySchema>;

/** `DELETE survey/deassignsurveyfromclientmonitoringplan`: header surveyid, the plan assignment's id. */
export const deassignSurveyFromPlanHeadersSchema = z.object({ surveyid: idSchema });

export const surveyRecurrenceStatusSchema = z.enum(['active', 'ended', 'stopped']);

/** A survey recurrence: one template assigned to one patient on a schedule. */
export const surveyRecurrenceSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  templateName: z.string(),
  templateNameEs: z.string(),
  instrumentCode: z.enum(surveyInstrumentCodes).nullable(),
  patientId: z.number().int(),
  patientName: z.string(),
  hospitalId: z.number().int(),
  recurrenceRule: z.enum(surveyRecurrenceRuleKeys),
  /** The RFC 5545 RRULE the rule stands for, e.g. 'FREQ=MONTHLY'. */
  rrule: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  dueTime: z.string(),
  timeZone: z.string(),
  status: surveyRecurrenceStatusSchema,
  /** Set when the recurrence comes from a client monitoring plan assignment. */
  planAssignmentId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  /** The next due instant not yet created (ISO 8601), null when the series has ended. */
  nextDueAt: z.string().nullable(),
});
export type SurveyRecurrence = z.infer<typeof surveyRecurrenceSchema>;

/** `assignsurveytemplatetomultiplepatients`: the recurrences created, one per patient. */
export const assignedSurveysSchema = z.object({ recurrences: z.array(surveyRecurrenceSchema) });

/** A template assigned to a client monitoring plan. */
export const surveyPlanAssignmentSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  templateName: z.string(),
  treatmentPlanId: z.number().int(),
  treatmentPlanTitle: z.string(),
  hospitalId: z.number().int(),
  recurrenceRule: z.enum(surveyRecurrenceRuleKeys),
  rrule: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  dueTime: z.string(),
  /** Patients of the plan that have a recurrence from this assignment. */
  patientCount: z.number().int(),
  createdAt: z.string(),
});
export type SurveyPlanAssignment = z.infer<typeof surveyPlanAssignmentSchema>;

/** `GET survey/getclientmonitoringplanassignments` (chosen): header hospitalid, optional treatmentplanid. */
export const surveyPlanAssignmentsHeadersSchema = z.object({ hospitalid: idSchema, treatmentplanid: idSchema.optional() });

/** Header `patientid` of the per-patient reads. */
export const surveyPatientHeadersSchema = z.object({ patientid: idSchema });
/** Header `surveyrecurrenceid` of `surveyrecurrence/getchilddata`. */
export const surveyRecurrenceHeadersSchema = z.object({ surveyrecurrenceid: idSchema });

// Surveys (occurrences) and answers -----------------------------------------------------------

/**
 * A survey's state: `assigned` (created, nothing saved), `inProgress` (some answers saved),
 * `completed` (submitted once and scored), `cancelled` (removed by staff or its recurrence stopped).
 */
export const surveyStatusSchema = z.enum(['assigned', 'inProgress', 'completed', 'cancelled']);
export type SurveyStatus = z.infer<typeof surveyStatusSchema>;

/** Who entered a survey's answers: staff in the portal, or the patient / caregiver through a link. */
export const surveyAnsweredViaSchema = z.enum(['staff', 'link']);

/** One saved answer. Choice questions carry the chosen offered answers; the text and score are kept as they were when answered. */
export const surveyAnswerSchema = z.object({
  questionId: z.number().int().nullable(),
  questionText: z.string(),
  offeredAnswerIds: z.array(z.number().int()),
  answerText: z.string().nullable(),
  valueNumber: z.number().nullable(),
  valueDate: z.string().nullable(),
  score: z.number().nullable(),
  answeredAt: z.string(),
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;

/** A survey without its questions (lists). Times are ISO 8601; `dueDate` the office's local date. */
export const surveySummarySchema = z.object({
  id: z.number().int(),
  surveyRecurrenceId: z.number().int(),
  templateId: z.number().int(),
  templateName: z.string(),
  templateNameEs: z.string(),
  instrumentCode: z.enum(surveyInstrumentCodes).nullable(),
  patientId: z.number().int(),
  patientName: z.string(),
  hospitalId: z.number().int(),
  dueAt: z.string(),
  dueDate: z.string(),
  status: surveyStatusSchema,
  answeredCount: z.number().int(),
  questionCount: z.number().int(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  answeredVia: surveyAnsweredViaSchema.nullable(),
  score: surveyScoreSchema.nullable(),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;

/** `GET survey/{id}`: the survey, its template's questions and the answers saved so far. */
export const surveySchema = surveySummarySchema.extend({
  questions: z.array(surveyQuestionSchema),
  answers: z.array(surveyAnswerSchema),
  completedBy: z.number().int().nullable(),
  ...surveyCopyrightFields,
});
export type Survey = z.infer<typeof surveySchema>;

/**
 * One answer as sent: the question and, by its type, the chosen offered answers (single choice and
 * yes / no: exactly one; multiple choice: one or more), a text (free text), a number (number,
 * scale) or a date. `clear: true` removes a saved answer. Checked against the question by the server
 * (400 'regex' on `answers.N`).
 */
export const surveyAnswerInputSchema = z.object({
  questionId: bodyIdSchema,
  offeredAnswerIds: z.array(bodyIdSchema).max(SURVEY_MAX_OFFERED_ANSWERS).optional(),
  valueText: z.string().trim().max(SURVEY_FREE_TEXT_ANSWER_MAX).optional(),
  valueNumber: z.number().min(SURVEY_SCORE_MIN).max(SURVEY_SCORE_MAX).optional(),
  valueDate: localDateSchema.optional(),
  clear: z.boolean().optional(),
});
export type SurveyAnswerInput = z.input<typeof surveyAnswerInputSchema>;

/**
 * `PUT survey/{id}` (staff) and the public link's save / submit: answers to save (partial answers are
 * kept) and whether to submit. Submitting needs every required question answered (400
 * `surveyIncomplete` naming the missing ones in `errors`); a submitted survey cannot change (409
 * `surveyAlreadySubmitted`).
 */
export const saveSurveyAnswersBodySchema = z.object({
  answers: z.array(surveyAnswerInputSchema).max(SURVEY_MAX_QUESTIONS).default([]),
  submit: z.boolean().default(false),
});
export type SaveSurveyAnswersBody = z.input<typeof saveSurveyAnswersBodySchema>;

export const deletedSurveySchema = z.object({ id: z.number().int(), status: surveyStatusSchema });

/** `GET surveyrecurrence/getchilddata`: the recurrence and its occurrences, created ones (newest first) then the next upcoming ones. */
export const surveyOccurrenceSchema = z.object({
  /** null for an upcoming occurrence not created yet. */
  surveyId: z.number().int().nullable(),
  dueAt: z.string(),
  dueDate: z.string(),
  status: z.union([surveyStatusSchema, z.literal('upcoming')]),
  completedAt: z.string().nullable(),
  score: surveyScoreSchema.nullable(),
});
export type SurveyOccurrence = z.infer<typeof surveyOccurrenceSchema>;
export const surveyRecurrenceChildDataSchema = z.object({
  recurrence: surveyRecurrenceSchema,
  occurrences: z.array(surveyOccurrenceSchema),
});
export type SurveyRecurrenceChildData = z.infer<typeof surveyRecurrenceChildDataSchema>;

// Report (score trend) ------------------------------------------------------------------------

/**
 * `GET survey/getsurveysreportforpatient`: header or query patientid, filtercase (a FILTER_TYPES
 * lowValue: TODAY, YESTERDAY, WEEK, MONTH, THREE_MONTHS, SIX_MONTHS, YEAR, ALL; default ALL) and
 * limitforoccurrences (the most recent completed surveys per template, default 12, at most 100).
 */
export const surveyFilterCases = ['TODAY', 'YESTERDAY', 'WEEK', 'MONTH', 'THREE_MONTHS', 'SIX_MONTHS', 'YEAR', 'ALL'] as const;
export const surveyReportHeadersSchema = z.object({
  patientid: idSchema,
  filtercase: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(surveyFilterCases))
    .optional(),
  limitforoccurrences: intTextSchema(1, SURVEY_REPORT_MAX_OCCURRENCES).optional(),
});

export const surveyReportPointSchema = z.object({
  surveyId: z.number().int(),
  completedAt: z.string(),
  /** The office's local date of completion. */
  completedDate: z.string(),
  total: z.number(),
  band: surveyBandSchema.nullable(),
  flags: z.array(z.string()),
});
export type SurveyReportPoint = z.infer<typeof surveyReportPointSchema>;

/** One template's completed scores, oldest first, for a trend chart; `bands` draws the instrument's band edges. */
export const surveyReportSeriesSchema = z.object({
  templateId: z.number().int(),
  templateName: z.string(),
  templateNameEs: z.string(),
  instrumentCode: z.enum(surveyInstrumentCodes).nullable(),
  loincCode: z.string().nullable(),
  maxScore: z.number().nullable(),
  bands: z.array(surveyBandSchema),
  points: z.array(surveyReportPointSchema),
});
export type SurveyReportSeries = z.infer<typeof surveyReportSeriesSchema>;
export const surveyReportSchema = z.object({ patientId: z.number().int(), series: z.array(surveyReportSeriesSchema) });
export type SurveyReport = z.infer<typeof surveyReportSchema>;

// Mental-health list --------------------------------------------------------------------------

/** A patient's latest completed validated instrument (one per instrument). */
export const latestAssessmentSchema = z.object({
  surveyId: z.number().int(),
  templateId: z.number().int(),
  templateName: z.string(),
  templateNameEs: z.string(),
  instrumentCode: z.enum(surveyInstrumentCodes).nullable(),
  completedAt: z.string(),
  total: z.number(),
  band: surveyBandSchema.nullable(),
  flags: z.array(z.string()),
});
export type LatestAssessment = z.infer<typeof latestAssessmentSchema>;

/**
 * `GET user/getrelatedpatientswithmentalhealth` (header hospitalid): a page of the office's
 * patients ranked by their latest risk (default sort `-risk`: the highest severity of their latest
 * completed instruments, then a safety flag, then the most recent), each with those latest results
 * and the number of surveys open. Patients without results come last.
 */
export const patientWithMentalHealthSchema = userSchema.extend({
  /** The highest severity (0-4) among the latest results; null without any. */
  latestRisk: z.number().int().nullable(),
  hasSafetyFlag: z.boolean(),
  lastAssessedAt: z.string().nullable(),
  openSurveys: z.number().int(),
  mentalHealthAssessments: z.array(latestAssessmentSchema),
});
export type PatientWithMentalHealth = z.infer<typeof patientWithMentalHealthSchema>;
export const mentalHealthListSortFields = ['risk', 'lastAssessedAt', 'lastName'] as const;
export const mentalHealthListQuerySchema = userPatientListQuerySchema.extend({
  sort: sortQuery(mentalHealthListSortFields),
  /** Only patients whose latest risk is at least this severity (0-4). */
  minrisk: intTextSchema(0, 4).optional(),
});
export const mentalHealthPageSchema = pageOf(patientWithMentalHealthSchema);

// Survey links (public answering) -------------------------------------------------------------

/** The token of a survey link as the public page sends it (header `surveytoken`): base64url text. */
export const surveyLinkTokenSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);
export const surveyLinkTokenHeadersSchema = z.object({ surveytoken: surveyLinkTokenSchema });

/** `POST surveylink`: a link for one survey (not completed or cancelled), valid for `expiresInHours` (default 72, at most 336). */
export const createSurveyLinkBodySchema = z.object({
  surveyId: bodyIdSchema,
  expiresInHours: z.number().int().min(1).max(SURVEY_LINK_MAX_HOURS).default(SURVEY_LINK_DEFAULT_HOURS),
  /** The language of the public page (default: the patient's). */
  lang: z.enum(['en', 'es']).optional(),
});
export type CreateSurveyLinkBody = z.input<typeof createSurveyLinkBodySchema>;

export const surveyLinkStatusSchema = z.enum(['active', 'expired', 'revoked', 'used']);
/** A link as staff see it (never its token). */
export const surveyLinkSchema = z.object({
  id: z.number().int(),
  surveyId: z.number().int(),
  patientId: z.number().int(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: surveyLinkStatusSchema,
  lang: z.enum(['en', 'es']),
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  accessCount: z.number().int(),
  lastAccessedAt: z.string().nullable(),
});
export type SurveyLink = z.infer<typeof surveyLinkSchema>;
/** A new link: the URL (`{publicUrl}/survey#token=<token>`) is answered this once only. */
export const createdSurveyLinkSchema = z.object({ link: surveyLinkSchema, url: z.string() });
export type CreatedSurveyLink = z.infer<typeof createdSurveyLinkSchema>;
/** `GET surveylink` (chosen): the links of one survey (header surveyid). */
export const surveyLinksHeadersSchema = z.object({ surveyid: idSchema });
export const surveyLinkIdParamsSchema = z.object({ id: idSchema });

/**
 * What the public page shows for a link: minimal PHI (the patient's first name and last initial,
 * the office's name), the questions in order with their offered answers (no scores), the answers
 * saved so far, the link's expiry and the survey's status. A completed survey shows no questions.
 */
export const publicSurveyQuestionSchema = surveyQuestionSchema.omit({ offeredAnswers: true, templateId: true }).extend({
  offeredAnswers: z.array(z.object({ id: z.number().int(), text: z.string(), textEs: z.string() })),
});
export const publicSurveySchema = z.object({
  patient: z.object({ firstName: z.string(), lastInitial: z.string() }),
  office: z.object({ name: z.string(), nameEs: z.string() }),
  templateName: z.string(),
  templateNameEs: z.string(),
  description: z.string(),
  lang: z.enum(['en', 'es']),
  status: surveyStatusSchema,
  dueDate: z.string(),
  expiresAt: z.string(),
  questions: z.array(publicSurveyQuestionSchema),
  answers: z.array(surveyAnswerSchema.omit({ score: true })),
  ...surveyCopyrightFields,
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;
/** The public save / submit answer: the survey's status and how many questions are answered. */
export const publicSurveySavedSchema = z.object({
  status: surveyStatusSchema,
  answeredCount: z.number().int(),
  questionCount: z.number().int(),
});
export type PublicSurveySaved = z.infer<typeof publicSurveySavedSchema>;

// FHIR export ---------------------------------------------------------------------------------

/** A FHIR R4 resource as JSON (Questionnaire, or a Bundle with a QuestionnaireResponse and an Observation). */
export const fhirResourceSchema = z.looseObject({ resourceType: z.string() });
export type FhirResource = z.infer<typeof fhirResourceSchema>;

export const surveyIdParamsSchema = z.object({ id: idSchema });