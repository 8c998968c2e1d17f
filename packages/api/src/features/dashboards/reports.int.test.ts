import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboards, NotificationType, Role } from '@vigil/contract';
import { callerFor, invalid, type CallQuery } from '../../../test/call-as';
import { createTenancyFixture, createUser, createTestApp, type TestApp } from '../../../test/setup';
import { auditEvents, billingClaims, measurements, notifications, patientBillingProfiles, timeEntries } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let englishOrgAdminA: { id: number };

const PERIOD = { from: '2025-01', to: '2025-02' };
const callAs = callerFor(() => t);
type ReportQuery = CallQuery<typeof dashboards.getBusinessReport>;
type CsvQuery = CallQuery<typeof dashboards.exportBusinessReportCsv>;
/** No Accept-Language: the caller's stored language decides (lib/lang.ts), as these tests mean. */
const storedLanguage = { 'accept-language': '' };

const call = (who: { id: number }, query: ReportQuery) => callAs(who, dashboards.getBusinessReport, { query, extraHeaders: storedLanguage });
const csv = (who: { id: number }, query: CsvQuery) => callAs(who, dashboards.exportBusinessReportCsv, { query, extraHeaders: storedLanguage });
const pdf = (who: { id: number }, query: ReportQuery) => callAs(who, dashboards.exportBusinessReportPdf, { query, extraHeaders: storedLanguage });
const report = async (who: { id: number }, query: ReportQuery) => {
  const res = await call(who, query);
  expect(res.status, res.reply.body).toBe(200);
  return res.body;
};

/**
 * Organization A (offices a1, a2) and B (b1). Patients of A: A1 (CCM profile), A2 (RPM), an
 * inactive one in a1 (RPM). Billable claims of A: 99454 and 99457 in 2025-01, 99454 in 2025-02
 * (a2), a suppressed one and one of 2024-12 apart; B has one in 2025-01. Care time of A: RPM 1200 s
 * (2025-01), CCM 600 s (2025-02), one of 2024-12 apart. Alerts of A: two readings processed in
 * 2025-01 after 10 and 30 minutes (the first with two copies). Audit events of A in 2025-01: two
 * reads of A1 (one refused), an update of A2; B and 2024-12 apart.
 */
beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  const db = t.ctx.db;
  englishOrgAdminA = await createUser(t, { role: Role.ORGANIZATION_ADMIN, organizationId: f.orgA.id, values: { language: 'ENG' } });
  await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], status: 0 });
  await db.insert(patientBillingProfiles).values({ patientId: f.patientA1.id, billingType: 'CCM' });
  const claim = (hospitalId: number, patientId: number, year: number, month: number, code: string, amountCents: number, status = 'billable') => ({ patientId, hospitalId, year, month, program: 'RPM', code, amountCents, status });
  await db.insert(billingClaims).values([
    claim(f.a1.id, f.patientA1.id, 2025, 1, '99454', 5000),
    claim(f.a1.id, f.patientA1.id, 2025, 1, '99457', 4000),
    claim(f.a2.id, f.patientA2.id, 2025, 2, '99454', 5000),
    claim(f.a2.id, f.patientA2.id, 2025, 2, '99457', 4000, 'suppressed'),
    claim(f.a1.id, f.patientA1.id, 2024, 12, '99454', 5000),
    claim(f.b1.id, f.patientB1.id, 2025, 1, '99454', 5000),
  ]);
  const entry = (hospitalId: number, patientId: number, staffUserId: number, program: string, startedAt: string, seconds: number) => ({
    hospitalId,
    patientId,
    staffUserId,
    program,
    startedAt: new Date(startedAt),
    endedAt: new Date(new Date(startedAt).getTime() + seconds * 1000),
    seconds,
  });
  await db.insert(timeEntries).values([
    entry(f.a1.id, f.patientA1.id, f.doctorA1.id, 'RPM', '2025-01-10T15:00:00Z', 1200),
    entry(f.a1.id, f.patientA1.id, f.nurseA1.id, 'CCM', '2025-02-03T15:00:00Z', 600),
    entry(f.a1.id, f.patientA1.id, f.doctorA1.id, 'RPM', '2024-12-31T23:00:00Z', 900),
    entry(f.b1.id, f.patientB1.id, f.doctorB1.id, 'RPM', '2025-01-10T15:00:00Z', 300),
  ]);
  const reading = async (at: string) => {
    const [row] = await db.insert(measurements).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, deviceType: 'BP', measuredAt: new Date(at), valuesJson: { '8480-6': 170 } }).returning({ id: measurements.id });
    return row!.id;
  };
  const alert = (measurementId: number, toUserId: number, raised: string, afterMinutes: number) => ({
    notificationTypeId: NotificationType.ABNORMAL_MEASUREMENT,
    toUserId,
    relatedPatientId: f.patientA1.id,
    hospitalId: f.a1.id,
    measurementId,
    messageEn: 'Abnormal reading',
    messageEs: 'Lectura anormal',
    severity: 2,
    createdAt: new Date(raised),
    processingStatus: 1,
    processedAt: new Date(new Date(raised).getTime() + afterMinutes * 60_000),
    processedBy: f.doctorA1.id,
  });
  const m1 = await reading('2025-01-05T10:00:00Z');
  const m2 = await reading('2025-01-06T10:00:00Z');
  await db.insert(notifications).values([alert(m1, f.doctorA1.id, '2025-01-05T10:00:00Z', 10), alert(m1, f.nurseA1.id, '2025-01-05T10:00:00Z', 10), alert(m2, f.doctorA1.id, '2025-01-06T10:00:00Z', 30)]);
  const event = (organizationId: number, userId: number, patientId: number, action: string, outcome: number, at: string) => ({
    at: new Date(at),
    userId,
    roleId: Role.DOCTOR,
    organizationId,
    patientId,
    resource: 'Patient',
    action,
    endpoint: 'GET user/{id}',
    outcome,
    prevHash: 'test',
    hash: 'test',
  });
  await db.insert(auditEvents).values([
    event(f.orgA.id, f.doctorA1.id, f.patientA1.id, 'R', 200, '2025-01-15T12:00:00Z'),
    event(f.orgA.id, f.nurseA1.id, f.patientA1.id, 'R', 403, '2025-01-16T12:00:00Z'),
    event(f.orgA.id, f.doctorA1.id, f.patientA2.id, 'U', 200, '2025-02-01T12:00:00Z'),
    event(f.orgA.id, f.doctorA1.id, f.patientA1.id, 'R', 200, '2024-12-15T12:00:00Z'),
    event(f.orgB.id, f.doctorB1.id, f.patientB1.id, 'R', 200, '2025-01-15T12:00:00Z'),
  ]);
});
afterAll(async () => t?.close());

const expectedA = {
  patients: [
    { program: 'CCM', status: 'active', patients: 1 },
    { program: 'RPM', status: 'active', patients: 1 },
    { program: 'RPM', status: 'inactive', patients: 1 },
  ],
  billing: [
    { month: '2025-01', code: '99454', claims: 1, units: 1, amountCents: 5000, claimsWithoutAmount: 0 },
    { month: '2025-01', code: '99457', claims: 1, units: 1, amountCents: 4000, claimsWithoutAmount: 0 },
    { month: '2025-02', code: '99454', claims: 1, units: 1, amountCents: 5000, claimsWithoutAmount: 0 },
  ],
  staffTime: [
    { program: 'CCM', seconds: 600, entries: 1, staff: 1 },
    { program: 'RPM', seconds: 1200, entries: 1, staff: 1 },
  ],
  // per reading (the first has two copies): 10 and 30 minutes
  responseTimes: [{ month: '2025-01', processed: 2, medianMinutes: 20, p90Minutes: 28 }],
  audit: [
    { action: 'R', events: 2, refused: 1, users: 2, patients: 1 },
    { action: 'U', events: 1, refused: 0, users: 1, patients: 1 },
  ],
};

