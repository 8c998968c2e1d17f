import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { icd10cmCodes, icd10cmReleases } from '../../db/schema/index';
import type { Icd10cmIndexRow } from './icd10cm-index';
import type { CatalogueDb, TenantDb } from '../../db/handles';

// The ICD-10-CM code set is global reference data, not tenant data: no tenant filter applies.
// Functions still take the caller's scope first (house rule).

export type ReleaseRow = typeof icd10cmReleases.$inferSelect;
export type CodeRow = typeof icd10cmCodes.$inferSelect;

const candidateColumns = {
  code: icd10cmCodes.code,
  codeCompact: icd10cmCodes.codeCompact,
  description: icd10cmCodes.description,
  billable: icd10cmCodes.billable,
  category: icd10cmCodes.category,
  terms: icd10cmCodes.terms,
};

const c = icd10cmCodes;

/**
 * The current release's reference and every one of its codes with its search text (what the
 * in-memory index, icd10cm-index.ts, is built from), read in one repeatable-read transaction so
 * that the codes are those of the release named even while another process loads a new one.
 * Null before the first load.
 */
export async function readReleaseCodes({ db }: CatalogueDb): Promise<{ release: { id: number; label: string }; rows: Icd10cmIndexRow[] } | null> {
  return db.transaction(
    async (tx) => {
      const [release] = await tx.select({ id: icd10cmReleases.id, label: icd10cmReleases.label }).from(icd10cmReleases).where(eq(icd10cmReleases.isCurrent, true)).limit(1);
      if (!release) { return null; }
      const rows = await tx.select({ ...candidateColumns, searchText: c.searchText }).from(c);
      return { release, rows };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The codes among `codes` (with their dots) in the current release. */
export async function findCodes({ db }: CatalogueDb, codes: string[]): Promise<CodeRow[]> {
  if (codes.length === 0) { return []; }
  return db.select().from(icd10cmCodes).where(inArray(icd10cmCodes.code, codes));
}

/** The billable codes of category `category` ("E11"), by code, at most `limit`. */
export async function findBillableInCategory({ db }: CatalogueDb, category: string, limit: number): Promise<CodeRow[]> {
  return db
    .select()
    .from(icd10cmCodes)
    .where(and(eq(icd10cmCodes.category, category), eq(icd10cmCodes.billable, true)))
    .orderBy(asc(icd10cmCodes.codeCompact))
    .limit(limit);
}

/** The current release (null before the first load). */
export async function getCurrentRelease({ db }: CatalogueDb): Promise<ReleaseRow | null> {
  const [row] = await db.select().from(icd10cmReleases).where(eq(icd10cmReleases.isCurrent, true)).limit(1);
  return row ?? null;
}

/** The current release's id and label (null before the first load): the search's cache key. */
export async function getCurrentReleaseRef({ db }: CatalogueDb): Promise<{ id: number; label: string } | null> {
  const [row] = await db.select({ id: icd10cmReleases.id, label: icd10cmReleases.label }).from(icd10cmReleases).where(eq(icd10cmReleases.isCurrent, true)).limit(1);
  return row ?? null;
}

/** The releases, newest first, at most `limit`, without their uploaded files. */
export async function findReleases({ db }: CatalogueDb, limit: number): Promise<Omit<ReleaseRow, 'upload'>[]> {
  const { upload: _upload, ...columns } = getTableColumns(icd10cmReleases);
  return db.select(columns).from(icd10cmReleases).orderBy(desc(icd10cmReleases.id)).limit(limit);
}

/** One release with its file (the job reads it). */
export async function getRelease({ db }: CatalogueDb, id: number): Promise<ReleaseRow | null> {
  const [row] = await db.select().from(icd10cmReleases).where(eq(icd10cmReleases.id, id)).limit(1);
  return row ?? null;
}

/** A queued or running upload started in the last hour (one load at a time). */
export async function findActiveImport({ db }: CatalogueDb): Promise<ReleaseRow | null> {
  const [row] = await db
    .select()
    .from(icd10cmReleases)
    .where(and(inArray(icd10cmReleases.status, ['queued', 'running']), sql`${icd10cmReleases.createdAt} > now() - interval '1 hour'`))
    .limit(1);
  return row ?? null;
}

/** Stores an uploaded file as a queued release. */
export async function insertQueuedRelease(tenant: TenantDb, values: { label: string; fileName: string; upload: Buffer }): Promise<ReleaseRow> {
  const { scope, db } = tenant;
  const [row] = await db
    .insert(icd10cmReleases)
    .values({ ...values, source: 'upload', status: 'queued', startedBy: scope.userId || null })
    .returning();
  return row!;
}

/** Sets a release's status (and error), finishing it when done or failed; a failed one drops its file. */
export async function setReleaseStatus({ db }: CatalogueDb, id: number, status: 'queued' | 'running' | 'failed', error: string | null = null): Promise<void> {
  await db
    .update(icd10cmReleases)
    .set({ status, error, ...(status === 'failed' ? { finishedAt: new Date(), upload: null } : {}) })
    .where(eq(icd10cmReleases.id, id));
}
