/**
 * The audit feature's tables: the owner is the only writer of their rows (docs/architecture.md
 * "Table ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * `audit_verifications`: the verdicts of the trail's checks (docs/audit.md "Checkpoints"), an
 * incremental check every VIGIL_AUDIT_CHECKPOINT_MINUTES and on demand, a full re-check as a
 * background job with its progress. A display and a history only: no check trusts a row of it
 * (each starts from a signed checkpoint outside the database), so an attacker who edits it can
 * hide a verdict from /logs but not from the next check.
 */
import { bigint, boolean, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditChainCheck } from '@vigil/contract';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const auditVerifications = pgTable(
  'audit_verifications',
  {
    id: serial('id').primaryKey(),
    /** incremental | full */
    kind: text('kind').notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull(),
    rowsDone: bigint('rows_done', { mode: 'number' }).notNull().default(0),
    rowsTotal: bigint('rows_total', { mode: 'number' }).notNull().default(0),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    /** The verdict's `ok`, for the "last result" query; null until done. */
    ok: boolean('ok'),
    /** The verdict (contract auditChainCheckSchema), null until done. */
    result: jsonb('result').$type<AuditChainCheck>(),
    /** Why a run failed (an error's kind, never data). */
    error: text('error'),
  },
  (t) => [index('audit_verifications_kind_idx').on(t.kind, t.id), index('audit_verifications_done_idx').on(t.finishedAt)],
);
