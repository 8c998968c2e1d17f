import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { languageFromStored, type Lang, type RoleId } from '@vigil/contract';
import type { Executor } from '../../db/client';
import {
  patientBillingProfiles,
  patientProgramEnrolments,
  timeEntries,
  userHospitals,
  users,
  videoCallParticipants,
  videoCallRings,
  videoCalls,
} from '../../db/schema/index';
import { officeFilter, userFilter } from '../../db/scope';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';

/**
 * Call records of video and phone visits, their participants and rings (docs/video-visits.md
 * "Call records", "Ringing"). Every read goes through the call's office (`officeFilter`); the
 * participant and ring rows are reached through their call.
 */

export type CallRow = typeof videoCalls.$inferSelect;
export type ParticipantRow = typeof videoCallParticipants.$inferSelect;
export type RingRow = typeof videoCallRings.$inferSelect;

const OPEN = ['ringing', 'active'];

/** The appointment's open call (ringing or active) in the caller's offices, locked for the transaction; or null. */
export async function lockOpenCall(tenant: TenantDb, appointmentId: number): Promise<CallRow | null> {
  const { scope, db: tx } = tenant;
  const [row] = await tx
    .select()
    .from(videoCalls)
    .where(and(eq(videoCalls.appointmentId, appointmentId), inArray(videoCalls.status, OPEN), officeFilter(scope, videoCalls.hospitalId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * The appointment's open call, opened now with `values` when there is none. Two API processes
 * opening one at once meet at the unique index `video_calls_open_uq`: the loser reads the
 * winner's call.
 */
export async function openCall(
  tenant: TenantDb,
  values: Pick<typeof videoCalls.$inferInsert, 'appointmentId' | 'hospitalId' | 'kind' | 'status' | 'startedBy' | 'startedAt'>,
): Promise<{ call: CallRow; created: boolean }> {
  const { scope, db: tx } = tenant;
  const existing = await lockOpenCall(tenantDb(scope, tx), values.appointmentId);
  if (existing) { return { call: existing, created: false }; }
  const [inserted] = await tx.insert(videoCalls).values(values).onConflictDoNothing().returning();
  if (inserted) { return { call: inserted, created: true }; }
  const raced = await lockOpenCall(tenantDb(scope, tx), values.appointmentId);
  return { call: raced!, created: false };
}

/** Sets the call `id` active (a ringing call that someone admitted or answered). */
export async function activateCall(tenant: TenantDb, id: number): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx
    .update(videoCalls)
    .set({ status: 'active' })
    .where(and(eq(videoCalls.id, id), eq(videoCalls.status, 'ringing'), officeFilter(scope, videoCalls.hospitalId)));
}

/**
 * Closes the open call `id` with `status` at `endedAt` (duration in whole seconds from its start).
 * Returns the closed row, or null when it was no longer open: of two concurrent stops only one
 * gets the row (the second waits for the first's commit and then finds it closed).
 */
export async function closeCall(tenant: TenantDb, id: number, status: 'completed' | 'missed' | 'declined', endedAt: Date): Promise<CallRow | null> {
  const { scope, db: tx } = tenant;
  const [row] = await tx
    .update(videoCalls)
    .set({
      status,
      endedAt,
      durationSeconds: sql`greatest(0, floor(extract(epoch from (${endedAt.toISOString()}::timestamptz - ${videoCalls.startedAt}))))::int`,
    })
    .where(and(eq(videoCalls.id, id), inArray(videoCalls.status, OPEN), officeFilter(scope, videoCalls.hospitalId)))
    .returning();
  return row ?? null;
}

/** Records a join of the room (`callId` null while no call is open). */
export async function insertParticipant(tx: Executor, values: typeof videoCallParticipants.$inferInsert): Promise<void> {
  await tx.insert(videoCallParticipants).values(values);
}

/** Ends the room presence of `peerId` in the appointment's room at `at`. */
export async function closeParticipant(tx: Executor, appointmentId: number, peerId: string, at: Date): Promise<void> {
  await tx
    .update(videoCallParticipants)
    .set({ leftAt: at })
    .where(and(eq(videoCallParticipants.appointmentId, appointmentId), eq(videoCallParticipants.peerId, peerId), isNull(videoCallParticipants.leftAt)));
}

/** Attaches the people still in the appointment's room (joined before the call opened) to call `callId`. */
export async function attachPresentParticipants(tx: Executor, appointmentId: number, callId: number): Promise<void> {
  await tx
    .update(videoCallParticipants)
    .set({ callId })
    .where(and(eq(videoCallParticipants.appointmentId, appointmentId), isNull(videoCallParticipants.callId), isNull(videoCallParticipants.leftAt)));
}

/** Closes at `at` every presence of call `callId` still open (the call ended for everyone). */
export async function closeParticipantsOfCall(tx: Executor, callId: number, at: Date): Promise<void> {
  await tx.update(videoCallParticipants).set({ leftAt: at }).where(and(eq(videoCallParticipants.callId, callId), isNull(videoCallParticipants.leftAt)));
}

/** The presences of call `callId`, oldest first. */
export async function participantsOf(tx: Executor, callId: number): Promise<ParticipantRow[]> {
  return tx.select().from(videoCallParticipants).where(eq(videoCallParticipants.callId, callId)).orderBy(asc(videoCallParticipants.joinedAt), asc(videoCallParticipants.id));
}

/**
 * The patient's program for an automatic entry: the enrolled programs (the billing type first,
 * then by enrolment date), else the billing type; null when the patient has neither.
 */
export async function patientPrograms(tx: Executor, patientId: number): Promise<string[]> {
  const [profile] = await tx.select({ billingType: patientBillingProfiles.billingType }).from(patientBillingProfiles).where(eq(patientBillingProfiles.patientId, patientId));
  const enrolled = await tx
    .select({ program: patientProgramEnrolments.program })
    .from(patientProgramEnrolments)
    .where(eq(patientProgramEnrolments.patientId, patientId))
    .orderBy(asc(patientProgramEnrolments.enrolledOn), asc(patientProgramEnrolments.program));
  const list = enrolled.map((e) => e.program);
  if (profile && list.includes(profile.billingType)) { return [profile.billingType, ...list.filter((p) => p !== profile.billingType)]; }
  if (list.length > 0) { return list; }
  return profile ? [profile.billingType] : [];
}

/** A callee as the ring needs it: visible to the caller (`userFilter`), with role, name and whether the office is theirs. */
export async function calleeOf(tenant: TenantDb, userId: number, hospitalId: number): Promise<{ id: number; roleId: RoleId; name: string; inOffice: boolean } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({
      id: users.id,
      roleId: users.roleId,
      firstName: users.firstName,
      lastName: users.lastName,
      inOffice: sql<boolean>`exists (select 1 from ${userHospitals} where ${userHospitals.userId} = ${users.id} and ${userHospitals.hospitalId} = ${hospitalId})`,
    })
    .from(users)
    .where(and(eq(users.id, userId), userFilter(scope, users.id)))
    .limit(1);
  return row ? { id: row.id, roleId: row.roleId as RoleId, name: `${row.firstName} ${row.lastName}`.trim(), inOffice: row.inOffice } : null;
}

/** Inserts a ring and returns it. */
export async function insertRing(tx: Executor, values: Pick<typeof videoCallRings.$inferInsert, 'callId' | 'callerUserId' | 'calleeUserId' | 'expiresAt'>): Promise<RingRow> {
  const [row] = await tx.insert(videoCallRings).values(values).returning();
  return row!;
}

/** The ring `id` with its call, when the call is in the caller's offices; locked for the transaction. */
export async function lockRing(tenant: TenantDb, id: number): Promise<{ ring: RingRow; call: CallRow } | null> {
  const { scope, db: tx } = tenant;
  const [row] = await tx
    .select({ ring: videoCallRings, call: videoCalls })
    .from(videoCallRings)
    .innerJoin(videoCalls, eq(videoCalls.id, videoCallRings.callId))
    .where(and(eq(videoCallRings.id, id), officeFilter(scope, videoCalls.hospitalId)))
    .limit(1)
    .for('update', { of: videoCallRings });
  return row ?? null;
}

/** Sets a ringing ring's answer; returns the ring, or null when it no longer rang. */
export async function answerRing(tx: Executor, id: number, status: 'accepted' | 'declined' | 'missed', at: Date): Promise<RingRow | null> {
  const [row] = await tx
    .update(videoCallRings)
    .set({ status, answeredAt: status === 'missed' ? null : at })
    .where(and(eq(videoCallRings.id, id), eq(videoCallRings.status, 'ringing')))
    .returning();
  return row ?? null;
}

/** Rings of `callIds` (or every ring, across offices, whose time is up at `now`) still ringing past `now`: marked missed and returned. */
export async function expireRings(tx: Executor, now: Date, callIds?: number[]): Promise<RingRow[]> {
  return tx
    .update(videoCallRings)
    .set({ status: 'missed' })
    .where(and(eq(videoCallRings.status, 'ringing'), lte(videoCallRings.expiresAt, now), callIds ? inArray(videoCallRings.callId, callIds) : undefined))
    .returning();
}

/** Marks missed every ring of call `callId` still ringing (the call ended). */
export async function missOpenRings(tx: Executor, callId: number): Promise<RingRow[]> {
  return tx
    .update(videoCallRings)
    .set({ status: 'missed' })
    .where(and(eq(videoCallRings.callId, callId), eq(videoCallRings.status, 'ringing')))
    .returning();
}

/** The statuses of call `callId`'s rings. */
export async function ringStatusesOf(tx: Executor, callId: number): Promise<string[]> {
  return (await tx.select({ status: videoCallRings.status }).from(videoCallRings).where(eq(videoCallRings.callId, callId))).map((r) => r.status);
}

/** The call `id` (any office: the server's own work, e.g. after expiring a ring). */
export async function getCallUnscoped(tx: Executor, id: number): Promise<CallRow | null> {
  const [row] = await tx.select().from(videoCalls).where(eq(videoCalls.id, id)).limit(1);
  return row ?? null;
}

/** The calls of the appointment in the caller's offices, oldest first. */
export async function findCalls(tenant: TenantDb, appointmentId: number): Promise<CallRow[]> {
  const { scope, db } = tenant;
  return db
    .select()
    .from(videoCalls)
    .where(and(eq(videoCalls.appointmentId, appointmentId), officeFilter(scope, videoCalls.hospitalId)))
    .orderBy(asc(videoCalls.startedAt), asc(videoCalls.id));
}

/** The rings of calls `callIds`, oldest first. */
export async function ringsOf(db: Executor, callIds: number[]): Promise<RingRow[]> {
  if (callIds.length === 0) { return []; }
  return db.select().from(videoCallRings).where(inArray(videoCallRings.callId, callIds)).orderBy(asc(videoCallRings.createdAt), asc(videoCallRings.id));
}

/** The presences of calls `callIds`, oldest first. */
export async function participantsOfCalls(db: Executor, callIds: number[]): Promise<ParticipantRow[]> {
  if (callIds.length === 0) { return []; }
  return db.select().from(videoCallParticipants).where(inArray(videoCallParticipants.callId, callIds)).orderBy(asc(videoCallParticipants.joinedAt), asc(videoCallParticipants.id));
}

/** The automatic entries of calls `callIds` (in the caller's offices). */
export async function entriesOfCalls(tenant: TenantDb, callIds: number[]) {
  const { scope, db } = tenant;
  if (callIds.length === 0) { return []; }
  return db
    .select({ id: timeEntries.id, callId: timeEntries.videoCallId, staffUserId: timeEntries.staffUserId, program: timeEntries.program, seconds: timeEntries.seconds, interactive: timeEntries.interactive })
    .from(timeEntries)
    .where(and(inArray(timeEntries.videoCallId, callIds), officeFilter(scope, timeEntries.hospitalId)))
    .orderBy(asc(timeEntries.id));
}

/** Full names of `ids` (people already reached through a scoped row). */
/** The UI language of each of `ids` (users.language; spec section 1: ENG is English, anything else Spanish). */
export async function languagesOf(db: Executor, ids: number[]): Promise<Map<number, Lang>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) { return new Map(); }
  const rows = await db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, languageFromStored(r.language)]));
}

export async function namesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) { return new Map(); }
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}
