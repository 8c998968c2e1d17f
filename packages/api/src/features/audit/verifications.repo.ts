import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AuditChainCheck, AuditVerification } from '@vigil/contract';
import { auditVerifications } from '../../db/schema/index';
import type { SystemDb } from '../../db/handles';

/**
 * `audit_verifications` (features/audit/audit.tables.ts; docs/audit.md "Checkpoints"): the verdicts
 * of the trail's checks. System-wide rows (no tenant): only `audit.verify` (system admin) reads
 * them, so every function takes the system handle.
 */

const v = auditVerifications;
type Row = typeof v.$inferSelect;

const view = (r: Row): AuditVerification => ({
  id: r.id,
  kind: r.kind as AuditVerification['kind'],
  status: r.status as AuditVerification['status'],
  rowsDone: r.rowsDone,
  rowsTotal: r.rowsTotal,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  result: r.result ?? null,
  error: r.error,
});

/**
 * Stores a new run `queued` (a full re-check) or `running` (an incremental check, which runs at
 * once). A full re-check is refused (null) while another is queued or running: the insert and the
 * test are one statement, so two callers cannot both start one.
 */
export async function insertVerification(handle: SystemDb, kind: AuditVerification['kind'], rowsTotal: number): Promise<AuditVerification | null> {
  const { db } = handle;
  if (kind === 'incremental') {
    const [row] = await db.insert(v).values({ kind, status: 'running', rowsTotal }).returning();
    return view(row!);
  }
  const result = (await db.execute(sql`
    insert into audit_verifications (kind, status, rows_total)
    select 'full', 'queued', ${rowsTotal}
    where not exists (select 1 from audit_verifications where kind = 'full' and status in ('queued', 'running'))
    returning id`)) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  return id === undefined ? null : findVerification(handle, Number(id));
}

/** One run, or null. */
export async function findVerification({ db }: SystemDb, id: number): Promise<AuditVerification | null> {
  const [row] = await db.select().from(v).where(eq(v.id, id));
  return row ? view(row) : null;
}

/** Marks a queued run running (answers false when it was not queued: a job delivered again). */
export async function markVerificationRunning({ db }: SystemDb, id: number): Promise<boolean> {
  const rows = await db.update(v).set({ status: 'running' }).where(and(eq(v.id, id), eq(v.status, 'queued'))).returning({ id: v.id });
  return rows.length > 0;
}

/** A running run's progress: rows checked of the total. */
export async function setVerificationProgress({ db }: SystemDb, id: number, rowsDone: number, rowsTotal: number): Promise<void> {
  await db.update(v).set({ rowsDone, rowsTotal: Math.max(rowsTotal, rowsDone) }).where(eq(v.id, id));
}

/** Ends a run with its verdict (`done`) or the kind of error that stopped it (`failed`). */
export async function finishVerification({ db }: SystemDb, id: number, end: { result: AuditChainCheck } | { error: string }): Promise<void> {
  const done = 'result' in end;
  await db
    .update(v)
    .set({
      status: done ? 'done' : 'failed',
      finishedAt: new Date(),
      ok: done ? end.result.ok : null,
      result: done ? end.result : null,
      error: done ? null : end.error.slice(0, 300),
      ...(done ? { rowsDone: end.result.checked } : {}),
    })
    .where(eq(v.id, id));
}

/** The newest finished run of either kind, and the newest full re-check (any state). */
export async function latestVerifications({ db }: SystemDb): Promise<{ lastResult: AuditVerification | null; fullCheck: AuditVerification | null }> {
  const [[last], [full]] = await Promise.all([
    db.select().from(v).where(and(isNotNull(v.finishedAt), inArray(v.status, ['done', 'failed']))).orderBy(desc(v.finishedAt), desc(v.id)).limit(1),
    db.select().from(v).where(eq(v.kind, 'full')).orderBy(desc(v.id)).limit(1),
  ]);
  return { lastResult: last ? view(last) : null, fullCheck: full ? view(full) : null };
}

/**
 * Deletes the passed incremental verdicts (kind `incremental`, status `done`, ok) that finished
 * before `before`, and answers how many went. Broken verdicts, failed runs and full re-checks are
 * kept whatever their age: they are the history an auditor asks for (docs/audit.md "Checkpoints").
 * At one check per 5 minutes, 90 days keep about 26,000 rows.
 */
export async function pruneVerifications({ db }: SystemDb, before: Date): Promise<number> {
  const gone = await db
    .delete(v)
    .where(and(eq(v.kind, 'incremental'), eq(v.status, 'done'), eq(v.ok, true), lt(v.finishedAt, before)))
    .returning({ id: v.id });
  return gone.length;
}
