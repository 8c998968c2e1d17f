/**
 * The PHI audit trail's cost on the patient page (docs/audit.md "Cost"). Prints figures; asserts nothing.
 *
 * The data of /patientdetails/{id} (the page's three calls: GET medicaldevicesdata/getpatientseries
 * for 90 days, medicaldevice/getmedicaldevicesforpatientV2, treatmentplan/getactivetreatmentplanforpatient,
 * each naming the patient, so each is an audited read) by 20 concurrent callers, against two API
 * processes on the same database in ONE run: one with the audit trail on (VIGIL_AUDIT=true, the
 * default) and one with it off (VIGIL_AUDIT=false). Rounds alternate off / on so that the
 * machine's load drifts alike on both (BENCH_ROUNDS rounds, default 8, in two halves with the
 * processes started in opposite orders, the order of each round flipped). Baseline: a trivial authenticated GET
 * (verifier/dinstinctDomains, not audited) at the same concurrency on each process in turn, and every
 * figure is printed with its ratio to it. Target: pages/s with the audit on at most 10 % below off.
 * At the end the chain is checked whole (every event of the run appended and chained).
 *
 * The same again for calls keyed by a record's own id (docs/audit.md "Calls keyed by a record"):
 * GET treatmentplan/treatmentplan/{id} and GET medicaldevice/{id} together, whose events name their
 * patient through the trail's writer (one statement per kind of record per append).
 *
 * Set-up as bench/monitoring.ts: API child processes (bench/api-child.ts, bundled like the server;
 * loadTestConfig: logs off, jobs off), a load client in this process with node:http keep-alive.
 *
 * BENCH_AUDIT_AA=1 runs both compared processes with the audit off (an A/A run: the difference
 * it prints is the bench's own noise).
 * Usage: npm run bench:audit   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/h_audit, where a
 * fresh database is created and dropped; BENCH_SECONDS sets each timed phase, default 6)
 */
import fs from 'node:fs';
import os from 'node:os';
import { Role } from '@vigil/contract';
import { openDatabase } from '../packages/api/src/db/client';
import { hospitals, medicalDevices, organizations, patientMetadata, treatmentPlanDevices, treatmentPlans, userHospitals, users } from '../packages/api/src/db/schema/index';
import { checkFull } from '../packages/api/src/features/audit/index';
import { FileCheckpointSink } from '../packages/api/src/lib/audit-checkpoint';
import { hashPassword } from '../packages/api/src/lib/crypto';
import { ApiProcess } from './api-process';
import { agent, closedLoop, createBenchDatabase, ms, percentile, request } from './lib';

const DAY_MS = 86_400_000;
const PASSWORD = 'Bench#Password1';
const CALLERS = 20;
const PATIENTS = 500;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

interface Phase {
  perSecond: number;
  latencies: number[];
}

/** `CALLERS` loops, each repeating `step` until `seconds` pass; `step` answers the latency of one unit (a page, a request). */
async function phase(seconds: number, step: (caller: number) => Promise<number>): Promise<Phase> {
  const latencies: number[] = [];
  const took = await closedLoop(CALLERS, seconds, async (c) => {
    latencies.push(await step(c));
  });
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / took, latencies };
}
/** CPU time (clock ticks of 10 ms) used so far by each PostgreSQL process of this machine, by pid (/proc). */
function postgresTicks(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') { continue; }
      const fields = stat.slice(close + 2).split(' ');
      out.set(pid, Number(fields[11]) + Number(fields[12])); // utime, stime
    } catch {
      // a process that ended meanwhile
    }
  }
  return out;
}
/** PostgreSQL's CPU (ms) since `before`: the processes alive now (those that ended meanwhile are lost: an undercount). */
function postgresCpuMsSince(before: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of postgresTicks()) { ticks += now - (before.get(pid) ?? 0); }
  return ticks * 10;
}

/** CPU per unit of work during one phase: the API process's and PostgreSQL's, in ms. */
interface CpuShare {
  apiMs: number;
  pgMs: number;
  units: number;
}
const cpuLine = (c: CpuShare) => `CPU per unit: API ${(c.apiMs / c.units).toFixed(3)} ms, PostgreSQL ${(c.pgMs / c.units).toFixed(3)} ms`;

const line = (p: Phase) => `${p.perSecond.toFixed(0).padStart(6)}/s, p50 ${ms(percentile(p.latencies, 50))}, p95 ${ms(percentile(p.latencies, 95))}, p99 ${ms(percentile(p.latencies, 99))}`;

