/**
 * CCM record benchmark (docs/benchmarks.md "CCM record", docs/ccm.md). Prints figures; asserts nothing.
 *
 * GET ccmrecord/{id} (the record with all 14 sub-record sections) on PostgreSQL, records with
 * every section filled with 50 rows (linked sections with their diagnoses, prescriptions,
 * measurements, note details and time entries), 20 concurrent callers back to back. Target:
 * p99 < 50 ms. Printed beside a same-run baseline, a trivial authenticated GET
 * (verifier/dinstinctDomains) at the same concurrency, with the ratios of p50s and p99s, in three
 * ways (docs/ccm.md "Record answer cache and ETag"):
 * - cold: every request builds the answer (each caller its own record, whose version the bench
 *   bumps before each request, as a write would; the bump is not timed);
 * - kept: the answer this process keeps for the record's version (one small statement), as is
 *   and as a browser asks for it (Accept-Encoding: gzip, deflate, br: the kept brotli variant);
 * - 304: the caller's copy revalidated with its ETag (If-None-Match), no body.
 * The machine's load average (os.loadavg, as `uptime` prints it) is printed before and after.
 *
 * Set-up: a fresh database on BENCH_DATABASE_URL (else DATABASE_URL, else the local `test`
 * database's server), migrated, then the API in a child process bundled and started as
 * `npm start` runs it (bench/api-process.ts).
 * Usage: npm run bench:ccm   (BENCH_SECONDS, default 10; BENCH_KEEP_DB=1 keeps the database)
 */
import os from 'node:os';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { openDatabase } from '../packages/api/src/db/client';
import { seedReferenceData } from '../packages/api/src/db/seed/reference';
import * as s from '../packages/api/src/db/schema/index';
import { hashPassword } from '../packages/api/src/lib/crypto';
import { ApiProcess } from './api-process';
import { agent, closedLoop, createBenchDatabase, get, latencyLine, loadGet, signIn, stats, type GetLoad } from './lib';

const CALLERS = 20;
const ROWS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench#Password1';
const fmt = (xs: number[]) => latencyLine(xs);
const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(', ');

