import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Role, admin, type ImportReport, type ImportRun } from '@vigil/contract';
import { callerFor, invalid, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { repoRoot } from '../../config/index';
import {
  doctorMetadata,
  emailOutbox,
  hospitals,
  importRuns,
  importUploads,
  measurements,
  medicalTeamMembers,
  medicalTeams,
  organizations,
  patientDiagnoses,
  patientMetadata,
  userHospitals,
  users,
} from '../../db/schema/index';
import { importFhir } from './import.service';

const shared = path.resolve(repoRoot, '../shared/data');
const syntheaDir = fs.existsSync(path.join(shared, 'synthea-r4/fhir')) ? path.join(shared, 'synthea-r4/fhir') : path.join(repoRoot, 'demo-data/synthea-r4/fhir');
const DIRTY = 'dirty-fhir-openmrs/fhir/Bob965_Keeling57_3f6fd0bb-6cd3-eb3f-4401-cd38ace25f2b.json';
// The shared data beside the repository, else the copy kept in test/fixtures (NOTICE.md there).
const dirtyFile = fs.existsSync(path.join(shared, DIRTY)) ? path.join(shared, DIRTY) : path.join(repoRoot, 'packages/api/test/fixtures', DIRTY);
const BARNEY = 'Barney639_Cormier289_9808a1c3-5354-de5f-bfe5-7fdbd39bb426.json';

let t: TestApp;
let first: ImportReport;
let tmp: string;
let fx: Awaited<ReturnType<typeof createTenancyFixture>>;

const callAs = callerFor(() => t);

/** Row counts of every table the importer writes. */
async function tableCounts() {
  const n = async (table: PgTable) => (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
  return {
    organizations: await n(organizations),
    hospitals: await n(hospitals),
    users: await n(users),
    userHospitals: await n(userHospitals),
    doctorMetadata: await n(doctorMetadata),
    patientMetadata: await n(patientMetadata),
    medicalTeams: await n(medicalTeams),
    medicalTeamMembers: await n(medicalTeamMembers),
    measurements: await n(measurements),
  };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-import-'));
  t = await createTestApp({ demoDataDirs: [syntheaDir, tmp] });
  // The whole Synthea folder once (47 organizations, 48 locations, 47 practitioners, 10 patients).
  first = await importFhir(t.ctx, syntheaDir);
  fx = await createTenancyFixture(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('importFhir: the Synthea R4 folder', () => {
  it('creates organizations, offices, practitioners and patients and counts unmapped types', () => {
    expect(first.status).toBe('done');
    expect(first.files).toBe(12);
    expect(first.bundlesRolledBack).toBe(0);
    // 198 people and places, 188 measurements (77 blood pressures, 77 weights, 21 glucose, 11 temperatures, 2 SpO2).
    expect(first.counts).toEqual({ created: 730, updated: 0, unchanged: 0, skipped: 1, error: 0 });
    expect(first.byType.Organization).toMatchObject({ created: 47, error: 0 });
    expect(first.byType.Location).toMatchObject({ created: 47, skipped: 1 });
    expect(first.byType.Practitioner).toMatchObject({ created: 47 });
    expect(first.byType.PractitionerRole).toMatchObject({ created: 47 });
    expect(first.byType.Patient).toMatchObject({ created: 10 });
    // Medication lists (fhir.medications.ts): every MedicationRequest, the referenced Medications merged into them.
    expect(first.byType.MedicationRequest).toMatchObject({ created: 107, error: 0 });
    expect(first.byType.Medication).toMatchObject({ merged: 6 });
    // Vital signs and glucose become measurements; heights (75) and the heart rates taken with a
    // blood pressure (77) are merged; every other code is counted by code, not imported.
    expect(first.byType.Observation).toMatchObject({ created: 188, merged: 152, unmapped: 1044, error: 0 });
    expect(first.unmappedCodes).toMatchObject({ '9279-1': 77, '39156-5': 75 });
    expect(Object.values(first.unmappedCodes!).reduce((a, b) => a + b, 0)).toBe(1044);
    for (const stored of ['85354-9', '8867-4', '29463-7', '8302-2', '2339-0', '8310-5', '2708-6']) { expect(first.unmappedCodes).not.toHaveProperty(stored); }
    // Conditions become diagnoses; Synthea codes them in SNOMED CT, so every one is an uncoded problem "to be coded".
    expect(first.byType.Condition).toMatchObject({ created: 237, unmapped: 0, error: 0 });
    expect(first.byType.Claim).toMatchObject({ unmapped: 424 });
    expect(first.byType.Encounter).toMatchObject({ unmapped: 317 });
    expect(first.records.find((r) => r.status === 'skipped')).toEqual({
      file: 'hospitalInformation1714182814995.json',
      resourceType: 'Location',
      id: 'bb1ad573-19b8-9cd8-68fb-0e6f684df992',
      status: 'skipped',
      reason: 'a kind of location (mode kind), not an office',
    });
  });

  it('records the run in import_runs with its report', async () => {
    const [run] = await t.ctx.db.select().from(importRuns).where(eq(importRuns.id, first.runId));
    expect(run).toMatchObject({ source: syntheaDir, status: 'done' });
    expect(run!.finishedAt).toBeInstanceOf(Date);
    expect((run!.report as ImportReport).counts.created).toBe(730);
  });

  it('keeps each Condition as an uncoded problem of its patient with its SNOMED CT code and text, never mapped to ICD-10-CM', async () => {
    const [barney] = await t.ctx.db.select().from(users).where(eq(users.externalRef, 'Patient/9808a1c3-5354-de5f-bfe5-7fdbd39bb426'));
    const rows = await t.ctx.db.select().from(patientDiagnoses).where(eq(patientDiagnoses.patientId, barney!.id));
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => r.code === null && r.source === 'fhir' && r.sourceSystem === 'http://snomed.info/sct')).toBe(true);
    expect(rows.find((r) => r.fhirId === 'e113349f-b86f-ed4b-0feb-b30d0ad680fa')).toMatchObject({
      description: 'Risk activity involvement (finding)',
      sourceCode: '160968000',
      onsetDate: '2003-03-03',
      status: 'active',
    });
    expect(rows.filter((r) => r.status === 'resolved')).toHaveLength(10);
  });

  it('maps an Organization and its Location: E.164 phone, address, position, time zone of Massachusetts', async () => {
    const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.externalRef, 'Organization/74ab949d-17ac-3309-83a0-13b4405c66aa'));
    expect(org).toMatchObject({ institutionName: 'Fitchburg Outpatient Clinic', contactPhone: '+19783429781', address: '881 Main Street', city: 'Fitchburg', state: 'MA', zip: '01420', country: 'US' });
    const [office] = await t.ctx.db.select().from(hospitals).where(eq(hospitals.externalRef, 'Location/81c75a54-2b95-3fdf-9327-b74df8630869'));
    expect(office).toMatchObject({
      organizationId: org!.id,
      hospitalName: 'Fitchburg Outpatient Clinic',
      addressLatitude: 42.586487,
      addressLongitude: -71.80521,
      timeZone: 'America/New_York',
      phone: '+19783429781',
    });
  });

  it('maps a Practitioner to a doctor without password, with NPI, assigned to the office of the PractitionerRole', async () => {
    const [doc] = await t.ctx.db.select().from(users).where(eq(users.externalRef, 'Practitioner/544d7452-dca6-3de0-8405-be417812ae95'));
    expect(doc).toMatchObject({ roleId: Role.DOCTOR, firstName: 'Ted', lastName: 'Reilly', email: 'ted955.reilly981@example.com', gender: 'male', passwordHash: null, status: 1 });
    expect(doc!.username).toMatch(/^ted\.reilly\.[0-9a-f]{6}$/);
    const [meta] = await t.ctx.db.select().from(doctorMetadata).where(eq(doctorMetadata.userId, doc!.id));
    expect(meta!.npi).toBe('9999984591');
    expect(meta!.metadataInfo).toEqual({ specialty: { system: 'http://nucc.org/provider-taxonomy', code: '208D00000X', display: 'General Practice Physician' } });
    const offices = await t.ctx.db
      .select({ name: hospitals.hospitalName, organizationId: hospitals.organizationId })
      .from(userHospitals)
      .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
      .where(eq(userHospitals.userId, doc!.id));
    expect(offices.map((o) => o.name)).toEqual(['Fitchburg Outpatient Clinic']);
    expect(doc!.organizationId).toBe(offices[0]!.organizationId);
  });

  it('maps Barney639 Cormier289: name without digits, birth date, metadata from his latest height and weight, office and team from his encounters', async () => {
    const [p] = await t.ctx.db.select().from(users).where(eq(users.externalRef, 'Patient/9808a1c3-5354-de5f-bfe5-7fdbd39bb426'));
    expect(p).toMatchObject({ roleId: Role.PATIENT, firstName: 'Barney', lastName: 'Cormier', gender: 'male', birthdate: '1986-01-13', city: 'Boston', state: 'MA', zip: '02108', phone: '', language: 'ENG', passwordHash: null });
    const [meta] = await t.ctx.db.select().from(patientMetadata).where(eq(patientMetadata.userId, p!.id));
    expect(meta).toMatchObject({
      heightInCm: 176.1,
      weightInKg: 90.4,
      idealWeightCalculatedInKg: 71.5, // Devine: 50 kg + 2.3 kg x 9.33 in over 5 ft
      ssn: '999-38-2615',
      medicalRegistrationNumber: '9808a1c3-5354-de5f-bfe5-7fdbd39bb426',
    });
    // 39 of his 51 encounters are at Tufts Medical Center, most with Dr. 9999986893.
    const teams = await t.ctx.db
      .select({ teamId: medicalTeams.id, office: hospitals.hospitalName, organizationId: hospitals.organizationId })
      .from(medicalTeams)
      .innerJoin(hospitals, eq(hospitals.id, medicalTeams.hospitalId))
      .where(eq(medicalTeams.patientId, p!.id));
    expect(teams).toHaveLength(1);
    expect(teams[0]!.office).toBe('TUFTS MEDICAL CENTER, INC');
    expect(p!.organizationId).toBe(teams[0]!.organizationId);
    const members = await t.ctx.db
      .select({ roleId: users.roleId, npi: doctorMetadata.npi })
      .from(medicalTeamMembers)
      .innerJoin(users, eq(users.id, medicalTeamMembers.userId))
      .leftJoin(doctorMetadata, eq(doctorMetadata.userId, users.id))
      .where(eq(medicalTeamMembers.medicalTeamId, teams[0]!.teamId));
    expect(members).toEqual([{ roleId: Role.DOCTOR, npi: '9999986893' }]);
  });

  it("stores Barney's vital signs as measurements: his blood pressure with the pulse of its heart-rate Observation, canonical units, severity, source fhir", async () => {
    const [p] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.externalRef, 'Patient/9808a1c3-5354-de5f-bfe5-7fdbd39bb426'));
    const [team] = await t.ctx.db.select({ hospitalId: medicalTeams.hospitalId }).from(medicalTeams).where(eq(medicalTeams.patientId, p!.id));
    const [bp] = await t.ctx.db.select().from(measurements).where(eq(measurements.externalRef, 'Observation/80ad5d58-6e4a-cfba-910c-18a9f412439f'));
    expect(bp).toMatchObject({
      patientId: p!.id,
      hospitalId: team!.hospitalId,
      deviceType: 'BLOOD_PRESSURE',
      measuredAtOffset: '-04:00',
      valuesJson: { '8480-6': 128, '8462-4': 77, '8867-4': 86 },
      severity: 0,
      source: 'fhir',
      isManual: false,
      isSimulated: false,
      hubKey: 0,
      deviceKey: -p!.id,
      deviceId: null,
      hubId: null,
    });
    expect(bp!.measuredAt.toISOString()).toBe('2023-08-21T18:55:10.000Z');
    const byType = await t.ctx.db
      .select({ deviceType: measurements.deviceType, n: count() })
      .from(measurements)
      .where(eq(measurements.source, 'fhir'))
      .groupBy(measurements.deviceType);
    expect(Object.fromEntries(byType.map((r) => [r.deviceType, r.n]))).toEqual({ BLOOD_PRESSURE: 77, WEIGHT: 77, GLUCOSE: 21, TEMPERATURE: 11, SPO2: 2 });
  });

  it('never puts an SSN in the report', () => {
    expect(JSON.stringify(first)).not.toMatch(/999-\d\d-\d{4}/);
  });

  it('changes nothing on a second import: every record unchanged, same row counts', async () => {
    const before = await tableCounts();
    const second = await importFhir(t.ctx, syntheaDir);
    expect(second.counts).toEqual({ created: 0, updated: 0, unchanged: 730, skipped: 1, error: 0 });
    expect(second.records.filter((r) => r.status !== 'skipped').every((r) => r.status === 'unchanged')).toBe(true);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('importFhir: bad input is reported per record and never half-imported', () => {
  it('rejects an OpenMRS-flavoured bundle whole: LOINC-claimed concept ids are errors, the patient is rolled back', async () => {
    const before = await tableCounts();
    const report = await importFhir(t.ctx, dirtyFile);
    expect(report.status).toBe('failed');
    expect(report.bundlesRolledBack).toBe(1);
    expect(report.counts.error).toBe(30);
    const error = report.records.find((r) => r.status === 'error')!;
    expect(error).toMatchObject({ file: path.basename(dirtyFile), resourceType: 'Observation' });
    expect(error.reason).toMatch(/^code: '\d+A+' is filed under http:\/\/loinc.org but is not a LOINC code$/);
    expect(report.records.find((r) => r.resourceType === 'Patient')).toEqual({
      file: path.basename(dirtyFile),
      resourceType: 'Patient',
      id: '3f6fd0bb-6cd3-eb3f-4401-cd38ace25f2b',
      status: 'skipped',
      reason: 'bundle rolled back: 30 record(s) failed',
    });
    expect(await t.ctx.db.select().from(users).where(eq(users.externalRef, 'Patient/3f6fd0bb-6cd3-eb3f-4401-cd38ace25f2b'))).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });

  it('reports a truncated file as one error and writes nothing', async () => {
    const dir = path.join(tmp, 'truncated');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'barney-truncated.json'), fs.readFileSync(path.join(syntheaDir, BARNEY)).subarray(0, 50_000));
    const before = await tableCounts();
    const report = await importFhir(t.ctx, dir);
    expect(report.records).toEqual([
      { file: 'barney-truncated.json', resourceType: '', id: '', status: 'error', reason: 'not valid JSON: the file ends early (truncated)' },
    ]);
    expect(report.status).toBe('failed');
    expect(await tableCounts()).toEqual(before);
  });

  it('reports non-FHIR JSON (an object without resourceType, an array) as errors', async () => {
    const dir = path.join(tmp, 'not-fhir');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'a-settings.json'), JSON.stringify({ theme: 'dark', version: 3 }));
    fs.writeFileSync(path.join(dir, 'b-list.json'), JSON.stringify([1, 2, 3]));
    const report = await importFhir(t.ctx, dir);
    expect(report.records).toEqual([
      { file: 'a-settings.json', resourceType: '', id: '', status: 'error', reason: 'not a FHIR resource: no resourceType' },
      { file: 'b-list.json', resourceType: '', id: '', status: 'error', reason: 'not a FHIR resource: the JSON is not an object' },
    ]);
  });

  it('reports a missing path as an error', async () => {
    const report = await importFhir(t.ctx, path.join(tmp, 'nope.json'));
    expect(report.records).toEqual([{ file: 'nope.json', resourceType: '', id: '', status: 'error', reason: 'file or folder not found' }]);
  });

  it('rolls a bundle back whole when one record is invalid: the valid organization of the bundle is not created', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        { fullUrl: 'urn:uuid:org-rollback', resource: { resourceType: 'Organization', id: 'org-rollback', name: 'Rollback Clinic' } },
        { resource: { resourceType: 'Patient', id: 'p-rollback', name: [{ family: 'Doe', given: ['Jane'] }], birthDate: '2023-02-30' } },
        { resource: { resourceType: 'Patient', id: 'p-noname', gender: 'female' } },
        { resource: { resourceType: 'Claim', id: 'c1' } },
      ],
    };
    const report = await importFhir(t.ctx, bundle, { label: 'rollback.json' });
    expect(report.records).toEqual([
      { file: 'rollback.json', resourceType: 'Patient', id: 'p-rollback', status: 'error', reason: 'birthDate: not a calendar date' },
      { file: 'rollback.json', resourceType: 'Patient', id: 'p-noname', status: 'error', reason: 'name: Invalid input: expected array, received undefined' },
      { file: 'rollback.json', resourceType: 'Organization', id: 'org-rollback', status: 'skipped', reason: 'bundle rolled back: 2 record(s) failed' },
    ]);
    expect(report.byType.Claim).toMatchObject({ unmapped: 1 });
    expect(await t.ctx.db.select().from(organizations).where(eq(organizations.externalRef, 'Organization/org-rollback'))).toEqual([]);
  });

  it('rolls back the records already written when a later record of the bundle fails in the database phase', async () => {
    // An empty database: the practitioner is written, then the patient finds no office to join.
    const empty = await createTestApp();
    try {
      const report = await importFhir(empty.ctx, {
        resourceType: 'Bundle',
        type: 'batch',
        entry: [
          { resource: { resourceType: 'Practitioner', id: 'pr1', name: [{ family: 'House', given: ['Greg'] }] } },
          { resource: { resourceType: 'Patient', id: 'pa1', name: [{ family: 'Doe', given: ['John'] }] } },
        ],
      });
      expect(report.records).toEqual([
        { file: 'upload', resourceType: 'Practitioner', id: 'pr1', status: 'skipped', reason: 'bundle rolled back: 1 record failed' },
        {
          file: 'upload',
          resourceType: 'Patient',
          id: 'pa1',
          status: 'error',
          reason: 'no office has been imported to assign the patient to (import Organization and Location first)',
        },
      ]);
      expect((await empty.ctx.db.select({ n: count() }).from(users))[0]!.n).toBe(0);
    } finally {
      await empty.close();
    }
  });

  it('imports an Observation on its own for an imported patient: created, then unchanged, then updated when its value changes', async () => {
    const obs = (value: number) => ({
      resourceType: 'Observation',
      id: 'glucose-own-1',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '2345-7' }] },
      subject: { reference: 'Patient/9808a1c3-5354-de5f-bfe5-7fdbd39bb426' },
      effectiveDateTime: '2024-01-05T08:00:00+01:00',
      valueQuantity: { value, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
    });
    const rec = (status: string) => [{ file: 'upload', resourceType: 'Observation', id: 'glucose-own-1', status }];
    expect((await importFhir(t.ctx, obs(5.5))).records).toEqual(rec('created'));
    expect((await importFhir(t.ctx, obs(5.5))).records).toEqual(rec('unchanged'));
    expect((await importFhir(t.ctx, obs(17))).records).toEqual(rec('updated'));
    const [row] = await t.ctx.db.select().from(measurements).where(eq(measurements.externalRef, 'Observation/glucose-own-1'));
    // 17 mmol/L = 306.27 mg/dL: above the critical 300.
    expect(row).toMatchObject({ deviceType: 'GLUCOSE', valuesJson: { '2339-0': 306.27 }, severity: 2, measuredAtOffset: '+01:00' });
  });

  it('skips an Observation of a patient never imported, counts a respiratory rate by code, and fails a vital sign in a wrong unit', async () => {
    const base = { resourceType: 'Observation', status: 'final', subject: { reference: 'Patient/nobody-here' }, effectiveDateTime: '2024-01-05T08:00:00Z' };
    const report = await importFhir(t.ctx, {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { ...base, id: 'w1', code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] }, valueQuantity: { value: 70, code: 'kg' } } },
        { resource: { ...base, id: 'rr1', code: { coding: [{ system: 'http://loinc.org', code: '9279-1' }] }, valueQuantity: { value: 16, code: '/min' } } },
      ],
    });
    expect(report.records).toEqual([{ file: 'upload', resourceType: 'Observation', id: 'w1', status: 'skipped', reason: 'subject: patient not imported' }]);
    expect(report.unmappedCodes).toEqual({ '9279-1': 1 });
    const bad = await importFhir(t.ctx, { ...base, id: 't1', code: { coding: [{ system: 'http://loinc.org', code: '8310-5' }] }, valueQuantity: { value: 310, code: 'K' } });
    expect(bad.records).toEqual([
      { file: 'upload', resourceType: 'Observation', id: 't1', status: 'error', reason: "valueQuantity: 'K' is not a UCUM unit of 8310-5 (Cel, [degF])" },
    ]);
  });

  it('updates a changed record and reports it as updated', async () => {
    const org = { resourceType: 'Organization', id: 'org-upd', name: 'First Name Clinic', telecom: [{ system: 'phone', value: '617-555-0100' }] };
    expect((await importFhir(t.ctx, org)).counts.created).toBe(1);
    const again = await importFhir(t.ctx, { ...org, name: 'Second Name Clinic', telecom: [{ system: 'phone', value: '(617) 724-5200' }] });
    expect(again.records).toEqual([{ file: 'upload', resourceType: 'Organization', id: 'org-upd', status: 'updated' }]);
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.externalRef, 'Organization/org-upd'));
    expect(row).toMatchObject({ institutionName: 'Second Name Clinic', contactPhone: '+16177245200' });
  });
});

