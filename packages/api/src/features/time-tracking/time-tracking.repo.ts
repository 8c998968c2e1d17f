import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TIME_ENTRY_MAX_SECONDS, type CareProgram, type CareUserRef, type TimeEntry } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { hospitals, medicalNoteCategoryTemplates, medicalNoteDetails, timeEntries, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/**
 * The care-time records: time entries, and the note-detail primitives a stopped timer or a manual
 * entry writes (the medical-notes feature builds on these). Every function takes the caller's
 * scope first; rows outside it read as absent.
 */

/** Advisory lock key space (pg_advisory_xact_lock(space, id)): one staff member's timers. */
const LOCK_STAFF_TIMERS = 730_201;

// Offices and patients ---------------------------------------------------------------------------

export interface OfficeRow {
  id: number;
  timeZone: string;
  rpmEnabled: boolean;
  rtmEnabled: boolean;
  ccmEnabled: boolean;
}

/** The patient's offices among the caller's, lowest id first. */
export async function findPatientOfficeIds(tenant: TenantDb, patientId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: userHospitals.hospitalId })
    .from(userHospitals)
    .where(and(eq(userHospitals.userId, patientId), officeFilter(scope, userHospitals.hospitalId)))
    .orderBy(asc(userHospitals.hospitalId));
  return rows.map((r) => r.id);
}

/** The category template `templateId` of office `hospitalId` (in the caller's scope) with its status; null otherwise. */
export async function getTemplateOfOffice(tenant: TenantDb, templateId: number, hospitalId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: medicalNoteCategoryTemplates.id, status: medicalNoteCategoryTemplates.status })
    .from(medicalNoteCategoryTemplates)
    .where(
      and(
        eq(medicalNoteCategoryTemplates.id, templateId),
        eq(medicalNoteCategoryTemplates.hospitalId, hospitalId),
        officeFilter(scope, medicalNoteCategoryTemplates.hospitalId),
      ),
    )
    .limit(1);
  return row ?? null;
}

// Time entries -----------------------------------------------------------------------------------

export type EntryRow = typeof timeEntries.$inferSelect;

