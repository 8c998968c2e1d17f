import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, metadata, Role } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { runClock, useTestClock } from '../../../test/clock';
import { createOffice, createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { localDate, localYearMonth } from '../../lib/office-calendar';
import { setProfile, INVALID_ID, REQUIRED, type Fixture } from '../../../test/fixtures/billing-exports.fixtures';
import { dayList, seedReadings, seedTime, TZ, waitForRun } from '../../../test/fixtures/billing-generation.fixtures';
import { addDays } from './engine/dates';

// A mid-month day by default; CI's date lanes run it on a month's first and last day and on the
// days of a daylight-saving change (VIGIL_TEST_NOW, test/clock.ts).
useTestClock(runClock() ?? '2026-11-20T17:00:00Z');

let t: TestApp;
let f: Fixture;
const callAs = callerFor(() => t);

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
  expect((await callAs(f.officeAdminA1, metadata.updateMetadataForDoctor, { headers: { doctorid: f.doctorA1.id }, body: { npi: '1234567893' } })).status).toBe(200);
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
    const res = await callAs(f.nurseA1, billing.getBillingDetailsForPatientForMonth, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({ preview: true, generated: false, runId: null });
    expect(d.claims.map((c: { code: string }) => c.code)).toEqual(['99453', '99454', '99457']);
    expect(d.claims.every((c: { id: number | null }) => c.id === null)).toBe(true);
  });
});

describe('GET billing/generateforallhospitalpatientsformonth and billing/getbillingrun', () => {
  it('starts a run at once and processes every patient of the office in the background', async () => {
    const res = await callAs(f.officeAdminA1, billing.generateForAllHospitalPatientsForMonth, { headers: { hospitalid: f.a1.id, ...SEPT } });
    expect(res.status).toBe(200);
    const run = res.body;
    expect(run).toMatchObject({ scopeKind: 'hospital', scopeId: f.a1.id, year: 2026, month: 9, total: 3 });
    // Answered at once: the run is a job (README "Jobs"), queued until a worker takes it.
    expect(['queued', 'running', 'done']).toContain(run.status);
    expect(await waitForRun(callAs, f.officeAdminA1, run.runId)).toMatchObject({ status: 'done', total: 3, done: 3, percent: 100 });
  });

  it("answers 404 for another office's or organization's office", async () => {
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      const res = await callAs(who, billing.generateForAllHospitalPatientsForMonth, { headers: { hospitalid: f.a1.id, ...SEPT } });
      expect(res.status).toBe(404);
      expect(res.msg).toBe(INVALID_ID);
    }
  });

  it('validates the headers and refuses a month still to come', async () => {
    const missing = await callAs(f.officeAdminA1, billing.generateForAllHospitalPatientsForMonth, { headers: invalid({ ...SEPT }) });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ hospitalid: REQUIRED });
    const badMonth = await callAs(f.officeAdminA1, billing.generateForAllHospitalPatientsForMonth, { headers: { hospitalid: f.a1.id, month: 13, year: 2026 } });
    expect(badMonth.status).toBe(400);
    expect(Object.keys(badMonth.errors ?? {})).toEqual(['month']);
    const future = await callAs(f.officeAdminA1, billing.generateForAllHospitalPatientsForMonth, { headers: { hospitalid: f.a1.id, ...FUTURE } });
    expect(future.status).toBe(400);
    expect(future.msg).toBe(FUTURE_MSG);
    const es = await callAs(f.officeAdminA1, billing.generateForAllHospitalPatientsForMonth, { headers: { hospitalid: f.a1.id, ...FUTURE }, lang: 'es' });
    expect(es.msg).toBe(`La facturación no está disponible para un mes que aún no ha llegado (${FUTURE.month}/${FUTURE.year})`);
  });

  it('getbillingrun: 404 outside the run office, 400 without runid', async () => {
    const res = await callAs(f.officeAdminA1, billing.generateForAllHospitalPatientsForMonth, { headers: { hospitalid: f.a1.id, ...SEPT } });
    const runId = res.body.runId;
    await waitForRun(callAs, f.officeAdminA1, runId);
    expect((await callAs(f.nurseA1, billing.getBillingRun, { headers: { runid: runId } })).status).toBe(200);
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      expect((await callAs(who, billing.getBillingRun, { headers: { runid: runId } })).status).toBe(404);
    }
    const bad = await callAs(f.nurseA1, billing.getBillingRun);
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ runid: REQUIRED });
  });
});

