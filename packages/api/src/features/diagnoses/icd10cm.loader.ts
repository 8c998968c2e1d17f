/**
 * Loads an ICD-10-CM release into `icd10cm_codes` and records it in `icd10cm_releases`
 * (docs/diagnoses.md "Loading a release"). The vendored FY2025 list is loaded at the first start
 * (`ensureIcd10cmLoaded`); tests load a small fixture of the same format instead of the full list
 * (AppConfig.icd10cmData).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, ne, sql } from 'drizzle-orm';
import { repoRoot } from '../../config/index';
import type { Db, Executor } from '../../db/client';
import { icd10cmCodes, icd10cmReleases, icd10cmWords } from '../../db/schema/index';
import { parseVendoredCodes, searchTextOf, type Icd10cmCodeRow } from './icd10cm.parse';

/** Where the vendored ICD-10-CM files live (NOTICE.md there gives origin, licence and release). */
export const ICD10CM_DATA_DIR = path.join(repoRoot, 'packages/api/data/icd10cm');

/** The label recorded for the vendored list. */
export const VENDORED_RELEASE = 'ICD-10-CM FY2025 (CDC/NCHS tabular list and index)';

/** Advisory lock: one release load at a time across processes. */
const LOCK_ICD10CM_LOAD = 730_611;

/** Which vendored list a start loads: the whole code set, or the small fixture of the tests. */
export type Icd10cmDataSet = 'full' | 'fixture';

/** The vendored code list and index as text: the full gzipped files, or the fixture subset. */
export function readVendoredFiles(set: Icd10cmDataSet): { codes: string; index: string } {
  if (set === 'fixture') {
    return {
      codes: fs.readFileSync(path.join(ICD10CM_DATA_DIR, 'fixture/icd10cm-codes.csv'), 'utf8'),
      index: fs.readFileSync(path.join(ICD10CM_DATA_DIR, 'fixture/icd10cm-index.csv'), 'utf8'),
    };
  }
  return {
    codes: gunzipSync(fs.readFileSync(path.join(ICD10CM_DATA_DIR, 'icd10cm-fy2025-codes.csv.gz'))).toString('utf8'),
    index: gunzipSync(fs.readFileSync(path.join(ICD10CM_DATA_DIR, 'icd10cm-fy2025-index.csv.gz'))).toString('utf8'),
  };
}

/** Category -> chapter (1-22) from the vendored FY2026 category list, for files that do not say. */
export function vendoredChapters(): Map<string, number> {
  const text = fs.readFileSync(path.join(ICD10CM_DATA_DIR, 'icd10cm-fy2026-categories.csv'), 'utf8');
  const out = new Map<string, number>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    const m = /^([A-Z][0-9][0-9A-Z]),.*,(\d+)\s*$/.exec(line);
    if (m) { out.set(m[1]!, Number(m[2])); }
  }
  return out;
}

const BATCH = 1000;

/**
 * Replaces the current codes with `rows` and makes release `releaseId` the current one, in the
 * caller's transaction `tx` (a failed load leaves the previous release in place).
 */
export async function replaceCodes(tx: Executor, releaseId: number, rows: Icd10cmCodeRow[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ICD10CM_LOAD}::int)`);
  await tx.delete(icd10cmCodes);
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(icd10cmCodes).values(rows.slice(i, i + BATCH).map((r) => ({ ...r, searchText: searchTextOf(r) })));
  }
  // The dictionary misspelt search words are corrected against (icd10cm.repo.ts findCandidates).
  await tx.delete(icd10cmWords);
  await tx.execute(sql`insert into ${icd10cmWords} (word)
    select distinct w from ${icd10cmCodes}, regexp_split_to_table(${icd10cmCodes.searchText}, '[^[:alnum:]]+') as w
     where length(w) >= 4 on conflict do nothing`);
  // Fresh statistics at once, so the search's plans fit the new contents (autovacuum would come later).
  await tx.execute(sql`analyze ${icd10cmCodes}`);
  await tx.execute(sql`analyze ${icd10cmWords}`);
  await tx.update(icd10cmReleases).set({ isCurrent: false }).where(ne(icd10cmReleases.id, releaseId));
  await tx
    .update(icd10cmReleases)
    .set({ isCurrent: true, status: 'done', codeCount: rows.length, billableCount: rows.filter((r) => r.billable).length, upload: null, error: null, finishedAt: new Date() })
    .where(eq(icd10cmReleases.id, releaseId));
}

/**
 * At start: when no release is current, loads the vendored list (`set`) in one transaction and
 * records it. Idempotent; a second process starting at the same time waits on the lock and then
 * finds the release loaded.
 */
export async function ensureIcd10cmLoaded(db: Db, set: Icd10cmDataSet): Promise<void> {
  const current = async (ex: Executor) => (await ex.select({ id: icd10cmReleases.id }).from(icd10cmReleases).where(eq(icd10cmReleases.isCurrent, true)).limit(1))[0];
  if (await current(db)) { return; }
  const { codes, index } = readVendoredFiles(set);
  const rows = parseVendoredCodes(codes, index);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ICD10CM_LOAD}::int)`);
    if (await current(tx)) { return; }
    const [release] = await tx
      .insert(icd10cmReleases)
      .values({ label: set === 'full' ? VENDORED_RELEASE : `${VENDORED_RELEASE}, test subset`, source: 'vendored', fileName: set === 'full' ? 'icd10cm-fy2025-codes.csv.gz' : 'fixture/icd10cm-codes.csv', status: 'running' })
      .returning({ id: icd10cmReleases.id });
    await replaceCodes(tx, release!.id, rows);
  });
}
