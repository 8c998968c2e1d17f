/**
 * Diagnosis search benchmark (docs/benchmarks.md "Diagnosis search"). Prints figures; asserts nothing.
 *
 * GET icd10cm/search over the FULL vendored ICD-10-CM list (46,498 codes with the alphabetic index
 * terms) on PostgreSQL, 20 concurrent "typing users": each types realistic queries one keystroke at
 * a time ("t", "ty", "typ", ... "type 2 diab"; "E", "E1", "E11", "E11.", "E11.9"; typos such as
 * "hypertenson") and sends a query per keystroke, a keystroke every 150 ms, as the web's search
 * box would without its debounce (the worst case). Target: p99 < 30 ms. Printed beside a same-run
 * baseline: a trivial authenticated GET (verifier/dinstinctDomains) at the same concurrency and
 * pace, and their ratio; then both back to back (no pauses), the machine's capacity.
 *
 * Set-up: a fresh database on BENCH_DATABASE_URL (else DATABASE_URL, else the local `test`
 * database's server), migrated, the full list loaded (features/diagnoses/icd10cm.loader.ts), then
 * the API in a child process bundled and started as `npm start` runs it (bench/api-process.ts).
 * Usage: npm run bench:diagnoses   (BENCH_SECONDS, default 10; BENCH_KEEP_DB=1 keeps the database)
 */
import { Role } from '@vigil/contract';
import { openDatabase } from '../packages/api/src/db/client';
import { seedReferenceData } from '../packages/api/src/db/seed/reference';
import { icd10cmCodes, users } from '../packages/api/src/db/schema/index';
import { ensureIcd10cmLoaded } from '../packages/api/src/features/diagnoses/index';
import { hashPassword } from '../packages/api/src/lib/crypto';
import { count } from 'drizzle-orm';
import { ApiProcess } from './api-process';
import { agent, createBenchDatabase, latencyLine, loadGet, p99, signIn } from './lib';

const CALLERS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench#Password1';

/** What clinicians type (whole queries; each is sent keystroke by keystroke). */
const QUERIES = [
  'type 2 diab',
  'hypertens',
  'E11.9',
  'I10',
  'copd',
  'chronic kidney disease stage 3',
  'heart failure',
  'hypertenson',
  'diabtes',
  'atrial fib',
  'depression',
  'J44.9',
  'hyperlipidemia',
  'obesity',
  'N18.3',
  'asthma',
  'gerd',
  'dementia',
  'osteoarthritis of knee',
  'Z79.4',
];

/** Every keystroke prefix of a query ("ty", "typ", ...), trailing spaces dropped as a browser would still send them. */
const keystrokes = (q: string) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)).filter((s) => s.trim() !== '');

const fmt = (xs: number[]) => latencyLine(xs);

/** Milliseconds between two keystrokes of a typing user (about 6.7 characters a second, a quick typist). */
const KEYSTROKE_MS = 150;

/**
 * `CALLERS` users for `seconds`: each takes the next path from `next(user, i)` and waits for the
 * answer; with `paceMs` the next request goes `paceMs` after the previous one was sent (at once
 * when the answer took longer), as keystrokes do; without it, back to back (the capacity).
 */
async function load(port: number, headers: Record<string, string>, seconds: number, next: (user: number, i: number) => string, paceMs = 0, callers = CALLERS) {
  const byQuery = new Map<string, number[]>();
  const onSample = (path: string, ms: number) => {
    const key = decodeURIComponent(path.split('q=')[1]?.split('&')[0] ?? path);
    byQuery.set(key, [...(byQuery.get(key) ?? []), ms]);
  };
  return { ...(await loadGet(port, next, headers, seconds, { callers, paceMs, onSample })), byQuery };
}

