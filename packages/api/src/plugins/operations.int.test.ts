/**
 * Metrics and probes (docs/operations.md): who may read /metrics, what the request metrics are
 * labelled with, that ingestion counts move, and what /healthz and /readyz answer when the
 * database or Redis is there and when it is not.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenancyFixture, createTestApp, openTestDatabase, sessionFor, type TestApp } from '../../test/setup';
import { buildApp } from '../app';
import { loadTestConfig } from '../config/index';
import { hubs, medicalDevices } from '../db/schema/index';
import { issueHubCredential } from '../features/devices/hub-credentials';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let hubToken: string;

beforeAll(async () => {
  t = await createTestApp({ metrics: { token: TOKEN, allow: ['127.0.0.1', '10.1.0.0/16'] } });
  f = await createTenancyFixture(t);
  const [h] = await t.ctx.db.insert(hubs).values({ hubIdentifier: 'HUB-METRICS', hubName: 'Metrics', hospitalId: f.a1.id, assignedToUserId: f.patientA1.id }).returning();
  hubToken = await issueHubCredential(t.ctx, h!.id);
  await t.ctx.db.insert(medicalDevices).values({ deviceIdentifier: 'BP-METRICS', deviceType: 'BLOOD_PRESSURE', hospitalId: f.a1.id, hubId: h!.id, patientId: f.patientA1.id });
}, 120_000);
afterAll(async () => t?.close());

/** The scrape, read with the token from an address that is not allow-listed. */
async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name + '{')) { continue; }
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const have = Object.fromEntries([...inner.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (wanted.every(([k, v]) => have[k] === v)) { return Number(line.slice(line.indexOf('}') + 1)); }
  }
  return 0;
}

