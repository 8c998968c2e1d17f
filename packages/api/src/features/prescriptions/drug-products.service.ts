import type { DrugProductResult, DrugSearchBody, DrugSearchResponse } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import * as repo from './drug-products.repo';
import { parseDrugQuery } from './drug-search';

/** openFDA's meta.disclaimer, in our words: where the data comes from (docs/prescriptions.md). */
const DISCLAIMER =
  'Drug products from the FDA NDC Directory (public domain) as loaded by a system admin, and Vigil\'s default data set; not for clinical decisions without checking the label.';

/** Similar words tried per misspelt token in the typo fallback. */
const SIMILAR_WORDS = 4;

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
 * total 0 and no results. Ranking: drug-products.repo.ts `searchDrugProducts`.
 */
export async function searchDrugProducts(ctx: AppContext, scope: Scope, body: DrugSearchBody): Promise<DrugSearchResponse> {
  const page = { skip: body.skip, limit: body.limit };
  const q = parseDrugQuery(body.search);
  let found: { rows: repo.DrugProductRow[]; total: number } = { rows: [], total: 0 };
  if (q.kind !== 'empty') {
    found = await repo.searchDrugProducts(scope, ctx.db, q, page);
    if (found.total === 0 && q.kind === 'words') {
      const alternatives: string[][] = [];
      for (const token of q.tokens) {
        const similar = token.length >= 3 && /[a-z]/.test(token) ? await repo.findSimilarWords(scope, ctx.db, token, SIMILAR_WORDS) : [];
        alternatives.push([token, ...similar]);
      }
      if (alternatives.some((a) => a.length > 1)) found = await repo.searchDrugProducts(scope, ctx.db, q, page, alternatives);
    }
  }
  return {
    meta: {
      disclaimer: DISCLAIMER,
      last_updated: new Date().toISOString().slice(0, 10),
      results: { skip: page.skip, limit: page.limit, total: found.total },
    },
    results: found.rows.map(toOpenFdaResult),
  };
}