describe('GET billing/getbillingsummaryforallpatientsformonthv3', () => {
  it("lists the office's patients with codes, amount, reading days and time as MM:SS", async () => {
    const res = await callAs(f.doctorA1, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { hospitalid: f.a1.id, ...SEPT }, query: { sort: '-amount' } });
    expect(res.status).toBe(200);
    const page = res.body;
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
    expect(first!.codes.map((c: { code: string }) => c.code)).toEqual(['99453', '99454', '99457']);
    expect(first!.time).toEqual([{ program: 'RPM', seconds: 1200, time: '20:00', practitionerSeconds: 0, interactive: true }]);
    expect(page.items.map((i: { patientId: number }) => i.patientId)).not.toContain(f.patientA2.id);
  });

  it("lists an organization's offices for its admin", async () => {
    const res = await callAs(f.orgAdminA, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { organizationid: f.orgA.id, ...SEPT }, query: { pageSize: 50 } });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((i: { patientId: number; hospitalId: number }) => `${i.patientId}@${i.hospitalId}`);
    expect(ids).toContain(`${f.patientA1.id}@${f.a1.id}`);
    expect(ids).toContain(`${f.patientA2.id}@${f.a2.id}`);
    expect(ids).not.toContain(`${f.patientB1.id}@${f.b1.id}`);
  });

  it('defaults to the current month and searches by name', async () => {
    const res = await callAs(f.nurseA1, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { hospitalid: f.a1.id }, query: { search: 'risky' } });
    expect(res.status).toBe(200);
    const page = res.body;
    expect({ year: page.year, month: page.month }).toEqual(current());
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ patientId: people.Risky, generated: false, atRisk: true });
    expect(page.items[0]!.flags.map((x: { key: string }) => x.key)).toContain('deviceDaysAtRisk');
  });

  it('validates: one of hospitalid / organizationid, a month 1-12, no month to come', async () => {
    const none = await callAs(f.nurseA1, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { ...SEPT } });
    expect(none.status).toBe(400);
    expect(none.errors).toEqual({ hospitalid: REQUIRED });
    const future = await callAs(f.nurseA1, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { hospitalid: f.a1.id, ...FUTURE } });
    expect(future.status).toBe(400);
    expect(future.msg).toBe(FUTURE_MSG);
    const sort = await callAs(f.nurseA1, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { hospitalid: f.a1.id }, query: { sort: invalid('ssn') } });
    expect(sort.status).toBe(400);
  });

  it('404 for another organization', async () => {
    expect((await callAs(f.doctorB1, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminB, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { organizationid: f.orgA.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { hospitalid: f.b1.id } })).status).toBe(404);
  });
});

describe('GET billing/getbillingsummaryforpatientformonth', () => {
  it("answers one patient's month", async () => {
    const res = await callAs(f.nurseA1, billing.getBillingSummaryForPatientForMonth, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ patientId: f.patientA1.id, generated: true, amountCents: 11708, readingDays: 16, totalTime: '20:00' });
  });

  it("404 for a patient of another office, 400 without patientid", async () => {
    expect((await callAs(f.nurseA1, billing.getBillingSummaryForPatientForMonth, { headers: { patientid: f.patientA2.id, hospitalid: f.a1.id, ...SEPT } })).status).toBe(404);
    expect((await callAs(f.doctorB1, billing.getBillingSummaryForPatientForMonth, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } })).status).toBe(404);
    const bad = await callAs(f.nurseA1, billing.getBillingSummaryForPatientForMonth, { headers: invalid({ hospitalid: f.a1.id }) });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ patientid: REQUIRED });
  });
});

