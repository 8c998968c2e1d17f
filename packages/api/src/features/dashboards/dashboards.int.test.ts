import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { dashboards, NotificationType, notifications as notificationsApi, Role } from '@vigil/contract';
import { anonymous, callerFor, invalid, type CallInput, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createUser, createTestApp, sessionFor, type TestApp } from '../../../test/setup';
import { appointments, billingClaims, billingRuns, measurements, medicalDevices, notifications, patientBillingProfiles, systemLogs, treatmentPlans } from '../../db/schema/index';
import { localDateOf, localYearMonth, startOfLocalDay } from '../../lib/office-calendar';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
/** When the fixture's readings of organization A were taken. */
const readingTimesA: number[] = [];
const ZONE = 'America/New_York'; // the fixture's offices

const callAs = callerFor(() => t);
const get = (who: CallUser, headers?: CallInput<typeof dashboards.getFacilityDashboard>['headers']) => callAs(who, dashboards.getFacilityDashboard, { headers });

const MIN = 60_000;

/**
 * Office a1: patient A1 (CCM profile, a device) with two readings today; patient P2 (no profile:
 * RPM, an active plan) without readings; patient P3 (nothing: not monitored) with a reading.
 * Alerts (per reading, copies to two staff): one critical open 2 h old (two copies), one caution
 * open 2 days old, two processed in 10 and 30 minutes. Office a2 has a reading and an open alert of
 * its own. This month's claims of a1: two billable (A1, 90.00), one suppressed (P2). Appointments
 * of a1 today (local day): scheduled, completed, cancelled, requested; one yesterday; a2 one today.
 */
beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  const db = t.ctx.db;
  const now = Date.now();
  const dayStart = startOfLocalDay(localDateOf(new Date(now), ZONE), ZONE).getTime();
  const { year, month } = localYearMonth(new Date(now), ZONE);
  const p2 = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id] });
  const p3 = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id] });
  await db.insert(patientBillingProfiles).values({ patientId: f.patientA1.id, billingType: 'CCM' });
  await db.insert(medicalDevices).values({ deviceIdentifier: `dash-${now}`, deviceType: 'BP', hospitalId: f.a1.id, patientId: f.patientA1.id });
  await db.insert(treatmentPlans).values({ patientId: p2.id, hospitalId: f.a1.id, title: 'BP twice a day' });
  await db.insert(treatmentPlans).values({ patientId: f.patientA2.id, hospitalId: f.a2.id, title: 'BP' });
  const reading = async (patientId: number, hospitalId: number, at: number) => {
    const [row] = await db.insert(measurements).values({ patientId, hospitalId, deviceType: 'BP', measuredAt: new Date(at), valuesJson: { '8480-6': 150 } }).returning({ id: measurements.id });
    readingTimesA.push(at);
    return row!.id;
  };
  const m1 = await reading(f.patientA1.id, f.a1.id, dayStart + 1_000);
  const m2 = await reading(f.patientA1.id, f.a1.id, dayStart + 2_000);
  const m3 = await reading(p3.id, f.a1.id, dayStart + 3_000);
  const m4 = await reading(f.patientA2.id, f.a2.id, dayStart + 4_000);
  const alert = (measurementId: number, hospitalId: number, toUserId: number, severity: number, raisedAgo: number, processedAfter?: number) => ({
    notificationTypeId: NotificationType.ABNORMAL_MEASUREMENT,
    toUserId,
    relatedPatientId: f.patientA1.id,
    hospitalId,
    measurementId,
    messageEn: 'Abnormal reading',
    messageEs: 'Lectura anormal',
    severity,
    createdAt: new Date(now - raisedAgo),
    ...(processedAfter === undefined ? {} : { processingStatus: 1, processedAt: new Date(now - raisedAgo + processedAfter), processedBy: f.doctorA1.id }),
  });
  await db.insert(notifications).values([
    alert(m1, f.a1.id, f.doctorA1.id, 2, 120 * MIN),
    alert(m1, f.a1.id, f.nurseA1.id, 2, 120 * MIN),
    alert(m2, f.a1.id, f.doctorA1.id, 1, 2 * 1440 * MIN),
    alert(m3, f.a1.id, f.doctorA1.id, 1, 300 * MIN, 10 * MIN),
    alert(m3, f.a1.id, f.nurseA1.id, 1, 300 * MIN, 10 * MIN),
    alert(m2, f.a1.id, f.nurseA1.id, 1, 2 * 1440 * MIN),
    alert(m4, f.a2.id, f.doctorA2.id, 2, 10 * MIN),
  ]);
  // a fourth reading, processed after 30 minutes
  const m5 = await reading(f.patientA1.id, f.a1.id, now - 400 * MIN);
  await db.insert(notifications).values(alert(m5, f.a1.id, f.doctorA1.id, 1, 400 * MIN, 30 * MIN));
  const HOUR = 60 * MIN;
  const booking = (hospitalId: number, startsAt: number, status: string) => ({
    hospitalId,
    patientId: hospitalId === f.a1.id ? f.patientA1.id : f.patientA2.id,
    doctorId: hospitalId === f.a1.id ? f.doctorA1.id : f.doctorA2.id,
    startsAt: new Date(startsAt),
    endsAt: new Date(startsAt + 30 * MIN),
    durationMinutes: 30,
    status,
  });
  await db.insert(appointments).values([
    booking(f.a1.id, dayStart + 9 * HOUR, 'SCHEDULED'),
    booking(f.a1.id, dayStart + 10 * HOUR, 'COMPLETED'),
    booking(f.a1.id, dayStart + 11 * HOUR, 'CANCELLED'),
    booking(f.a1.id, dayStart + 12 * HOUR, 'REQUESTED'),
    booking(f.a1.id, dayStart - HOUR, 'SCHEDULED'),
    booking(f.a1.id, dayStart + 24 * HOUR, 'SCHEDULED'),
    booking(f.a2.id, dayStart + 9 * HOUR, 'SCHEDULED'),
  ]);
  const [run] = await db.insert(billingRuns).values({ scopeKind: 'hospital', scopeId: f.a1.id, year, month, status: 'done', finishedAt: new Date(now) }).returning();
  await db.insert(billingClaims).values([
    { runId: run!.id, patientId: f.patientA1.id, hospitalId: f.a1.id, year, month, program: 'RPM', code: '99454', amountCents: 5000 },
    { runId: run!.id, patientId: f.patientA1.id, hospitalId: f.a1.id, year, month, program: 'RPM', code: '99457', amountCents: 4000 },
    { runId: run!.id, patientId: p2.id, hospitalId: f.a1.id, year, month, program: 'RPM', code: '99454', status: 'suppressed', reason: 'fewer than 16 reading days' },
  ]);
});
afterAll(async () => t?.close());

