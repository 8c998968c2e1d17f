/**
 * Alert times that mean what they say (spec section 4, docs/dates.md): the worklist's and the
 * dashboard's "Today" is the day a reading was MEASURED in the office's time zone, a reading that
 * arrives late is marked with both times, the worklist's order is the page's (open first, most
 * severe, most recent measurement), and processing an alert marks it read for the processor so the
 * bell's count follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LATE_READING_MINUTES, notifications as notificationsApi } from '@vigil/contract';
import { callerFor, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { hospitals, measurements, medicalTeamMembers, medicalTeams } from '../../db/schema/index';
import { addDays, localDateOf, localTimeOf, localTimeToInstant } from '../../lib/office-calendar';
import { raiseMeasurementAlerts, type CommittedReading } from './alerts';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const now = new Date();
/** An office zone where it is at least 06:00 now, so that "three hours ago" is still today there. */
const zone = ['Europe/London', 'America/New_York', 'Pacific/Honolulu', 'Asia/Tokyo', 'Pacific/Kiritimati'].find((z) => Number(localTimeOf(now, z).slice(0, 2)) >= 6)!;
const today = localDateOf(now, zone);
let deviceKey = 100;

/** A reading measured at `measuredAt` and received at `receivedAt` (what ingestion commits), with its alerts raised. */
async function reading(measuredAt: Date, severity: 0 | 1 | 2, receivedAt = now): Promise<number> {
  const valuesJson = { '8480-6': severity === 2 ? 186 : 150, '8462-4': 95 };
  const [row] = await t.ctx.db
    .insert(measurements)
    .values({ patientId: f.patientA1.id, hospitalId: f.a1.id, deviceType: 'BLOOD_PRESSURE', deviceKey: deviceKey++, measuredAt, valuesJson, source: 'hub', severity, createdAt: receivedAt })
    .returning({ id: measurements.id });
  const committed: CommittedReading = { measurementId: row!.id, patientId: f.patientA1.id, hospitalId: f.a1.id, deviceType: 'BLOOD_PRESSURE', severity, valuesJson, measuredAt, isSimulated: false };
  await raiseMeasurementAlerts(t.ctx, [committed]);
  return row!.id;
}

const callAs = callerFor(() => t);
/** The worklist of office a1 as `who` sees it (200 asserted). */
const worklist = async (who: CallUser, query: { filtercase: 'TODAY' | 'WEEK'; processed?: 'all'; sort?: 'newest' }) => {
  const res = await callAs(who, notificationsApi.getMyPushNotificationsWithPatient, { headers: { hospitalid: String(f.a1.id) }, query });
  expect(res.status, res.msg).toBe(200);
  return res.body.items;
};
/** Processes alert `notificationid` as nurse A1 (200 asserted). */
const processAs = async (who: CallUser, notificationid: number, resolutioncomments: string) => {
  const res = await callAs(who, notificationsApi.markAsProcessed, { query: { notificationid, resolutioncomments } });
  expect(res.status, res.msg).toBe(200);
  return res.body;
};

let lateToday: number;
let onTimeCaution: number;
let onTimeCritical: number;
let yesterdayArrivedToday: number;
let olderCritical: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  await t.ctx.db.update(hospitals).set({ timeZone: zone }).where(eq(hospitals.id, f.a1.id));
  const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
  await t.ctx.db.insert(medicalTeamMembers).values([
    { medicalTeamId: team!.id, userId: f.nurseA1.id },
    { medicalTeamId: team!.id, userId: f.doctorA1.id },
  ]);
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  // Measured three hours ago (still today in the office), received now: late.
  lateToday = await reading(minutesAgo(180), 1);
  // Measured and received two minutes ago: on time.
  onTimeCaution = await reading(minutesAgo(2), 1, minutesAgo(2));
  // A critical one measured an hour ago, on time; and one measured two hours ago.
  onTimeCritical = await reading(minutesAgo(60), 2, minutesAgo(59));
  olderCritical = await reading(minutesAgo(120), 2, minutesAgo(119));
  // Measured yesterday at noon (office time), uploaded now by a hub that was offline: late, and not today.
  yesterdayArrivedToday = await reading(localTimeToInstant(addDays(today, -1), '12:00', zone), 2);
});
afterAll(async () => t.close());

