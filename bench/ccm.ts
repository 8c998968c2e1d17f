/**
 * CCM record benchmark (docs/benchmarks.md "CCM record", docs/ccm.md). Prints figures; asserts nothing.
 *
 * GET ccmrecord/{id} (the record with all 14 sub-record sections) on PostgreSQL, a record with
 * every section filled with 50 rows (linked sections with their diagnoses, prescriptions,
 * measurements, note details and time entries), 20 concurrent callers back to back. Target:
 * p99 < 50 ms. Printed beside a same-run baseline: a trivial authenticated GET
 * (verifier/dinstinctDomains) at the same concurrency, and the ratio of their p99s.
 *
 * Set-up: a fresh database on BENCH_DATABASE_URL (else DATABASE_URL, else the local `test`
 * database's server), migrated, then the API in a child process bundled and started as
 * `npm start` runs it (bench/api-process.ts).
 * Usage: npm run bench:ccm   (BENCH_SECONDS, default 10; BENCH_KEEP_DB=1 keeps the database)
 */
import { Role } from '@vigil/contract';
import { openDatabase } from '../packages/api/src/db/client';
import { seedReferenceData } from '../packages/api/src/db/seed/reference';
import * as s from '../packages/api/src/db/schema/index';
import { hashPassword } from '../packages/api/src/lib/crypto';
import { ApiProcess } from './api-process';
import { agent, createBenchDatabase, latencyLine, loadGet, p99, signIn } from './lib';

const CALLERS = 20;
const ROWS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench#Password1';
const fmt = (xs: number[]) => latencyLine(xs);

/** `CALLERS` callers back to back for `seconds`. */
const load = (port: number, headers: Record<string, string>, seconds: number, path: string) => loadGet(port, path, headers, seconds, { callers: CALLERS });

