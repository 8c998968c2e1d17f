/**
 * `surveys`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Surveys and wellness assessments (portal-spec.md section 7 "Surveys"; docs/assessments.md):
 * templates (an office's, or the system library's when hospital_id is null) with questions and
 * offered answers; recurrences (a template assigned to a patient on an RFC 5545 schedule, directly
 * or through a client monitoring plan) whose children are surveys (one occurrence each) with their
 * answers; and survey links (a signed, expiring, revocable token for one survey).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { treatmentPlans } from '../treatment-plans/treatment-plans.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A score or a numeric answer: exact decimals, read as numbers. */
const num = (name: string) => numeric(name, { mode: 'number' });

export const surveyTemplates = pgTable(
  'survey_templates',
  {
    id: serial('id').primaryKey(),
    /** null: the system-wide library. */
    hospitalId: integer('hospital_id').references(() => hospitals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEs: text('name_es').notNull().default(''),
    description: text('description').notNull().default(''),
    /** MENTAL_HEALTH_CATEGORY lowValue. */
    category: text('category'),
    /** Seeded validated instrument (PHQ9, GAD7, ...): scored by the engine; unique in the library. */
    instrumentCode: text('instrument_code'),
    loincCode: text('loinc_code'),
    isLocked: boolean('is_locked').notNull().default(false),
    status: text('status').notNull().default('active'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('survey_templates_hospital_idx').on(t.hospitalId),
    uniqueIndex('survey_templates_instrument_uq').on(t.instrumentCode).where(sql`instrument_code is not null and hospital_id is null`),
    check('survey_templates_status_ck', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => surveyTemplates.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textEs: text('text_es').notNull().default(''),
    /** SURVEY_ANSWER_TYPE lowValue (1-8; 4 is never offered). */
    answerType: smallint('answer_type').notNull(),
    isRequired: boolean('is_required').notNull().default(true),
    minValue: num('min_value'),
    maxValue: num('max_value'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A validated instrument's item key ('PHQ9.9') and LOINC item code. */
    itemKey: text('item_key'),
    loincCode: text('loinc_code'),
  },
  (t) => [index('survey_questions_template_idx').on(t.templateId, t.sortOrder)],
);

export const surveyOfferedAnswers = pgTable(
  'survey_offered_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textEs: text('text_es').notNull().default(''),
    score: num('score').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    loincAnswerCode: text('loinc_answer_code'),
  },
  (t) => [index('survey_offered_answers_question_idx').on(t.questionId, t.sortOrder)],
);

/** A template assigned to a client monitoring plan: each patient of the plan gets a recurrence from it. */
export const surveyPlanAssignments = pgTable(
  'survey_plan_assignments',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => surveyTemplates.id),
    treatmentPlanId: integer('treatment_plan_id')
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    ruleKey: text('rule_key').notNull(),
    rrule: text('rrule').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    dueTime: text('due_time').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('survey_plan_assignments_plan_idx').on(t.treatmentPlanId), index('survey_plan_assignments_hospital_idx').on(t.hospitalId)],
);

/** A template assigned to one patient on a schedule (the series); its surveys are the occurrences. */
export const surveyRecurrences = pgTable(
  'survey_recurrences',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => surveyTemplates.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    /** SURVEY_RECURRENCER_RULE lowValue and the RRULE it stood for when assigned. */
    ruleKey: text('rule_key').notNull(),
    rrule: text('rrule').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    dueTime: text('due_time').notNull(),
    /** The office's IANA time zone the schedule is computed in. */
    timeZone: text('time_zone').notNull(),
    status: text('status').notNull().default('active'),
    planAssignmentId: integer('plan_assignment_id').references(() => surveyPlanAssignments.id, { onDelete: 'set null' }),
    /** The due instant of the latest survey created (the job continues after it). */
    lastDueAt: ts('last_due_at'),
    /** The next due instant not created yet; null when the series has ended. */
    nextDueAt: ts('next_due_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    stoppedAt: ts('stopped_at'),
  },
  (t) => [
    index('survey_recurrences_patient_idx').on(t.patientId, t.hospitalId),
    index('survey_recurrences_due_idx').on(t.nextDueAt).where(sql`status = 'active'`),
    uniqueIndex('survey_recurrences_plan_patient_uq').on(t.planAssignmentId, t.patientId).where(sql`plan_assignment_id is not null`),
    check('survey_recurrences_status_ck', sql`${t.status} in ('active', 'ended', 'stopped')`),
  ],
);

/** One occurrence of a recurrence: due at an instant, answered (partially), completed once and scored. */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    recurrenceId: integer('recurrence_id')
      .notNull()
      .references(() => surveyRecurrences.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => surveyTemplates.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    dueAt: ts('due_at').notNull(),
    /** The office's local date of dueAt. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('assigned'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    answeredVia: text('answered_via'),
    totalScore: num('total_score'),
    /** The scoring engine's answer (surveyScoreSchema) when completed. */
    scoreJson: jsonb('score_json').$type<Record<string, unknown>>(),
    /** The band's severity (0-4) when scored: the mental-health list ranks by it. */
    severity: smallint('severity'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('surveys_recurrence_due_uq').on(t.recurrenceId, t.dueAt),
    index('surveys_patient_idx').on(t.patientId, t.status, t.dueAt),
    index('surveys_completed_idx').on(t.hospitalId, t.completedAt).where(sql`status = 'completed'`),
    check('surveys_status_ck', sql`${t.status} in ('assigned', 'inProgress', 'completed', 'cancelled')`),
  ],
);

/** One saved answer; the question's and answers' texts and the score are kept as they were. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => surveyQuestions.id, { onDelete: 'set null' }),
    questionText: text('question_text').notNull(),
    offeredAnswerIds: jsonb('offered_answer_ids').$type<number[]>().notNull().default([]),
    answerText: text('answer_text'),
    valueNumber: num('value_number'),
    valueDate: date('value_date', { mode: 'string' }),
    score: num('score'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: ts('answered_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('survey_answers_question_uq').on(t.surveyId, t.questionId)],
);

/** A link for the patient or caregiver to answer one survey; only the token's SHA-256 is stored. */
export const surveyLinks = pgTable(
  'survey_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull().default('es'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    accessCount: integer('access_count').notNull().default(0),
    lastAccessedAt: ts('last_accessed_at'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('survey_links_survey_idx').on(t.surveyId)],
);
