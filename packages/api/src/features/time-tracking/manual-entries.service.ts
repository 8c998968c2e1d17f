import { TIME_ENTRY_MAX_SECONDS, type CareProgram } from '@vigil/contract';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { assertAuthorOrOfficeAdmin, assertProgramEnabled } from './care-rules';
import { noteDetails } from './note-details.port';
import * as repo from './time-tracking.repo';
import { tenantDb } from '../../db/handles';

/**
 * Manual care-time entries written on behalf of another feature, inside that feature's
 * transaction (the CCM record's time log: docs/ccm.md "One source of truth"). Time tracking owns
 * `time_entries`; these are its rules for a manual entry, the same as for the time-tracking and
 * medical-note screens (spec section 5):
 * - at most 2 hours (400 "Time cannot exceed 2 hours", `TIME_ENTRY_MAX_SECONDS`);
 * - not ending in the future (400 "The date cannot be in the future");
 * - for a program enabled in the office (400 "The {program} program is not enabled for this office");
 * - changed or deleted only by its author or an office admin of its office (403), never a timer
 *   entry (409 "Automatically added entries cannot be edited or deleted"); another office's entry
 *   reads as not found (404).
 * `fields` names the caller's form fields for the per-field messages (e.g. the CCM form's
 * `minutes` for the entry's length).
 */

/** The form fields the per-field messages go on. */
export interface ManualEntryFields {
  seconds: string;
  startedAt: string;
}
const defaultFields: ManualEntryFields = { seconds: 'seconds', startedAt: 'startedAt' };

/** A manual entry's own values: start instant, length in whole seconds (1..7200), activity text, real-time interactive contact. */
export interface ManualEntryValues {
  startedAt: Date;
  seconds: number;
  activity: string;
  interactive: boolean;
}

function checkLength(v: ManualEntryValues, now: Date, fields: ManualEntryFields): void {
  if (v.seconds > TIME_ENTRY_MAX_SECONDS) { throw AppError.badRequest('timeLimit', { [fields.seconds]: 'timeLimit' }); }
  if (v.startedAt.getTime() + v.seconds * 1000 > now.getTime()) { throw AppError.badRequest('futureDate', { [fields.startedAt]: 'futureDate' }); }
}

/**
 * Adds a finished manual entry of `program` by the caller for `patientId` in office `hospitalId`
 * (an office of the caller's scope: 404 otherwise) in transaction `tx`; returns its id. Errors as
 * above.
 */
export async function createManualEntry(
  scope: Scope,
  tx: Executor,
  target: { patientId: number; hospitalId: number; program: CareProgram; medicalNoteDetailId?: number },
  v: ManualEntryValues,
  now: Date = new Date(),
  fields: ManualEntryFields = defaultFields,
): Promise<number> {
  checkLength(v, now, fields);
  const office = await getOfficeInScope(tenantDb(scope, tx), target.hospitalId);
  if (!office) { throw AppError.notFound(); }
  assertProgramEnabled(office, target.program);
  return repo.insertEntry(tenantDb(scope, tx), {
    patientId: target.patientId,
    hospitalId: office.id,
    staffUserId: scope.userId,
    program: target.program,
    activity: v.activity,
    interactive: v.interactive,
    startedAt: v.startedAt,
    endedAt: new Date(v.startedAt.getTime() + v.seconds * 1000),
    seconds: v.seconds,
    isAutomatic: false,
    medicalNoteDetailId: target.medicalNoteDetailId ?? null,
  });
}

/** The manual entry `id` the caller may change: 404 out of scope, 409 for a timer entry, 403 unless author or office admin (the one rule of who changes care time). */
export async function changeableManualEntry(scope: Scope, tx: Executor, id: number): Promise<repo.EntryRow> {
  const entry = await repo.getEntry(tenantDb(scope, tx), id);
  if (!entry) { throw AppError.notFound(); }
  if (entry.isAutomatic) { throw AppError.conflict('automaticEntryLocked'); }
  assertAuthorOrOfficeAdmin(scope, entry.staffUserId);
  return entry;
}

/** Replaces the values of manual entry `id` in transaction `tx` (its program stays enabled in the office). Errors as above. */
export async function updateManualEntry(scope: Scope, tx: Executor, id: number, v: ManualEntryValues, now: Date = new Date(), fields: ManualEntryFields = defaultFields): Promise<void> {
  checkLength(v, now, fields);
  const entry = await changeableManualEntry(scope, tx, id);
  const office = await getOfficeInScope(tenantDb(scope, tx), entry.hospitalId);
  if (!office) { throw AppError.notFound(); }
  assertProgramEnabled(office, entry.program as CareProgram);
  await repo.updateEntry(tenantDb(scope, tx), id, {
    startedAt: v.startedAt,
    endedAt: new Date(v.startedAt.getTime() + v.seconds * 1000),
    seconds: v.seconds,
    activity: v.activity,
    interactive: v.interactive,
  });
}

