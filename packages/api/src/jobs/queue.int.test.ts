/**
 * Jobs across API processes (README "Jobs", jobs/queue.ts): two apps with the queue and workers
 * on ONE database stand for two API processes. On PostgreSQL (TEST_DATABASE_URL) each app has its
 * own connection pools to the same database, as two processes would; on the embedded default the
 * two apps share one PGlite instance (PGlite is one process's database), each with its own pg-boss,
 * workers and timers, which is what decides "once".
 *
 * - a scheduled job (the monitoring minute) runs once per minute slot however often both ticks;
 * - a billing run started through one app is worked once and reported by the other (progress and
 *   done come from billing_runs, not process memory);
 * - a job enqueued by an app that closes before any worker ran it is worked by the next app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { billing } from '@vigil/contract';
import { buildApp } from '../app';
import { loadTestConfig, type AppConfig } from '../config/index';
import { openDatabase, type Database } from '../db/client';
import { createTenancyFixture, openTestDatabase, type TestApp } from '../../test/setup';
import { setProfile, type Fixture } from '../../test/fixtures/billing-exports.fixtures';
import { callerFor } from '../../test/call-as';
import { dayList, seedReadings } from '../../test/fixtures/billing-generation.fixtures';

/** Two months back: a past month whatever today is. */
const now = new Date();
const MONTH = { year: now.getUTCMonth() < 2 ? now.getUTCFullYear() - 1 : now.getUTCFullYear(), month: ((now.getUTCMonth() + 10) % 12) + 1 };
const pad = (n: number) => String(n).padStart(2, '0');
const FIRST = `${MONTH.year}-${pad(MONTH.month)}-01`;

let database: Database & { drop: () => Promise<void> };
let second: Database | null = null;
let a: TestApp | null = null;
let b: TestApp | null = null;
let f: Fixture;

const jobConfig = (overrides: Partial<AppConfig> = {}) =>
  loadTestConfig({ jobsEnabled: true, jobWorkers: true, jobsPollSeconds: 0.5, jobsRetryDelaySeconds: 1, jobsStopSeconds: 5, ...overrides });

/** An app on the test database: on PostgreSQL through its own pools (another "process"), on PGlite on the shared instance. */
async function startApp(overrides: Partial<AppConfig> = {}, ownPools = false): Promise<TestApp> {
  let db: Database = database;
  if (ownPools && database.pool) {
    second = await openDatabase({ databaseUrl: (database.pool.options as { connectionString: string }).connectionString, poolSize: 5 });
    db = second;
  }
  const built = await buildApp(jobConfig(overrides), db);
  await built.app.ready();
  return { ...built, close: () => built.app.close() };
}

const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) { return v; }
    if (Date.now() > end) { throw new Error(`timed out waiting for ${what}`); }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const callA = callerFor(() => a!);
const callB = callerFor(() => b!);

beforeAll(async () => {
  database = await openTestDatabase();
  // The first "process" only enqueues (VIGIL_JOBS_WORKERS=false): nothing it enqueues runs before it closes.
  a = await startApp({ jobWorkers: false });
  f = await createTenancyFixture(a);
  for (const [patient, office, days] of [
    [f.patientA1.id, f.a1.id, 16],
    [f.patientA2.id, f.a2.id, 3],
  ] as const) {
    await setProfile(a, patient, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id, rpmEpisodeStart: FIRST, diagnosesJson: ['I10'] });
    await seedReadings(a, { patientId: patient, hospitalId: office, days: dayList(FIRST, days) });
  }
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await database?.drop();
});

