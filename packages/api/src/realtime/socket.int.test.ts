/**
 * The real-time socket (spec section 7) in one process on the test database: init with the session
 * token, notifications within a second of the commit, closing on bad init, sign-out and session end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type WebSocket from 'ws';
import { SOCKET_PATH } from '@vigil/contract';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from '../../test/setup';
import { measurements, medicalTeamMembers, medicalTeams, notifications, sessions } from '../db/schema/index';
import { raiseMeasurementAlerts, type CommittedReading } from '../features/notifications/alerts';
import { tokenHash } from '../lib/crypto';
import { CloseCode } from './realtime';
import { checkSocketSessions } from './socket';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

interface Client {
  ws: WebSocket;
  messages: { type: string; data?: Record<string, unknown> }[];
  closed: Promise<{ code: number; reason: string }>;
  next(type: string, timeoutMs?: number): Promise<{ type: string; data?: Record<string, unknown> }>;
}

/** Opens the socket through Fastify's in-process upgrade and records what arrives. */
async function connect(): Promise<Client> {
  const ws = await t.app.injectWS(SOCKET_PATH);
  const messages: Client['messages'] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as Client['messages'][number]);
    for (const w of waiters.splice(0)) { w(); }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const next = (type: string, timeoutMs = 1000) =>
    new Promise<Client['messages'][number]>((resolve, reject) => {
      const started = Date.now();
      const look = () => {
        const i = messages.findIndex((m) => m.type === type);
        if (i >= 0) { return resolve(messages.splice(i, 1)[0]!); }
        if (Date.now() - started > timeoutMs) { return reject(new Error(`no '${type}' message within ${timeoutMs} ms`)); }
        waiters.push(look);
        setTimeout(look, timeoutMs - (Date.now() - started) + 1);
      };
      look();
    });
  return { ws, messages, closed, next };
}

async function initAs(userId: number, token?: string): Promise<Client> {
  const c = await connect();
  c.ws.send(JSON.stringify({ type: 'init', sessionToken: token ?? (await sessionFor(t, userId)).sessionguid, userId }));
  await c.next('ready');
  return c;
}

async function criticalReading(): Promise<CommittedReading> {
  const measuredAt = new Date(Date.now() - Math.floor(Math.random() * 1e9));
  const values = { patientId: f.patientA1.id, hospitalId: f.a1.id, deviceType: 'BLOOD_PRESSURE', severity: 2 as const, valuesJson: { '8480-6': 190, '8462-4': 125 }, measuredAt, isSimulated: false };
  const [row] = await t.ctx.db.insert(measurements).values(values).returning({ id: measurements.id });
  return { ...values, measurementId: row!.id };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
  await t.ctx.db.insert(medicalTeamMembers).values([
    { medicalTeamId: team!.id, userId: f.doctorA1.id },
    { medicalTeamId: team!.id, userId: f.nurseA1.id },
  ]);
}, 60_000);
afterAll(async () => t?.close());

describe('real-time socket', () => {
  it("pushes a reading's alert to the team's open sockets within a second of the commit, and to nobody else", async () => {
    const doctor = await initAs(f.doctorA1.id);
    const nurse = await initAs(f.nurseA1.id);
    const outsider = await initAs(f.doctorB1.id);
    const reading = await criticalReading();
    const started = Date.now();
    await raiseMeasurementAlerts(t.ctx, [reading]);
    const [d, n] = await Promise.all([doctor.next('notification'), nurse.next('notification')]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(d.data).toMatchObject({ toUserId: f.doctorA1.id, notificationTypeId: 3, severity: 2, measurementId: reading.measurementId, messageEn: expect.stringMatching(/^Critical blood pressure 190\/125 mmHg for /) });
    expect(n.data).toMatchObject({ toUserId: f.nurseA1.id, measurementId: reading.measurementId });
    expect(d.data!.AdditionalData).toMatchObject({ patientFullname: `${f.patientA1.firstName} ${f.patientA1.lastName}` });
    await new Promise((r) => setTimeout(r, 100));
    expect(outsider.messages.filter((m) => m.type === 'notification')).toHaveLength(0);
    for (const c of [doctor, nurse, outsider]) { c.ws.close(); }
  });

  it("tells the team-mates' sockets when an alert is processed", async () => {
    const doctor = await initAs(f.doctorA1.id);
    const reading = await criticalReading();
    await raiseMeasurementAlerts(t.ctx, [reading]);
    await doctor.next('notification');
    const [nurseCopy] = await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, reading.measurementId)).then((rows) => rows.filter((r) => r.toUserId === f.nurseA1.id));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pushnotifications/markasprocessed?notificationid=${nurseCopy!.id}&resolutioncomments=called`,
      headers: await sessionFor(t, f.nurseA1.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = await doctor.next('notificationProcessed');
    expect(event.data).toMatchObject({ measurementId: reading.measurementId, processedBy: f.nurseA1.id, resolutionComments: 'called' });
    expect((event.data!.notificationIds as number[]).length).toBe(2);
    doctor.ws.close();
  });

  it('ignores messages that are not JSON (spec section 8) and answers a ping', async () => {
    const c = await connect();
    c.ws.send('this is not json');
    c.ws.send('{"type":');
    c.ws.send(JSON.stringify({ type: 'ping' }));
    await c.next('pong');
    const { sessionguid } = await sessionFor(t, f.nurseA1.id);
    c.ws.send(JSON.stringify({ type: 'init', sessionToken: sessionguid, userId: f.nurseA1.id }));
    await c.next('ready');
    c.ws.close();
  });

  it('closes the socket on a bad init: unknown token, another user id, a malformed message', async () => {
    const { sessionguid } = await sessionFor(t, f.doctorA1.id);
    for (const init of [
      { type: 'init', sessionToken: 'not-a-session', userId: f.doctorA1.id },
      { type: 'init', sessionToken: sessionguid, userId: f.nurseA1.id },
      { type: 'init', userId: f.doctorA1.id },
    ]) {
      const c = await connect();
      c.ws.send(JSON.stringify(init));
      expect(await c.closed).toEqual({ code: CloseCode.BAD_INIT, reason: 'bad init' });
      expect(c.messages).toEqual([]);
    }
  });

  it('closes the socket at once when its session signs out', async () => {
    const headers = await sessionFor(t, f.doctorA1.id);
    const c = await initAs(f.doctorA1.id, headers.sessionguid);
    const other = await initAs(f.doctorA1.id); // another session of the same user stays open
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers });
    expect(res.statusCode).toBe(200);
    expect(await c.closed).toEqual({ code: CloseCode.SESSION_ENDED, reason: 'session ended' });
    expect(other.ws.readyState).toBe(other.ws.OPEN);
    other.ws.close();
  });

  it('closes the socket at the periodic check once its session has expired', async () => {
    const headers = await sessionFor(t, f.nurseA1.id);
    const c = await initAs(f.nurseA1.id, headers.sessionguid);
    await checkSocketSessions(t.ctx);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, tokenHash(headers.sessionguid)));
    await checkSocketSessions(t.ctx);
    expect(await c.closed).toEqual({ code: CloseCode.SESSION_ENDED, reason: 'session ended' });
  });
});
