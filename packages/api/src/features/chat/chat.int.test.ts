/**
 * Chat (spec sections 4 and 7): direct messages within the caller's scope, group messages to a
 * patient's medical team, delivered / read states, live delivery and read receipts on the socket,
 * the conversation list with unread counts, and other offices' and organizations' ids as 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { Role, SOCKET_PATH } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
import { medicalTeamMembers, medicalTeams } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let teamA1: number;
let teamB1: number;
let nurse2A1: { id: number };

const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}

async function call(method: 'GET' | 'POST', path: string, who: { id: number }, opts: { payload?: unknown; query?: Record<string, string | number> } = {}) {
  const headers: Record<string, string> = { ...(await as(who)), 'accept-language': 'en' };
  const qs = opts.query ? '?' + new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)])).toString() : '';
  return t.app.inject({ method, url: `/api/pushnotifications/${path}${qs}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

const send = async (from: { id: number }, to: { id: number }, text: string) => {
  const res = await call('POST', 'sendnotificationtouser', from, { payload: { userId: to.id, notificationMsg: text, notificationTypeId: 1 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { notificationId: number };
};
const thread = async (who: { id: number }, other: { id: number }, extra: Record<string, number> = {}) =>
  call('GET', 'getmymessageswithuser', who, { query: { userid: other.id, ...extra } });
const groupThread = async (who: { id: number }, teamId: number) => call('GET', 'getmymessageswithuseronlygroupmessages', who, { query: { medicalteamid: teamId } });
const conversations = async (who: { id: number }) => (await call('GET', 'getmyconversations', who)).json().data;

/** A socket of `userId`, initialised, recording what arrives. */
async function socketOf(user: { id: number }) {
  const ws: WebSocket = await t.app.injectWS(SOCKET_PATH);
  const messages: { type: string; data?: Record<string, unknown> }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as { type: string }));
  ws.send(JSON.stringify({ type: 'init', sessionToken: (await as(user)).sessionguid, userId: user.id }));
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
    const nurseView = (await thread(f.nurseA1, f.doctorA1)).json().data;
    expect(nurseView.total).toBe(2);
    expect(nurseView.items.map((m: { message: string }) => m.message)).toEqual(['On it', 'Can you review Ana?']);
    expect(nurseView.items[1]).toMatchObject({ messageId: first.notificationId, mine: true, status: 'delivered', fromUserId: f.nurseA1.id, toUserId: f.doctorA1.id, recipients: 1, readCount: 0 });
    expect(nurseView.items[0]).toMatchObject({ mine: false, status: 'delivered', isRead: false });

    const read = await call('GET', 'markasread', f.doctorA1, { query: { notificationid: first.notificationId } });
    expect(read.statusCode).toBe(200);
    const after = (await thread(f.nurseA1, f.doctorA1)).json().data;
    expect(after.items[1]).toMatchObject({ status: 'read', readCount: 1 });
    const doctorView = (await thread(f.doctorA1, f.nurseA1)).json().data;
    expect(doctorView.items[1]).toMatchObject({ mine: false, isRead: true, status: 'read' });
    expect(doctorView.items[1].readAt).not.toBeNull();
  });

  it('pages the thread and leaves other conversations out', async () => {
    for (let i = 0; i < 3; i++) { await send(nurse2A1, f.doctorA1, `page ${i}`); }
    const page = (await thread(nurse2A1, f.doctorA1, { page: 2, pageSize: 2 })).json().data;
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((m: { message: string }) => m.message)).toEqual(['page 0']);
  });

  it('answers 400 for a missing or malformed user id and 403 for a role without notifications.read', async () => {
    expect((await call('GET', 'getmymessageswithuser', f.nurseA1)).statusCode).toBe(400);
    expect((await call('GET', 'getmymessageswithuser', f.nurseA1, { query: { userid: 'abc' } })).statusCode).toBe(400);
    expect((await thread(f.nurseA1, f.doctorA1, { pageSize: 1000 })).statusCode).toBe(400);
    const partner = await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
    expect((await thread(partner, f.doctorA1)).statusCode).toBe(403);
    expect((await call('GET', 'getmyconversations', partner)).statusCode).toBe(403);
  });

  it('reads a user of another office or organization as not found (404); sending to them is refused and writes nothing', async () => {
    for (const other of [f.doctorA2, f.doctorB1]) {
      expect((await thread(f.nurseA1, other)).statusCode).toBe(404);
      const res = await call('POST', 'sendnotificationtouser', f.nurseA1, { payload: { userId: other.id, notificationMsg: 'leak?', notificationTypeId: 1 } });
      expect(res.statusCode).toBe(404);
    }
    expect((await conversations(f.doctorB1)).items).toEqual([]);
  });
});

describe('GET pushnotifications/getmymessageswithuseronlygroupmessages', () => {
  it("shows the sender one message per team message, read once every member read it; members see their copy", async () => {
    const sent = await call('POST', 'sendnotificationtomedicalteam', f.doctorA1, { payload: { medicalTeamId: teamA1, message: 'Team: BP plan changed' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const copies: number[] = sent.json().data.notificationIds;
    expect(copies).toHaveLength(2);

    const mine = (await groupThread(f.doctorA1, teamA1)).json().data;
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ messageId: Math.min(...copies), mine: true, status: 'delivered', recipients: 2, readCount: 0, medicalTeamId: teamA1, toUserId: null });

    const nurseThread = (await groupThread(f.nurseA1, teamA1)).json().data;
    expect(nurseThread.items[0]).toMatchObject({ mine: false, fromUserId: f.doctorA1.id, message: 'Team: BP plan changed', isRead: false });
    await call('GET', 'markasread', f.nurseA1, { query: { notificationid: nurseThread.items[0].messageId } });
    expect((await groupThread(f.doctorA1, teamA1)).json().data.items[0]).toMatchObject({ status: 'delivered', readCount: 1 });
    const other = (await groupThread(nurse2A1, teamA1)).json().data.items[0];
    await call('GET', 'markasread', nurse2A1, { query: { notificationid: other.messageId } });
    expect((await groupThread(f.doctorA1, teamA1)).json().data.items[0]).toMatchObject({ status: 'read', readCount: 2 });
  });

  it('answers 400 without a team id and 404 for a team of another organization (nothing sent there)', async () => {
    expect((await call('GET', 'getmymessageswithuseronlygroupmessages', f.nurseA1)).statusCode).toBe(400);
    expect((await groupThread(f.nurseA1, teamB1)).statusCode).toBe(404);
    expect((await call('POST', 'sendnotificationtomedicalteam', f.doctorA1, { payload: { medicalTeamId: teamB1, message: 'x' } })).statusCode).toBe(404);
    expect((await groupThread(f.doctorB1, teamB1)).json().data.total).toBe(0);
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

    const team = (await conversations(f.nurseA1)).items.find((c: { kind: string }) => c.kind === 'team');
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
    await call('GET', 'markasread', f.doctorA1, { query: { notificationid: sent.notificationId } });
    const receipt = await nurseSocket.next('messageRead');
    expect(receipt.data).toMatchObject({ messageId: sent.notificationId, readerId: f.doctorA1.id, medicalTeamId: null });
    // Marking it read again sends no second receipt.
    await call('GET', 'markasread', f.doctorA1, { query: { notificationid: sent.notificationId } });
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