describe('GET dashboard/getfacilitydashboard', () => {
  it("answers the office's figures on a known fixture", async () => {
    const res = await get(f.doctorA1, { hospitalid: f.a1.id });
    expect(res.status, res.reply.body).toBe(200);
    const d = res.body;
    expect(d.hospitalId).toBe(f.a1.id);
    expect(d.timeZone).toBe(ZONE);
    expect(d.monitored).toBe(2);
    expect(d.byProgram).toEqual([
      { program: 'CCM', patients: 1 },
      { program: 'RPM', patients: 1 },
    ]);
    // today's readings of a1: A1's two (m5 may be yesterday locally just after midnight) and P3's
    expect(d.readingsToday).toBeGreaterThanOrEqual(3);
    expect(d.patientsReadToday).toBe(2);
    // today's local day only (not yesterday's or tomorrow's); cancelled and requested apart
    expect(d.appointmentsToday).toEqual({ booked: 2, completed: 1, noShow: 0, requested: 1 });
    expect(Object.fromEntries(d.adherence.bands.map((b) => [b.band, b.patients]))).toEqual({ none: 1, low: 1, mid: 0, onTrack: 0 });
    expect(d.openAlerts).toMatchObject({ total: 2, caution: 1, critical: 1 });
    expect(Object.fromEntries(d.openAlerts.byAge.map((b) => [b.band, b.alerts]))).toEqual({ underHour: 0, underDay: 1, underWeek: 1, older: 0 });
    expect(d.openAlerts.oldestMinutes).toBeGreaterThanOrEqual(2880);
    expect(d.openAlerts.oldestMinutes).toBeLessThan(2890);
    // two processed readings: 10 and 30 minutes; per reading, not per copy
    expect(d.responseTime).toEqual({ processed: 2, medianMinutes: 20, p90Minutes: 28 });
    expect(d.billing).toMatchObject({ billablePatients: 1, billableClaims: 2, suppressedClaims: 1, amountCents: 9000, claimsWithoutAmount: 0 });
    expect(d.billing.lastRunAt).not.toBeNull();
  });

  it("answers an organization admin for any office of theirs, and another office's figures apart", async () => {
    const res = await get(f.orgAdminA, { hospitalid: f.a2.id });
    expect(res.status, res.reply.body).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({ monitored: 1, readingsToday: 1, appointmentsToday: { booked: 1, requested: 0 }, openAlerts: { total: 1, critical: 1 }, billing: { billableClaims: 0, lastRunAt: null } });
    expect(d.responseTime).toEqual({ processed: 0, medianMinutes: null, p90Minutes: null });
  });

  it("answers 404 for another tenant's office and for an office of the organization not the caller's", async () => {
    expect((await get(f.doctorB1, { hospitalid: f.a1.id })).status).toBe(404);
    expect((await get(f.orgAdminB, { hospitalid: f.a1.id })).status).toBe(404);
    expect((await get(f.officeAdminA2, { hospitalid: f.a1.id })).status).toBe(404);
    expect((await get(f.doctorA1, { hospitalid: 999_999 })).status).toBe(404);
  });

  it('refuses patients and caregivers (403)', async () => {
    expect((await get(f.patientA1, { hospitalid: f.a1.id })).status).toBe(403);
    expect((await get(f.caregiverA1, { hospitalid: f.a1.id })).status).toBe(403);
  });

  it('answers 400 without an office or with a malformed one', async () => {
    expect((await get(f.doctorA1)).status).toBe(400);
    expect((await get(f.doctorA1, { hospitalid: invalid('abc') })).status).toBe(400);
    expect((await get(f.doctorA1, { hospitalid: invalid(-1) })).status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const res = await callAs(anonymous, dashboards.getFacilityDashboard, { headers: { hospitalid: f.a1.id } });
    expect(res.status).toBe(401);
  });
});

describe('GET dashboard/getorganizationdashboard', () => {
  const org = (who: CallUser, headers?: CallInput<typeof dashboards.getOrganizationDashboard>['headers']) => callAs(who, dashboards.getOrganizationDashboard, { headers });

  it("puts the organization's offices side by side with the month's billing totals", async () => {
    const res = await org(f.orgAdminA, { organizationid: f.orgA.id });
    expect(res.status, res.reply.body).toBe(200);
    const d = res.body;
    expect(d.offices.map((o) => o.hospitalId).sort()).toEqual([f.a1.id, f.a2.id].sort());
    const a1 = d.offices.find((o) => o.hospitalId === f.a1.id)!;
    const a2 = d.offices.find((o) => o.hospitalId === f.a2.id)!;
    expect(a1).toMatchObject({ monitored: 2, openAlerts: { total: 2 } });
    expect(a2).toMatchObject({ monitored: 1, openAlerts: { total: 1 } });
    expect(d.billingTotals).toEqual({ billablePatients: 1, billableClaims: 2, suppressedClaims: 1, amountCents: 9000, claimsWithoutAmount: 0 });
  });

  it("shows an office admin only their own office of the organization", async () => {
    const res = await org(f.officeAdminA2, { organizationid: f.orgA.id });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.offices.map((o) => o.hospitalId)).toEqual([f.a2.id]);
  });

  it("answers 404 for another tenant's organization, 403 for a patient, 400 for a malformed id", async () => {
    expect((await org(f.orgAdminB, { organizationid: f.orgA.id })).status).toBe(404);
    expect((await org(f.doctorB1, { organizationid: f.orgA.id })).status).toBe(404);
    expect((await org(f.patientA1, { organizationid: f.orgA.id })).status).toBe(403);
    expect((await org(f.orgAdminA, { organizationid: invalid('x') })).status).toBe(400);
    expect((await org(f.orgAdminA)).status).toBe(400);
  });
});

