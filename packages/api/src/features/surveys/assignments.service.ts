import {
  SURVEY_UPCOMING_OCCURRENCES,
  type EndpointBody,
  type EndpointHeaders,
  type SurveyOccurrence,
  type SurveyPlanAssignment,
  type SurveyRecurrence,
  type SurveyRecurrenceChildData,
  type SurveyRecurrenceRuleKey,
} from '@vigil/contract';
import type { surveys as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { assertOfficeInScope, systemScope, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { localDateOf, officeTimeZone } from '../../lib/office-calendar';
import { MAX_OCCURRENCES_PER_CALL, nextOccurrence, occurrencesBetween, upcoming, type SurveySchedule } from './recurrence';
import * as repo from './surveys.repo';
import * as templatesRepo from './templates.repo';
import { instrumentOf, toScore } from './views';
import { catalogueDb, systemDb, tenantDb } from '../../db/handles';

// Assigning templates to patients and client monitoring plans, and creating the due surveys of each
// recurrence (docs/assessments.md "Recurrence"). A recurrence's surveys are created when due: the
// first at assignment when it is due already (or today), later ones by the scheduled job
// `survey-occurrences` (jobs/survey-occurrences.create.job.ts), never by an in-process timer.

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function scheduleOf(r: { rrule: string; startDate: string; dueTime: string; endDate: string | null; timeZone: string }): SurveySchedule {
  return { rrule: r.rrule, startDate: r.startDate, dueTime: r.dueTime, endDate: r.endDate, timeZone: r.timeZone };
}

export function toRecurrence(row: repo.RecurrenceRow): SurveyRecurrence {
  const r = row.r;
  return {
    id: r.id,
    templateId: r.templateId,
    templateName: row.templateName,
    templateNameEs: row.templateNameEs,
    instrumentCode: instrumentOf(row.instrumentCode),
    patientId: r.patientId,
    patientName: `${row.patientFirstName} ${row.patientLastName}`.trim(),
    hospitalId: r.hospitalId,
    recurrenceRule: r.ruleKey as SurveyRecurrenceRuleKey,
    rrule: r.rrule,
    startDate: r.startDate,
    endDate: r.endDate,
    dueTime: r.dueTime,
    timeZone: r.timeZone,
    status: r.status as SurveyRecurrence['status'],
    planAssignmentId: r.planAssignmentId,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    nextDueAt: iso(r.nextDueAt),
  };
}

function toPlanAssignment(row: repo.PlanAssignmentRow): SurveyPlanAssignment {
  const pa = row.pa;
  return {
    id: pa.id,
    templateId: pa.templateId,
    templateName: row.templateName,
    treatmentPlanId: pa.treatmentPlanId,
    treatmentPlanTitle: row.planTitle,
    hospitalId: pa.hospitalId,
    recurrenceRule: pa.ruleKey as SurveyRecurrenceRuleKey,
    rrule: pa.rrule,
    startDate: pa.startDate,
    endDate: pa.endDate,
    dueTime: pa.dueTime,
    patientCount: Number(row.patientCount),
    createdAt: pa.createdAt.toISOString(),
  };
}

type Schedule = { templateId: number; recurrenceRule: SurveyRecurrenceRuleKey; startDate?: string; endDate?: string | null; dueTime: string };

/**
 * The template to assign (visible and active: 404 / 400 'surveyTemplateInactive'; with questions:
 * 400 'surveyTemplateEmpty'; the library's or of the assignment's office: 404 otherwise) and the
 * RRULE of the recurrence key (SURVEY_RECURRENCER_RULE; 400 on recurrenceRule when the value is
 * missing or inactive).
 */
async function checkTemplateAndRule(scope: Scope, db: Executor, body: Schedule, hospitalId: number): Promise<string> {
  const template = await templatesRepo.getTemplate(tenantDb(scope, db), body.templateId);
  if (!template || (template.hospitalId !== null && template.hospitalId !== hospitalId)) { throw AppError.notFound(); }
  if (template.status !== 'active') { throw AppError.badRequest('surveyTemplateInactive', { templateId: 'surveyTemplateInactive' }); }
  if (Number(template.questionCount) === 0) { throw AppError.badRequest('surveyTemplateEmpty', { templateId: 'surveyTemplateEmpty' }); }
  const rrule = await repo.getRecurrenceRule(catalogueDb(db), body.recurrenceRule);
  if (!rrule) { throw AppError.badRequest('validationFailed', { recurrenceRule: 'regex' }); }
  return rrule;
}

/** Assessments must be enabled for the office (spec section 6); 400 'programNotEnabled' otherwise. */
function assertAssessmentsEnabled(office: { assessmentsEnabled: boolean }) {
  if (!office.assessmentsEnabled) { throw AppError.badRequest('programNotEnabled', undefined, { program: 'Assessments' }); }
}

/** The latest due instant after `after` and at or before `now` (null: none), paging past the per-call cap. */
export function latestDue(schedule: SurveySchedule, after: Date | null, now: Date): Date | null {
  let latest: Date | null = null;
  let cursor = after;
  for (;;) {
    const page = occurrencesBetween(schedule, cursor, now);
    if (page.length === 0) { return latest; }
    latest = page[page.length - 1]!;
    if (page.length < MAX_OCCURRENCES_PER_CALL) { return latest; }
    cursor = latest;
  }
}

/**
 * Creates a recurrence with its survey already due: the latest due instant up to `now` (an
 * assignment starting in the past creates no backlog), or today's when the first one is later
 * today (staff can answer it at once); then records the next due instant for the job, or ends the
 * recurrence when the schedule has no more. Answers the recurrence id, or null when the patient
 * already has one from the same plan assignment.
 */
export async function createRecurrence(
  scope: Scope,
  tx: Executor,
  values: { templateId: number; patientId: number; hospitalId: number; ruleKey: string; rrule: string; startDate: string; endDate: string | null; dueTime: string; timeZone: string; planAssignmentId: number | null; createdBy: number | null },
  now: Date,
): Promise<number | null> {
  const schedule = scheduleOf(values);
  let first = latestDue(schedule, null, now);
  if (first === null) {
    const upcomingFirst = nextOccurrence(schedule, null);
    if (upcomingFirst && localDateOf(upcomingFirst, values.timeZone) === localDateOf(now, values.timeZone)) { first = upcomingFirst; }
  }
  const next = first === null ? nextOccurrence(schedule, now) : nextOccurrence(schedule, first);
  const id = await repo.insertRecurrence(tenantDb(scope, tx), { ...values, status: next === null ? 'ended' : 'active', lastDueAt: first, nextDueAt: next });
  if (id === null) { return null; }
  if (first !== null) {
    await repo.insertSurveys(tenantDb(scope, tx), [{ recurrenceId: id, templateId: values.templateId, patientId: values.patientId, hospitalId: values.hospitalId, dueAt: first, dueDate: localDateOf(first, values.timeZone) }]);
  }
  return id;
}

/** The patients' offices for an assignment: each patient visible (404 otherwise) with an office of the caller's (the given one, or their first). */
async function officesFor(scope: Scope, db: Executor, patientIds: number[], hospitalId: number | undefined) {
  const rows = await repo.findPatientOffices(tenantDb(scope, db), patientIds);
  return patientIds.map((id) => {
    const office = rows.find((o) => o.patientId === id && (hospitalId === undefined || o.hospitalId === hospitalId));
    if (!office) { throw AppError.notFound(); }
    return office;
  });
}

async function assign(ctx: AppContext, scope: Scope, patientIds: number[], body: Schedule & { hospitalId?: number }, now = new Date()): Promise<SurveyRecurrence[]> {
  const ids = await ctx.db.transaction(async (tx) => {
    const offices = await officesFor(scope, tx, [...new Set(patientIds)], body.hospitalId);
    const out: number[] = [];
    for (const office of offices) {
      assertAssessmentsEnabled(office);
      const rrule = await checkTemplateAndRule(scope, tx, body, office.hospitalId);
      const timeZone = officeTimeZone(office.timeZone);
      const id = await createRecurrence(
        scope,
        tx,
        {
          templateId: body.templateId,
          patientId: office.patientId,
          hospitalId: office.hospitalId,
          ruleKey: body.recurrenceRule,
          rrule,
          startDate: body.startDate ?? localDateOf(now, timeZone),
          endDate: body.endDate ?? null,
          dueTime: body.dueTime,
          timeZone,
          planAssignmentId: null,
          createdBy: scope.userId,
        },
        now,
      );
      if (id !== null) { out.push(id); }
    }
    return out;
  });
  return (await repo.findRecurrences(tenantDb(scope, ctx.db), { ids })).map(toRecurrence);
}

/**
 * `POST survey/assignsurveytemplatetopatient`: a recurrence of the template for the patient in
 * their office (the caller's; with several, `hospitalId` or the first), computed in the office's
 * time zone. 404 for a patient or template not visible, 400 when assessments are not enabled for
 * the office (spec section 6) or the template is inactive or empty.
 */
export async function assignToPatient(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.assignSurveyTemplateToPatient>): Promise<SurveyRecurrence> {
  const [created] = await assign(ctx, scope, [body.patientId], body);
  return created!;
}

/** `POST survey/assignsurveytemplatetomultiplepatients` (header patientsidslist): all in one transaction, or none. */
export async function assignToPatients(
  ctx: AppContext,
  scope: Scope,
  headers: EndpointHeaders<typeof contract.assignSurveyTemplateToMultiplePatients>,
  body: EndpointBody<typeof contract.assignSurveyTemplateToMultiplePatients>,
) {
  if (headers.patientsidslist.length === 0) { throw AppError.badRequest('validationFailed', { patientsidslist: 'required' }); }
  return { recurrences: await assign(ctx, scope, headers.patientsidslist, body) };
}

/**
 * `POST survey/assignsurveytemplatetoclientmonitoringplan`: records the plan assignment and gives
 * each patient of the plan (in its office) a recurrence; patients assigned to the plan later get
 * theirs from the scheduled job. 404 for a plan not in scope, 400 'notClientMonitoringPlan' for a
 * patient's own plan.
 */
export async function assignToPlan(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.assignSurveyTemplateToClientMonitoringPlan>, now = new Date()): Promise<SurveyPlanAssignment> {
  const id = await ctx.db.transaction(async (tx) => {
    const plan = await repo.getClientPlan(tenantDb(scope, tx), body.treatmentPlanId);
    if (!plan) { throw AppError.notFound(); }
    if (!plan.isClientMonitoringPlan) { throw AppError.badRequest('notClientMonitoringPlan', { treatmentPlanId: 'notClientMonitoringPlan' }); }
    assertAssessmentsEnabled(plan);
    const rrule = await checkTemplateAndRule(scope, tx, body, plan.hospitalId);
    const timeZone = officeTimeZone(plan.timeZone);
    const schedule = { ruleKey: body.recurrenceRule, rrule, startDate: body.startDate ?? localDateOf(now, timeZone), endDate: body.endDate ?? null, dueTime: body.dueTime };
    const assignmentId = await repo.insertPlanAssignment(tenantDb(scope, tx), { templateId: body.templateId, treatmentPlanId: plan.id, hospitalId: plan.hospitalId, ...schedule, createdBy: scope.userId });
    for (const p of await repo.findPlanPatients(tenantDb(scope, tx), plan.id, plan.hospitalId)) {
      await createRecurrence(scope, tx, { templateId: body.templateId, patientId: p.patientId, hospitalId: plan.hospitalId, ...schedule, timeZone, planAssignmentId: assignmentId, createdBy: scope.userId }, now);
    }
    return assignmentId;
  });
  return toPlanAssignment((await repo.findPlanAssignments(tenantDb(scope, ctx.db), { id }))[0]!);
}

/**
 * `DELETE survey/deassignsurveyfromclientmonitoringplan` (header surveyid: the plan assignment):
 * the patients' recurrences from it stop, their surveys not started are cancelled (answered and
 * completed ones stay in the record), and the assignment is removed. 404 when not in scope.
 */
export async function deassignFromPlan(ctx: AppContext, scope: Scope, planAssignmentId: number, now = new Date()): Promise<SurveyPlanAssignment> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await repo.findPlanAssignments(tenantDb(scope, tx), { id: planAssignmentId });
    if (!row) { throw AppError.notFound(); }
    const stopped = await repo.stopPlanRecurrences(tenantDb(scope, tx), planAssignmentId, now);
    await repo.cancelUnstartedSurveys(tenantDb(scope, tx), stopped);
    await repo.deletePlanAssignment(tenantDb(scope, tx), planAssignmentId);
    return { ...toPlanAssignment(row), patientCount: 0 };
  });
}

