/**
 * The visit's signaling over the real-time socket (docs/video-visits.md "Signaling"): staff and a
 * guest with an invitation relay an offer, an answer and an ICE candidate; foreign staff and bad
 * tokens are refused; a message for another room reaches nobody; malformed messages are ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, type SocketClient } from '../../../test/ws-client';
import { appointments, offices, Role, users } from '@vigil/contract';
import { anonymous, callerFor } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { CloseCode } from '../../realtime/realtime';
import { MAX_CLIENT_MESSAGE_BYTES, SOCKET_MESSAGE_LIMIT } from '../../realtime/socket';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

type Msg = { type: string; code?: string; action?: string; peerId?: string; from?: string; peer?: { peerId: string; userId: number; guest: boolean }; description?: { type: string; sdp: string }; candidate?: { candidate: string }; appointmentId?: number };
type Client = SocketClient<Msg>;
const connect = () => connectSocket<Msg>(t);
const callAs = callerFor(() => t);

async function staff(user: { id: number }): Promise<Client> {
  const c = await connect();
  c.send({ type: 'init', sessionToken: (await callAs.sessionOf(user)).sessionguid, userId: user.id });
  await c.next((m) => m.type === 'ready');
  return c;
}

async function guest(token: string): Promise<Client> {
  const c = await connect();
  c.send({ type: 'guestInit', invitation: token });
  await c.next((m) => m.type === 'ready');
  return c;
}

const action = (a: string) => (m: Msg) => m.type === 'visit' && m.action === a;

let hour = 8;
async function videoVisit(): Promise<{ appointmentId: number; token: string; invitationId: number }> {
  const d = new Date(Date.now() + 2 * 86_400_000);
  d.setUTCHours(hour++, 0, 0, 0);
  const res = await callAs(f.doctorA1, appointments.createAppointment, { body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: d.toISOString(), durationMinutes: 30, kind: 'VIDEO' } });
  expect(res.status, res.reply.body).toBe(201);
  const appointmentId = res.body.appointmentId;
  const inv = (await callAs(f.doctorA1, appointments.createVisitInvitation, { body: { appointmentId } })).body as { url: string; invitationId: number };
  return { appointmentId, token: inv.url.split('#invite=')[1]!, invitationId: inv.invitationId };
}

const SDP = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

beforeAll(async () => {
  t = await createTestApp({ turnUrls: ['turn:127.0.0.1:3478?transport=udp'], turnSecret: 'test-secret', turnTtlSeconds: 900, iceTransportPolicy: 'relay' });
  f = await createTenancyFixture(t);
}, 60_000);
afterAll(async () => t?.close());

describe('visit signaling over /api/ws', () => {
  it('admits the waiting guest live and relays offer, answer and ICE between the two peers only; the end reaches both', async () => {
    const v = await videoVisit();
    const doctor = await staff(f.doctorA1);
    const patient = await guest(v.token);
    // Not admitted yet: the guest may not join.
    patient.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
    await patient.next(action('refused'));
    doctor.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
    const doctorPeer = (await doctor.next(action('joined'))).peerId!;
    expect((await callAs(f.doctorA1, appointments.startVideoCall, { body: { appointmentId: v.appointmentId } })).status).toBe(200);
    await patient.next(action('admitted'));
    patient.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
    const patientPeer = (await patient.next(action('joined'))).peerId!;
    const joined = await doctor.next(action('peerJoined'));
    expect(joined.peer).toMatchObject({ peerId: patientPeer, userId: f.patientA1.id, guest: true });

    doctor.send({ type: 'visit', action: 'offer', appointmentId: v.appointmentId, to: patientPeer, description: { type: 'offer', sdp: SDP } });
    const offer = await patient.next(action('offer'));
    expect(offer).toMatchObject({ from: doctorPeer, description: { type: 'offer', sdp: SDP } });
    // The newcomer never saw the doctor join: the offer says who is offering, so its tile has a name.
    expect(offer.peer).toMatchObject({ peerId: doctorPeer, userId: f.doctorA1.id, name: `${f.doctorA1.firstName} ${f.doctorA1.lastName}`, guest: false });
    patient.send({ type: 'visit', action: 'answer', appointmentId: v.appointmentId, to: doctorPeer, description: { type: 'answer', sdp: SDP } });
    expect(await doctor.next(action('answer'))).toMatchObject({ from: patientPeer });
    patient.send({ type: 'visit', action: 'ice', appointmentId: v.appointmentId, to: doctorPeer, candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 50000 typ relay', sdpMid: '0', sdpMLineIndex: 0 } });
    expect((await doctor.next(action('ice'))).candidate?.candidate).toContain('typ relay');
    // Point-to-point: the sender never gets its own offer back.
    expect(doctor.messages.filter(action('offer'))).toEqual([]);

    expect((await callAs(f.doctorA1, appointments.stopVideoCall, { body: { appointmentId: v.appointmentId } })).status).toBe(200);
    await doctor.next(action('ended'));
    await patient.next(action('ended'));
    patient.send({ type: 'visit', action: 'leave', appointmentId: v.appointmentId });
    await doctor.next(action('peerLeft'));
    doctor.ws.close();
  });

  it('refuses staff of another office and staff who are neither doctor nor attendee; refuses a bad or revoked token at init', async () => {
    const v = await videoVisit();
    for (const who of [f.doctorB1, f.doctorA2, f.nurseA1]) {
      const c = await staff(who);
      c.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
      await c.next(action('refused'));
      c.ws.close();
    }
    const admin = await staff(f.officeAdminA1); // visits.officeAll for the office's visits
    admin.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
    await admin.next(action('joined'));
    admin.ws.close();

    const tampered = await connect();
    tampered.send({ type: 'guestInit', invitation: v.token.slice(0, -1) + (v.token.endsWith('A') ? 'B' : 'A') });
    expect((await tampered.closed).code).toBe(CloseCode.BAD_INIT);
    await callAs(f.doctorA1, appointments.revokeVisitInvitation, { params: { invitationId: v.invitationId } });
    const revoked = await connect();
    revoked.send({ type: 'guestInit', invitation: v.token });
    expect((await revoked.closed).code).toBe(CloseCode.BAD_INIT);
  });

  it('delivers nothing for a room the sender has not joined, and ignores malformed messages silently', async () => {
    const one = await videoVisit();
    const two = await videoVisit();
    const doctor = await staff(f.doctorA1);
    const admin = await staff(f.officeAdminA1);
    doctor.send({ type: 'visit', action: 'join', appointmentId: one.appointmentId });
    await doctor.next(action('joined'));
    admin.send({ type: 'visit', action: 'join', appointmentId: two.appointmentId });
    const adminPeer = (await admin.next(action('joined'))).peerId!;
    // The doctor names room two (not joined) and the admin's peer id: not delivered.
    doctor.send({ type: 'visit', action: 'offer', appointmentId: two.appointmentId, to: adminPeer, description: { type: 'offer', sdp: SDP } });
    // Room one's offer to a peer of room two: not delivered either.
    doctor.send({ type: 'visit', action: 'offer', appointmentId: one.appointmentId, to: adminPeer, description: { type: 'offer', sdp: SDP } });
    doctor.send('{not json');
    doctor.send({ type: 'visit', action: 'offer', appointmentId: one.appointmentId });
    doctor.send({ type: 'visit', action: 'ice', appointmentId: 'x', to: adminPeer, candidate: {} });
    doctor.send({ type: 'ping' });
    await doctor.next((m) => m.type === 'pong');
    admin.send({ type: 'ping' });
    await admin.next((m) => m.type === 'pong');
    expect(admin.messages.filter((m) => m.type === 'visit')).toEqual([]);
    expect(doctor.ws.readyState).toBe(doctor.ws.OPEN);
    doctor.ws.close();
    admin.ws.close();
  });
});

describe('GET visit/iceservers', () => {
  it("hands the guest a TURN credential under its own id and the relay policy; refuses a bad token with the link's message", async () => {
    const v = await videoVisit();
    const res = await callAs(anonymous, appointments.getGuestIceServers, { headers: { visitinvitation: v.token } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body as { iceServers: { username: string }[]; iceTransportPolicy: string };
    expect(data.iceServers[0]!.username).toMatch(new RegExp(`^\\d+:g${f.patientA1.id}$`));
    expect(data.iceTransportPolicy).toBe('relay');
    const bad = await callAs(anonymous, appointments.getGuestIceServers, { headers: { visitinvitation: v.token.slice(0, -2) + 'zz' } });
    expect(bad.status).toBe(404);
    expect(bad.msg).toBe('This visit link is not valid, has expired or was revoked');
  });
});

describe('a socket follows access (docs/video-visits.md "Signaling")', () => {
  /** A doctor of office a1 with a video visit of their own, both in the room, the office admin beside them. */
  async function doctorInRoom() {
    const doctor = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id] });
    const d = new Date(Date.now() + 3 * 86_400_000);
    d.setUTCHours(hour++, 0, 0, 0);
    const res = await callAs(doctor, appointments.createAppointment, { body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: doctor.id, appointmentDateTime: d.toISOString(), durationMinutes: 30, kind: 'VIDEO' } });
    expect(res.status, res.reply.body).toBe(201);
    const appointmentId = res.body.appointmentId;
    const socket = await staff(doctor);
    socket.send({ type: 'visit', action: 'join', appointmentId });
    const peerId = (await socket.next(action('joined'))).peerId!;
    const admin = await staff(f.officeAdminA1);
    admin.send({ type: 'visit', action: 'join', appointmentId });
    const adminPeer = (await admin.next(action('joined'))).peerId!;
    await socket.next(action('peerJoined'));
    return { doctor, appointmentId, socket, peerId, admin, adminPeer };
  }

  it('leaves the office\'s video room at once when the user is removed from the office, and refuses a new join', async () => {
    const { doctor, appointmentId, socket, peerId, admin, adminPeer } = await doctorInRoom();
    const removed = await callAs(f.officeAdminA1, offices.deassignUserFromOffice, { body: { hospitalId: f.a1.id, userId: doctor.id } });
    expect(removed.status, removed.reply.body).toBe(200);
    expect((await socket.next((m) => action('refused')(m) && m.appointmentId === appointmentId, 5000)).appointmentId).toBe(appointmentId);
    expect((await admin.next(action('peerLeft'), 5000)).peerId).toBe(peerId);
    // no more of the room's signaling: the admin's offer to the removed peer is not relayed, and a join is refused
    admin.send({ type: 'visit', action: 'offer', appointmentId, to: peerId, description: { type: 'offer', sdp: SDP } });
    socket.send({ type: 'visit', action: 'join', appointmentId });
    await socket.next(action('refused'));
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    expect(socket.messages.filter(action('offer'))).toEqual([]);
    // the socket itself stays open for the user's other offices and notifications
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    void adminPeer;
    socket.ws.close();
    admin.ws.close();
  });

  it('closes the socket at once (4001) when the user is disabled, and the room is told the peer left', async () => {
    const { doctor, socket, admin, peerId } = await doctorInRoom();
    const disabled = await callAs(f.officeAdminA1, users.setStatus, { headers: { userid: doctor.id, statusvaluetoset: 0 } });
    expect(disabled.status, disabled.reply.body).toBe(200);
    expect((await socket.closed).code).toBe(CloseCode.SESSION_ENDED);
    expect((await admin.next(action('peerLeft'), 5000)).peerId).toBe(peerId);
    socket.ws.close();
    admin.ws.close();
  });
});

