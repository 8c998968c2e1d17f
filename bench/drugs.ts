/**
 * The drug search under typing load (issue "prescriptions and the drug search", docs/benchmarks.md).
 * Prints figures; asserts nothing.
 *
 * POST patientprescription/fdasearch with 20 concurrent users typing (a query per keystroke from the
 * second character, as the web's search sends them: drug names, a name with a strength, a typo,
 * NDC prefixes), on PostgreSQL, over the default data set plus a synthetic FDA-sized catalogue
 * (BENCH_DRUG_PRODUCTS rows, default 110,000, about the size of the NDC Directory's product.txt:
 * the real generics of the default set repackaged by many labelers, plus made-up generic names;
 * their NDCs are made up and live only in this benchmark's own database). Beside it, the same-run
 * baseline: a trivial authenticated GET (GET user/getuserbyidminimal, one row by key) at the same concurrency, and the ratio.
 * Target: p99 under 30 ms. Run twice over one seeded catalogue: an API process without the answer
 * cache (VIGIL_REFERENCE_SEARCH_CACHE=0: every keystroke answered by the in-memory index,
 * drug-index.ts) and one as the API runs by default (answers also cached). First, in this process:
 * the index's build time and size (estimate and heap growth) and single queries' times.
 * Usage: npm run bench:drugs   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * BENCH_KEEP_DB=1 keeps the database for a look afterwards; BENCH_ROUNDS names typed per user, 5)
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { Role } from '@vigil/contract';
import { buildApp } from '../packages/api/src/app';
import { loadTestConfig } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
import { users } from '../packages/api/src/db/schema/index';
import { hashPassword } from '../packages/api/src/lib/crypto';
import { readDefaultDrugProducts } from '../packages/api/src/features/prescriptions/default-drugs';
import { DrugIndex } from '../packages/api/src/features/prescriptions/drug-index';
import { readDrugCatalogue, upsertDrugProducts } from '../packages/api/src/features/prescriptions/drug-products.repo';
import { catalogueDb } from '../packages/api/src/db/handles';
import { parseDrugQuery } from '../packages/api/src/features/prescriptions/drug-search';
import { withDerived, type DrugProductValues } from '../packages/api/src/features/prescriptions/product-file';
import { ApiProcess } from './api-process';
import { closedLoop, createBenchDatabase, percentile, request, signIn } from './lib';

const USERS = 20;
const PRODUCTS = Number(process.env.BENCH_DRUG_PRODUCTS ?? 110_000);
/** A deterministic pseudo-random generator (mulberry32), so every run seeds the same catalogue. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ca', 'ro', 'xi', 'ben', 'tol', 'pra', 'zo', 'lin', 'dex', 'mo', 'fen', 'ta', 'vi', 'sul', 'cor', 'nal', 'pri', 'du', 'mex', 'ter', 'glu', 'lo', 'san', 'kin'];
const SUFFIXES = ['pril', 'sartan', 'olol', 'statin', 'azole', 'mycin', 'dipine', 'tidine', 'formin', 'gliptin', 'oxacin', 'parin', 'vudine', 'mab', 'tinib'];
const FORMS = ['TABLET', 'TABLET, FILM COATED', 'CAPSULE', 'TABLET, EXTENDED RELEASE', 'SOLUTION', 'INJECTION, SOLUTION', 'SUSPENSION', 'CREAM'];

/** An FDA-sized synthetic catalogue around the default set's real generics. */
function syntheticCatalogue(count: number): DrugProductValues[] {
  const rnd = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const real = [...new Map(readDefaultDrugProducts().map((p) => [p.genericName, p])).values()];
  const made = Array.from({ length: 3000 }, (_, i) => `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SUFFIXES)}${i % 7 === 0 ? ' hydrochloride' : ''}`);
  const out: DrugProductValues[] = [];
  for (let i = 0; out.length < count; i++) {
    // A third of the catalogue repackages the real generics (as the NDC Directory lists metformin hundreds of times).
    const base = i % 3 === 0 ? pick(real) : null;
    const generic = base ? base.genericName : pick(made);
    const ingredient = base ? base.activeIngredients[0]!.name : generic.toUpperCase();
    const labeler = 10000 + Math.floor(rnd() * 8000);
    const product = 1000 + (i % 9000);
    out.push(
      withDerived({
        source: 'fda-ndc',
        sourceKey: `bench-${i}`,
        productNdc: `${labeler}-${product}`,
        rxcui: '',
        brandName: rnd() < 0.2 ? `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(['ex', 'ol', 'a', 'ix'])}`.replace(/^./, (c) => c.toUpperCase()) : generic,
        brandNameBase: '',
        brandNameSuffix: '',
        genericName: generic,
        labelerName: `Labeler ${labeler}`,
        activeIngredients: [{ name: ingredient, strength: `${pick([5, 10, 20, 25, 40, 50, 100, 250, 500, 1000])} mg/1` }],
        dosageForm: pick(FORMS),
        routes: ['ORAL'],
        productType: 'HUMAN PRESCRIPTION DRUG',
        marketingCategory: 'ANDA',
        applicationNumber: '',
        marketingStartDate: '20100101',
        marketingEndDate: rnd() < 0.1 ? '20200101' : '',
        pharmClasses: [],
        deaSchedule: '',
        finished: true,
      }),
    );
  }
  return out;
}