/** `GET survey/getclientmonitoringplanassignments`: an office's plan assignments (404 for an office not in scope). */
export async function findPlanAssignments(ctx: AppContext, scope: Scope, headers: EndpointHeaders<typeof contract.getClientMonitoringPlanSurveyAssignments>) {
  assertOfficeInScope(scope, headers.hospitalid);
  return (await repo.findPlanAssignments(tenantDb(scope, ctx.db), { hospitalId: headers.hospitalid, planId: headers.treatmentplanid })).map(toPlanAssignment);
}

/** `GET surveyrecurrence/getforpatient`: a visible patient's recurrences (404 for a patient not visible). */
export async function findForPatient(ctx: AppContext, scope: Scope, patientId: number): Promise<SurveyRecurrence[]> {
  if ((await repo.findPatientOffices(tenantDb(scope, ctx.db), [patientId])).length === 0) { throw AppError.notFound(); }
  return (await repo.findRecurrences(tenantDb(scope, ctx.db), { patientId })).map(toRecurrence);
}

/** `DELETE surveyrecurrence/{id}`: stops an active recurrence; its surveys not started are cancelled. 409 'surveyRecurrenceStopped' when not active. */
export async function stopRecurrence(ctx: AppContext, scope: Scope, id: number, now = new Date()): Promise<SurveyRecurrence> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockRecurrence(tenantDb(scope, tx), id);
    if (!row) { throw AppError.notFound(); }
    if (row.status !== 'active') { throw AppError.conflict('surveyRecurrenceStopped'); }
    await repo.updateRecurrence(tenantDb(scope, tx), id, { status: 'stopped', stoppedAt: now, nextDueAt: null });
    await repo.cancelUnstartedSurveys(tenantDb(scope, tx), [id]);
  });
  return toRecurrence((await repo.findRecurrences(tenantDb(scope, ctx.db), { ids: [id] }))[0]!);
}