async function seed(db: Awaited<ReturnType<typeof openDatabase>>) {
  const d = db.db;
  const [org] = await d.insert(organizations).values({ institutionName: 'Bench Audit Health' }).returning();
  const [office] = await d.insert(hospitals).values({ organizationId: org!.id, hospitalName: 'Bench Audit Office', timeZone: 'America/New_York' }).returning();
  const hash = await hashPassword(PASSWORD);
  const callers = await d
    .insert(users)
    .values(Array.from({ length: CALLERS }, (_, i) => ({ roleId: Role.NURSE, organizationId: org!.id, firstName: 'Caller', lastName: `N${i}`, username: `benchauditcaller${i}`, email: `benchauditcaller${i}@example.test`, passwordHash: hash, language: 'ENG' })))
    .returning({ id: users.id, username: users.username });
  const patients = await d
    .insert(users)
    .values(Array.from({ length: PATIENTS }, (_, i) => ({ roleId: Role.PATIENT, organizationId: org!.id, firstName: 'Patient', lastName: `P${i}`, username: `benchauditpatient${i}`, language: 'ENG' })))
    .returning({ id: users.id });
  await d.insert(userHospitals).values([...callers, ...patients].map((u) => ({ userId: u.id, hospitalId: office!.id })));
  await d.insert(patientMetadata).values(patients.map((p, j) => ({ userId: p.id, patientIdentifier: `AUD-${j}` })));
  const target = patients[0]!;
  const devices = await d
    .insert(medicalDevices)
    .values(['BLOOD_PRESSURE', 'WEIGHT', 'GLUCOSE'].map((deviceType, k) => ({ deviceIdentifier: `BENCH-AUD-${k}`, deviceType, hospitalId: office!.id, patientId: target.id })))
    .returning({ id: medicalDevices.id });
  const [plan] = await d.insert(treatmentPlans).values({ patientId: target.id, hospitalId: office!.id, title: 'Hypertension monitoring', status: 1 }).returning();
  await d.insert(treatmentPlanDevices).values([
    { treatmentPlanId: plan!.id, deviceType: 'BLOOD_PRESSURE', medicalDeviceId: devices[0]!.id, time1: '08:00', time2: '20:00', measurementsCount: 2 },
    { treatmentPlanId: plan!.id, deviceType: 'WEIGHT', medicalDeviceId: devices[1]!.id, time1: '07:00' },
    { treatmentPlanId: plan!.id, deviceType: 'GLUCOSE', medicalDeviceId: devices[2]!.id, time1: '12:00' },
  ]);
  // 90 days x 4 readings of the target; 30 days x 2 of every other patient (background rows).
  const pool = db.pool!;
  const now = Date.now();
  const rows: Array<[number, number, string, string, string]> = [];
  for (let day = 0; day < 90; day++) {
    const at = (h: number) => new Date(now - day * DAY_MS - h * 3_600_000).toISOString();
    rows.push([target.id, devices[0]!.id, 'BLOOD_PRESSURE', at(2), JSON.stringify({ '8480-6': 120 + (day % 30), '8462-4': 78, '8867-4': 70 })]);
    rows.push([target.id, devices[0]!.id, 'BLOOD_PRESSURE', at(14), JSON.stringify({ '8480-6': 125, '8462-4': 80, '8867-4': 72 })]);
    rows.push([target.id, devices[1]!.id, 'WEIGHT', at(3), JSON.stringify({ '29463-7': 82.5 })]);
    rows.push([target.id, devices[2]!.id, 'GLUCOSE', at(8), JSON.stringify({ '2339-0': 110 })]);
  }
  for (const p of patients.slice(1)) { for (let day = 1; day <= 30; day++) { rows.push([p.id, 0, 'BLOOD_PRESSURE', new Date(now - day * DAY_MS).toISOString(), JSON.stringify({ '8480-6': 118, '8462-4': 76, '8867-4': 66 })]); } }
  for (let i = 0; i < rows.length; i += 5000) {
    const b = rows.slice(i, i + 5000);
    await pool.query(
      `insert into measurements (patient_id, hospital_id, device_id, device_key, device_type, measured_at, values_json, source)
       select p, $6, nullif(dv, 0), p * 10 + dv % 7, t, m, v, 'hub' from unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::jsonb[]) as x(p, dv, t, m, v)`,
      [b.map((r) => r[0]), b.map((r) => r[1]), b.map((r) => r[2]), b.map((r) => r[3]), b.map((r) => r[4]), office!.id],
    );
  }
  await pool.query('analyze');
  console.log(`seeded ${PATIENTS} patients, ${CALLERS} nurses, ${rows.length} readings (the target patient: 90 days x 4)`);
  return { callers, target, planId: plan!.id, deviceId: devices[0]!.id };
}

