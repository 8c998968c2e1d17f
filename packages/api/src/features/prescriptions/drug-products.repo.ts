import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { drugProducts, drugSearchWords } from '../../db/schema/index';
import { escapeLike } from '../../db/query-helpers';
import type { DrugIndexRow } from './drug-index';
import { dictionaryWords, escapeRegex, type DrugQuery } from './drug-search';
import type { DrugProductValues } from './product-file';
import type { CatalogueDb } from '../../db/handles';

// Drug products are global reference data (the FDA NDC Directory and Vigil's default data set),
// not tenant data: no tenant filter applies. Functions still take the caller's scope first (house rule).

export type DrugProductRow = typeof drugProducts.$inferSelect;

const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The product `id`, or null. */
export async function getDrugProduct({ db }: CatalogueDb, id: number): Promise<DrugProductRow | null> {
  const [row] = await db.select().from(drugProducts).where(eq(drugProducts.id, id)).limit(1);
  return row ?? null;
}

/** The products whose RxNorm RxCUI is `rxcui` (the default data set's demo rows carry theirs), lowest id first. */
export async function findDrugProductsByRxcui({ db }: CatalogueDb, rxcui: string): Promise<DrugProductRow[]> {
  if (!rxcui) { return []; }
  return db.select().from(drugProducts).where(eq(drugProducts.rxcui, rxcui)).orderBy(drugProducts.id).limit(5);
}

/**
 * The catalogue's version and the database's day ('YYYYMMDD', `current_date` as the search's
 * "discontinued" compares it), one row; null when the version is not recorded.
 */
export async function getCatalogueHead({ db }: CatalogueDb): Promise<{ version: number; today: string } | null> {
  const [row] = await rowsOf<{ version: string | number; today: string }>(
    db,
    sql`select version, to_char(current_date, 'YYYYMMDD') as today from drug_catalogue_version where id = 1`,
  );
  return row ? { version: Number(row.version), today: row.today } : null;
}

/** How many products each source holds. */
export async function countDrugProducts({ db }: CatalogueDb): Promise<Record<string, number>> {
  const rows = await db.select({ source: drugProducts.source, n: sql<number>`count(*)::int` }).from(drugProducts).groupBy(drugProducts.source);
  return Object.fromEntries(rows.map((r) => [r.source, r.n]));
}

/**
 * Inserts or updates products by (source, key), and adds their words to the typo dictionary.
 * A product whose stored values are the same is left untouched. Answers how many rows were written.
 */
export async function upsertDrugProducts({ db }: CatalogueDb, values: DrugProductValues[]): Promise<number> {
  if (values.length === 0) { return 0; }
  // The words first: a catalogue version (taken by the products' statement) never names products
  // whose words are not yet in the dictionary (drug-index.ts reads both in one snapshot).
  const words = [...new Set(values.flatMap((v) => dictionaryWords(v.searchText)))];
  for (let i = 0; i < words.length; i += 5000) {
    await db
      .insert(drugSearchWords)
      .values(words.slice(i, i + 5000).map((word) => ({ word })))
      .onConflictDoNothing();
  }
  const ex = (c: string) => sql.raw(`excluded.${c}`);
  const rows = await db
    .insert(drugProducts)
    .values(values)
    .onConflictDoUpdate({
      target: [drugProducts.source, drugProducts.sourceKey],
      set: {
        productNdc: ex('product_ndc'),
        rxcui: ex('rxcui'),
        brandName: ex('brand_name'),
        brandNameBase: ex('brand_name_base'),
        brandNameSuffix: ex('brand_name_suffix'),
        genericName: ex('generic_name'),
        labelerName: ex('labeler_name'),
        activeIngredients: ex('active_ingredients'),
        ingredientKeys: ex('ingredient_keys'),
        dosageForm: ex('dosage_form'),
        routes: ex('routes'),
        productType: ex('product_type'),
        marketingCategory: ex('marketing_category'),
        applicationNumber: ex('application_number'),
        marketingStartDate: ex('marketing_start_date'),
        marketingEndDate: ex('marketing_end_date'),
        pharmClasses: ex('pharm_classes'),
        deaSchedule: ex('dea_schedule'),
        finished: ex('finished'),
        searchText: ex('search_text'),
        updatedAt: sql`now()`,
      },
      // Unchanged rows are not rewritten (a restart re-applies the default data set).
      setWhere: sql`(${drugProducts.searchText}, ${drugProducts.activeIngredients}, ${drugProducts.routes}, ${drugProducts.labelerName}, ${drugProducts.marketingEndDate}, ${drugProducts.productType}, ${drugProducts.pharmClasses}, ${drugProducts.finished})
        is distinct from (excluded.search_text, excluded.active_ingredients, excluded.routes, excluded.labeler_name, excluded.marketing_end_date, excluded.product_type, excluded.pharm_classes, excluded.finished)`,
    })
    .returning({ id: drugProducts.id });
  return rows.length;
}