describe('/metrics access', () => {
  it('refuses a caller from the internet without the token (403, in the caller\'s language)', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({ resFlag: false, code: 'metricsRefused', msg: 'The metrics are available only with the metrics token or from an allowed address' });
    expect(en.body).not.toContain('vigil_');
    const es = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'accept-language': 'es' } });
    expect(es.json()).toMatchObject({ msg: 'Las métricas solo están disponibles con el token de métricas o desde una dirección permitida' });
  });

  it('refuses a wrong bearer token with 401, even from an allowed address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { authorization: 'Bearer not-the-metrics-token-at-all' } });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('vigil_');
  });

  it('answers the token from anywhere, and allow-listed addresses and ranges without it', async () => {
    expect(await scrape()).toContain('# TYPE vigil_http_request_duration_seconds histogram');
    for (const remoteAddress of ['127.0.0.1', '::ffff:127.0.0.1', '10.1.200.3']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
    }
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.2.0.1' })).statusCode).toBe(403);
  });

  it('refuses a proxied request from an allowed address (a load balancer on this machine connects from 127.0.0.1)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(res.statusCode).toBe(403);
    const forwarded = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { forwarded: 'for=198.51.100.7' } });
    expect(forwarded.statusCode).toBe(403);
  });

  it('lets nobody in with neither a token nor an allow-list (the production default)', async () => {
    const closed = await createTestApp({ metrics: { allow: [] } });
    try {
      for (const remoteAddress of ['127.0.0.1', '::1', '203.0.113.9']) {
        expect((await closed.app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(403);
      }
      expect((await closed.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });

  it('stops start-up on a bad allow-list entry', async () => {
    const database = await openTestDatabase();
    try {
      await expect(buildApp(loadTestConfig({ metrics: { allow: ['10.0.0.0/40'] } }), database)).rejects.toThrow(/VIGIL_METRICS_ALLOW/);
    } finally {
      await database.drop();
    }
  });
});

describe('request metrics', () => {
  it('labels a request with its route pattern, never the path with its id', async () => {
    const session = await sessionFor(t, f.doctorA1.id);
    const before = await scrape();
    const pattern = { method: 'GET', route: '/api/patientprescription/:id' };
    const res = await t.app.inject({ method: 'GET', url: '/api/patientprescription/987654', headers: session });
    const after = await scrape();
    const status = String(res.statusCode);
    expect(sample(after, 'vigil_http_requests_total', { ...pattern, status }) - sample(before, 'vigil_http_requests_total', { ...pattern, status })).toBe(1);
    expect(sample(after, 'vigil_http_request_duration_seconds_count', { ...pattern, status })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('987654');
  });

  it('labels a request that matched no route `unmatched`', async () => {
    await t.app.inject({ method: 'POST', url: '/no/such/place/123456' });
    const text = await scrape();
    expect(sample(text, 'vigil_http_requests_total', { method: 'POST', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('123456');
  });

  it('counts readings stored, duplicated and rejected as the hub posts them', async () => {
    const before = await scrape();
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const reading = (measuredAt: string) => ({ deviceIdentifier: 'BP-METRICS', deviceType: 'BLOOD_PRESSURE', measuredAt, values: [{ code: '8480-6', value: 120, unit: 'mm[Hg]' }, { code: '8462-4', value: 80, unit: 'mm[Hg]' }] });
    const post = (readings: unknown[]) => t.app.inject({ method: 'POST', url: '/api/medicaldevicesdata', headers: { hubtoken: hubToken }, payload: { readings } });
    const first = await post([reading(at), reading(new Date(Date.now() - 7_200_000).toISOString()), { deviceIdentifier: 'BP-METRICS', deviceType: 'BLOOD_PRESSURE' }]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ stored: 2, duplicates: 0, rejected: 1 });
    const again = await post([reading(at)]);
    expect(again.json().data).toMatchObject({ stored: 0, duplicates: 1 });
    const after = await scrape();
    const moved = (outcome: string) => sample(after, 'vigil_readings_total', { outcome, source: 'hub' }) - sample(before, 'vigil_readings_total', { outcome, source: 'hub' });
    expect({ stored: moved('stored'), duplicate: moved('duplicate'), rejected: moved('rejected') }).toEqual({ stored: 2, duplicate: 1, rejected: 1 });
  });

  it('reports the sockets held and the job queues (none here: the test app has no queue)', async () => {
    const text = await scrape();
    expect(text).toMatch(/^vigil_sockets 0$/m);
    expect(text).toContain('# TYPE vigil_job_queue_jobs gauge');
    expect(text).toContain('vigil_process_cpu_seconds_total');
  });
});

describe('job queue and pool metrics', () => {
  it('reports queue depth by state and counts the attempts this process worked', async () => {
    const withJobs = await createTestApp({ jobsEnabled: true, jobWorkers: true, jobsPollSeconds: 0.5, metrics: { allow: ['127.0.0.1'] } });
    try {
      const read = async () => (await withJobs.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      // One job for later (the queue's depth) and one for now (worked here).
      await withJobs.ctx.jobs.enqueue('system-log-retention', {}, { startAfterSeconds: 3600 });
      await withJobs.ctx.jobs.enqueue('system-log-retention', {});
      let text = await read();
      const until = Date.now() + 20_000;
      while (Date.now() < until && sample(text, 'vigil_job_attempts_total', { queue: 'system-log-retention', outcome: 'ok' }) < 1) {
        await new Promise((r) => setTimeout(r, 200));
        text = await read();
      }
      expect(sample(text, 'vigil_job_attempts_total', { queue: 'system-log-retention', outcome: 'ok' })).toBe(1);
      expect(sample(text, 'vigil_job_queue_jobs', { queue: 'system-log-retention', state: 'created' })).toBe(1);
      expect(sample(text, 'vigil_job_queue_jobs', { queue: 'system-log-retention', state: 'completed' })).toBe(1);
      // The pools are node-postgres's: on PostgreSQL only (PGlite has none and reports none).
      if (withJobs.ctx.database.kind === 'postgres') { expect(sample(text, 'vigil_db_pool_connections', { pool: 'main' })).toBeGreaterThan(0); }
      else { expect(text).not.toContain('vigil_db_pool_connections'); }
    } finally {
      await withJobs.close();
    }
  });
});

describe('/healthz and /readyz', () => {
  it('answers /healthz 200 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 with every check when the database is migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'notConfigured', process: 'ok' } });
  });

  it('answers /readyz 503 with the reason when the database is down, while /healthz stays 200', async () => {
    const down = await createTestApp();
    // PostgreSQL: the server refuses the database's connections and ends the open ones (an outage);
    // PGlite: the embedded database is closed.
    const url = (down.ctx.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
    const name = url ? new URL(url).pathname.slice(1) : undefined;
    const admin = async (statement: string) => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      try {
        await c.query(statement);
      } finally {
        await c.end();
      }
    };
    try {
      if (name) {
        await admin(`alter database ${name} allow_connections false`);
        await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      } else {
        await down.ctx.database.close();
      }
      const res = await down.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'notReady', reason: 'the database does not answer', checks: { database: 'down', migrations: 'unknown' } });
      expect((await down.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // The scrape still answers (the queue gauge is left out rather than failing it).
      expect((await down.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    } finally {
      if (name) {
        await admin(`alter database ${name} allow_connections true`);
        await down.close();
      } else {
        await down.app.close(); // the in-memory database is closed already
      }
    }
  });

  it('answers /readyz 503 when the database lacks a migration of this version', async () => {
    const { sql } = await import('drizzle-orm');
    const behind = await createTestApp();
    try {
      await behind.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      const res = await behind.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'notReady', reason: 'the database lacks migrations of this version', checks: { database: 'ok', migrations: 'pending' } });
    } finally {
      await behind.close();
    }
  });

  it('answers /readyz 503 when REDIS_URL names a Redis that does not answer', async () => {
    const noRedis = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const res = await noRedis.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'notReady', reason: 'Redis does not answer', checks: { database: 'ok', redis: 'down' } });
    } finally {
      await noRedis.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)(
    process.env.REDIS_URL ? 'answers /readyz 200 with redis ok when REDIS_URL answers' : 'answers /readyz 200 with redis ok (NOT RUN: needs REDIS_URL)',
    async () => {
      const withRedis = await createTestApp({ redisUrl: process.env.REDIS_URL });
      try {
        await withRedis.ctx.realtime.ready();
        const res = await withRedis.app.inject({ method: 'GET', url: '/readyz' });
        expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok', process: 'ok' } });
      } finally {
        await withRedis.close();
      }
    },
  );
});
