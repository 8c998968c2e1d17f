#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and integration tests (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys in Debian's Chromium against a freshly
// started portal with the demo data.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (title, cmd, args, opts = {}) => {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });
  console.log(`=== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!fs.existsSync(path.join(root, 'node_modules/.package-lock.json'))) step('install', 'npm', ['ci', '--no-audit', '--no-fund']);

/**
 * Runs `lanes` side by side (one process per core; each lane's commands one after another), each
 * command (`[name, cmd, args, extraEnv?]`) with its output kept and printed whole when it ends;
 * exits on the first failure after all end.
 */
async function lanes(title, lanesOfCommands) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const run = ([name, cmd, args, env = {}]) =>
    new Promise((resolve) => {
      const t0 = Date.now();
      const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        process.stdout.write(`--- ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s ---\n${out}`);
        resolve(code === 0);
      });
    });
  const results = await Promise.all(
    lanesOfCommands.map(async (lane) => {
      let ok = true;
      for (const command of lane) ok = (await run(command)) && ok;
      return ok;
    }),
  );
  const ok = results.every(Boolean);
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (!ok) process.exit(1);
}

// Lint, typecheck and build, on two lanes. ESLint is one process and the longest job (type-aware
// rules and import/no-cycle over every file), so it has a lane to itself; the typechecks and then
// the web build and API bundle (which the journeys need, and which depends on neither) fill the
// other lane in about the same time. The `typecheck` script's five projects, with packages/api and
// bench in one program (tsconfig.api-bench.json): bench imports most of the API, so checking them
// apart checked the API twice. Figures: docs/architecture.md "Tests and CI".
const tsc = (project) => [`typecheck ${project}`, 'npx', ['tsc', '-p', project, '--noEmit']];
await lanes('lint, typecheck and build', [
  [['lint', 'npx', ['eslint', 'packages', 'bench']]],
  [tsc('packages/contract'), tsc('tsconfig.api-bench.json'), tsc('packages/web'), tsc('packages/e2e'), ['web build and API bundle', 'npm', ['run', 'build', '--silent']]],
]);
step('unit and integration tests', 'npx', ['vitest', 'run']);

// Date lanes: the suites whose answers depend on "today" (billing months, device periods and
// readiness, monitoring-plan schedules, survey recurrence, the office's calendar) again with the
// clock pinned (VIGIL_TEST_NOW, packages/api/test/clock.ts) where calendars go wrong: the last
// evening of a month in New York (already the 1st in UTC), the first hour of a year, and the days
// US clocks change. The full run above uses the machine's day. VIGIL_DATE_LANES=0 skips them.
const dateSuites = [
  'packages/api/src/features/billing/engine',
  'packages/api/src/features/billing/billing-generation.int.test.ts',
  'packages/api/src/features/billing/billing-exports.int.test.ts',
  'packages/api/src/features/billing/generation.int.test.ts',
  'packages/api/src/features/billing/demo.int.test.ts',
  'packages/api/src/features/treatment-plans',
  'packages/api/src/features/surveys/recurrence.test.ts',
  'packages/api/src/features/surveys/surveys.int.test.ts',
  'packages/api/src/lib/office-calendar.test.ts',
];
const dateInstants = [
  ['last evening of a month in New York', '2026-12-01T03:30:00Z'],
  ['first hour of a year in New York', '2027-01-01T05:30:00Z'],
  ['US daylight-saving start day', '2027-03-14T15:00:00Z'],
  ['US daylight-saving end day', '2027-11-07T12:00:00Z'],
];
// The lanes run on the embedded database (TEST_DATABASE_URL cleared): PGlite reads the same pinned
// clock, so a column's SQL default (created_at) and an instant the API writes agree; a PostgreSQL
// server keeps its own clock.
if (process.env.VIGIL_DATE_LANES !== '0') {
  for (const [name, at] of dateInstants) step(`date lane: ${name} (${at})`, 'npx', ['vitest', 'run', ...dateSuites], { env: { ...process.env, VIGIL_TEST_NOW: at, TEST_DATABASE_URL: '' } });
}

const chromium = process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium';
// The journeys in VIGIL_E2E_SHARDS shards side by side (default 2, one per core), each shard a
// Playwright process with its own portal (port 8181, 8191, …; its own embedded database with the
// demo data), so that no journey sees another shard's writes. Playwright splits by file.
const shards = Math.max(1, Number(process.env.VIGIL_E2E_SHARDS ?? 2) || 1);
if (fs.existsSync(chromium)) {
  const config = ['playwright', 'test', '--config', 'packages/e2e/playwright.config.ts'];
  if (shards === 1) step('browser journeys (Chromium)', 'npx', config);
  else {
    const basePort = Number(process.env.E2E_PORT ?? 8181);
    await lanes(
      `browser journeys (Chromium), ${shards} shards`,
      Array.from({ length: shards }, (_, i) => [[`journeys shard ${i + 1}/${shards}`, 'npx', [...config, `--shard=${i + 1}/${shards}`], { E2E_PORT: String(basePort + 10 * i), ...(process.env.E2E_DATA_DIR ? { E2E_DATA_DIR: `${process.env.E2E_DATA_DIR}-${i + 1}` } : {}) }]]),
    );
  }
} else {
  console.log(`\n!!! Browser journeys NOT run: no Chromium at ${chromium}. Install Debian's chromium (apt-get install chromium) or set VIGIL_CHROMIUM; CI always runs them.`);
}
