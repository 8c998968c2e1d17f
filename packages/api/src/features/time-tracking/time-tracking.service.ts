import {
  TIME_ENTRIES_LIST_LIMIT,
  TIME_ENTRY_MAX_SECONDS,
  type CareProgram,
  type DeletedTimeEntry,
  type MessageKey,
  type OpenTimer,
  type StartTrackingBody,
  type StartTrackingResult,
  type StopTrackingBody,
  type StopTrackingV2Body,
  type TimeEntry,
  type UpdateTimeEntryBody,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { systemScope, type Scope } from '../../db/scope';
import { type OfficeInScope, getOfficeInScope, getVisiblePatient } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { localYearMonth, officeTimeZone } from '../../lib/office-calendar';
import { assertProgramEnabled } from './care-rules';
import { changeableManualEntry, deleteManualEntry } from './manual-entries.service';
import { noteDetails } from './note-details.port';
import * as repo from './time-tracking.repo';
import { tenantDb } from '../../db/handles';

/**
 * Care time (spec sections 4 "Time tracking", 5 "Time cannot exceed 2 hours"
 * and "Automatically added entries cannot be edited or deleted").
 *
 * One running timer per staff member: starting a timer stops the running one first (its seconds
 * counted up to the start of the new one), so time is never counted twice (billing-rules.md C4).
 * Seconds are counted by the server. The 2-hour cap is kept twice: lazily, on every read, start
 * and stop (the caller's timers, or the patient's on the entries list), and by the once-a-minute
 * job `closeForgottenTimers` (jobs/index.ts).
 */

const MAX_MS = TIME_ENTRY_MAX_SECONDS * 1000;

/**
 * A timer that started at `startedAt` and stops at `now`: whole seconds elapsed, at most 7200. A
 * timer open more than 2 hours ends at exactly start + 2 h and is flagged `autoClosed`.
 */
export function timerStopAt(startedAt: Date, now: Date): { seconds: number; endedAt: Date; autoClosed: boolean } {
  const elapsedMs = Math.max(0, now.getTime() - startedAt.getTime());
  if (elapsedMs > MAX_MS) { return { seconds: TIME_ENTRY_MAX_SECONDS, endedAt: new Date(startedAt.getTime() + MAX_MS), autoClosed: true }; }
  return { seconds: Math.floor(elapsedMs / 1000), endedAt: now, autoClosed: false };
}

/**
 * The scheduled half of the 2-hour rule: closes every timer in every office still open more than
 * 2 hours after it started, at exactly start + 2 h, flagged `autoClosed`. Returns how many it
 * closed. Idempotent (a closed timer is not touched again), so concurrent runs are harmless.
 */
export async function closeForgottenTimers(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const closed = await repo.closeForgottenTimers(tenantDb(systemScope, ctx.db), now);
  return closed.length;
}

async function entryViews(scope: Scope, db: Executor, ids: number[]): Promise<TimeEntry[]> {
  return (await repo.loadEntryViews(tenantDb(scope, db), ids)).map((v) => v.entry);
}

async function entryView(scope: Scope, db: Executor, id: number): Promise<TimeEntry> {
  const [view] = await entryViews(scope, db, [id]);
  if (!view) { throw AppError.notFound(); }
  return view;
}

async function openTimerView(scope: Scope, db: Executor, id: number, now: Date): Promise<OpenTimer> {
  const [view] = await repo.loadEntryViews(tenantDb(scope, db), [id]);
  if (!view) { throw AppError.notFound(); }
  const elapsed = Math.floor((now.getTime() - Date.parse(view.entry.startedAt)) / 1000);
  return { ...view.entry, patient: view.patient, elapsedSeconds: Math.min(TIME_ENTRY_MAX_SECONDS, Math.max(0, elapsed)) };
}

/**
 * The office a record about `patientId` goes to: `hospitalId` when given (404 unless it is the
 * caller's; 400 `missingKey` with `hospitalId` "Invalid id" unless the patient is assigned there),
 * else the patient's first office among the caller's (400 `missingKey` when there is none).
 */
export async function officeForPatient(scope: Scope, db: Executor, patientId: number, hospitalId: number | undefined, missingKey: MessageKey): Promise<OfficeInScope> {
  if (hospitalId !== undefined) {
    const office = await getOfficeInScope(tenantDb(scope, db), hospitalId);
    if (!office) { throw AppError.notFound(); }
    const offices = await repo.findPatientOfficeIds(tenantDb(scope, db), patientId);
    if (!offices.includes(hospitalId)) { throw AppError.badRequest(missingKey, { hospitalId: 'invalidId' }); }
    return office;
  }
  const [first] = await repo.findPatientOfficeIds(tenantDb(scope, db), patientId);
  const office = first === undefined ? null : await getOfficeInScope(tenantDb(scope, db), first);
  if (!office) { throw AppError.badRequest(missingKey); }
  return office;
}

/**
 * Passes when `templateId` is an active category template of office `hospitalId`: 404 when it
 * names no template of that office (none, or another office's or tenant's: docs/first-day.md
 * "Not found, not invalid id"); 400 `categoryTemplateId` "Invalid id" when it is inactive.
 */
export async function assertUsableTemplate(scope: Scope, db: Executor, templateId: number, hospitalId: number): Promise<void> {
  const template = await repo.getTemplateOfOffice(tenantDb(scope, db), templateId, hospitalId);
  if (!template) { throw AppError.notFound(); }
  if (template.status !== 1) { throw AppError.badRequest('invalidId', { categoryTemplateId: 'invalidId' }); }
}

/**
 * Inside an open transaction: writes the note of a timer entry as a detail of the patient's note
 * of the month the entry started in (office time zone), for the entry's program, by the caller.
 */
async function writeEntryNote(scope: Scope, tx: Executor, entry: repo.EntryRow, text: string, templateId: number | null): Promise<number> {
  const office = await getOfficeInScope(tenantDb(scope, tx), entry.hospitalId);
  if (!office) { throw AppError.notFound(); }
  if (templateId !== null) { await assertUsableTemplate(scope, tx, templateId, office.id); }
  const { year, month } = localYearMonth(entry.startedAt, officeTimeZone(office.timeZone));
  const { detailId } = await noteDetails().addDetailToMonthNote(tenantDb(scope, tx), {
    patientId: entry.patientId,
    hospitalId: entry.hospitalId,
    year,
    month,
    text,
    program: entry.program as CareProgram,
    categoryTemplateId: templateId,
    authorId: scope.userId,
  });
  return detailId;
}

/** Inside an open transaction: stops the running timer `entry` at `now` with what the stop call says. */
async function finishTimer(scope: Scope, tx: Executor, entry: repo.EntryRow, now: Date, stop: StopTrackingBody): Promise<void> {
  const { seconds, endedAt, autoClosed } = timerStopAt(entry.startedAt, now);
  const detailId = stop.noteText ? await writeEntryNote(scope, tx, entry, stop.noteText, stop.categoryTemplateId ?? null) : null;
  await repo.updateEntry(tenantDb(scope, tx), entry.id, {
    endedAt,
    seconds,
    autoClosed,
    interactive: stop.interactive ?? entry.interactive,
    activity: stop.activity ?? entry.activity,
    ...(detailId !== null ? { medicalNoteDetailId: detailId } : {}),
  });
}

/** Inside an open transaction: serialises the caller's timers and closes their forgotten ones. */
async function beginTimerChange(scope: Scope, tx: Executor, now: Date): Promise<void> {
  await repo.lockStaffTimers(tx, scope.userId);
  await repo.closeForgottenTimers(tenantDb(scope, tx), now, { staffUserId: scope.userId });
}

/**
 * `GET timetracking/getnotfinishedwithpatient`: the caller's running timer with its patient and
 * the seconds elapsed so far (so the page's timer survives a reload), or null. A timer open more
 * than 2 hours is first closed at start + 2 h (autoClosed), and then there is none.
 */
export async function getOpenTimer(ctx: AppContext, scope: Scope, now: Date = new Date()): Promise<OpenTimer | null> {
  await repo.closeForgottenTimers(tenantDb(scope, ctx.db), now, { staffUserId: scope.userId });
  const row = await repo.getOpenTimer(tenantDb(scope, ctx.db), scope.userId);
  return row ? openTimerView(scope, ctx.db, row.id, now) : null;
}

/**
 * `POST timetracking/starttrackingwithpatient`: starts a timer (an automatic entry) on a patient
 * the caller sees, in office `hospitalId` or the patient's first office among the caller's, for a
 * program enabled there. A running timer of the caller is stopped first, at this instant, without
 * a note (answered as `stopped`). 404 for a patient or office out of scope; 400 "Start tracking
 * error" when the patient has no office of the caller's (or not `hospitalId`); 400 "The {program}
 * program is not enabled for this office".
 */
export async function startTracking(ctx: AppContext, scope: Scope, body: StartTrackingBody, now: Date = new Date()): Promise<StartTrackingResult> {
  const { timerId, stoppedId } = await ctx.db.transaction(async (tx) => {
    await beginTimerChange(scope, tx, now);
    if (!(await getVisiblePatient(tenantDb(scope, tx), body.patientId))) { throw AppError.notFound(); }
    const office = await officeForPatient(scope, tx, body.patientId, body.hospitalId, 'startTrackingError');
    assertProgramEnabled(office, body.program);
    const running = await repo.getOpenTimer(tenantDb(scope, tx), scope.userId);
    if (running) { await finishTimer(scope, tx, running, now, {}); }
    const id = await repo.insertEntry(tenantDb(scope, tx), {
      patientId: body.patientId,
      hospitalId: office.id,
      staffUserId: scope.userId,
      program: body.program,
      activity: body.activity ?? '',
      interactive: false,
      startedAt: now,
      isAutomatic: true,
    });
    return { timerId: id, stoppedId: running?.id ?? null };
  });
  return {
    timer: await openTimerView(scope, ctx.db, timerId, now),
    stopped: stoppedId === null ? null : await entryView(scope, ctx.db, stoppedId),
  };
}

/**
 * `PUT timetracking/stoptrackingwithpatient`: stops the caller's running timer. Seconds are the
 * whole seconds since it started, at most 7200; `interactive` and `activity` are recorded; a
 * `noteText` becomes a detail of the patient's note of the entry's month (office time zone),
 * linked to the entry. 409 "Stop tracking error" when the caller has no running timer (a timer
 * left open more than 2 hours has already been closed: document it with the V2 call).
 */
export async function stopTracking(ctx: AppContext, scope: Scope, body: StopTrackingBody, now: Date = new Date()): Promise<TimeEntry> {
  const id = await ctx.db.transaction(async (tx) => {
    await beginTimerChange(scope, tx, now);
    const running = await repo.getOpenTimer(tenantDb(scope, tx), scope.userId);
    if (!running) { throw AppError.conflict('stopTrackingError'); }
    await finishTimer(scope, tx, running, now, body);
    return running.id;
  });
  return entryView(scope, ctx.db, id);
}

/**
 * `PUT timetracking/stoptrackingwithpatientV2`: stops the caller's timer `timeTrackingId` like
 * `stopTracking`. A timer that was closed at 2 hours (autoClosed) and has no note yet may be
 * documented once here: the note, interactive flag and activity are recorded, the seconds stay
 * 7200. 404 unless it is the caller's own timer entry; 409 "Stop tracking error" when it is
 * already stopped (or already documented).
 */
export async function stopTrackingV2(ctx: AppContext, scope: Scope, body: StopTrackingV2Body, now: Date = new Date()): Promise<TimeEntry> {
  await ctx.db.transaction(async (tx) => {
    await beginTimerChange(scope, tx, now);
    const entry = await repo.getEntry(tenantDb(scope, tx), body.timeTrackingId);
    if (!entry || entry.staffUserId !== scope.userId || !entry.isAutomatic) { throw AppError.notFound(); }
    if (entry.endedAt === null) { return finishTimer(scope, tx, entry, now, body); }
    if (!entry.autoClosed || entry.medicalNoteDetailId !== null || !body.noteText) { throw AppError.conflict('stopTrackingError'); }
    const detailId = await writeEntryNote(scope, tx, entry, body.noteText, body.categoryTemplateId ?? null);
    await repo.updateEntry(tenantDb(scope, tx), entry.id, {
      medicalNoteDetailId: detailId,
      interactive: body.interactive ?? entry.interactive,
      activity: body.activity ?? entry.activity,
    });
  });
  return entryView(scope, ctx.db, body.timeTrackingId);
}

/**
 * `GET timetracking/gettimeentriesforpatient` (chosen): the patient's entries that started in
 * calendar month `year`-`month` of their office's time zone (of office `hospitalId` when given),
 * oldest first, at most 1000, after closing the patient's forgotten timers. 404 for a patient or
 * office out of scope.
 */
export async function findEntriesForPatient(
  ctx: AppContext,
  scope: Scope,
  f: { patientId: number; year: number; month: number; hospitalId?: number },
  now: Date = new Date(),
): Promise<TimeEntry[]> {
  if (!(await getVisiblePatient(tenantDb(scope, ctx.db), f.patientId))) { throw AppError.notFound(); }
  if (f.hospitalId !== undefined && !(await getOfficeInScope(tenantDb(scope, ctx.db), f.hospitalId))) { throw AppError.notFound(); }
  await repo.closeForgottenTimers(tenantDb(scope, ctx.db), now, { patientId: f.patientId });
  const ids = await repo.findEntryIdsForPatientMonth(tenantDb(scope, ctx.db), f, TIME_ENTRIES_LIST_LIMIT);
  return entryViews(scope, ctx.db, ids);
}

/**
 * `PUT timetracking/{id}` (chosen): edits a manual entry: seconds (1..7200, else 400 "Time cannot
 * exceed 2 hours"; the entry keeps its start and ends `seconds` later), program (enabled in the
 * office; the note detail written with the entry follows), activity, interactive flag. 409
 * "Automatically added entries cannot be edited or deleted" for a timer entry; 403 unless the
 * caller wrote it or is an office admin.
 */
export async function updateEntry(ctx: AppContext, scope: Scope, id: number, body: UpdateTimeEntryBody): Promise<TimeEntry> {
  if (body.seconds !== undefined && body.seconds > TIME_ENTRY_MAX_SECONDS) { throw AppError.badRequest('timeLimit', { seconds: 'timeLimit' }); }
  await ctx.db.transaction(async (tx) => {
    const entry = await changeableManualEntry(scope, tx, id);
    if (body.program !== undefined && body.program !== entry.program) {
      const office = await getOfficeInScope(tenantDb(scope, tx), entry.hospitalId);
      if (!office) { throw AppError.notFound(); }
      assertProgramEnabled(office, body.program);
      if (entry.medicalNoteDetailId !== null) { await noteDetails().setDetailsProgram(tenantDb(scope, tx), [entry.medicalNoteDetailId], body.program); }
    }
    await repo.updateEntry(tenantDb(scope, tx), id, {
      ...(body.seconds !== undefined ? { seconds: body.seconds, endedAt: new Date(entry.startedAt.getTime() + body.seconds * 1000) } : {}),
      ...(body.program !== undefined ? { program: body.program } : {}),
      ...(body.activity !== undefined ? { activity: body.activity } : {}),
      ...(body.interactive !== undefined ? { interactive: body.interactive } : {}),
    });
  });
  return entryView(scope, ctx.db, id);
}

/**
 * `DELETE timetracking/{id}` (chosen): deletes a manual entry together with the note detail
 * written with it (and the month's note when that was its last detail). 409 for a timer entry;
 * 403 unless the caller wrote it or is an office admin.
 */
export async function deleteEntry(ctx: AppContext, scope: Scope, id: number): Promise<DeletedTimeEntry> {
  return ctx.db.transaction(async (tx) => {
    const { medicalNoteDetailId } = await deleteManualEntry(scope, tx, id);
    return { id, deletedMedicalNoteDetailId: medicalNoteDetailId };
  });
}
