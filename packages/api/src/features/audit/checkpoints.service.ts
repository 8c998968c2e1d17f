/**
 * Audit checkpoints and verifications (docs/audit.md "Checkpoints", docs/jobs.md "Audit
 * checkpoints"): the queue `audit-checkpoint`, ticked every minute, runs an incremental check every
 * VIGIL_AUDIT_CHECKPOINT_MINUTES and, when the trail is whole, signs the head it verified and
 * appends it to the checkpoint sink; the queue `audit-full-check` runs a full re-check with its
 * progress. A tampered trail is never checkpointed: the check comes first, and a broken verdict
 * leaves the last good checkpoint the newest (and logs an error line).
 */
import type { AuditChainCheck, AuditVerification, AuditVerificationStatus } from '@vigil/contract';
import type { AppContext } from '../../context';
import { systemDb } from '../../db/handles';
import { AppError } from '../../lib/app-error';
import { FileCheckpointSink, loadCheckpointKey, readCheckpointLine, signCheckpoint, type CheckpointKey, type CheckpointSink, type SignedCheckpoint } from '../../lib/audit-checkpoint';
import { auditTrail } from '../../lib/audit-trail';
import { loggableError } from '../../lib/loggable-error';
import { perContext } from '../../lib/per-context';
import { recordSystemLog } from '../../lib/system-log';
import type { JobDefinition, JobName } from '../../jobs/queue';
import * as repo from './audit.repo';
import { checkFull, checkIncremental, type CheckOutcome, type CheckSources } from './chain-check';
import * as runs from './verifications.repo';

/** The key and the sink of an app (read once; a key file that cannot be read throws at the first use, and at start: `auditKeyWarning`). */
export const auditProtection = perContext((ctx): { key: CheckpointKey | null; sink: CheckpointSink } => ({
  key: loadCheckpointKey(ctx.config),
  sink: new FileCheckpointSink(ctx.config.auditCheckpointFile),
}));

const sourcesOf = (ctx: AppContext): CheckSources => ({ db: ctx.db, ...auditProtection(ctx) });

/**
 * The start-up word on the checkpoint key (server.ts): throws when a configured key cannot be read
 * or is no Ed25519 key; answers a warning when none is configured (production then writes no
 * checkpoints and says so at every tick) or the key is public only; null when all is well.
 */
export function auditKeyWarning(config: AppContext['config']): string | null {
  const key = loadCheckpointKey(config);
  if (!key) {
    return `${config.production ? 'PRODUCTION: ' : ''}no audit checkpoint key (VIGIL_AUDIT_KEY_FILE or VIGIL_AUDIT_KEY): the audit trail is not checkpointed outside the database, and truncation or a rewritten chain cannot be detected (docs/audit.md "Checkpoints")`;
  }
  if (!key.signer) { return 'the audit checkpoint key is a public key: this process verifies checkpoints but writes none (docs/audit.md "Operations")'; }
  return null;
}

/** Appends a signed checkpoint of `end` (a position a check just verified) to the sink. */
async function appendCheckpoint(sink: CheckpointSink, key: CheckpointKey, end: CheckOutcome['end'], now: Date): Promise<SignedCheckpoint> {
  const signed = signCheckpoint(key, { lastId: end.lastId, count: end.count, hash: end.hash, at: now.toISOString() });
  await sink.append(JSON.stringify(signed));
  return signed;
}

/** The newest checkpoint line that carries the key's signature, or null. */
async function newestCheckpoint(ctx: AppContext): Promise<SignedCheckpoint | null> {
  const { key, sink } = auditProtection(ctx);
  if (!key) { return null; }
  const lines = await sink.readLines();
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 50); i--) {
    const c = readCheckpointLine(key, lines[i]!);
    if (c) { return c; }
  }
  return null;
}

/** A broken verdict as a system log line (ids and kinds only). */
function logBroken(ctx: AppContext, kind: AuditVerification['kind'], result: AuditChainCheck): Promise<void> {
  return recordSystemLog(ctx.db, {
    level: 'error',
    kind: 'integrationFailure',
    source: 'audit-checkpoint',
    message: 'The audit trail failed its check against its checkpoints',
    details: { check: kind, break: result.break?.kind ?? null, position: result.break?.id ?? null, throughId: result.break?.throughId ?? null, line: result.break?.line ?? null },
  });
}

/**
 * One incremental check, recorded as a verification (after storing the events recorded so far);
 * with `checkpoint`, a whole trail is then checkpointed (a key that can sign is needed: production
 * refuses without one, elsewhere nothing is written). Used by the schedule, GET audit/verifychain
 * (no checkpoint) and `npm run audit:verify -- --checkpoint`.
 */
