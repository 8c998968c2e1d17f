/**
 * ICD-10-CM search benchmark (docs/benchmarks.md "ICD-10-CM search"): how often the search puts
 * what a clinician meant at the top, and how fast it answers while they type. Prints figures;
 * asserts nothing (the query set's codes are checked by icd10cm-benchmark-set.test.ts).
 *
 * 1. Quality, in this process, on the FULL vendored code set (46,498 FY2025 codes with the
 *    alphabetic index) and the clinical terms: every query of bench/icd10cm-search.queries.tsv
 *    (English and Spanish; terms, abbreviations, lay terms, misspellings, combinations, context,
 *    typed codes) through the search the API runs (icd10cm-search.ts searchIcd10cm) in its
 *    language. Top-1 and top-5 hit rates (a hit: an acceptable code of the line), overall and by
 *    kind, printed beside the previous run's (bench/icd10cm-search.results.json, rewritten at the
 *    end), and every miss. Also the index's build time and heap. Goal: top-5 >= 97 %, top-1 >= 85 %.
 * 2. Latency, over HTTP: a fresh PostgreSQL database, migrated, the full list loaded, the API in a
 *    child process bundled and started as `npm start` runs it (bench/api-process.ts), twice: answer
 *    cache off (VIGIL_REFERENCE_SEARCH_CACHE=0: every keystroke searches), then as the API runs by
 *    default (answers kept per process and release). 20 concurrent typing users,
 *    each typing the queries one keystroke at a time ("h", "ht", "htn", ...; every prefix of every
 *    query, in its language's Accept-Language), a keystroke every 150 ms, as the web's search box
 *    would without its debounce. p99 per keystroke beside a same-run baseline: a trivial
 *    authenticated GET (verifier/dinstinctDomains) at the same concurrency and pace. Goal: p99 < 30 ms.
 *
 * Usage: npm run bench:icd10cm   (BENCH_SECONDS per latency phase, default 10; BENCH_QUALITY_ONLY=1
 * skips the latency part; BENCH_KEEP_DB=1 keeps the database)
 */
import fs from 'node:fs';
import path from 'node:path';
import { Role } from '@vigil/contract';
import { repoRoot } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
import { seedReferenceData } from '../packages/api/src/db/seed/reference';
import { users } from '../packages/api/src/db/schema/index';
import { ensureIcd10cmLoaded, readVendoredFiles } from '../packages/api/src/features/diagnoses/icd10cm.loader';
import { parseVendoredCodes, searchTextOf } from '../packages/api/src/features/diagnoses/icd10cm.parse';
import { Icd10cmIndex } from '../packages/api/src/features/diagnoses/icd10cm-index';
import { clinicalTerms, type SearchLang } from '../packages/api/src/features/diagnoses/icd10cm-terms';
import { searchIcd10cm } from '../packages/api/src/features/diagnoses/icd10cm-search';
import { hashPassword } from '../packages/api/src/lib/crypto';
import { ApiProcess } from './api-process';
import { agent, createBenchDatabase, latencyLine, loadGet, p99, signIn } from './lib';

const CALLERS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const KEYSTROKE_MS = 150;
const PASSWORD = 'Bench#Password1';
const QUERIES_FILE = path.join(repoRoot, 'bench/icd10cm-search.queries.tsv');
const RESULTS_FILE = path.join(repoRoot, 'bench/icd10cm-search.results.json');

/** One line of the query set. */
interface BenchQuery {
  lang: SearchLang;
  kind: string;
  query: string;
  acceptable: string[];
}

/** The query set (tab-separated: lang, kind, query, acceptable codes; # comments). */
function readQueries(): BenchQuery[] {
  return fs
    .readFileSync(QUERIES_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [lang, kind, query, codes] = l.split('\t');
      return { lang: lang as SearchLang, kind: kind!, query: query!, acceptable: codes!.split(' ').filter(Boolean) };
    });
}

interface Rates {
  n: number;
  top1: number;
  top5: number;
}
type Results = { date: string; overall: Rates; byKind: Record<string, Rates> };

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const beside = (now: number, before: number | undefined) => (before === undefined ? pct(now) : `${pct(now)} (previous ${pct(before)})`);

