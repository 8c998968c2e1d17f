import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/setup';
import { DrugIndex } from './drug-index';
import { getCatalogueHead, readDrugCatalogue, upsertDrugProducts } from './drug-products.repo';
import { findWithTypos, indexFinder, sqlFinder } from './drug-products.service';
import { parseDrugQuery } from './drug-search';
import { withDerived, type DrugProductValues } from './product-file';
import { catalogueDb } from '../../db/handles';

// The in-memory index (drug-index.ts) answers EXACTLY what the SQL search answers (ids in order,
// total), typo fallback included, over the whole default data set plus products made to exercise
// the rules the default set lacks: NDCs in their three formats, discontinued products, unfinished
// ones, repeated names, strengths with decimals, non-ASCII names.

let t: TestApp;
let index: DrugIndex;
let today: string;

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function madeProducts(count: number): DrugProductValues[] {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const stems = ['lipo', 'meta', 'glip', 'amlo', 'zo', 'ca', 'met', 'lisin', 'hydro', 'ácido', 'Ölmez', 'x-ray', 'a.b'];
  const ends = ['formin', 'statin', 'pril', 'zide', 'olol', 'fólico', 'sartan', ''];
  const ndc = (): string => {
    const d = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
    return pick([`${d(4)}-${d(4)}`, `${d(5)}-${d(3)}`, `${d(5)}-${d(4)}`, `0002-${d(4)}`, `00${d(3)}-1${d(3)}`, '']);
  };
  return Array.from({ length: count }, (_, i) => {
    const generic = `${pick(stems)}${pick(ends)}${rnd() < 0.2 ? ' hydrochloride' : ''}`.trim();
    const strength = pick(['5 mg/1', '10 mg/1', '2.5 mg/1', '.5 mg/mL', '500 mg/1', '1000 mg/1', '', '20 mg/1; 12.5 mg/1']);
    return withDerived({
      source: 'fda-ndc',
      sourceKey: `index-test-${i}`,
      productNdc: ndc(),
      rxcui: rnd() < 0.05 ? `${860000 + Math.floor(rnd() * 20)}` : '',
      brandName: rnd() < 0.3 ? pick(['Lipitor', 'Glucophage', 'Zestril', 'Ácido Plus', 'Metax', 'metformin', '']) : '',
      brandNameBase: '',
      brandNameSuffix: '',
      genericName: generic,
      labelerName: 'Test Labeler',
      activeIngredients: strength.split('; ').map((s) => ({ name: generic.toUpperCase(), strength: s })),
      dosageForm: pick(['TABLET', 'TABLET, FILM COATED', 'CAPSULE', 'SOLUTION']),
      routes: ['ORAL'],
      productType: 'HUMAN PRESCRIPTION DRUG',
      marketingCategory: 'ANDA',
      applicationNumber: '',
      marketingStartDate: '20100101',
      marketingEndDate: pick(['', '', '', '20200101', '29991231']),
      pharmClasses: [],
      deaSchedule: '',
      finished: rnd() < 0.95,
    });
  });
}

beforeAll(async () => {
  t = await createTestApp({ drugProducts: 'default' });
  await upsertDrugProducts(catalogueDb(t.ctx.db), madeProducts(600));
  const read = await readDrugCatalogue(catalogueDb(t.ctx.db));
  index = new DrugIndex(read!.rows, read!.words);
  today = (await getCatalogueHead(catalogueDb(t.ctx.db)))!.today;
}, 120_000);
afterAll(async () => t.close());

/** The SQL's and the index's answers for `text` on one page: ids in order and total. */
async function both(text: string, page = { skip: 0, limit: 10 }) {
  const q = parseDrugQuery(text);
  if (q.kind === 'empty') { return null; }
  const sql = await findWithTypos(sqlFinder(t.ctx), q, page);
  const mine = await findWithTypos(indexFinder(t.ctx, index, today), q, page);
  return { sql: { ids: sql.items.map((r) => r.id), total: sql.total }, index: { ids: mine.items, total: mine.total } };
}

const QUERIES = [
  'a', 'm', 'me', 'met', 'metf', 'metformin', 'metformin 500', 'metf 500', 'lip', 'lipitor 10', 'glip', 'zide', 'ide', 'hydro', 'hydrochlorothiazide',
  'formin', 'olol', 'sartan', 'pril 20', 'tablet', 'film coated', 'mg/1', '2.5', '.5', '12.5 mg', 'ácido', 'áci', 'Ölmez', 'ölm', 'x-ray', 'a.b', 'x', 'zo',
  'ca', 'ca 5', 'glucophage', 'eliq', 'insulin glargine', 'lantus', 'metfromin', 'atorvastain 40', 'lisinoprl', 'acido', 'xqzvbn', 'metformin zzzz',
  '0', '00', '000', '0002', '9', '1', '5', '0002-', '0002-1', '00021', '860975', '8600', '86001', '1', '12', '-', '--', '%', '_', 'a_b', 'a%', '\\', 'mg/1 tablet', 'five mg',
  'metoprolol succinate', 'metop', 'Metax', 'zestril', 'caps', 'solution 5', 'ol', 'o', 'z', 'zz', '5', '10', '1000', 'met 1000 tablet',
];

describe('the drug index against the SQL search', () => {
  it('holds the finished products of the catalogue', () => {
    expect(index.size).toBeGreaterThan(600);
  });

  it('answers the same ids, order and total for a varied set of queries, first and later pages', async () => {
    for (const text of QUERIES) {
      for (const page of [{ skip: 0, limit: 10 }, { skip: 7, limit: 5 }, { skip: 0, limit: 50 }]) {
        const answers = await both(text, page);
        expect(answers?.index, `"${text}" ${JSON.stringify(page)}`).toEqual(answers?.sql);
      }
    }
  }, 120_000);

  it('suggests the same similar words as pg_trgm', async () => {
    for (const token of ['metfromin', 'atorvastain', 'lisinoprl', 'glucofage', 'hydro', 'zzzz', 'ab1', 'x-ray', 'mg1', 'acido', 'ácido', 'tabet']) {
      const sql = await sqlFinder(t.ctx).similarWords(token, 4);
      const mine = await indexFinder(t.ctx, index, today).similarWords(token, 4);
      expect(mine, token).toEqual(sql);
    }
  });

  it('answers the same for generated queries (fast-check): prefixes of catalogue words, digits, typos', async () => {
    const pieces = ['met', 'metformin', 'lip', 'glip', 'hydro', 'zide', 'ácido', 'a', 'o', 'ca', 'sartan', 'tablet', '500', '5', '.5', '0002', '-', 'mg/1', 'pril', 'x'];
    const word = fc.oneof(
      fc.constantFrom(...pieces),
      fc.constantFrom(...pieces).chain((p) => fc.integer({ min: 1, max: p.length }).map((n) => p.slice(0, n))),
      fc.stringMatching(/^[a-z0-9.\-/]{1,6}$/),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(word, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 20 }), async (words, skip, limit) => {
        const answers = await both(words.join(' '), { skip, limit });
        expect(answers?.index).toEqual(answers?.sql);
      }),
      { numRuns: 150, seed: 11 },
    );
  }, 120_000);
});
