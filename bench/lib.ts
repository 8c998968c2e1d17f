/**
 * The benchmarks' shared helpers (docs/benchmarks.md): the keep-alive HTTP client, load generation
 * (closed loops of callers, paced or back to back), percentiles and the latency lines they print,
 * sign-in, and the throw-away benchmark database. Every bench/*.ts uses these, so that the figures
 * of two benchmarks are measured the same way.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import pg from 'pg';

// HTTP client (keep-alive) ----------------------------------------------------------------------

/** One keep-alive agent for every benchmark request (node:http: far less client CPU than fetch). */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export interface Answer {
  status: number;
  /** The body as text ('' when it was not kept). */
  text: string;
  /** The body's length in bytes (decoded, when `decode` decoded it). */
  bytes: number;
  /** The body's length in bytes as it came over the wire (before decoding). */
  wireBytes: number;
  /** The ETag header, if any. */
  etag?: string;
  /** The Content-Encoding header, if any. */
  encoding?: string;
}

/** Accept-Encoding as Chromium sends it (Chromium 123 onwards; Playwright's Chromium too). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * One request to the API on 127.0.0.1:`port` over the keep-alive agent; `body` is sent as JSON.
 * With `keepBody` false the body is read to its end and counted but not kept or decoded (the timed
 * read phases: a browser on another machine would pay for decoding, not this machine); a body that
 * is not a 200 is always kept (for the error message). With `decode` a gzip, deflate or brotli body
 * is decoded (node:zlib's thread pool, as a browser decodes off its main thread) and the answer
 * comes when it is decoded: the time includes the decoding.
 */
export function request(port: number, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string, keepBody = true, decode = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const allHeaders = body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: allHeaders }, (res) => {
      const chunks: Buffer[] = [];
      let wireBytes = 0;
      const encoding = res.headers['content-encoding'];
      const decoder = !decode ? null : encoding === 'br' ? zlib.brotliDecompress : encoding === 'gzip' ? zlib.gunzip : encoding === 'deflate' ? zlib.inflate : null;
      const keep = keepBody || (res.statusCode ?? 0) !== 200 || decoder !== null;
      res.on('data', (c: Buffer) => {
        wireBytes += c.length;
        if (keep) { chunks.push(c); }
      });
      const done = (body: Buffer | null, bytes: number) =>
        resolve({
          status: res.statusCode ?? 0,
          text: body && (keepBody || (res.statusCode ?? 0) !== 200) ? body.toString('utf8') : '',
          bytes,
          wireBytes,
          ...(res.headers.etag ? { etag: res.headers.etag } : {}),
          ...(encoding ? { encoding } : {}),
        });
      res.on('end', () => {
        const body = keep ? Buffer.concat(chunks) : null;
        if (!decoder || !body) { return done(body, wireBytes); }
        // The compressed body is small: decoded in one piece on node:zlib's thread pool once it is in.
        decoder(body, (error, decoded) => (error ? reject(error) : done(decoded, decoded.length)));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A GET whose 200 body is counted, not kept (see `request`); `decode`: decoded first, as a browser does. */
export const get = (port: number, path: string, headers: Record<string, string>, decode = false): Promise<Answer> => request(port, 'GET', path, headers, undefined, false, decode);

/** Signs `username` in through `POST auth/signinv3` and answers the session's guid (the SessionGuid header). */
export async function signIn(port: number, username: string, password: string): Promise<string> {
  const res = await request(port, 'POST', '/api/auth/signinv3', {}, JSON.stringify({ username, password }));
  if (res.status !== 200) { throw new Error(`sign-in of ${username}: ${res.status} ${res.text.slice(0, 200)}`); }
  return (JSON.parse(res.text) as { data: { session: { sessionGuid: string } } }).data.session.sessionGuid;
}

// Percentiles -----------------------------------------------------------------------------------

/** The `p`-th percentile (0-100, nearest rank below) of ascending `sorted` milliseconds; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) { return NaN; }
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** An ascending copy. */
export const ascending = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

/** p50, p95, p99 and max of unsorted milliseconds. */
export function stats(xs: number[]): { n: number; p50: number; p95: number; p99: number; max: number } {
  const s = ascending(xs);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s[s.length - 1] ?? NaN };
}

/** The p99 of unsorted milliseconds. */
export const p99 = (xs: number[]): number => stats(xs).p99;

/** The median of unsorted numbers. */
export const median = (xs: number[]): number => percentile(ascending(xs), 50);

/** Milliseconds with one decimal: "12.3 ms". */
export const ms = (v: number): string => `${v.toFixed(1)} ms`;

/**
 * "p50 …, p95 …, p99 …, max …" of unsorted milliseconds; `n` puts the count first, `p95: false`
 * leaves p95 out.
 */
export function latencyLine(xs: number[], options: { n?: boolean; p95?: boolean } = {}): string {
  const s = stats(xs);
  return `${options.n ? `n ${s.n}, ` : ''}p50 ${ms(s.p50)}, ${options.p95 === false ? '' : `p95 ${ms(s.p95)}, `}p99 ${ms(s.p99)}, max ${ms(s.max)}`;
}

// Load generation -------------------------------------------------------------------------------

/**
 * Runs `callers` loops at once until `seconds` pass (or each did `maxIterations`), each awaiting
 * `step(caller, iteration)` back to back. Answers the seconds it took.
 */
export async function closedLoop(callers: number, seconds: number, step: (caller: number, iteration: number) => Promise<void>, maxIterations = Infinity): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, c) => {
      for (let i = 0; i < maxIterations && performance.now() < deadline; i++) { await step(c, i); }
    }),
  );
  return (performance.now() - t0) / 1000;
}