/**
 * `GET surveyrecurrence/getchilddata` (header surveyrecurrenceid): the recurrence, its surveys
 * (newest first) and, while active, the next SURVEY_UPCOMING_OCCURRENCES due instants not created yet.
 */
export async function getChildData(ctx: AppContext, scope: Scope, recurrenceId: number): Promise<SurveyRecurrenceChildData> {
  const [row] = await repo.findRecurrences(tenantDb(scope, ctx.db), { ids: [recurrenceId] });
  if (!row) { throw AppError.notFound(); }
  const created = await repo.findSurveys(tenantDb(scope, ctx.db), { recurrenceId }, { newestFirst: true });
  const tz = row.r.timeZone;
  const occurrences: SurveyOccurrence[] = created.map((c) => ({
    surveyId: c.s.id,
    dueAt: c.s.dueAt.toISOString(),
    dueDate: c.s.dueDate,
    status: c.s.status as SurveyOccurrence['status'],
    completedAt: iso(c.s.completedAt),
    score: toScore(c.s.scoreJson),
  }));
  const future =
    row.r.status === 'active' && row.r.nextDueAt
      ? [row.r.nextDueAt, ...upcoming(scheduleOf(row.r), row.r.nextDueAt, SURVEY_UPCOMING_OCCURRENCES - 1)]
      : [];
  return {
    recurrence: toRecurrence(row),
    occurrences: [...future.reverse().map((d): SurveyOccurrence => ({ surveyId: null, dueAt: d.toISOString(), dueDate: localDateOf(d, tz), status: 'upcoming', completedAt: null, score: null })), ...occurrences],
  };
}