export async function verifyIncrementally(ctx: AppContext, opts: { checkpoint?: boolean; now?: Date } = {}): Promise<{ result: AuditChainCheck; checkpoint: SignedCheckpoint | null }> {
  await auditTrail(ctx).flush();
  const sys = systemDb(ctx.db);
  const run = (await runs.insertVerification(sys, 'incremental', 0))!;
  let outcome: CheckOutcome;
  try {
    outcome = await checkIncremental(sourcesOf(ctx));
  } catch (err) {
    await runs.finishVerification(sys, run.id, { error: `${(err as Error).name ?? 'Error'}: the check could not run` });
    throw err;
  }
  await runs.finishVerification(sys, run.id, { result: outcome.result });
  if (!outcome.result.ok) {
    await logBroken(ctx, 'incremental', outcome.result);
    return { result: outcome.result, checkpoint: null };
  }
  if (!opts.checkpoint) { return { result: outcome.result, checkpoint: null }; }
  const { key, sink } = auditProtection(ctx);
  if (!key?.signer) {
    if (ctx.config.production) { ctx.log.error('audit checkpoint refused: no signing key configured (VIGIL_AUDIT_KEY_FILE or VIGIL_AUDIT_KEY)'); }
    return { result: outcome.result, checkpoint: null };
  }
  return { result: outcome.result, checkpoint: await appendCheckpoint(sink, key, outcome.end, opts.now ?? new Date()) };
}

/**
 * One tick of `audit-checkpoint`: when the newest checkpoint is VIGIL_AUDIT_CHECKPOINT_MINUTES old
 * (less 30 s, the tick's slack) or there is none, an incremental check and, the trail whole, a new
 * checkpoint; then passed incremental verdicts older than VIGIL_AUDIT_VERIFICATION_DAYS are deleted.
 * Without a signing key nothing runs (the start-up warning said why).
 */
export async function runCheckpointTick(ctx: AppContext, now = new Date()): Promise<{ ran: boolean; ok?: boolean; checkpointId?: number }> {
  const { key } = auditProtection(ctx);
  if (!key?.signer) {
    if (ctx.config.production) { ctx.log.error('audit checkpoint refused: no signing key configured (VIGIL_AUDIT_KEY_FILE or VIGIL_AUDIT_KEY)'); }
    return { ran: false };
  }
  const newest = await newestCheckpoint(ctx);
  if (newest && now.getTime() - Date.parse(newest.at) < ctx.config.auditCheckpointMinutes * 60_000 - 30_000) { return { ran: false }; }
  const { result, checkpoint } = await verifyIncrementally(ctx, { checkpoint: true, now });
  await runs.pruneVerifications(systemDb(ctx.db), new Date(now.getTime() - ctx.config.auditVerificationDays * 86_400_000));
  return { ran: true, ok: result.ok, ...(checkpoint ? { checkpointId: checkpoint.lastId } : {}) };
}

/** The queues `audit-checkpoint` (every minute; no retries: the next minute tries again) and `audit-full-check`. */
export function auditJobDefinitions(ctx: AppContext): JobDefinition<JobName>[] {
  return [
    { name: 'audit-checkpoint', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 15 * 60, handler: async () => runCheckpointTick(ctx) },
    {
      name: 'audit-full-check',
      retryLimit: 0, // a failed run says so on /logs; the admin starts another
      retryDelaySeconds: 1,
      expireInSeconds: 6 * 3600,
      handler: async (data) => runFullCheck(ctx, (data as { runId: number }).runId),
    },
  ];
}

/**
 * The job of one full re-check (`audit-full-check { runId }`): marks the queued run running, checks
 * every checkpoint and row, writing the rows done after every page (CHECK_PAGE_ROWS), and ends the
 * run with its verdict. A job delivered again for a run no longer queued does nothing.
 */
export async function runFullCheck(ctx: AppContext, runId: number): Promise<{ ok: boolean | null }> {
  const sys = systemDb(ctx.db);
  if (!(await runs.markVerificationRunning(sys, runId))) { return { ok: null }; }
  try {
    await auditTrail(ctx).flush();
    const { result } = await checkFull(sourcesOf(ctx), (done, total) => runs.setVerificationProgress(sys, runId, done, total));
    await runs.finishVerification(sys, runId, { result });
    if (!result.ok) { await logBroken(ctx, 'full', result); }
    return { ok: result.ok };
  } catch (err) {
    ctx.log.error({ err: loggableError(err) }, 'audit full check failed');
    await runs.finishVerification(sys, runId, { error: `${(err as Error).name ?? 'Error'}: the check could not run` });
    return { ok: null };
  }
}

/** POST audit/fullcheck: stores a queued full re-check and enqueues it (after the insert's commit); 409 while one is queued or running. */
export async function startFullCheck(ctx: AppContext): Promise<AuditVerification> {
  const sys = systemDb(ctx.db);
  const head = await repo.chainHead(sys);
  const run = await runs.insertVerification(sys, 'full', head.count);
  if (!run) { throw AppError.conflict('auditFullCheckRunning'); }
  await ctx.jobs.enqueue('audit-full-check', { runId: run.id });
  return run;
}

/** GET audit/verification: the key, the newest checkpoint, the last verdict, the newest full re-check. */
export async function verificationStatus(ctx: AppContext): Promise<AuditVerificationStatus> {
  const newest = await newestCheckpoint(ctx);
  const latest = await runs.latestVerifications(systemDb(ctx.db));
  return {
    keyConfigured: auditProtection(ctx).key !== null,
    lastCheckpoint: newest ? { lastId: newest.lastId, count: newest.count, at: newest.at } : null,
    ...latest,
  };
}
