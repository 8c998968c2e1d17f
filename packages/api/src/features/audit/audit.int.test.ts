import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { allEndpoints, auditTrail as auditApi, auth, can, reporting, Role, systemLogs as systemLogsApi, treatmentPlans, users, verifiers, type EndpointDef } from '@vigil/contract';
import { anonymous, callerFor, invalid, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/setup';
import { auditEvents, measurements, systemLogs, timeEntries } from '../../db/schema/index';
import { auditTrail } from '../../lib/audit-trail';
import { auditPlanOf } from '../../lib/audit-route';
import { FileCheckpointSink } from '../../lib/audit-checkpoint';
import { checkFull } from './index';

/** The whole chain alone (no checkpoint key), as the check of an app without one. */
const checkChain = async (db: TestApp['ctx']['db']) => (await checkFull({ db, key: null, sink: new FileCheckpointSink('/dev/null') })).result;
let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const callAs = callerFor(() => t);
/** GET audit/exportfhir's 200 answer. Raw: NDJSON's content type names JSON, so callAs would parse its lines as one envelope. */
async function exportFhir(who: CallUser, from: string, to: string) {
  return t.app.inject({ method: 'GET', url: `/api/audit/exportfhir?from=${from}&to=${to}`, headers: { ...(await callAs.sessionOf(who)), 'accept-language': 'en' } });
}
async function eventsFor(patientId: number) {
  await auditTrail(t.ctx).flush();
  return t.ctx.db.select().from(auditEvents).where(eq(auditEvents.patientId, patientId)).orderBy(auditEvents.id);
}

const YEAR = new Date().getUTCFullYear();
const MONTH = new Date().getUTCMonth() + 1;
const TODAY = new Date().toISOString().slice(0, 10);
/** The UTF-8 bytes of the byte-order mark spreadsheet programs read to pick the encoding. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** A CSV export starts with exactly one byte-order mark (lib/csv.ts), not two. */
function expectOneBom(res: { rawPayload: Buffer }) {
  expect(res.rawPayload.subarray(0, 3).equals(BOM)).toBe(true);
  expect(res.rawPayload.subarray(3, 6).equals(BOM)).toBe(false);
}
const REPORT_FAILED = 'Failed to fetch audit report: No meta data!';

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t?.close());

