/**
 * How an office's or organization's billing generation run is started, executed and reported
 * (spec section 7 "Billing"; README "Jobs"). A run is a `billing_runs` row, the record every API
 * process reads (GET billing/getbillingrun), and a `billing-run` job of the queue (jobs/queue.ts):
 *
 *   queued  -> the job waits for a worker (any process);
 *   running -> a worker generates it; `done` counts the patients written so far, of `total`;
 *   queued  -> again after a failed attempt that will be retried (error says which attempt failed);
 *   done | failed -> finished; `failed` carries a generic message (never patient data).
 *
 * Without the queue (VIGIL_JOBS_ENABLED=false) the same handler runs in the process that started
 * the run, without retries.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { billingRuns } from '../../db/schema/index';
import { systemScope, type Scope } from '../../db/scope';
import type { JobDefinition, JobInfo, JobName, JobPayloads } from '../../jobs/queue';
import { processRun } from './generation';
import * as runs from './billing-runs.repo';
import * as repo from './generation.repo';
import { tenantDb } from '../../db/handles';

export type RunRow = typeof billingRuns.$inferSelect;

/** The message of a run whose last attempt failed (English, as stored; no PHI). */
export const RUN_FAILED_MESSAGE = 'Generation failed; see the server log';

/** A queued or running run of the same scope and month started in the last 30 minutes (a second request joins it). */
export async function findActiveRun(db: Executor, scopeKind: string, scopeId: number, year: number, month: number): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(billingRuns)
    .where(
      and(
        eq(billingRuns.scopeKind, scopeKind),
        eq(billingRuns.scopeId, scopeId),
        eq(billingRuns.year, year),
        eq(billingRuns.month, month),
        inArray(billingRuns.status, ['queued', 'running']),
        sql`${billingRuns.startedAt} > now() - interval '30 minutes'`,
      ),
    )
    .orderBy(sql`${billingRuns.id} desc`)
    .limit(1);
  return row ?? null;
}

/** A new run in state `queued` with the patients counted so far (`total`). */
async function createQueuedRun(
  db: Executor,
  values: { scopeKind: 'hospital' | 'organization'; scopeId: number; year: number; month: number; total: number; startedBy: number },
): Promise<RunRow> {
  const [row] = await db.insert(billingRuns).values({ ...values, status: 'queued', done: 0 }).returning();
  return row!;
}

/**
 * Starts (or joins) a background run of `kind`/`scopeId` for the month: a queued or running run
 * of the same scope and month is answered instead; else a `queued` run is stored, committed, and
 * its job enqueued (after the commit: see jobs/queue.ts on PGlite). Answers the run row.
 */
export async function startBackgroundRun(
  ctx: AppContext,
  scope: Scope,
  run: { kind: 'hospital' | 'organization'; scopeId: number; year: number; month: number; total: number },
): Promise<RunRow> {
  const active = await findActiveRun(ctx.db, run.kind, run.scopeId, run.year, run.month);
  if (active) { return active; }
  const row = await createQueuedRun(ctx.db, { scopeKind: run.kind, scopeId: run.scopeId, year: run.year, month: run.month, total: run.total, startedBy: scope.userId });
  try {
    await ctx.jobs.enqueue('billing-run', { runId: row.id, scope });
  } catch (err) {
    await runs.finishRun(tenantDb(scope, ctx.db), row.id, 'failed', RUN_FAILED_MESSAGE);
    throw err;
  }
  return row;
}

/** The offices of a run as the starting user sees them now (none when they lost access). */
async function officesOfRun(ctx: AppContext, scope: Scope, run: RunRow): Promise<repo.OfficeRef[]> {
  if (run.scopeKind === 'hospital') {
    const office = await repo.findOffice(tenantDb(scope, ctx.db), run.scopeId);
    return office ? [office] : [];
  }
  return repo.findOrganizationOffices(tenantDb(scope, ctx.db), run.scopeId);
}

/**
 * The `billing-run` job: marks the run running, generates it (generation.ts), and records the
 * outcome. A run already finished is left alone (a job delivered twice does nothing). On a failed
 * attempt with retries left the run goes back to `queued` with the attempt's message and the job
 * is thrown back to pg-boss for a retry; on the last one it ends `failed`.
 */
export async function executeBackgroundRun(ctx: AppContext, data: JobPayloads['billing-run'], job: JobInfo): Promise<{ runId: number; status: string }> {
  const { scope, runId } = data;
  // The job reads and ends its own run as the server (systemScope); what it generates is what the
  // starting user still sees (officesOfRun with their scope).
  const run = await runs.getRun(tenantDb(systemScope, ctx.db), runId);
  if (!run || run.status === 'done' || run.status === 'failed') { return { runId, status: run?.status ?? 'missing' }; }
  await ctx.db.update(billingRuns).set({ status: 'running', done: 0, finishedAt: null }).where(eq(billingRuns.id, runId));
  try {
    const offices = await officesOfRun(ctx, scope, run);
    if (offices.length === 0) { throw new Error('the run\'s offices are no longer visible to the user who started it'); }
    await processRun(scope, ctx.db, runId, offices, run.year, run.month);
    return { runId, status: 'done' };
  } catch (err) {
    const attempt = job.retryCount + 1;
    const attempts = job.retryLimit + 1;
    if (job.retryCount < job.retryLimit) {
      await ctx.db
        .update(billingRuns)
        .set({ status: 'queued', error: `Attempt ${attempt} of ${attempts} failed; retrying` })
        .where(eq(billingRuns.id, runId));
    } else {
      await runs.finishRun(tenantDb(systemScope, ctx.db), runId, 'failed', attempts > 1 ? `${RUN_FAILED_MESSAGE} (${attempts} attempts)` : RUN_FAILED_MESSAGE);
    }
    throw err;
  }
}

/** The `billing-run` queue's worker: two retries, 10 s then 20 s apart (VIGIL_JOBS_RETRY_DELAY_SECONDS). */
export function billingRunJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'billing-run',
    retryLimit: 2,
    retryDelaySeconds: ctx.config.jobsRetryDelaySeconds,
    expireInSeconds: 30 * 60,
    handler: (data, job) => executeBackgroundRun(ctx, data as JobPayloads['billing-run'], job),
  };
}
