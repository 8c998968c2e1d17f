import { and, asc, desc, eq, getTableColumns, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { icd10cmCodes, icd10cmReleases, icd10cmWords } from '../../db/schema/index';
import type { Scope } from '../../db/scope';
import { escapeLike, likeTerm } from '../../db/query-helpers';
import type { Icd10cmCandidate, Icd10cmQuery } from './icd10cm-search';

// The ICD-10-CM code set is global reference data, not tenant data: no tenant filter applies.
// Functions still take the caller's scope first (house rule).

export type ReleaseRow = typeof icd10cmReleases.$inferSelect;
export type CodeRow = typeof icd10cmCodes.$inferSelect;

/** Most candidates a words query hands to the ranking (icd10cm-search.ts). */
const WORD_CANDIDATES = 60;
/** Dictionary words tried for a word that matched nothing as typed. */
const CORRECTIONS = 3;

const candidateColumns = {
  code: icd10cmCodes.code,
  codeCompact: icd10cmCodes.codeCompact,
  description: icd10cmCodes.description,
  billable: icd10cmCodes.billable,
  category: icd10cmCodes.category,
  terms: icd10cmCodes.terms,
};

const c = icd10cmCodes;
const lowerDescription = sql`lower(${c.description})`;

/** A typed word (or one of its corrections) starts a word of the search text (icd10cm.parse.ts searchTextOf: every word follows a space). */
function wordCondition(word: string): SQL {
  return sql`${c.searchText} like ${`% ${escapeLike(word)}%`}`;
}

/** Points of a word for the pre-ranking: 2 when it starts a description word, 1 when the description holds it. */
const descriptionPoints = (word: string): SQL =>
  sql`(case when ${lowerDescription} like ${`${escapeLike(word)}%`} or ${lowerDescription} like ${`% ${escapeLike(word)}%`} then 2 when ${lowerDescription} like ${likeTerm(word)} then 1 else 0 end)`;

/**
 * The codes whose text holds every typed word (each word one of its `alternatives`), cheaply
 * pre-ranked (billable, description points, shorter code and description) to WORD_CANDIDATES.
 */
function findByWords(db: Executor, alternatives: string[][]): Promise<Icd10cmCandidate[]> {
  const conditions = alternatives.map((words) => (words.length === 1 ? wordCondition(words[0]!) : or(...words.map(wordCondition))!));
  const points = alternatives.flatMap((words) => words.map(descriptionPoints));
  return db
    .select(candidateColumns)
    .from(c)
    .where(and(...conditions))
    .orderBy(desc(c.billable), sql`${sql.join(points, sql` + `)} desc`, sql`length(${c.codeCompact})`, sql`length(${c.description})`, asc(c.codeCompact))
    .limit(WORD_CANDIDATES);
}

/**
 * Candidates for `query`. A code prefix reads the prefix btree (`code_compact LIKE 'E119%'`) in
 * the order the ranking keeps (exact, billable, shorter, code), `limit` rows. A words query reads
 * the trigram GIN index (every typed word starts a word of the text: `LIKE '% word%'`, "2"
 * included, "ger" finds "gerd" but not "finger"); when nothing holds every word
 * as typed, each word of 4 or more characters is corrected against the dictionary of the release's
 * words (`icd10cm_words`, pg_trgm similarity >= 0.3, the CORRECTIONS nearest by the GiST index; "hypertenson" ->
 * "hypertension") and the search runs once more with the corrections as alternatives.
 */
export async function findCandidates(_scope: Scope, db: Executor, query: Icd10cmQuery, limit: number): Promise<Icd10cmCandidate[]> {
  if (query.kind === 'none') return [];
  if (query.kind === 'code') {
    return db
      .select(candidateColumns)
      .from(c)
      .where(like(c.codeCompact, `${escapeLike(query.compact)}%`))
      .orderBy(sql`${c.codeCompact} = ${query.compact} desc`, desc(c.billable), sql`length(${c.codeCompact})`, asc(c.codeCompact))
      .limit(limit);
  }
  const exact = await findByWords(db, query.tokens.map((t) => [t]));
  if (exact.length > 0 || !query.tokens.some((t) => t.length >= 4)) return exact;
  const alternatives = await Promise.all(
    query.tokens.map(async (t) => {
      if (t.length < 4) return [t];
      const similar = await db
        .select({ word: icd10cmWords.word })
        .from(icd10cmWords)
        .where(sql`${icd10cmWords.word} % ${t}`)
        .orderBy(sql`${icd10cmWords.word} <-> ${t}`, asc(icd10cmWords.word))
        .limit(CORRECTIONS);
      return [t, ...similar.map((w) => w.word).filter((w) => w !== t)];
    }),
  );
  return findByWords(db, alternatives);
}

/** The codes among `codes` (with their dots) in the current release. */
export async function findCodes(_scope: Scope, db: Executor, codes: string[]): Promise<CodeRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(icd10cmCodes).where(inArray(icd10cmCodes.code, codes));
}

