/**
 * Benchmarks (docs/benchmarks.md). Prints figures; asserts nothing.
 *  1. The login page's JavaScript, gzipped (budget: at most 300 KB; later pages load lazily).
 *  2. GET hospital/getrelatedpatientsforhospitalv4 for an office of 5,000 patients, 20 concurrent
 *     callers, on PostgreSQL (budget: p99 under 50 ms). The API runs in a child process, bundled
 *     and started as `npm start` runs it (bench/api-process.ts); the client (node:http keep-alive)
 *     in this one.
 * Usage: npm run bench   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Role } from '@vigil/contract';
import { buildApp } from '../packages/api/src/app';
import { loadTestConfig, repoRoot } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
import { hospitals, organizations, patientMetadata, userHospitals, users } from '../packages/api/src/db/schema/index';
import { hashPassword } from '../packages/api/src/lib/crypto';
import { ApiProcess } from './api-process';
import { closedLoop, createBenchDatabase, get, percentile, signIn } from './lib';

function loginPageJs(): void {
  const dist = path.join(repoRoot, 'packages/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) { spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' }); }
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = fs.readFileSync(path.join(dist, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  console.log(`login page JavaScript: ${files.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped (budget 300 KB gzipped)`);
}

async function patientsV4(): Promise<void> {
  const bench = await createBenchDatabase('vigil_bench');
  const url = bench.url;
  const database = await openDatabase({ databaseUrl: url, poolSize: 20 });
  try {
    const { app, ctx } = await buildApp(loadTestConfig({ validateResponses: false }), database);
    const db = ctx.db;
    const [org] = await db.insert(organizations).values({ institutionName: 'Bench Health' }).returning();
    const [office] = await db.insert(hospitals).values({ organizationId: org!.id, hospitalName: 'Bench Clinic' }).returning();
    const [other] = await db.insert(hospitals).values({ organizationId: org!.id, hospitalName: 'Other Clinic' }).returning();
    const hash = await hashPassword('Bench#Password1');
    const [staff] = await db
      .insert(users)
      .values({ roleId: Role.HOSPITAL_ADMIN, organizationId: org!.id, firstName: 'Bench', lastName: 'Admin', username: 'benchadmin', email: 'bench@example.test', passwordHash: hash })
      .returning();
    await db.insert(userHospitals).values({ userId: staff!.id, hospitalId: office!.id, isAdmin: true });
    const started = Date.now();
    for (const [hospitalId, count] of [
      [office!.id, 5000],
      [other!.id, 5000],
    ] as const) {
      for (let i = 0; i < count; i += 1000) {
        const rows = Array.from({ length: 1000 }, (_, j) => ({
          roleId: Role.PATIENT,
          organizationId: org!.id,
          firstName: `Pat${i + j}`,
          lastName: `Bench${hospitalId}x${(i + j) % 977}`,
          username: `p${hospitalId}_${i + j}`,
          birthdate: '1950-01-01',
        }));
        const inserted = await db.insert(users).values(rows).returning({ id: users.id });
        await db.insert(userHospitals).values(inserted.map((u) => ({ userId: u.id, hospitalId })));
        await db.insert(patientMetadata).values(inserted.map((u, k) => ({ userId: u.id, patientIdentifier: `MRN${i + k}` })));
      }
    }
    // Readings for the triage figures (docs/patient-list.md): every patient of the office has a hub
    // reading a day on 20 of the last 30 days (100,000 readings), and every fifth an open alert.
    await database.pool!.query(
      `insert into measurements (patient_id, hospital_id, device_type, device_key, measured_at, values_json, source, severity)
       select uh.user_id, uh.hospital_id, 'BLOOD_PRESSURE', uh.user_id, now() - make_interval(days => d, hours => 1), '{"8480-6": 120, "8462-4": 80}'::jsonb, 'hub',
              case when d = 1 and uh.user_id % 5 = 0 then 2 else 0 end
         from user_hospitals uh cross join generate_series(1, 20) d
        where uh.hospital_id = $1 and uh.role_id = ${Role.PATIENT}`,
      [office!.id],
    );
    await database.pool!.query(
      `insert into notifications (notification_type_id, to_user_id, related_patient_id, hospital_id, measurement_id, message_en, message_es, severity)
       select 3, $2, m.patient_id, m.hospital_id, m.id, 'Abnormal', 'Anormal', m.severity from measurements m where m.severity > 0 and m.hospital_id = $1`,
      [office!.id, staff!.id],
    );
    // What autovacuum does on a live database: statistics and the visibility map (index-only scans).
    await database.pool!.query('vacuum analyze');
    console.log(`seeded 10,000 patients in 2 offices in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await app.close();
    const api = await ApiProcess.start(url);
    const address = { port: api.port };
    const sessionGuid = await signIn(address.port, 'benchadmin', 'Bench#Password1');
    // The /patients calls a day brings: opening the list, paging deep in another order, a name
    // search as typed (bench1x12: ~55 patients of the office), a sort by birth date.
    const variants = ['page=1&pageSize=25', 'page=40&pageSize=25&sort=-lastName', 'page=1&pageSize=50&search=bench1x12', 'page=3&pageSize=25&sort=birthdate'];
    // Worst case, measured on its own: a search every patient of the office matches.
    const everyone = 'page=1&pageSize=50&search=Bench';
    // The triage sorts and filters (docs/patient-list.md), measured on their own beside the first page.
    const triage = ['page=1&pageSize=25&sort=readingDays', 'page=1&pageSize=25&sort=-openAlerts', 'page=1&pageSize=25&readingDays=below&alerts=open'];
    const byVariant = new Map<string, number[]>();
    const call = async (i: number, only?: string) => {
      const t0 = performance.now();
      const variant = only ?? variants[i % variants.length]!;
      const res = await get(address.port, `/api/hospital/getrelatedpatientsforhospitalv4?${variant}`, { SessionGuid: sessionGuid, hospitalid: String(office!.id) });
      if (res.status !== 200) { throw new Error(`status ${res.status}`); }
      const ms = performance.now() - t0;
      byVariant.set(variant, [...(byVariant.get(variant) ?? []), ms]);
      return ms;
    };
    for (let i = 0; i < 400; i++) { await call(i); } // warm-up (JIT)
    for (const [variant, list] of byVariant) {
      list.sort((a, b) => a - b);
      console.log(`  one caller, ${variant}: p50 ${percentile(list, 50).toFixed(1)} ms`);
    }
    // Warm-up at full concurrency too: the API's pool opens its other connections (and prepares its
    // statements on them) here, not inside the timed run.
    await closedLoop(20, Infinity, (c, i) => call(c * 20 + i).then(() => undefined), 20);
    byVariant.clear();
    const perCaller = 200;
    const latencies: number[] = [];
    const t0 = performance.now();
    await closedLoop(20, Infinity, async (c, i) => {
      latencies.push(await call(c * perCaller + i));
    }, perCaller);
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `GET hospital/getrelatedpatientsforhospitalv4, office of 5,000 patients, 20 concurrent callers, ${latencies.length} requests: ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
        `${(latencies.length / seconds).toFixed(0)} req/s (budget p99 < 50 ms)`,
    );
    for (const [variant, list] of byVariant) {
      list.sort((a, b) => a - b);
      console.log(`  20 callers, ${variant}: p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms`);
    }
    const worst: number[] = [];
    const w0 = performance.now();
    await closedLoop(20, Infinity, async (_, i) => {
      worst.push(await call(i, everyone));
    }, 25);
    worst.sort((a, b) => a - b);
    console.log(
      `  worst case alone, 20 callers, ${everyone} (all 5,000 match, counted and sorted): p50 ${percentile(worst, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(worst, 99).toFixed(1)} ms, ${(worst.length / ((performance.now() - w0) / 1000)).toFixed(0)} req/s`,
    );
    for (const variant of triage) {
      const alone: number[] = [];
      const base: number[] = [];
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          for (let i = 0; i < 10; i++) {
            const t1 = performance.now();
            await call(i, variant);
            alone.push(performance.now() - t1);
            const t2 = performance.now();
            await call(i, variants[0]);
            base.push(performance.now() - t2);
          }
        }),
      );
      alone.sort((a, b) => a - b);
      base.sort((a, b) => a - b);
      console.log(
        `  triage, 20 callers, ${variant} (every patient's figures, 100,000 readings): p50 ${percentile(alone, 50).toFixed(1)} ms, p99 ${percentile(alone, 99).toFixed(1)} ms; ` +
          `first page in the same run p99 ${percentile(base, 99).toFixed(1)} ms, ratio ${(percentile(alone, 99) / percentile(base, 99)).toFixed(1)}x (budget p99 < 50 ms)`,
      );
    }
    const { rss } = await api.memory();
    console.log(`API process (child) memory after the load: ${(rss / 1024 / 1024).toFixed(0)} MB RSS`);
    await api.stop();
  } finally {
    await database.close();
    await bench.drop();
  }
}

loginPageJs();
await patientsV4();