/** Part 1: hit rates of the whole query set on the full code set, in this process. */
function quality(queries: BenchQuery[]): void {
  const heapBefore = process.memoryUsage().heapUsed;
  const parseStart = performance.now();
  const { codes, index } = readVendoredFiles('full');
  const rows = parseVendoredCodes(codes, index).map((r) => ({ ...r, searchText: searchTextOf(r) }));
  const buildStart = performance.now();
  const idx = new Icd10cmIndex(rows);
  const terms = clinicalTerms();
  const built = performance.now();
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(`code set parsed in ${((buildStart - parseStart) / 1000).toFixed(2)} s; index (${idx.size} codes) and clinical terms built in ${(built - buildStart).toFixed(0)} ms; heap +${((heapAfter - heapBefore) / 1e6).toFixed(0)} MB (rows, index and file text)`);

  const byKind = new Map<string, { n: number; top1: number; top5: number }>();
  const misses: string[] = [];
  let top1 = 0;
  let top5 = 0;
  const took: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    const hits = searchIcd10cm(idx, terms, q.query, q.lang, 20);
    took.push(performance.now() - started);
    const at = hits.findIndex((h) => q.acceptable.includes(h.code));
    const k = byKind.get(q.kind) ?? { n: 0, top1: 0, top5: 0 };
    k.n++;
    if (at === 0) { top1++; k.top1++; }
    if (at >= 0 && at < 5) { top5++; k.top5++; }
    byKind.set(q.kind, k);
    if (at !== 0) { misses.push(`  ${at < 0 ? 'not in 20' : `#${at + 1}`.padEnd(9)} [${q.lang} ${q.kind}] ${JSON.stringify(q.query)} wants ${q.acceptable.join('/')}; got ${hits.slice(0, 3).map((h) => h.code).join(', ')}`); }
  }
  const previous: Results | null = fs.existsSync(RESULTS_FILE) ? (JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Results) : null;
  const n = queries.length;
  console.log(`\n${n} queries (${queries.filter((q) => q.lang === 'es').length} Spanish)${previous ? `, previous run ${previous.date}` : ', no previous run'}:`);
  console.log(`  top-1 ${beside(top1 / n, previous?.overall.top1)}   (goal >= 85 %)`);
  console.log(`  top-5 ${beside(top5 / n, previous?.overall.top5)}   (goal >= 97 %)`);
  for (const [kind, k] of [...byKind].sort()) {
    const before = previous?.byKind[kind];
    console.log(`    ${kind.padEnd(8)} n=${String(k.n).padStart(3)}  top-1 ${beside(k.top1 / k.n, before?.top1)}  top-5 ${beside(k.top5 / k.n, before?.top5)}`);
  }
  console.log(`  in-process search time per whole query: ${latencyLine(took)}`);
  console.log(`\nmisses (not first): ${misses.length}`);
  for (const m of misses) { console.log(m); }
  const results: Results = {
    date: new Date().toISOString(),
    overall: { n, top1: top1 / n, top5: top5 / n },
    byKind: Object.fromEntries([...byKind].map(([kind, k]) => [kind, { n: k.n, top1: k.top1 / k.n, top5: k.top5 / k.n }])),
  };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 1)}\n`);
}

/** Every keystroke prefix of a query ("h", "ht", "htn"), trailing spaces dropped as the API trims them. */
const keystrokes = (q: string) => [...new Set(Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1).trimEnd()).filter((s) => s !== ''))];

/** Part 2: p99 per keystroke at CALLERS typing users over HTTP, beside a trivial GET. */
async function latency(queries: BenchQuery[]): Promise<void> {
  const bench = await createBenchDatabase('vigil_bench_icd');
  let api: ApiProcess | null = null;
  try {
    const database = await openDatabase({ databaseUrl: bench.url, poolSize: 5 });
    const loadStart = performance.now();
    await seedReferenceData(database.db);
    await ensureIcd10cmLoaded(database.db, 'full');
    console.log(`\nloaded the full list on PostgreSQL in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    await database.db.insert(users).values({ roleId: Role.SYSTEM_ADMIN, firstName: 'Bench', lastName: 'Doctor', username: 'benchdoctor', email: 'benchdoctor@example.test', passwordHash: await hashPassword(PASSWORD) });
    await database.close();
    // Twice: every keystroke searched (answer cache off), then as the API runs by default (answers kept per process and release).
    for (const cache of ['0', '']) {
      if (cache) { process.env.VIGIL_REFERENCE_SEARCH_CACHE = cache; }
      else { delete process.env.VIGIL_REFERENCE_SEARCH_CACHE; }
      api = await ApiProcess.start(bench.url);
      console.log(cache === '0' ? '\n== answer cache off: every keystroke searches ==' : '\n== as the API runs by default (answers cached per process and release) ==');
      const sessionGuid = await signIn(api.port, 'benchdoctor', PASSWORD);
      const typed = queries.flatMap((q) => keystrokes(q.query).map((k) => ({ q: k, lang: q.lang })));
      // Users of the Spanish interface (every fifth) type the Spanish queries in Spanish, the others the English ones.
      const spanish = (user: number) => user % 5 === 0;
      const own = { es: typed.filter((t) => t.lang === 'es'), en: typed.filter((t) => t.lang === 'en') };
      const byUser = (user: number) => ({ SessionGuid: sessionGuid, 'Accept-Language': spanish(user) ? 'es' : 'en' });
      const searchPathFor = (user: number, i: number) => {
        const list = spanish(user) ? own.es : own.en;
        return `/api/icd10cm/search?q=${encodeURIComponent(list[(user * 997 + i) % list.length]!.q)}&limit=20`;
      };
      const baselinePath = () => '/api/verifier/dinstinctDomains';
      await loadGet(api.port, searchPathFor, byUser, 2, { callers: CALLERS }); // warm-up: index build, JIT
      await loadGet(api.port, baselinePath, byUser, 1, { callers: CALLERS });
      const memoryBefore = await api.memory();
      console.log(`${CALLERS} concurrent typing users (every fifth on the Spanish interface), ${SECONDS} s each phase, ${typed.length} keystroke queries from ${queries.length} searches`);
      const baseline = await loadGet(api.port, baselinePath, byUser, SECONDS, { callers: CALLERS, paceMs: KEYSTROKE_MS });
      const slowest: { path: string; ms: number }[] = [];
      const search = await loadGet(api.port, searchPathFor, byUser, SECONDS, { callers: CALLERS, paceMs: KEYSTROKE_MS, onSample: (p, ms) => slowest.push({ path: decodeURIComponent(p.split('q=')[1]!.split('&')[0]!), ms }) });
      const memoryAfter = await api.memory();
      console.log(`  baseline GET verifier/dinstinctDomains: ${latencyLine(baseline.latencies)}, ${baseline.rate.toFixed(0)} req/s, errors ${baseline.errors}`);
      console.log(`  GET icd10cm/search, a query per keystroke: ${latencyLine(search.latencies)}, ${search.rate.toFixed(0)} req/s, errors ${search.errors}`);
      console.log(`  ratio search p99 / baseline p99: ${(p99(search.latencies) / p99(baseline.latencies)).toFixed(2)}   (goal: search p99 < 30 ms)`);
      console.log(`  slowest keystrokes: ${slowest.sort((a, b) => b.ms - a.ms).slice(0, 8).map((x) => `${JSON.stringify(x.path)} ${x.ms.toFixed(0)} ms`).join(', ')}`);
      const baselineOne = await loadGet(api.port, baselinePath, byUser, SECONDS / 2, { callers: 1 });
      const searchOne = await loadGet(api.port, searchPathFor, byUser, SECONDS / 2, { callers: 1 });
      console.log('  one user, back to back (the cost of one request, without queueing):');
      console.log(`    baseline: ${latencyLine(baselineOne.latencies)}`);
      console.log(`    search:   ${latencyLine(searchOne.latencies)}`);
      console.log(`  API RSS ${(memoryBefore.rss / 1e6).toFixed(0)} MB before, ${(memoryAfter.rss / 1e6).toFixed(0)} MB after the search phase`);
      await api.stop();
      api = null;
    }
  } finally {
    await api?.stop();
    await bench.drop();
    agent.destroy();
  }
}

const queries = readQueries();
quality(queries);
if (!process.env.BENCH_QUALITY_ONLY) { await latency(queries); }
