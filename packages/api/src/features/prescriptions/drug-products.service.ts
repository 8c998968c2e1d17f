import { LRUCache } from 'lru-cache';
import type { DrugProductResult, DrugSearchBody, DrugSearchResponse } from '@vigil/contract';
import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import * as repo from './drug-products.repo';
import { DrugIndex } from './drug-index';
import { parseDrugQuery, type DrugQuery } from './drug-search';
import { catalogueDb } from '../../db/handles';

/** openFDA's meta.disclaimer, in our words: where the data comes from (docs/prescriptions.md). */
const DISCLAIMER =
  'Drug products from the FDA NDC Directory (public domain) as loaded by a system admin, and Vigil\'s default data set; not for clinical decisions without checking the label.';

/** Similar words tried per misspelt token in the typo fallback. */
const SIMILAR_WORDS = 4;

/** A query that searches (not empty). */
export type SearchableQuery = Exclude<DrugQuery, { kind: 'empty' }>;

/** The search answers of one API process, by catalogue version, query as read and page (AppConfig.referenceSearchCacheEntries; 0: none). */
const searchCache = perContext((ctx) =>
  ctx.config.referenceSearchCacheEntries > 0 ? new LRUCache<string, { total: number; results: DrugProductResult[] }>({ max: ctx.config.referenceSearchCacheEntries }) : null,
);

/** A stored product in openFDA's NDC result shape (https://open.fda.gov/apis/drug/ndc/). */
export function toOpenFdaResult(p: repo.DrugProductRow): DrugProductResult {
  return {
    drug_product_id: p.id,
    product_id: p.source === 'fda-ndc' ? p.sourceKey : `vigil-${p.sourceKey}`,
    product_ndc: p.productNdc,
    brand_name: p.brandName,
    brand_name_base: p.brandNameBase || p.brandName,
    brand_name_suffix: p.brandNameSuffix,
    generic_name: p.genericName,
    labeler_name: p.labelerName,
    active_ingredients: p.activeIngredients.map((i) => ({ name: i.name, strength: i.strength })),
    dosage_form: p.dosageForm,
    route: p.routes,
    product_type: p.productType,
    marketing_category: p.marketingCategory,
    application_number: p.applicationNumber,
    marketing_start_date: p.marketingStartDate,
    marketing_end_date: p.marketingEndDate,
    pharm_class: p.pharmClasses,
    dea_schedule: p.deaSchedule,
    finished: p.finished,
    openfda: { rxcui: p.rxcui ? [p.rxcui] : [] },
  };
}

/**
 * `POST patientprescription/fdasearch`: finished drug products by brand name, generic name,
 * ingredient, strength or NDC (or RxCUI), best first, in openFDA's NDC shape with
 * meta.results { skip, limit, total } (total counted up to repo.TOTAL_CAP, 1,000). Words that match nothing are retried as the most similar
 * words of the products (typos: "metfromin" finds metformin). Never an error: no match answers
 * total 0 and no results. Ranking: drug-products.repo.ts `searchDrugProducts`, answered by this
 * process's in-memory index of the catalogue's version (drug-index.ts) as that SQL answers it;
 * answers are kept per process, catalogue version and day (`cachedSearch`).
 */
export async function searchDrugProducts(ctx: AppContext, body: DrugSearchBody): Promise<DrugSearchResponse> {
  const page = { skip: body.skip, limit: body.limit };
  const q = parseDrugQuery(body.search);
  const answer = q.kind === 'empty' ? { total: 0, results: [] } : await cachedSearch(ctx, q, page);
  return {
    meta: {
      disclaimer: DISCLAIMER,
      last_updated: new Date().toISOString().slice(0, 10),
      results: { skip: page.skip, limit: page.limit, total: answer.total },
    },
    results: answer.results,
  };
}

/**
 * The page of `q`, from this process's answer cache when the catalogue's version and day (read on
 * every search: one row) are the ones the answer was kept under; else from this process's index of
 * that version (drug-index.ts) when it holds it, else from the database (`sqlFinder`) while the
 * index of the new version is built in the background. A write to the products by any process
 * changes the version, so the next search of every process answers from the new catalogue
 * (docs/prescriptions.md "Search").
 */
async function cachedSearch(
  ctx: AppContext,
  q: SearchableQuery,
  page: { skip: number; limit: number },
): Promise<{ total: number; results: DrugProductResult[] }> {
  const cache = searchCache(ctx);
  const head = await repo.getCatalogueHead(catalogueDb(ctx.db));
  const key = head === null ? null : `${head.version}|${head.today}|${JSON.stringify(q)}|${page.skip}|${page.limit}`;
  const cached = key === null ? undefined : cache?.get(key);
  if (cached) { return cached; }
  let answer = head === null ? null : await searchIndexed(ctx, head, q, page);
  if (!answer) {
    const found = await findWithTypos(sqlFinder(ctx), q, page);
    answer = { total: found.total, results: found.items.map(toOpenFdaResult) };
  }
  if (key !== null) { cache?.set(key, answer); }
  return answer;
}

/** Results kept per index (its version's rows), at most this many; past it they are dropped and read again. */
const RESULTS_KEPT = 5000;

interface HeldIndex {
  version: number;
  index: DrugIndex;
  /** Page rows already read at this version, in the answer's shape, by product id. */
  results: Map<number, DrugProductResult>;
}

