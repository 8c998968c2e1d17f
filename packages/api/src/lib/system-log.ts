/**
 * System logs (docs/audit.md "System logs"): server errors with their request id, job runs and
 * failures, integration failures and refused sign-ins, in the `system_logs` table that
 * `systemlog/getsystemlogs` lists. Never a secret or PHI: callers pass fixed messages, and
 * `details` only codes, counts and ids (never an error's message, which may carry a query's
 * parameters: plugins/errors.ts `safeError`).
 */
import { inArray, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { systemLogs } from '../db/schema/index';

/** `mfa`: enrolment, removal and reset of second factors, MFA policy changes and MFA sign-in steps (docs/security.md "Multi-factor authentication"). */
export type SystemLogKind = 'serverError' | 'jobRun' | 'jobFailure' | 'integrationFailure' | 'signInRefused' | 'mfa' | 'fhirApi';
export type SystemLogLevel = 'error' | 'warn' | 'info';

export interface SystemLogEntry {
  level: SystemLogLevel;
  kind: SystemLogKind;
  /** Where: the endpoint ('GET user/{id}'), the job's queue, the integration ('smtp'). */
  source: string;
  /** A fixed text, never user input. */
  message: string;
  requestId?: string;
  userId?: number | null;
  organizationId?: number | null;
  details?: Record<string, string | number | boolean | null | undefined>;
}

/**
 * Writes one system log line. Not awaited by its callers' answers: it resolves once stored, and a
 * failure to store is swallowed (`onError` hears of it), so logging never breaks the work logged.
 */
export function recordSystemLog(db: Executor, entry: SystemLogEntry, onError?: (err: unknown) => void): Promise<void> {
  const details = Object.fromEntries(Object.entries(entry.details ?? {}).filter(([, v]) => v !== undefined)) as Record<string, string | number | boolean | null>;
  return db
    .insert(systemLogs)
    .values({
      level: entry.level,
      kind: entry.kind,
      source: entry.source.slice(0, 200),
      message: entry.message.slice(0, 500),
      requestId: entry.requestId ?? '',
      userId: entry.userId ?? null,
      organizationId: entry.organizationId ?? null,
      details,
    })
    .then(
      () => undefined,
      (err: unknown) => onError?.(err),
    );
}

/**
 * The retention rule of the system log (docs/audit.md "System logs"): deletes the lines written
 * before `cutoff`, at most `batch` per statement (oldest first, on the `at` index) until none is
 * left, so that a first run over a long history never holds one huge delete. Answers how many were
 * deleted. Idempotent: a second run finds nothing to delete.
 */
export async function deleteSystemLogsBefore(db: Executor, cutoff: Date, batch = 5_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const old = db.select({ id: systemLogs.id }).from(systemLogs).where(lt(systemLogs.at, cutoff)).orderBy(systemLogs.at).limit(batch);
    const gone = await db.delete(systemLogs).where(inArray(systemLogs.id, old)).returning({ id: systemLogs.id });
    deleted += gone.length;
    if (gone.length < batch) { return deleted; }
  }
}

/** The instant before which system log lines are past `retentionDays` days at `now`. */
export function systemLogCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * 86_400_000);
}
