import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@vigil/contract';
import { runClock, useTestClock } from '../../../test/clock';
import { createOffice, createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { localDate, localYearMonth } from '../../lib/office-calendar';
import { caller, setProfile, withoutBillingRead, FORBIDDEN, INVALID_ID, REQUIRED, type Fixture } from '../../../test/fixtures/billing-exports.fixtures';
import { dayList, seedReadings, seedTime, TZ, waitForRun } from '../../../test/fixtures/billing-generation.fixtures';
import { addDays } from './engine/dates';

// A mid-month day by default; CI's date lanes run it on a month's first and last day and on the
// days of a daylight-saving change (VIGIL_TEST_NOW, test/clock.ts).
useTestClock(runClock() ?? '2026-11-20T17:00:00Z');

let t: TestApp;
let f: Fixture;
const call = caller(() => t);

/** September 2026: a past month. */
const SEPT = { month: 9, year: 2026 };
const FUTURE = { month: 1, year: new Date().getUTCFullYear() + 1 };
const today = () => localDate(new Date(), TZ);
const current = () => localYearMonth(new Date(), TZ);
const people: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  // patientA1: 16 reading days and 20 minutes with a call in September -> 99453, 99454, 99457.
  await setProfile(t, f.patientA1.id, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id, rpmEpisodeStart: '2026-09-01', diagnosesJson: ['I10', 'E11.9'] });
  await seedReadings(t, { patientId: f.patientA1.id, hospitalId: f.a1.id, days: dayList('2026-09-01', 16) });
  people.call = await seedTime(t, { patientId: f.patientA1.id, hospitalId: f.a1.id, staffUserId: f.nurseA1.id, program: 'RPM', minutes: 20, day: '2026-09-10', interactive: true });
  // patientA2 (office a2) and patientB1 (other organization).
  await setProfile(t, f.patientA2.id, { billingType: 'RPM', billingPractitionerId: f.doctorA2.id, rpmEpisodeStart: '2026-09-01' });
  await seedReadings(t, { patientId: f.patientA2.id, hospitalId: f.a2.id, days: dayList('2026-09-01', 5) });
  await seedReadings(t, { patientId: f.patientB1.id, hospitalId: f.b1.id, days: dayList('2026-09-01', 20) });
  // The billing practitioner has a valid NPI (CMS check digit): no "NPI missing" readiness problem.
  expect((await call('PUT', 'doctormetadata/updatemetadatafordoctor', f.officeAdminA1, { headers: { doctorid: f.doctorA1.id }, payload: { npi: '1234567893' } })).statusCode).toBe(200);
  // Readiness in the current period (started 15 days ago): Risky has 10 reading days, Steady 16 and 25 minutes with a call.
  const start = addDays(today(), -15);
  for (const [name, days, minutes] of [
    ['Risky', 10, 0],
    ['Steady', 16, 25],
  ] as const) {
    const p = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: name, lastName: 'Ready' } });
    people[name] = p.id;
    await setProfile(t, p.id, { billingType: 'RPM', billingPractitionerId: f.doctorA1.id, rpmEpisodeStart: start });
    await seedReadings(t, { patientId: p.id, hospitalId: f.a1.id, days: dayList(start, days), perDay: 2 });
    if (minutes > 0) { await seedTime(t, { patientId: p.id, hospitalId: f.a1.id, staffUserId: f.nurseA1.id, program: 'RPM', minutes, day: today(), time: '00:05', interactive: true }); }
  }
});

afterAll(async () => {
  await t?.close();
});

const FUTURE_MSG = `Billing is not available for a month still to come (${FUTURE.month}/${FUTURE.year})`;

describe('GET billing/getbillingdetailsforpatientformonth before generation', () => {
  it('answers a live preview with the codes and their evidence, not stored', async () => {
    const res = await call('GET', 'billing/getbillingdetailsforpatientformonth', f.nurseA1, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ preview: true, generated: false, runId: null });
    expect(d.claims.map((c: { code: string }) => c.code)).toEqual(['99453', '99454', '99457']);
    expect(d.claims.every((c: { id: number | null }) => c.id === null)).toBe(true);
  });
});