/** This process's drug index (drug-index.ts): the one held, a build in progress, and when the next may start. */
const drugIndex = perContext((): { held: HeldIndex | null; building: Promise<void> | null; nextBuildAt: number } => ({ held: null, building: null, nextBuildAt: 0 }));

/** Builds the index of the current catalogue (drug-products.repo.ts readDrugCatalogue) and holds it. Errors are the caller's. */
async function buildIndex(ctx: AppContext): Promise<void> {
  const read = await repo.readDrugCatalogue(catalogueDb(ctx.db));
  if (read) { drugIndex(ctx).held = { version: read.version, index: new DrugIndex(read.rows, read.words), results: new Map() }; }
}

/**
 * Starts a background build unless one runs, or the last ended less than its own duration ago (a
 * long import writes a new version per batch: rebuilding for each would take a core; meanwhile the
 * database answers). A failed build is logged and retried by a later search.
 */
function startBuild(ctx: AppContext): void {
  const state = drugIndex(ctx);
  if (state.building || Date.now() < state.nextBuildAt) { return; }
  const started = Date.now();
  state.building = buildIndex(ctx)
    .catch((err: unknown) => ctx.log.warn({ err }, 'drug search index build failed'))
    .finally(() => {
      state.building = null;
      state.nextBuildAt = Date.now() + (Date.now() - started);
    });
}

/**
 * Builds this process's drug index now, at start (as the diagnosis index is), so that the first
 * keystroke does not wait for it nor fall back to the database: a few seconds for an FDA-sized
 * catalogue (docs/benchmarks.md "Drug search"). Errors are the caller's.
 */
export async function warmDrugSearch(ctx: AppContext): Promise<void> {
  await drugIndex(ctx).building;
  await buildIndex(ctx);
}

/**
 * The page of `q` from this process's index when it holds the catalogue of `head.version` (else
 * null: a build starts, and the caller asks the database). The page's rows are this index's kept
 * ones or read with the version in one statement; a version that moved meanwhile answers null too.
 */
async function searchIndexed(
  ctx: AppContext,
  head: { version: number; today: string },
  q: SearchableQuery,
  page: { skip: number; limit: number },
): Promise<{ total: number; results: DrugProductResult[] } | null> {
  const held = drugIndex(ctx).held;
  if (!held || held.version !== head.version) {
    startBuild(ctx);
    return null;
  }
  const found = await findWithTypos(indexFinder(ctx, held.index, head.today), q, page);
  const missing = found.items.filter((id) => !held.results.has(id));
  if (missing.length > 0) {
    const read = await repo.getDrugProductsAtVersion(catalogueDb(ctx.db), missing);
    if (read.version !== held.version) { return null; }
    if (held.results.size + read.rows.length > RESULTS_KEPT) { held.results.clear(); }
    for (const row of read.rows) { held.results.set(row.id, toOpenFdaResult(row)); }
  }
  const results = found.items.map((id) => held.results.get(id));
  return results.every((r) => r !== undefined) ? { total: found.total, results } : null;
}

/** Where a search's matches come from: one page and total for a query (with the typo fallback's alternatives), and similar dictionary words. */
export interface DrugFinder<T> {
  find(q: SearchableQuery, page: { skip: number; limit: number }, alternatives?: string[][]): Promise<{ items: T[]; total: number }>;
  similarWords(token: string, limit: number): Promise<string[]>;
}

/** The database's search (drug-products.repo.ts): the reference the index answers as. */
export function sqlFinder(ctx: AppContext): DrugFinder<repo.DrugProductRow> {
  return {
    find: async (q, page, alternatives) => {
      const found = await repo.searchDrugProducts(catalogueDb(ctx.db), q, page, alternatives);
      return { items: found.rows, total: found.total };
    },
    similarWords: (token, limit) => repo.findSimilarWords(catalogueDb(ctx.db), token, limit),
  };
}

/** The in-memory index's search (product ids) on day `today`; similar words of a non-ASCII token from the database. */
export function indexFinder(ctx: AppContext, index: DrugIndex, today: string): DrugFinder<number> {
  return {
    find: (q, page, alternatives) => {
      const found = index.search(q, page, today, alternatives);
      return Promise.resolve({ items: found.ids, total: found.total });
    },
    similarWords: async (token, limit) => index.similarWords(token, limit) ?? (await repo.findSimilarWords(catalogueDb(ctx.db), token, limit)),
  };
}

/**
 * The page of `q` from `finder`, with the typo fallback: when words match nothing, each word of 3+
 * characters with a letter may also be any of its SIMILAR_WORDS most similar dictionary words.
 */
export async function findWithTypos<T>(finder: DrugFinder<T>, q: SearchableQuery, page: { skip: number; limit: number }): Promise<{ items: T[]; total: number }> {
  let found = await finder.find(q, page);
  if (found.total === 0 && q.kind === 'words') {
    const alternatives: string[][] = [];
    for (const token of q.tokens) {
      const similar = token.length >= 3 && /[a-z]/.test(token) ? await finder.similarWords(token, SIMILAR_WORDS) : [];
      alternatives.push([token, ...similar]);
    }
    if (alternatives.some((a) => a.length > 1)) { found = await finder.find(q, page, alternatives); }
  }
  return found;
}