/** The billable codes of category `category` ("E11"), by code, at most `limit`. */
export async function findBillableInCategory(_scope: Scope, db: Executor, category: string, limit: number): Promise<CodeRow[]> {
  return db
    .select()
    .from(icd10cmCodes)
    .where(and(eq(icd10cmCodes.category, category), eq(icd10cmCodes.billable, true)))
    .orderBy(asc(icd10cmCodes.codeCompact))
    .limit(limit);
}

/** The current release (null before the first load). */
export async function getCurrentRelease(_scope: Scope, db: Executor): Promise<ReleaseRow | null> {
  const [row] = await db.select().from(icd10cmReleases).where(eq(icd10cmReleases.isCurrent, true)).limit(1);
  return row ?? null;
}

/** The current release's id and label (null before the first load): the search's cache key. */
export async function getCurrentReleaseRef(_scope: Scope, db: Executor): Promise<{ id: number; label: string } | null> {
  const [row] = await db.select({ id: icd10cmReleases.id, label: icd10cmReleases.label }).from(icd10cmReleases).where(eq(icd10cmReleases.isCurrent, true)).limit(1);
  return row ?? null;
}

/** The releases, newest first, at most `limit`, without their uploaded files. */
export async function findReleases(_scope: Scope, db: Executor, limit: number): Promise<Omit<ReleaseRow, 'upload'>[]> {
  const { upload: _upload, ...columns } = getTableColumns(icd10cmReleases);
  return db.select(columns).from(icd10cmReleases).orderBy(desc(icd10cmReleases.id)).limit(limit);
}

/** One release with its file (the job reads it). */
export async function getRelease(_scope: Scope, db: Executor, id: number): Promise<ReleaseRow | null> {
  const [row] = await db.select().from(icd10cmReleases).where(eq(icd10cmReleases.id, id)).limit(1);
  return row ?? null;
}

/** A queued or running upload started in the last hour (one load at a time). */
export async function findActiveImport(_scope: Scope, db: Executor): Promise<ReleaseRow | null> {
  const [row] = await db
    .select()
    .from(icd10cmReleases)
    .where(and(inArray(icd10cmReleases.status, ['queued', 'running']), sql`${icd10cmReleases.createdAt} > now() - interval '1 hour'`))
    .limit(1);
  return row ?? null;
}

/** Stores an uploaded file as a queued release. */
export async function insertQueuedRelease(scope: Scope, db: Executor, values: { label: string; fileName: string; upload: Buffer }): Promise<ReleaseRow> {
  const [row] = await db
    .insert(icd10cmReleases)
    .values({ ...values, source: 'upload', status: 'queued', startedBy: scope.userId || null })
    .returning();
  return row!;
}

/** Sets a release's status (and error), finishing it when done or failed; a failed one drops its file. */
export async function setReleaseStatus(_scope: Scope, db: Executor, id: number, status: 'queued' | 'running' | 'failed', error: string | null = null): Promise<void> {
  await db
    .update(icd10cmReleases)
    .set({ status, error, ...(status === 'failed' ? { finishedAt: new Date(), upload: null } : {}) })
    .where(eq(icd10cmReleases.id, id));
}