const range = <T>(f: (i: number) => T) => Array.from({ length: ROWS }, (_, i) => f(i));
const day = (i: number) => `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** A record of `patientId` in `hospitalId` with `ROWS` rows in each of the 14 sections (and the other features' rows they link); answers its id. */
async function filledRecord(db: Db, n: number, patientId: number, hospitalId: number, nurseId: number): Promise<number> {
  const [record] = await db.insert(s.ccmRecords).values({ patientId, hospitalId, recordDate: '2026-01-01', createdBy: nurseId }).returning();
  const std = { ccmRecordId: record!.id, patientId, hospitalId, createdBy: nurseId };

  // The other features' rows the linked sections name (a reading's identity includes its instant: one hour apart per record).
  const dx = await db.insert(s.patientDiagnoses).values(range((i) => ({ patientId, code: 'E11.9', description: `Diagnosis ${i}` }))).returning({ id: s.patientDiagnoses.id });
  const rx = await db.insert(s.prescriptions).values(range((i) => ({ patientId, hospitalId, medicationName: `Medication ${i}`, dose: '10 mg' }))).returning({ id: s.prescriptions.id });
  const ms = await db
    .insert(s.measurements)
    .values(range((i) => ({ patientId, hospitalId, deviceKey: -patientId, deviceType: 'WEIGHT', measuredAt: new Date(Date.UTC(2025, 0, 1 + n, 0, i)), valuesJson: { '29463-7': 80 + i / 10 }, source: 'manual', isManual: true })))
    .returning({ id: s.measurements.id });
  await db.insert(s.medicalNotes).values({ patientId, hospitalId, year: 2026, month: 1 }).onConflictDoNothing();
  const [note] = await db.select({ id: s.medicalNotes.id }).from(s.medicalNotes).where(eq(s.medicalNotes.patientId, patientId));
  const nd = await db.insert(s.medicalNoteDetails).values(range((i) => ({ medicalNoteId: note!.id, text: `CCM note ${i}`, program: 'CCM', authorId: nurseId }))).returning({ id: s.medicalNoteDetails.id });
  const te = await db
    .insert(s.timeEntries)
    .values(range((i) => ({ patientId, hospitalId, staffUserId: nurseId, program: 'CCM', activity: `Call ${i}`, startedAt: new Date(Date.UTC(2026, 0, 1, i)), endedAt: new Date(Date.UTC(2026, 0, 1, i, 20)), seconds: 1200, isAutomatic: false })))
    .returning({ id: s.timeEntries.id });

  // 50 rows in each of the 14 sections.
  await db.insert(s.ccmDiagnoses).values(dx.map((d) => ({ ...std, diagnosisId: d.id, diagnosisType: 'CM' })));
  const conds = await db.insert(s.ccmConditions).values(range((i) => ({ ...std, name: `Condition ${i}`, icd10Code: 'I10', historyStatus: 'STABLE' }))).returning({ id: s.ccmConditions.id });
  await db.insert(s.ccmConditionHistory).values(conds.map((c) => ({ conditionId: c.id, hospitalId, status: 'STABLE', recordedOn: '2026-01-01' })));
  await db.insert(s.ccmCarePlans).values(
    range((i) => ({ ...std, title: `Plan ${i}`, planType: 'comprehensive', status: 'active', problemList: 'E11.9; I10', expectedOutcome: 'Stable', prognosis: 'Good', goals: [{ description: 'A1c < 7', status: 'IN_PROGRESS' }], symptomManagement: 'Monitor', interventions: [{ description: 'Call monthly', responsible: 'RN' }], medicationManagement: 'Review', reviewDate: '2026-06-30' })),
  );
  await db.insert(s.ccmMedicationEvents).values(rx.map((r, i) => ({ ...std, prescriptionId: r.id, eventType: 'STARTED', eventDate: day(i) })));
  await db.insert(s.ccmVitalEntries).values(ms.map((m) => ({ ...std, measurementId: m.id, vitalType: '29463-7' })));
  await db.insert(s.ccmMedicalNotes).values(nd.map((d) => ({ ...std, medicalNoteDetailId: d.id, title: 'MONTHLY_REVIEW', noteType: '11506-3' })));
  await db.insert(s.ccmTimeLogEntries).values(te.map((e) => ({ ...std, timeEntryId: e.id })));
  await db.insert(s.ccmObservations).values(range((i) => ({ ...std, category: 'exam', name: `Observation ${i}`, value: 'Normal', observedOn: day(i) })));
  await db.insert(s.ccmAllergies).values(range((i) => ({ ...std, allergen: `Allergen ${i}`, category: 'FOOD' })));
  await db.insert(s.ccmAttachments).values(range((i) => ({ ...std, title: `Document ${i}`, documentType: '11488-4', documentDate: day(i) })));
  await db.insert(s.ccmConsentForms).values(range((i) => ({ ...std, program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: day(i), obtainedBy: 'RN' })));
  await db.insert(s.ccmImaging).values(range((i) => ({ ...std, modality: 'DX', bodyPart: 'CHEST', studyDate: day(i), description: `Study ${i}` })));
  await db.insert(s.ccmVaccines).values(range((i) => ({ ...std, cvxCode: '150', administeredOn: day(i), status: 'COMPLETED' })));
  await db.insert(s.ccmLabs).values(range((i) => ({ ...std, panel: '4548-4', specimen: 'BLD', testName: `Test ${i}`, value: '7.1', source: 'IN_HOUSE', collectedOn: day(i), interpretation: 'H' })));
  return record!.id;
}

/**
 * `CALLERS` callers back to back for `seconds`, caller c reading `records[c]` after a new version
 * of it was taken (`bump_ccm_record_versions`, the migration's function a write's trigger calls),
 * so that every request builds the answer. Only the GET is timed.
 */
async function loadCold(port: number, pool: pg.Pool, records: number[], headers: Record<string, string>, seconds: number): Promise<GetLoad> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let wireBytes = 0;
  const t0 = performance.now();
  await closedLoop(CALLERS, seconds, async (c) => {
    await pool.query('select bump_ccm_record_versions(array[$1]::int[])', [records[c]]);
    const started = performance.now();
    const res = await get(port, `/api/ccmrecord/${records[c]!}`, headers);
    latencies.push(performance.now() - started);
    if (res.status !== 200) { errors++; }
    bytes = res.bytes;
    wireBytes = res.wireBytes;
  });
  return { latencies, errors, bytes, wireBytes, rate: latencies.length / ((performance.now() - t0) / 1000) };
}

async function main(): Promise<void> {
  const bench = await createBenchDatabase('vigil_bench_ccm');
  const url = bench.url;
  let api: ApiProcess | null = null;
  let pool: pg.Pool | null = null;
  try {
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    const db = database.db;
    await seedReferenceData(db);
    const [org] = await db.insert(s.organizations).values({ institutionName: 'Bench Health' }).returning();
    const [office] = await db.insert(s.hospitals).values({ organizationId: org!.id, hospitalName: 'Bench Clinic', timeZone: 'America/New_York' }).returning();
    const mkUser = async (roleId: number, username: string) =>
      (await db.insert(s.users).values({ roleId, organizationId: org!.id, firstName: 'Bench', lastName: username, username, email: `${username}@example.test`, passwordHash: await hashPassword(PASSWORD) }).returning())[0]!;
    const nurse = await mkUser(Role.NURSE, 'benchnurse');
    const patient = await mkUser(Role.PATIENT, 'benchpatient');
    await db.insert(s.userHospitals).values([{ userId: nurse.id, hospitalId: office!.id }, { userId: patient.id, hospitalId: office!.id }]);
    // One record per caller for the cold reads, and the record every caller reads kept.
    const records: number[] = [];
    for (let n = 0; n <= CALLERS; n++) { records.push(await filledRecord(db, n, patient.id, office!.id, nurse.id)); }
    const shared = records.pop()!;
    await database.pool!.query('analyze');
    await database.close();
    pool = new pg.Pool({ connectionString: url, max: 4 });

    api = await ApiProcess.start(url);
    const sessionGuid = await signIn(api.port, 'benchnurse', PASSWORD);
    const headers = { SessionGuid: sessionGuid };
    const recordPath = `/api/ccmrecord/${shared}`;
    const baselinePath = '/api/verifier/dinstinctDomains';
    const load = (path: string, h: Record<string, string>, seconds: number, expect = 200) => loadGet(api!.port, path, h, seconds, { callers: CALLERS, expect });

    console.log(`load average before (1, 5, 15 min): ${loadAverage()} on ${os.cpus().length} cores`);
    await loadCold(api.port, pool, records, headers, 2); // warm-up
    await load(recordPath, headers, 1);
    await load(baselinePath, headers, 1);
    // Each way is measured right after its own baseline run: the shared machine's load moves within a run.
    const etag = (await get(api.port, recordPath, headers)).etag ?? '';
    const ways: [string, () => Promise<GetLoad>][] = [
      ['cold (built every time)', () => loadCold(api!.port, pool!, records, headers, SECONDS)],
      ['kept (same version)', () => load(recordPath, headers, SECONDS)],
      // As a browser asks (Accept-Encoding): the kept brotli variant.
      ['kept, Accept-Encoding: gzip, deflate, br', () => load(recordPath, { ...headers, 'accept-encoding': 'gzip, deflate, br' }, SECONDS)],
      ['re-read with its ETag (304)', () => load(recordPath, { ...headers, 'if-none-match': etag }, SECONDS, 304)],
    ];
    console.log(`\n${CALLERS} concurrent callers back to back, ${SECONDS} s each, a CCM record with 14 sections of ${ROWS} rows; each way right after its baseline (GET verifier/dinstinctDomains)`);
    for (const [name, run] of ways) {
      const baseline = await load(baselinePath, headers, SECONDS);
      const r = await run();
      const [x, b] = [stats(r.latencies), stats(baseline.latencies)];
      console.log(`  GET ccmrecord/{id} ${name} (${(r.bytes / 1024).toFixed(1)} KiB)`);
      console.log(`    baseline: ${fmt(baseline.latencies)}, ${baseline.rate.toFixed(0)} req/s, errors ${baseline.errors}`);
      console.log(`    record:   ${fmt(r.latencies)}, ${r.rate.toFixed(0)} req/s, errors ${r.errors}; ratio p50 ${(x.p50 / b.p50).toFixed(1)}x, p99 ${(x.p99 / b.p99).toFixed(1)}x`);
    }
    console.log('  target: record p99 < 50 ms');
    console.log(`load average after (1, 5, 15 min): ${loadAverage()}`);
  } finally {
    await pool?.end();
    await api?.stop();
    await bench.drop();
    agent.destroy();
  }
}

await main();