describe('GET billing/generateforallhospitalpatientsformonth and billing/getbillingrun', () => {
  it('starts a run at once and processes every patient of the office in the background', async () => {
    const res = await call('GET', 'billing/generateforallhospitalpatientsformonth', f.officeAdminA1, { headers: { hospitalid: f.a1.id, ...SEPT } });
    expect(res.statusCode).toBe(200);
    const run = res.json().data;
    expect(run).toMatchObject({ scopeKind: 'hospital', scopeId: f.a1.id, year: 2026, month: 9, total: 3 });
    // Answered at once: the run is a job (README "Jobs"), queued until a worker takes it.
    expect(['queued', 'running', 'done']).toContain(run.status);
    expect(await waitForRun(call, f.officeAdminA1, run.runId)).toMatchObject({ status: 'done', total: 3, done: 3, percent: 100 });
  });

  it('refuses staff without billing.generate (403)', async () => {
    for (const who of [f.doctorA1, f.nurseA1, f.patientA1]) {
      const res = await call('GET', 'billing/generateforallhospitalpatientsformonth', who, { headers: { hospitalid: f.a1.id, ...SEPT } });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(FORBIDDEN);
    }
  });

  it("answers 404 for another office's or organization's office", async () => {
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      const res = await call('GET', 'billing/generateforallhospitalpatientsformonth', who, { headers: { hospitalid: f.a1.id, ...SEPT } });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(INVALID_ID);
    }
  });

  it('validates the headers and refuses a month still to come', async () => {
    const missing = await call('GET', 'billing/generateforallhospitalpatientsformonth', f.officeAdminA1, { headers: { ...SEPT } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ hospitalid: REQUIRED });
    const badMonth = await call('GET', 'billing/generateforallhospitalpatientsformonth', f.officeAdminA1, { headers: { hospitalid: f.a1.id, month: 13, year: 2026 } });
    expect(badMonth.statusCode).toBe(400);
    expect(Object.keys(badMonth.json().errors)).toEqual(['month']);
    const future = await call('GET', 'billing/generateforallhospitalpatientsformonth', f.officeAdminA1, { headers: { hospitalid: f.a1.id, ...FUTURE } });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toBe(FUTURE_MSG);
    const es = await call('GET', 'billing/generateforallhospitalpatientsformonth', f.officeAdminA1, { headers: { hospitalid: f.a1.id, ...FUTURE }, lang: 'es' });
    expect(es.json().msg).toBe(`La facturación no está disponible para un mes que aún no ha llegado (${FUTURE.month}/${FUTURE.year})`);
  });

  it('getbillingrun: 404 outside the run office, 403 without billing.read, 400 without runid', async () => {
    const res = await call('GET', 'billing/generateforallhospitalpatientsformonth', f.officeAdminA1, { headers: { hospitalid: f.a1.id, ...SEPT } });
    const runId = res.json().data.runId;
    await waitForRun(call, f.officeAdminA1, runId);
    expect((await call('GET', 'billing/getbillingrun', f.nurseA1, { headers: { runid: runId } })).statusCode).toBe(200);
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      expect((await call('GET', 'billing/getbillingrun', who, { headers: { runid: runId } })).statusCode).toBe(404);
    }
    for (const who of withoutBillingRead(f)) { expect((await call('GET', 'billing/getbillingrun', who, { headers: { runid: runId } })).statusCode).toBe(403); }
    const bad = await call('GET', 'billing/getbillingrun', f.nurseA1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ runid: REQUIRED });
  });
});