const range = <T>(f: (i: number) => T) => Array.from({ length: ROWS }, (_, i) => f(i));
const day = (i: number) => `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;

async function main(): Promise<void> {
  const bench = await createBenchDatabase('vigil_bench_ccm');
  const url = bench.url;
  let api: ApiProcess | null = null;
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
    const [record] = await db.insert(s.ccmRecords).values({ patientId: patient.id, hospitalId: office!.id, recordDate: '2026-01-01', createdBy: nurse.id }).returning();
    const std = { ccmRecordId: record!.id, patientId: patient.id, hospitalId: office!.id, createdBy: nurse.id };

    // The other features' rows the linked sections name.
    const dx = await db.insert(s.patientDiagnoses).values(range((i) => ({ patientId: patient.id, code: 'E11.9', description: `Diagnosis ${i}` }))).returning({ id: s.patientDiagnoses.id });
    const rx = await db.insert(s.prescriptions).values(range((i) => ({ patientId: patient.id, hospitalId: office!.id, medicationName: `Medication ${i}`, dose: '10 mg' }))).returning({ id: s.prescriptions.id });
    const ms = await db
      .insert(s.measurements)
      .values(range((i) => ({ patientId: patient.id, hospitalId: office!.id, deviceKey: -patient.id, deviceType: 'WEIGHT', measuredAt: new Date(Date.UTC(2025, 0, 1, i)), valuesJson: { '29463-7': 80 + i / 10 }, source: 'manual', isManual: true })))
      .returning({ id: s.measurements.id });
    const [note] = await db.insert(s.medicalNotes).values({ patientId: patient.id, hospitalId: office!.id, year: 2026, month: 1 }).returning();
    const nd = await db.insert(s.medicalNoteDetails).values(range((i) => ({ medicalNoteId: note!.id, text: `CCM note ${i}`, program: 'CCM', authorId: nurse.id }))).returning({ id: s.medicalNoteDetails.id });
    const te = await db
      .insert(s.timeEntries)
      .values(range((i) => ({ patientId: patient.id, hospitalId: office!.id, staffUserId: nurse.id, program: 'CCM', activity: `Call ${i}`, startedAt: new Date(Date.UTC(2026, 0, 1, i)), endedAt: new Date(Date.UTC(2026, 0, 1, i, 20)), seconds: 1200, isAutomatic: false })))
      .returning({ id: s.timeEntries.id });

    // 50 rows in each of the 14 sections.
    await db.insert(s.ccmDiagnoses).values(dx.map((d) => ({ ...std, diagnosisId: d.id, diagnosisType: 'CM' })));
    const conds = await db.insert(s.ccmConditions).values(range((i) => ({ ...std, name: `Condition ${i}`, icd10Code: 'I10', historyStatus: 'STABLE' }))).returning({ id: s.ccmConditions.id });
    await db.insert(s.ccmConditionHistory).values(conds.map((c) => ({ conditionId: c.id, hospitalId: office!.id, status: 'STABLE', recordedOn: '2026-01-01' })));
    await db.insert(s.ccmCarePlans).values(
      range((i) => ({ ...std, title: `Plan ${i}`, planType: 'comprehensive', status: 'active', problemList: 'E11.9; I10', expectedOutcome: 'Stable', prognosis: 'Good', goals: [{ description: 'A1c < 7', status: 'IN_PROGRESS' }], symptomManagement: 'Monitor', interventions: [{ description: 'Call monthly', responsible: 'RN' }], medicationManagement: 'Review', reviewDate: '2026-06-30' })),
    );
    await db.insert(s.ccmMedicationEvents).values(rx.map((r, i) => ({ ...std, prescriptionId: r.id, eventType: 'STARTED', eventDate: day(i) })));
    await db.insert(s.ccmVitalEntries).values(ms.map((m) => ({ ...std, measurementId: m.id, vitalType: '29463-7' })));
    await db.insert(s.ccmMedicalNotes).values(nd.map((n) => ({ ...std, medicalNoteDetailId: n.id, title: 'MONTHLY_REVIEW', noteType: '11506-3' })));
    await db.insert(s.ccmTimeLogEntries).values(te.map((e) => ({ ...std, timeEntryId: e.id })));
    await db.insert(s.ccmObservations).values(range((i) => ({ ...std, category: 'exam', name: `Observation ${i}`, value: 'Normal', observedOn: day(i) })));
    await db.insert(s.ccmAllergies).values(range((i) => ({ ...std, allergen: `Allergen ${i}`, category: 'FOOD' })));
    await db.insert(s.ccmAttachments).values(range((i) => ({ ...std, title: `Document ${i}`, documentType: '11488-4', documentDate: day(i) })));
    await db.insert(s.ccmConsentForms).values(range((i) => ({ ...std, program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: day(i), obtainedBy: 'RN' })));
    await db.insert(s.ccmImaging).values(range((i) => ({ ...std, modality: 'DX', bodyPart: 'CHEST', studyDate: day(i), description: `Study ${i}` })));
    await db.insert(s.ccmVaccines).values(range((i) => ({ ...std, cvxCode: '150', administeredOn: day(i), status: 'COMPLETED' })));
    await db.insert(s.ccmLabs).values(range((i) => ({ ...std, panel: '4548-4', specimen: 'BLD', testName: `Test ${i}`, value: '7.1', source: 'IN_HOUSE', collectedOn: day(i), interpretation: 'H' })));
    await database.pool!.query('analyze');
    await database.close();

    api = await ApiProcess.start(url);
    const sessionGuid = await signIn(api.port, 'benchnurse', PASSWORD);
    const headers = { SessionGuid: sessionGuid };
    const recordPath = `/api/ccmrecord/${record!.id}`;
    const baselinePath = '/api/verifier/dinstinctDomains';

    await load(api.port, headers, 2, recordPath); // warm-up
    await load(api.port, headers, 1, baselinePath);
    const baseline = await load(api.port, headers, SECONDS, baselinePath);
    const opened = await load(api.port, headers, SECONDS, recordPath);
    console.log(`\n${CALLERS} concurrent callers back to back, ${SECONDS} s each, a CCM record with 14 sections of ${ROWS} rows (${(opened.bytes / 1024).toFixed(0)} KiB answer)`);
    console.log(`  baseline GET verifier/dinstinctDomains: ${fmt(baseline.latencies)}, ${baseline.rate.toFixed(0)} req/s, errors ${baseline.errors}`);
    console.log(`  GET ccmrecord/{id}:                     ${fmt(opened.latencies)}, ${opened.rate.toFixed(0)} req/s, errors ${opened.errors}`);
    console.log(`  ratio record p99 / baseline p99: ${(p99(opened.latencies) / p99(baseline.latencies)).toFixed(2)} (target: record p99 < 50 ms)`);
  } finally {
    await api?.stop();
    await bench.drop();
    agent.destroy();
  }
}

await main();
