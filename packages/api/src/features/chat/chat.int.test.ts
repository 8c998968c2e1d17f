/**
 * Chat (spec sections 4 and 7): direct messages within the caller's scope, group messages to a
 * patient's medical team, delivered / read states, live delivery and read receipts on the socket,
 * the conversation list with unread counts, and other offices' and organizations' ids as 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { chat, notifications, Role, SOCKET_PATH } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { medicalTeamMembers, medicalTeams } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let teamA1: number;
let teamB1: number;
let nurse2A1: { id: number };
const callAs = callerFor(() => t);

const send = async (from: { id: number }, to: { id: number }, text: string) => {
  const res = await callAs(from, notifications.sendNotificationToUser, { body: { userId: to.id, notificationMsg: text, notificationTypeId: 1 } });
  expect(res.status, res.reply.body).toBe(200);
  return res.body;
};
const thread = async (who: { id: number }, other: { id: number }, extra: { page?: number; pageSize?: number } = {}) =>
  callAs(who, chat.getMyMessagesWithUser, { query: { userid: other.id, ...extra } });
const groupThread = async (who: { id: number }, teamId: number) => callAs(who, chat.getMyMessagesWithUserOnlyGroupMessages, { query: { medicalteamid: teamId } });
const conversations = async (who: { id: number }) => (await callAs(who, chat.getMyConversations)).body;

/** A socket of `userId`, initialised, recording what arrives. */
async function socketOf(user: { id: number }) {
  const ws: WebSocket = await t.app.injectWS(SOCKET_PATH);
  const messages: { type: string; data?: Record<string, unknown> }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as { type: string }));
  ws.send(JSON.stringify({ type: 'init', sessionToken: (await callAs.sessionOf(user)).sessionguid, userId: user.id }));
  const next = async (type: string, timeoutMs = 2000) => {
    const started = Date.now();
    for (;;) {
      const i = messages.findIndex((m) => m.type === type);
      if (i >= 0) { return messages.splice(i, 1)[0]!; }
      if (Date.now() - started > timeoutMs) { throw new Error(`no '${type}' within ${timeoutMs} ms`); }
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await next('ready');
  return { ws, messages, next };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  nurse2A1 = await createUser(t, { role: Role.NURSE, organizationId: f.orgA.id, offices: [f.a1.id] });
  const db = t.ctx.db;
  const [a] = await db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
  teamA1 = a!.id;
  await db.insert(medicalTeamMembers).values([
    { medicalTeamId: teamA1, userId: f.doctorA1.id },
    { medicalTeamId: teamA1, userId: f.nurseA1.id },
    { medicalTeamId: teamA1, userId: nurse2A1.id },
  ]);
  const [b] = await db.insert(medicalTeams).values({ patientId: f.patientB1.id, hospitalId: f.b1.id }).returning();
  teamB1 = b!.id;
  await db.insert(medicalTeamMembers).values([{ medicalTeamId: teamB1, userId: f.doctorB1.id }]);
}, 60_000);
afterAll(async () => t?.close());

describe('GET pushnotifications/getmymessageswithuser', () => {
  it('lists both directions newest first, delivered until the recipient marks it read, then read', async () => {
    const first = await send(f.nurseA1, f.doctorA1, 'Can you review Ana?');
    await send(f.doctorA1, f.nurseA1, 'On it');
    const nurseView = (await thread(f.nurseA1, f.doctorA1)).body;
    expect(nurseView.total).toBe(2);
    expect(nurseView.items.map((m) => m.message)).toEqual(['On it', 'Can you review Ana?']);
    expect(nurseView.items[1]).toMatchObject({ messageId: first.notificationId, mine: true, status: 'delivered', fromUserId: f.nurseA1.id, toUserId: f.doctorA1.id, recipients: 1, readCount: 0 });
    expect(nurseView.items[0]).toMatchObject({ mine: false, status: 'delivered', isRead: false });

    const read = await callAs(f.doctorA1, notifications.markAsRead, { query: { notificationid: first.notificationId } });
    expect(read.status).toBe(200);
    const after = (await thread(f.nurseA1, f.doctorA1)).body;
    expect(after.items[1]).toMatchObject({ status: 'read', readCount: 1 });
    const doctorView = (await thread(f.doctorA1, f.nurseA1)).body;
    expect(doctorView.items[1]).toMatchObject({ mine: false, isRead: true, status: 'read' });
    expect(doctorView.items[1]!.readAt).not.toBeNull();
  });

  it('pages the thread and leaves other conversations out', async () => {
    for (let i = 0; i < 3; i++) { await send(nurse2A1, f.doctorA1, `page ${i}`); }
    const page = (await thread(nurse2A1, f.doctorA1, { page: 2, pageSize: 2 })).body;
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((m) => m.message)).toEqual(['page 0']);
  });

  it('answers 400 for a missing or malformed user id and an oversized page', async () => {
    expect((await callAs(f.nurseA1, chat.getMyMessagesWithUser)).status).toBe(400);
    expect((await callAs(f.nurseA1, chat.getMyMessagesWithUser, { query: { userid: invalid('abc') } })).status).toBe(400);
    expect((await thread(f.nurseA1, f.doctorA1, { pageSize: 1000 })).status).toBe(400);
  });

  it('reads a user of another office or organization as not found (404); sending to them is refused and writes nothing', async () => {
    for (const other of [f.doctorA2, f.doctorB1]) {
      expect((await thread(f.nurseA1, other)).status).toBe(404);
      const res = await callAs(f.nurseA1, notifications.sendNotificationToUser, { body: { userId: other.id, notificationMsg: 'leak?', notificationTypeId: 1 } });
      expect(res.status).toBe(404);
    }
    expect((await conversations(f.doctorB1)).items).toEqual([]);
  });
});