describe('the worklist: Today, late readings and order', () => {
  it("shows as Today only readings measured today in the office's time zone, however late they arrived", async () => {
    const ids = (await worklist(f.nurseA1, { filtercase: 'TODAY' })).map((r) => r.measurementId);
    expect(ids).toContain(lateToday);
    expect(ids).not.toContain(yesterdayArrivedToday);
    const week = await worklist(f.nurseA1, { filtercase: 'WEEK' });
    expect(week.map((r) => r.measurementId)).toContain(yesterdayArrivedToday);
  });

  it(`marks a reading received more than ${LATE_READING_MINUTES} minutes after it was measured as late, with both times`, async () => {
    const week = await worklist(f.nurseA1, { filtercase: 'WEEK' });
    const late = week.find((r) => r.measurementId === lateToday)!;
    expect(late.isLate).toBe(true);
    expect(new Date(late.receivedAt!).getTime() - new Date(late.measuredAt!).getTime()).toBe(180 * 60_000);
    expect(week.find((r) => r.measurementId === yesterdayArrivedToday)!.isLate).toBe(true);
    const onTime = week.find((r) => r.measurementId === onTimeCaution)!;
    expect(onTime).toMatchObject({ isLate: false });
    expect(onTime.receivedAt).not.toBeNull();
  });

  it('orders open first, then most severe, then most recent measurement (not arrival)', async () => {
    // Process the most recent critical one: with every status shown it goes after the open ones.
    const open = await worklist(f.nurseA1, { filtercase: 'WEEK' });
    expect(open.map((r) => r.measurementId)).toEqual([onTimeCritical, olderCritical, yesterdayArrivedToday, onTimeCaution, lateToday]);
    const processed = open.find((r) => r.measurementId === onTimeCritical)!;
    await processAs(f.nurseA1, processed.notificationId, 'Called');
    const all = await worklist(f.nurseA1, { filtercase: 'WEEK', processed: 'all' });
    expect(all.map((r) => r.measurementId)).toEqual([olderCritical, yesterdayArrivedToday, onTimeCaution, lateToday, onTimeCritical]);
    // 'newest': most recent measurement first, whatever the severity or arrival.
    const newest = await worklist(f.nurseA1, { filtercase: 'WEEK', processed: 'all', sort: 'newest' });
    expect(newest.map((r) => r.measurementId)).toEqual([onTimeCaution, onTimeCritical, olderCritical, lateToday, yesterdayArrivedToday]);
  });
});

describe('processing and the bell', () => {
  it("marks the processor's own copy read, so their unread count drops by one and the team-mate's does not", async () => {
    const unread = async (who: CallUser) => {
      const res = await callAs(who, notificationsApi.getMyPushNotificationsMinimal, { query: { filtercase: 'ALL' } });
      expect(res.status, res.msg).toBe(200);
      return res.body.unreadCount;
    };
    const nurseBefore = await unread(f.nurseA1);
    const doctorBefore = await unread(f.doctorA1);
    const open = await worklist(f.nurseA1, { filtercase: 'WEEK' });
    const done = await processAs(f.nurseA1, open[0]!.notificationId, 'Seen');
    expect(done.notification.notificationId).toBe(open[0]!.notificationId);
    expect(await unread(f.nurseA1)).toBe(nurseBefore - 1);
    expect(await unread(f.doctorA1)).toBe(doctorBefore);
  });
});

describe("the dashboard's Today", () => {
  it('counts the alerts of readings measured today in the office, not those that arrived today from yesterday', async () => {
    const res = await callAs(f.officeAdminA1, notificationsApi.getDashboardSummary, { headers: { hospitalid: String(f.a1.id) } });
    expect(res.status, res.msg).toBe(200);
    const summary = res.body;
    // Today: lateToday, onTimeCaution (caution), onTimeCritical, olderCritical (critical).
    expect(summary.alertsToday).toMatchObject({ total: 4, caution: 2, critical: 2 });
  });
});
