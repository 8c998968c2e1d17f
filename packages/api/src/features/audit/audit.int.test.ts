import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { allEndpoints, can, Role, type EndpointDef } from '@vigil/contract';
import { createTenancyFixture, createTestApp, sessionFor, TEST_PASSWORD, type TestApp } from '../../../test/setup';
import { auditEvents, measurements, systemLogs, timeEntries } from '../../db/schema/index';
import { auditTrail } from '../../lib/audit-trail';
import { auditPlanOf } from '../../lib/audit-route';
import { FileCheckpointSink } from '../../lib/audit-checkpoint';
import { checkFull } from './index';

/** The whole chain alone (no checkpoint key), as the check of an app without one. */
const checkChain = async (db: TestApp['ctx']['db']) => (await checkFull({ db, key: null, sink: new FileCheckpointSink('/dev/null') })).result;
let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}
async function get(path: string, who: { id: number }, headers: Record<string, string | number> = {}, lang: 'en' | 'es' = 'en') {
  const h: Record<string, string> = { ...(await as(who)), 'accept-language': lang };
  for (const [k, v] of Object.entries(headers)) { h[k] = String(v); }
  return t.app.inject({ method: 'GET', url: `/api/${path}`, headers: h });
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
    const res = await get(`user/${f.patientA1.id}`, f.doctorA1);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await eventsFor(f.patientA1.id);
    const row = rows.find((r) => r.endpoint === 'GET user/{id}' && r.userId === f.doctorA1.id)!;
    expect(row).toMatchObject({ roleId: Role.DOCTOR, organizationId: f.orgA.id, patientId: f.patientA1.id, action: 'R', outcome: 200, resource: 'Patient' });
    expect(row.address).not.toBe('');
    expect(row.requestId).toBe(res.headers['x-request-id'] ?? row.requestId);
  });

  it('records a patient named in a header by an undeclared endpoint, with its tag as resource', async () => {
    const res = await get('treatmentplan/getactivetreatmentplanforpatient', f.nurseA1, { patientid: f.patientA1.id });
    expect([200, 404]).toContain(res.statusCode);
    const row = (await eventsFor(f.patientA1.id)).find((r) => r.endpoint === 'GET treatmentplan/getactivetreatmentplanforpatient')!;
    expect(row).toMatchObject({ userId: f.nurseA1.id, action: 'R', outcome: res.statusCode });
  });

  it("records another tenant's attempt with its 404 outcome", async () => {
    const res = await get(`user/${f.patientA1.id}`, f.doctorB1);
    expect(res.statusCode).toBe(404);
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
    const res = await get(def.path, caller.user, { [auditPlanOf(def)!.field!]: f.patientA1.id });
    expect(res.statusCode, def.path).toBe(403);
    const row = (await eventsFor(f.patientA1.id)).find((r) => r.endpoint === `GET ${def.path}` && r.userId === caller.user.id);
    expect(row, def.path).toMatchObject({ outcome: 403, roleId: caller.role, organizationId: f.orgA.id, action: 'R' });
  });

  it('records nothing for calls that touch no patient', async () => {
    await auditTrail(t.ctx).flush();
    const [before] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect((await get('verifier/gettimezones', f.doctorA1)).statusCode).toBe(200);
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
    const res = await get(`audit/getauditevents?patientId=${f.patientA1.id}&from=${TODAY}&to=${TODAY}`, f.orgAdminA);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.items.length).toBeGreaterThanOrEqual(3);
    expect(page.items.every((e: { patientId: number }) => e.patientId === f.patientA1.id)).toBe(true);
    const opened = page.items.find((e: { userId: number }) => e.userId === f.doctorA1.id);
    expect(opened.userName).toBe(`${f.doctorA1.firstName} ${f.doctorA1.lastName}`);
    expect(opened.patientName).toBe(`${f.patientA1.firstName} ${f.patientA1.lastName}`);
    // newest first
    const ids = page.items.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });

  it('filters by action and user', async () => {
    const res = await get(`audit/getauditevents?userId=${f.doctorA1.id}&action=R`, f.sysadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.length).toBeGreaterThan(0);
    expect(res.json().data.items.every((e: { userId: number; action: string }) => e.userId === f.doctorA1.id && e.action === 'R')).toBe(true);
  });

  it('answers 400 for a bad filter, in Spanish too', async () => {
    const res = await get('audit/getauditevents?action=X', f.orgAdminA, {}, 'es');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.action).toBeTruthy();
  });

  it('refuses staff without audit.read', async () => {
    expect((await get('audit/getauditevents', f.doctorA1)).statusCode).toBe(403);
    expect((await get('audit/getauditevents', f.officeAdminA1)).statusCode).toBe(403);
  });

  it("answers 404 for another organization's patient and shows none of its events", async () => {
    expect((await get(`audit/getauditevents?patientId=${f.patientA1.id}`, f.orgAdminB)).statusCode).toBe(404);
    const all = (await get('audit/getauditevents?pageSize=200', f.orgAdminB)).json().data.items as Array<{ patientId: number | null; organizationId: number | null }>;
    expect(all.some((e) => e.patientId === f.patientA1.id && e.organizationId !== f.orgB.id)).toBe(false);
  });

  it('exports the events as CSV', async () => {
    const res = await get(`audit/exportcsv?patientId=${f.patientA1.id}`, f.orgAdminA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expectOneBom(res);
    const lines = res.body.replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('patientName');
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe('GET audit/exportfhir', () => {
  it('exports the period as FHIR R4 AuditEvent NDJSON', async () => {
    const res = await get(`audit/exportfhir?from=${TODAY}&to=${TODAY}`, f.orgAdminA);
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
    expect((await get(`audit/exportfhir?from=${TODAY}&to=2020-01-01`, f.orgAdminA)).statusCode).toBe(400);
    expect((await get(`audit/exportfhir?from=${TODAY}`, f.orgAdminA)).statusCode).toBe(400);
    expect((await get(`audit/exportfhir?from=${TODAY}&to=${TODAY}`, f.nurseA1)).statusCode).toBe(403);
  });

  it("gives another organization's admin only its own staff's events, without the other organization's patient names", async () => {
    const res = await get(`audit/exportfhir?from=${TODAY}&to=${TODAY}`, f.orgAdminB);
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
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/signinv3', payload: { username: f.doctorA1.username, password: 'Wrong#Password1', ip: '127.0.0.1' } });
    expect(bad.statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/signinv3', payload: { username: f.doctorA1.username, password: TEST_PASSWORD, ip: '127.0.0.1' } });
    expect(ok.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const res = await get('systemlog/getsystemlogs', f.sysadmin, { kind: 'signInRefused', fromdate: TODAY, todate: TODAY });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.items[0]).toMatchObject({ kind: 'signInRefused', level: 'warn', source: 'POST auth/signinv3' });
    const text = JSON.stringify(page.items);
    expect(text).not.toContain(f.doctorA1.username);
    expect(text).not.toContain('Wrong#Password1');
    const one = await get('systemlog/getsystemlogbyid', f.sysadmin, { systemlogid: page.items[0].id });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.id).toBe(page.items[0].id);
  });

  it('filters by level and search, and exports CSV', async () => {
    await t.ctx.db.insert(systemLogs).values({ level: 'error', kind: 'jobFailure', source: 'billing-run', message: 'Job attempt failed', details: { jobId: 'j1', attempt: 1 } });
    const res = await get('systemlog/getsystemlogs?search=billing', f.sysadmin, { level: 'error' });
    expect(res.json().data.items.map((l: { source: string }) => l.source)).toEqual(['billing-run']);
    const csv = await get('systemlog/exportcsv', f.sysadmin, { kind: 'jobFailure' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('billing-run');
    expectOneBom(csv);
  });

  it('answers 404 "Invalid id" for an unknown line and 400 for a bad filter', async () => {
    const res = await get('systemlog/getsystemlogbyid', f.sysadmin, { systemlogid: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Invalid id');
    expect((await get('systemlog/getsystemlogs', f.sysadmin, { kind: 'nonsense' })).statusCode).toBe(400);
    expect((await get('systemlog/getsystemlogbyid', f.sysadmin)).statusCode).toBe(400);
  });

  it('is for system admins only (system-wide lines)', async () => {
    expect((await get('systemlog/getsystemlogs', f.orgAdminA)).statusCode).toBe(403);
    expect((await get('systemlog/getsystemlogbyid', f.orgAdminA, { systemlogid: 1 })).statusCode).toBe(403);
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
    const res = await get(`reporting/getallrelatedstaffauditreport?year=${YEAR}&month=${MONTH}&pageSize=200`, f.orgAdminA);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.items as Array<{ staffId: number; logins: number; secondsTracked: number; readingsEntered: number; recordsOpened: number }>;
    expect(rows.find((r) => r.staffId === f.nurseA1.id)).toMatchObject({ secondsTracked: 600, readingsEntered: 1 });
    expect(rows.find((r) => r.staffId === f.doctorA1.id)!.recordsOpened).toBeGreaterThanOrEqual(1);
    expect(rows.find((r) => r.staffId === f.doctorA1.id)!.logins).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r.staffId === f.doctorB1.id || r.staffId === f.patientA1.id)).toBe(false);
  });

  it('lists sign-ins, time entries and readings of the period in scope only', async () => {
    const logins = (await get(`reporting/getauditreportdataloginsall?year=${YEAR}&month=${MONTH}&staffId=${f.doctorA1.id}`, f.orgAdminA)).json().data;
    expect(logins.items[0]).toMatchObject({ userId: f.doctorA1.id });
    const time = (await get(`reporting/getauditreportdatatimetrackingsall?year=${YEAR}&month=${MONTH}`, f.officeAdminA1)).json().data;
    expect(time.items.map((r: { staffId: number }) => r.staffId)).toEqual([f.nurseA1.id]);
    const readings = (await get(`reporting/getauditreportdatameasurementsall?year=${YEAR}&month=${MONTH}&hospitalId=${f.a1.id}`, f.orgAdminA)).json().data;
    expect(readings.items).toHaveLength(1);
    expect(readings.items[0]).toMatchObject({ patientId: f.patientA1.id, enteredBy: f.nurseA1.id, severity: 2 });
    // another year: nothing
    expect((await get(`reporting/getauditreportdatameasurementsall?year=${YEAR - 3}`, f.orgAdminA)).json().data.total).toBe(0);
  });

  it('exports a report as CSV', async () => {
    const res = await get(`reporting/exportauditreportcsv?report=timetrackings&year=${YEAR}`, f.orgAdminA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`audit-report-timetrackings-${YEAR}.csv`);
    expect(res.body).toContain('RPM');
    expectOneBom(res);
  });

  it("answers the spec's audit report message for another tenant's office, organization or staff member", async () => {
    for (const q of [`hospitalId=${f.b1.id}`, `organizationId=${f.orgB.id}`, `staffId=${f.doctorB1.id}`]) {
      const res = await get(`reporting/getauditreportdataloginsall?year=${YEAR}&${q}`, f.orgAdminA);
      expect(res.statusCode, q).toBe(404);
      expect(res.json().msg).toBe(REPORT_FAILED);
    }
    const es = await get(`reporting/getallrelatedstaffauditreport?year=${YEAR}&hospitalId=${f.b1.id}`, f.orgAdminA, {}, 'es');
    expect(es.json().msg).toBe('No se pudo obtener el informe de auditoría: ¡No hay datos!');
  });

  it('validates the period: a day needs a month, a year is required, 31 February is no day', async () => {
    expect((await get(`reporting/getallrelatedstaffauditreport?year=${YEAR}&day=3`, f.orgAdminA)).statusCode).toBe(400);
    expect((await get('reporting/getauditreportdataloginsall', f.orgAdminA)).statusCode).toBe(400);
    expect((await get(`reporting/getauditreportdatatimetrackingsall?year=${YEAR}&month=2&day=31`, f.orgAdminA)).statusCode).toBe(400);
  });

  it('is refused to clinicians, except the daily scores /dailyreports shows them', async () => {
    expect((await get(`reporting/getallrelatedstaffauditreport?year=${YEAR}`, f.doctorA1)).statusCode).toBe(403);
    expect((await get(`reporting/getauditreportdataloginsall?year=${YEAR}`, f.nurseA1)).statusCode).toBe(403);
    for (const who of [f.doctorA1, f.nurseA1]) {
      const res = await get(`reporting/getallrelatedpatientdailyscores?filterCase=TODAY&hospitalId=${f.a1.id}`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.find((r: { patientId: number }) => r.patientId === f.patientA1.id)).toMatchObject({ readingsTaken: 1, abnormalReadings: 1 });
      expect(res.json().data.some((r: { patientId: number }) => r.patientId === f.patientB1.id)).toBe(false);
      expect((await get(`reporting/getallrelatedpatientdailyscores?hospitalId=${f.b1.id}`, who)).statusCode).toBe(404);
    }
    expect((await get('reporting/getallrelatedpatientdailyscores', f.caregiverA1)).statusCode).toBe(403);
  });

  it("gives each patient's daily score: readings, abnormal readings, open alerts", async () => {
    const res = await get(`reporting/getallrelatedpatientdailyscores?filterCase=TODAY&hospitalId=${f.a1.id}`, f.officeAdminA1);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data.find((r: { patientId: number }) => r.patientId === f.patientA1.id);
    expect(row).toMatchObject({ hospitalId: f.a1.id, readingsTaken: 1, abnormalReadings: 1, expectedReadings: 0, adherence: 100, score: 90 });
    expect(res.json().data.some((r: { patientId: number }) => r.patientId === f.patientB1.id)).toBe(false);
    expect((await get(`reporting/getallrelatedpatientdailyscores?hospitalId=${f.b1.id}`, f.officeAdminA1)).statusCode).toBe(404);
    expect((await get('reporting/getallrelatedpatientdailyscores?filterCase=YEAR', f.officeAdminA1)).statusCode).toBe(400);
  });
});

describe('GET audit/verifychain and the check', () => {
  it('finds the chain whole, then detects an edited and a removed row', async () => {
    const whole = await get('audit/verifychain', f.sysadmin);
    expect(whole.statusCode).toBe(200);
    expect(whole.json().data).toMatchObject({ ok: true, break: null });
    expect(whole.json().data.checked).toBeGreaterThan(5);
    expect((await get('audit/verifychain', f.orgAdminA)).statusCode).toBe(403);

    await auditTrail(t.ctx).flush();
    const [victim] = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.patientId, f.patientA1.id)).orderBy(auditEvents.id).limit(1);
    // An attacker with the database owner's rights: the append-only trigger switched off.
    await t.ctx.db.execute(sql`alter table audit_events disable trigger audit_events_no_change`);
    await t.ctx.db.execute(sql`update audit_events set patient_id = ${f.patientA2.id} where id = ${victim!.id}`);
    const edited = (await get('audit/verifychain', f.sysadmin)).json().data;
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