describe('GET dashboard/getsystemdashboard', () => {
  const sys = async (who: CallUser) => {
    const res = await callAs(who, dashboards.getSystemDashboard);
    return { status: res.status, body: res.reply.body, data: res.status === 200 ? res.body : undefined };
  };

  it("answers every organization's usage on the fixture", async () => {
    const res = await sys(f.sysadmin);
    expect(res.status, res.body).toBe(200);
    const a = res.data!.organizations.find((o) => o.organizationId === f.orgA.id)!;
    const monthStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1);
    // A1 (device) and P2 (plan) in a1, A2 (plan) in a2; P3 has nothing
    expect(a).toMatchObject({ offices: 2, monitoredPatients: 3, readingsThisMonth: readingTimesA.filter((at) => at >= monthStart).length });
    const b = res.data!.organizations.find((o) => o.organizationId === f.orgB.id)!;
    expect(b).toMatchObject({ offices: 1, monitoredPatients: 0, readingsThisMonth: 0 });
  });

  it('counts a user as active once a session of theirs is seen', async () => {
    const before = (await sys(f.sysadmin)).data!.organizations.find((o) => o.organizationId === f.orgB.id)!.activeUsers;
    await sessionFor(t, f.patientB1.id);
    const after = (await sys(f.sysadmin)).data!.organizations.find((o) => o.organizationId === f.orgB.id)!.activeUsers;
    expect(after).toBe(before + 1);
  });

  it("answers the system's health: job attempts per queue and server errors of 24 h, readings of the last hour", async () => {
    const before = (await sys(f.sysadmin)).data!.health;
    const now = Date.now();
    const log = (kind: string, source: string, ago: number) => ({ level: kind === 'jobRun' ? 'info' : 'error', kind, source, message: 'test', at: new Date(now - ago) });
    await t.ctx.db.insert(systemLogs).values([
      log('jobRun', 'dash-test-queue', 5 * MIN),
      log('jobRun', 'dash-test-queue', 50 * MIN),
      log('jobFailure', 'dash-test-queue', 60 * MIN),
      log('jobRun', 'dash-test-queue', 25 * 60 * MIN),
      log('serverError', 'GET x', 10 * MIN),
      log('serverError', 'GET x', 25 * 60 * MIN),
    ]);
    await t.ctx.db.insert(measurements).values([
      { patientId: f.patientB1.id, hospitalId: f.b1.id, deviceType: 'BP', measuredAt: new Date(now), valuesJson: { '8480-6': 120 } },
      { patientId: f.patientB1.id, hospitalId: f.b1.id, deviceType: 'BP', measuredAt: new Date(now - 1), valuesJson: { '8480-6': 120 }, createdAt: new Date(now - 2 * 60 * MIN) },
    ]);
    const after = (await sys(f.sysadmin)).data!.health;
    expect(after.jobs.find((j) => j.queue === 'dash-test-queue')).toEqual({ queue: 'dash-test-queue', runs: 2, failures: 1 });
    expect(after.jobRuns - before.jobRuns).toBeGreaterThanOrEqual(2);
    expect(after.jobFailures - before.jobFailures).toBeGreaterThanOrEqual(1);
    expect(after.serverErrors - before.serverErrors).toBe(1);
    expect(after.readingsLastHour - before.readingsLastHour).toBe(1);
    expect(after.socketConnections).toBe(0);
  });

  it('refuses everyone but a system admin (403), and answers 401 without a session', async () => {
    for (const who of [f.orgAdminA, f.officeAdminA1, f.doctorA1, f.patientA1]) { expect((await sys(who)).status).toBe(403); }
    expect((await callAs(anonymous, dashboards.getSystemDashboard)).status).toBe(401);
  });
});

