/**
 * Page benchmark (docs/benchmarks.md, "Pages"): Chromium (playwright-core, /usr/bin/chromium)
 * over the login page, dashboard, worklist (/monitoring), patient list and patient page, cold
 * (a fresh browser context: empty cache) and warm (the patient page reached from the patient list
 * inside the app). For each page it prints the time to content (navigation start until the page's
 * main content is visible), the API calls made before that moment, the requests and the bytes
 * transferred (compressed bodies plus headers, as Chromium counts them). Baseline in the same run:
 * a trivial static file (/favicon.svg) loaded the same way; each time is also printed as a ratio
 * to it. Prints figures; asserts nothing.
 *
 * The server is the built bundle (`npm run build` first) with the demo data on a fresh embedded
 * database, as the browser journeys run it.
 * Usage: npm run bench:pages   (BENCH_PAGES_PORT, default 8297; VIGIL_CHROMIUM, default /usr/bin/chromium)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from '../packages/api/src/config/index';

const port = Number(process.env.BENCH_PAGES_PORT ?? 8297);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'VigilDemo#2026';
const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 3);

async function startServer() {
  const server = path.join(repoRoot, 'packages/api/dist/server.mjs');
  if (!fs.existsSync(server)) { throw new Error('Build first: npm run build'); }
  const child = spawn(process.execPath, ['--max-old-space-size=512', server], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      VIGIL_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-pages-')),
      VIGIL_SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/country`)).ok) { break; }
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) { throw new Error('server did not start'); }
    await new Promise((r) => setTimeout(r, 500));
  }
  return child;
}

interface Traffic {
  requests: number;
  apiCalls: number;
  bytes: number;
}

/** Counts the page's finished requests, API calls and transferred bytes from now on; `apiBefore(t)` the API calls started before `t`. */
function watch(page: Page) {
  const t: Traffic = { requests: 0, apiCalls: 0, bytes: 0 };
  const apiStarts: { at: number; path: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/api/')) { apiStarts.push({ at: performance.now(), path }); }
  });
  page.on('requestfinished', (req) => {
    pending.push(
      req.sizes().then(
        (s) => {
          t.requests += 1;
          if (new URL(req.url()).pathname.startsWith('/api/')) { t.apiCalls += 1; }
          t.bytes += s.responseBodySize + s.responseHeadersSize;
        },
        // A request that finishes as its context closes (an idle prefetch) has no sizes left to read.
        () => undefined,
      ),
    );
  });
  return {
    traffic: async () => {
      await Promise.all(pending);
      return t;
    },
    apiBefore: (at: number) => apiStarts.filter((s) => s.at <= at).map((s) => s.path),
  };
}

async function signIn(page: Page) {
  await page.goto(`${base}/auth/login`);
  await page.locator('input[autocomplete=username]').fill('doctor');
  await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.locator('main h1').first().waitFor();
}

interface Sample {
  /** From `page.goto` (or the click) here until the content was seen from here. */
  ms: number;
  /** The page's own time to content: navigation start (or the click) to the content mark; null without a mark. */
  pageMs: number | null;
  apiBeforeContent: number;
  traffic: Traffic;
}

/**
 * Installed in every document of a context: notes (page clock, milliseconds since the document's
 * navigation started) the first moment an element matching `selector` is in the DOM (for the
 * patient page: its latest readings answered, the card no longer aria-busy), so that the time to
 * content is the page's own, without the delay of polling from here or of Playwright's navigation
 * handshake, and the API calls before it are counted exactly.
 */
const contentMark = (selector: string) => `(() => {
  performance.setResourceTimingBufferSize(5000);
  const check = () => {
    if (window.__vigilContentAt === undefined && document.querySelector(${JSON.stringify(selector)})) window.__vigilContentAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
  check();
})();`;
const READINGS = '[data-testid=latest-readings]:not([aria-busy])';

/** The page clock's content mark, or null when the page has none. */
async function contentAt(page: Page): Promise<number | null> {
  return page.evaluate(() => (globalThis as unknown as { __vigilContentAt?: number }).__vigilContentAt ?? null).catch(() => null);
}

/** The /api/ paths the page started between `from` and the content mark (page clock), or null without a mark. */
async function apiBeforeMark(page: Page, from: number): Promise<string[] | null> {
  return page.evaluate((since) => {
    const at = (globalThis as unknown as { __vigilContentAt?: number }).__vigilContentAt;
    if (at === undefined) { return null; }
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime >= since && e.startTime <= at && new URL(e.name).pathname.startsWith('/api/'))
      .map((e) => new URL(e.name).pathname);
  }, from);
}

/** Opens `url` in `page` and waits for `content`; the traffic counted until the network is quiet. */
async function measure(page: Page, open: () => Promise<unknown>, content: (p: Page) => Promise<unknown>, sameDocument = false): Promise<Sample> {
  const w = watch(page);
  const from = sameDocument ? await page.evaluate(() => performance.now()) : 0;
  const start = performance.now();
  await open();
  await content(page);
  const end = performance.now();
  const at = await contentAt(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // The page's own mark where there is one (the patient page), else the calls started before this process saw the content.
  const before = (await apiBeforeMark(page, from)) ?? w.apiBefore(end);
  if (process.env.BENCH_PAGES_VERBOSE) { console.error(`    API before content: ${before.join(' ')}`); }
  return { ms: end - start, pageMs: at === null ? null : at - from, apiBeforeContent: before.length, traffic: await w.traffic() };
}

const h1 = (p: Page) => p.locator('main h1').first().waitFor();
const firstRow = (p: Page) => p.locator('main tbody tr').first().waitFor();
/** The patient page's content: its latest readings answered (the card no longer aria-busy). */
const readings = (p: Page) => p.locator(READINGS).waitFor();

async function coldContext(browser: Browser, selector = READINGS): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  await context.addCookies([{ name: 'vigil_lang', value: 'en', url: base }]);
  await context.addInitScript(contentMark(selector));
  return { context, page: await context.newPage() };
}