// Admin endpoints ------------------------------------------------------------------------------

function multipart(filename: string, content: Buffer | string) {
  const boundary = '----vigil' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/json\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A run queued from the web, once it has finished (GET admin/importruns/{id}, polled as the import
 * screen does; without the queue in these tests the job runs in the background of the same app).
 */
async function finishedRun(who: CallUser, runId: number): Promise<ImportRun> {
  for (let i = 0; i < 1200; i++) {
    const res = await callAs(who, admin.getImportRun, { params: { id: runId } });
    expect(res.status).toBe(200);
    const run = res.body;
    if (run.status === 'done' || run.status === 'failed') { return run; }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import run ${runId} did not finish`);
}

/** Queues an upload and answers the queued run as the request answered it. */
async function queueUpload(who: CallUser, name: string, content: string | Buffer): Promise<ImportRun> {
  const m = multipart(name, content);
  const res = await callAs(who, admin.uploadImport, { extraHeaders: m.headers, payload: m.payload });
  expect(res.status).toBe(200);
  return res.body;
}

describe('POST admin/import', () => {
  it('queues an import of a file of the demo data folder (relative path), answers the queued run at once, and the run ends done with its report', async () => {
    const res = await callAs(fx.sysadmin, admin.runImport, { body: { path: 'hospitalInformation1714182814995.json' } });
    expect(res.status).toBe(200);
    const queued = res.body;
    expect(queued).toMatchObject({ status: 'queued', source: 'hospitalInformation1714182814995.json', startedBy: fx.sysadmin.id, report: null, progress: null, error: null, finishedAt: null });
    const run = await finishedRun(fx.sysadmin, queued.id);
    expect(run).toMatchObject({ id: queued.id, status: 'done', progress: null, error: null });
    expect(run.report!.runId).toBe(queued.id);
    expect(run.report!.counts).toEqual({ created: 0, updated: 0, unchanged: 94, skipped: 1, error: 0 });
    const [row] = await t.ctx.db.select().from(importRuns).where(eq(importRuns.id, queued.id));
    expect(row).toMatchObject({ startedBy: fx.sysadmin.id, source: 'hospitalInformation1714182814995.json', status: 'done' });
  });

  it('refuses a path outside the demo data folders with 400 on the path field', async () => {
    for (const p of ['/etc/passwd', '../../../../etc/hostname', path.join(repoRoot, 'package.json')]) {
      const res = await callAs(fx.sysadmin, admin.runImport, { body: { path: p } });
      expect(res.status).toBe(400);
      expect(res.errors).toEqual({ path: 'Invalid' });
    }
  });

  it('answers 400 with the required-field message when path is missing, in Spanish when asked', async () => {
    const res = await callAs(fx.sysadmin, admin.runImport, { body: invalid({}), lang: 'es' });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ path: 'Este campo es obligatorio' });
  });

  it('is forbidden to an office admin and an organization admin (403)', async () => {
    for (const u of [fx.officeAdminA1, fx.orgAdminA]) {
      const res = await callAs(u, admin.runImport, { body: { path: 'hospitalInformation1714182814995.json' } });
      expect(res.status).toBe(403);
    }
  });
});

describe('POST admin/importupload', () => {
  it('stores an uploaded bundle in the database with a queued run, answers at once, and imports it; the stored file is deleted once done', async () => {
    const bundle = { resourceType: 'Bundle', type: 'collection', entry: [{ resource: { resourceType: 'Organization', id: 'uploaded-org', name: 'Uploaded Clinic' } }] };
    const queued = await queueUpload(fx.sysadmin, 'clinic.json', JSON.stringify(bundle));
    expect(queued).toMatchObject({ status: 'queued', source: 'clinic.json', report: null });
    const run = await finishedRun(fx.sysadmin, queued.id);
    expect(run.status).toBe('done');
    expect(run.report!.records).toEqual([{ file: 'clinic.json', resourceType: 'Organization', id: 'uploaded-org', status: 'created' }]);
    expect(await t.ctx.db.select({ name: organizations.institutionName }).from(organizations).where(eq(organizations.externalRef, 'Organization/uploaded-org'))).toEqual([{ name: 'Uploaded Clinic' }]);
    // The stored file goes once the run is closed (just after its report is written).
    for (let i = 0; i < 100 && (await t.ctx.db.select().from(importUploads).where(eq(importUploads.runId, queued.id))).length > 0; i++) { await new Promise((r) => setTimeout(r, 20)); }
    expect(await t.ctx.db.select().from(importUploads).where(eq(importUploads.runId, queued.id))).toEqual([]);
  });

  it('accepts a Synthea patient bundle larger than the 1 MiB JSON body limit', async () => {
    const content = fs.readFileSync(path.join(syntheaDir, BARNEY));
    expect(content.length).toBeGreaterThan(1024 * 1024);
    const run = await finishedRun(fx.sysadmin, (await queueUpload(fx.sysadmin, BARNEY, content)).id);
    const records = run.report!.records;
    expect(records.filter((r) => r.resourceType === 'Patient')).toEqual([{ file: BARNEY, resourceType: 'Patient', id: '9808a1c3-5354-de5f-bfe5-7fdbd39bb426', status: 'unchanged' }]);
    expect(records.filter((r) => r.resourceType === 'Observation').every((r) => r.status === 'unchanged')).toBe(true);
  });

  it('reports a truncated upload as an error record: the run ends failed with its report', async () => {
    const run = await finishedRun(fx.sysadmin, (await queueUpload(fx.sysadmin, 'cut.json', '{"resourceType":"Bundle","entry":[{"resource":')).id);
    expect(run).toMatchObject({ status: 'failed', error: null });
    expect(run.report!.records).toEqual([{ file: 'cut.json', resourceType: '', id: '', status: 'error', reason: 'not valid JSON: the file ends early (truncated)' }]);
  });

  it('stores bytes that are not text as they came (NUL included) and reports them as not JSON', async () => {
    const run = await finishedRun(fx.sysadmin, (await queueUpload(fx.sysadmin, 'binary.json', Buffer.from([0x00, 0xff, 0x7b, 0x00]))).id);
    expect(run.status).toBe('failed');
    expect(run.report!.records).toEqual([expect.objectContaining({ file: 'binary.json', status: 'error', reason: expect.stringMatching(/^not valid JSON/) })]);
  });

  it('answers 413 for a file over 10 MB and 400 without a file', async () => {
    const big = multipart('big.json', Buffer.alloc(10 * 1024 * 1024 + 10, 0x20));
    const res = await callAs(fx.sysadmin, admin.uploadImport, { extraHeaders: big.headers, payload: big.payload });
    expect(res.status).toBe(413);
    const boundary = '----vigilempty';
    const none = await callAs(fx.sysadmin, admin.uploadImport, {
      extraHeaders: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(none.status).toBe(400);
    expect(none.errors).toEqual({ file: 'This field is required' });
  });

  it('is forbidden to an office admin (403)', async () => {
    const m = multipart('clinic.json', '{}');
    const res = await callAs(fx.officeAdminA1, admin.uploadImport, { extraHeaders: m.headers, payload: m.payload });
    expect(res.status).toBe(403);
  });
});

describe('GET admin/importruns/{id}', () => {
  it('answers one run; 404 for an unknown id, 400 for an id that is not a number, 403 for an office admin', async () => {
    const one = await callAs(fx.sysadmin, admin.getImportRun, { params: { id: first.runId } });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.runId, status: 'done', source: syntheaDir, error: null, progress: null });
    expect(one.body.report!.counts.created).toBe(730);
    expect((await callAs(fx.sysadmin, admin.getImportRun, { params: { id: 999999 } })).status).toBe(404);
    expect((await callAs(fx.sysadmin, admin.getImportRun, { params: { id: invalid('abc') } })).status).toBe(400);
    const other = await callAs(fx.officeAdminA1, admin.getImportRun, { params: { id: first.runId } });
    expect(other.status).toBe(403);
  });
});

describe('GET admin/importruns', () => {
  it('lists the runs newest first with their reports, paged', async () => {
    const res = await callAs(fx.sysadmin, admin.findImportRuns, { query: { page: 1, pageSize: 2 } });
    expect(res.status).toBe(200);
    const page = res.body;
    const total = (await t.ctx.db.select({ n: count() }).from(importRuns))[0]!.n;
    expect(page).toMatchObject({ total, page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.id).toBeGreaterThan(page.items[1]!.id);
    const oldest = await callAs(fx.sysadmin, admin.findImportRuns, { query: { sort: 'startedAt', pageSize: 1 } });
    expect(oldest.body.items[0]).toMatchObject({ id: first.runId, status: 'done', source: syntheaDir });
    expect(oldest.body.items[0]!.report!.counts.created).toBe(730);
  });

  it('filters by source text', async () => {
    const res = await callAs(fx.sysadmin, admin.findImportRuns, { query: { search: 'rollback.json' } });
    expect(res.body.items.map((r) => r.source)).toEqual(['rollback.json']);
  });

  it('answers 400 for a page size over 200 and 403 for an office admin', async () => {
    const bad = await callAs(fx.sysadmin, admin.findImportRuns, { query: { pageSize: 500 } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toHaveProperty('pageSize');
    const res = await callAs(fx.officeAdminA1, admin.findImportRuns);
    expect(res.status).toBe(403);
  });

  it("shows a running import's progress (files read of the total) from the database, then its report", async () => {
    const totalFiles = fs.readdirSync(syntheaDir).filter((f) => f.endsWith('.json')).length;
    const work = importFhir(t.ctx, syntheaDir);
    const newest = async () => (await callAs(fx.sysadmin, admin.findImportRuns, { query: { sort: '-startedAt', pageSize: 1 } })).body.items[0]!;
    let running: { status: string; progress: { files: number; filesTotal: number } | null; report: unknown } | undefined;
    for (let i = 0; i < 400 && !running; i++) {
      const item = await newest();
      if (item.source === syntheaDir && item.status === 'running' && item.progress) { running = item; }
      else { await new Promise((r) => setTimeout(r, 5)); }
    }
    await work;
    expect(running).toMatchObject({ status: 'running', report: null, progress: { filesTotal: totalFiles } });
    expect(running!.progress!.files).toBeGreaterThanOrEqual(0);
    expect(running!.progress!.files).toBeLessThan(totalFiles);
    const done = await newest();
    expect(done).toMatchObject({ status: 'done', progress: null });
    expect(done.report!.files).toBe(totalFiles);
  });
});

describe('GET admin/outbox', () => {
  it('lists kept e-mail newest first with bodies for a system admin', async () => {
    await t.ctx.mailer.send({ to: 'first@example.com', subject: 'Validate your account', text: 'Open https://vigil.example/validate?x=1' });
    await t.ctx.mailer.send({ to: 'second@example.com', subject: 'Reset your password', text: 'Open https://vigil.example/reset?x=2' });
    const res = await callAs(fx.sysadmin, admin.findOutbox, { query: { pageSize: 10 } });
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data.total).toBe((await t.ctx.db.select({ n: count() }).from(emailOutbox))[0]!.n);
    expect(data.items[0]).toMatchObject({ toAddress: 'second@example.com', subject: 'Reset your password', bodyText: 'Open https://vigil.example/reset?x=2', status: 'kept', error: null });
    expect(data.items[1]).toMatchObject({ toAddress: 'first@example.com' });
    const searched = await callAs(fx.sysadmin, admin.findOutbox, { query: { search: 'validate' } });
    expect(searched.body.items.map((m) => m.toAddress)).toEqual(['first@example.com']);
  });

  it('answers 400 for a bad status filter and 403 for an office admin and a doctor', async () => {
    const bad = await callAs(fx.sysadmin, admin.findOutbox, { query: { status: invalid('lost') } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ status: 'This field needs to be formatted' });
    for (const u of [fx.officeAdminA1, fx.doctorA1]) {
      const res = await callAs(u, admin.findOutbox);
      expect(res.status).toBe(403);
    }
  });
});
