import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { billing, billingCsvColumns, Role } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createOffice, createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import {
  describePatient,
  FUTURE_MONTH,
  FUTURE_MONTH_ES,
  FUTURE_YEAR,
  giveNpi,
  INVALID_ID,
  PAST,
  REQUIRED,
  seedClaim,
  setProfile,
  type Fixture,
} from '../../../test/fixtures/billing-exports.fixtures';
import { currentYearMonth } from './billing-exports.service';

let t: TestApp;
let f: Fixture;
let a3: { id: number; hospitalName: string };
let injector: { id: number };
let unbilled: { id: number };
const callAs = callerFor(() => t);

const period = { month: PAST.month, year: PAST.year };
const recent = currentYearMonth('America/New_York');

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  a3 = await createOffice(t, f.orgA.id, { hospitalName: 'Zeta Annex' });
  injector = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Eve', lastName: '=HYPERLINK("x")' } });
  unbilled = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Una', lastName: 'Unbilled' } });
  await describePatient(t, f.patientA1.id, { firstName: 'María José', lastName: 'Núñez', birthdate: '1950-02-03', identifier: 'PID-A1', mrn: 'MRN-001' });
  await describePatient(t, f.patientA2.id, { firstName: 'Alan', lastName: 'Second', birthdate: '1948-07-01', identifier: 'PID-A2', mrn: 'MRN-002' });
  await describePatient(t, f.patientB1.id, { firstName: 'Bob', lastName: 'Other', birthdate: '1949-01-01', identifier: 'PID-B1', mrn: 'MRN-003' });
  await giveNpi(t, f.doctorA1.id, '1234567893', { firstName: 'Meredith', lastName: 'Grey' });
  await setProfile(t, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id, diagnosesJson: ['I10', 'E11.9'] });
  const A1 = { patientId: f.patientA1.id, hospitalId: f.a1.id, practitionerUserId: f.doctorA1.id };
  await seedClaim(t, { ...A1, code: '99454', amountCents: 4743, datesOfService: ['2025-06-30'] });
  await seedClaim(t, { ...A1, code: '99457', amountCents: 5128, datesOfService: ['2025-06-20', '2025-06-03'] });
  await seedClaim(t, { ...A1, code: '99458', units: 2, amountCents: 7414, datesOfService: ['2025-06-20'] });
  // Not in the CSV: a suppressed code, another month, another office's and another organization's claims.
  await seedClaim(t, { ...A1, program: 'RTM', code: '98977', status: 'suppressed', reason: 'RPM and RTM in the same period: RTM suppressed', amountCents: 3975 });
  await seedClaim(t, { ...A1, month: PAST.month - 1, code: '99454', amountCents: 4743 });
  await seedClaim(t, { ...A1, year: recent.year, month: recent.month, code: '99457', amountCents: 5128, datesOfService: [] });
  await seedClaim(t, { patientId: injector.id, hospitalId: f.a1.id, code: '99454', amountCents: null });
  await seedClaim(t, { patientId: injector.id, hospitalId: f.a1.id, year: 2024, month: 3, program: 'CCM', code: '99491', amountCents: null, datesOfService: ['2024-03-29'] });
  await seedClaim(t, { patientId: f.patientA2.id, hospitalId: f.a2.id, code: '99454', amountCents: 4743 });
  await seedClaim(t, { patientId: f.patientB1.id, hospitalId: f.b1.id, code: '99454', amountCents: 4743 });
}, 120_000);
afterAll(async () => t?.close());

type Row = { patientName: string; code: string; hospitalId: number; amountCents: number | null; units: number; datesOfService: string[]; diagnoses: string[] };