describe('a job survives a restart', () => {
  it('a billing run enqueued by an app that closed before it ran is worked by the next app', async () => {
    const started = await callA(f.officeAdminA1, billing.generateForAllHospitalPatientsForMonth, { headers: { hospitalid: f.a1.id, ...MONTH } });
    expect(started.status).toBe(200);
    const run = started.body;
    expect(run).toMatchObject({ status: 'queued', done: 0 });
    await a!.close();
    a = null;
    const [job] = await rows<{ state: string }>(sql`select state from pgboss.job where name = 'billing-run' and (data->>'runId')::int = ${run.runId}`);
    expect(job?.state).toBe('created');

    // The next process (with workers) picks the job up from the database.
    b = await startApp({}, true);
    const finished = await until('the run to finish', async () => {
      const r = (await callB(f.officeAdminA1, billing.getBillingRun, { headers: { runid: run.runId } })).body;
      return r.status === 'done' || r.status === 'failed' ? r : null;
    });
    expect(finished).toMatchObject({ status: 'done', done: 1, total: 1, percent: 100, error: null });
    const claims = await rows<{ code: string }>(sql`select code from billing_claims where patient_id = ${f.patientA1.id} and status = 'billable' order by code`);
    expect(claims.map((c) => c.code)).toContain('99454');
  });
});

describe('two API processes with workers on one database', () => {
  beforeAll(async () => {
    a = await startApp();
  });

  it('a scheduled job runs once per minute slot, however often both processes tick', async () => {
    for (let i = 0; i < 5; i++) {
      await Promise.all([a!.ctx.jobs.tick(), b!.ctx.jobs.tick()]);
      await new Promise((r) => setTimeout(r, 50));
    }
    const slots = await until('the monitoring jobs to complete', async () => {
      const jobs = await rows<{ slot: string; n: number; pending: number }>(
        sql`select singleton_on::text as slot, count(*)::int as n, count(*) filter (where state <> 'completed')::int as pending
              from pgboss.job where name = 'monitoring-minute' group by singleton_on order by singleton_on`,
      );
      return jobs.length > 0 && jobs.every((j) => j.pending === 0) ? jobs : null;
    });
    // Ten ticks within a second or two: one slot (two when the ticks crossed a minute), one job each.
    expect(slots.length).toBeGreaterThanOrEqual(1);
    expect(slots.length).toBeLessThanOrEqual(2);
    for (const s of slots) { expect(s.n).toBe(1); }
    // Each run's output says what span it covered; the next run starts where the last one ended.
    const outputs = await rows<{ until: string }>(sql`select output->>'until' as until from pgboss.job where name = 'monitoring-minute' order by completed_on`);
    expect(outputs.every((o) => typeof o.until === 'string')).toBe(true);
  });

  it('a billing run started on one process is worked once and reported by the other', async () => {
    const started = await callA(f.orgAdminA, billing.generateForAllOrganizationPatientsForMonth, { headers: { organizationid: f.orgA.id, ...MONTH } });
    expect(started.status).toBe(200);
    const run = started.body;
    expect(['queued', 'running', 'done']).toContain(run.status);
    const seen = new Set<string>([run.status]);
    const finished = await until('the run to finish', async () => {
      const res = await callB(f.orgAdminA, billing.getBillingRun, { headers: { runid: run.runId } });
      expect(res.status).toBe(200);
      const r = res.body;
      seen.add(r.status);
      return r.status === 'done' || r.status === 'failed' ? r : null;
    });
    expect(finished).toMatchObject({ runId: run.runId, status: 'done', total: 2, done: 2, percent: 100 });
    expect([...seen].every((s) => ['queued', 'running', 'done'].includes(s))).toBe(true);
    // One job for the run, completed once (not once per process). The queue marks it completed
    // after its handler has committed the run as done, so wait for that.
    const jobs = await until('the job to be completed', async () => {
      const found = await rows<{ state: string }>(sql`select state from pgboss.job where name = 'billing-run' and (data->>'runId')::int = ${run.runId}`);
      return found.length > 0 && found.every((j) => j.state !== 'active') && found;
    });
    expect(jobs).toEqual([{ state: 'completed' }]);
    const byOffice = await rows<{ hospital_id: number; n: number }>(
      sql`select hospital_id, count(*)::int as n from billing_claims where run_id = ${run.runId} group by hospital_id order by hospital_id`,
    );
    expect(byOffice.map((r) => r.hospital_id)).toEqual([f.a1.id, f.a2.id].sort((x, y) => x - y));
  });

  it('closes fast: both apps stop their workers and timers within the stop timeout', async () => {
    const t0 = Date.now();
    await a!.close();
    a = null;
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});
