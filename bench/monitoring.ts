/**
 * Remote-monitoring benchmarks (docs/benchmarks.md). Prints figures; asserts nothing.
 *
 *  (a) Ingestion (POST /api/medicaldevicesdata, header HubToken) of SINGLE readings by 32
 *      concurrent hubs, each posting sequentially: readings/s and p50/p99 latency, beside plain
 *      single-row INSERTs of the same rows into the same `measurements` table by 32 concurrent pg
 *      clients in the same run, and their ratio (targets: >= 2,000 readings/s, p99 < 50 ms, ratio
 *      >= 0.5); then batches of 100 readings per request (target >= 20,000 readings/s).
 *  (b) Reading commit to socket message: a care-team nurse's WebSocket on /api/ws; abnormal readings
 *      posted one at a time (target p99 < 250 ms).
 *  (c) The data of /patientdetails/{id} for a patient with 90 days of 4 readings a day in a database
 *      of 10,000 patients (600k background readings), 20 concurrent callers: the series call alone
 *      and the page's three calls together (target p99 < 50 ms), and the API process's memory
 *      sampled during the load (target RSS < 300 MB).
 *
 * Set-up: the API runs in a CHILD PROCESS (bench/api-child.ts, bundled and started as `npm start`
 * runs the server: bench/api-process.ts), built with buildApp(loadTestConfig({ validateResponses:
 * false }), database) (logs off, no scheduled jobs, in-process real-time bus; BENCH_REDIS_URL puts
 * the bus on Redis) and listening on a local port, so that its memory and CPU are its own. The load client runs in THIS process:
 * node:http with a keep-alive Agent (one socket per concurrent caller, reused). The undici package
 * (whose Agent Node's fetch uses) is not a dependency of the repository; node:http keep-alive is the
 * lighter client anyway. The plain INSERTs run from this process too (pg.Pool of 32).
 * CPU is printed per phase (API process, this process, the bench database's PostgreSQL backends,
 * the whole machine) as shares of a core and per reading or request, with the load average: the
 * machine has 2 cores and may be shared, so each phase also prints the CPU-bound ceiling its cost
 * per operation allows on idle cores (an estimate). The API process runs with --expose-gc: its
 * memory is also read after a full collection (what it holds, not what it has yet to collect).
 *
 * Usage: npm run bench:monitoring   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * BENCH_SECONDS sets the length of the timed phases, default 8; BENCH_CPU_PROF=<dir> profiles the API process;
 * BENCH_KEEP_DB=1 keeps the database for a look afterwards)
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import WebSocket from 'ws';
import { Role, type PatientSeries } from '@vigil/contract';
import { openDatabase } from '../packages/api/src/db/client';
import {
  hospitals,
  hubs,
  medicalDevices,
  medicalTeamMembers,
  medicalTeams,
  organizations,
  patientMetadata,
  treatmentPlanDevices,
  treatmentPlans,
  userHospitals,
  users,
} from '../packages/api/src/db/schema/index';
import { localIso } from '../packages/api/src/features/measurements/time';
import { hashPassword } from '../packages/api/src/lib/crypto';
import { API_POOL_SIZE, ApiProcess } from './api-process';
import { agent, closedLoop, createBenchDatabase, latencyLine, ms, percentile, request } from './lib';

const DAY_MS = 86_400_000;
const PASSWORD = 'Bench#Password1';
const HUBS = 32;
const BATCH = 100;
const CALLERS = 20;
const PATIENTS = 10_000;
const OFFICES = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SOCKET_READINGS = 200;
const OFFSET = '-05:00';

// Measuring -------------------------------------------------------------------------------------

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const int = (v: number) => Math.round(v).toLocaleString('en-US');
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ');

/** CPU seconds (user + system) of each process, from /proc (Linux); processes that are gone are left out. */
function procCpuSeconds(pids: number[]): Map<number, number> {
  const tick = 100; // USER_HZ on Linux
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / tick); // utime, stime
    } catch {
      // gone, or no /proc
    }
  }
  return out;
}

/** The machine's busy and total CPU time (all cores), from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    const total = v.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** CPU seconds used during a phase by the API process, this process (the client), the bench database's PostgreSQL backends. */
interface PhaseCpu {
  seconds: number;
  api: number;
  client: number;
  postgres: number;
  /** the whole machine's busy share, in cores */
  machineCores: number;
  loadBefore: string;
  loadAfter: string;
}

/**
 * Starts measuring a phase's CPU: the API process, this process, the PostgreSQL backends connected
 * to the bench database (a backend that ends during the phase is not counted: an undercount), and
 * the whole machine. The returned function ends the phase.
 */