/** What 20 people type, one keystroke at a time (from the 2nd character, as the web sends it). */
const TYPED = ['metformin', 'lisinopril 10', 'amlodipine', 'atorvastatin 40', 'losartan', 'metoprolol succinate', 'hydrochlorothiazide', 'insulin glargine', 'levothyroxine', 'furosemide', 'eliquis', 'warfarin 5', 'albuterol', 'sertraline', 'metfromin', 'glucophage', '0002-14', 'lipitor', 'jardiance 10', 'omeprazole'];
const keystrokes = (text: string) => Array.from({ length: text.length - 1 }, (_, i) => text.slice(0, i + 2));

async function main(): Promise<void> {
  const bench = await createBenchDatabase('vigil_bench_drugs');
  const url = bench.url;
  const database = await openDatabase({ databaseUrl: url, poolSize: 20 });
  try {
    const { app, ctx } = await buildApp(loadTestConfig({ validateResponses: false, drugProducts: 'default' }), database);
    const started = Date.now();
    const catalogue = syntheticCatalogue(PRODUCTS);
    for (let i = 0; i < catalogue.length; i += 1000) { await upsertDrugProducts(catalogueDb(ctx.db), catalogue.slice(i, i + 1000)); }
    const [doctor] = await ctx.db.insert(users).values({ roleId: Role.DOCTOR, firstName: 'Bench', lastName: 'Doctor', username: 'benchdoctor', email: 'benchdoctor@example.test', passwordHash: await hashPassword('Bench#Password1') }).returning({ id: users.id });
    const doctorId = doctor!.id;
    await database.pool!.query('vacuum analyze');
    const [{ n }] = (await database.pool!.query('select count(*)::int as n from drug_products')).rows as [{ n: number }];
    console.log(`seeded ${n.toLocaleString('en')} drug products (${readDefaultDrugProducts().length} of the default set) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // The index in this process: build time, size, single queries (no HTTP, no database).
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const heap0 = process.memoryUsage().heapUsed;
    const b0 = performance.now();
    const read = await readDrugCatalogue(catalogueDb(ctx.db));
    const b1 = performance.now();
    let index: DrugIndex | null = new DrugIndex(read!.rows, read!.words);
    const b2 = performance.now();
    read!.rows.length = 0;
    gc();
    const heapGrowth = process.memoryUsage().heapUsed - heap0;
    console.log(
      `drug index: ${index.size.toLocaleString('en')} products, read ${((b1 - b0) / 1000).toFixed(2)} s + built ${((b2 - b1) / 1000).toFixed(2)} s; ` +
        `size ${(index.footprint() / 1024 / 1024).toFixed(1)} MB (estimate), heap growth ${(heapGrowth / 1024 / 1024).toFixed(1)} MB`,
    );
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const single: string[] = [];
    for (const text of ['lip', 'a', 'me', 'metf 500', 'metformin', '0002-', '1', 'metfromin']) {
      const q = parseDrugQuery(text);
      if (q.kind === 'empty') { continue; }
      for (let i = 0; i < 200; i++) { index.search(q, { skip: 0, limit: 10 }, today); }
      const runs = 2000;
      const t0 = performance.now();
      for (let i = 0; i < runs; i++) { index.search(q, { skip: 0, limit: 10 }, today); }
      single.push(`"${text}" ${(((performance.now() - t0) / runs) * 1000).toFixed(1)} µs`);
    }
    console.log(`  one query in the index (mean of 2,000, first page of 10): ${single.join(', ')}`);
    index = null;
    await app.close();

    // Twice: every keystroke read from the database (no answer cache), then as the API runs by
    // default, with the per-process answer cache (VIGIL_REFERENCE_SEARCH_CACHE; docs/prescriptions.md).
    for (const cache of ['0', '']) {
      if (cache) { process.env.VIGIL_REFERENCE_SEARCH_CACHE = cache; }
      else { delete process.env.VIGIL_REFERENCE_SEARCH_CACHE; }
      const api = await ApiProcess.start(url);
      console.log(
        cache === '0'
          ? '\n== index only: without the answer cache (every keystroke answered by the in-memory index) =='
          : '\n== as the API runs by default (the index, and answers cached per process, catalogue version and day) ==',
      );
      const session = { SessionGuid: await signIn(api.port, 'benchdoctor', 'Bench#Password1') };
      const search = async (text: string) => {
        const t0 = performance.now();
        const res = await request(api.port, 'POST', '/api/patientprescription/fdasearch', session, JSON.stringify({ search: text, limit: 10 }), false);
        if (res.status !== 200) { throw new Error(`fdasearch "${text}": status ${res.status}`); }
        return performance.now() - t0;
      };
      const baseline = async () => {
        const t0 = performance.now();
        const res = await request(api.port, 'GET', '/api/user/getuserbyidminimal', { ...session, userid: String(doctorId) }, undefined, false);
        if (res.status !== 200) { throw new Error(`getuserbyidminimal: status ${res.status}`); }
        return performance.now() - t0;
      };
      // Warm-up: JIT, and the API pool's connections (with their prepared statements) opened.
      await closedLoop(USERS, Infinity, async (u) => {
        for (const text of keystrokes(TYPED[u]!)) { await search(text); }
        for (let i = 0; i < 10; i++) { await baseline(); }
      }, 1);

      const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
      const byText = new Map<string, number[]>();
      const latencies: number[] = [];
      const t0 = performance.now();
      await closedLoop(USERS, Infinity, async (u, r) => {
        // Each user types a different name each round.
        for (const text of keystrokes(TYPED[(u + r) % TYPED.length]!)) {
          const ms = await search(text);
          latencies.push(ms);
          byText.set(text, [...(byText.get(text) ?? []), ms]);
        }
      }, rounds);
      const seconds = (performance.now() - t0) / 1000;
      const base0 = performance.now();
      const baseLatencies: number[] = [];
      const perUser = Math.ceil(latencies.length / USERS);
      await closedLoop(USERS, Infinity, async () => {
        baseLatencies.push(await baseline());
      }, perUser);
      const baseSeconds = (performance.now() - base0) / 1000;
      latencies.sort((a, b) => a - b);
      baseLatencies.sort((a, b) => a - b);
      const p99 = percentile(latencies, 99);
      const b99 = percentile(baseLatencies, 99);
      console.log(
        `POST patientprescription/fdasearch, ${USERS} users typing, ${latencies.length} searches: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
          `p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${(latencies.length / seconds).toFixed(0)} req/s (target p99 < 30 ms)`,
      );
      console.log(
        `  baseline GET user/getuserbyidminimal, ${USERS} callers, ${baseLatencies.length} requests: p50 ${percentile(baseLatencies, 50).toFixed(1)} ms, p99 ${b99.toFixed(1)} ms, ` +
          `${(baseLatencies.length / baseSeconds).toFixed(0)} req/s; search p99 / baseline p99 = ${(p99 / b99).toFixed(1)}`,
      );
      const slowest = [...byText.entries()].map(([text, list]) => ({ text, p50: list.sort((a, b) => a - b)[Math.floor(list.length / 2)]! })).sort((a, b) => b.p50 - a.p50).slice(0, 5);
      console.log(`  slowest keystrokes (p50 under load): ${slowest.map((s) => `"${s.text}" ${s.p50.toFixed(1)} ms`).join(', ')}`);
      const { rss } = await api.memory();
      console.log(`API process (child) memory after the load: ${(rss / 1024 / 1024).toFixed(0)} MB RSS`);
      await api.stop();
    }
  } finally {
    await database.close();
    await bench.drop();
  }
}

await main();
