import { z } from 'zod';
import { pageOf } from '../../common/envelope';
import { bodyIdSchema, idListTextSchema, idSchema, intTextSchema } from '../../common/ids';
import { sortQuery } from '../../common/sorting';
import { userSchema, userPatientListQuerySchema } from '../users/users.schemas';

import { SURVEY_FREE_TEXT_ANSWER_MAX, SURVEY_LINK_DEFAULT_HOURS, SURVEY_LINK_MAX_HOURS, SURVEY_MAX_OFFERED_ANSWERS, SURVEY_MAX_QUESTIONS, SURVEY_REPORT_MAX_OCCURRENCES, SURVEY_SCORE_MAX, SURVEY_SCORE_MIN, surveyLocalDateSchema, surveyLocalTimeSchema, surveyBandSchema, surveyCopyrightFields, surveyInstrumentCodes, surveyQuestionSchema, surveyRecurrenceRuleKeys, surveyRecurrenceRuleSchema, surveyScoreSchema } from './surveys.schemas';

/**
 * Surveys' assignments, occurrences and answers (portal-spec.md sections 5, 7 "Surveys", 9;
 * docs/assessments.md): assigning a template to patients or to a client monitoring plan (the
 * recurrence), the surveys of a recurrence and their answers, the score-trend report, the
 * mental-health list, survey links for public answering, and the FHIR export. The templates,
 * questions, limits and scoring shapes are surveys.schemas.ts's.
 */

// Assignments and recurrences -----------------------------------------------------------------

/**
 * How a template is assigned: the recurrence (a SURVEY_RECURRENCER_RULE lowValue), the first
 * local date (default: the office's today), an optional last date, and the local time of day the
 * survey is due (default 09:00), all in the office's time zone.
 */
const scheduleFields = {
  templateId: bodyIdSchema,
  recurrenceRule: surveyRecurrenceRuleSchema,
  startDate: surveyLocalDateSchema.optional(),
  endDate: surveyLocalDateSchema.nullish(),
  dueTime: surveyLocalTimeSchema.default('09:00'),
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
  valueDate: surveyLocalDateSchema.optional(),
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