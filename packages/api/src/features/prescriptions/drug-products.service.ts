import { LRUCache } from 'lru-cache';
import type { DrugProductResult, DrugSearchBody, DrugSearchResponse } from '@vigil/contract';
import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import type { Scope } from '../../db/scope';
import * as repo from './drug-products.repo';
import { parseDrugQuery, type DrugQuery } from './drug-search';

/** openFDA's meta.disclaimer, in our words: where the data comes from (docs/prescriptions.md). */
const DISCLAIMER =
  'Drug products from the FDA NDC Directory (public domain) as loaded by a system admin, and Vigil\'s default data set; not for clinical decisions without checking the label.';

/** Similar words tried per misspelt token in the typo fallback. */
const SIMILAR_WORDS = 4;

/** A query that searches (not empty). */
type SearchableQuery = Exclude<DrugQuery, { kind: 'empty' }>;

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
 * total 0 and no results. Ranking: drug-products.repo.ts `searchDrugProducts`. Answers are kept per
 * process and catalogue version (`cachedSearch`).
 */
export async function searchDrugProducts(ctx: AppContext, scope: Scope, body: DrugSearchBody): Promise<DrugSearchResponse> {
  const page = { skip: body.skip, limit: body.limit };
  const q = parseDrugQuery(body.search);
  const answer = q.kind === 'empty' ? { total: 0, results: [] } : await cachedSearch(ctx, scope, q, page);
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
 * The page of `q`, from this process's answer cache when the catalogue's version (read on every
 * search: one row) is the one the answer was kept under, else from the database (`search`). A
 * write to the products by any process changes the version, so the next search of every process
 * reads the database again (docs/prescriptions.md "Search").
 */
async function cachedSearch(
  ctx: AppContext,
  scope: Scope,
  q: SearchableQuery,
  page: { skip: number; limit: number },
): Promise<{ total: number; results: DrugProductResult[] }> {
  const cache = searchCache(ctx);
  const version = cache ? await repo.getCatalogueVersion(scope, ctx.db) : null;
  const key = version === null ? null : `${version}|${JSON.stringify(q)}|${page.skip}|${page.limit}`;
  const cached = key === null ? undefined : cache!.get(key);
  if (cached) return cached;
  const found = await search(ctx, scope, q, page);
  const answer = { total: found.total, results: found.rows.map(toOpenFdaResult) };
  if (key !== null) cache!.set(key, answer);
  return answer;
}

/** The page of `q` from the database, with the typo fallback (see searchDrugProducts). */
async function search(
  ctx: AppContext,
  scope: Scope,
  q: SearchableQuery,
  page: { skip: number; limit: number },
): Promise<{ rows: repo.DrugProductRow[]; total: number }> {
  let found = await repo.searchDrugProducts(scope, ctx.db, q, page);
  if (found.total === 0 && q.kind === 'words') {
    const alternatives: string[][] = [];
    for (const token of q.tokens) {
      const similar = token.length >= 3 && /[a-z]/.test(token) ? await repo.findSimilarWords(scope, ctx.db, token, SIMILAR_WORDS) : [];
      alternatives.push([token, ...similar]);
    }
    if (alternatives.some((a) => a.length > 1)) found = await repo.searchDrugProducts(scope, ctx.db, q, page, alternatives);
  }
  return found;
}
