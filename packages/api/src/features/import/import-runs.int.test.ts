/**
 * FHIR imports from the web are queued jobs (import-runs.ts; README "Jobs"), proven with two apps
 * on ONE database standing for two API processes, as jobs/queue.int.test.ts does: on PostgreSQL
 * (TEST_DATABASE_URL) each app has its own pools; on the embedded default they share one PGlite.
 *
 * - an import queued through a process that only enqueues (VIGIL_JOBS_WORKERS=false) is worked by
 *   the other process, and the first one reports it queued, running with its progress, then done
 *   with its report: all read from import_runs, none from process memory;
 * - a failed attempt puts the run back in `queued` with the attempt's message and is retried; the
 *   last failure ends the run `failed` with a readable message and no report;
 * - a job that fails without its handler's catch running (its process died) reaches the dead
 *   letter queue, which marks its run failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { admin, type ImportRun } from '@vigil/contract';
import { buildApp } from '../../app';
import { loadTestConfig, repoRoot, type AppConfig } from '../../config/index';
import { openDatabase, type Database } from '../../db/client';
import { importRuns, importUploads } from '../../db/schema/index';
import { callerFor, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, openTestDatabase, type TestApp } from '../../../test/setup';
import { IMPORT_FAILED_MESSAGE } from './import-runs';

const shared = path.resolve(repoRoot, '../shared/data');
const syntheaDir = fs.existsSync(path.join(shared, 'synthea-r4/fhir')) ? path.join(shared, 'synthea-r4/fhir') : path.join(repoRoot, 'demo-data/synthea-r4/fhir');
const totalFiles = fs.readdirSync(syntheaDir).filter((f) => f.endsWith('.json')).length;

let database: Database & { drop: () => Promise<void> };
let second: Database | null = null;
/** The process that serves requests only (VIGIL_JOBS_WORKERS=false). */
let a: TestApp;
/** The process that works the jobs. */
let b: TestApp;
let sysadmin: CallUser;

const jobConfig = (overrides: Partial<AppConfig> = {}) =>
  loadTestConfig({ jobsEnabled: true, jobWorkers: true, jobsPollSeconds: 0.5, jobsRetryDelaySeconds: 1, jobsStopSeconds: 5, demoDataDirs: [syntheaDir], ...overrides });

async function startApp(overrides: Partial<AppConfig>, ownPools: boolean): Promise<TestApp> {
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

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) { return v; }
    if (Date.now() > end) { throw new Error(`timed out waiting for ${what}`); }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Calls through the process that serves requests only (`a`); the requests never reach `b`. */
const callAs = callerFor(() => a);

/** GET admin/importruns/{id} through app `a`, as the system admin. */
async function runOf(id: number): Promise<ImportRun> {
  const res = await callAs(sysadmin, admin.getImportRun, { params: { id } });
  expect(res.status).toBe(200);
  return res.body;
}

/** A queued upload run made as startImportRun makes it, but without its file (the file is added, or not, by the test). */
async function queuedRunWithoutUpload(name: string): Promise<number> {
  const [row] = await a.ctx.db.insert(importRuns).values({ source: name, status: 'queued', input: { kind: 'upload', name } }).returning({ id: importRuns.id });
  return row!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  a = await startApp({ jobWorkers: false }, false);
  b = await startApp({}, true);
  sysadmin = (await createTenancyFixture(a)).sysadmin;
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await database?.drop();
});

