import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { repoRoot } from '../../config/index';
import { prescriptions } from '@vigil/contract';
import { callerFor, type CallUser } from '../../../test/call-as';
import { createTestApp, createTenancyFixture, type TestApp } from '../../../test/setup';
import { drugProducts } from '../../db/schema/index';
import { readDefaultDrugProducts, seedDrugProducts } from './default-drugs';
import { getCatalogueHead, upsertDrugProducts } from './drug-products.repo';
import { withDerived } from './product-file';
import { catalogueDb } from '../../db/handles';

// The search's ranking over the WHOLE default drug data set (the one test file that loads it:
// config drugProducts 'default'), and the data set itself: every RxNorm-coded medication of the
// demo FHIR bundles has its product.

let t: TestApp;
let doctor: CallUser;
const callAs = callerFor(() => t);

interface Result {
  drug_product_id: number;
  brand_name: string;
  generic_name: string;
  product_ndc: string;
  active_ingredients: { name: string; strength: string }[];
  openfda: { rxcui: string[] };
}
async function search(text: string, limit = 10): Promise<{ total: number; results: Result[] }> {
  const res = await callAs(doctor, prescriptions.searchDrugProducts, { body: { search: text, limit } });
  expect(res.status, res.reply.body).toBe(200);
  return { total: res.body.meta.results.total, results: res.body.results };
}
const label = (r: Result) => `${r.brand_name || r.generic_name} ${r.active_ingredients.map((i) => i.strength).join('/')}`.trim();

beforeAll(async () => {
  t = await createTestApp({ drugProducts: 'default' });
  const f = await createTenancyFixture(t);
  doctor = f.doctorA1;
});
afterAll(async () => t.close());

describe('the default drug data set', () => {
  it('is loaded whole, once: a second load writes nothing', async () => {
    const rows = readDefaultDrugProducts();
    expect((await t.ctx.db.select().from(drugProducts).where(eq(drugProducts.source, 'vigil-default'))).length).toBe(rows.length);
    expect(await seedDrugProducts(t.ctx.db, 'default')).toBe(0);
    expect(rows.every((r) => r.productNdc === '')).toBe(true); // no NDC is made up (data/drugs/README.md)
  });

  it('is loaded again by every process start without taking a new catalogue version, unless a product changed', async () => {
    const version = async () => (await getCatalogueHead(catalogueDb(t.ctx.db)))!.version;
    const before = await version();
    expect(await seedDrugProducts(t.ctx.db, 'default')).toBe(0);
    expect(await version()).toBe(before); // other API processes keep their index
    // A product changed in the database since: the load restores it, and that is a new version.
    const [first] = readDefaultDrugProducts();
    await t.ctx.db.update(drugProducts).set({ labelerName: 'Changed meanwhile' }).where(eq(drugProducts.sourceKey, first!.sourceKey));
    const changed = await version();
    expect(changed).toBeGreaterThan(before);
    expect(await seedDrugProducts(t.ctx.db, 'default')).toBe(1);
    expect(await version()).toBeGreaterThan(changed);
  });

  it('has a product for every RxNorm-coded medication of the demo bundles', () => {
    const dirs = [path.join(repoRoot, '../shared/data/synthea-r4/fhir'), path.join(repoRoot, 'demo-data/synthea-r4/fhir')];
    const dir = dirs.find((d) => fs.existsSync(d))!;
    const codes = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/"system"\s*:\s*"http:\/\/www\.nlm\.nih\.gov\/research\/umls\/rxnorm"\s*,\s*"code"\s*:\s*"(\d+)"/g)) { codes.add(m[1]!); }
    }
    expect(codes.size).toBeGreaterThan(25);
    const known = new Set(readDefaultDrugProducts().map((p) => p.rxcui));
    expect([...codes].filter((c) => !known.has(c))).toEqual([]);
  });
});

