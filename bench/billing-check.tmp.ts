import pg from 'pg';
import { Role } from '@vigil/contract';
import { buildApp } from '../packages/api/src/app';
import { loadTestConfig } from '../packages/api/src/config/index';
import { openDatabase } from '../packages/api/src/db/client';
import { processRun } from '../packages/api/src/features/billing/generation';
import * as repo from '../packages/api/src/features/billing/generation.repo';

const base = 'postgres://postgres@127.0.0.1:5432/test';
const name = `vigil_bbench_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
const { app, ctx } = await buildApp(loadTestConfig({ validateResponses: false }), database);
const q = (s: string, p: unknown[] = []) => database.pool!.query(s, p);
try {
  const t0 = Date.now();
  const org = (await q(`insert into organizations (institution_name) values ('B') returning id`)).rows[0].id;
  const office = (await q(`insert into hospitals (organization_id, hospital_name) values ($1, 'C') returning id`, [org])).rows[0].id;
  const doc = (await q(`insert into users (role_id, organization_id, first_name, last_name, username) values (3, $1, 'D', 'Doc', 'doc') returning id`, [org])).rows[0].id;
  const nurse = (await q(`insert into users (role_id, organization_id, first_name, last_name, username) values (4, $1, 'N', 'Nurse', 'nurse') returning id`, [org])).rows[0].id;
  await q(`insert into users (role_id, organization_id, first_name, last_name, username) select 5, $1, 'P'||g, 'Pat'||g, 'p'||g from generate_series(1,10000) g`, [org]);
  await q(`insert into user_hospitals (user_id, hospital_id) select id, $1 from users where role_id = 5`, [office]);
  await q(`insert into patient_billing_profiles (patient_id, billing_type, billing_practitioner_id, rpm_episode_start, diagnoses_json) select id, 'RPM', $1, '2026-10-01', '["I10","E11.9"]' from users where role_id = 5`, [doc]);
  await q(`insert into measurements (patient_id, hospital_id, hub_key, device_key, device_type, measured_at, values_json, source)
           select u.id, $1, u.id, 1, 'BLOOD_PRESSURE', timestamptz '2026-10-01 12:00+00' + (d || ' days')::interval + (h*3 || ' hours')::interval, '{"8480-6":120}', 'hub'
             from users u, generate_series(0,29) d, generate_series(0,3) h where u.role_id = 5`, [office]);
  await q(`insert into time_entries (patient_id, hospital_id, staff_user_id, program, interactive, started_at, ended_at, seconds, is_automatic)
           select u.id, $1, $2, 'RPM', k = 0, timestamptz '2026-10-10 14:00+00' + (k || ' hours')::interval, timestamptz '2026-10-10 14:00+00' + (k || ' hours')::interval + interval '12 minutes', 720, false
             from users u, generate_series(0,1) k where u.role_id = 5`, [office, nurse]);
  await q('analyze');
  console.log(`rss before ${(process.memoryUsage().rss/1e6).toFixed(0)} MB`); console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const scope = { userId: doc, role: Role.SYSTEM_ADMIN, organizationId: null, officeIds: [], sessionId: 0, lang: 'en' as const };
  {
    const om = await (await import('../packages/api/src/features/billing/generation')).loadOfficeMonth(scope, ctx.db, (await repo.findOffice(scope, ctx.db, office))!, 2026, 10);
    const tm = async (label: string, fn: () => Promise<unknown>) => { const s = Date.now(); const r = await fn(); console.log(label, Date.now() - s, 'ms'); return r; };
    const pts = (await tm('patients', () => repo.findOfficePatients(scope, ctx.db, om.office))) as repo.PatientBase[];
    const ids = pts.slice(0, 1000).map((p) => p.patientId);
    const { readingWindow } = await import('../packages/api/src/features/billing/engine/device');
    const { instantOfLocal } = await import('../packages/api/src/lib/office-calendar');
    const w = readingWindow(2026, 10);
    const range = { from: instantOfLocal(w.from, '00:00', om.office.timeZone), to: instantOfLocal('2026-11-01', '00:00', om.office.timeZone) };
    await tm('readingDays', () => repo.findReadingDays(scope, ctx.db, om.office, ids, range));
    await tm('firstDays', () => repo.findFirstReadingDays(scope, ctx.db, om.office, ids.map((id) => ({ id, rtm: false })), false));
    await tm('time', () => repo.findTimeEntries(scope, ctx.db, om.office, ids, range));
    await tm('notes', () => repo.findNotes(scope, ctx.db, om.office, ids, 2026, 10));
    await tm('prior', () => repo.findPriorSetupClaims(scope, ctx.db, ids, 2026, 10));
    await tm('cocm', () => repo.findFirstCocmMonths(scope, ctx.db, om.office, ids));
    await tm('elsewhere', () => repo.findClaimsElsewhere(scope, ctx.db, office, ids, 2026, 10));
    const { computeBatch, toClaimRow } = await import('../packages/api/src/features/billing/generation');
    const outs = (await tm('computeBatch', () => computeBatch(scope, ctx.db, om, pts.slice(0, 1000)))) as Awaited<ReturnType<typeof computeBatch>>;
    const rows = outs.flatMap((o) => o.result.claims.map((c) => toClaimRow(o.patient.patientId, c)));
    console.log('json bytes', JSON.stringify(rows).length);
    const run = await repo.createRun(scope, ctx.db, { scopeKind: 'hospital', scopeId: office, year: 2026, month: 10, total: 0, startedBy: doc });
    await tm('replace', () => repo.replaceClaims(scope, ctx.db, { runId: run.id, hospitalId: office, year: 2026, month: 10, patientIds: ids, rows }));
    await tm('replace again', () => repo.replaceClaims(scope, ctx.db, { runId: run.id, hospitalId: office, year: 2026, month: 10, patientIds: ids, rows }));
  }
  for (const attempt of [1, 2]) {
    const run = await repo.createRun(scope, ctx.db, { scopeKind: 'hospital', scopeId: office, year: 2026, month: 10, total: 0, startedBy: doc });
    const mem0 = process.memoryUsage().rss;
    let peak = mem0;
    let heap = 0; const timer = setInterval(() => { const m = process.memoryUsage(); peak = Math.max(peak, m.rss); heap = Math.max(heap, m.heapUsed + m.external); }, 20);
    const s = Date.now();
    await processRun(scope, ctx.db, run.id, [(await repo.findOffice(scope, ctx.db, office))!], 2026, 10);
    clearInterval(timer);
    const n = (await q('select count(*)::int n, count(*) filter (where status = $1)::int b from billing_claims', ['billable'])).rows[0];
    console.log(`run ${attempt}: ${((Date.now() - s) / 1000).toFixed(2)} s, rows ${n.n} (billable ${n.b}), rss peak ${(peak / 1e6).toFixed(0)} MB, heap+ext peak ${(heap / 1e6).toFixed(0)} MB`);
  }
  const codes = (await q(`select code, status, count(*)::int from billing_claims group by 1,2 order by 1,2`)).rows;
  console.log(codes);
} finally {
  await app.close();
  await database.close();
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
