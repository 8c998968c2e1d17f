/**
 * Two API processes share notifications through Redis (README "Configuration", `REDIS_URL`): two
 * app instances, each with its own database pool and its own Redis connections, on the same
 * PostgreSQL database. A browser connected to instance B receives what instance A raises, and B
 * closes the socket when the session signs out through A.
 *
 * Needs REDIS_URL (e.g. redis://127.0.0.1:6379) and TEST_DATABASE_URL (a PostgreSQL server); it is
 * skipped, saying so, when either is absent.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { SOCKET_PATH } from '@vigil/contract';
import { buildApp, type BuiltApp } from '../app';
import { loadTestConfig } from '../config/index';
import { createTenancyFixture, sessionFor } from '../../test/setup';
import { measurements, medicalTeamMembers, medicalTeams } from '../db/schema/index';
import { raiseMeasurementAlerts } from '../features/notifications/alerts';
import { CloseCode } from './realtime';

const redisUrl = process.env.REDIS_URL;
const serverUrl = process.env.TEST_DATABASE_URL;
const enabled = Boolean(redisUrl && serverUrl);
if (!enabled) {
  console.info('redis-fanout.int.test.ts skipped: set REDIS_URL and TEST_DATABASE_URL to run the two-instance Redis test');
}

let a: BuiltApp;
let b: BuiltApp;
let dbName = '';
let portB = 0;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

async function admin(query: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

type Message = { type: string; data?: Record<string, unknown> };

/** A browser's socket on instance B, initialised for `userId`. */
async function browserOnB(userId: number, sessionToken: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${portB}${SOCKET_PATH}`);
  const messages: Message[] = [];
  const listeners: ((m: Message) => void)[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as Message;
    messages.push(m);
    for (const l of listeners) { l(m); }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (type: string, timeoutMs = 2000) =>
    new Promise<Message>((resolve, reject) => {
      const found = messages.find((m) => m.type === type);
      if (found) { return resolve(found); }
      const timer = setTimeout(() => reject(new Error(`no '${type}' on instance B within ${timeoutMs} ms`)), timeoutMs);
      listeners.push((m) => {
        if (m.type === type) {
          clearTimeout(timer);
          resolve(m);
        }
      });
    });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'init', sessionToken, userId }));
  await next('ready');
  return { ws, next, closed };
}

describe.skipIf(!enabled)('Redis fan-out between two API instances', () => {
  beforeAll(async () => {
    dbName = `vigil_rt_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${dbName}`);
    const url = new URL(serverUrl!);
    url.pathname = '/' + dbName;
    // A minute-long session cache: what B learns of A's changes in the tests below comes through Redis, not from expiry.
    a = await buildApp(loadTestConfig({ databaseUrl: url.toString(), redisUrl, sessionCacheMs: 60_000 }));
    b = await buildApp(loadTestConfig({ databaseUrl: url.toString(), redisUrl, sessionCacheMs: 60_000 }));
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    portB = (b.app.server.address() as { port: number }).port;
    await Promise.all([a.ctx.realtime.ready(), b.ctx.realtime.ready()]);
    f = await createTenancyFixture(a);
    const [team] = await a.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
    await a.ctx.db.insert(medicalTeamMembers).values([{ medicalTeamId: team!.id, userId: f.doctorA1.id }]);
  }, 120_000);

  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    if (dbName) { await admin(`drop database if exists ${dbName} with (force)`); }
  });

  it('delivers an alert raised through instance A to a browser connected to instance B', async () => {
    const { sessionguid } = await sessionFor(a, f.doctorA1.id);
    const browser = await browserOnB(f.doctorA1.id, sessionguid);
    const values = {
      patientId: f.patientA1.id,
      hospitalId: f.a1.id,
      deviceType: 'BLOOD_PRESSURE',
      severity: 2 as const,
      valuesJson: { '8480-6': 186, '8462-4': 124 },
      measuredAt: new Date(),
      isSimulated: false,
    };
    const [row] = await a.ctx.db.insert(measurements).values(values).returning({ id: measurements.id });
    const started = Date.now();
    await raiseMeasurementAlerts(a.ctx, [{ ...values, measurementId: row!.id }]);
    const message = await browser.next('notification');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(message.data).toMatchObject({ toUserId: f.doctorA1.id, measurementId: row!.id, severity: 2, notificationTypeId: 3 });
    browser.ws.close();
  });

  it("delivers a message sent through A's API to B's browser, and B closes the socket when the session signs out through A", async () => {
    const headers = await sessionFor(a, f.nurseA1.id);
    const browser = await browserOnB(f.nurseA1.id, headers.sessionguid);
    const sender = await sessionFor(a, f.doctorA1.id);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/pushnotifications/sendnotificationtouser',
      headers: sender,
      payload: { userId: f.nurseA1.id, notificationMsg: 'Please call Ana', notificationTypeId: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = await browser.next('notification');
    expect(message.data).toMatchObject({ fromUserId: f.doctorA1.id, messageEn: 'Please call Ana' });
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/signout', headers });
    expect(out.statusCode).toBe(200);
    expect(await browser.closed).toBe(CloseCode.SESSION_ENDED);
  });

  it('drops the session B has cached as soon as it signs out through A', async () => {
    const headers = await sessionFor(a, f.nurseA1.id);
    const onB = async () =>
      ((await b.app.inject({ method: 'GET', url: '/api/auth/checkauthentication', headers })).json() as { data: { authenticated: boolean } }).data.authenticated;
    expect(await onB()).toBe(true); // B has resolved (and cached) the session
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/signout', headers });
    expect(out.statusCode).toBe(200);
    let authenticated = true;
    const started = Date.now();
    while (authenticated && Date.now() - started < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      authenticated = await onB();
    }
    expect(authenticated).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