describe('the signaling relay\'s limits', () => {
  it('drops messages past the rate with an error event, and disconnects a socket that keeps flooding', async () => {
    const v = await videoVisit();
    const doctor = await staff(f.doctorA1);
    doctor.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
    await doctor.next(action('joined'));
    const admin = await staff(f.officeAdminA1);
    admin.send({ type: 'visit', action: 'join', appointmentId: v.appointmentId });
    const adminPeer = (await admin.next(action('joined'))).peerId!;
    const offer = { type: 'visit', action: 'offer', appointmentId: v.appointmentId, to: adminPeer, description: { type: 'offer', sdp: SDP + 'a=x:' + 'y'.repeat(20_000) + '\r\n' } };
    for (let i = 0; i < SOCKET_MESSAGE_LIMIT.burst + 20; i++) { doctor.send(offer); }
    expect(await doctor.next((m) => m.type === 'error')).toEqual({ type: 'error', code: 'rateLimited' });
    await admin.next(action('offer'), 5000); // what fit in the burst was relayed
    // flooding on: closed with 1008 (policy violation)
    for (let i = 0; i < SOCKET_MESSAGE_LIMIT.maxDrops + 20; i++) { doctor.send({ type: 'ping' }); }
    expect((await doctor.closed).code).toBe(CloseCode.POLICY_VIOLATION);
    admin.ws.close();
  });

  it('drops a message larger than a signaling message may be with an error event; the socket goes on', async () => {
    const doctor = await staff(f.doctorA1);
    doctor.send({ type: 'visit', action: 'offer', appointmentId: 1, to: 'x', description: { type: 'offer', sdp: 'v'.repeat(MAX_CLIENT_MESSAGE_BYTES) } });
    expect(await doctor.next((m) => m.type === 'error')).toEqual({ type: 'error', code: 'messageTooLarge' });
    doctor.send({ type: 'ping' });
    await doctor.next((m) => m.type === 'pong');
    doctor.ws.close();
  });
});
