import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { VerifierPageQuery } from '@vigil/contract';
import { doctorSpecializations, verifiers } from '../../db/schema/index';
import { pageOffset } from '../../db/query-helpers';
import type { CatalogueDb } from '../../db/handles';

// Verifiers are global reference data, not tenant data: no tenant filter applies. Functions still
// take the caller's scope first (house rule) so a later tenant-specific domain has one place to go.

export type VerifierRow = typeof verifiers.$inferSelect;
export type VerifierValues = Omit<typeof verifiers.$inferInsert, 'id'>;

/** Most rows one domain list returns (the largest seeded domain has under 200). */
const DOMAIN_LIST_LIMIT = 5000;

const sortColumns = {
  rvDomain: verifiers.rvDomain,
  lowValue: verifiers.lowValue,
  longDescription: verifiers.longDescription,
  sortOrder: verifiers.sortOrder,
  id: verifiers.id,
} as const;

/** `text` as a LIKE pattern that matches it literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The distinct domain names, alphabetical. */
export async function findDistinctDomains({ db }: CatalogueDb): Promise<string[]> {
  const rows = await db.selectDistinct({ rvDomain: verifiers.rvDomain }).from(verifiers).orderBy(asc(verifiers.rvDomain));
  return rows.map((r) => r.rvDomain);
}

/**
 * A page of verifiers: filtered by domain, status and search (lowValue or either description,
 * case-insensitive), sorted by `sort` then id; by default by domain, sortOrder, description.
 */
export async function findVerifierPage({ db }: CatalogueDb, query: VerifierPageQuery): Promise<{ items: VerifierRow[]; total: number }> {
  const search = query.search?.trim();
  const where = and(
    query.domain ? eq(verifiers.rvDomain, query.domain) : undefined,
    query.status !== undefined ? eq(verifiers.status, query.status) : undefined,
    search
      ? or(
          ilike(verifiers.lowValue, containsPattern(search)),
          ilike(verifiers.longDescription, containsPattern(search)),
          ilike(verifiers.longDescriptionEsp, containsPattern(search)),
        )
      : undefined,
  );
  let orderBy: SQL[];
  if (query.sort) {
    const descending = query.sort.startsWith('-');
    const column = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns];
    orderBy = [descending ? desc(column) : asc(column), asc(verifiers.id)];
  } else {
    orderBy = [asc(verifiers.rvDomain), asc(verifiers.sortOrder), asc(verifiers.longDescription), asc(verifiers.id)];
  }
  const [items, [totalRow]] = await Promise.all([
    db
      .select()
      .from(verifiers)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(verifiers).where(where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

/** Active verifiers of `domains`, by domain, sortOrder, then description. */
export function findActiveInDomains({ db }: CatalogueDb, domains: string[]): Promise<VerifierRow[]> {
  if (domains.length === 0) { return Promise.resolve([]); }
  return db
    .select()
    .from(verifiers)
    .where(and(inArray(verifiers.rvDomain, domains), eq(verifiers.status, 1)))
    .orderBy(asc(verifiers.rvDomain), asc(verifiers.sortOrder), asc(verifiers.longDescription), asc(verifiers.id))
    .limit(DOMAIN_LIST_LIMIT);
}

/** Active children of `parentLowValue` in `domain` (ICD-10-CM categories of a chapter), by lowValue. */
export function findActiveChildren({ db }: CatalogueDb, domain: string, parentLowValue: string): Promise<VerifierRow[]> {
  return db
    .select()
    .from(verifiers)
    .where(and(eq(verifiers.rvDomain, domain), eq(verifiers.parentLowValue, parentLowValue), eq(verifiers.status, 1)))
    .orderBy(asc(verifiers.lowValue))
    .limit(DOMAIN_LIST_LIMIT);
}

/** A verifier by id, or null. */
export async function getVerifier({ db }: CatalogueDb, id: number): Promise<VerifierRow | null> {
  const [row] = await db.select().from(verifiers).where(eq(verifiers.id, id)).limit(1);
  return row ?? null;
}

/** The verifier of `domain` with `lowValue` (other than `exceptId`), or null. */
export async function getByDomainValue({ db }: CatalogueDb, domain: string, lowValue: string, exceptId?: number): Promise<VerifierRow | null> {
  const [row] = await db
    .select()
    .from(verifiers)
    .where(and(eq(verifiers.rvDomain, domain), eq(verifiers.lowValue, lowValue), exceptId !== undefined ? ne(verifiers.id, exceptId) : undefined))
    .limit(1);
  return row ?? null;
}

/** Whether a doctor has verifier `id` as a specialization (doctor_specializations). */
export async function isInUse({ db }: CatalogueDb, id: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(doctorSpecializations)
    .where(eq(doctorSpecializations.verifierId, id))
    .limit(1);
  return row !== undefined;
}

export async function insertVerifier({ db }: CatalogueDb, values: VerifierValues): Promise<VerifierRow> {
  const [row] = await db.insert(verifiers).values(values).returning();
  return row!;
}

export async function updateVerifier({ db }: CatalogueDb, id: number, values: VerifierValues): Promise<VerifierRow | null> {
  const [row] = await db.update(verifiers).set(values).where(eq(verifiers.id, id)).returning();
  return row ?? null;
}

export async function deleteVerifier({ db }: CatalogueDb, id: number): Promise<void> {
  await db.delete(verifiers).where(eq(verifiers.id, id));
}