async function cpuMeter(api: ApiProcess, admin: pg.Client, dbName: string): Promise<() => Promise<PhaseCpu>> {
  const backends = async () => (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid);
  const pg0 = procCpuSeconds(await backends());
  const t0 = performance.now();
  const api0 = (await api.memory()).cpuMicros;
  const self0 = process.cpuUsage();
  const m0 = machineCpu();
  const loadBefore = load();
  return async () => {
    const seconds = (performance.now() - t0) / 1000;
    const apiCpu = ((await api.memory()).cpuMicros - api0) / 1e6;
    const self = process.cpuUsage(self0);
    const m1 = machineCpu();
    let postgres = 0;
    for (const [pid, cpu] of procCpuSeconds(await backends())) { postgres += cpu - (pg0.get(pid) ?? 0); }
    return {
      seconds,
      api: apiCpu,
      client: (self.user + self.system) / 1e6,
      postgres,
      machineCores: m1.total > m0.total ? ((m1.busy - m0.busy) / (m1.total - m0.total)) * os.cpus().length : NaN,
      loadBefore,
      loadAfter: load(),
    };
  };
}

/** A phase's CPU as shares of one core, and per operation (milliseconds of CPU per reading or request). */
function cpuLine(c: PhaseCpu, operations: number, unit: string): string {
  const pct = (cpuSeconds: number) => `${((cpuSeconds / c.seconds) * 100).toFixed(0)}%`;
  const per = (cpuSeconds: number) => `${((cpuSeconds * 1000) / operations).toFixed(2)}`;
  return (
    `      CPU: API ${pct(c.api)} of a core, client ${pct(c.client)}, PostgreSQL backends ${pct(c.postgres)}; whole machine busy ${(c.machineCores * 100).toFixed(0)}% of ${os.cpus().length * 100}%, ` +
    `load average ${c.loadBefore} -> ${c.loadAfter}\n` +
    `      CPU per ${unit}: API ${per(c.api)} ms, PostgreSQL ${per(c.postgres)} ms, client ${per(c.client)} ms`
  );
}

/**
 * What a phase's CPU cost per operation allows on a machine of our own (an estimate, for a shared
 * machine): one single-threaded API process and PostgreSQL sharing the cores.
 */
function ceilingPerSecond(c: PhaseCpu, operations: number): number {
  const apiMs = (c.api * 1000) / operations;
  const pgMs = (c.postgres * 1000) / operations;
  return Math.min(1000 / apiMs, (os.cpus().length * 1000) / (apiMs + pgMs));
}

/** Samples the API process's memory every `everyMs` until stopped; returns the maxima. */
function memorySampler(api: ApiProcess, everyMs = 200) {
  let maxRss = 0;
  let maxHeap = 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const m = await api.memory();
      maxRss = Math.max(maxRss, m.rss);
      maxHeap = Math.max(maxHeap, m.heapUsed);
      samples++;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { maxRss, maxHeap, samples };
  };
}

// Seeding ---------------------------------------------------------------------------------------

interface Seeded {
  offices: number[];
  /** office 0's nurse: a member of every office-0 patient's medical team (the socket's user) */
  nurse: { id: number; username: string };
  /** CALLERS nurses of office 0 (the /patientdetails callers) */
  callers: { id: number; username: string }[];
  /** the first patients of office 0, with their hub and blood-pressure device */
  patients: { id: number; hospitalId: number; hubId: number; deviceId: number; deviceIdentifier: string }[];
  /** the /patientdetails patient: 90 days x 4 readings */
  target: { id: number };
}

const bpValues = (sys: number, dia: number, pulse: number) => ({ '8480-6': sys, '8462-4': dia, '8867-4': pulse });

