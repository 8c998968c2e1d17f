/**
 * The queue `system-log-retention` (docs/audit.md "System logs", docs/jobs.md): once a minute,
 * system log lines older than VIGIL_SYSTEM_LOG_RETENTION_DAYS days (default 90) are deleted
 * (lib/system-log.ts `deleteSystemLogsBefore`, in batches). Idempotent: a retried or overlapping
 * run finds nothing left to delete. The PHI audit trail is not touched (it is append-only and
 * chained; HIPAA 164.316(b)(2) asks six years of its documentation).
 */
import type { AppContext } from '../context';
import { deleteSystemLogsBefore, systemLogCutoff } from '../lib/system-log';
import type { JobDefinition, JobName } from './queue';

/** One run at `now`: deletes the lines past the retention; answers how many and the cutoff. */
export async function runSystemLogRetention(ctx: AppContext, now = new Date()): Promise<{ deleted: number; cutoff: string }> {
  const cutoff = systemLogCutoff(now, ctx.config.systemLogRetentionDays);
  const deleted = await deleteSystemLogsBefore(ctx.db, cutoff);
  if (deleted > 0) { ctx.log.info({ deleted }, 'system log: old lines deleted'); }
  return { deleted, cutoff: cutoff.toISOString() };
}

export function systemLogRetentionJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'system-log-retention',
    retryLimit: 0, // the next minute deletes whatever this one left
    retryDelaySeconds: 1,
    expireInSeconds: 15 * 60,
    handler: async () => runSystemLogRetention(ctx),
  };
}
