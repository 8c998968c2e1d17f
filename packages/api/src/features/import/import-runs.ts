/**
 * How a FHIR import started from the web (POST admin/import, admin/importupload) is queued, worked
 * and reported (README "Jobs"; docs/jobs.md). A run is an `import_runs` row, the record every API
 * process reads (GET admin/importruns, admin/importruns/{id}), and an `import-run` job of the
 * queue (jobs/queue.ts), the model being billing runs (features/billing/billing-runs.ts):
 *
 *   queued  -> the request stored the run (and an upload's bytes, in `import_uploads`) and
 *              enqueued its job; it answered at once with the run;
 *   running -> a worker (any process) imports it with import.service.ts; `progress` counts the
 *              files read of the total;
 *   queued  -> again after a failed attempt that will be retried (`error` says which attempt);
 *   done | failed -> the importer's report (`failed` when records failed); or `failed` without a
 *              report when the run itself could not be completed (`error`, never patient data).
 *
 * A retry starts the import over: bundles the failed attempt committed are matched on their
 * external references and reported `unchanged`, so nothing is written twice. A process that dies
 * mid-run leaves its job active; pg-boss's maintenance fails it after `expireInSeconds` and it is
 * retried; a run whose last attempt dies so is marked failed by the `import-run-failed` queue.
 * Without the queue (VIGIL_JOBS_ENABLED=false) the same handler runs in the process that queued
 * the run, without retries. The CLI (`npm run import`) and the demo seed call the importer directly.
 */
import type { ImportProgress, ImportReport, ImportRun } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import type { JobDefinition, JobInfo, JobName, JobPayloads } from '../../jobs/queue';
import * as runs from './import-runs.repo';
import * as repo from './import.repo';
import { importFhir, importFhirText } from './import.service';
import { tenantDb } from '../../db/handles';

/** The message of a run that could not be completed (English, as stored; no PHI). */
export const IMPORT_FAILED_MESSAGE = 'Import failed; see the server log';

/** A run as the API shows it: the report once finished, the progress while running, the error while retried or when it failed without a report. */
export function runView(r: runs.ImportRunRow): ImportRun {
  const report = r.report && typeof r.report === 'object' ? r.report : null;
  const finished = r.status === 'done' || r.status === 'failed';
  return {
    id: r.id,
    source: r.source,
    status: (['queued', 'running', 'done', 'failed'] as const).find((s) => s === r.status) ?? 'failed',
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    startedBy: r.startedBy,
    report: finished && report && 'runId' in report ? (report as ImportReport) : null,
    progress: r.status === 'running' && report && 'progress' in report ? (report as { progress: ImportProgress }).progress : null,
    error: r.status === 'done' ? null : r.error,
  };
}

/** What a queued run imports: a resolved server path, or an uploaded file. */
export type QueuedImport = { source: string; path: string } | { source: string; upload: { name: string; content: Buffer } };

/**
 * Queues an import for a system admin (the route checked `import.run`): stores a `queued` run
 * (with an upload, its bytes in the same transaction), commits, then enqueues its `import-run`
 * job (after the commit: see jobs/queue.ts on PGlite) and answers the run at once. When the job
 * cannot be enqueued the run is marked failed and the error thrown (500).
 */
export async function startImportRun(ctx: AppContext, scope: Scope, what: QueuedImport): Promise<ImportRun> {
  const row = await runs.createQueuedRun(ctx.db, {
    source: what.source.slice(0, 500),
    startedBy: scope.userId,
    input: 'path' in what ? { kind: 'path', path: what.path } : { kind: 'upload', name: what.upload.name },
    upload: 'upload' in what ? what.upload : undefined,
  });
  try {
    await ctx.jobs.enqueue('import-run', { runId: row.id });
  } catch (err) {
    await runs.failRun(ctx.db, row.id, IMPORT_FAILED_MESSAGE);
    throw err;
  }
  return runView(row);
}