/** Products by id, for the prescriptions that name them. */
export async function getDrugProducts({ db }: CatalogueDb, ids: number[]): Promise<DrugProductRow[]> {
  if (ids.length === 0) { return []; }
  return db.select().from(drugProducts).where(and(inArray(drugProducts.id, ids)));
}

// The search -------------------------------------------------------------------------------------

/** The most matches a search counts: past it, `total` says TOTAL_CAP (a search box needs no more; type more to narrow). */
export const TOTAL_CAP = 1000;

const SELECT_COLUMNS = sql.raw(`p.id, p.source, p.source_key as "sourceKey", p.product_ndc as "productNdc", p.rxcui, p.brand_name as "brandName",
  p.brand_name_base as "brandNameBase", p.brand_name_suffix as "brandNameSuffix", p.generic_name as "genericName", p.labeler_name as "labelerName",
  p.active_ingredients as "activeIngredients", p.ingredient_keys as "ingredientKeys", p.dosage_form as "dosageForm", p.routes,
  p.product_type as "productType", p.marketing_category as "marketingCategory", p.application_number as "applicationNumber",
  p.marketing_start_date as "marketingStartDate", p.marketing_end_date as "marketingEndDate", p.pharm_classes as "pharmClasses",
  p.dea_schedule as "deaSchedule", p.finished, p.search_text as "searchText", p.created_at as "createdAt", p.updated_at as "updatedAt"`);

/** The leading number of the first ingredient's strength ("500 mg/1" -> 500), to list strengths in order. */
const STRENGTH_NUMBER = sql.raw(`nullif(substring(p.active_ingredients->0->>'strength' from '^([0-9]+\\.?[0-9]*|\\.[0-9]+)'), '')::numeric`);
/** Withdrawn products (a marketing end date before today, 'YYYYMMDD') after marketed ones. */
const DISCONTINUED = sql.raw(`(p.marketing_end_date <> '' and p.marketing_end_date < to_char(current_date, 'YYYYMMDD'))`);
const NAME = sql.raw(`lower(coalesce(nullif(p.brand_name, ''), p.generic_name))`);
/** The order inside a tier: marketed first, by shown name, generic name, strength. */
const WITHIN_TIER = sql`${DISCONTINUED}, ${NAME}, lower(p.generic_name), ${STRENGTH_NUMBER} nulls last, p.id`;

const like = (text: string) => escapeLike(text);
/** `token` is a substring of the product's search text (trigram index). */
const inText = (token: string) => sql`p.search_text like ${'%' + like(token) + '%'}`;
/** The brand or generic name starts with `prefix` (B-tree prefix indexes). */
const namePrefix = (prefix: string) => sql`(lower(p.brand_name) like ${like(prefix) + '%'} or lower(p.generic_name) like ${like(prefix) + '%'})`;

const page = (db: Executor, where: SQL, order: SQL, limit: number, offset: number) =>
  rowsOf<DrugProductRow>(db, sql`select ${SELECT_COLUMNS} from drug_products p where p.finished and ${where} order by ${order} limit ${limit} offset ${offset}`);