async function main(): Promise<void> {
  const bench = await createBenchDatabase('vigil_benchaudit', 'postgres://postgres@127.0.0.1:5432/h_audit');
  const url = bench.url;
  console.log(`audit trail cost on the patient page: ${os.cpus().length} cores, load average ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}, Node ${process.version}; ${CALLERS} callers; timed phases ${SECONDS} s`);
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  const apis: ApiProcess[] = [];
  try {
    // Seeded once the first API process has migrated the database.
    let seeded!: Awaited<ReturnType<typeof seed>>;
    const startApi = async (audit: boolean) => {
      process.env.VIGIL_AUDIT = audit && process.env.BENCH_AUDIT_AA !== '1' ? 'true' : 'false';
      const api = await ApiProcess.start(url);
      apis.push(api);
      return api;
    };
    let sessions: string[] = [];
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * DAY_MS).toISOString().slice(0, 10);
    const calls = [`/api/medicaldevicesdata/getpatientseries?from=${from}&to=${to}`, '/api/medicaldevice/getmedicaldevicesforpatientV2', '/api/treatmentplan/getactivetreatmentplanforpatient'];
    const get = async (port: number, caller: number, path: string) => {
      const res = await request(port, 'GET', path, { sessionguid: sessions[caller]!, patientid: String(seeded.target.id) });
      if (res.status !== 200) { throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 200)}`); }
    };
    const recordCalls = () => [`/api/treatmentplan/treatmentplan/${seeded.planId}`, `/api/medicaldevice/${seeded.deviceId}`];
    const pageOf = (list: () => string[]) => (port: number) => async (caller: number) => {
      const t0 = performance.now();
      await Promise.all(list().map((c) => get(port, caller, c)));
      return performance.now() - t0;
    };
    const page = pageOf(() => calls);
    const recordPage = pageOf(recordCalls);
    const trivial = (port: number) => async (caller: number) => {
      const t0 = performance.now();
      await get(port, caller, '/api/verifier/dinstinctDomains');
      return performance.now() - t0;
    };

    const countEvents = async () => Number((await database.pool!.query<{ n: string }>('select count(*) as n from audit_events')).rows[0]!.n);
    const results: Record<'off' | 'on' | 'baseline', Phase[]> = { off: [], on: [], baseline: [] };
    const byRecord: Record<'off' | 'on' | 'baseline', Phase[]> = { off: [], on: [], baseline: [] };
    let pageEvents = 0;
    const zero = (): CpuShare => ({ apiMs: 0, pgMs: 0, units: 0 });
    const cpu = { page: { on: zero(), off: zero() }, record: { on: zero(), off: zero() } };
    // Two halves with the two processes started in opposite orders (on first, then off first), each
    // of ROUNDS / 2 rounds whose order flips (off/on, on/off): an A/A run (BENCH_AUDIT_AA=1, the
    // audit off in both) showed up to 17 % between two processes started one after the other and
    // serving the same load, so start order, drift and warm-up must fall alike on both. The
    // baseline's trivial GETs run on each process in turn for the same reason.
    for (const half of [0, 1]) {
      const first = await startApi(half === 0);
      const second = await startApi(half !== 0);
      const on = half === 0 ? first : second;
      const off = half === 0 ? second : first;
      if (sessions.length === 0) {
        seeded = await seed(database);
        sessions = await Promise.all(
          seeded.callers.map(async (c) => {
            const res = await request(on.port, 'POST', '/api/auth/signinv3', {}, JSON.stringify({ username: c.username, password: PASSWORD }));
            if (res.status !== 200) { throw new Error(`sign-in: ${res.status} ${res.text}`); }
            return (JSON.parse(res.text) as { data: { session: { sessionGuid: string } } }).data.session.sessionGuid;
          }),
        );
      }
      const port = (which: 'on' | 'off') => (which === 'on' ? on.port : off.port);
      const measured = async (which: 'on' | 'off', into: Record<'on' | 'off', CpuShare>, run: () => Promise<Phase>) => {
        const api = which === 'on' ? on : off;
        const [api0, pg0] = [(await api.memory()).cpuMicros, postgresTicks()];
        const p = await run();
        into[which].apiMs += ((await api.memory()).cpuMicros - api0) / 1000;
        into[which].pgMs += postgresCpuMsSince(pg0);
        into[which].units += p.latencies.length;
        return p;
      };
      // Warm-up of both processes.
      for (const which of ['on', 'off'] as const) {
        await phase(2, page(port(which)));
        await phase(1, recordPage(port(which)));
        await phase(1, trivial(port(which)));
      }
      const before = await countEvents();
      for (let round = 0; round < ROUNDS / 2; round++) {
        const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        results.baseline.push(await phase(SECONDS / 2, trivial(port(order[0]))));
        for (const which of order) { results[which].push(await measured(which, cpu.page, () => phase(SECONDS, page(port(which))))); }
      }
      await new Promise((r) => setTimeout(r, 500));
      pageEvents += (await countEvents()) - before;
      for (let round = 0; round < ROUNDS / 2; round++) {
        const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        byRecord.baseline.push(await phase(SECONDS / 2, trivial(port(order[1]))));
        for (const which of order) { byRecord[which].push(await measured(which, cpu.record, () => phase(SECONDS, recordPage(port(which))))); }
      }
      for (const api of apis.splice(0)) { await api.stop(); }
    }
    const merge = (list: Phase[]): Phase => ({ perSecond: list.reduce((a, p) => a + p.perSecond, 0) / list.length, latencies: list.flatMap((p) => p.latencies).sort((a, b) => a - b) });
    const baseline = merge(results.baseline);
    const offP = merge(results.off);
    const onP = merge(results.on);
    console.log(`\nbaseline: trivial authenticated GET (verifier/dinstinctDomains), ${CALLERS} callers: ${line(baseline)}`);
    for (const [label, p] of [['audit OFF', offP], ['audit ON ', onP]] as const) {
      console.log(
        `${label}: the page's three calls together, ${CALLERS} callers: ${line(p)} (pages); ` +
          `vs baseline: throughput x${(p.perSecond / baseline.perSecond).toFixed(3)}, p50 x${(percentile(p.latencies, 50) / percentile(baseline.latencies, 50)).toFixed(2)}`,
      );
    }
    for (let round = 0; round < ROUNDS; round++) { console.log(`  round ${round + 1}${round < ROUNDS / 2 ? ' (on started first)' : ' (off started first)'}: off ${results.off[round]!.perSecond.toFixed(0)}/s, on ${results.on[round]!.perSecond.toFixed(0)}/s; keyed by a record: off ${byRecord.off[round]!.perSecond.toFixed(0)}/s, on ${byRecord.on[round]!.perSecond.toFixed(0)}/s`); }
    const slower = (1 - onP.perSecond / offP.perSecond) * 100;
    const p50 = (percentile(onP.latencies, 50) / percentile(offP.latencies, 50) - 1) * 100;
    console.log(`\naudit ON vs OFF: throughput ${slower >= 0 ? `${slower.toFixed(1)} % slower` : `${(-slower).toFixed(1)} % faster`}, p50 ${p50 >= 0 ? '+' : ''}${p50.toFixed(1)} % (target: under 10 % slower) -> ${slower < 10 ? 'meets' : 'MISSES'}`);
    const expected = results.on.reduce((a, p) => a + p.latencies.length, 0) * 3;
    console.log(`audit OFF ${cpuLine(cpu.page.off)} (page); audit ON ${cpuLine(cpu.page.on)}`);
    console.log(`audit events appended during the ON phases: ${pageEvents} (expected ${expected}: three per page)`);

    // Calls keyed by a record's own id: the same rounds, off / on.
    const rBase = merge(byRecord.baseline);
    const rOff = merge(byRecord.off);
    const rOn = merge(byRecord.on);
    console.log(`\ncalls keyed by a record (GET treatmentplan/treatmentplan/{id} + GET medicaldevice/{id} together):`);
    console.log(`baseline: ${line(rBase)}`);
    for (const [label, p] of [['audit OFF', rOff], ['audit ON ', rOn]] as const) {
      console.log(`${label}: ${line(p)} (pairs); vs baseline: throughput x${(p.perSecond / rBase.perSecond).toFixed(3)}, p50 x${(percentile(p.latencies, 50) / percentile(rBase.latencies, 50)).toFixed(2)}`);
    }
    console.log(`audit OFF ${cpuLine(cpu.record.off)} (pair); audit ON ${cpuLine(cpu.record.on)}`);
    const rSlower = (1 - rOn.perSecond / rOff.perSecond) * 100;
    console.log(`audit ON vs OFF: throughput ${rSlower >= 0 ? `${rSlower.toFixed(1)} % slower` : `${(-rSlower).toFixed(1)} % faster`} (target: under 10 % slower) -> ${rSlower < 10 ? 'meets' : 'MISSES'}`);
    const named = await database.pool!.query<{ n: string; with_patient: string }>(
      `select count(*) as n, count(*) filter (where patient_id = $1) as with_patient from audit_events where endpoint in ('GET treatmentplan/treatmentplan/{id}', 'GET medicaldevice/{id}')`,
      [seeded.target.id],
    );
    console.log(`their events: ${named.rows[0]!.n}, naming the patient: ${named.rows[0]!.with_patient}`);
    // The chain alone (no checkpoint key in the bench): docs/audit.md "What a check reports".
    const { result: check } = await checkFull({ db: database.db, key: null, sink: new FileCheckpointSink('/dev/null') });
    console.log(`chain check after the run: ${check.ok ? 'intact' : 'BROKEN'}, ${check.checked} events`);
  } finally {
    for (const api of apis) { await api.stop().catch(() => undefined); }
    await database.close();
    await bench.drop();
    agent.destroy();
  }
}

await main();