describe('an import queued through one API process', () => {
  it('is worked by the other process and reported by the first: queued, running with its progress, done with its report', async () => {
    const started = await callAs(sysadmin, admin.runImport, { body: { path: syntheaDir } });
    expect(started.status).toBe(200);
    const queued = started.body;
    expect(queued).toMatchObject({ status: 'queued', source: syntheaDir, report: null, progress: null });

    // Read through the process without workers: everything it reports comes from the database.
    const seen: ImportRun[] = [];
    const done = await until('the import to finish', async () => {
      const run = await runOf(queued.id);
      seen.push(run);
      return run.status === 'done' || run.status === 'failed' ? run : null;
    });
    expect(done).toMatchObject({ status: 'done', progress: null, error: null });
    expect(done.report).toMatchObject({ runId: queued.id, files: totalFiles, bundlesRolledBack: 0 });
    expect(done.report!.counts).toMatchObject({ created: 730, error: 0 });
    const running = seen.filter((r) => r.status === 'running' && r.progress);
    expect(running.length).toBeGreaterThan(0);
    for (const r of running) {
      expect(r.progress!.filesTotal).toBe(totalFiles);
      expect(r.progress!.files).toBeLessThan(totalFiles);
      expect(r.report).toBeNull();
    }
    expect(seen.every((r) => ['queued', 'running', 'done'].includes(r.status))).toBe(true);
    // One job, completed once, and the list shows the same run.
    const jobs = await until('the job to complete', async () => {
      const found = await rows<{ state: string }>(sql`select state from pgboss.job where name = 'import-run' and (data->>'runId')::int = ${queued.id}`);
      return found.every((j) => j.state === 'completed') ? found : null;
    });
    expect(jobs).toEqual([{ state: 'completed' }]);
    const list = await callAs(sysadmin, admin.findImportRuns, { query: { sort: '-startedAt', pageSize: 1 } });
    expect(list.body.items[0]).toMatchObject({ id: queued.id, status: 'done' });
  });

  it('retries a failed attempt (queued again with the attempt in error), and a run that keeps failing ends failed with a readable message', async () => {
    const retried = await queuedRunWithoutUpload('retried.json');
    const doomed = await queuedRunWithoutUpload('doomed.json');
    await a.ctx.jobs.enqueue('import-run', { runId: retried });
    await a.ctx.jobs.enqueue('import-run', { runId: doomed });

    // The first attempt finds no upload: back to queued, with the attempt's message.
    const again = await until('the first attempt to fail', async () => {
      const run = await runOf(retried);
      return run.status === 'queued' && run.error ? run : null;
    });
    expect(again).toMatchObject({ status: 'queued', error: 'Attempt 1 of 3 failed; retrying', report: null });
    // The file arrives before the retry: the retry imports it.
    const org = { resourceType: 'Organization', id: 'retried-org', name: 'Retried Clinic' };
    await a.ctx.db.insert(importUploads).values({ runId: retried, name: 'retried.json', content: Buffer.from(JSON.stringify(org)) });
    const done = await until('the retry to finish', async () => {
      const run = await runOf(retried);
      return run.status === 'done' || run.status === 'failed' ? run : null;
    });
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(done.report!.records).toEqual([{ file: 'retried.json', resourceType: 'Organization', id: 'retried-org', status: 'created' }]);
    // The stored file goes once the run is closed (just after its report is written).
    await until('the upload to be deleted', async () => (await a.ctx.db.select().from(importUploads).where(eq(importUploads.runId, retried))).length === 0);

    // The other never gets its file: three attempts, then failed without a report.
    const failed = await until('the last attempt to fail', async () => {
      const run = await runOf(doomed);
      return run.status === 'failed' ? run : null;
    });
    expect(failed).toMatchObject({ status: 'failed', report: null, progress: null, error: `${IMPORT_FAILED_MESSAGE} (3 attempts)` });
    expect(failed.finishedAt).not.toBeNull();
  }, 90_000);

  it('marks a run failed when its job fails without the handler noticing (a process that died): the dead letter queue', async () => {
    const orphan = await queuedRunWithoutUpload('orphan.json');
    await a.ctx.db.update(importRuns).set({ status: 'running' }).where(eq(importRuns.id, orphan));
    // A job no worker takes yet, failed as pg-boss's maintenance fails an expired one.
    const jobId = await a.ctx.jobs.boss!.send('import-run', { runId: orphan }, { retryLimit: 0, startAfter: 3600 });
    await a.ctx.jobs.boss!.fail('import-run', jobId!, { message: 'job failed by timeout in active state' });
    const failed = await until('the dead letter to mark the run', async () => {
      const run = await runOf(orphan);
      return run.status === 'failed' ? run : null;
    });
    expect(failed).toMatchObject({ status: 'failed', report: null, error: IMPORT_FAILED_MESSAGE });
    const letters = await until('the dead letter job to complete', async () => {
      const found = await rows<{ state: string }>(sql`select state from pgboss.job where name = 'import-run-failed' and (data->>'runId')::int = ${orphan}`);
      return found.every((j) => j.state === 'completed') ? found : null;
    });
    expect(letters).toEqual([{ state: 'completed' }]);
  });
});