/** Serialises one staff member's timer changes until the transaction ends (one running timer per person). */
export async function lockStaffTimers(tx: Executor, staffUserId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_STAFF_TIMERS}::int, ${staffUserId}::int)`);
}

/**
 * Closes every forgotten timer in the caller's scope (of `filter.staffUserId` / `filter.patientId`
 * when given): a timer still open at `now` more than 2 hours after it started ends at exactly
 * start + 2 h with 7200 seconds and `autoClosed` (spec section 5 "Time cannot exceed 2 hours").
 * Returns the ids closed.
 */
export async function closeForgottenTimers(tenant: TenantDb, now: Date, filter: { staffUserId?: number; patientId?: number } = {}): Promise<number[]> {
  const { scope, db } = tenant;
  const limit = new Date(now.getTime() - TIME_ENTRY_MAX_SECONDS * 1000);
  const rows = await db
    .update(timeEntries)
    .set({ endedAt: sql`${timeEntries.startedAt} + make_interval(secs => ${TIME_ENTRY_MAX_SECONDS}::int)`, seconds: TIME_ENTRY_MAX_SECONDS, autoClosed: true })
    .where(
      and(
        isNull(timeEntries.endedAt),
        lt(timeEntries.startedAt, limit),
        filter.staffUserId !== undefined ? eq(timeEntries.staffUserId, filter.staffUserId) : undefined,
        filter.patientId !== undefined ? eq(timeEntries.patientId, filter.patientId) : undefined,
        officeFilter(scope, timeEntries.hospitalId),
      ),
    )
    .returning({ id: timeEntries.id });
  return rows.map((r) => r.id);
}

/** The open timer of `staffUserId` (the newest, should there be several), or null. */
export async function getOpenTimer(tenant: TenantDb, staffUserId: number): Promise<EntryRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.staffUserId, staffUserId), isNull(timeEntries.endedAt), officeFilter(scope, timeEntries.hospitalId)))
    .orderBy(desc(timeEntries.startedAt), desc(timeEntries.id))
    .limit(1);
  return row ?? null;
}

/** The entry `id` in the caller's offices, or null. */
export async function getEntry(tenant: TenantDb, id: number): Promise<EntryRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.id, id), officeFilter(scope, timeEntries.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** The entries documented by the details `detailIds` (in the caller's offices). */
export async function findEntriesOfDetails(tenant: TenantDb, detailIds: number[]) {
  const { scope, db } = tenant;
  if (detailIds.length === 0) { return []; }
  return db
    .select({ id: timeEntries.id, hospitalId: timeEntries.hospitalId, isAutomatic: timeEntries.isAutomatic, medicalNoteDetailId: timeEntries.medicalNoteDetailId })
    .from(timeEntries)
    .where(and(inArray(timeEntries.medicalNoteDetailId, detailIds), officeFilter(scope, timeEntries.hospitalId)));
}

export type NewEntry = Pick<typeof timeEntries.$inferInsert, 'patientId' | 'hospitalId' | 'staffUserId' | 'program' | 'activity' | 'interactive' | 'startedAt'> &
  Partial<Pick<typeof timeEntries.$inferInsert, 'endedAt' | 'seconds' | 'isAutomatic' | 'medicalNoteDetailId'>>;

/** Inserts an entry (a started timer, or a manual entry with its seconds) and returns its id. */
export async function insertEntry(tenant: TenantDb, values: NewEntry): Promise<number> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await db.insert(timeEntries).values(values).returning({ id: timeEntries.id });
  return row!.id;
}

/** Updates the entry `id` in the caller's offices. */
export async function updateEntry(
  tenant: TenantDb,
  id: number,
  values: Partial<Pick<EntryRow, 'startedAt' | 'endedAt' | 'seconds' | 'autoClosed' | 'interactive' | 'activity' | 'program' | 'medicalNoteDetailId'>>,
): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(timeEntries)
    .set(values)
    .where(and(eq(timeEntries.id, id), officeFilter(scope, timeEntries.hospitalId)));
}

/** Deletes the entries `ids` in the caller's offices; returns the ids deleted. */
export async function deleteEntries(tenant: TenantDb, ids: number[]): Promise<number[]> {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  const rows = await db
    .delete(timeEntries)
    .where(and(inArray(timeEntries.id, ids), officeFilter(scope, timeEntries.hospitalId)))
    .returning({ id: timeEntries.id });
  return rows.map((r) => r.id);
}

/**
 * The ids of the patient's entries (in the caller's offices; of office `hospitalId` when given)
 * that started in calendar month `year`-`month` of their office's time zone, oldest first, at
 * most `limit`. A UTC window one day wider than the month narrows the scan before the zone test.
 */
export async function findEntryIdsForPatientMonth(
  tenant: TenantDb,
  f: { patientId: number; year: number; month: number; hospitalId?: number },
  limit: number,
): Promise<number[]> {
  const { scope, db } = tenant;
  const from = new Date(Date.UTC(f.year, f.month - 1, 1) - 86_400_000);
  const to = new Date(Date.UTC(f.year, f.month, 1) + 86_400_000);
  const local = sql`(${timeEntries.startedAt} at time zone ${hospitals.timeZone})`;
  const rows = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .innerJoin(hospitals, eq(hospitals.id, timeEntries.hospitalId))
    .where(
      and(
        eq(timeEntries.patientId, f.patientId),
        f.hospitalId !== undefined ? eq(timeEntries.hospitalId, f.hospitalId) : undefined,
        gte(timeEntries.startedAt, from),
        lt(timeEntries.startedAt, to),
        sql`extract(year from ${local}) = ${f.year}`,
        sql`extract(month from ${local}) = ${f.month}`,
        officeFilter(scope, timeEntries.hospitalId),
      ),
    )
    .orderBy(asc(timeEntries.startedAt), asc(timeEntries.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

const staff = alias(users, 'staff');
const patient = alias(users, 'patient');

/** An entry's view with its patient's name. */
export interface EntryView {
  entry: TimeEntry;
  patient: CareUserRef;
}

/** The views of entries `ids` (in the caller's offices) with staff, note and patient, in the order of `ids`. */
export async function loadEntryViews(tenant: TenantDb, ids: number[]): Promise<EntryView[]> {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  const rows = await db
    .select({
      e: timeEntries,
      staffFirstName: staff.firstName,
      staffLastName: staff.lastName,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      noteId: medicalNoteDetails.id,
      noteMedicalNoteId: medicalNoteDetails.medicalNoteId,
      noteText: medicalNoteDetails.text,
    })
    .from(timeEntries)
    .innerJoin(staff, eq(staff.id, timeEntries.staffUserId))
    .innerJoin(patient, eq(patient.id, timeEntries.patientId))
    .leftJoin(medicalNoteDetails, eq(medicalNoteDetails.id, timeEntries.medicalNoteDetailId))
    .where(and(inArray(timeEntries.id, ids), officeFilter(scope, timeEntries.hospitalId)));
  const byId = new Map(
    rows.map((r): [number, EntryView] => [
      r.e.id,
      {
        patient: { id: r.e.patientId, firstName: r.patientFirstName, lastName: r.patientLastName },
        entry: {
        id: r.e.id,
        patientId: r.e.patientId,
        hospitalId: r.e.hospitalId,
        staff: { id: r.e.staffUserId, firstName: r.staffFirstName, lastName: r.staffLastName },
        program: r.e.program as CareProgram,
        activity: r.e.activity,
        interactive: r.e.interactive,
        startedAt: r.e.startedAt.toISOString(),
        endedAt: r.e.endedAt?.toISOString() ?? null,
        seconds: r.e.seconds,
        isAutomatic: r.e.isAutomatic,
        autoClosed: r.e.autoClosed,
        medicalNoteDetailId: r.e.medicalNoteDetailId,
        note: r.noteId !== null ? { id: r.noteId, medicalNoteId: r.noteMedicalNoteId!, text: r.noteText! } : null,
        videoCallId: r.e.videoCallId,
        },
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Writes the automatic interactive entry of a video or voice visit for one staff member, inside
 * the call's transaction. Exactly once: the unique index (video_call_id, staff_user_id) makes a
 * second write a no-op.
 */
export async function insertCallEntry(
  tenant: TenantDb,
  values: Pick<typeof timeEntries.$inferInsert, 'patientId' | 'hospitalId' | 'staffUserId' | 'program' | 'activity' | 'startedAt' | 'endedAt' | 'seconds' | 'videoCallId'>,
): Promise<void> {
  const { scope, db: tx } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  await tx
    .insert(timeEntries)
    .values({ ...values, interactive: true, isAutomatic: true })
    .onConflictDoNothing({ target: [timeEntries.videoCallId, timeEntries.staffUserId] });
}