/** The phases of the benchmark against one API process. */
async function measure(api: ApiProcess): Promise<void> {
  const sessionGuid = await signIn(api.port, 'benchdoctor', PASSWORD);
  const headers = { SessionGuid: sessionGuid };

  // Every keystroke of every query, each user starting at another query.
  const typed = QUERIES.flatMap(keystrokes);
  const searchPath = (user: number, i: number) => `/api/icd10cm/search?q=${encodeURIComponent(typed[(user * 37 + i) % typed.length]!)}&limit=20`;
  const baselinePath = () => '/api/verifier/dinstinctDomains';

  // Warm-up (plans, connections, the JIT) of both.
  await load(api.port, headers, 2, searchPath);
  await load(api.port, headers, 1, baselinePath);

  console.log(`\n${CALLERS} concurrent typing users, ${SECONDS} s each phase, ${typed.length} distinct keystroke queries from ${QUERIES.length} searches`);
  const baseline = await load(api.port, headers, SECONDS, baselinePath, KEYSTROKE_MS);
  const search = await load(api.port, headers, SECONDS, searchPath, KEYSTROKE_MS);
  console.log(`  typing (a keystroke every ${KEYSTROKE_MS} ms per user):`);
  console.log(`    baseline GET verifier/dinstinctDomains: ${fmt(baseline.latencies)}, ${baseline.rate.toFixed(0)} req/s, errors ${baseline.errors}`);
  console.log(`    GET icd10cm/search (a query per keystroke): ${fmt(search.latencies)}, ${search.rate.toFixed(0)} req/s, errors ${search.errors}`);
  console.log(`    ratio search p99 / baseline p99: ${(p99(search.latencies) / p99(baseline.latencies)).toFixed(2)} (target: search p99 < 30 ms)`);
  const baselineOne = await load(api.port, headers, SECONDS / 2, baselinePath, 0, 1);
  const searchOne = await load(api.port, headers, SECONDS / 2, searchPath, 0, 1);
  console.log('  one user, back to back (the cost of one request, without queueing):');
  console.log(`    baseline: ${fmt(baselineOne.latencies)}`);
  console.log(`    search:   ${fmt(searchOne.latencies)}`);
  const baselineMax = await load(api.port, headers, SECONDS, baselinePath);
  const searchMax = await load(api.port, headers, SECONDS, searchPath);
  console.log('  back to back (no typing pauses: the capacity of this machine):');
  console.log(`    baseline: ${fmt(baselineMax.latencies)}, ${baselineMax.rate.toFixed(0)} req/s`);
  console.log(`    search:   ${fmt(searchMax.latencies)}, ${searchMax.rate.toFixed(0)} req/s, ratio of rates ${(searchMax.rate / baselineMax.rate).toFixed(2)}`);
  const slowest = [...search.byQuery].map(([q, xs]) => ({ q, p99: p99(xs), n: xs.length })).sort((a, b) => b.p99 - a.p99).slice(0, 8);
  console.log('  slowest keystroke queries (p99):');
  for (const s of slowest) { console.log(`    ${JSON.stringify(s.q).padEnd(36)} p99 ${s.p99.toFixed(1)} ms over ${s.n} calls`); }
}

async function main(): Promise<void> {
  const bench = await createBenchDatabase('vigil_bench_dx');
  const url = bench.url;
  let api: ApiProcess | null = null;
  try {
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    const loadStart = performance.now();
    await seedReferenceData(database.db);
    await ensureIcd10cmLoaded(database.db, 'full');
    const [codes] = await database.db.select({ n: count() }).from(icd10cmCodes);
    await database.pool!.query('vacuum analyze icd10cm_codes');
    console.log(`loaded the full ICD-10-CM list: ${codes!.n} codes in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    await database.db.insert(users).values({
      roleId: Role.SYSTEM_ADMIN,
      firstName: 'Bench',
      lastName: 'Doctor',
      username: 'benchdoctor',
      email: 'benchdoctor@example.test',
      passwordHash: await hashPassword(PASSWORD),
    });
    await database.close();

    // Twice: the search as each keystroke reads the database (no answer cache), then as the API
    // runs by default, with the per-process answer cache (VIGIL_REFERENCE_SEARCH_CACHE).
    for (const cache of ['0', '']) {
      if (cache) { process.env.VIGIL_REFERENCE_SEARCH_CACHE = cache; }
      else { delete process.env.VIGIL_REFERENCE_SEARCH_CACHE; }
      api = await ApiProcess.start(url);
      console.log(cache === '0' ? '\n== without the search cache (every keystroke reads the database) ==' : '\n== as the API runs by default (answers cached per process and release) ==');
      await measure(api);
      await api.stop();
      api = null;
    }
  } finally {
    await api?.stop();
    await bench.drop();
    agent.destroy();
  }
}

await main();