describe('the route layer records patient data access from the endpoint declaration', () => {
  it('records who read which patient, the resource, action, address and outcome', async () => {
    const res = await callAs(f.doctorA1, users.getUser, { params: { id: f.patientA1.id } });
    expect(res.status, res.reply.body).toBe(200);
    const rows = await eventsFor(f.patientA1.id);
    const row = rows.find((r) => r.endpoint === 'GET user/{id}' && r.userId === f.doctorA1.id)!;
    expect(row).toMatchObject({ roleId: Role.DOCTOR, organizationId: f.orgA.id, patientId: f.patientA1.id, action: 'R', outcome: 200, resource: 'Patient' });
    expect(row.address).not.toBe('');
    expect(row.requestId).toBe(res.reply.headers['x-request-id'] ?? row.requestId);
  });

  it('records a patient named in a header by an undeclared endpoint, with its tag as resource', async () => {
    const res = await callAs(f.nurseA1, treatmentPlans.getActiveTreatmentPlanForPatient, { headers: { patientid: f.patientA1.id } });
    expect([200, 404]).toContain(res.status);
    const row = (await eventsFor(f.patientA1.id)).find((r) => r.endpoint === 'GET treatmentplan/getactivetreatmentplanforpatient')!;
    expect(row).toMatchObject({ userId: f.nurseA1.id, action: 'R', outcome: res.status });
  });

  it("records another tenant's attempt with its 404 outcome", async () => {
    const res = await callAs(f.doctorB1, users.getUser, { params: { id: f.patientA1.id } });
    expect(res.status).toBe(404);
    const row = (await eventsFor(f.patientA1.id)).find((r) => r.userId === f.doctorB1.id)!;
    expect(row).toMatchObject({ outcome: 404, organizationId: f.orgB.id, action: 'R' });
  });

  it("records a refused role's attempt (403) with the patient its raw input names", async () => {
    // A read naming its patient in a header, and a caller of organization A whose role may not call it (from the contract).
    const callers = [
      { user: f.officeAdminA1, role: Role.HOSPITAL_ADMIN },
      { user: f.caregiverA1, role: Role.CARE_GIVER },
      { user: f.patientA2, role: Role.PATIENT },
    ];
    const reads = (allEndpoints as readonly EndpointDef[]).filter((d) => d.method === 'GET' && !d.path.includes('{') && d.permission !== 'public' && auditPlanOf(d)?.part === 'headers');
    const [def, caller] = reads.flatMap((d) => callers.filter((c) => !can(c.role, d.permission as Exclude<EndpointDef['permission'], 'public'>)).map((c) => [d, c] as const))[0]!;
    const res = await callAs(caller.user, def, { headers: { [auditPlanOf(def)!.field!]: f.patientA1.id } });
    expect(res.status, def.path).toBe(403);
    const row = (await eventsFor(f.patientA1.id)).find((r) => r.endpoint === `GET ${def.path}` && r.userId === caller.user.id);
    expect(row, def.path).toMatchObject({ outcome: 403, roleId: caller.role, organizationId: f.orgA.id, action: 'R' });
  });

  it('records nothing for calls that touch no patient', async () => {
    await auditTrail(t.ctx).flush();
    const [before] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect((await callAs(f.doctorA1, verifiers.getTimeZones)).status).toBe(200);
    await auditTrail(t.ctx).flush();
    const [after] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses to change or remove a stored event (append-only)', async () => {
    await expect(t.ctx.db.execute(sql`update audit_events set patient_id = 1`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  });
});

describe('GET audit/getauditevents', () => {
  it("lists an organization admin's patients' events with names, filtered by patient", async () => {
    const res = await callAs(f.orgAdminA, auditApi.getAuditEvents, { query: { patientId: f.patientA1.id, from: TODAY, to: TODAY } });
    expect(res.status, res.reply.body).toBe(200);
    const page = res.body;
    expect(page.items.length).toBeGreaterThanOrEqual(3);
    expect(page.items.every((e) => e.patientId === f.patientA1.id)).toBe(true);
    const opened = page.items.find((e) => e.userId === f.doctorA1.id)!;
    expect(opened.userName).toBe(`${f.doctorA1.firstName} ${f.doctorA1.lastName}`);
    expect(opened.patientName).toBe(`${f.patientA1.firstName} ${f.patientA1.lastName}`);
    // newest first
    const ids = page.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by action and user', async () => {
    const res = await callAs(f.sysadmin, auditApi.getAuditEvents, { query: { userId: f.doctorA1.id, action: 'R' } });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((e) => e.userId === f.doctorA1.id && e.action === 'R')).toBe(true);
  });

  it('answers 400 for a bad filter, in Spanish too', async () => {
    const res = await callAs(f.orgAdminA, auditApi.getAuditEvents, { query: { action: invalid('X') }, lang: 'es' });
    expect(res.status).toBe(400);
    expect(res.errors!.action).toBeTruthy();
  });

  it('refuses staff without audit.read', async () => {
    expect((await callAs(f.doctorA1, auditApi.getAuditEvents)).status).toBe(403);
    expect((await callAs(f.officeAdminA1, auditApi.getAuditEvents)).status).toBe(403);
  });

  it("answers 404 for another organization's patient and shows none of its events", async () => {
    expect((await callAs(f.orgAdminB, auditApi.getAuditEvents, { query: { patientId: f.patientA1.id } })).status).toBe(404);
    const all = (await callAs(f.orgAdminB, auditApi.getAuditEvents, { query: { pageSize: 200 } })).body.items;
    expect(all.some((e) => e.patientId === f.patientA1.id && e.organizationId !== f.orgB.id)).toBe(false);
  });

  it('exports the events as CSV', async () => {
    const res = await callAs(f.orgAdminA, auditApi.exportAuditEventsCsv, { query: { patientId: f.patientA1.id } });
    expect(res.status).toBe(200);
    expect(res.reply.headers['content-type']).toContain('text/csv');
    expectOneBom(res.reply);
    const lines = res.reply.body.replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('patientName');
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe('GET audit/exportfhir', () => {
  it('exports the period as FHIR R4 AuditEvent NDJSON', async () => {
    const res = await exportFhir(f.orgAdminA, TODAY, TODAY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/fhir+ndjson');
    const resources = res.body.trim().split('\n').map((l) => JSON.parse(l));
    const read = resources.find((r) => r.entity.some((e: { what: { reference?: string } }) => e.what.reference === `Patient/${f.patientA1.id}`));
    expect(read).toMatchObject({ resourceType: 'AuditEvent', action: 'R', outcome: '0', type: { code: 'rest' } });
    expect(read.agent[0].requestor).toBe(true);
    expect(read.agent[0].network.address).toBeTruthy();
    expect(Date.parse(read.recorded)).not.toBeNaN();
    expect(resources.some((r) => r.outcome === '4')).toBe(true); // the other tenant's 404
  });

  it('answers 400 for a period ending before it starts, 403 without audit.read', async () => {
    expect((await callAs(f.orgAdminA, auditApi.exportAuditEventsFhir, { query: { from: TODAY, to: '2020-01-01' } })).status).toBe(400);
    expect((await callAs(f.orgAdminA, auditApi.exportAuditEventsFhir, { query: invalid({ from: TODAY }) })).status).toBe(400);
    expect((await callAs(f.nurseA1, auditApi.exportAuditEventsFhir, { query: { from: TODAY, to: TODAY } })).status).toBe(403);
  });

  it("gives another organization's admin only its own staff's events, without the other organization's patient names", async () => {
    const res = await exportFhir(f.orgAdminB, TODAY, TODAY);
    expect(res.statusCode).toBe(200);
    const resources = res.body.trim().split('\n').map((l) => JSON.parse(l));
    const staffB = new Set([f.orgAdminB.id, f.doctorB1.id].map(String));
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.every((r) => staffB.has(r.agent[0].who.identifier.value))).toBe(true);
    expect(res.body).not.toContain(f.patientA1.lastName);
  });
});

describe('system logs', () => {
  it('records a refused sign-in without the typed name or password, and lists it by kind', async () => {
    const bad = await callAs(anonymous, auth.signInV3, { body: { username: f.doctorA1.username, password: 'Wrong#Password1', ip: '127.0.0.1' } });
    expect(bad.status).toBe(401);
    const ok = await callAs(anonymous, auth.signInV3, { body: { username: f.doctorA1.username, password: TEST_PASSWORD, ip: '127.0.0.1' } });
    expect(ok.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const res = await callAs(f.sysadmin, systemLogsApi.getSystemLogs, { headers: { kind: 'signInRefused', fromdate: TODAY, todate: TODAY } });
    expect(res.status, res.reply.body).toBe(200);
    const page = res.body;
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.items[0]).toMatchObject({ kind: 'signInRefused', level: 'warn', source: 'POST auth/signinv3' });
    const text = JSON.stringify(page.items);
    expect(text).not.toContain(f.doctorA1.username);
    expect(text).not.toContain('Wrong#Password1');
    const one = await callAs(f.sysadmin, systemLogsApi.getSystemLogById, { headers: { systemlogid: page.items[0]!.id } });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(page.items[0]!.id);
  });

  it('filters by level and search, and exports CSV', async () => {
    await t.ctx.db.insert(systemLogs).values({ level: 'error', kind: 'jobFailure', source: 'billing-run', message: 'Job attempt failed', details: { jobId: 'j1', attempt: 1 } });
    const res = await callAs(f.sysadmin, systemLogsApi.getSystemLogs, { query: { search: 'billing' }, headers: { level: 'error' } });
    expect(res.body.items.map((l) => l.source)).toEqual(['billing-run']);
    const csv = await callAs(f.sysadmin, systemLogsApi.exportSystemLogsCsv, { headers: { kind: 'jobFailure' } });
    expect(csv.status).toBe(200);
    expect(csv.reply.body).toContain('billing-run');
    expectOneBom(csv.reply);
  });

  it('answers 404 "Invalid id" for an unknown line and 400 for a bad filter', async () => {
    const res = await callAs(f.sysadmin, systemLogsApi.getSystemLogById, { headers: { systemlogid: 999999 } });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('Invalid id');
    expect((await callAs(f.sysadmin, systemLogsApi.getSystemLogs, { headers: { kind: invalid('nonsense') } })).status).toBe(400);
    expect((await callAs(f.sysadmin, systemLogsApi.getSystemLogById)).status).toBe(400);
  });

  it('is for system admins only (system-wide lines)', async () => {
    expect((await callAs(f.orgAdminA, systemLogsApi.getSystemLogs)).status).toBe(403);
    expect((await callAs(f.orgAdminA, systemLogsApi.getSystemLogById, { headers: { systemlogid: 1 } })).status).toBe(403);
  });
});

describe('Reporting', () => {
  beforeAll(async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 1);
    await t.ctx.db.insert(measurements).values([
      { patientId: f.patientA1.id, hospitalId: f.a1.id, deviceType: 'BloodPressure', measuredAt: now, valuesJson: { systolic: 190, diastolic: 100 }, source: 'manual', isManual: true, severity: 2, enteredBy: f.nurseA1.id },
      { patientId: f.patientB1.id, hospitalId: f.b1.id, deviceType: 'BloodPressure', measuredAt: later, valuesJson: { systolic: 120, diastolic: 80 }, source: 'manual', isManual: true, enteredBy: f.doctorB1.id },
    ]);
    await t.ctx.db.insert(timeEntries).values([
      { patientId: f.patientA1.id, hospitalId: f.a1.id, staffUserId: f.nurseA1.id, program: 'RPM', startedAt: new Date(now.getTime() - 600_000), endedAt: now, seconds: 600 },
      { patientId: f.patientB1.id, hospitalId: f.b1.id, staffUserId: f.doctorB1.id, program: 'RPM', startedAt: new Date(now.getTime() - 300_000), endedAt: now, seconds: 300 },
    ]);
  });

  it("gives each staff member's sign-ins, tracked time, entered readings and opened records", async () => {
    const res = await callAs(f.orgAdminA, reporting.getAllRelatedStaffAuditReport, { query: { year: YEAR, month: MONTH, pageSize: 200 } });
    expect(res.status, res.reply.body).toBe(200);
    const rows = res.body.items;
    expect(rows.find((r) => r.staffId === f.nurseA1.id)).toMatchObject({ secondsTracked: 600, readingsEntered: 1 });
    expect(rows.find((r) => r.staffId === f.doctorA1.id)!.recordsOpened).toBeGreaterThanOrEqual(1);
    expect(rows.find((r) => r.staffId === f.doctorA1.id)!.logins).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r.staffId === f.doctorB1.id || r.staffId === f.patientA1.id)).toBe(false);
  });

  it('lists sign-ins, time entries and readings of the period in scope only', async () => {
    const logins = (await callAs(f.orgAdminA, reporting.getAuditReportDataLoginsAll, { query: { year: YEAR, month: MONTH, staffId: f.doctorA1.id } })).body;
    expect(logins.items[0]).toMatchObject({ userId: f.doctorA1.id });
    const time = (await callAs(f.officeAdminA1, reporting.getAuditReportDataTimeTrackingsAll, { query: { year: YEAR, month: MONTH } })).body;
    expect(time.items.map((r) => r.staffId)).toEqual([f.nurseA1.id]);
    const readings = (await callAs(f.orgAdminA, reporting.getAuditReportDataMeasurementsAll, { query: { year: YEAR, month: MONTH, hospitalId: f.a1.id } })).body;
    expect(readings.items).toHaveLength(1);
    expect(readings.items[0]).toMatchObject({ patientId: f.patientA1.id, enteredBy: f.nurseA1.id, severity: 2 });
    // another year: nothing
    expect((await callAs(f.orgAdminA, reporting.getAuditReportDataMeasurementsAll, { query: { year: YEAR - 3 } })).body.total).toBe(0);
  });

  it('exports a report as CSV', async () => {
    const res = await callAs(f.orgAdminA, reporting.exportAuditReportCsv, { query: { report: 'timetrackings', year: YEAR } });
    expect(res.status).toBe(200);
    expect(res.reply.headers['content-disposition']).toContain(`audit-report-timetrackings-${YEAR}.csv`);
    expect(res.reply.body).toContain('RPM');
    expectOneBom(res.reply);
  });

  it("answers the spec's audit report message for another tenant's office, organization or staff member", async () => {
    for (const q of [{ hospitalId: f.b1.id }, { organizationId: f.orgB.id }, { staffId: f.doctorB1.id }]) {
      const res = await callAs(f.orgAdminA, reporting.getAuditReportDataLoginsAll, { query: { year: YEAR, ...q } });
      expect(res.status, JSON.stringify(q)).toBe(404);
      expect(res.msg).toBe(REPORT_FAILED);
    }
    const es = await callAs(f.orgAdminA, reporting.getAllRelatedStaffAuditReport, { query: { year: YEAR, hospitalId: f.b1.id }, lang: 'es' });
    expect(es.msg).toBe('No se pudo obtener el informe de auditoría: ¡No hay datos!');
  });

  it('validates the period: a day needs a month, a year is required, 31 February is no day', async () => {
    expect((await callAs(f.orgAdminA, reporting.getAllRelatedStaffAuditReport, { query: { year: YEAR, day: 3 } })).status).toBe(400);
    expect((await callAs(f.orgAdminA, reporting.getAuditReportDataLoginsAll)).status).toBe(400);
    expect((await callAs(f.orgAdminA, reporting.getAuditReportDataTimeTrackingsAll, { query: { year: YEAR, month: 2, day: 31 } })).status).toBe(400);
  });

  it('is refused to clinicians, except the daily scores /dailyreports shows them', async () => {
    expect((await callAs(f.doctorA1, reporting.getAllRelatedStaffAuditReport, { query: { year: YEAR } })).status).toBe(403);
    expect((await callAs(f.nurseA1, reporting.getAuditReportDataLoginsAll, { query: { year: YEAR } })).status).toBe(403);
    for (const who of [f.doctorA1, f.nurseA1]) {
      const res = await callAs(who, reporting.getAllRelatedPatientDailyScores, { query: { filterCase: 'TODAY', hospitalId: f.a1.id } });
      expect(res.status, res.reply.body).toBe(200);
      expect(res.body.find((r) => r.patientId === f.patientA1.id)).toMatchObject({ readingsTaken: 1, abnormalReadings: 1 });
      expect(res.body.some((r) => r.patientId === f.patientB1.id)).toBe(false);
      expect((await callAs(who, reporting.getAllRelatedPatientDailyScores, { query: { hospitalId: f.b1.id } })).status).toBe(404);
    }
    expect((await callAs(f.caregiverA1, reporting.getAllRelatedPatientDailyScores)).status).toBe(403);
  });

  it("gives each patient's daily score: readings, abnormal readings, open alerts", async () => {
    const res = await callAs(f.officeAdminA1, reporting.getAllRelatedPatientDailyScores, { query: { filterCase: 'TODAY', hospitalId: f.a1.id } });
    expect(res.status, res.reply.body).toBe(200);
    const row = res.body.find((r) => r.patientId === f.patientA1.id);
    expect(row).toMatchObject({ hospitalId: f.a1.id, readingsTaken: 1, abnormalReadings: 1, expectedReadings: 0, adherence: 100, score: 90 });
    expect(res.body.some((r) => r.patientId === f.patientB1.id)).toBe(false);
    expect((await callAs(f.officeAdminA1, reporting.getAllRelatedPatientDailyScores, { query: { hospitalId: f.b1.id } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, reporting.getAllRelatedPatientDailyScores, { query: { filterCase: invalid('YEAR') } })).status).toBe(400);
  });
});

describe('GET audit/verifychain and the check', () => {
  it('finds the chain whole, then detects an edited and a removed row', async () => {
    const whole = await callAs(f.sysadmin, auditApi.verifyAuditChain);
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ ok: true, break: null });
    expect(whole.body.checked).toBeGreaterThan(5);
    expect((await callAs(f.orgAdminA, auditApi.verifyAuditChain)).status).toBe(403);

    await auditTrail(t.ctx).flush();
    const [victim] = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.patientId, f.patientA1.id)).orderBy(auditEvents.id).limit(1);
    // An attacker with the database owner's rights: the append-only trigger switched off.
    await t.ctx.db.execute(sql`alter table audit_events disable trigger audit_events_no_change`);
    await t.ctx.db.execute(sql`update audit_events set patient_id = ${f.patientA2.id} where id = ${victim!.id}`);
    const edited = (await callAs(f.sysadmin, auditApi.verifyAuditChain)).body;
    expect(edited).toMatchObject({ ok: false, break: { kind: 'edited', id: victim!.id } });

    await t.ctx.db.execute(sql`update audit_events set patient_id = ${f.patientA1.id} where id = ${victim!.id}`);
    expect((await checkChain(t.ctx.db)).ok).toBe(true);
    await t.ctx.db.execute(sql`delete from audit_events where id = ${victim!.id}`);
    await t.ctx.db.execute(sql`alter table audit_events enable trigger audit_events_no_change`);
    const removed = await checkChain(t.ctx.db);
    expect(removed.ok).toBe(false);
    expect(removed.break!.kind).toBe('removedBefore');
    expect(removed.break!.id).toBeGreaterThan(victim!.id);
  });
});