/** How many finished products match `where`, counted up to TOTAL_CAP. */
async function countCapped(db: Executor, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from drug_products p where p.finished and ${where} limit ${TOTAL_CAP}) m`);
  return row?.n ?? 0;
}

/**
 * One page of finished products matching `q` and their number (at most TOTAL_CAP), best first
 * (docs/prescriptions.md "Search").
 *
 * - A code: an exact NDC or RxCUI first, then NDC prefixes (hyphens ignored).
 * - Words: every token must be in the product's search text. Ranked by tier: 1 the shown name
 *   (brand, else generic) starts with the first word, 2 the generic name does, both by name then
 *   strength (an exact name sorts before its longer ones); then 3 a word of the product starts
 *   with the first word, 4 the first word is inside a word, marketed before discontinued, by name,
 *   by strength. Tiers 1-2 are read in order from their key indexes, and tiers 3-4 only when 1-2
 *   do not fill the page, so typing a common stem ("me", "hydro") never sorts every product that
 *   merely contains it.
 * - `alternatives` (the typo fallback): per token, similar dictionary words any of which may match.
 */
export async function searchDrugProducts(
  { db }: CatalogueDb,
  q: Exclude<DrugQuery, { kind: 'empty' }>,
  at: { skip: number; limit: number },
  alternatives?: string[][],
): Promise<{ rows: DrugProductRow[]; total: number }> {
  if (q.kind === 'code') {
    const where = sql`(replace(p.product_ndc, '-', '') like ${like(q.digits) + '%'} or p.rxcui = ${q.digits})`;
    const exact = sql`case when p.product_ndc = ${q.text} or replace(p.product_ndc, '-', '') = ${q.digits} or p.rxcui = ${q.digits} then 0 else 1 end`;
    const rows = await page(db, where, sql`${exact}, p.product_ndc, ${WITHIN_TIER}`, at.limit, at.skip);
    return { rows, total: await countCapped(db, where) };
  }
  if (alternatives) {
    const where = sql.join(
      alternatives.map((alts) => sql`(${sql.join(alts.map(inText), sql` or `)})`),
      sql` and `,
    );
    const rows = await page(db, where, WITHIN_TIER, at.limit, at.skip);
    return { rows, total: await countCapped(db, where) };
  }
  const [first, ...others] = q.tokens as [string, ...string[]];
  const rest = others.map(inText);
  const all = sql.join([first.length < 3 ? namePrefix(first) : inText(first), ...rest], sql` and `);
  const total = await countCapped(db, all);
  if (total === 0) { return { rows: [], total }; }

  // Tiers 1-2: the shown name (brand, else generic) starts with the first word, then the generic
  // name does; each read in order from its "C"-collated key index (migration 0006), so only the
  // entries shown are read however many match.
  const want = at.skip + at.limit;
  const prefix = like(first) + '%';
  const shown = await page(db, sql.join([sql`p.name_key like ${prefix}`, ...rest], sql` and `), sql`p.name_key, p.id`, want, 0);
  let top = shown;
  if (top.length < want) {
    const generic = await page(db, sql.join([sql`p.generic_key like ${prefix}`, sql`p.name_key not like ${prefix}`, ...rest], sql` and `), sql`p.generic_key, p.id`, want - top.length, 0);
    top = [...top, ...generic];
  }
  if (top.length === want || first.length < 3) { return { rows: top.slice(at.skip), total }; }

  // Tiers 4-5: the first word inside the product's text but not at the start of a name.
  const inside = sql`${all} and p.name_key not like ${prefix} and p.generic_key not like ${prefix}`;
  const wordStart = sql`case when p.search_text ~ ${'(^|[^a-z0-9])' + escapeRegex(first)} then 3 else 4 end`;
  const more = await page(db, inside, sql`${wordStart}, ${WITHIN_TIER}`, want - top.length, 0);
  return { rows: [...top, ...more].slice(at.skip), total };
}

/** Dictionary words similar to `token` (pg_trgm similarity above its threshold, 0.3 by default), most similar first. */
export async function findSimilarWords({ db }: CatalogueDb, token: string, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ word: string }>(db, sql`select word from drug_search_words where word % ${token} order by similarity(word, ${token}) desc, word limit ${limit}`);
  return rows.map((r) => r.word);
}

// The in-memory index (drug-index.ts) -------------------------------------------------------------

/**
 * What the in-memory index (drug-index.ts) is built from, read in one repeatable-read snapshot so
 * that it is the catalogue of the version it names even while another process writes: the
 * version, every finished product with its search keys and its ranks in each order the search
 * sorts by (computed here, with the search's own expressions, so that collation and casts are the
 * database's), and the typo dictionary in `order by word`. Null when the version is not recorded.
 */
export async function readDrugCatalogue({ db }: CatalogueDb): Promise<{ version: number; rows: DrugIndexRow[]; words: string[] } | null> {
  return db.transaction(
    async (tx) => {
      const [head] = await rowsOf<{ version: string | number }>(tx, sql`select version from drug_catalogue_version where id = 1`);
      if (!head) { return null; }
      const rows = await rowsOf<DrugIndexRow>(
        tx,
        sql`select p.id, p.search_text as "searchText", p.name_key as "nameKey", p.generic_key as "genericKey", p.product_ndc as "productNdc",
          replace(p.product_ndc, '-', '') as "ndcCompact", p.rxcui, p.marketing_end_date as "marketingEndDate",
          (row_number() over (order by ${NAME}, lower(p.generic_name), ${STRENGTH_NUMBER} nulls last, p.id))::int as "withinRank",
          (row_number() over (order by p.name_key, p.id))::int as "nameRank",
          (row_number() over (order by p.generic_key, p.id))::int as "genericRank",
          (dense_rank() over (order by p.product_ndc))::int as "ndcRank"
        from drug_products p where p.finished`,
      );
      const words = await rowsOf<{ word: string }>(tx, sql`select word from drug_search_words order by word`);
      return { version: Number(head.version), rows, words: words.map((w) => w.word) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The products `ids` and, in the same statement (one snapshot), the catalogue's version: the
 * in-memory search's page rows, valid for the index of that version only.
 */
export async function getDrugProductsAtVersion({ db }: CatalogueDb, ids: number[]): Promise<{ version: number | null; rows: DrugProductRow[] }> {
  const rows = await rowsOf<DrugProductRow & { catalogueVersion: string | number | null }>(
    db,
    sql`select ${SELECT_COLUMNS}, v.version as "catalogueVersion" from drug_catalogue_version v
      left join drug_products p on p.id = any(${`{${ids.join(',')}}`}::int[]) where v.id = 1`,
  );
  const version = rows[0]?.catalogueVersion ?? null;
  return {
    version: version === null ? null : Number(version),
    rows: rows.filter((r) => r.id !== null).map(({ catalogueVersion: _v, ...row }) => row),
  };
}
