/**
 * Database access of queued import runs (import-runs.ts): the `import_runs` row of a run started
 * from the web and its uploaded file (`import_uploads`). Like the importer's own repo, these run
 * for a system admin (permission `import.run`, checked by the route) or for the job worker; the
 * reads take the caller's scope first and answer nothing to anyone else.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { importRuns, importUploads } from '../../db/schema/index';
import { isSystemAdmin } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

export type ImportRunRow = typeof importRuns.$inferSelect;
export type ImportInput = NonNullable<ImportRunRow['input']>;

/** A new run in state `queued` importing `input`; with an upload, its file in the same transaction. */
export async function createQueuedRun(
  db: Executor,
  values: { source: string; startedBy: number; input: ImportInput; upload?: { name: string; content: Buffer } },
): Promise<ImportRunRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(importRuns).values({ source: values.source, startedBy: values.startedBy, input: values.input, status: 'queued' }).returning();
    if (values.upload) { await tx.insert(importUploads).values({ runId: row!.id, name: values.upload.name, content: values.upload.content }); }
    return row!;
  });
}

/** The run `id` for the worker (no scope: the job runs for the system admin who queued it). */
export async function getRunForJob(db: Executor, id: number): Promise<ImportRunRow | null> {
  const [row] = await db.select().from(importRuns).where(eq(importRuns.id, id)).limit(1);
  return row ?? null;
}

/** The run `id` when the caller may see import runs (system admins); null otherwise. */
export async function getRun(tenant: TenantDb, id: number): Promise<ImportRunRow | null> {
  const { scope, db } = tenant;
  if (!isSystemAdmin(scope)) { return null; }
  return getRunForJob(db, id);
}

/** The uploaded file of a run, or null when there is none (a path import, or already finished). */
export async function getUpload(db: Executor, runId: number): Promise<{ name: string; content: Buffer } | null> {
  const [row] = await db.select({ name: importUploads.name, content: importUploads.content }).from(importUploads).where(eq(importUploads.runId, runId)).limit(1);
  return row ?? null;
}

/** Marks a queued run `running` (progress starts empty); false when it is no longer queued or running. */
export async function markRunning(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(importRuns)
    .set({ status: 'running', report: {}, finishedAt: null })
    .where(and(eq(importRuns.id, id), inArray(importRuns.status, ['queued', 'running'])))
    .returning({ id: importRuns.id });
  return rows.length > 0;
}

/** After an attempt that failed and will be retried: `queued` again, with the attempt's message. */
export async function requeueRun(db: Executor, id: number, error: string): Promise<void> {
  await db.update(importRuns).set({ status: 'queued', error }).where(eq(importRuns.id, id));
}

/** Ends a run that could not be completed: `failed` with `error` and no report; its upload is deleted. */
export async function failRun(db: Executor, id: number, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(importRuns).set({ status: 'failed', error, report: {}, finishedAt: sql`now()` }).where(and(eq(importRuns.id, id), inArray(importRuns.status, ['queued', 'running'])));
    await tx.delete(importUploads).where(eq(importUploads.runId, id));
  });
}

/** After the importer finished the run (its status and report written): clears the attempt message and deletes the upload. */
export async function closeFinishedRun(db: Executor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(importRuns).set({ error: null }).where(eq(importRuns.id, id));
    await tx.delete(importUploads).where(eq(importUploads.runId, id));
  });
}