describe('GET billing/getbillingsummaryforallpatientsformonthv3', () => {
  it("lists the office's patients with codes, amount, reading days and time as MM:SS", async () => {
    const res = await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.doctorA1, { headers: { hospitalid: f.a1.id, ...SEPT }, query: { sort: '-amount' } });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ year: 2026, month: 9, total: 3, page: 1, totalAmountCents: 1837 + 4743 + 5128 });
    const first = page.items[0];
    expect(first).toMatchObject({
      patientId: f.patientA1.id,
      hospitalId: f.a1.id,
      generated: true,
      amountCents: 1837 + 4743 + 5128,
      readingDays: 16,
      totalTime: '20:00',
      practitioner: { id: f.doctorA1.id },
      atRisk: false,
      flags: [],
    });
    expect(first.codes.map((c: { code: string }) => c.code)).toEqual(['99453', '99454', '99457']);
    expect(first.time).toEqual([{ program: 'RPM', seconds: 1200, time: '20:00', practitionerSeconds: 0, interactive: true }]);
    expect(page.items.map((i: { patientId: number }) => i.patientId)).not.toContain(f.patientA2.id);
  });

  it("lists an organization's offices for its admin", async () => {
    const res = await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.orgAdminA, { headers: { organizationid: f.orgA.id, ...SEPT }, query: { pageSize: 50 } });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.items.map((i: { patientId: number; hospitalId: number }) => `${i.patientId}@${i.hospitalId}`);
    expect(ids).toContain(`${f.patientA1.id}@${f.a1.id}`);
    expect(ids).toContain(`${f.patientA2.id}@${f.a2.id}`);
    expect(ids).not.toContain(`${f.patientB1.id}@${f.b1.id}`);
  });

  it('defaults to the current month and searches by name', async () => {
    const res = await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.nurseA1, { headers: { hospitalid: f.a1.id }, query: { search: 'risky' } });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect({ year: page.year, month: page.month }).toEqual(current());
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ patientId: people.Risky, generated: false, atRisk: true });
    expect(page.items[0].flags.map((x: { key: string }) => x.key)).toContain('deviceDaysAtRisk');
  });

  it('validates: one of hospitalid / organizationid, a month 1-12, no month to come', async () => {
    const none = await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.nurseA1, { headers: { ...SEPT } });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ hospitalid: REQUIRED });
    const future = await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.nurseA1, { headers: { hospitalid: f.a1.id, ...FUTURE } });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toBe(FUTURE_MSG);
    const sort = await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.nurseA1, { headers: { hospitalid: f.a1.id }, query: { sort: 'ssn' } });
    expect(sort.statusCode).toBe(400);
  });

  it('403 without billing.read; 404 for another organization', async () => {
    for (const who of withoutBillingRead(f)) { expect((await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', who, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(403); }
    expect((await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.doctorB1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    expect((await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.orgAdminB, { headers: { organizationid: f.orgA.id } })).statusCode).toBe(404);
    expect((await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.orgAdminA, { headers: { hospitalid: f.b1.id } })).statusCode).toBe(404);
  });
});

describe('GET billing/getbillingsummaryforpatientformonth', () => {
  it("answers one patient's month", async () => {
    const res = await call('GET', 'billing/getbillingsummaryforpatientformonth', f.nurseA1, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ patientId: f.patientA1.id, generated: true, amountCents: 11708, readingDays: 16, totalTime: '20:00' });
  });

  it("404 for a patient of another office, 403 without billing.read, 400 without patientid", async () => {
    expect((await call('GET', 'billing/getbillingsummaryforpatientformonth', f.nurseA1, { headers: { patientid: f.patientA2.id, hospitalid: f.a1.id, ...SEPT } })).statusCode).toBe(404);
    expect((await call('GET', 'billing/getbillingsummaryforpatientformonth', f.doctorB1, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } })).statusCode).toBe(404);
    for (const who of withoutBillingRead(f)) {
      expect((await call('GET', 'billing/getbillingsummaryforpatientformonth', who, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id } })).statusCode).toBe(403);
    }
    const bad = await call('GET', 'billing/getbillingsummaryforpatientformonth', f.nurseA1, { headers: { hospitalid: f.a1.id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ patientid: REQUIRED });
  });
});

