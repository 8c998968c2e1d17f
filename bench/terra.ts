/**
 * Terra webhook ingestion (docs/integrations.md "Benchmark"). Prints figures; asserts nothing.
 *
 * In one run, on a fresh PostgreSQL database, the SAME number of blood-pressure readings (each with
 * its pulse) goes in three ways, each at BENCH_CONCURRENCY (default 8) requests in flight:
 *  1. Terra: signed `body` events of 100 samples each posted to POST /api/terra/eventhandler; the
 *     clock stops when every event has been processed by its job (stored, verified, deduplicated,
 *     graded, ingested): events/s and readings/s;
 *  2. hub ingestion: the same readings as batches of 100 posted to POST /api/medicaldevicesdata
 *     with a hub credential (the path every hub uses): batches/s and readings/s;
 *  3. baseline: plain multi-row INSERTs of the same rows (100 per statement) into `measurements`.
 * Each figure is printed with its ratio to hub ingestion and to the baseline.
 *
 * Requests go through fastify's inject (no sockets), so the figures compare the server's own work.
 * Usage: npm run bench:terra   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * BENCH_EVENTS, default 200; BENCH_KEEP_DB=1 keeps the database)
 */
import { Role } from '@vigil/contract';
import { buildApp } from '../packages/api/src/app';
import { loadTestConfig } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
import { issueHubCredential } from '../packages/api/src/features/devices/hub-credentials';
import { signTerraPayload } from '../packages/api/src/lib/terra-auth';
import { createBenchDatabase, workQueue } from './lib';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const SAMPLES = 100;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECRET = 'bench-terra-secret';

const bench = await createBenchDatabase('vigil_bench_terra');
const { url, name } = bench;
const database = await openDatabase({ databaseUrl: url, poolSize: 20 });
const { app, ctx } = await buildApp(
  loadTestConfig({ validateResponses: false, terra: { apiUrl: 'http://127.0.0.1:9', signingSecret: SECRET, timeoutMs: 1000 } }),
  database,
);
await app.ready();
const q = (text: string, params: unknown[] = []) => database.pool!.query(text, params);

/** Runs `n` tasks with `CONCURRENCY` in flight; answers the seconds taken. */
const timed = (n: number, task: (i: number) => Promise<void>) => workQueue(n, CONCURRENCY, task);

/** Sample `s` of event `e`: one minute apart, from 2026-01-01, so no two readings share an instant. */
const instant = (e: number, s: number) => new Date(Date.UTC(2026, 0, 1) + (e * SAMPLES + s) * 60_000).toISOString();