describe('GET billing/getbillingdetailsforpatientformonth after generation', () => {
  it('answers the stored codes and the suppressed ones with evidence, in the caller language', async () => {
    const res = await callAs(f.nurseA1, billing.getBillingDetailsForPatientForMonth, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT }, lang: 'es' });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.preview).toBe(false);
    expect(typeof d.runId).toBe('number');
    const mgmt = d.claims.find((c: { code: string }) => c.code === '99457');
    expect(mgmt).toMatchObject({
      status: 'billable',
      amountCents: 5128,
      description: { es: 'RPM: gestión del tratamiento, primeros 20 minutos del mes' },
      evidence: { interactiveContact: { timeEntryId: people.call, day: '2026-09-10', staffUserId: f.nurseA1.id }, totalTime: '20:00' },
    });
    expect(typeof mgmt!.id).toBe('number');
    expect(d.claims.find((c: { code: string }) => c.code === '99454')!.evidence.readingDays).toHaveLength(16);
    expect(d.suppressed.map((c: { code: string; reasonText: string }) => [c.code, c.reasonText])).toEqual([
      ['99458', '20 minutos (20:00): se necesitan 40 para una unidad de 99458 (cada 20 minutos completos más allá de los 20 de 99457)'],
    ]);
    expect(d.settings.find((s: { key: string }) => s.key === 'RPM_SETUP_MIN_DAYS')).toEqual({ key: 'RPM_SETUP_MIN_DAYS', value: 2 });
  });

  it('shows a suppressed code with its reason', async () => {
    const res = await callAs(f.doctorA2, billing.getBillingDetailsForPatientForMonth, { headers: { patientid: f.patientA2.id, hospitalid: f.a2.id, ...SEPT }, lang: 'es' });
    expect(res.status).toBe(200);
    const s = res.body.suppressed.find((c: { code: string }) => c.code === '99454');
    expect(s!.reasonText).toBe('Solo 5 días con lecturas en el período de dispositivo del 2026-09-01 al 2026-09-30: se necesitan 16 para 99454; se factura 99445 (2-15 días) en su lugar');
    expect(s!.reason!.en).toMatch(/^Only 5 reading days/);
  });

  it('404 for another tenant, 400 on a bad header', async () => {
    expect((await callAs(f.doctorA2, billing.getBillingDetailsForPatientForMonth, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } })).status).toBe(404);
    expect((await callAs(f.doctorB1, billing.getBillingDetailsForPatientForMonth, { headers: { patientid: f.patientB1.id, hospitalid: f.a1.id, ...SEPT } })).status).toBe(404);
    const bad = await callAs(f.nurseA1, billing.getBillingDetailsForPatientForMonth, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, year: 1999 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.errors ?? {})).toEqual(['year']);
  });
});

describe('GET billing/generateforpatientformonth', () => {
  it('generates one patient now and answers the details', async () => {
    const res = await callAs(f.officeAdminA1, billing.generateForPatientForMonth, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id, ...SEPT } });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({ preview: false, generated: true, amountCents: 11708 });
    expect(d.claims.map((c: { code: string }) => c.code)).toEqual(['99453', '99454', '99457']);
    const run = await callAs(f.officeAdminA1, billing.getBillingRun, { headers: { runid: d.runId! } });
    expect(run.body).toMatchObject({ scopeKind: 'patient', scopeId: f.patientA1.id, status: 'done', total: 1, done: 1 });
  });

  it('404 for a patient of another office, 400 without hospitalid', async () => {
    expect((await callAs(f.officeAdminA1, billing.generateForPatientForMonth, { headers: { patientid: f.patientA2.id, hospitalid: f.a1.id, ...SEPT } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, billing.generateForPatientForMonth, { headers: { patientid: f.patientB1.id, hospitalid: f.b1.id, ...SEPT } })).status).toBe(404);
    const bad = await callAs(f.officeAdminA1, billing.generateForPatientForMonth, { headers: invalid({ patientid: f.patientA1.id, ...SEPT }) });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ hospitalid: REQUIRED });
  });
});

describe('GET billing/generateforallorganizationpatientsformonth', () => {
  it("processes every office of the organization for its admin", async () => {
    const res = await callAs(f.orgAdminA, billing.generateForAllOrganizationPatientsForMonth, { headers: { organizationid: f.orgA.id, ...SEPT } });
    expect(res.status).toBe(200);
    const run = res.body;
    expect(run).toMatchObject({ scopeKind: 'organization', scopeId: f.orgA.id, total: 4 });
    expect(await waitForRun(callAs, f.orgAdminA, run.runId)).toMatchObject({ status: 'done', done: 4 });
    const a2 = await callAs(f.orgAdminA, billing.getBillingSummaryForPatientForMonth, { headers: { patientid: f.patientA2.id, hospitalid: f.a2.id, ...SEPT } });
    expect(a2.body.codes.map((c: { code: string }) => c.code)).toEqual(['99453', '99445']);
    expect((await callAs(f.orgAdminB, billing.getBillingRun, { headers: { runid: run.runId } })).status).toBe(404);
  });

  it('shows every patient of the organization as generated afterwards, also one for whom no code applied', async () => {
    // A patient without a billing profile, reading, time or note in September: the month is empty
    // (generation.ts computeBatch), so nothing is stored for them.
    const office = await createOffice(t, f.orgA.id, { timeZone: TZ });
    const quiet = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [office.id], values: { firstName: 'Quiet', lastName: 'Month' } });
    const before = await callAs(f.orgAdminA, billing.getBillingSummaryForPatientForMonth, { headers: { patientid: quiet.id, hospitalid: office.id, ...SEPT } });
    expect(before.body).toMatchObject({ generated: false, generatedAt: null, codes: [] });
    const res = await callAs(f.orgAdminA, billing.generateForAllOrganizationPatientsForMonth, { headers: { organizationid: f.orgA.id, ...SEPT } });
    await waitForRun(callAs, f.orgAdminA, res.body.runId);
    const list = await callAs(f.orgAdminA, billing.getBillingSummaryForAllPatientsForMonthV3, { headers: { organizationid: f.orgA.id, ...SEPT }, query: { pageSize: 100 } });
    const items = list.body.items as { patientId: number; generated: boolean; generatedAt: string | null }[];
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.filter((i) => !i.generated)).toEqual([]);
    expect(items.find((i) => i.patientId === quiet.id)).toMatchObject({ generated: true, generatedAt: expect.any(String) });
    const details = await callAs(f.orgAdminA, billing.getBillingDetailsForPatientForMonth, { headers: { patientid: quiet.id, hospitalid: office.id, ...SEPT } });
    expect(details.body).toMatchObject({ preview: false, generated: true, claims: [] });
    // Another organization's month is not marked by this run.
    const other = await callAs(f.orgAdminB, billing.getBillingSummaryForPatientForMonth, { headers: { patientid: f.patientB1.id, hospitalid: f.b1.id, ...SEPT } });
    expect(other.body.generated).toBe(false);
  });

  it("limits an office admin to their own offices of the organization", async () => {
    const res = await callAs(f.officeAdminA2, billing.generateForAllOrganizationPatientsForMonth, { headers: { organizationid: f.orgA.id, ...SEPT } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    await waitForRun(callAs, f.officeAdminA2, res.body.runId);
  });

  it('404 for another organization, 400 without organizationid', async () => {
    expect((await callAs(f.orgAdminB, billing.generateForAllOrganizationPatientsForMonth, { headers: { organizationid: f.orgA.id, ...SEPT } })).status).toBe(404);
    const bad = await callAs(f.orgAdminA, billing.generateForAllOrganizationPatientsForMonth, { headers: invalid({ ...SEPT }) });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ organizationid: REQUIRED });
    const future = await callAs(f.orgAdminA, billing.generateForAllOrganizationPatientsForMonth, { headers: { organizationid: f.orgA.id, ...FUTURE } });
    expect(future.msg).toBe(FUTURE_MSG);
  });
});