describe('GET billing/getbillingdetailsforpatientformonth after generation', () => {
  it('answers the stored codes and the suppressed ones with evidence, in the caller language', async () => {
    const res = await call('GET', 'billing/getbillingdetailsforpatientformonth', f.nurseA1, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT }, lang: 'es' });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.preview).toBe(false);
    expect(typeof d.runId).toBe('number');
    const mgmt = d.claims.find((c: { code: string }) => c.code === '99457');
    expect(mgmt).toMatchObject({
      status: 'billable',
      amountCents: 5128,
      description: { es: 'RPM: gestión del tratamiento, primeros 20 minutos del mes' },
      evidence: { interactiveContact: { timeEntryId: people.call, day: '2026-09-10', staffUserId: f.nurseA1.id }, totalTime: '20:00' },
    });
    expect(typeof mgmt.id).toBe('number');
    expect(d.claims.find((c: { code: string }) => c.code === '99454').evidence.readingDays).toHaveLength(16);
    expect(d.suppressed.map((c: { code: string; reasonText: string }) => [c.code, c.reasonText])).toEqual([
      ['99458', '20 minutos (20:00): se necesitan 40 para una unidad de 99458 (cada 20 minutos completos más allá de los 20 de 99457)'],
    ]);
    expect(d.settings.find((s: { key: string }) => s.key === 'RPM_SETUP_MIN_DAYS')).toEqual({ key: 'RPM_SETUP_MIN_DAYS', value: 2 });
  });

  it('shows a suppressed code with its reason', async () => {
    const res = await call('GET', 'billing/getbillingdetailsforpatientformonth', f.doctorA2, { headers: { patientid: f.patientA2.id, hospitalid: f.a2.id, ...SEPT }, lang: 'es' });
    expect(res.statusCode).toBe(200);
    const s = res.json().data.suppressed.find((c: { code: string }) => c.code === '99454');
    expect(s.reasonText).toBe('Solo 5 días con lecturas en el período de dispositivo del 2026-09-01 al 2026-09-30: se necesitan 16 para 99454; se factura 99445 (2-15 días) en su lugar');
    expect(s.reason.en).toMatch(/^Only 5 reading days/);
  });

  it('404 for another tenant, 403 without billing.read, 400 on a bad header', async () => {
    expect((await call('GET', 'billing/getbillingdetailsforpatientformonth', f.doctorA2, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } })).statusCode).toBe(404);
    expect((await call('GET', 'billing/getbillingdetailsforpatientformonth', f.doctorB1, { headers: { patientid: f.patientB1.id, hospitalid: f.a1.id, ...SEPT } })).statusCode).toBe(404);
    for (const who of withoutBillingRead(f)) {
      expect((await call('GET', 'billing/getbillingdetailsforpatientformonth', who, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id } })).statusCode).toBe(403);
    }
    const bad = await call('GET', 'billing/getbillingdetailsforpatientformonth', f.nurseA1, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, year: 1999 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['year']);
  });
});

describe('GET billing/generateforpatientformonth', () => {
  it('generates one patient now and answers the details', async () => {
    const res = await call('GET', 'billing/generateforpatientformonth', f.officeAdminA1, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ preview: false, generated: true, amountCents: 11708 });
    expect(d.claims.map((c: { code: string }) => c.code)).toEqual(['99453', '99454', '99457']);
    const run = await call('GET', 'billing/getbillingrun', f.officeAdminA1, { headers: { runid: d.runId } });
    expect(run.json().data).toMatchObject({ scopeKind: 'patient', scopeId: f.patientA1.id, status: 'done', total: 1, done: 1 });
  });

  it('403 without billing.generate, 404 for a patient of another office, 400 without hospitalid', async () => {
    expect((await call('GET', 'billing/generateforpatientformonth', f.doctorA1, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } })).statusCode).toBe(403);
    expect((await call('GET', 'billing/generateforpatientformonth', f.officeAdminA1, { headers: { patientid: f.patientA2.id, hospitalid: f.a1.id, ...SEPT } })).statusCode).toBe(404);
    expect((await call('GET', 'billing/generateforpatientformonth', f.officeAdminA1, { headers: { patientid: f.patientB1.id, hospitalid: f.b1.id, ...SEPT } })).statusCode).toBe(404);
    const bad = await call('GET', 'billing/generateforpatientformonth', f.officeAdminA1, { headers: { patientid: f.patientA1.id, ...SEPT } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ hospitalid: REQUIRED });
  });
});