describe('GET report/getbusinessreport', () => {
  it("answers an organization admin's own organization for the period, every section on the fixture", async () => {
    const d = await report(f.orgAdminA, PERIOD);
    expect(d).toMatchObject({ organizationId: f.orgA.id, from: '2025-01', to: '2025-02', ...expectedA });
    expect(d.organizationName).toBeTruthy();
  });

  it('answers a system admin one organization, or every organization without one', async () => {
    expect(await report(f.sysadmin, { ...PERIOD, organizationid: f.orgA.id })).toMatchObject(expectedA);
    const all = await report(f.sysadmin, PERIOD);
    expect(all.organizationId).toBeNull();
    // B's claim of 2025-01 joins A's
    expect(all.billing.find((b) => b.month === '2025-01' && b.code === '99454')).toMatchObject({ claims: 2, amountCents: 10_000 });
    expect(all.audit.find((a) => a.action === 'R')).toMatchObject({ events: 3 });
  });

  it('narrows the period: one month leaves the other out', async () => {
    const d = await report(f.orgAdminA, { from: '2025-02', to: '2025-02' });
    expect(d.billing).toEqual([expectedA.billing[2]]);
    expect(d.staffTime).toEqual([expectedA.staffTime[0]]);
    expect(d.responseTimes).toEqual([]);
  });

  it("answers 404 for another tenant's organization and an unknown one", async () => {
    expect((await call(f.orgAdminB, { ...PERIOD, organizationid: f.orgA.id })).status).toBe(404);
    expect((await call(f.sysadmin, { ...PERIOD, organizationid: 999_999 })).status).toBe(404);
  });

  it("answers 400 for a bad period, in the caller's language", async () => {
    const backwards = await call(englishOrgAdminA, { from: '2025-03', to: '2025-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.reply.body).toContain('The end date cannot be before the start date');
    const spanish = await call(f.orgAdminA, { from: '2025-03', to: '2025-01' });
    expect(spanish.status).toBe(400);
    expect(spanish.reply.body).toContain('La fecha de fin no puede ser anterior a la de inicio');
    expect((await call(f.orgAdminA, { from: '2025-13', to: '2025-12' })).status).toBe(400);
    expect((await call(f.orgAdminA, invalid({ to: '2025-12' }))).status).toBe(400);
  });
});

describe('report exports', () => {
  it('exports a section as CSV', async () => {
    const res = await csv(f.orgAdminA, { ...PERIOD, section: 'billing' });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.reply.headers['content-type']).toContain('text/csv');
    expect(res.reply.headers['content-disposition']).toContain(`vigil-report-${f.orgA.id}-2025-01-2025-02-billing.csv`);
    expect(res.reply.body.replace(/^\uFEFF/, '').trim().split('\n')).toEqual(['month,code,claims,units,amountCents,claimsWithoutAmount', '2025-01,99454,1,1,5000,0', '2025-01,99457,1,1,4000,0', '2025-02,99454,1,1,5000,0']);
    const audit = await csv(f.orgAdminA, { ...PERIOD, section: 'audit' });
    expect(audit.reply.body.replace(/^\uFEFF/, '').trim().split('\n')).toEqual(['action,events,refused,users,patients', 'R,2,1,2,1', 'U,1,0,1,1']);
  });

  it('exports the report as a PDF', async () => {
    const res = await pdf(englishOrgAdminA, PERIOD);
    expect(res.status).toBe(200);
    expect(res.reply.headers['content-type']).toBe('application/pdf');
    expect(res.reply.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.reply.rawPayload.length).toBeGreaterThan(1500);
  });

  it("refuses the exports like the report: 404 another tenant's, 400 a bad section", async () => {
    expect((await csv(f.orgAdminB, { ...PERIOD, organizationid: f.orgA.id, section: 'billing' })).status).toBe(404);
    expect((await pdf(f.orgAdminB, { ...PERIOD, organizationid: f.orgA.id })).status).toBe(404);
    expect((await csv(f.orgAdminA, { ...PERIOD, section: invalid('nope') })).status).toBe(400);
  });
});