describe('search ranking', () => {
  it('puts names starting with the query first, generic before brand-only matches by name, strengths in order', async () => {
    const { results } = await search('metformin');
    expect(results.slice(0, 5).map(label)).toEqual([
      'metformin hydrochloride 500 mg/1',
      'metformin hydrochloride 500 mg/1',
      'metformin hydrochloride 750 mg/1',
      'metformin hydrochloride 850 mg/1',
      'metformin hydrochloride 1000 mg/1',
    ]);
    // Glucophage is metformin too, found by its ingredient, after the names that start with the query.
    expect(results.map((r) => r.brand_name)).toContain('Glucophage');
  });

  it('finds a brand by its name first, and the generic by the brand\'s ingredient', async () => {
    const { results } = await search('glucophage');
    expect(results.map(label)).toEqual(['Glucophage 500 mg/1', 'Glucophage 850 mg/1', 'Glucophage 1000 mg/1']);
    expect((await search('eliq')).results[0]!.brand_name).toBe('Eliquis');
  });

  it('narrows with every word: name and strength', async () => {
    const { results, total } = await search('lisinopril 20');
    expect(total).toBe(2);
    expect(results.map(label)).toEqual(['lisinopril 20 mg/1', 'Zestril 20 mg/1']);
  });

  it('matches a prefix while typing, from the first letters', async () => {
    expect((await search('me')).results.every((r) => /^me/i.test(r.brand_name) || /^me/i.test(r.generic_name))).toBe(true);
    const met = await search('metop');
    expect(new Set(met.results.map((r) => r.generic_name))).toEqual(new Set(['metoprolol tartrate', 'metoprolol succinate']));
  });

  it('finds a word inside a name (hydrochlorothiazide in a combination, an ingredient word)', async () => {
    const { results } = await search('hydrochlorothiazide');
    expect(results[0]!.generic_name).toBe('hydrochlorothiazide');
    expect((await search('glargine')).results.map((r) => r.brand_name)).toEqual(expect.arrayContaining(['Lantus', 'Basaglar', 'Toujeo']));
  });

  it('forgives a typo when nothing matches as typed', async () => {
    const { results, total } = await search('metfromin');
    expect(total).toBeGreaterThan(0);
    expect(results.every((r) => r.generic_name.startsWith('metformin'))).toBe(true);
    expect((await search('atorvastain 40')).results.map(label)).toEqual(['atorvastatin calcium 40 mg/1', 'Lipitor 40 mg/1']);
    expect((await search('xqzvbn')).total).toBe(0);
  });

  it('finds by RxCUI, and LIKE characters are taken literally', async () => {
    const { results } = await search('860975');
    expect(results.map((r) => r.openfda.rxcui)).toEqual([['860975']]);
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
  });
});

describe('the answer cache (docs/prescriptions.md "Search")', () => {
  const product = (brandName: string) =>
    withDerived({
      source: 'fda-ndc',
      sourceKey: 'cache-test-1',
      productNdc: '99999-0001',
      rxcui: '',
      brandName,
      brandNameBase: '',
      brandNameSuffix: '',
      genericName: 'zyxcachetestamine',
      labelerName: 'Test Labeler',
      activeIngredients: [{ name: 'ZYXCACHETESTAMINE', strength: '5 mg/1' }],
      dosageForm: 'TABLET',
      routes: ['ORAL'],
      productType: 'HUMAN PRESCRIPTION DRUG',
      marketingCategory: 'ANDA',
      applicationNumber: '',
      marketingStartDate: '20200101',
      marketingEndDate: '',
      pharmClasses: [],
      deaSchedule: '',
      finished: true,
    });

  it('answers a repeated search from the process while the catalogue is unchanged, and sees every write at once', async () => {
    expect((await search('zyxcache')).total).toBe(0);
    await upsertDrugProducts(catalogueDb(t.ctx.db), [product('Zyxbrand')]);
    expect((await search('zyxcache')).results.map((r) => r.brand_name)).toEqual(['Zyxbrand']);

    // A write that does not change the version (its trigger off for a moment) is not seen: the answer came from the cache.
    await t.ctx.db.execute(sql`alter table drug_products disable trigger drug_products_catalogue_version`);
    try {
      await t.ctx.db.update(drugProducts).set({ brandName: 'Zyxhidden' }).where(eq(drugProducts.sourceKey, 'cache-test-1'));
    } finally {
      await t.ctx.db.execute(sql`alter table drug_products enable trigger drug_products_catalogue_version`);
    }
    expect((await search('zyxcache')).results.map((r) => r.brand_name)).toEqual(['Zyxbrand']);

    // Any write through the table changes the version, and the next search reads the database.
    await upsertDrugProducts(catalogueDb(t.ctx.db), [product('Zyxrenamed')]);
    expect((await search('zyxcache')).results.map((r) => r.brand_name)).toEqual(['Zyxrenamed']);
    await t.ctx.db.delete(drugProducts).where(eq(drugProducts.sourceKey, 'cache-test-1'));
    expect((await search('zyxcache')).total).toBe(0);
  });
});
