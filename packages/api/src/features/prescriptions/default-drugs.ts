/**
 * Vigil's default drug data set (packages/api/data/drugs/, README there): the medications of the
 * demo FHIR bundles with their RxNorm codes, and a documented list of common chronic-care drugs,
 * loaded at start-up so that the drug search works before an admin loads the FDA file. Loaded
 * whole by `npm start`, the demo, the browser journeys and the benchmark; tests load the few rows
 * of TEST_FIXTURE_KEYS (config `drugProducts: 'fixture'`, the default of loadTestConfig).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { TransactionRollbackError } from 'drizzle-orm';
import { repoRoot } from '../../config/index';
import type { Db } from '../../db/client';
import { upsertDrugProducts } from './drug-products.repo';
import { withDerived, type DrugProductValues } from './product-file';
import { catalogueDb } from '../../db/handles';

export const DEFAULT_DRUGS_FILE = path.join(repoRoot, 'packages/api/data/drugs/default-products.tsv');

/** What a database gets at start-up: the whole default data set, the test fixture, or nothing. */
export type DrugDataSet = 'default' | 'fixture' | 'none';

/** The rows tests load: metformin (incl. the Glucophage brand and the demo's extended-release), lisinopril, metoprolol (two salts), albuterol, ibuprofen. */
export const TEST_FIXTURE_KEYS: ReadonlySet<string> = new Set([
  'metformin-500',
  'metformin-1000',
  'metformin-glucophage-500',
  'rx-860975',
  'lisinopril-10',
  'lisinopril-20',
  'metoprolol-tartrate-25',
  'metoprolol-succinate-50',
  'albuterol-hfa-90',
  'rx-206905',
  'warfarin-5',
  'apixaban-5',
]);

const list = (text: string) =>
  text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/** The default data set's rows as products (source 'vigil-default', keyed by KEY). */
export function readDefaultDrugProducts(file = DEFAULT_DRUGS_FILE): DrugProductValues[] {
  const records = parse(fs.readFileSync(file, 'utf8'), { delimiter: '\t', quote: false, columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return records.map((r) => {
    const substances = list(r.SUBSTANCENAME ?? '');
    const strengths = (r.STRENGTH ?? '').split(';').map((s) => s.trim());
    return withDerived({
      source: 'vigil-default',
      sourceKey: r.KEY!,
      productNdc: r.PRODUCT_NDC ?? '',
      rxcui: r.RXCUI ?? '',
      brandName: r.BRAND_NAME ?? '',
      brandNameBase: r.BRAND_NAME ?? '',
      brandNameSuffix: '',
      genericName: r.GENERIC_NAME ?? '',
      labelerName: '',
      activeIngredients: substances.map((name, i) => ({ name, strength: strengths[i] ?? '' })),
      dosageForm: r.DOSAGE_FORM ?? '',
      routes: list(r.ROUTE ?? ''),
      productType: 'HUMAN PRESCRIPTION DRUG',
      marketingCategory: '',
      applicationNumber: '',
      marketingStartDate: '',
      marketingEndDate: '',
      pharmClasses: [],
      deaSchedule: '',
      finished: true,
    });
  });
}

/**
 * Loads `which` of the default data set (idempotent: unchanged rows are not rewritten). Answers the
 * rows written. Every API process does this as it starts; when nothing changed, its transaction is
 * rolled back, so that the catalogue version (which every statement writing drug_products takes,
 * migration 0020) stays and the other processes keep their search index and cached answers
 * (docs/prescriptions.md "Search").
 */
export async function seedDrugProducts(db: Db, which: DrugDataSet): Promise<number> {
  if (which === 'none') { return 0; }
  const rows = readDefaultDrugProducts().filter((p) => which === 'default' || TEST_FIXTURE_KEYS.has(p.sourceKey));
  try {
    return await db.transaction(async (tx) => {
      const written = await upsertDrugProducts(catalogueDb(tx), rows);
      if (written === 0) { tx.rollback(); }
      return written;
    });
  } catch (err) {
    if (err instanceof TransactionRollbackError) { return 0; }
    throw err;
  }
}
