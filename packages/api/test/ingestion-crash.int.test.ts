/**
 * The crash test of ingestion (README "Remote monitoring", "Exactly once"): the API runs as a CHILD
 * PROCESS on PostgreSQL (a fresh database on TEST_DATABASE_URL's server) while hub clients post
 * readings with retries (a client re-sends on any network error until the server acknowledges);
 * meanwhile the process is killed with SIGKILL several times and started again. Afterwards every
 * acknowledged reading is stored exactly once (counted by identity), acknowledged ids are the
 * stored rows' ids, and nothing is duplicated. Skipped only without TEST_DATABASE_URL (CI sets it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config/index';
import { freePort, prepareProcessDatabase } from './fixtures/process-database';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const KILLS = 4;
const WORKERS = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long one start of the API child may take before the test gives up. */
const START_WAIT_MS = 90_000;

/** The API as a child process on `databaseUrl`; `start` resolves once it answers. */
function apiProcess(databaseUrl: string, port: number, dataDir: string) {
  let child: ChildProcess | null = null;
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', VIGIL_SEED_DEMO: 'false', LOG_LEVEL: 'error', VIGIL_DATA_DIR: dataDir, VIGIL_JOBS_ENABLED: 'false' };
  delete env.REDIS_URL;
  delete env.TEST_DATABASE_URL;
  return {
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'packages/api/src/server.ts')], { cwd: repoRoot, env, stdio: 'ignore' });
      // Generous: a start transpiles the server with tsx, which takes far longer on a loaded machine.
      const until = Date.now() + START_WAIT_MS;
      while (Date.now() < until) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/openapi.json`, { signal: AbortSignal.timeout(1000) });
          if (res.ok) { return; }
        } catch {
          // not listening yet
        }
        await sleep(100);
      }
      throw new Error(`the API did not start within ${START_WAIT_MS / 1000} s`);
    },
    kill() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) { return Promise.resolve(); }
      return new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
  };
}

interface Reading {
  deviceIdentifier: string;
  deviceType: 'BLOOD_PRESSURE';
  measuredAt: string;
  values: { code: string; value: number; unit: string }[];
}

describe('ingestion survives SIGKILL of the API process', () => {
  it.skipIf(!TEST_DATABASE_URL)(
    TEST_DATABASE_URL
      ? 'stores every acknowledged reading exactly once while the API is killed 4 times mid-stream'
      : 'stores every acknowledged reading exactly once under SIGKILL (NOT RUN: needs TEST_DATABASE_URL, a PostgreSQL server)',
    async () => {
      const prepared = await prepareProcessDatabase('crash');
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-crash-'));
      const api = apiProcess(prepared.url, port, dataDir);
      const url = `http://127.0.0.1:${port}/api/medicaldevicesdata`;
      const base = Date.now() - 3 * 86_400_000;
      let next = 0;
      const newReading = (): Reading => {
        const i = next++;
        return {
          deviceIdentifier: prepared.deviceIdentifier,
          deviceType: 'BLOOD_PRESSURE',
          // Distinct instants one second apart, written at New York's offset.
          measuredAt: new Date(base + i * 1000 - 5 * 3_600_000).toISOString().replace('Z', '-05:00'),
          values: [
            { code: '8480-6', value: 110 + (i % 60), unit: 'mm[Hg]' },
            { code: '8462-4', value: 70 + (i % 20), unit: 'mm[Hg]' },
          ],
        };
      };
      const acked = new Map<string, { id: number; status: string }[]>();
      let retries = 0;
      let killsLeft = KILLS;

      /** Posts until the server acknowledges (HTTP 200), re-sending on every network error or 5xx. */
      async function deliver(readings: Reading[]) {
        for (;;) {
          try {
            const res = await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', hubtoken: prepared.hubToken },
              body: JSON.stringify({ readings }),
              signal: AbortSignal.timeout(10_000),
            });
            if (res.status === 200) {
              const { data } = (await res.json()) as { data: { results: { index: number; status: string; measurementId: number }[] } };
              for (const r of data.results) {
                const key = readings[r.index]!.measuredAt;
                acked.set(key, [...(acked.get(key) ?? []), { id: r.measurementId, status: r.status }]);
              }
              return;
            }
            retries++;
          } catch {
            retries++;
          }
          await sleep(50);
        }
      }

      async function worker(w: number) {
        let n = 0;
        while (killsLeft > 0 || n < 20) {
          n++;
          const batch = Array.from({ length: 1 + ((w + n) % 4) }, newReading);
          // Now and then a reading already delivered is sent again with new ones (at-least-once delivery).
          if (n % 7 === 0 && acked.size > 0) {
            const old = [...acked.keys()][Math.floor(Math.random() * acked.size)]!;
            batch.push({ ...newReading(), measuredAt: old });
            next--; // the generated instant was not used
          }
          await deliver(batch);
        }
      }

      async function killer() {
        while (killsLeft > 0) {
          await sleep(400 + Math.random() * 400);
          await api.kill();
          killsLeft--;
          await sleep(100);
          await api.start();
        }
      }

      try {
        await api.start();
        await Promise.all([killer(), ...Array.from({ length: WORKERS }, (_, w) => worker(w))]);
        await api.kill();

        const c = new pg.Client({ connectionString: prepared.url });
        await c.connect();
        try {
          const rows = (await c.query<{ id: string; measured_at: Date }>('select id, measured_at from measurements')).rows;
          const perIdentity = await c.query<{ n: string }>(
            'select count(*) as n from measurements group by hub_key, device_key, device_type, measured_at having count(*) > 1',
          );
          expect(perIdentity.rows).toEqual([]);
          console.log(`crash test: ${acked.size} readings acknowledged (${[...acked.values()].flat().length} acknowledgements), ${retries} re-sends across ${KILLS} kills`);
          expect(retries).toBeGreaterThan(0); // the kills did hit requests in flight
          expect(acked.size).toBeGreaterThan(100);
          // Every acknowledged reading is stored exactly once, under the id every acknowledgement gave.
          const byInstant = new Map(rows.map((r) => [r.measured_at.getTime(), Number(r.id)]));
          expect(rows.length).toBe(acked.size);
          for (const [measuredAt, answers] of acked) {
            const id = byInstant.get(Date.parse(measuredAt));
            expect(id, measuredAt).toBeDefined();
            for (const a of answers) { expect(a.id).toBe(id); }
          }
        } finally {
          await c.end();
        }
      } finally {
        await api.kill();
        await prepared.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // Five starts of START_WAIT_MS at most, on a loaded machine.
    6 * START_WAIT_MS,
  );
});
