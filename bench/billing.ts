/**
 * Billing generation benchmark (docs/benchmarks.md). Prints figures; asserts nothing.
 *
 * One office of 10,000 RPM patients, each with 30 days x 4 automatic readings (1.2 million
 * readings) in the device period of last month and two RPM time entries (12 minutes with a call,
 * 10 more minutes); a third of them also 25 minutes of CCM time. The month is generated through
 * GET /api/billing/generateforallhospitalpatientsformonth (answers the run at once) and
 * GET /api/billing/getbillingrun is polled until the run is done. Printed: wall time from the
 * request to the run's end (target under 10 s), rows written, and this process's memory, sampled
 * every 20 ms (target RSS under 500 MB). Then the same month again (the re-run replaces the rows).
 *
 * Usage: node --import tsx bench/billing.ts   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { Role } from '@vigil/contract';
import { buildApp } from '../packages/api/src/app';
import { loadTestConfig } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
import { newToken, tokenHash } from '../packages/api/src/lib/crypto';
import { createBenchDatabase } from './lib';

const PATIENTS = 10_000;
const MB = (n: number) => `${(n / 1e6).toFixed(0)} MB`;

const bench = await createBenchDatabase('vigil_bench_billing');
const { url } = bench;
const database = await openDatabase({ databaseUrl: url, poolSize: 20 });
const { app } = await buildApp(loadTestConfig({ validateResponses: false }), database);
await app.ready();
const q = (text: string, params: unknown[] = []) => database.pool!.query(text, params);

try {
  // Last month (UTC; the office is in New York, so the month is surely past there too).
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const year = last.getUTCFullYear();
  const month = last.getUTCMonth() + 1;
  const first = `${year}-${String(month).padStart(2, '0')}-01`;

  const seeded = Date.now();
  const org = (await q(`insert into organizations (institution_name) values ('Bench Health') returning id`)).rows[0].id as number;
  const office = (await q(`insert into hospitals (organization_id, hospital_name, time_zone) values ($1, 'Bench Clinic', 'America/New_York') returning id`, [org])).rows[0].id as number;
  const mk = async (role: number, username: string) =>
    (await q(`insert into users (role_id, organization_id, first_name, last_name, username) values ($1, $2, 'Bench', $3, $3) returning id`, [role, org, username])).rows[0].id as number;
  const doctor = await mk(Role.DOCTOR, 'benchdoctor');
  const nurse = await mk(Role.NURSE, 'benchnurse');
  const officeAdmin = await mk(Role.HOSPITAL_ADMIN, 'benchadmin');
  await q(`insert into user_hospitals (user_id, hospital_id, is_admin) values ($1, $4, false), ($2, $4, false), ($3, $4, true)`, [doctor, nurse, officeAdmin, office]);
  await q(
    `insert into users (role_id, organization_id, first_name, last_name, username)
     select ${Role.PATIENT}, $1, 'Pat' || g, 'Bench' || (g % 977), 'benchp' || g from generate_series(1, ${PATIENTS}) g`,
    [org],
  );
  await q(`insert into user_hospitals (user_id, hospital_id) select id, $1 from users where role_id = ${Role.PATIENT}`, [office]);
  await q(
    `insert into patient_billing_profiles (patient_id, billing_type, billing_practitioner_id, rpm_episode_start, diagnoses_json)
     select id, 'RPM', $1, $2::date, '["I10","E11.9"]' from users where role_id = ${Role.PATIENT}`,
    [doctor, first],
  );
  await q(
    `insert into measurements (patient_id, hospital_id, hub_key, device_key, device_type, measured_at, values_json, source)
     select u.id, $1, u.id, 1, 'BLOOD_PRESSURE', ($2::date + d + make_interval(hours => 8 + h * 4)) at time zone 'America/New_York',
            '{"8480-6":120,"8462-4":80}', 'hub'
       from users u, generate_series(0, 29) d, generate_series(0, 3) h where u.role_id = ${Role.PATIENT}`,
    [office, first],
  );
  await q(
    `insert into time_entries (patient_id, hospital_id, staff_user_id, program, activity, interactive, started_at, ended_at, seconds, is_automatic)
     select u.id, $1, $2, e.program, 'review', e.interactive, s.at, s.at + make_interval(secs => e.seconds), e.seconds, false
       from users u
       cross join (values ('RPM', true, 720, 0), ('RPM', false, 600, 1), ('CCM', false, 1500, 2)) as e(program, interactive, seconds, k)
       cross join lateral (select ($3::date + 9 + make_interval(hours => 9 + e.k)) at time zone 'America/New_York' as at) s
      where u.role_id = ${Role.PATIENT} and (e.program <> 'CCM' or u.id % 3 = 0)`,
    [office, nurse, first],
  );
  await q('analyze');
  const counts = (await q(`select (select count(*) from measurements)::int as readings, (select count(*) from time_entries)::int as entries`)).rows[0];
  console.log(`seeded ${PATIENTS} patients, ${counts.readings} readings, ${counts.entries} time entries in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  const token = newToken();
  await q(`insert into sessions (token_hash, user_id, session_type, ip, expires_at) values ($1, $2, 'BENCH', '127.0.0.1', now() + interval '1 hour')`, [tokenHash(token), officeAdmin]);
  const headers = { sessionguid: token, hospitalid: String(office), month: String(month), year: String(year) };

  for (const attempt of ['first run', 're-run']) {
    if (global.gc) { global.gc(); }
    const before = process.memoryUsage();
    let rssPeak = before.rss;
    let heapPeak = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      rssPeak = Math.max(rssPeak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
    }, 20);
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/billing/generateforallhospitalpatientsformonth', headers });
    if (res.statusCode !== 200) { throw new Error(`generation refused: ${res.statusCode} ${res.body}`); }
    const runId = res.json().data.runId as number;
    let run: { status: string; total: number; done: number };
    do {
      await new Promise((r) => setTimeout(r, 50));
      run = (await app.inject({ method: 'GET', url: '/api/billing/getbillingrun', headers: { sessionguid: token, runid: String(runId) } })).json().data;
    } while (run.status === 'running');
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const rows = (await q(`select count(*)::int as n, count(*) filter (where status = 'billable')::int as billable from billing_claims`)).rows[0];
    console.log(
      `${attempt}: ${run.status} ${run.done}/${run.total} patients in ${seconds.toFixed(2)} s (target < 10 s); ` +
        `${rows.n} billing_claims rows (${rows.billable} billable); RSS ${MB(before.rss)} -> peak ${MB(rssPeak)} (target < 500 MB), heap ${MB(before.heapUsed)} -> peak ${MB(heapPeak)}`,
    );
  }
  const codes = (await q(`select code, status, count(*)::int as n from billing_claims group by 1, 2 order by 1, 2`)).rows;
  console.log('codes:', codes.map((c) => `${c.code} ${c.status} x${c.n}`).join(', '));
} finally {
  await app.close();
  await database.close();
  await bench.drop();
}
