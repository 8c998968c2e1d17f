/**
 * Call records, the automatic interactive time entry and ringing (docs/video-visits.md "Call
 * records", "Automatic time entry", "Ringing"): a call is recorded from admit to stop with who was
 * in the room; the staff in a call with the patient get exactly one automatic interactive entry,
 * which cannot be edited or deleted and which the month's billing evidence links to the call;
 * rings reach the callee, are accepted, declined or missed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointments, billing, notifications as notificationsApi, NotificationType, timeTracking, type In } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { connectSocket, type SocketClient } from '../../../test/ws-client';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { notifications, timeEntries, videoCalls } from '../../db/schema/index';
import { localYearMonth } from '../../lib/office-calendar';
import { expireRingsNow, secondsInCall } from './video-calls.service';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

type Msg = { type: string; action?: string; peerId?: string; data?: { ringId: number; status: string; callee: { id: number } } };
type Client = SocketClient<Msg>;
const connect = () => connectSocket<Msg>(t);
const callAs = callerFor(() => t);

async function staffSocket(user: { id: number }): Promise<Client> {
  const c = await connect();
  c.send({ type: 'init', sessionToken: (await callAs.sessionOf(user)).sessionguid, userId: user.id });
  await c.next((m) => m.type === 'ready');
  return c;
}

async function guestSocket(token: string): Promise<Client> {
  const c = await connect();
  c.send({ type: 'guestInit', invitation: token });
  await c.next((m) => m.type === 'ready');
  return c;
}

const action = (a: string) => (m: Msg) => m.type === 'visit' && m.action === a;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let hour = 6;
async function videoVisit(kind: 'VIDEO' | 'PHONE' = 'VIDEO'): Promise<{ appointmentId: number; token: string }> {
  const d = new Date(Date.now() + 3 * 86_400_000);
  d.setUTCHours(hour++, 0, 0, 0);
  const res = await callAs(f.doctorA1, appointments.createAppointment, { body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: d.toISOString(), durationMinutes: 30, kind } });
  expect(res.status, res.reply.body).toBe(201);
  const appointmentId = res.body.appointmentId;
  const inv = (await callAs(f.doctorA1, appointments.createVisitInvitation, { body: { appointmentId } })).body as { url: string };
  return { appointmentId, token: inv.url.split('#invite=')[1]! };
}

/** Doctor in the room, admits, the patient joins; both stay `ms` milliseconds. */
async function visitWithPatient(ms: number) {
  const v = await videoVisit();
  const doctor = await staffSocket(f.doctorA1);
  doctor.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
  await doctor.next(action('joined'));
  expect((await callAs(f.doctorA1, appointments.startVideoCall, { body: { appointmentId: v.appointmentId } })).status).toBe(200);
  const patient = await guestSocket(v.token);
  patient.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
  await patient.next(action('joined'));
  await sleep(ms);
  return { ...v, doctor, patient };
}

type CallView = {
  callId: number;
  status: string;
  durationSeconds: number | null;
  participants: { userId: number; role: string; leftAt: string | null }[];
  rings: { ringId: number; status: string }[];
  timeEntries: { timeEntryId: number; staff: { id: number }; program: string; seconds: number; interactive: boolean }[];
};

beforeAll(async () => {
  t = await createTestApp({ ringTimeoutSeconds: 30 });
  f = await createTenancyFixture(t);
});
afterAll(async () => t?.close());

describe('secondsInCall', () => {
  it('counts the union of one person\'s presences clipped to the call, in whole seconds', () => {
    const s = secondsInCall(
      [
        { userId: 1, from: 0, to: 10_000 },
        { userId: 1, from: 5_000, to: 12_500 }, // a second tab overlapping the first
        { userId: 1, from: 20_000, to: 90_000 }, // back after a break, past the call's end
        { userId: 2, from: -5_000, to: 3_000 }, // in the room before the call opened
      ],
      0,
      30_000,
    );
    expect(s.get(1)).toEqual({ seconds: 22, firstAt: 0 });
    expect(s.get(2)).toEqual({ seconds: 3, firstAt: 0 });
  });
});