describe('GET billing/getcsvdataformonth', () => {
  it("returns an office's billable codes of the month with the documented columns", async () => {
    const res = await callAs(f.nurseA1, billing.getCsvDataForMonth, { headers: { hospitalid: f.a1.id, ...period } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({ clientKind: 'hospital', clientId: f.a1.id, clientName: f.a1.hospitalName, selectedYear: 2025, selectedMonth: 6, total: 4 });
    expect(data.totalUnits).toBe(5);
    expect(data.totalAmountCents).toBe(4743 + 5128 + 7414);
    const first = data.items.find((r: Row) => r.code === '99457');
    expect(first).toEqual({
      billingMonth: '2025-06',
      patientId: f.patientA1.id,
      patientName: 'Núñez, María José',
      patientIdentifier: 'PID-A1',
      mrn: 'MRN-001',
      dateOfBirth: '1950-02-03',
      hospitalId: f.a1.id,
      hospitalName: f.a1.hospitalName,
      practitionerId: f.doctorA1.id,
      practitionerName: 'Grey, Meredith',
      practitionerNpi: '1234567893',
      program: 'RPM',
      code: '99457',
      units: 1,
      datesOfService: ['2025-06-03', '2025-06-20'],
      diagnoses: ['I10', 'E11.9'],
      amountCents: 5128,
    });
    expect(data.items.map((r: Row) => r.code).sort()).toEqual(['99454', '99454', '99457', '99458']);
    expect(res.reply.body).not.toContain('98977');
    expect(res.reply.body).not.toContain('111-22-3333');
  });

  it("covers the organization's offices for an organization admin, and only the caller's offices for office staff", async () => {
    const org = (await callAs(f.orgAdminA, billing.getCsvDataForMonth, { headers: { organizationid: f.orgA.id, ...period } })).body;
    expect(org).toMatchObject({ clientKind: 'organization', clientId: f.orgA.id, total: 5 });
    expect(new Set(org.items.map((r: Row) => r.hospitalId))).toEqual(new Set([f.a1.id, f.a2.id]));
    const doctor = (await callAs(f.doctorA1, billing.getCsvDataForMonth, { headers: { organizationid: f.orgA.id, ...period } })).body;
    expect(doctor.total).toBe(4);
    expect(doctor.items.every((r: Row) => r.hospitalId === f.a1.id)).toBe(true);
  });

  it('pages and sorts on the server', async () => {
    const res = await callAs(f.nurseA1, billing.getCsvDataForMonth, { headers: { hospitalid: f.a1.id, ...period }, query: { pageSize: 2, page: 1, sort: '-amountCents' } });
    const data = res.body;
    expect(data).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(data.items.map((r: Row) => r.amountCents)).toEqual([7414, 5128]);
    const search = (await callAs(f.nurseA1, billing.getCsvDataForMonth, { headers: { hospitalid: f.a1.id, ...period }, query: { search: 'PID-A1' } })).body;
    expect(search.total).toBe(3);
  });

  it('defaults to the current month of the office', async () => {
    const data = (await callAs(f.nurseA1, billing.getCsvDataForMonth, { headers: { hospitalid: f.a1.id } })).body;
    expect({ year: data.selectedYear, month: data.selectedMonth }).toEqual(recent);
    expect(data.items.map((r: Row) => r.code)).toEqual(['99457']);
  });

  it('refuses an upcoming month with the spec message, in English and Spanish', async () => {
    const en = await callAs(f.nurseA1, billing.getCsvDataForMonth, { headers: { hospitalid: f.a1.id, month: 1, year: FUTURE_YEAR } });
    expect(en.status).toBe(400);
    expect(en.reply.json()).toMatchObject({ resFlag: false, msg: FUTURE_MONTH, errors: { month: FUTURE_MONTH } });
    const es = await callAs(f.nurseA1, billing.getCsvDataForMonth, { headers: { hospitalid: f.a1.id, month: 1, year: FUTURE_YEAR }, lang: 'es' });
    expect(es.msg).toBe(FUTURE_MONTH_ES);
  });

  it('answers 400 with field messages when no office or organization is given, or the month is not one', async () => {
    const none = await callAs(f.nurseA1, billing.getCsvDataForMonth, { headers: period });
    expect(none.status).toBe(400);
    expect(none.errors).toEqual({ hospitalid: REQUIRED });
    const bad = await callAs(f.nurseA1, billing.getCsvDataForMonth, { headers: { hospitalid: f.a1.id, month: 13, year: 2025 } });
    expect(bad.status).toBe(400);
    expect(bad.errors?.month).toBe('This field needs to be formatted');
  });

  it("answers 404 for another office's or organization's data", async () => {
    const cases: { who: { id: number }; headers: Record<string, number> }[] = [
      { who: f.officeAdminA2, headers: { hospitalid: f.a1.id } },
      { who: f.doctorB1, headers: { hospitalid: f.a1.id } },
      { who: f.orgAdminB, headers: { organizationid: f.orgA.id } },
      { who: f.orgAdminA, headers: { hospitalid: f.b1.id } },
      { who: f.orgAdminA, headers: { hospitalid: f.a1.id, organizationid: f.orgB.id } },
    ];
    for (const c of cases) {
      const res = await callAs(c.who, billing.getCsvDataForMonth, { headers: { ...c.headers, ...period } });
      expect(res.status, JSON.stringify(c.headers)).toBe(404);
      expect(res.msg).toBe(INVALID_ID);
      expect(res.reply.body).not.toContain('Núñez');
    }
  });
});

describe('GET billing/generatemultiplecsvhospitalpatientsformonthV2', () => {
  it("downloads the office's CSV with the documented header and values", async () => {
    const res = await callAs(f.nurseA1, billing.generateMultipleCsvHospitalPatientsForMonthV2, { headers: { hospitalid: f.a1.id, ...period } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.reply.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="billing-2025-06-office-${f.a1.id}-[a-z0-9-]+\\.csv"$`));
    expect(res.reply.headers['cache-control']).toBe('no-store');
    expect(res.reply.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parse(res.reply.body, { bom: true }) as string[][];
    expect(header).toEqual([
      'Billing month',
      'Patient name',
      'Patient identifier',
      'MRN',
      'Date of birth',
      'Office',
      'Billing practitioner',
      'Billing practitioner NPI',
      'Program',
      'CPT/HCPCS code',
      'Units',
      'Dates of service',
      'ICD-10-CM diagnoses',
      'Amount (USD)',
    ]);
    expect(header).toEqual(billingCsvColumns.map((c) => c.header));
    expect(rows).toHaveLength(4);
    const row99458 = rows.find((r) => r[9] === '99458')!;
    expect(row99458).toEqual([
      '2025-06',
      'Núñez, María José',
      'PID-A1',
      'MRN-001',
      '1950-02-03',
      f.a1.hospitalName,
      'Grey, Meredith',
      '1234567893',
      'RPM',
      '99458',
      '2',
      '2025-06-20',
      'I10;E11.9',
      '74.14',
    ]);
    expect(rows.find((r) => r[9] === '99457')![11]).toBe('2025-06-03;2025-06-20');
    // A name that a spreadsheet would run as a formula is neutralised; a code without a fee-schedule amount has an empty amount.
    const injected = rows.find((r) => r[1]!.includes('HYPERLINK'))!;
    expect(injected[1]).toBe(`'=HYPERLINK("x"), Eve`);
    expect(injected[13]).toBe('');
    expect(res.reply.body).not.toContain('111-22-3333');
  });

  it('requires hospitalid (400)', async () => {
    const res = await callAs(f.orgAdminA, billing.generateMultipleCsvHospitalPatientsForMonthV2, { headers: { organizationid: f.orgA.id, ...period } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ hospitalid: REQUIRED });
  });

  it('refuses an upcoming month with the spec message', async () => {
    const res = await callAs(f.nurseA1, billing.generateMultipleCsvHospitalPatientsForMonthV2, { headers: { hospitalid: f.a1.id, month: recent.month, year: FUTURE_YEAR } });
    expect(res.status).toBe(400);
    expect(res.reply.headers['content-type']).toContain('application/json');
    expect(res.msg).toBe(FUTURE_MONTH);
  });

  it('hides other offices (404)', async () => {
    const other = await callAs(f.officeAdminA2, billing.generateMultipleCsvHospitalPatientsForMonthV2, { headers: { hospitalid: f.a1.id, ...period } });
    expect(other.status).toBe(404);
    expect(other.reply.body).not.toContain('Núñez');
  });
});

describe('GET billing/generatemultiplecsvorganizationpatientsformonthV2', () => {
  const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));

  it("downloads a ZIP with one CSV per office of the organization", async () => {
    const res = await callAs(f.orgAdminA, billing.generateMultipleCsvOrganizationPatientsForMonthV2, { headers: { organizationid: f.orgA.id, ...period } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.reply.headers['content-type']).toBe('application/zip');
    expect(res.reply.headers['content-disposition']).toMatch(new RegExp(`filename="billing-2025-06-organization-${f.orgA.id}-[a-z0-9-]+\\.zip"`));
    const files = unzip(res.reply.rawPayload);
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(3);
    for (const office of [f.a1, f.a2, a3]) { expect(names.some((n) => n.startsWith(`billing-2025-06-office-${office.id}-`) && n.endsWith('.csv'))).toBe(true); }
    expect(names.find((n) => n.includes(`-office-${a3.id}-`))).toBe(`billing-2025-06-office-${a3.id}-zeta-annex.csv`);
    const csvOf = (office: { id: number }) => parse(strFromU8(files[names.find((n) => n.includes(`-office-${office.id}-`))!]!), { bom: true }) as string[][];
    expect(csvOf(f.a1)).toHaveLength(1 + 4);
    expect(csvOf(f.a2)).toHaveLength(1 + 1);
    expect(csvOf(f.a2)[1]!.slice(1, 4)).toEqual(['Second, Alan', 'PID-A2', 'MRN-002']);
    expect(csvOf(a3)).toEqual([billingCsvColumns.map((c) => c.header)]);
    expect(Object.values(files).some((bytes) => strFromU8(bytes).includes('PID-B1'))).toBe(false);
  });

  it("holds only the caller's offices for office-scoped staff", async () => {
    const res = await callAs(f.doctorA1, billing.generateMultipleCsvOrganizationPatientsForMonthV2, { headers: { organizationid: f.orgA.id, ...period } });
    expect(res.status).toBe(200);
    const names = Object.keys(unzip(res.reply.rawPayload));
    expect(names).toHaveLength(1);
    expect(names[0]).toContain(`-office-${f.a1.id}-`);
  });

  it('requires organizationid and refuses an upcoming month (400)', async () => {
    const missing = await callAs(f.orgAdminA, billing.generateMultipleCsvOrganizationPatientsForMonthV2, { headers: { hospitalid: f.a1.id, ...period } });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ organizationid: REQUIRED });
    const future = await callAs(f.orgAdminA, billing.generateMultipleCsvOrganizationPatientsForMonthV2, { headers: { organizationid: f.orgA.id, month: 12, year: FUTURE_YEAR } });
    expect(future.status).toBe(400);
    expect(future.msg).toBe(FUTURE_MONTH);
  });

  it('hides another organization (404)', async () => {
    const other = await callAs(f.orgAdminB, billing.generateMultipleCsvOrganizationPatientsForMonthV2, { headers: { organizationid: f.orgA.id, ...period } });
    expect(other.status).toBe(404);
    expect(other.reply.headers['content-type']).toContain('application/json');
  });
});

describe('GET admin/getpatientslistformedicalinstitution', () => {
  type Entry = { userId: number; hospitalId: number; userFullname: string; patientIdentifier: string; billingType: string | null };

  it("lists the organization's patients with their office, identifiers and billing type", async () => {
    const res = await callAs(f.orgAdminA, billing.getPatientsListForMedicalInstitution, { headers: { organizationid: f.orgA.id }, query: { pageSize: 50 } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data.total).toBe(4);
    const ids = data.items.map((e: Entry) => e.userId);
    expect(ids).toEqual(expect.arrayContaining([f.patientA1.id, f.patientA2.id, injector.id, unbilled.id]));
    expect(ids).not.toContain(f.patientB1.id);
    expect(ids).not.toContain(f.doctorA1.id);
    expect(data.items.find((e: Entry) => e.userId === f.patientA1.id)).toMatchObject({
      userFullname: 'María José Núñez',
      hospitalId: f.a1.id,
      hospitalName: f.a1.hospitalName,
      patientIdentifier: 'PID-A1',
      mrn: 'MRN-001',
      dateOfBirth: '1950-02-03',
      billingType: 'RPM',
      status: 1,
    });
    expect(res.reply.body).not.toContain('111-22-3333');
  });

  it("shows office-scoped staff their offices' patients, and searches", async () => {
    const doctor = (await callAs(f.doctorA1, billing.getPatientsListForMedicalInstitution, { headers: { organizationid: f.orgA.id } })).body;
    expect(doctor.items.every((e: Entry) => e.hospitalId === f.a1.id)).toBe(true);
    expect(doctor.total).toBe(3);
    const search = (await callAs(f.orgAdminA, billing.getPatientsListForMedicalInstitution, { headers: { organizationid: f.orgA.id }, query: { search: 'MRN-002' } })).body;
    expect(search.items.map((e: Entry) => e.userId)).toEqual([f.patientA2.id]);
  });

  it('answers 400 without organizationid, 404 for another organization', async () => {
    const missing = await callAs(f.orgAdminA, billing.getPatientsListForMedicalInstitution);
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ organizationid: REQUIRED });
    const other = await callAs(f.orgAdminB, billing.getPatientsListForMedicalInstitution, { headers: { organizationid: f.orgA.id } });
    expect(other.status).toBe(404);
    expect(other.reply.body).not.toContain('Núñez');
  });
});

