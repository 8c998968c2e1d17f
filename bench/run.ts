/**
 * Benchmarks (issue 2 section 8). Prints figures; asserts nothing.
 *  1. The login page's JavaScript, gzipped (budget: at most 300 KB; later pages load lazily).
 *  2. GET hospital/getrelatedpatientsforhospitalv4 for an office of 5,000 patients, 20 concurrent
 *     callers, on PostgreSQL (budget: p99 under 50 ms). The API runs in a child process; the
 *     client in this one.
 * Usage: npm run bench   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { fork, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { Role } from '@vigil/contract';
import { buildApp } from '../packages/api/src/app';
import { loadTestConfig, repoRoot } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
import { hospitals, organizations, patientMetadata, userHospitals, users } from '../packages/api/src/db/schema/index';
import { hashPassword } from '../packages/api/src/lib/crypto';

function loginPageJs(): void {
  const dist = path.join(repoRoot, 'packages/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
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

/**
 * The API under test runs in a child process (so the load client does not share its event loop),
 * on the given database; it answers its port over IPC.
 */
async function serveApi(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, poolSize: 20 });
  const { app } = await buildApp(loadTestConfig({ validateResponses: false }), database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as { port: number }).port });
  process.on('message', (m: { memory?: boolean }) => {
    if (m.memory) process.send!({ rss: process.memoryUsage().rss });
  });
}

function startApiChild(databaseUrl: string): Promise<{ port: number; child: ReturnType<typeof fork> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--api-server', databaseUrl], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ port: m.port, child }));
    child.once('exit', (code) => reject(new Error(`API child exited with ${code}`)));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function patientsV4(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `vigil_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
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
    await database.pool!.query('analyze');
    console.log(`seeded 10,000 patients in 2 offices in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await app.close();
    const api = await startApiChild(url.toString());
    const address = { port: api.port };
    const signIn = await fetch(`http://127.0.0.1:${address.port}/api/auth/signinv3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchadmin', password: 'Bench#Password1' }),
    });
    const sessionGuid = ((await signIn.json()) as { data: { session: { sessionGuid: string } } }).data.session.sessionGuid;
    const variants = ['page=1&pageSize=25', 'page=40&pageSize=25&sort=-lastName', 'page=1&pageSize=50&search=Bench', 'page=3&pageSize=25&sort=birthdate'];
    const byVariant = new Map<string, number[]>();
    const call = async (i: number) => {
      const t0 = performance.now();
      const variant = variants[i % variants.length]!;
      const res = await fetch(`http://127.0.0.1:${address.port}/api/hospital/getrelatedpatientsforhospitalv4?${variant}`, {
        headers: { SessionGuid: sessionGuid, hospitalid: String(office!.id) },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      const ms = performance.now() - t0;
      byVariant.set(variant, [...(byVariant.get(variant) ?? []), ms]);
      return ms;
    };
    for (let i = 0; i < 100; i++) await call(i); // warm-up
    for (const [variant, list] of byVariant) {
      list.sort((a, b) => a - b);
      console.log(`  one caller, ${variant}: p50 ${percentile(list, 50).toFixed(1)} ms`);
    }
    byVariant.clear();
    const perCaller = 100;
    const latencies: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async (_, c) => {
        for (let i = 0; i < perCaller; i++) latencies.push(await call(c * perCaller + i));
      }),
    );
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
    const rss = await new Promise<number>((resolve) => {
      api.child.once('message', (m: { rss: number }) => resolve(m.rss));
      api.child.send({ memory: true });
    });
    console.log(`API process (child) memory after the load: ${(rss / 1024 / 1024).toFixed(0)} MB RSS`);
    api.child.kill();
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.argv[2] === '--api-server') await serveApi(process.argv[3]!);
else {
  loginPageJs();
  await patientsV4();
}