describe('call records and the automatic interactive time entry', () => {
  it('records the call with its participants and gives the doctor one automatic interactive entry linked to the call', async () => {
    const v = await visitWithPatient(1300);
    v.patient.send({ type: 'visit', action: 'leave', appointmentId: v.appointmentId });
    await v.doctor.next(action('peerLeft'));
    const stop = await callAs(f.doctorA1, appointments.stopVideoCall, { body: { appointmentId: v.appointmentId, program: 'RPM' } });
    expect(stop.status, stop.reply.body).toBe(200);

    const res = await callAs(f.doctorA1, appointments.findVideoCalls, { params: { appointmentId: v.appointmentId } });
    expect(res.status, res.reply.body).toBe(200);
    const [rec] = res.body as CallView[];
    expect(rec).toMatchObject({ status: 'completed', rings: [] });
    expect(rec!.durationSeconds).toBeGreaterThanOrEqual(1);
    expect(rec!.participants.map((p) => [p.userId, p.role])).toEqual([
      [f.doctorA1.id, 'staff'],
      [f.patientA1.id, 'patient'],
    ]);
    expect(rec!.participants.every((p) => p.leftAt !== null)).toBe(true);
    expect(rec!.timeEntries).toEqual([expect.objectContaining({ staff: expect.objectContaining({ id: f.doctorA1.id }), program: 'RPM', interactive: true })]);
    expect(rec!.timeEntries[0]!.seconds).toBeGreaterThanOrEqual(1);
    expect(rec!.timeEntries[0]!.seconds).toBeLessThanOrEqual(rec!.durationSeconds!);

    const [entry] = await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.videoCallId, rec!.callId));
    expect(entry).toMatchObject({ isAutomatic: true, interactive: true, staffUserId: f.doctorA1.id, patientId: f.patientA1.id, hospitalId: f.a1.id, activity: 'Visita por video' /* the doctor's language (ESP, the default) */ });

    // The patient's care time list shows it, marked interactive and automatic, with the call.
    const { year, month } = localYearMonth(entry!.startedAt, 'America/New_York');
    const list = await callAs(f.doctorA1, timeTracking.getTimeEntriesForPatient, { headers: { patientid: f.patientA1.id, year, month, hospitalid: f.a1.id } });
    expect(list.status, list.reply.body).toBe(200);
    expect((list.body as { id: number; videoCallId: number; interactive: boolean; isAutomatic: boolean }[]).find((e) => e.id === entry!.id)).toMatchObject({
      videoCallId: rec!.callId,
      interactive: true,
      isAutomatic: true,
    });

    // Automatic entries cannot be edited or deleted (spec section 5), not even by an office admin.
    for (const who of [f.doctorA1, f.officeAdminA1]) {
      const edit = await callAs(who, timeTracking.updateTimeEntry, { params: { id: entry!.id }, body: { seconds: 3600 } });
      expect(edit.status).toBe(409);
      expect(edit.msg).toBe('Automatically added entries cannot be edited or deleted');
      expect((await callAs(who, timeTracking.deleteTimeEntry, { params: { id: entry!.id } })).status).toBe(409);
    }
    const [still] = await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.id, entry!.id));
    expect(still!.seconds).toBe(entry!.seconds);

    // A second stop changes nothing: 409, still one entry.
    expect((await callAs(f.doctorA1, appointments.stopVideoCall, { body: { appointmentId: v.appointmentId } })).status).toBe(409);
    expect(await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.videoCallId, rec!.callId))).toHaveLength(1);
    v.doctor.ws.close();
    v.patient.ws.close();
  });

  it('writes the entry exactly once when two stops arrive at the same time', async () => {
    const v = await visitWithPatient(1100);
    const stops = await Promise.all([
      callAs(f.doctorA1, appointments.stopVideoCall, { body: { appointmentId: v.appointmentId, program: 'RPM' } }),
      callAs(f.doctorA1, appointments.stopVideoCall, { body: { appointmentId: v.appointmentId, program: 'RPM' } }),
    ]);
    expect(stops.map((s) => s.status).sort()).toEqual([200, 409]);
    const [rec] = (await callAs(f.doctorA1, appointments.findVideoCalls, { params: { appointmentId: v.appointmentId } })).body as CallView[];
    expect(rec!.status).toBe('completed');
    expect(await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.videoCallId, rec!.callId))).toHaveLength(1);
    v.doctor.ws.close();
    v.patient.ws.close();
  });

  it('writes no entry for a call without the patient or a caregiver', async () => {
    const v = await videoVisit();
    const doctor = await staffSocket(f.doctorA1);
    doctor.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
    await doctor.next(action('joined'));
    await callAs(f.doctorA1, appointments.startVideoCall, { body: { appointmentId: v.appointmentId } });
    await sleep(1100);
    expect((await callAs(f.doctorA1, appointments.stopVideoCall, { body: { appointmentId: v.appointmentId, program: 'RPM' } })).status).toBe(200);
    const [rec] = (await callAs(f.doctorA1, appointments.findVideoCalls, { params: { appointmentId: v.appointmentId } })).body as CallView[];
    expect(rec).toMatchObject({ status: 'completed', timeEntries: [] });
    expect(rec!.participants.map((p) => p.role)).toEqual(['staff']);
    doctor.ws.close();
  });

  it('links the entry to the call in the month\'s billing evidence', async () => {
    const v = await visitWithPatient(1100);
    expect((await callAs(f.doctorA1, appointments.stopVideoCall, { body: { appointmentId: v.appointmentId, program: 'RPM' } })).status).toBe(200);
    const [rec] = (await callAs(f.doctorA1, appointments.findVideoCalls, { params: { appointmentId: v.appointmentId } })).body as CallView[];
    const [entry] = await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.videoCallId, rec!.callId));
    const { year, month } = localYearMonth(entry!.startedAt, 'America/New_York');
    const res = await callAs(f.officeAdminA1, billing.getBillingDetailsForPatientForMonth, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, year, month } });
    expect(res.status, res.reply.body).toBe(200);
    type Claim = { evidence: { timeEntries?: { id: number; videoCallId?: number; interactive: boolean }[]; interactiveContact?: { timeEntryId: number; videoCallId?: number } | null } };
    const data = res.body as { claims: Claim[]; suppressed: Claim[] };
    // A few seconds are not enough for a code: the evidence of the suppressed management code still lists them.
    const claims = [...data.claims, ...data.suppressed];
    expect(claims.flatMap((c) => c.evidence.timeEntries ?? []).find((e) => e.id === entry!.id)).toMatchObject({ videoCallId: rec!.callId, interactive: true });
    // The month's first interactive contact (an earlier call of this file) names its call too.
    expect(claims.map((c) => c.evidence.interactiveContact).find((i) => i != null)?.videoCallId).toEqual(expect.any(Number));
    v.doctor.ws.close();
    v.patient.ws.close();
  });

  it('answers 400 for a bad body or a program the office has not enabled, 404 for another tenant', async () => {
    const v = await videoVisit();
    await callAs(f.doctorA1, appointments.startVideoCall, { body: { appointmentId: v.appointmentId } });
    expect((await callAs(f.doctorA1, appointments.stopVideoCall, { body: { appointmentId: v.appointmentId, program: invalid('XYZ') } })).status).toBe(400);
    expect((await callAs(f.doctorA1, appointments.findVideoCalls, { params: { appointmentId: invalid('abc') } })).status).toBe(400);
    expect((await callAs(f.doctorB1, appointments.findVideoCalls, { params: { appointmentId: v.appointmentId } })).status).toBe(404);
    expect((await callAs(f.doctorA2, appointments.findVideoCalls, { params: { appointmentId: v.appointmentId } })).status).toBe(404);
    expect((await callAs(f.doctorB1, appointments.stopVideoCall, { body: { appointmentId: v.appointmentId } })).status).toBe(404);
    // Nothing changed: the call is still open.
    const [open] = await t.ctx.db.select().from(videoCalls).where(eq(videoCalls.appointmentId, v.appointmentId));
    expect(open!.status).toBe('active');
  });
});

