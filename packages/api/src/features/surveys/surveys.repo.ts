import { and, asc, desc, eq, gte, inArray, isNotNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Role } from '@vigil/contract';
import type { Executor } from '../../db/client';
import {
  hospitals,
  surveyAnswers,
  surveyLinks,
  surveyPlanAssignments,
  surveyRecurrences,
  surveys,
  surveyTemplates,
  treatmentPlanPatients,
  treatmentPlans,
  userHospitals,
  users,
  verifiers,
} from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, patientRowFilter, userFilter, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import type { CatalogueDb, SystemDb, TenantDb } from '../../db/handles';

// Recurrences, surveys, answers and links. Staff functions take the caller's scope first and see a
// row about a patient through `patientRowFilter` (the row's office is theirs; a patient sees only
// their own); anything else reads as absent. The public functions act for the holder of a survey
// link: their grant is the `SurveyLinkGrant` the token resolved to (one survey), nothing else.

const r = surveyRecurrences;
const s = surveys;
const tpl = surveyTemplates;
const patient = alias(users, 'patient');

/** What a valid survey link lets its holder do: read and answer one survey of one patient. */
export interface SurveyLinkGrant {
  linkId: number;
  surveyId: number;
  patientId: number;
  hospitalId: number;
  lang: 'en' | 'es';
  expiresAt: Date;
}

// Reference values and offices --------------------------------------------------------------

/** The RRULE a SURVEY_RECURRENCER_RULE value stands for (active values only), or null. */
export async function getRecurrenceRule({ db }: CatalogueDb, key: string): Promise<string | null> {
  const [row] = await db
    .select({ rrule: verifiers.highValue })
    .from(verifiers)
    .where(and(eq(verifiers.rvDomain, 'SURVEY_RECURRENCER_RULE'), eq(verifiers.lowValue, key), eq(verifiers.status, 1)))
    .limit(1);
  return row?.rrule ?? null;
}

/** The visible patients `patientIds` with each of their offices that is also the caller's. */
export async function findPatientOffices(tenant: TenantDb, patientIds: number[]) {
  const { scope, db } = tenant;
  if (patientIds.length === 0) { return []; }
  return db
    .select({
      patientId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      hospitalId: hospitals.id,
      timeZone: hospitals.timeZone,
      assessmentsEnabled: hospitals.assessmentsEnabled,
    })
    .from(users)
    .innerJoin(userHospitals, eq(userHospitals.userId, users.id))
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .where(and(inArray(users.id, patientIds), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id), officeFilter(scope, hospitals.id)))
    .orderBy(asc(users.id), asc(hospitals.id));
}

