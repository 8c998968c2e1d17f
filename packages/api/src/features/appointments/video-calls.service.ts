import {
  can,
  isCareProgramEnabled,
  NotificationType,
  TIME_ENTRY_MAX_SECONDS,
  type AnswerRingBody,
  type CareProgram,
  type InitVideoCallBody,
  type InitVideoCallResult,
  type Ring,
  type VideoCall,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { systemScope, type Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { createAndDeliver } from '../notifications/index';
import { assertProgramEnabled, recordCallEntry } from '../time-tracking/index';
import type * as apptRepo from './appointments.repo';
import { visibleAppointment } from './appointments.service';
import * as repo from './video-calls.repo';
import { assertMayEnter } from './visit-access';
import { tenantDb } from '../../db/handles';

/**
 * Call records of video and phone visits, the automatic interactive time entry and ringing
 * (docs/video-visits.md "Call records", "Automatic time entry", "Ringing"; issue scope "Video and
 * voice visits": "A call is recorded (start, end, participants, duration). A completed call with
 * the patient or caregiver adds an automatic time entry for the staff member, marked as a
 * real-time interactive communication").
 */

/** A presence interval in epoch milliseconds. */
export interface Presence {
  userId: number;
  from: number;
  to: number;
}

/**
 * Whole seconds each person spent in a call from `start` to `end` (epoch ms): the union of their
 * presences clipped to the call, so two tabs of one person, or a rejoin overlapping the previous
 * presence, count once. A presence still open counts up to `end`.
 */
export function secondsInCall(presences: Presence[], start: number, end: number): Map<number, { seconds: number; firstAt: number }> {
  const byUser = new Map<number, [number, number][]>();
  for (const p of presences) {
    const from = Math.max(p.from, start);
    const to = Math.min(p.to, end);
    if (to <= from) { continue; }
    const list = byUser.get(p.userId) ?? [];
    list.push([from, to]);
    byUser.set(p.userId, list);
  }
  const out = new Map<number, { seconds: number; firstAt: number }>();
  for (const [userId, list] of byUser) {
    list.sort((a, b) => a[0] - b[0]);
    let total = 0;
    let [curFrom, curTo] = list[0]!;
    for (const [from, to] of list.slice(1)) {
      if (from <= curTo) { curTo = Math.max(curTo, to); }
      else {
        total += curTo - curFrom;
        [curFrom, curTo] = [from, to];
      }
    }
    total += curTo - curFrom;
    out.set(userId, { seconds: Math.floor(total / 1000), firstAt: list[0]![0] });
  }
  return out;
}

const callKindOf = (row: apptRepo.AppointmentRow, audioOnly?: boolean) => (audioOnly ?? row.kind === 'PHONE' ? 'audio' : 'video');

/**
 * Inside `startvideocall`'s transaction: opens the appointment's call (or makes its ringing call
 * active) and attaches the people already in the room.
 */
export async function recordCallStarted(scope: Scope, tx: Executor, row: apptRepo.AppointmentRow, now: Date): Promise<void> {
  const { call } = await repo.openCall(tenantDb(scope, tx), { appointmentId: row.id, hospitalId: row.hospitalId, kind: callKindOf(row), status: 'active', startedBy: scope.userId, startedAt: now });
  if (call.status === 'ringing') { await repo.activateCall(tenantDb(scope, tx), call.id); }
  await repo.attachPresentParticipants(tx, row.id, call.id);
}

/**
 * The program of an automatic entry for a staff member who did not pick one: the patient's
 * enrolled programs enabled in the office (the billing type first), else the first of them, else
 * the billing type; null when the patient has no program at all (then no entry is written).
 */
async function defaultProgram(tx: Executor, row: apptRepo.AppointmentRow, office: Parameters<typeof isCareProgramEnabled>[0]): Promise<CareProgram | null> {
  const programs = (await repo.patientPrograms(tx, row.patient.id)) as CareProgram[];
  return programs.find((p) => isCareProgramEnabled(office, p)) ?? programs[0] ?? null;
}

/** The activity of an automatic call entry, in each language. */
const CALL_ACTIVITY = { video: { en: 'Video visit', es: 'Visita por video' }, audio: { en: 'Voice visit', es: 'Visita por voz' } } as const;

/**
 * Inside `stopvideocall`'s transaction: closes the open call as completed (duration from its
 * start), ends the presences still open, marks its unanswered rings missed, and, when a patient or
 * caregiver was in the call, writes for each staff member in it one automatic entry (interactive,
 * `isAutomatic`, linked to the call): their seconds in the call (at most 7200, spec section 5), for
 * `program` when it is the caller's own entry (400 when the office has not enabled it), else the
 * patient's program (`defaultProgram`). Exactly once: the call closes only for one of two
 * concurrent stops, and the unique index (video_call_id, staff_user_id) backs it up. Returns the
 * rings it marked missed (to tell their people after the commit).
 */
export async function recordCallStopped(scope: Scope, tx: Executor, row: apptRepo.AppointmentRow, program: CareProgram | undefined, now: Date): Promise<Ring[]> {
  const office = await getOfficeInScope(tenantDb(scope, tx), row.hospitalId);
  if (!office) { throw AppError.notFound(); }
  if (program !== undefined) { assertProgramEnabled(office, program); }
  const open = await repo.lockOpenCall(tenantDb(scope, tx), row.id);
  if (!open) { return []; }
  const call = await repo.closeCall(tenantDb(scope, tx), open.id, 'completed', now);
  if (!call) { return []; }
  const missed = await repo.missOpenRings(tx, call.id);
  await repo.closeParticipantsOfCall(tx, call.id, now);
  const presences = await repo.participantsOf(tx, call.id);
  const hadGuest = presences.some((p) => p.role !== 'staff');
  if (hadGuest) {
    const staff = presences.filter((p) => p.role === 'staff').map((p) => ({ userId: p.userId, from: p.joinedAt.getTime(), to: (p.leftAt ?? now).getTime() }));
    const fallback = await defaultProgram(tx, row, office);
    const languages = await repo.languagesOf(tx, staff.map((p) => p.userId));
    for (const [userId, t] of secondsInCall(staff, call.startedAt.getTime(), now.getTime())) {
      const seconds = Math.min(TIME_ENTRY_MAX_SECONDS, t.seconds);
      const entryProgram = userId === scope.userId && program !== undefined ? program : fallback;
      if (seconds <= 0 || entryProgram === null) { continue; }
      // Care time is time tracking's: written through its service (one writer, docs/architecture.md "Table ownership").
      await recordCallEntry(scope, tx, {
        patientId: row.patient.id,
        hospitalId: row.hospitalId,
        staffUserId: userId,
        program: entryProgram,
        // The activity is the entry's free text, shown as written: in the staff member's language.
        activity: CALL_ACTIVITY[call.kind === 'audio' ? 'audio' : 'video'][languages.get(userId) ?? 'es'],
        startedAt: new Date(t.firstAt),
        seconds,
        videoCallId: call.id,
      });
    }
  }
  return ringViews(tx, row, missed);
}

/** Socket presence of the visit's room: a join (with the open call, if any) ... */
export async function recordJoin(
  tx: Executor,
  row: apptRepo.AppointmentRow,
  who: { userId: number; invitationId: number | null; guest: boolean },
  peerId: string,
  now: Date,
): Promise<void> {
  const open = await repo.lockOpenCall(tenantDb(systemScope, tx), row.id);
  await repo.insertParticipant(tx, {
    appointmentId: row.id,
    callId: open?.id ?? null,
    userId: who.userId,
    invitationId: who.invitationId,
    role: !who.guest ? 'staff' : who.userId === row.patient.id ? 'patient' : 'caregiver',
    peerId,
    joinedAt: now,
  });
}

/** ... and a leave (or the socket closing). */
export async function recordLeave(tx: Executor, appointmentId: number, peerId: string, now: Date): Promise<void> {
  await repo.closeParticipant(tx, appointmentId, peerId, now);
}

/**
 * `GET appointments/calls/{appointmentId}`: the visit's calls, oldest first, with their
 * presences, rings and automatic entries. 404 when the appointment is not the caller's to see.
 * Rings whose time is up are first recorded as missed.
 */
export async function findCalls(ctx: AppContext, scope: Scope, appointmentId: number, now = new Date()): Promise<VideoCall[]> {
  await visibleAppointment(scope, ctx.db, appointmentId);
  const calls = await repo.findCalls(tenantDb(scope, ctx.db), appointmentId);
  if (calls.some((c) => c.status === 'ringing')) {
    await expireRingsNow(ctx, now, calls.filter((c) => c.status === 'ringing').map((c) => c.id));
    return callViews(ctx, scope, await repo.findCalls(tenantDb(scope, ctx.db), appointmentId));
  }
  return callViews(ctx, scope, calls);
}


async function callViews(ctx: AppContext, scope: Scope, calls: repo.CallRow[]): Promise<VideoCall[]> {
  const ids = calls.map((c) => c.id);
  const [presences, rings, entries] = await Promise.all([repo.participantsOfCalls(ctx.db, ids), repo.ringsOf(ctx.db, ids), repo.entriesOfCalls(tenantDb(scope, ctx.db), ids)]);
  const names = await repo.namesOf(ctx.db, [
    ...calls.flatMap((c) => (c.startedBy === null ? [] : [c.startedBy])),
    ...presences.map((p) => p.userId),
    ...rings.map((r) => r.calleeUserId),
    ...entries.map((e) => e.staffUserId),
  ]);
  const person = (id: number) => ({ id, name: names.get(id) ?? '' });
  return calls.map((c) => ({
    callId: c.id,
    appointmentId: c.appointmentId,
    kind: c.kind as VideoCall['kind'],
    status: c.status as VideoCall['status'],
    startedBy: c.startedBy === null ? null : person(c.startedBy),
    startedAt: c.startedAt.toISOString(),
    endedAt: c.endedAt?.toISOString() ?? null,
    durationSeconds: c.durationSeconds,
    participants: presences
      .filter((p) => p.callId === c.id)
      .map((p) => ({ userId: p.userId, name: names.get(p.userId) ?? '', role: p.role as 'staff' | 'patient' | 'caregiver', joinedAt: p.joinedAt.toISOString(), leftAt: p.leftAt?.toISOString() ?? null })),
    rings: rings
      .filter((r) => r.callId === c.id)
      .map((r) => ({ ringId: r.id, callee: person(r.calleeUserId), status: r.status as Ring['status'], createdAt: r.createdAt.toISOString(), answeredAt: r.answeredAt?.toISOString() ?? null })),
    timeEntries: entries
      .filter((e) => e.callId === c.id)
      .map((e) => ({ timeEntryId: e.id, staff: person(e.staffUserId), program: e.program as CareProgram, seconds: e.seconds ?? 0, interactive: e.interactive })),
  }));
}

async function ringViews(db: Executor, row: Pick<apptRepo.AppointmentRow, 'id' | 'hospitalId' | 'patient'>, rings: repo.RingRow[]): Promise<Ring[]> {
  if (rings.length === 0) { return []; }
  const names = await repo.namesOf(db, rings.flatMap((r) => [r.callerUserId, r.calleeUserId]));
  const calls = new Map<number, repo.CallRow>();
  for (const r of rings) { if (!calls.has(r.callId)) { calls.set(r.callId, (await repo.getCallUnscoped(db, r.callId))!); } }
  return rings.map((r) => ({
    ringId: r.id,
    callId: r.callId,
    appointmentId: row.id,
    hospitalId: row.hospitalId,
    patientId: row.patient.id,
    caller: { id: r.callerUserId, name: names.get(r.callerUserId) ?? '' },
    callee: { id: r.calleeUserId, name: names.get(r.calleeUserId) ?? '' },
    kind: calls.get(r.callId)!.kind as Ring['kind'],
    status: r.status as Ring['status'],
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Tells the caller and the callee of each ring its state (socket event `videoCallRing`). */
export async function publishRings(ctx: AppContext, rings: Ring[]): Promise<void> {
  if (rings.length === 0) { return; }
  await ctx.realtime.publish(
    rings.flatMap((r) => [
      { userId: r.callee.id, message: { type: 'videoCallRing' as const, data: r } },
      { userId: r.caller.id, message: { type: 'videoCallRing' as const, data: r } },
    ]),
  );
}

/**
 * Closes a call that was only ringing once none of its rings rings any more: declined when a
 * callee declined, else missed. Inside a transaction.
 */
async function settleRingingCall(tx: Executor, callId: number, now: Date): Promise<void> {
  const call = await repo.getCallUnscoped(tx, callId);
  if (!call || call.status !== 'ringing') { return; }
  const statuses = await repo.ringStatusesOf(tx, callId);
  if (statuses.some((s) => s === 'ringing' || s === 'accepted')) { return; }
  await repo.closeCall(tenantDb(systemScope, tx), callId, statuses.includes('declined') ? 'declined' : 'missed', now);
}

/**
 * Records as missed every ring whose time (`VIGIL_RING_TIMEOUT_SECONDS`) is up (of `callIds`, or
 * of every office: the per-minute job), closes calls that only rang, and tells the people. Safe to
 * run concurrently: a ring turns missed once. Returns how many rings it marked missed.
 */
export async function expireRingsNow(ctx: AppContext, now = new Date(), callIds?: number[]): Promise<number> {
  const missed = await ctx.db.transaction(async (tx) => {
    const rings = await repo.expireRings(tx, now, callIds);
    for (const callId of new Set(rings.map((r) => r.callId))) { await settleRingingCall(tx, callId, now); }
    return rings;
  });
  const views: Ring[] = [];
  for (const r of missed) {
    const call = await repo.getCallUnscoped(ctx.db, r.callId);
    const row = call && (await visibleAppointment(systemScope, ctx.db, call.appointmentId).catch(() => null));
    if (row) { views.push(...(await ringViews(ctx.db, row, [r]))); }
  }
  await publishRings(ctx, views);
  return missed.length;
}

/** Whether the user may enter the visit: its doctor or an attendee, or staff of its office with `visits.officeAll`. */
function calleeMayEnter(row: apptRepo.AppointmentRow, callee: NonNullable<Awaited<ReturnType<typeof repo.calleeOf>>>): boolean {
  if (!can(callee.roleId, 'visits.join')) { return false; }
  if (row.doctor.id === callee.id || row.attendees.some((p) => p.id === callee.id)) { return true; }
  return can(callee.roleId, 'visits.officeAll') && callee.inOffice;
}

/**
 * `POST pushnotifications/initvideocallwithuser`: rings staff to join the visit's call. The call
 * is the appointment's open one, or a new ringing call. Each callee gets a socket event
 * `videoCallRing` and a stored notification (type 8); they accept or decline with
 * `PUT appointments/calls/answer`, or the ring is missed after `VIGIL_RING_TIMEOUT_SECONDS`.
 * 404 for a visit or a callee the caller does not see; 403 when the caller may not enter the visit;
 * 400 for ringing oneself; 409 for an in-person or closed visit, or a callee who may not enter it
 * (not its doctor or an attendee, nor office staff with `visits.officeAll`).
 */
export async function ringUsers(ctx: AppContext, scope: Scope, body: InitVideoCallBody, now = new Date()): Promise<InitVideoCallResult> {
  const userIds = [...new Set(body.userIds)];
  const { row, rings } = await ctx.db.transaction(async (tx) => {
    const row = await visibleAppointment(scope, tx, body.appointmentId);
    assertMayEnter(scope, row);
    if (row.kind === 'IN_PERSON') { throw AppError.conflict('appointmentNotVideo'); }
    if (row.status !== 'SCHEDULED' && row.status !== 'IN_PROGRESS') { throw AppError.conflict('appointmentClosed'); }
    if (userIds.includes(scope.userId)) { throw AppError.badRequest('ringCalleeSelf', { userIds: 'ringCalleeSelf' }); }
    for (const id of userIds) {
      const callee = await repo.calleeOf(tenantDb(scope, tx), id, row.hospitalId);
      if (!callee) { throw AppError.notFound(); }
      if (!calleeMayEnter(row, callee)) { throw AppError.conflict('ringCalleeCannotEnter'); }
    }
    const { call } = await repo.openCall(tenantDb(scope, tx), {
      appointmentId: row.id,
      hospitalId: row.hospitalId,
      kind: callKindOf(row, body.audioOnly),
      status: 'ringing',
      startedBy: scope.userId,
      startedAt: now,
    });
    const expiresAt = new Date(now.getTime() + ctx.config.ringTimeoutSeconds * 1000);
    const inserted: repo.RingRow[] = [];
    for (const id of userIds) { inserted.push(await repo.insertRing(tx, { callId: call.id, callerUserId: scope.userId, calleeUserId: id, expiresAt })); }
    return { row, rings: await ringViews(tx, row, inserted) };
  });
  await publishRings(ctx, rings);
  const patientName = `${row.patient.firstName} ${row.patient.lastName}`.trim();
  await createAndDeliver(
    ctx,
    rings.map((r) => ({
      notificationTypeId: NotificationType.VIDEO_CALL,
      fromUserId: scope.userId,
      toUserId: r.callee.id,
      relatedPatientId: row.patient.id,
      hospitalId: row.hospitalId,
      messageEn: `${r.caller.name} is calling you to join the visit with ${patientName}`,
      messageEs: `${r.caller.name} le llama para unirse a la visita con ${patientName}`,
      additionalData: { appointmentId: row.id, callId: r.callId, ringId: r.ringId },
      dedupeKey: `video-call-ring:${r.ringId}`,
    })),
  );
  return { callId: rings[0]!.callId, rings };
}

/**
 * `PUT appointments/calls/answer`: the callee accepts (the call becomes active; the browser then
 * opens the room) or declines the ring. 404 unless the ring is the caller's own (as callee) in
 * their offices; 409 "This call was already answered or is no longer ringing" once answered,
 * missed (its time is up) or the call ended. Both people are told on the socket.
 */
export async function answerRing(ctx: AppContext, scope: Scope, body: AnswerRingBody, now = new Date()): Promise<Ring> {
  const ring = await ctx.db.transaction(async (tx) => {
    const found = await repo.lockRing(tenantDb(scope, tx), body.ringId);
    if (!found || found.ring.calleeUserId !== scope.userId) { throw AppError.notFound(); }
    if (found.ring.status !== 'ringing' || found.ring.expiresAt.getTime() <= now.getTime() || (found.call.status !== 'ringing' && found.call.status !== 'active')) {
      throw AppError.conflict('ringAlreadyAnswered');
    }
    const answered = await repo.answerRing(tx, found.ring.id, body.accept ? 'accepted' : 'declined', now);
    if (!answered) { throw AppError.conflict('ringAlreadyAnswered'); }
    if (body.accept) { await repo.activateCall(tenantDb(scope, tx), found.call.id); }
    else { await settleRingingCall(tx, found.call.id, now); }
    const row = await visibleAppointment(systemScope, tx, found.call.appointmentId);
    return (await ringViews(tx, row, [answered]))[0]!;
  });
  await publishRings(ctx, [ring]);
  return ring;
}