describe('GET billing/generateforallorganizationpatientsformonth', () => {
  it("processes every office of the organization for its admin", async () => {
    const res = await call('GET', 'billing/generateforallorganizationpatientsformonth', f.orgAdminA, { headers: { organizationid: f.orgA.id, ...SEPT } });
    expect(res.statusCode).toBe(200);
    const run = res.json().data;
    expect(run).toMatchObject({ scopeKind: 'organization', scopeId: f.orgA.id, total: 4 });
    expect(await waitForRun(call, f.orgAdminA, run.runId)).toMatchObject({ status: 'done', done: 4 });
    const a2 = await call('GET', 'billing/getbillingsummaryforpatientformonth', f.orgAdminA, { headers: { patientid: f.patientA2.id, hospitalid: f.a2.id, ...SEPT } });
    expect(a2.json().data.codes.map((c: { code: string }) => c.code)).toEqual(['99453', '99445']);
    expect((await call('GET', 'billing/getbillingrun', f.orgAdminB, { headers: { runid: run.runId } })).statusCode).toBe(404);
  });

  it('shows every patient of the organization as generated afterwards, also one for whom no code applied', async () => {
    // A patient without a billing profile, reading, time or note in September: the month is empty
    // (generation.ts computeBatch), so nothing is stored for them.
    const office = await createOffice(t, f.orgA.id, { timeZone: TZ });
    const quiet = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [office.id], values: { firstName: 'Quiet', lastName: 'Month' } });
    const before = await call('GET', 'billing/getbillingsummaryforpatientformonth', f.orgAdminA, { headers: { patientid: quiet.id, hospitalid: office.id, ...SEPT } });
    expect(before.json().data).toMatchObject({ generated: false, generatedAt: null, codes: [] });
    const res = await call('GET', 'billing/generateforallorganizationpatientsformonth', f.orgAdminA, { headers: { organizationid: f.orgA.id, ...SEPT } });
    await waitForRun(call, f.orgAdminA, res.json().data.runId);
    const list = await call('GET', 'billing/getbillingsummaryforallpatientsformonthv3', f.orgAdminA, { headers: { organizationid: f.orgA.id, ...SEPT }, query: { pageSize: 100 } });
    const items = list.json().data.items as { patientId: number; generated: boolean; generatedAt: string | null }[];
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.filter((i) => !i.generated)).toEqual([]);
    expect(items.find((i) => i.patientId === quiet.id)).toMatchObject({ generated: true, generatedAt: expect.any(String) });
    const details = await call('GET', 'billing/getbillingdetailsforpatientformonth', f.orgAdminA, { headers: { patientid: quiet.id, hospitalid: office.id, ...SEPT } });
    expect(details.json().data).toMatchObject({ preview: false, generated: true, claims: [] });
    // Another organization's month is not marked by this run.
    const other = await call('GET', 'billing/getbillingsummaryforpatientformonth', f.orgAdminB, { headers: { patientid: f.patientB1.id, hospitalid: f.b1.id, ...SEPT } });
    expect(other.json().data.generated).toBe(false);
  });

  it("limits an office admin to their own offices of the organization", async () => {
    const res = await call('GET', 'billing/generateforallorganizationpatientsformonth', f.officeAdminA2, { headers: { organizationid: f.orgA.id, ...SEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(1);
    await waitForRun(call, f.officeAdminA2, res.json().data.runId);
  });

  it('404 for another organization, 403 without billing.generate, 400 without organizationid', async () => {
    expect((await call('GET', 'billing/generateforallorganizationpatientsformonth', f.orgAdminB, { headers: { organizationid: f.orgA.id, ...SEPT } })).statusCode).toBe(404);
    expect((await call('GET', 'billing/generateforallorganizationpatientsformonth', f.nurseA1, { headers: { organizationid: f.orgA.id, ...SEPT } })).statusCode).toBe(403);
    const bad = await call('GET', 'billing/generateforallorganizationpatientsformonth', f.orgAdminA, { headers: { ...SEPT } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ organizationid: REQUIRED });
    const future = await call('GET', 'billing/generateforallorganizationpatientsformonth', f.orgAdminA, { headers: { organizationid: f.orgA.id, ...FUTURE } });
    expect(future.json().msg).toBe(FUTURE_MSG);
  });
});

describe('GET billing/getbillingreadiness', () => {
  it("lists the office's monitored patients of the current period, at risk first", async () => {
    const res = await call('GET', 'billing/getbillingreadiness', f.nurseA1, { headers: { hospitalid: f.a1.id } });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect({ year: page.year, month: page.month }).toEqual(current());
    const ids = page.items.map((i: { patientId: number }) => i.patientId);
    expect(ids).toEqual(expect.arrayContaining([f.patientA1.id, people.Risky, people.Steady]));
    expect(ids.at(-1)).toBe(people.Steady);
    const risky = page.items.find((i: { patientId: number }) => i.patientId === people.Risky);
    expect(risky).toMatchObject({ readingDays: 10, daysLeft: 15, daysNeededFor16: 6, canReach16: true, atRisk: true, period: { start: addDays(today(), -15) } });
    expect(risky.flags.find((x: { key: string }) => x.key === 'deviceDaysAtRisk').text).toBe(`6 more reading days needed in the 15 days left of the device period (ends ${addDays(today(), 14)}) to reach 16`);
    const steady = page.items.find((i: { patientId: number }) => i.patientId === people.Steady);
    // Amounts come from the loaded fee schedule of the month's year: CY2026 is loaded; a later year has none ("amount not loaded", null).
    expect(steady).toMatchObject({ readingDays: 16, atRisk: false, flags: [], estimatedAmountCents: current().year === 2026 ? 1837 + 4743 + 5128 : null });
    // The episode's first device period: its set-up (99453) is counted whether the period ends in this month or the next.
    expect(steady.codes.map((c: { code: string }) => c.code)).toEqual(['99453', '99454', '99457']);
    expect(steady.programs[0]).toMatchObject({ program: 'RPM', time: '25:00', interactive: true, marks: [{ minutes: 10, reached: true }, { minutes: 20, reached: true }, { minutes: 40, reached: false }, { minutes: 60, reached: false }] });
    expect(page.atRiskCount).toBe(page.items.filter((i: { atRisk: boolean }) => i.atRisk).length);
    const only = await call('GET', 'billing/getbillingreadiness', f.nurseA1, { headers: { hospitalid: f.a1.id }, query: { atRiskOnly: 'true' } });
    expect(only.json().data.items.map((i: { patientId: number }) => i.patientId)).not.toContain(people.Steady);
  });

  it('404 for another office, 403 without billing.read, 400 without hospitalid', async () => {
    expect((await call('GET', 'billing/getbillingreadiness', f.doctorB1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    expect((await call('GET', 'billing/getbillingreadiness', f.doctorA2, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    for (const who of withoutBillingRead(f)) { expect((await call('GET', 'billing/getbillingreadiness', who, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(403); }
    const bad = await call('GET', 'billing/getbillingreadiness', f.nurseA1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ hospitalid: REQUIRED });
  });
});