/** A client monitoring plan of the caller's offices, with its office's time zone and switches, or null. */
export async function getClientPlan(tenant: TenantDb, planId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({
      id: treatmentPlans.id,
      title: treatmentPlans.title,
      hospitalId: treatmentPlans.hospitalId,
      isClientMonitoringPlan: treatmentPlans.isClientMonitoringPlan,
      timeZone: hospitals.timeZone,
      assessmentsEnabled: hospitals.assessmentsEnabled,
    })
    .from(treatmentPlans)
    .innerJoin(hospitals, eq(hospitals.id, treatmentPlans.hospitalId))
    .where(and(eq(treatmentPlans.id, planId), officeFilter(scope, treatmentPlans.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** The patients assigned to plan `planId` who belong to its office (`hospitalId`), an office of the caller's scope (none otherwise). */
export async function findPlanPatients(tenant: TenantDb, planId: number, hospitalId: number) {
  const { scope, db } = tenant;
  return db
    .select({ patientId: treatmentPlanPatients.patientUserId })
    .from(treatmentPlanPatients)
    .innerJoin(userHospitals, and(eq(userHospitals.userId, treatmentPlanPatients.patientUserId), eq(userHospitals.hospitalId, hospitalId)))
    .where(and(eq(treatmentPlanPatients.treatmentPlanId, planId), officeFilter(scope, userHospitals.hospitalId)));
}

// Plan assignments ----------------------------------------------------------------------------

const planColumns = {
  pa: surveyPlanAssignments,
  templateName: tpl.name,
  planTitle: treatmentPlans.title,
  patientCount: sql<number>`(select count(*) from survey_recurrences x where x.plan_assignment_id = "survey_plan_assignments"."id" and x.status = 'active')::int`,
};

/** Inserts a plan assignment in one of the caller's offices (404 for another office). */
export async function insertPlanAssignment(tenant: TenantDb, values: typeof surveyPlanAssignments.$inferInsert): Promise<number> {
  const { scope, db: tx } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await tx.insert(surveyPlanAssignments).values(values).returning({ id: surveyPlanAssignments.id });
  return row!.id;
}

/** Plan assignments of the caller's offices (of one office / plan / id when given). */
export async function findPlanAssignments(tenant: TenantDb, f: { hospitalId?: number; planId?: number; id?: number }) {
  const { scope, db } = tenant;
  return db
    .select(planColumns)
    .from(surveyPlanAssignments)
    .innerJoin(tpl, eq(tpl.id, surveyPlanAssignments.templateId))
    .innerJoin(treatmentPlans, eq(treatmentPlans.id, surveyPlanAssignments.treatmentPlanId))
    .where(
      and(
        officeFilter(scope, surveyPlanAssignments.hospitalId),
        f.hospitalId !== undefined ? eq(surveyPlanAssignments.hospitalId, f.hospitalId) : undefined,
        f.planId !== undefined ? eq(surveyPlanAssignments.treatmentPlanId, f.planId) : undefined,
        f.id !== undefined ? eq(surveyPlanAssignments.id, f.id) : undefined,
      ),
    )
    .orderBy(desc(surveyPlanAssignments.createdAt), desc(surveyPlanAssignments.id));
}
export type PlanAssignmentRow = Awaited<ReturnType<typeof findPlanAssignments>>[number];

export async function deletePlanAssignment(tenant: TenantDb, id: number): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.delete(surveyPlanAssignments).where(and(eq(surveyPlanAssignments.id, id), officeFilter(scope, surveyPlanAssignments.hospitalId)));
}

/** Patients of each plan assignment's plan (in its office) without a recurrence from it yet: the job gives them one. */
export async function findPlanPatientsWithoutRecurrence({ db }: SystemDb, limit: number) {
  return db
    .select({
      planAssignmentId: surveyPlanAssignments.id,
      templateId: surveyPlanAssignments.templateId,
      hospitalId: surveyPlanAssignments.hospitalId,
      ruleKey: surveyPlanAssignments.ruleKey,
      rrule: surveyPlanAssignments.rrule,
      startDate: surveyPlanAssignments.startDate,
      endDate: surveyPlanAssignments.endDate,
      dueTime: surveyPlanAssignments.dueTime,
      createdBy: surveyPlanAssignments.createdBy,
      patientId: treatmentPlanPatients.patientUserId,
      timeZone: hospitals.timeZone,
    })
    .from(surveyPlanAssignments)
    .innerJoin(treatmentPlanPatients, eq(treatmentPlanPatients.treatmentPlanId, surveyPlanAssignments.treatmentPlanId))
    .innerJoin(userHospitals, and(eq(userHospitals.userId, treatmentPlanPatients.patientUserId), eq(userHospitals.hospitalId, surveyPlanAssignments.hospitalId)))
    .innerJoin(hospitals, eq(hospitals.id, surveyPlanAssignments.hospitalId))
    .where(sql`not exists (select 1 from survey_recurrences x where x.plan_assignment_id = ${surveyPlanAssignments.id} and x.patient_id = ${treatmentPlanPatients.patientUserId})`)
    .limit(limit);
}

// Recurrences ---------------------------------------------------------------------------------

const recurrenceColumns = {
  r,
  templateName: tpl.name,
  templateNameEs: tpl.nameEs,
  instrumentCode: tpl.instrumentCode,
  patientFirstName: patient.firstName,
  patientLastName: patient.lastName,
};
export type RecurrenceRow = Awaited<ReturnType<typeof findRecurrences>>[number];

/** Inserts a recurrence (a plan's patient who has one already is skipped: answers null). */
export async function insertRecurrence(tenant: TenantDb, values: typeof r.$inferInsert): Promise<number | null> {
  const { scope, db: tx } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await tx.insert(r).values(values).onConflictDoNothing().returning({ id: r.id });
  return row?.id ?? null;
}

/** Visible recurrences (of a patient, among ids, of a plan assignment), active first then newest. */
export async function findRecurrences(tenant: TenantDb, f: { patientId?: number; ids?: number[]; planAssignmentId?: number }) {
  const { scope, db } = tenant;
  if (f.ids?.length === 0) { return []; }
  return db
    .select(recurrenceColumns)
    .from(r)
    .innerJoin(tpl, eq(tpl.id, r.templateId))
    .innerJoin(patient, eq(patient.id, r.patientId))
    .where(
      and(
        patientRowFilter(scope, r.hospitalId, r.patientId),
        f.patientId !== undefined ? eq(r.patientId, f.patientId) : undefined,
        f.ids !== undefined ? inArray(r.id, f.ids) : undefined,
        f.planAssignmentId !== undefined ? eq(r.planAssignmentId, f.planAssignmentId) : undefined,
      ),
    )
    .orderBy(sql`(${r.status} <> 'active')`, desc(r.createdAt), desc(r.id));
}

/** Locks a visible recurrence for the rest of the transaction, or null. */
export async function lockRecurrence(tenant: TenantDb, id: number) {
  const { scope, db: tx } = tenant;
  const [row] = await tx
    .select()
    .from(r)
    .where(and(eq(r.id, id), patientRowFilter(scope, r.hospitalId, r.patientId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Changes a visible recurrence (nothing otherwise). */
export async function updateRecurrence(tenant: TenantDb, id: number, values: Partial<typeof r.$inferInsert>): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.update(r).set(values).where(and(eq(r.id, id), patientRowFilter(scope, r.hospitalId, r.patientId)));
}

/** Active recurrences whose next due instant has come (system scope: the scheduled job), locked, skipping rows another run holds. */
export async function lockDueRecurrences({ db: tx }: SystemDb, now: Date, limit: number) {
  return tx
    .select()
    .from(r)
    .where(and(eq(r.status, 'active'), isNotNull(r.nextDueAt), lte(r.nextDueAt, now)))
    .orderBy(asc(r.nextDueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Stops the recurrences of a plan assignment (answers their ids). */
export async function stopPlanRecurrences(tenant: TenantDb, planAssignmentId: number, now: Date): Promise<number[]> {
  const { scope, db: tx } = tenant;
  const rows = await tx
    .update(r)
    .set({ status: 'stopped', stoppedAt: now, nextDueAt: null })
    .where(and(eq(r.planAssignmentId, planAssignmentId), eq(r.status, 'active'), officeFilter(scope, r.hospitalId)))
    .returning({ id: r.id });
  return rows.map((x) => x.id);
}

// Surveys ---------------------------------------------------------------------------------------

/** Creates the surveys of a recurrence (a due instant already created is skipped). */
export async function insertSurveys(tenant: TenantDb, values: (typeof s.$inferInsert)[]): Promise<number[]> {
  const { scope, db: tx } = tenant;
  if (values.length === 0) { return []; }
  for (const v of values) { assertOfficeInScope(scope, v.hospitalId); }
  const rows = await tx.insert(s).values(values).onConflictDoNothing().returning({ id: s.id });
  return rows.map((x) => x.id);
}

/** Cancels the surveys of `recurrenceIds` that nobody has started (assigned, no answers). */
export async function cancelUnstartedSurveys(tenant: TenantDb, recurrenceIds: number[]): Promise<void> {
  const { scope, db: tx } = tenant;
  if (recurrenceIds.length === 0) { return; }
  await tx.update(s).set({ status: 'cancelled' }).where(and(inArray(s.recurrenceId, recurrenceIds), eq(s.status, 'assigned'), patientRowFilter(scope, s.hospitalId, s.patientId)));
}

const answeredCount = sql<number>`(select count(*) from survey_answers sa where sa.survey_id = "surveys"."id")::int`;
const questionCount = sql<number>`(select count(*) from survey_questions sq where sq.template_id = "surveys"."template_id")::int`;

const surveyColumns = {
  s,
  templateName: tpl.name,
  templateNameEs: tpl.nameEs,
  instrumentCode: tpl.instrumentCode,
  patientFirstName: patient.firstName,
  patientLastName: patient.lastName,
  answeredCount,
  questionCount,
};
export type SurveyRow = Awaited<ReturnType<typeof findSurveys>>[number];

export interface SurveyFilter {
  ids?: number[];
  patientId?: number;
  recurrenceId?: number;
  statuses?: string[];
  dueBefore?: Date;
  completedFrom?: Date;
}

function surveyWhere(scope: Scope | null, f: SurveyFilter): SQL | undefined {
  return and(
    scope ? patientRowFilter(scope, s.hospitalId, s.patientId) : undefined,
    f.ids ? inArray(s.id, f.ids) : undefined,
    f.patientId !== undefined ? eq(s.patientId, f.patientId) : undefined,
    f.recurrenceId !== undefined ? eq(s.recurrenceId, f.recurrenceId) : undefined,
    f.statuses ? inArray(s.status, f.statuses) : undefined,
    f.dueBefore ? lte(s.dueAt, f.dueBefore) : undefined,
    f.completedFrom ? gte(s.completedAt, f.completedFrom) : undefined,
  );
}

/** Visible surveys, by due instant (newest first with `newestFirst`), at most `limit`. */
export async function findSurveys(tenant: TenantDb, f: SurveyFilter, opts: { newestFirst?: boolean; limit?: number } = {}) {
  const { scope, db } = tenant;
  if (f.ids?.length === 0) { return []; }
  return db
    .select(surveyColumns)
    .from(s)
    .innerJoin(tpl, eq(tpl.id, s.templateId))
    .innerJoin(patient, eq(patient.id, s.patientId))
    .where(surveyWhere(scope, f))
    .orderBy(opts.newestFirst ? desc(s.dueAt) : asc(s.dueAt), asc(s.id))
    .limit(opts.limit ?? 500);
}

/** The survey a link grants (whatever its status), or null. */
export async function getGrantedSurvey(grant: SurveyLinkGrant, db: Executor) {
  const [row] = await db
    .select(surveyColumns)
    .from(s)
    .innerJoin(tpl, eq(tpl.id, s.templateId))
    .innerJoin(patient, eq(patient.id, s.patientId))
    .where(and(eq(s.id, grant.surveyId), eq(s.patientId, grant.patientId), eq(s.hospitalId, grant.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** Who acts on a survey: a signed-in caller (their scope), or the holder of a survey link (its grant). */
export type SurveyCaller = { scope: Scope } | { grant: SurveyLinkGrant };

/** The surveys `who` may act on: visible to the scope (patientRowFilter), or the one survey a link grants. */
const surveyCallerFilter = (who: SurveyCaller): SQL =>
  'scope' in who ? patientRowFilter(who.scope, s.hospitalId, s.patientId) : and(eq(s.patientId, who.grant.patientId), eq(s.id, who.grant.surveyId))!;

/** The ids of the surveys `who` may act on, as a subquery (for answers, reached through their survey). */
const callerSurveyIds = (who: SurveyCaller) => sql`(select ${s.id} from ${s} where ${surveyCallerFilter(who)})`;

/** Locks a survey for an answer or a submission: visible to `scope`, or the one a link grants. */
export async function lockSurvey(who: SurveyCaller, tx: Executor, id: number) {
  const filter = surveyCallerFilter(who);
  const [row] = await tx
    .select()
    .from(s)
    .where(and(eq(s.id, id), filter))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Changes a survey `who` may act on (nothing otherwise). */
export async function updateSurvey(who: SurveyCaller, tx: Executor, id: number, values: Partial<typeof s.$inferInsert>): Promise<void> {
  await tx.update(s).set(values).where(and(eq(s.id, id), surveyCallerFilter(who)));
}

/**
 * Completes a survey once: the update applies only while it is not completed or cancelled, so of
 * two concurrent submissions one changes the row and the other answers false.
 */
export async function completeSurvey(who: SurveyCaller, tx: Executor, id: number, values: Partial<typeof s.$inferInsert>): Promise<boolean> {
  const rows = await tx
    .update(s)
    .set({ ...values, status: 'completed' })
    .where(and(eq(s.id, id), notInArray(s.status, ['completed', 'cancelled']), surveyCallerFilter(who)))
    .returning({ id: s.id });
  return rows.length > 0;
}

// Answers ---------------------------------------------------------------------------------------

export type AnswerRow = typeof surveyAnswers.$inferSelect;

/** The answers of the surveys `surveyIds` that `who` may act on. */
export async function findAnswers(who: SurveyCaller, db: Executor, surveyIds: number[]): Promise<AnswerRow[]> {
  if (surveyIds.length === 0) { return []; }
  return db.select().from(surveyAnswers).where(and(inArray(surveyAnswers.surveyId, surveyIds), sql`${surveyAnswers.surveyId} in ${callerSurveyIds(who)}`)).orderBy(asc(surveyAnswers.surveyId), asc(surveyAnswers.id));
}

/**
 * Saves answers: one row per question (a second save of the same question replaces it). Every
 * answer's survey must be one `who` may act on (404 otherwise, nothing saved).
 */
export async function upsertAnswers(who: SurveyCaller, tx: Executor, values: (typeof surveyAnswers.$inferInsert)[]): Promise<void> {
  if (values.length === 0) { return; }
  const surveyIds = [...new Set(values.map((v) => v.surveyId))];
  const allowed = await tx.select({ id: s.id }).from(s).where(and(inArray(s.id, surveyIds), surveyCallerFilter(who)));
  if (allowed.length !== surveyIds.length) { throw AppError.notFound(); }
  await tx
    .insert(surveyAnswers)
    .values(values)
    .onConflictDoUpdate({
      target: [surveyAnswers.surveyId, surveyAnswers.questionId],
      set: {
        questionText: sql`excluded.question_text`,
        offeredAnswerIds: sql`excluded.offered_answer_ids`,
        answerText: sql`excluded.answer_text`,
        valueNumber: sql`excluded.value_number`,
        valueDate: sql`excluded.value_date`,
        score: sql`excluded.score`,
        answeredBy: sql`excluded.answered_by`,
        answeredAt: sql`excluded.answered_at`,
      },
    });
}

/** Clears the answers of `questionIds` on a survey `who` may act on. */
export async function deleteAnswers(who: SurveyCaller, tx: Executor, surveyId: number, questionIds: number[]): Promise<void> {
  if (questionIds.length === 0) { return; }
  await tx.delete(surveyAnswers).where(and(eq(surveyAnswers.surveyId, surveyId), inArray(surveyAnswers.questionId, questionIds), sql`${surveyAnswers.surveyId} in ${callerSurveyIds(who)}`));
}

// Links -------------------------------------------------------------------------------------------

const creator = alias(users, 'creator');
const linkColumns = { l: surveyLinks, creatorFirstName: creator.firstName, creatorLastName: creator.lastName };
export type LinkRow = Awaited<ReturnType<typeof findLinks>>[number];

/** Inserts a survey link in one of the caller's offices (404 for another office). */
export async function insertLink(tenant: TenantDb, values: typeof surveyLinks.$inferInsert): Promise<number> {
  const { scope, db: tx } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await tx.insert(surveyLinks).values(values).returning({ id: surveyLinks.id });
  return row!.id;
}

/** Visible links (of one survey, or one id), newest first. */
export async function findLinks(tenant: TenantDb, f: { surveyId?: number; id?: number }) {
  const { scope, db } = tenant;
  return db
    .select(linkColumns)
    .from(surveyLinks)
    .innerJoin(creator, eq(creator.id, surveyLinks.createdBy))
    .where(
      and(
        patientRowFilter(scope, surveyLinks.hospitalId, surveyLinks.patientId),
        f.surveyId !== undefined ? eq(surveyLinks.surveyId, f.surveyId) : undefined,
        f.id !== undefined ? eq(surveyLinks.id, f.id) : undefined,
      ),
    )
    .orderBy(desc(surveyLinks.createdAt), desc(surveyLinks.id));
}

/** Revokes a visible link (a second revoke keeps the first time); false when not visible. */
export async function revokeLink(tenant: TenantDb, id: number, now: Date): Promise<boolean> {
  const { scope, db: tx } = tenant;
  const rows = await tx
    .update(surveyLinks)
    .set({ revokedAt: sql`coalesce(${surveyLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(surveyLinks.id, id), patientRowFilter(scope, surveyLinks.hospitalId, surveyLinks.patientId)))
    .returning({ id: surveyLinks.id });
  return rows.length > 0;
}

/** The link a token's hash names (to resolve its grant), or null. */
export async function getLinkByTokenHash(tx: Executor, hash: string) {
  const [row] = await tx.select().from(surveyLinks).where(eq(surveyLinks.tokenHash, hash)).limit(1);
  return row ?? null;
}

/** Records one use of a link (count and time). */
export async function recordLinkAccess(grant: SurveyLinkGrant, tx: Executor, now: Date): Promise<void> {
  await tx
    .update(surveyLinks)
    .set({ accessCount: sql`${surveyLinks.accessCount} + 1`, lastAccessedAt: now })
    .where(eq(surveyLinks.id, grant.linkId));
}

/** The patient and office names a public survey page shows. */
export async function getGrantNames(grant: SurveyLinkGrant, db: Executor) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, hospitalName: hospitals.hospitalName, hospitalNameEsp: hospitals.hospitalNameEsp })
    .from(users)
    .innerJoin(hospitals, eq(hospitals.id, grant.hospitalId))
    .where(eq(users.id, grant.patientId))
    .limit(1);
  return row ?? null;
}

/** A patient's recorded sex (users.gender), for AUDIT-C's cut-off. */
export async function getPatientGender(who: SurveyCaller, db: Executor, patientId: number): Promise<string | null> {
  const allowed = 'scope' in who ? userFilter(who.scope, users.id) : eq(users.id, who.grant.patientId);
  const [row] = await db.select({ gender: users.gender }).from(users).where(and(eq(users.id, patientId), allowed)).limit(1);
  return row?.gender ?? null;
}

/** A patient's stored language (users.language: ENG or ESP). */
export async function getPatientLanguage(tenant: TenantDb, patientId: number): Promise<string | null> {
  const { scope, db } = tenant;
  const [row] = await db.select({ language: users.language }).from(users).where(and(eq(users.id, patientId), userFilter(scope, users.id))).limit(1);
  return row?.language ?? null;
}

// Demo data -------------------------------------------------------------------------------------

/** Whether any survey has been completed (the demo assessments are seeded once). */
export async function anyCompletedSurvey({ db }: SystemDb): Promise<boolean> {
  const [row] = await db.select({ id: s.id }).from(s).where(eq(s.status, 'completed')).limit(1);
  return row !== undefined;
}

/** The offices of user `username` with their patients (ids ascending, at most `limit` each). */
export async function findOfficePatientsOfUser({ db }: SystemDb, username: string, limit: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  if (!user) { return []; }
  const offices = await db
    .select({ hospitalId: userHospitals.hospitalId, timeZone: hospitals.timeZone })
    .from(userHospitals)
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .where(eq(userHospitals.userId, user.id));
  const out = [];
  for (const office of offices) {
    const patients = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userHospitals, and(eq(userHospitals.userId, users.id), eq(userHospitals.hospitalId, office.hospitalId)))
      .where(eq(users.roleId, Role.PATIENT))
      .orderBy(asc(users.id))
      .limit(limit);
    out.push({ ...office, userId: user.id, patientIds: patients.map((p) => p.id) });
  }
  return out;
}