/** Recurrences the job handles per transaction, and plan patients it gives a recurrence per run. */
export const DUE_BATCH = 200;

/**
 * The scheduled job's work (queue `survey-occurrences`, every minute; docs/jobs.md): creates the
 * survey of every active recurrence whose next due instant has come (one per recurrence and run:
 * a series that fell behind catches up to its latest due instant without a backlog), moves the
 * recurrence on to its next due instant (or ends it), and gives patients newly assigned to a client
 * monitoring plan their recurrence of its templates. Rows are locked with SKIP LOCKED and the
 * surveys are unique per (recurrence, due instant), so overlapping or repeated runs create nothing
 * twice. Answers how many surveys and recurrences it created.
 */
export async function createDueSurveys(ctx: AppContext, now = new Date()): Promise<{ surveys: number; recurrences: number }> {
  const scope = systemScope;
  let createdSurveys = 0;
  for (;;) {
    const n = await ctx.db.transaction(async (tx) => {
      const due = await repo.lockDueRecurrences(systemDb(tx), now, DUE_BATCH);
      for (const r of due) {
        const schedule = scheduleOf(r);
        const latest = latestDue(schedule, r.lastDueAt, now) ?? r.nextDueAt!;
        const ids = await repo.insertSurveys(tenantDb(scope, tx), [{ recurrenceId: r.id, templateId: r.templateId, patientId: r.patientId, hospitalId: r.hospitalId, dueAt: latest, dueDate: localDateOf(latest, r.timeZone) }]);
        createdSurveys += ids.length;
        const next = nextOccurrence(schedule, latest);
        await repo.updateRecurrence(tenantDb(scope, tx), r.id, { lastDueAt: latest, nextDueAt: next, ...(next === null ? { status: 'ended' } : {}) });
      }
      return due.length;
    });
    if (n < DUE_BATCH) { break; }
  }
  const pending = await repo.findPlanPatientsWithoutRecurrence(systemDb(ctx.db), DUE_BATCH);
  let recurrences = 0;
  for (const p of pending) {
    const id = await ctx.db.transaction((tx) =>
      createRecurrence(
        scope,
        tx,
        { templateId: p.templateId, patientId: p.patientId, hospitalId: p.hospitalId, ruleKey: p.ruleKey, rrule: p.rrule, startDate: p.startDate, endDate: p.endDate, dueTime: p.dueTime, timeZone: officeTimeZone(p.timeZone), planAssignmentId: p.planAssignmentId, createdBy: p.createdBy },
        now,
      ),
    );
    if (id !== null) { recurrences++; }
  }
  return { surveys: createdSurveys, recurrences };
}