try {
  const org = (await q(`insert into organizations (institution_name) values ('Bench Health') returning id`)).rows[0].id as number;
  const office = (await q(`insert into hospitals (organization_id, hospital_name, time_zone) values ($1, 'Bench Clinic', 'America/New_York') returning id`, [org])).rows[0].id as number;
  const patient = async (n: string) => {
    const id = (await q(`insert into users (role_id, organization_id, first_name, last_name, username) values (${Role.PATIENT}, $1, 'Bench', $2, $2) returning id`, [org, n])).rows[0].id as number;
    await q(`insert into user_hospitals (user_id, hospital_id) values ($1, $2)`, [id, office]);
    return id;
  };
  const terraPatient = await patient('benchterra');
  const hubPatient = await patient('benchhub');
  const basePatient = await patient('benchbase');
  await q(`insert into terra_connections (patient_id, hospital_id, reference_id, terra_user_id, status) values ($1, $2, 'bench-ref', 'bench-terra-user', 'connected')`, [terraPatient, office]);
  const hub = (await q(`insert into hubs (hub_identifier, hospital_id, assigned_to_user_id) values ('BENCH-HUB', $1, $2) returning id`, [office, hubPatient])).rows[0].id as number;
  await q(`insert into medical_devices (device_identifier, device_type, hospital_id, hub_id, patient_id) values ('BENCH-BP', 'BLOOD_PRESSURE', $1, $2, $3)`, [office, hub, hubPatient]);
  const token = await issueHubCredential(ctx, hub);

  // 1. Terra body events.
  const bodies = Array.from({ length: EVENTS }, (_, e) =>
    JSON.stringify({
      type: 'body',
      version: '2022-03-16',
      user: { user_id: 'bench-terra-user', provider: 'OMRON', active: true },
      data: [
        {
          metadata: { start_time: `${instant(e, 0)}#${e}`, end_time: instant(e, SAMPLES - 1) },
          blood_pressure_data: { blood_pressure_samples: Array.from({ length: SAMPLES }, (_, s) => ({ timestamp: instant(e, s), systolic_bp: 118 + (s % 30), diastolic_bp: 76 + (s % 10) })) },
          heart_data: { heart_rate_data: { detailed: { hr_samples: Array.from({ length: SAMPLES }, (_, s) => ({ timestamp: instant(e, s), bpm: 60 + (s % 25) })) } } },
        },
      ],
    }),
  );
  const terraSeconds = await timed(EVENTS, async (e) => {
    const res = await app.inject({ method: 'POST', url: '/api/terra/eventhandler', headers: { 'content-type': 'application/json', 'terra-signature': signTerraPayload(SECRET, bodies[e]!) }, payload: bodies[e]! });
    if (res.statusCode !== 200) { throw new Error(`terra event answered ${res.statusCode}: ${res.body}`); }
  });
  // The jobs run in this process (no queue in the bench config): wait until every event is processed.
  const start = performance.now() - terraSeconds * 1000;
  for (;;) {
    const left = Number((await q(`select count(*) from terra_events where status = 'received'`)).rows[0].count);
    if (left === 0) { break; }
    await new Promise((r) => setTimeout(r, 20));
  }
  const terraTotal = (performance.now() - start) / 1000;
  const terraStored = Number((await q(`select count(*) from measurements where patient_id = $1 and source = 'terra'`, [terraPatient])).rows[0].count);

  // 2. Hub ingestion of the same readings.
  const batches = Array.from({ length: EVENTS }, (_, e) =>
    JSON.stringify({
      readings: Array.from({ length: SAMPLES }, (_, s) => ({
        deviceIdentifier: 'BENCH-BP',
        deviceType: 'BLOOD_PRESSURE',
        measuredAt: instant(e, s),
        values: [
          { code: '8480-6', value: 118 + (s % 30), unit: 'mm[Hg]' },
          { code: '8462-4', value: 76 + (s % 10), unit: 'mm[Hg]' },
          { code: '8867-4', value: 60 + (s % 25), unit: '/min' },
        ],
      })),
    }),
  );
  const hubSeconds = await timed(EVENTS, async (e) => {
    const res = await app.inject({ method: 'POST', url: '/api/medicaldevicesdata', headers: { 'content-type': 'application/json', hubtoken: token }, payload: batches[e]! });
    if (res.statusCode !== 200) { throw new Error(`hub batch answered ${res.statusCode}`); }
  });
  const hubStored = Number((await q(`select count(*) from measurements where patient_id = $1`, [hubPatient])).rows[0].count);

  // 3. Baseline: plain INSERTs of the same rows.
  const baseSeconds = await timed(EVENTS, async (e) => {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let s = 0; s < SAMPLES; s++) {
      const p = values.length;
      rows.push(`($${p + 1}, $${p + 2}, 0, $${p + 3}, 'BLOOD_PRESSURE', $${p + 4}, $${p + 5}, 'hub')`);
      values.push(basePatient, office, basePatient, instant(e, s), JSON.stringify({ '8480-6': 118 + (s % 30), '8462-4': 76 + (s % 10), '8867-4': 60 + (s % 25) }));
    }
    await q(`insert into measurements (patient_id, hospital_id, hub_key, device_key, device_type, measured_at, values_json, source) values ${rows.join(', ')}`, values);
  });

  const readings = EVENTS * SAMPLES;
  const perSec = (n: number, s: number) => (n / s).toFixed(0);
  const hubRate = readings / hubSeconds;
  const baseRate = readings / baseSeconds;
  const terraRate = readings / terraTotal;
  console.log(`Terra body events: ${EVENTS} events x ${SAMPLES} samples (${readings} readings), concurrency ${CONCURRENCY}, PostgreSQL ${name}`);
  console.log(`  terra/eventhandler answered all in ${terraSeconds.toFixed(2)} s (${perSec(EVENTS, terraSeconds)} events/s acknowledged)`);
  console.log(
    `  processed (stored readings: ${terraStored}) in ${terraTotal.toFixed(2)} s: ${perSec(EVENTS, terraTotal)} events/s, ${terraRate.toFixed(0)} readings/s; ratio to hub ingestion ${(terraRate / hubRate).toFixed(2)}, to plain INSERTs ${(terraRate / baseRate).toFixed(2)}`,
  );
  console.log(`Hub ingestion of the same readings (batches of ${SAMPLES}, stored: ${hubStored}): ${hubSeconds.toFixed(2)} s, ${hubRate.toFixed(0)} readings/s; ratio to plain INSERTs ${(hubRate / baseRate).toFixed(2)}`);
  console.log(`Baseline, plain INSERTs of ${SAMPLES} rows: ${baseSeconds.toFixed(2)} s, ${baseRate.toFixed(0)} readings/s`);
} finally {
  await app.close();
  await database.close();
  await bench.drop();
}