describe('GET billing/getbillingreadiness', () => {
  it("lists the office's monitored patients of the current period, at risk first", async () => {
    const res = await callAs(f.nurseA1, billing.getBillingReadiness, { headers: { hospitalid: f.a1.id } });
    expect(res.status).toBe(200);
    const page = res.body;
    expect({ year: page.year, month: page.month }).toEqual(current());
    const ids = page.items.map((i: { patientId: number }) => i.patientId);
    expect(ids).toEqual(expect.arrayContaining([f.patientA1.id, people.Risky, people.Steady]));
    expect(ids.at(-1)).toBe(people.Steady);
    const risky = page.items.find((i: { patientId: number }) => i.patientId === people.Risky);
    expect(risky).toMatchObject({ readingDays: 10, daysLeft: 15, daysNeededFor16: 6, canReach16: true, atRisk: true, period: { start: addDays(today(), -15) } });
    expect(risky!.flags.find((x) => x.key === 'deviceDaysAtRisk')!.text).toBe(`6 more reading days needed in the 15 days left of the device period (ends ${addDays(today(), 14)}) to reach 16`);
    const steady = page.items.find((i: { patientId: number }) => i.patientId === people.Steady);
    // Amounts come from the loaded fee schedule of the month's year: CY2026 is loaded; a later year has none ("amount not loaded", null).
    expect(steady).toMatchObject({ readingDays: 16, atRisk: false, flags: [], estimatedAmountCents: current().year === 2026 ? 1837 + 4743 + 5128 : null });
    // The episode's first device period: its set-up (99453) is counted whether the period ends in this month or the next.
    expect(steady!.codes.map((c: { code: string }) => c.code)).toEqual(['99453', '99454', '99457']);
    expect(steady!.programs[0]).toMatchObject({ program: 'RPM', time: '25:00', interactive: true, marks: [{ minutes: 10, reached: true }, { minutes: 20, reached: true }, { minutes: 40, reached: false }, { minutes: 60, reached: false }] });
    expect(page.atRiskCount).toBe(page.items.filter((i: { atRisk: boolean }) => i.atRisk).length);
    const only = await callAs(f.nurseA1, billing.getBillingReadiness, { headers: { hospitalid: f.a1.id }, query: { atRiskOnly: 'true' } });
    expect(only.body.items.map((i: { patientId: number }) => i.patientId)).not.toContain(people.Steady);
  });

  it('404 for another office, 400 without hospitalid', async () => {
    expect((await callAs(f.doctorB1, billing.getBillingReadiness, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    expect((await callAs(f.doctorA2, billing.getBillingReadiness, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    const bad = await callAs(f.nurseA1, billing.getBillingReadiness);
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ hospitalid: REQUIRED });
  });
});