describe('amounts not loaded (docs/billing-engine.md "Amounts")', () => {
  it('shows a month whose billable codes have no amount as null, not $0.00, and counts them in the totals', async () => {
    const before = await get(f.orgAdminA, { hospitalid: f.a2.id });
    const { year, month } = before.body.billing;
    const [run] = await t.ctx.db.insert(billingRuns).values({ scopeKind: 'hospital', scopeId: f.a2.id, year, month, status: 'done', finishedAt: new Date() }).returning();
    const rows = await t.ctx.db.insert(billingClaims).values([
      { runId: run!.id, patientId: f.patientA1.id, hospitalId: f.a2.id, year, month, program: 'CCM', code: '99491', amountCents: null },
      { runId: run!.id, patientId: f.patientA1.id, hospitalId: f.a2.id, year, month, program: 'CCM', code: '99437', amountCents: null },
    ]).returning({ id: billingClaims.id });
    try {
      const a2 = (await get(f.orgAdminA, { hospitalid: f.a2.id })).body;
      expect(a2.billing).toMatchObject({ billableClaims: 2, amountCents: null, claimsWithoutAmount: 2 });
      const org = (await callAs(f.orgAdminA, dashboards.getOrganizationDashboard, { headers: { organizationid: f.orgA.id } })).body;
      // a1's 90.00 still counts; the two codes without an amount are said to be left out
      expect(org.billingTotals).toMatchObject({ billableClaims: 4, amountCents: 9000, claimsWithoutAmount: 2 });
    } finally {
      await t.ctx.db.delete(billingClaims).where(inArray(billingClaims.id, rows.map((r) => r.id)));
    }
  });
});

describe('one definition of open and critical alerts (docs/dashboards.md "One definition per figure")', () => {
  it('answers the same open and critical alerts on /dashboard, the facility dashboard and the organization dashboard, same office, same minute', async () => {
    // a1: m1 critical open (two copies: one alert), m2 caution open since 2 days (not today's), m3 and m5 processed.
    for (const who of [f.doctorA1, f.officeAdminA1, f.orgAdminA]) {
      const facility = (await get(who, { hospitalid: f.a1.id })).body;
      const summary = (await callAs(who, notificationsApi.getDashboardSummary, { headers: { hospitalid: f.a1.id } })).body;
      expect(facility.openAlerts).toMatchObject({ total: 2, caution: 1, critical: 1 });
      expect(summary.openAlerts).toEqual({ total: facility.openAlerts.total, caution: facility.openAlerts.caution, critical: facility.openAlerts.critical });
    }
    const organization = (await callAs(f.orgAdminA, dashboards.getOrganizationDashboard, { headers: { organizationid: f.orgA.id } })).body;
    expect(organization.offices.find((o) => o.hospitalId === f.a1.id)!.openAlerts).toMatchObject({ total: 2, caution: 1, critical: 1 });
    // every office of the caller: a1's two and a2's critical one
    const all = (await callAs(f.orgAdminA, notificationsApi.getDashboardSummary, { headers: { hospitalid: -1 } })).body;
    expect(all.openAlerts).toEqual({ total: 3, caution: 1, critical: 2 });
  });
});
