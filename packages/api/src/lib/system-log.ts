/**
 * System logs (docs/audit.md "System logs"): server errors with their request id, job runs and
 * failures, integration failures and refused sign-ins, in the `system_logs` table that
 * `systemlog/getsystemlogs` lists. Never a secret or PHI: callers pass fixed messages, and
 * `details` only codes, counts and ids (never an error's message, which may carry a query's
 * parameters: plugins/errors.ts `safeError`).
 */
import type { Executor } from '../db/client';
import { systemLogs } from '../db/schema/index';

export type SystemLogKind = 'serverError' | 'jobRun' | 'jobFailure' | 'integrationFailure' | 'signInRefused';
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