/** Runs `n` tasks with `concurrency` of them in flight (a work queue); answers the seconds taken. */
export async function workQueue(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) { await task(i); }
    }),
  );
  return (performance.now() - start) / 1000;
}

export interface GetLoad {
  /** Each request's milliseconds, in the order they finished. */
  latencies: number[];
  /** Answers other than `expect`. */
  errors: number;
  /** The last answer's size in bytes (decoded when `decode`). */
  bytes: number;
  /** The last answer's size in bytes on the wire. */
  wireBytes: number;
  /** Requests per second. */
  rate: number;
}

/**
 * `callers` users for `seconds`, each GETting `path` (or `path(caller, i)`) with `headers` and
 * waiting for the answer. With `paceMs` the next request goes `paceMs` after the previous one was
 * sent (at once when the answer took longer), as keystrokes do; without it, back to back (the
 * capacity). `onSample` sees every request's path and milliseconds. An answer other than `expect`
 * (default 200) counts as an error. `decode`: a compressed body is decoded within the time (send
 * Accept-Encoding in `headers`, e.g. `BROWSER_ACCEPT_ENCODING`).
 */
export async function loadGet(
  port: number,
  path: string | ((caller: number, i: number) => string),
  headers: Record<string, string> | ((caller: number) => Record<string, string>),
  seconds: number,
  options: { callers: number; paceMs?: number; expect?: number; decode?: boolean; onSample?: (path: string, ms: number) => void },
): Promise<GetLoad> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let wireBytes = 0;
  const t0 = performance.now();
  await closedLoop(options.callers, seconds, async (caller, i) => {
    const p = typeof path === 'string' ? path : path(caller, i);
    const started = performance.now();
    const res = await get(port, p, typeof headers === 'function' ? headers(caller) : headers, options.decode);
    const took = performance.now() - started;
    if (options.paceMs && options.paceMs > took) { await new Promise((r) => setTimeout(r, options.paceMs! - took)); }
    if (res.status !== (options.expect ?? 200)) { errors++; }
    bytes = res.bytes;
    wireBytes = res.wireBytes;
    latencies.push(took);
    options.onSample?.(p, took);
  });
  return { latencies, errors, bytes, wireBytes, rate: latencies.length / ((performance.now() - t0) / 1000) };
}

// The benchmark database ------------------------------------------------------------------------

export interface BenchDatabase {
  /** The new database's URL. */
  url: string;
  /** Its name. */
  name: string;
  /** A client connected to the server's base database (for `drop database`, CPU figures, ...). */
  admin: pg.Client;
  /** Drops the database (kept when BENCH_KEEP_DB is set: its URL is printed) and ends `admin`. */
  drop(): Promise<void>;
}

/**
 * Creates a fresh database `<prefix>_<now>` on the server of BENCH_DATABASE_URL (else
 * DATABASE_URL, else `fallback`, default the local `test` database). The API migrates it on start.
 */
export async function createBenchDatabase(prefix: string, fallback = 'postgres://postgres@127.0.0.1:5432/test'): Promise<BenchDatabase> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? fallback;
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin,
    async drop() {
      if (process.env.BENCH_KEEP_DB) { console.log(`database kept: ${url.toString()}`); }
      else { await admin.query(`drop database if exists ${name} with (force)`); }
      await admin.end();
    },
  };
}