async function patientId(page: Page): Promise<string> {
  await page.goto(`${base}/patients`);
  await page.locator('main tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('main tbody tr').first().click();
  await page.waitForURL(/\/patientdetails\/\d+/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const child = await startServer();
  console.error(`server up on ${base}`);
  // The server is this run's child: it goes when the run ends, however it ends.
  process.on('exit', () => child.kill('SIGTERM'));
  for (const sig of ['SIGINT', 'SIGTERM'] as const) { process.on(sig, () => process.exit(130)); }
  const browser = await chromium.launch({
    executablePath: process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  const results = new Map<string, Sample[]>();
  const add = (name: string, s: Sample) => {
    console.error(`  ${name}: ${s.ms.toFixed(0)} ms`);
    results.set(name, [...(results.get(name) ?? []), s]);
  };
  try {
    for (let run = 0; run < RUNS; run++) {
      // Baseline: a trivial static file, cold.
      {
        const { context, page } = await coldContext(browser, 'svg');
        add('baseline /favicon.svg', await measure(page, () => page.goto(`${base}/favicon.svg`), (p) => p.locator('svg').first().waitFor()));
        await context.close();
      }
      // Login page, cold.
      {
        const { context, page } = await coldContext(browser, 'input[autocomplete=username]');
        add('login page (cold)', await measure(page, () => page.goto(`${base}/auth/login`), (p) => p.locator('input[autocomplete=username]').waitFor()));
        await context.close();
      }
      // Signed-in pages: each a full load (new document) with the session, cache warmed by sign-in only.
      const { context, page } = await coldContext(browser);
      await signIn(page);
      const id = await patientId(page);
      await context.close();
      const pages: [string, string, (p: Page) => Promise<unknown>, string][] = [
        ['dashboard (cold)', '/dashboard', h1, 'main h1'],
        ['worklist /monitoring (cold)', '/monitoring', h1, 'main h1'],
        ['patient list (cold)', '/patients', firstRow, 'main tbody tr'],
        [`patient page (cold)`, `/patientdetails/${id}`, readings, READINGS],
      ];
      for (const [name, url, content, selector] of pages) {
        const fresh = await coldContext(browser);
        await signIn(fresh.page);
        // A cold load: a new context keeps the session in storage but starts with an empty HTTP cache.
        const state = await fresh.context.storageState();
        await fresh.context.close();
        const cold = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US', storageState: state });
        await cold.addInitScript(contentMark(selector));
        const p = await cold.newPage();
        add(name, await measure(p, () => p.goto(`${base}${url}`), content));
        await cold.close();
      }
      // Warm: from the patient list to the patient page inside the app.
      {
        const { context: c, page: p } = await coldContext(browser);
        await signIn(p);
        await p.goto(`${base}/patients`);
        const row = p.locator('main tbody tr').first();
        await row.waitFor();
        await p.waitForLoadState('networkidle');
        add('patient page (warm, from the list)', await measure(p, () => row.click(), readings, true));
        await c.close();
      }
    }
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
  const baseline = median(results.get('baseline /favicon.svg')!.map((s) => s.ms));
  const pageMs = (samples: Sample[]) => (samples.every((s) => s.pageMs !== null) ? median(samples.map((s) => s.pageMs!)) : null);
  const pageBaseline = pageMs(results.get('baseline /favicon.svg')!);
  console.log(`\nPages in Chromium, median of ${RUNS} runs. "page ms": the page's own time to content (navigation start, or the click, to the content in the DOM; page clock); "seen ms": from page.goto (or the click) here until this process saw it, Playwright's handshake and polling included; API calls started before content; requests and bytes until the network is quiet`);
  console.log('page'.padEnd(38) + 'page ms'.padStart(9) + ' x base'.padStart(8) + 'seen ms'.padStart(9) + ' x base'.padStart(8) + 'API<content'.padStart(12) + 'requests'.padStart(10) + 'KB'.padStart(9));
  for (const [name, samples] of results) {
    const ms = median(samples.map((s) => s.ms));
    const own = pageMs(samples);
    const api = median(samples.map((s) => s.apiBeforeContent));
    const req = median(samples.map((s) => s.traffic.requests));
    const kb = median(samples.map((s) => s.traffic.bytes)) / 1024;
    const ownText = own === null ? '-' : own.toFixed(0);
    const ownRatio = own === null || !pageBaseline ? '-' : (own / pageBaseline).toFixed(1);
    console.log(name.padEnd(38) + ownText.padStart(9) + ownRatio.padStart(8) + ms.toFixed(0).padStart(9) + (ms / baseline).toFixed(1).padStart(8) + String(api).padStart(12) + String(req).padStart(10) + kb.toFixed(1).padStart(9));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