async function seed(db: Awaited<ReturnType<typeof openDatabase>>): Promise<Seeded> {
  const d = db.db;
  const pool = db.pool!;
  const seedStarted = performance.now();
  const [org] = await d.insert(organizations).values({ institutionName: 'Bench Monitoring Health' }).returning();
  const zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
  const offices = (
    await d
      .insert(hospitals)
      .values(Array.from({ length: OFFICES }, (_, i) => ({ organizationId: org!.id, hospitalName: `Bench Office ${i + 1}`, timeZone: zones[i % zones.length]! })))
      .returning({ id: hospitals.id })
  ).map((o) => o.id);

  // Staff: a doctor and a nurse per office (every patient's medical team), and the callers of (c).
  const hash = await hashPassword(PASSWORD);
  const staffRows = offices.flatMap((officeId, i) =>
    (['doctor', 'nurse'] as const).map((kind) => ({
      roleId: kind === 'doctor' ? Role.DOCTOR : Role.NURSE,
      organizationId: org!.id,
      firstName: kind,
      lastName: `Office${i + 1}`,
      username: `bench${kind}${i + 1}`,
      email: `bench${kind}${i + 1}@example.test`,
      passwordHash: hash,
      language: 'ENG',
      officeId,
    })),
  );
  const callerRows = Array.from({ length: CALLERS }, (_, i) => ({
    roleId: Role.NURSE,
    organizationId: org!.id,
    firstName: 'Caller',
    lastName: `N${i}`,
    username: `benchcaller${i}`,
    email: `benchcaller${i}@example.test`,
    passwordHash: hash,
    language: 'ENG',
    officeId: offices[0]!,
  }));
  const staff = await d
    .insert(users)
    .values([...staffRows, ...callerRows].map(({ officeId: _o, ...u }) => u))
    .returning({ id: users.id, username: users.username });
  const staffOffice = [...staffRows, ...callerRows].map((r) => r.officeId);
  await d.insert(userHospitals).values(staff.map((s, i) => ({ userId: s.id, hospitalId: staffOffice[i]! })));
  const teamOf = (officeIndex: number) => [staff[officeIndex * 2]!.id, staff[officeIndex * 2 + 1]!.id];

  // 10,000 patients across the offices, each with a medical team, a hub, a blood-pressure device and an active plan.
  const perOffice = PATIENTS / OFFICES;
  const all: { id: number; hospitalId: number; hubId: number; deviceId: number; deviceIdentifier: string }[] = [];
  for (let o = 0; o < OFFICES; o++) {
    const hospitalId = offices[o]!;
    const patients = await d
      .insert(users)
      .values(
        Array.from({ length: perOffice }, (_, j) => ({
          roleId: Role.PATIENT,
          organizationId: org!.id,
          firstName: `Pat${j}`,
          lastName: `Bench${o}x${j % 977}`,
          username: `benchpat${o}_${j}`,
          birthdate: `19${40 + (j % 50)}-0${1 + (j % 9)}-1${j % 10}`,
          userTimezone: zones[o % zones.length]!,
        })),
      )
      .returning({ id: users.id });
    await d.insert(userHospitals).values(patients.map((p) => ({ userId: p.id, hospitalId })));
    await d.insert(patientMetadata).values(patients.map((p, j) => ({ userId: p.id, patientIdentifier: `MRN-${o}-${j}` })));
    const teams = await d
      .insert(medicalTeams)
      .values(patients.map((p) => ({ patientId: p.id, hospitalId })))
      .returning({ id: medicalTeams.id });
    await d.insert(medicalTeamMembers).values(teams.flatMap((t) => teamOf(o).map((userId) => ({ medicalTeamId: t.id, userId }))));
    const hubRows = await d
      .insert(hubs)
      .values(patients.map((p, j) => ({ hubIdentifier: `BENCH-HUB-${o}-${j}`, hubName: `Hub ${o}-${j}`, hospitalId, assignedToUserId: p.id })))
      .returning({ id: hubs.id });
    const devices = await d
      .insert(medicalDevices)
      .values(patients.map((p, j) => ({ deviceIdentifier: `BENCH-BP-${o}-${j}`, deviceType: 'BLOOD_PRESSURE', hospitalId, hubId: hubRows[j]!.id, patientId: p.id })))
      .returning({ id: medicalDevices.id, deviceIdentifier: medicalDevices.deviceIdentifier });
    const plans = await d
      .insert(treatmentPlans)
      .values(patients.map((p) => ({ patientId: p.id, hospitalId, title: 'Hypertension monitoring', status: 1, sortOrder: 0 })))
      .returning({ id: treatmentPlans.id });
    await d.insert(treatmentPlanDevices).values(
      plans.map((plan, j) => ({ treatmentPlanId: plan.id, deviceType: 'BLOOD_PRESSURE', medicalDeviceId: devices[j]!.id, time1: '08:00', time2: '20:00', measurementsCount: 2 })),
    );
    patients.forEach((p, j) => all.push({ id: p.id, hospitalId, hubId: hubRows[j]!.id, deviceId: devices[j]!.id, deviceIdentifier: devices[j]!.deviceIdentifier }));
  }

  // The /patientdetails patient (office 0, after the ingestion hubs and the socket patient): weight and glucose too.
  const target = all[HUBS + 1]!;
  const extra = await d
    .insert(medicalDevices)
    .values([
      { deviceIdentifier: 'BENCH-WEIGHT-T', deviceType: 'WEIGHT', hospitalId: target.hospitalId, hubId: target.hubId, patientId: target.id },
      { deviceIdentifier: 'BENCH-GLU-T', deviceType: 'GLUCOSE', hospitalId: target.hospitalId, hubId: target.hubId, patientId: target.id },
    ])
    .returning({ id: medicalDevices.id });
  const [targetPlan] = await pool.query<{ id: number }>('select id from treatment_plans where patient_id = $1', [target.id]).then((r) => r.rows);
  await d.insert(treatmentPlanDevices).values([
    { treatmentPlanId: targetPlan!.id, deviceType: 'WEIGHT', medicalDeviceId: extra[0]!.id, time1: '07:00' },
    { treatmentPlanId: targetPlan!.id, deviceType: 'GLUCOSE', medicalDeviceId: extra[1]!.id, time1: '12:00' },
  ]);

  const rowsSeconds = (performance.now() - seedStarted) / 1000;

  // Readings, in batches of 5,000 rows (one INSERT ... SELECT FROM unnest(...) each), two in flight.
  type Row = [patientId: number, hospitalId: number, deviceId: number, hubId: number, deviceType: string, measuredAt: Date, values: Record<string, number>, severity: number];
  const insertBatch = async (rows: Row[]) => {
    const col = <T>(k: number) => rows.map((r) => r[k] as T);
    await pool.query(
      `insert into measurements (patient_id, hospital_id, device_id, hub_id, hub_key, device_key, device_type, measured_at, measured_at_offset, values_json, source, severity)
       select p, h, dv, hb, hb, dv, t, m, $8, v, 'hub', s
       from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::timestamptz[], $7::jsonb[], $9::smallint[]) as x(p, h, dv, hb, t, m, v, s)`,
      [col(0), col(1), col(2), col(3), col(4), col<Date>(5).map((x) => x.toISOString()), col<object>(6).map((v) => JSON.stringify(v)), OFFSET, col(7)],
    );
  };
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  let rng = 42;
  const rand = () => ((rng = (rng * 1103515245 + 12345) % 2147483648) / 2147483648);
  const started = performance.now();
  let batch: Row[] = [];
  let backgroundRows = 0;
  const inFlight = new Set<Promise<void>>();
  const flush = async (rows: Row[]) => {
    if (inFlight.size >= 2) { await Promise.race(inFlight); }
    const p = insertBatch(rows).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  for (const p of all) {
    if (p === target) { continue; }
    for (let day = 1; day <= 30; day++) {
      for (const hour of [13, 1]) {
        const sys = Math.round(112 + rand() * 40);
        batch.push([p.id, p.hospitalId, p.deviceId, p.hubId, 'BLOOD_PRESSURE', new Date(today - day * DAY_MS + hour * 3_600_000), bpValues(sys, Math.round(sys * 0.62), Math.round(58 + rand() * 30)), sys > 140 ? 1 : 0]);
        if (batch.length === 5000) {
          await flush(batch);
          backgroundRows += batch.length;
          batch = [];
        }
      }
    }
  }
  const targetRows: Row[] = [];
  for (let day = 0; day < 90; day++) {
    const base = today - day * DAY_MS;
    const sys = () => Math.round(118 + rand() * 30);
    const s1 = sys();
    const s2 = sys();
    const glucose = Math.round(90 + rand() * 100);
    targetRows.push(
      [target.id, target.hospitalId, target.deviceId, target.hubId, 'BLOOD_PRESSURE', new Date(base - 11 * 3_600_000), bpValues(s1, Math.round(s1 * 0.63), 70), s1 > 140 ? 1 : 0],
      [target.id, target.hospitalId, target.deviceId, target.hubId, 'BLOOD_PRESSURE', new Date(base + 1 * 3_600_000), bpValues(s2, Math.round(s2 * 0.63), 72), s2 > 140 ? 1 : 0],
      [target.id, target.hospitalId, extra[0]!.id, target.hubId, 'WEIGHT', new Date(base - 12 * 3_600_000), { '29463-7': Math.round((82 + rand() * 2) * 10) / 10 }, 0],
      [target.id, target.hospitalId, extra[1]!.id, target.hubId, 'GLUCOSE', new Date(base - 7 * 3_600_000), { '2339-0': glucose }, glucose > 180 ? 1 : 0],
    );
  }
  // Only readings of the past (the last day's evening ones may lie ahead of now: moved back a day).
  const now = Date.now();
  for (const r of targetRows) { if (r[5].getTime() > now) { r[5] = new Date(r[5].getTime() - 90 * DAY_MS); } }
  batch.push(...targetRows);
  await flush(batch);
  await Promise.all(inFlight);
  backgroundRows += batch.length - targetRows.length;
  const seconds = (performance.now() - started) / 1000;
  await pool.query('analyze');
  console.log(
    `seeded ${int(PATIENTS)} patients in ${OFFICES} offices (medical team, hub, device and plan each) in ${rowsSeconds.toFixed(1)} s; ` +
      `${int(backgroundRows)} background readings (30 days x 2) + ${targetRows.length} readings of the target patient (90 days x 4) ` +
      `in ${seconds.toFixed(1)} s (${int((backgroundRows + targetRows.length) / seconds)} rows/s, batches of 5,000, two in flight); ` +
      `analyze ${((performance.now() - started) / 1000 - seconds).toFixed(1)} s`,
  );
  const nurse = staff[1]!;
  return { offices, nurse, callers: staff.slice(OFFICES * 2), patients: all.slice(0, HUBS + 2), target: { id: target.id } };
}

// (a) Ingestion ---------------------------------------------------------------------------------

const bpReading = (deviceIdentifier: string, at: number, sys: number, dia: number, pulse: number) => ({
  deviceIdentifier,
  deviceType: 'BLOOD_PRESSURE',
  measuredAt: localIso(new Date(at), OFFSET),
  values: [
    { code: '8480-6', value: sys, unit: 'mm[Hg]' },
    { code: '8462-4', value: dia, unit: 'mm[Hg]' },
    { code: '8867-4', value: pulse, unit: '/min' },
  ],
});

interface IngestHub {
  token: string;
  deviceIdentifier: string;
  patientId: number;
  hospitalId: number;
  hubId: number;
  deviceId: number;
}

interface Rate {
  readings: number;
  seconds: number;
  latencies: number[];
  errors: number;
}

/** Hubs posting sequentially; readings of phase `slot` are dated `slot` days before the background's. */
async function ingestPhase(port: number, hubsList: IngestHub[], slot: number, perRequest: number, seconds: number, maxRequests: number): Promise<Rate> {
  const base = Date.now() - (40 + slot) * DAY_MS;
  const latencies: number[] = [];
  let errors = 0;
  let readings = 0;
  const elapsed = await closedLoop(hubsList.length, seconds, async (w, i) => {
    const hub = hubsList[w]!;
    const items = Array.from({ length: perRequest }, (_, k) => bpReading(hub.deviceIdentifier, base - (i * perRequest + k) * 1000, 118 + ((i + k) % 17), 76 + (k % 9), 60 + (i % 20)));
    const body = JSON.stringify(perRequest === 1 ? items[0] : { readings: items });
    const t0 = performance.now();
    const res = await request(port, 'POST', '/api/medicaldevicesdata', { hubtoken: hub.token }, body);
    latencies.push(performance.now() - t0);
    const stored = res.status === 200 ? (JSON.parse(res.text) as { data: { stored: number } }).data.stored : 0;
    readings += stored;
    if (stored !== perRequest) { errors++; }
  }, maxRequests);
  return { readings, seconds: elapsed, latencies, errors };
}

/** The same rows as single-row INSERTs through a pg.Pool of 32 (autocommit, one statement each). */
async function plainInsertPhase(pool: pg.Pool, hubsList: IngestHub[], slot: number, seconds: number): Promise<Rate> {
  const base = Date.now() - (40 + slot) * DAY_MS;
  const latencies: number[] = [];
  let readings = 0;
  let errors = 0;
  const elapsed = await closedLoop(hubsList.length, seconds, async (w, i) => {
    const h = hubsList[w]!;
    const t0 = performance.now();
    try {
      await pool.query(
        `insert into measurements (patient_id, hospital_id, device_id, hub_id, hub_key, device_key, device_type, measured_at, measured_at_offset, values_json, source, is_manual, is_simulated, severity)
         values ($1, $2, $3, $4, $4, $3, 'BLOOD_PRESSURE', $5, $6, $7, 'hub', false, false, 0)`,
        [h.patientId, h.hospitalId, h.deviceId, h.hubId, new Date(base - i * 1000).toISOString(), OFFSET, JSON.stringify(bpValues(118 + (i % 17), 76 + (i % 9), 60 + (i % 20)))],
      );
      readings++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t0);
  }, 80_000);
  return { readings, seconds: elapsed, latencies, errors };
}

function merge(rates: Rate[]): Rate {
  return {
    readings: rates.reduce((a, r) => a + r.readings, 0),
    seconds: rates.reduce((a, r) => a + r.seconds, 0),
    latencies: rates.flatMap((r) => r.latencies).sort((a, b) => a - b),
    errors: rates.reduce((a, r) => a + r.errors, 0),
  };
}

// Main ------------------------------------------------------------------------------------------

interface SummaryRow {
  figure: string;
  value: string;
  target: string;
  meets: boolean;
}

async function main(): Promise<void> {
  const bench = await createBenchDatabase('vigil_benchmon');
  const { url, admin, name: dbName } = bench;
  console.log(
    `remote-monitoring benchmarks: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${load()}, Node ${process.version}, ` +
      `PostgreSQL ${(await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v}; timed phases ${SECONDS} s`,
  );
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  let api: ApiProcess | null = null;
  const plainPool = new pg.Pool({ connectionString: url, max: HUBS });
  plainPool.on('error', () => undefined);
  const summary: SummaryRow[] = [];
  try {
    // The API first (its start migrates and seeds the reference data), then the bench's rows.
    api = await ApiProcess.start(url);
    const port = api.port;
    const seeded = await seed(database);
    console.log(
      `API: child process ${api.pid} on 127.0.0.1:${port} (buildApp with loadTestConfig: logs off, jobs off; DB pool ${API_POOL_SIZE}; ` +
        `real-time bus ${process.env.BENCH_REDIS_URL ? 'Redis' : 'in-process'}); load client: this process (${process.pid}), node:http keep-alive Agent`,
    );

    // (a) ---------------------------------------------------------------------------------------
    const hubPatients = seeded.patients.slice(0, HUBS);
    const tokens = await api.issueHubCredentials(hubPatients.map((p) => p.hubId));
    const hubsList: IngestHub[] = hubPatients.map((p, i) => ({ token: tokens[i]!, deviceIdentifier: p.deviceIdentifier, patientId: p.id, hospitalId: p.hospitalId, hubId: p.hubId, deviceId: p.deviceId }));
    await ingestPhase(port, hubsList, 0, 1, 30, 40); // warm-up: 32 x 40 requests
    const stopIngestMemory = memorySampler(api);
    await plainInsertPhase(plainPool, hubsList, 1, 1);
    console.log(`\n(a) ingestion of single readings, ${HUBS} hubs posting sequentially (normal blood pressures), beside plain single-row INSERTs (pg.Pool of ${HUBS})`);
    const ingestRounds: Rate[] = [];
    const plainRounds: Rate[] = [];
    const ingestCpus: PhaseCpu[] = [];
    const plainCpus: PhaseCpu[] = [];
    for (let round = 0; round < 2; round++) {
      let meter = await cpuMeter(api, admin, dbName);
      const ing = await ingestPhase(port, hubsList, 2 + round * 2, 1, SECONDS, 80_000);
      const ingCpu = await meter();
      meter = await cpuMeter(api, admin, dbName);
      const plain = await plainInsertPhase(plainPool, hubsList, 3 + round * 2, SECONDS);
      const plainCpu = await meter();
      ingestRounds.push(ing);
      plainRounds.push(plain);
      ingestCpus.push(ingCpu);
      plainCpus.push(plainCpu);
      const sorted = (r: Rate) => [...r.latencies].sort((a, b) => a - b);
      console.log(`  round ${round + 1}: ingestion ${int(ing.readings / ing.seconds)} readings/s (${latencyLine(sorted(ing))}; ${ing.errors} errors)`);
      console.log(cpuLine(ingCpu, ing.readings, 'reading'));
      console.log(`           plain INSERT ${int(plain.readings / plain.seconds)} rows/s (${latencyLine(sorted(plain))}; ${plain.errors} errors)`);
      console.log(cpuLine(plainCpu, plain.readings, 'row'));
    }
    const ing = merge(ingestRounds);
    const plain = merge(plainRounds);
    const ingRate = ing.readings / ing.seconds;
    const plainRate = plain.readings / plain.seconds;
    const ratio = ingRate / plainRate;
    console.log(
      `  overall: ingestion ${int(ingRate)} readings/s, p50 ${ms(percentile(ing.latencies, 50))}, p99 ${ms(percentile(ing.latencies, 99))} (${int(ing.readings)} readings); ` +
        `plain INSERT ${int(plainRate)} rows/s, p50 ${ms(percentile(plain.latencies, 50))}, p99 ${ms(percentile(plain.latencies, 99))}; ratio ${ratio.toFixed(2)}`,
    );
    // What the CPU cost per reading allows on a machine of our own (an estimate, for a shared machine).
    const sum = (list: PhaseCpu[], k: 'api' | 'postgres') => list.reduce((a, c) => a + c[k], 0);
    const apiMs = (sum(ingestCpus, 'api') * 1000) / ing.readings;
    const pgMs = (sum(ingestCpus, 'postgres') * 1000) / ing.readings;
    const plainPgMs = (sum(plainCpus, 'postgres') * 1000) / plain.readings;
    const cores = os.cpus().length;
    const ceiling = Math.min(1000 / apiMs, (cores * 1000) / (apiMs + pgMs));
    const plainCeiling = (cores * 1000) / plainPgMs;
    console.log(
      `  CPU per reading: ingestion API ${apiMs.toFixed(2)} ms + PostgreSQL ${pgMs.toFixed(2)} ms; plain INSERT PostgreSQL ${plainPgMs.toFixed(2)} ms. ` +
        `Ceiling on ${cores} idle cores (one single-threaded API process; estimate): ingestion ~${int(ceiling)}/s, plain ~${int(plainCeiling)}/s, ratio ~${(ceiling / plainCeiling).toFixed(2)}`,
    );
    summary.push(
      { figure: '(a) single readings, 32 hubs: rate', value: `${int(ingRate)}/s`, target: '>= 2,000/s', meets: ingRate >= 2000 },
      { figure: '(a) single readings: p99 latency', value: ms(percentile(ing.latencies, 99)), target: '< 50 ms', meets: percentile(ing.latencies, 99) < 50 },
      { figure: '(a) ingestion / plain INSERT', value: `${ratio.toFixed(2)} (${int(ingRate)} / ${int(plainRate)})`, target: '>= 0.5', meets: ratio >= 0.5 },
    );

    await ingestPhase(port, hubsList, 8, BATCH, 30, 3); // warm-up of the batch path
    const batchMeter = await cpuMeter(api, admin, dbName);
    const batchRate = await ingestPhase(port, hubsList, 9, BATCH, SECONDS, 800);
    const batchCpu = await batchMeter();
    batchRate.latencies.sort((a, b) => a - b);
    const batchPerSecond = batchRate.readings / batchRate.seconds;
    console.log(
      `  batches of ${BATCH}, ${HUBS} hubs: ${int(batchPerSecond)} readings/s (${int(batchRate.readings)} readings, ${int(batchRate.latencies.length)} requests; ` +
        `request ${latencyLine(batchRate.latencies)}; ${batchRate.errors} errors)`,
    );
    console.log(cpuLine(batchCpu, batchRate.readings, 'reading'));
    console.log(`      ceiling on ${os.cpus().length} idle cores (estimate): ~${int(ceilingPerSecond(batchCpu, batchRate.readings))} readings/s`);
    const ingestMemory = await stopIngestMemory();
    console.log(`  API process memory during (a): max RSS ${mb(ingestMemory.maxRss)}, max heap used ${mb(ingestMemory.maxHeap)}`);
    summary.push({ figure: '(a) batches of 100: rate', value: `${int(batchPerSecond)}/s`, target: '>= 20,000/s', meets: batchPerSecond >= 20_000 });
    const ingestRss = ingestMemory.maxRss;

    // (b) ---------------------------------------------------------------------------------------
    const signIn = async (username: string) => {
      const res = await request(port, 'POST', '/api/auth/signinv3', {}, JSON.stringify({ username, password: PASSWORD }));
      if (res.status !== 200) { throw new Error(`sign-in of ${username}: ${res.status} ${res.text}`); }
      return (JSON.parse(res.text) as { data: { session: { sessionGuid: string } } }).data.session.sessionGuid;
    };
    const socketPatient = seeded.patients[HUBS]!;
    const [socketHubToken] = await api.issueHubCredentials([socketPatient.hubId]);
    const nurseSession = await signIn(seeded.nurse.username);
    const arrivals = new Map<number, number>();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => ws.send(JSON.stringify({ type: 'init', sessionToken: nurseSession, userId: seeded.nurse.id })));
      ws.on('message', (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { type: string; data?: { measurementId?: number | null } };
        if (message.type === 'ready') { resolve(); }
        if (message.type === 'notification' && message.data?.measurementId) { arrivals.set(message.data.measurementId, performance.now()); }
      });
      ws.once('close', (code) => reject(new Error(`socket closed ${code}`)));
    });
    const waitFor = async (id: number, timeoutMs: number) => {
      const until = performance.now() + timeoutMs;
      while (!arrivals.has(id) && performance.now() < until) { await new Promise((r) => setTimeout(r, 1)); }
      return arrivals.get(id);
    };
    const fromSend: number[] = [];
    const fromAnswer: number[] = [];
    let missing = 0;
    const socketMeter = await cpuMeter(api, admin, dbName);
    const socketBase = Date.now() - 70 * DAY_MS;
    for (let i = 0; i < SOCKET_READINGS + 10; i++) {
      const body = JSON.stringify(bpReading(socketPatient.deviceIdentifier, socketBase - i * 60_000, 186 + (i % 20), 124 - (i % 3), 88));
      const t0 = performance.now();
      const res = await request(port, 'POST', '/api/medicaldevicesdata', { hubtoken: socketHubToken! }, body);
      const t1 = performance.now();
      const result = (JSON.parse(res.text) as { data: { results: { measurementId?: number; severity?: number }[] } }).data.results[0]!;
      const arrived = await waitFor(result.measurementId!, 5000);
      if (i < 10) { continue; } // warm-up
      if (arrived === undefined) { missing++; }
      else {
        fromSend.push(arrived - t0);
        fromAnswer.push(arrived - t1);
      }
    }
    const socketCpu = await socketMeter();
    ws.close();
    fromSend.sort((a, b) => a - b);
    fromAnswer.sort((a, b) => a - b);
    console.log(`\n(b) reading commit to socket message: ${SOCKET_READINGS} critical blood pressures posted one at a time, the care-team nurse's socket (${missing} not received in 5 s)`);
    console.log(`  HTTP answer -> socket message: ${latencyLine(fromAnswer)} (negative: the message came before the answer)`);
    console.log(`  request sent -> socket message (an upper bound of commit -> message): ${latencyLine(fromSend)}`);
    console.log(cpuLine(socketCpu, SOCKET_READINGS + 10, 'reading (critical: with its alert)'));
    summary.push({
      figure: '(b) commit -> socket p99 (upper bound: from send)',
      value: `${ms(percentile(fromSend, 99))} (answer -> msg ${ms(percentile(fromAnswer, 99))})`,
      target: '< 250 ms',
      meets: missing === 0 && percentile(fromSend, 99) < 250,
    });

    // (c) ---------------------------------------------------------------------------------------
    const callerSessions = await Promise.all(seeded.callers.map((c) => signIn(c.username)));
    const patientId = seeded.target.id;
    const todayLocal = localIso(new Date(), OFFSET).slice(0, 10);
    const fromLocal = localIso(new Date(Date.now() - 89 * DAY_MS), OFFSET).slice(0, 10);
    const calls = {
      series: `/api/medicaldevicesdata/getpatientseries?from=${fromLocal}&to=${todayLocal}`,
      devices: '/api/medicaldevice/getmedicaldevicesforpatientV2',
      plan: '/api/treatmentplan/getactivetreatmentplanforpatient',
    };
    const get = async (caller: number, path: string, keepBody = false) => {
      const t0 = performance.now();
      const res = await request(port, 'GET', path, { sessionguid: callerSessions[caller]!, patientid: String(patientId) }, undefined, keepBody);
      if (res.status !== 200) { throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 200)}`); }
      return { ms: performance.now() - t0, bytes: res.bytes, text: res.text };
    };
    const sample = await get(0, calls.series, true);
    const series = (JSON.parse(sample.text) as { data: PatientSeries }).data.series;
    console.log(
      `\n(c) /patientdetails data, a patient with 90 days x 4 readings (${series.map((s) => `${s.deviceType} ${s.points.id.length}`).join(', ')}; ` +
        `series answer ${(sample.bytes / 1024).toFixed(0)} KB) among ${int(PATIENTS)} patients, ${CALLERS} concurrent callers (nurses of the office)`,
    );
    for (let i = 0; i < 60; i++) { await Promise.all([get(i % CALLERS, calls.series), get(i % CALLERS, calls.devices), get(i % CALLERS, calls.plan)]); } // warm-up
    // ... and at full concurrency: the API's pool opens its other connections here, not in the timed run.
    await closedLoop(CALLERS, 2, async (c) => {
      await Promise.all([get(c, calls.series), get(c, calls.devices), get(c, calls.plan)]);
    }, 10 * CALLERS);

    const rest = await api.memoryAfterGc();
    const stopMemory = memorySampler(api);
    const seriesMeter = await cpuMeter(api, admin, dbName);
    const seriesLatencies: number[] = [];
    const seriesSeconds = await closedLoop(CALLERS, SECONDS, async (c) => {
      seriesLatencies.push((await get(c, calls.series)).ms);
    }, 100_000);
    const seriesCpu = await seriesMeter();
    seriesLatencies.sort((a, b) => a - b);
    console.log(`  series call alone (GET medicaldevicesdata/getpatientseries, 90 days): ${int(seriesLatencies.length / seriesSeconds)} req/s, ${latencyLine(seriesLatencies)}`);
    console.log(cpuLine(seriesCpu, seriesLatencies.length, 'request'));
    const seriesCeiling = ceilingPerSecond(seriesCpu, seriesLatencies.length);
    console.log(
      `      ceiling on ${os.cpus().length} idle cores (estimate): ~${int(seriesCeiling)} req/s, so ${CALLERS} callers without pause wait ~${ms((CALLERS / seriesCeiling) * 1000)} on average`,
    );

    const pageMeter = await cpuMeter(api, admin, dbName);
    const page: number[] = [];
    const perCall: Record<keyof typeof calls, number[]> = { series: [], devices: [], plan: [] };
    const pageSeconds = await closedLoop(CALLERS, SECONDS, async (c) => {
      const t0 = performance.now();
      const [s, d, p] = await Promise.all([get(c, calls.series), get(c, calls.devices), get(c, calls.plan)]);
      page.push(performance.now() - t0);
      perCall.series.push(s.ms);
      perCall.devices.push(d.ms);
      perCall.plan.push(p.ms);
    }, 100_000);
    const pageCpu = await pageMeter();
    const memory = await stopMemory();
    page.sort((a, b) => a - b);
    for (const list of Object.values(perCall)) { list.sort((a, b) => a - b); }
    console.log(`  the three calls together (series, getmedicaldevicesforpatientV2, getactivetreatmentplanforpatient): ${int(page.length / pageSeconds)} pages/s, page ${latencyLine(page)}`);
    console.log(`    series ${latencyLine(perCall.series)}`);
    console.log(`    devices ${latencyLine(perCall.devices)}`);
    console.log(`    plan ${latencyLine(perCall.plan)}`);
    console.log(cpuLine(pageCpu, page.length, 'page (three requests)'));
    const pageCeiling = ceilingPerSecond(pageCpu, page.length);
    console.log(
      `      ceiling on ${os.cpus().length} idle cores (estimate): ~${int(pageCeiling)} pages/s, so ${CALLERS} callers without pause wait ~${ms((CALLERS / pageCeiling) * 1000)} on average`,
    );
    const after = await api.memoryAfterGc();
    console.log(
      `  API process memory during (c): max RSS ${mb(memory.maxRss)}, max heap used ${mb(memory.maxHeap)} (${memory.samples} samples every 200 ms); ` +
        `after a full GC, before the load: RSS ${mb(rest.rss)}, heap used ${mb(rest.heapUsed)}; after it: RSS ${mb(after.rss)}, heap used ${mb(after.heapUsed)}`,
    );
    summary.push(
      { figure: '(c) series call alone, 20 callers: p99', value: ms(percentile(seriesLatencies, 99)), target: '< 50 ms', meets: percentile(seriesLatencies, 99) < 50 },
      { figure: '(c) three calls together, 20 callers: p99', value: ms(percentile(page, 99)), target: '< 50 ms', meets: percentile(page, 99) < 50 },
      { figure: '(c) API memory under load: max RSS', value: `${mb(memory.maxRss)} (heap ${mb(memory.maxHeap)})`, target: '< 300 MB', meets: memory.maxRss < 300 * 1024 * 1024 },
      // Not a target of its own: the same limit, read during the ingestion load.
      { figure: '    (for comparison: max RSS during (a))', value: `${mb(ingestRss)} (heap ${mb(ingestMemory.maxHeap)})`, target: '< 300 MB', meets: ingestRss < 300 * 1024 * 1024 },
    );

    const w = [Math.max(...summary.map((r) => r.figure.length)), Math.max(...summary.map((r) => r.value.length)), 12];
    console.log(`\nsummary (load average ${load()}):`);
    console.log(`  ${'figure'.padEnd(w[0]!)}  ${'measured'.padEnd(w[1]!)}  ${'target'.padEnd(w[2]!)}  verdict`);
    for (const r of summary) { console.log(`  ${r.figure.padEnd(w[0]!)}  ${r.value.padEnd(w[1]!)}  ${r.target.padEnd(w[2]!)}  ${r.meets ? 'meets' : 'misses'}`); }
  } finally {
    await api?.stop();
    agent.destroy();
    await plainPool.end();
    await database.close();
    await bench.drop();
  }
}

await main();