/**
 * Deletes manual entry `id` in transaction `tx`, with the note detail written with it (and the
 * month's note when that was its last detail), as `DELETE timetracking/{id}` does. Errors as above.
 */
export async function deleteManualEntry(scope: Scope, tx: Executor, id: number): Promise<{ medicalNoteDetailId: number | null }> {
  const entry = await changeableManualEntry(scope, tx, id);
  await repo.deleteEntries(tenantDb(scope, tx), [id]);
  if (entry.medicalNoteDetailId !== null) { await noteDetails().deleteDetailsAndEmptyNotes(tenantDb(scope, tx), [entry.medicalNoteDetailId]); }
  return { medicalNoteDetailId: entry.medicalNoteDetailId };
}

/**
 * The entries documented by note details `detailIds` (medical notes: a detail's program changes,
 * or the detail or its note is deleted), for the medical-notes feature, which owns the details.
 * 409 `conflictCode` when any of them is a timer entry (spec section 5: "Automatically added
 * entries cannot be edited or deleted"; a note documenting timer time "cannot be deleted").
 */
async function manualEntriesOfDetails(scope: Scope, tx: Executor, detailIds: number[], conflictCode: 'automaticEntryLocked' | 'medicalNoteInUse') {
  const entries = await repo.findEntriesOfDetails(tenantDb(scope, tx), detailIds);
  if (entries.some((e) => e.isAutomatic)) { throw AppError.conflict(conflictCode); }
  return entries;
}

/**
 * Moves the manual entries documented by note details `detailIds` to `program` (enabled in their
 * office: 400 otherwise) in transaction `tx`, when a detail's program changes. 409
 * "Automatically added entries cannot be edited or deleted" when a detail documents a timer entry.
 * The detail's author rule is the medical notes' (the caller checked it).
 */
export async function moveDetailEntriesToProgram(scope: Scope, tx: Executor, detailIds: number[], program: CareProgram): Promise<void> {
  const entries = await manualEntriesOfDetails(scope, tx, detailIds, 'automaticEntryLocked');
  for (const e of entries) {
    const office = await getOfficeInScope(tenantDb(scope, tx), e.hospitalId);
    if (!office) { throw AppError.notFound(); }
    assertProgramEnabled(office, program);
    await repo.updateEntry(tenantDb(scope, tx), e.id, { program });
  }
}

/**
 * Deletes the manual entries documented by note details `detailIds` in transaction `tx`, when
 * those details (or their note) are deleted; returns the deleted entries' ids. 409 "This medical
 * note documents time tracked with the timer and cannot be deleted" when one is a timer entry.
 */
export async function deleteDetailEntries(scope: Scope, tx: Executor, detailIds: number[]): Promise<number[]> {
  const entries = await manualEntriesOfDetails(scope, tx, detailIds, 'medicalNoteInUse');
  return repo.deleteEntries(tenantDb(scope, tx), entries.map((e) => e.id));
}

/** The time-tracking view of entry `id` (staff, patient, note) in the caller's offices, or null. */
export async function entryView(scope: Scope, db: Executor, id: number): Promise<repo.EntryView | null> {
  const [view] = await repo.loadEntryViews(tenantDb(scope, db), [id]);
  return view ?? null;
}

/**
 * The automatic entry of a video or voice visit (docs/video-visits.md "Call records"): an
 * interactive timer entry of `program` for staff member `staffUserId`, `seconds` long from
 * `startedAt`, at most 2 hours (longer calls count 7200 seconds, like a timer left running),
 * linked to call `videoCallId`, written once per call and staff member inside the call's
 * transaction `tx`. Like every timer entry it cannot be edited or deleted afterwards.
 */
export async function recordCallEntry(
  scope: Scope,
  tx: Executor,
  v: { patientId: number; hospitalId: number; staffUserId: number; program: CareProgram; activity: string; startedAt: Date; seconds: number; videoCallId: number },
): Promise<void> {
  const seconds = Math.min(TIME_ENTRY_MAX_SECONDS, Math.max(0, Math.floor(v.seconds)));
  await repo.insertCallEntry(tenantDb(scope, tx), { ...v, seconds, endedAt: new Date(v.startedAt.getTime() + seconds * 1000) });
}