describe('GET pushnotifications/getmymessageswithuseronlygroupmessages', () => {
  it("shows the sender one message per team message, read once every member read it; members see their copy", async () => {
    const sent = await callAs(f.doctorA1, notifications.sendNotificationToMedicalTeam, { body: { medicalTeamId: teamA1, message: 'Team: BP plan changed' } });
    expect(sent.status, sent.reply.body).toBe(200);
    const copies: number[] = sent.body.notificationIds;
    expect(copies).toHaveLength(2);

    const mine = (await groupThread(f.doctorA1, teamA1)).body;
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ messageId: Math.min(...copies), mine: true, status: 'delivered', recipients: 2, readCount: 0, medicalTeamId: teamA1, toUserId: null });

    const nurseThread = (await groupThread(f.nurseA1, teamA1)).body;
    expect(nurseThread.items[0]).toMatchObject({ mine: false, fromUserId: f.doctorA1.id, message: 'Team: BP plan changed', isRead: false });
    await callAs(f.nurseA1, notifications.markAsRead, { query: { notificationid: nurseThread.items[0]!.messageId } });
    expect((await groupThread(f.doctorA1, teamA1)).body.items[0]).toMatchObject({ status: 'delivered', readCount: 1 });
    const other = (await groupThread(nurse2A1, teamA1)).body.items[0]!;
    await callAs(nurse2A1, notifications.markAsRead, { query: { notificationid: other.messageId } });
    expect((await groupThread(f.doctorA1, teamA1)).body.items[0]).toMatchObject({ status: 'read', readCount: 2 });
  });

  it('answers 400 without a team id and 404 for a team of another organization (nothing sent there)', async () => {
    expect((await callAs(f.nurseA1, chat.getMyMessagesWithUserOnlyGroupMessages)).status).toBe(400);
    expect((await groupThread(f.nurseA1, teamB1)).status).toBe(404);
    expect((await callAs(f.doctorA1, notifications.sendNotificationToMedicalTeam, { body: { medicalTeamId: teamB1, message: 'x' } })).status).toBe(404);
    expect((await groupThread(f.doctorB1, teamB1)).body.total).toBe(0);
  });
});

describe('GET pushnotifications/getmyconversations', () => {
  it("lists the caller's direct and team conversations, most recent first, with unread counts and their sum", async () => {
    const doctor = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Dora', lastName: 'Doc' } });
    const nurse = await createUser(t, { role: Role.NURSE, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Nina', lastName: 'Nurse' } });
    await send(nurse, doctor, 'one');
    await send(nurse, doctor, 'two');
    const list = await conversations(doctor);
    expect(list.unreadTotal).toBe(2);
    expect(list.items).toEqual([
      expect.objectContaining({ kind: 'user', userId: nurse.id, medicalTeamId: null, title: 'Nina Nurse', lastMessage: 'two', lastFromMe: false, unread: 2 }),
    ]);
    const nurseList = await conversations(nurse);
    expect(nurseList).toMatchObject({ unreadTotal: 0, items: [{ kind: 'user', userId: doctor.id, title: 'Dora Doc', lastFromMe: true, unread: 0 }] });

    const team = (await conversations(f.nurseA1)).items.find((c) => c.kind === 'team');
    expect(team).toMatchObject({ medicalTeamId: teamA1, lastMessage: 'Team: BP plan changed' });
  });
});

describe('live delivery on /api/ws', () => {
  it("pushes a new message to the recipient's open socket and the read receipt to the sender's", async () => {
    const doctorSocket = await socketOf(f.doctorA1);
    const nurseSocket = await socketOf(f.nurseA1);
    const sent = await send(f.nurseA1, f.doctorA1, 'live?');
    const pushed = await doctorSocket.next('notification');
    expect(pushed.data).toMatchObject({ notificationId: sent.notificationId, notificationTypeId: 1, messageEn: 'live?', fromUserId: f.nurseA1.id });
    await callAs(f.doctorA1, notifications.markAsRead, { query: { notificationid: sent.notificationId } });
    const receipt = await nurseSocket.next('messageRead');
    expect(receipt.data).toMatchObject({ messageId: sent.notificationId, readerId: f.doctorA1.id, medicalTeamId: null });
    // Marking it read again sends no second receipt.
    await callAs(f.doctorA1, notifications.markAsRead, { query: { notificationid: sent.notificationId } });
    await new Promise((r) => setTimeout(r, 100));
    expect(nurseSocket.messages.filter((m) => m.type === 'messageRead')).toHaveLength(0);
    // A message that is not JSON is ignored silently (spec section 8): the socket stays open and works.
    nurseSocket.ws.send('{not json');
    nurseSocket.ws.send(JSON.stringify({ type: 'ping' }));
    await nurseSocket.next('pong');
    doctorSocket.ws.close();
    nurseSocket.ws.close();
  });
});