/** Imports what the run names (import.service.ts writes its progress and, at the end, its status and report). */
async function importRunInput(ctx: AppContext, run: runs.ImportRunRow): Promise<ImportReport> {
  const opts = { run: { id: run.id, startedAt: run.startedAt }, label: run.source };
  const input = run.input;
  if (input?.kind === 'path') { return importFhir(ctx, input.path, opts); }
  if (input?.kind === 'upload') {
    const upload = await runs.getUpload(ctx.db, run.id);
    if (!upload) { throw new Error('the run\'s upload is missing'); }
    return importFhirText(ctx, upload.name, upload.content.toString('utf8'), opts);
  }
  throw new Error('the run names nothing to import');
}

/**
 * The `import-run` job: marks the run running, imports it, and records the outcome. A run already
 * finished is left alone (a job delivered twice does nothing). On a failed attempt with retries
 * left the run goes back to `queued` with the attempt's message and the job is thrown back to
 * pg-boss for a retry; on the last one it ends `failed` without a report.
 */
export async function executeImportRun(ctx: AppContext, data: JobPayloads['import-run'], job: JobInfo): Promise<{ runId: number; status: string }> {
  const { runId } = data;
  const run = await runs.getRunForJob(ctx.db, runId);
  if (!run || !(await runs.markRunning(ctx.db, runId))) { return { runId, status: run?.status ?? 'missing' }; }
  try {
    const report = await importRunInput(ctx, run);
    await runs.closeFinishedRun(ctx.db, runId);
    return { runId, status: report.status };
  } catch (err) {
    const attempt = job.retryCount + 1;
    const attempts = job.retryLimit + 1;
    if (job.retryCount < job.retryLimit) { await runs.requeueRun(ctx.db, runId, `Attempt ${attempt} of ${attempts} failed; retrying`); }
    else { await runs.failRun(ctx.db, runId, attempts > 1 ? `${IMPORT_FAILED_MESSAGE} (${attempts} attempts)` : IMPORT_FAILED_MESSAGE); }
    throw err;
  }
}

/** The `import-run` queue's worker: two retries, 10 s then 20 s apart (VIGIL_JOBS_RETRY_DELAY_SECONDS); an attempt may run 30 minutes. */
export function importRunJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'import-run',
    retryLimit: 2,
    retryDelaySeconds: ctx.config.jobsRetryDelaySeconds,
    expireInSeconds: 30 * 60,
    deadLetter: 'import-run-failed',
    handler: (data, job) => executeImportRun(ctx, data as JobPayloads['import-run'], job),
  };
}

/**
 * The `import-run-failed` queue (pg-boss's dead letter of `import-run`): a job whose last attempt
 * failed lands here, including one whose process died (expired by pg-boss's maintenance, so the
 * handler's own catch never ran). Its run, if still queued or running, is marked failed: a run is
 * never left "running" for ever.
 */
export function importRunFailedJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'import-run-failed',
    retryLimit: 2,
    retryDelaySeconds: ctx.config.jobsRetryDelaySeconds,
    expireInSeconds: 60,
    handler: async (data) => {
      const { runId } = data as JobPayloads['import-run-failed'];
      await runs.failRun(ctx.db, runId, IMPORT_FAILED_MESSAGE);
      return { runId };
    },
  };
}

/** `GET admin/importruns/{id}`: one run (404 when unknown; import runs are a system admin's). */
export async function getImportRun(ctx: Pick<AppContext, 'db'>, scope: Scope, id: number): Promise<ImportRun> {
  const row = await runs.getRun(tenantDb(scope, ctx.db), id);
  if (!row) { throw AppError.notFound(); }
  return runView(row);
}

/** `GET admin/importruns`: import runs for a system admin, newest first, paged (a running one with its progress). */
export async function findImportRuns(
  ctx: Pick<AppContext, 'db'>,
  scope: Scope,
  q: { page: number; pageSize: number; sort?: string; search?: string },
): Promise<{ items: ImportRun[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await repo.findImportRuns(tenantDb(scope, ctx.db), q);
  return { items: rows.map(runView), total, page: q.page, pageSize: q.pageSize };
}