describe('POST pushnotifications/initvideocallwithuser and PUT appointments/calls/answer', () => {
  it('rings an attendee (socket event and stored notification), who accepts; a second answer is refused', async () => {
    const v = await videoVisit();
    expect((await callAs(f.doctorA1, notificationsApi.initVideoCallWithUser, { body: { appointmentId: v.appointmentId, userIds: [f.nurseA1.id] } })).status).toBe(409);
    expect((await callAs(f.doctorA1, appointments.addAttendeeForAppointment, { body: { appointmentId: v.appointmentId, userId: f.nurseA1.id } })).status).toBe(200);
    const nurse = await staffSocket(f.nurseA1);
    const res = await callAs(f.doctorA1, notificationsApi.initVideoCallWithUser, { body: { appointmentId: v.appointmentId, userIds: [f.nurseA1.id] } });
    expect(res.status, res.reply.body).toBe(200);
    const { rings } = res.body as { rings: { ringId: number; status: string; expiresAt: string; kind: string }[] };
    expect(rings).toHaveLength(1);
    expect(rings[0]).toMatchObject({ status: 'ringing', kind: 'video' });
    expect(new Date(rings[0]!.expiresAt).getTime() - Date.now()).toBeGreaterThan(25_000);
    const event = await nurse.next((m) => m.type === 'videoCallRing');
    expect(event.data).toMatchObject({ ringId: rings[0]!.ringId, status: 'ringing', callee: { id: f.nurseA1.id } });
    const stored = await t.ctx.db.select().from(notifications).where(and(eq(notifications.toUserId, f.nurseA1.id), eq(notifications.notificationTypeId, NotificationType.VIDEO_CALL)));
    expect(stored).toHaveLength(1);

    // Only the callee answers.
    expect((await callAs(f.doctorA1, appointments.answerVideoCallRing, { body: { ringId: rings[0]!.ringId, accept: true } })).status).toBe(404);
    expect((await callAs(f.doctorB1, appointments.answerVideoCallRing, { body: { ringId: rings[0]!.ringId, accept: true } })).status).toBe(404);
    const accepted = await callAs(f.nurseA1, appointments.answerVideoCallRing, { body: { ringId: rings[0]!.ringId, accept: true } });
    expect(accepted.status, accepted.reply.body).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    const again = await callAs(f.nurseA1, appointments.answerVideoCallRing, { body: { ringId: rings[0]!.ringId, accept: false } });
    expect(again.status).toBe(409);
    expect(again.msg).toBe('This call was already answered or is no longer ringing');
    const [rec] = (await callAs(f.doctorA1, appointments.findVideoCalls, { params: { appointmentId: v.appointmentId } })).body as CallView[];
    expect(rec).toMatchObject({ status: 'active', rings: [expect.objectContaining({ status: 'accepted' })] });
    nurse.ws.close();
  });

  it('records a declined call, and a missed one once the ring timeout is up', async () => {
    const declinedVisit = await videoVisit();
    const ring = await callAs(f.doctorA1, notificationsApi.initVideoCallWithUser, { body: { appointmentId: declinedVisit.appointmentId, userIds: [f.officeAdminA1.id] } });
    expect(ring.status, ring.reply.body).toBe(200);
    const ringId = (ring.body as { rings: { ringId: number }[] }).rings[0]!.ringId;
    expect((await callAs(f.officeAdminA1, appointments.answerVideoCallRing, { body: { ringId, accept: false } })).body.status).toBe('declined');
    const [declined] = (await callAs(f.doctorA1, appointments.findVideoCalls, { params: { appointmentId: declinedVisit.appointmentId } })).body as CallView[];
    expect(declined!.status).toBe('declined');

    const missedVisit = await videoVisit('PHONE');
    const missedRing = await callAs(f.doctorA1, notificationsApi.initVideoCallWithUser, { body: { appointmentId: missedVisit.appointmentId, userIds: [f.officeAdminA1.id] } });
    expect((missedRing.body as { rings: { kind: string }[] }).rings[0]!.kind).toBe('audio');
    expect(await expireRingsNow(t.ctx, new Date(Date.now() + 10_000))).toBe(0);
    expect(await expireRingsNow(t.ctx, new Date(Date.now() + 31_000))).toBeGreaterThanOrEqual(1);
    const [missed] = (await callAs(f.doctorA1, appointments.findVideoCalls, { params: { appointmentId: missedVisit.appointmentId } })).body as CallView[];
    expect(missed).toMatchObject({ status: 'missed', rings: [expect.objectContaining({ status: 'missed' })] });
  });

  it('answers 400 for a bad body or ringing oneself, 404 for a callee or visit out of scope', async () => {
    const v = await videoVisit();
    const ring = (payload: In<typeof notificationsApi.initVideoCallWithUser.body>, who: { id: number } = f.doctorA1) => callAs(who, notificationsApi.initVideoCallWithUser, { body: payload });
    expect((await ring({ appointmentId: v.appointmentId, userIds: [] })).status).toBe(400);
    expect((await ring(invalid({ appointmentId: v.appointmentId }))).status).toBe(400);
    expect((await ring({ appointmentId: v.appointmentId, userIds: [f.doctorA1.id] })).status).toBe(400);
    expect((await ring({ appointmentId: v.appointmentId, userIds: [f.doctorB1.id] })).status).toBe(404);
    expect((await ring({ appointmentId: v.appointmentId, userIds: [f.officeAdminA1.id] }, f.doctorB1)).status).toBe(404);
    expect((await callAs(f.nurseA1, appointments.answerVideoCallRing, { body: { ringId: invalid('x'), accept: true } })).status).toBe(400);
    // Nothing was rung.
    expect(await t.ctx.db.select().from(videoCalls).where(eq(videoCalls.appointmentId, v.appointmentId))).toHaveLength(0);
  });
});