describe('GET admin/getpatientdetails', () => {
  it("returns the patient's demographics, billing profile and recent codes, never the SSN", async () => {
    const res = await callAs(f.nurseA1, billing.getPatientDetails, { headers: { patientid: f.patientA1.id } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({
      userId: f.patientA1.id,
      userFullname: 'María José Núñez',
      dateOfBirth: '1950-02-03',
      patientIdentifier: 'PID-A1',
      mrn: 'MRN-001',
      offices: [{ hospitalId: f.a1.id, hospitalName: f.a1.hospitalName }],
      billingProfile: {
        billingType: 'RPM',
        billingPractitionerId: f.doctorA1.id,
        billingPractitionerName: 'Meredith Grey',
        billingPractitionerNpi: '1234567893',
        isDefault: false,
      },
    });
    expect(data.billingProfile.diagnoses).toEqual([
      { code: 'I10', category: 'I10', description: 'Essential (primary) hypertension', descriptionEsp: 'Hipertensión esencial (primaria)' },
      { code: 'E11.9', category: 'E11', description: 'Type 2 diabetes mellitus', descriptionEsp: 'Diabetes mellitus tipo 2' },
    ]);
    // Only the last 6 months: the seeded current-month code, not June 2025's.
    expect(data.recentCodes).toEqual([{ year: recent.year, month: recent.month, hospitalId: f.a1.id, program: 'RPM', code: '99457', units: 1, amountCents: 5128, datesOfService: [] }]);
    expect(res.reply.body).not.toContain('111-22-3333');
    expect(res.reply.body).not.toContain('ssn');
  });

  it('answers 400 for a bad id, 404 for a patient of another office', async () => {
    const bad = await callAs(f.nurseA1, billing.getPatientDetails, { headers: { patientid: invalid('abc') } });
    expect(bad.status).toBe(400);
    expect(bad.errors?.patientid).toBe('This field needs to be formatted');
    for (const who of [f.officeAdminA2, f.doctorB1, f.orgAdminB]) {
      const res = await callAs(who, billing.getPatientDetails, { headers: { patientid: f.patientA1.id } });
      expect(res.status).toBe(404);
      expect(res.reply.body).not.toContain('Núñez');
    }
    // A staff member's id is not a patient.
    expect((await callAs(f.orgAdminA, billing.getPatientDetails, { headers: { patientid: f.nurseA1.id } })).status).toBe(404);
  });
});

describe('GET admin/getpatientslistformedicalinstitutionwithbillings', () => {
  type Item = { userId: number; hospitalId: number; codes: { program: string; code: string; units: number; amountCents: number | null }[]; totalAmountCents: number };

  it("lists the organization's patients with their billed codes and amounts for the month", async () => {
    const res = await callAs(f.orgAdminA, billing.getPatientsListForMedicalInstitutionWithBillings, { headers: { organizationid: f.orgA.id, ...period }, query: { sort: '-totalAmountCents' } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({ selectedYear: 2025, selectedMonth: 6, total: 4 });
    expect(data.items[0]).toMatchObject({
      userId: f.patientA1.id,
      hospitalId: f.a1.id,
      billingType: 'RPM',
      totalAmountCents: 4743 + 5128 + 7414,
      codes: [
        { program: 'RPM', code: '99454', units: 1, amountCents: 4743 },
        { program: 'RPM', code: '99457', units: 1, amountCents: 5128 },
        { program: 'RPM', code: '99458', units: 2, amountCents: 7414 },
      ],
    });
    const none = data.items.find((i: Item) => i.userId === unbilled.id);
    expect(none).toMatchObject({ codes: [], totalAmountCents: 0 });
    const billed = (await callAs(f.orgAdminA, billing.getPatientsListForMedicalInstitutionWithBillings, { headers: { organizationid: f.orgA.id, ...period }, query: { billedonly: true } })).body;
    expect(billed.items.map((i: Item) => i.userId).sort()).toEqual([f.patientA1.id, f.patientA2.id, injector.id].sort());
  });

  it('answers 400 for a month that is not one, 404 for another organization', async () => {
    const bad = await callAs(f.orgAdminA, billing.getPatientsListForMedicalInstitutionWithBillings, { headers: { organizationid: f.orgA.id, month: 0, year: 2025 } });
    expect(bad.status).toBe(400);
    expect(bad.errors?.month).toBe('This field needs to be formatted');
    const other = await callAs(f.orgAdminB, billing.getPatientsListForMedicalInstitutionWithBillings, { headers: { organizationid: f.orgA.id, ...period } });
    expect(other.status).toBe(404);
  });
});

describe('GET admin/getbillingreport', () => {
  it('sums the month per code and per office for an organization', async () => {
    const res = await callAs(f.orgAdminA, billing.getBillingReport, { headers: { organizationid: f.orgA.id, ...period } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({ clientKind: 'organization', clientId: f.orgA.id, selectedYear: 2025, selectedMonth: 6 });
    // The injector's 99454 has no amount loaded: left out of the sum and counted, never read as $0 (docs/billing-engine.md "Amounts").
    expect(data.totals).toEqual({ patients: 3, claims: 5, units: 6, amountCents: 4743 + 5128 + 7414 + 4743, claimsWithoutAmount: 1 });
    expect(data.byCode).toEqual([
      { program: 'RPM', code: '99454', patients: 3, claims: 3, units: 3, amountCents: 4743 * 2, claimsWithoutAmount: 1 },
      { program: 'RPM', code: '99457', patients: 1, claims: 1, units: 1, amountCents: 5128, claimsWithoutAmount: 0 },
      { program: 'RPM', code: '99458', patients: 1, claims: 1, units: 2, amountCents: 7414, claimsWithoutAmount: 0 },
    ]);
    const a1 = data.byOffice.find((o: { hospitalId: number }) => o.hospitalId === f.a1.id);
    expect(a1).toMatchObject({ patients: 2, claims: 4, units: 5, amountCents: 4743 + 5128 + 7414, claimsWithoutAmount: 1 });
    expect(a1!.byCode).toHaveLength(3);
    expect(data.byOffice.find((o: { hospitalId: number }) => o.hospitalId === a3.id)).toEqual({
      hospitalId: a3.id,
      hospitalName: 'Zeta Annex',
      patients: 0,
      claims: 0,
      units: 0,
      amountCents: 0,
      claimsWithoutAmount: 0,
      byCode: [],
    });
    expect(data.byOffice.some((o: { hospitalId: number }) => o.hospitalId === f.b1.id)).toBe(false);
  });

  it('reports one office, and zeros for a month without codes', async () => {
    const office = (await callAs(f.nurseA1, billing.getBillingReport, { headers: { hospitalid: f.a1.id, ...period } })).body;
    expect(office.byOffice.map((o: { hospitalId: number }) => o.hospitalId)).toEqual([f.a1.id]);
    expect(office.totals).toEqual({ patients: 2, claims: 4, units: 5, amountCents: 4743 + 5128 + 7414, claimsWithoutAmount: 1 });
    const empty = (await callAs(f.nurseA1, billing.getBillingReport, { headers: { hospitalid: f.a1.id, month: 1, year: 2024 } })).body;
    expect(empty.totals).toEqual({ patients: 0, claims: 0, units: 0, amountCents: 0, claimsWithoutAmount: 0 });
    expect(empty.byCode).toEqual([]);
    // A month whose only code has no amount loaded: "amount not loaded" (null), never $0.00.
    const unloaded = (await callAs(f.nurseA1, billing.getBillingReport, { headers: { hospitalid: f.a1.id, month: 3, year: 2024 } })).body;
    expect(unloaded.totals).toEqual({ patients: 1, claims: 1, units: 1, amountCents: null, claimsWithoutAmount: 1 });
    expect(unloaded.byCode).toEqual([{ program: 'CCM', code: '99491', patients: 1, claims: 1, units: 1, amountCents: null, claimsWithoutAmount: 1 }]);
  });

  it('answers 400 without an office or organization, 404 for another tenant', async () => {
    const missing = await callAs(f.orgAdminA, billing.getBillingReport, { headers: period });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ hospitalid: REQUIRED });
    expect((await callAs(f.orgAdminB, billing.getBillingReport, { headers: { organizationid: f.orgA.id } })).status).toBe(404);
    expect((await callAs(f.doctorA2, billing.getBillingReport, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
  });
});
