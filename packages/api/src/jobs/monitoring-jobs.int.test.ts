/**
 * The scheduled monitoring jobs with an injected clock (README "Remote monitoring", "Alerts"):
 * missed measurements at the grace period's edge and on a DST day, reminders before the time, daily
 * goals, idempotence. The office is in America/New_York; the plan asks for blood pressure at 08:00
 * and 20:00.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NotificationType, notifications as notificationsApi, Role } from '@vigil/contract';
import { callerFor } from '../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../test/setup';
import { measurements, medicalTeamMembers, medicalTeams, notifications, treatmentPlanDevices, treatmentPlans } from '../db/schema/index';
import { raiseDailyGoals } from './daily-goal.raise.job';
import { runMonitoringJobs } from './index';
import { sendMeasurementReminders } from './measurement-reminder.send.job';
import { raiseMissedMeasurements } from './missed-measurement.raise.job';
import { loadActivePlanSchedules, type ActivePlanSchedule } from './plan-slots';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);
let patient: { id: number };
let schedules: ActivePlanSchedule[];

const at = (iso: string) => new Date(iso);
const win = (since: string, now: string) => ({ since: at(since), now: at(now) });

async function readingAt(measuredAt: string, createdAt?: string) {
  await t.ctx.db.insert(measurements).values({
    patientId: patient.id,
    hospitalId: f.a1.id,
    deviceType: 'BLOOD_PRESSURE',
    measuredAt: at(measuredAt),
    valuesJson: { '8480-6': 120, '8462-4': 80 },
    ...(createdAt ? { createdAt: at(createdAt) } : {}),
  });
}

async function ofType(type: number, day: string) {
  const rows = await t.ctx.db.select().from(notifications).where(and(eq(notifications.notificationTypeId, type), eq(notifications.relatedPatientId, patient.id)));
  return rows.filter((r) => (r.additionalData as { localDate?: string }).localDate === day);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  const db = t.ctx.db;
  patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Ana', lastName: 'García' } });
  const [team] = await db.insert(medicalTeams).values({ patientId: patient.id, hospitalId: f.a1.id }).returning();
  await db.insert(medicalTeamMembers).values([
    { medicalTeamId: team!.id, userId: f.doctorA1.id },
    { medicalTeamId: team!.id, userId: f.nurseA1.id },
  ]);
  const [plan] = await db.insert(treatmentPlans).values({ patientId: patient.id, hospitalId: f.a1.id, title: 'BP twice a day', createdAt: at('2024-01-01T12:00:00Z') }).returning();
  await db.insert(treatmentPlanDevices).values({ treatmentPlanId: plan!.id, deviceType: 'BLOOD_PRESSURE', time1: '08:00', time2: '20:00', measurementPeriod: 'DAILY', measurementsCount: 2 });
  // an inactive plan of the same patient is never scheduled
  const [old] = await db.insert(treatmentPlans).values({ patientId: patient.id, hospitalId: f.a1.id, title: 'old', status: 0 }).returning();
  await db.insert(treatmentPlanDevices).values({ treatmentPlanId: old!.id, deviceType: 'GLUCOSE', time1: '09:00', measurementsCount: 1 });
  schedules = await loadActivePlanSchedules(t.ctx);
}, 60_000);
afterAll(async () => t?.close());

describe('missed-measurement job (type 5)', () => {
  it('loads only active plans, with the office time zone', () => {
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ patientId: patient.id, timeZone: 'America/New_York', periodStart: '2024-01-01' });
  });

  it('waits for the whole grace period (60 min): nothing at 08:59:59.999, the team is alerted at 09:00:00 local', async () => {
    // 2024-01-15 08:00 EST = 13:00 UTC; deadline 14:00 UTC
    expect(await raiseMissedMeasurements(t.ctx, schedules, win('2024-01-15T13:58:59.999Z', '2024-01-15T13:59:59.999Z'))).toBe(0);
    expect(await raiseMissedMeasurements(t.ctx, schedules, win('2024-01-15T13:59:59.999Z', '2024-01-15T14:00:00.000Z'))).toBe(2);
    const rows = await ofType(NotificationType.MISSED_MEASUREMENT, '2024-01-15');
    expect(rows.map((r) => r.toUserId).sort()).toEqual([f.doctorA1.id, f.nurseA1.id].sort());
    expect(rows[0]).toMatchObject({
      severity: 1,
      deviceType: 'BLOOD_PRESSURE',
      hospitalId: f.a1.id,
      messageEn: 'Missed blood pressure measurement at 08:00 for Ana García',
      messageEs: 'Medición de presión arterial omitida a las 08:00 para Ana García',
      additionalData: expect.objectContaining({ scheduledAt: '2024-01-15T13:00:00.000Z', localTime: '08:00' }),
    });
  });

  it('writes nothing twice: a repeated run and two concurrent runs (two API processes) leave one alert per member', async () => {
    const w = win('2024-01-15T13:00:00Z', '2024-01-15T14:30:00Z');
    const results = await Promise.all([raiseMissedMeasurements(t.ctx, schedules, w), raiseMissedMeasurements(t.ctx, schedules, w)]);
    expect(results).toEqual([0, 0]);
    expect(await ofType(NotificationType.MISSED_MEASUREMENT, '2024-01-15')).toHaveLength(2);
  });

  it("processes a missed measurement for the whole team at once (the copies share the slot's dedupe key)", async () => {
    const [nurseCopy] = (await ofType(NotificationType.MISSED_MEASUREMENT, '2024-01-15')).filter((r) => r.toUserId === f.nurseA1.id);
    const res = await callAs(f.nurseA1, notificationsApi.markAsProcessed, { query: { notificationid: nurseCopy!.id, resolutioncomments: 'Patient travelling' } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.processedCount).toBe(2);
    const rows = await ofType(NotificationType.MISSED_MEASUREMENT, '2024-01-15');
    expect(rows.every((r) => r.processingStatus === 1 && r.processedBy === f.nurseA1.id && r.resolutionComments === 'Patient travelling')).toBe(true);
  });

  it('counts a reading taken within the grace period, up to the deadline itself, but not one after it', async () => {
    await readingAt('2024-01-16T14:00:00.000Z'); // 09:00:00 local: exactly the deadline of 08:00
    await raiseMissedMeasurements(t.ctx, schedules, win('2024-01-16T13:00:00Z', '2024-01-16T14:00:00Z'));
    expect(await ofType(NotificationType.MISSED_MEASUREMENT, '2024-01-16')).toHaveLength(0);
    await readingAt('2024-01-17T14:00:00.001Z'); // a millisecond late
    await raiseMissedMeasurements(t.ctx, schedules, win('2024-01-17T13:00:00Z', '2024-01-17T14:00:00Z'));
    expect(await ofType(NotificationType.MISSED_MEASUREMENT, '2024-01-17')).toHaveLength(2);
  });

  it("asks for the 20:00 reading by the day's second reading (one reading that day: missed; two: not)", async () => {
    // 2024-01-16 20:00 EST = 01:00 UTC on the 17th; deadline 02:00 UTC. One reading that day (above).
    await raiseMissedMeasurements(t.ctx, schedules, win('2024-01-17T01:59:00Z', '2024-01-17T02:00:00Z'));
    const rows = await ofType(NotificationType.MISSED_MEASUREMENT, '2024-01-16');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.messageEn).toBe('Missed blood pressure measurement at 20:00 for Ana García');
    await readingAt('2024-01-18T13:10:00Z'); // 08:10
    await readingAt('2024-01-19T00:30:00Z'); // 19:30 on the 18th: early counts
    await raiseMissedMeasurements(t.ctx, schedules, win('2024-01-18T13:00:00Z', '2024-01-19T02:00:00Z'));
    expect(await ofType(NotificationType.MISSED_MEASUREMENT, '2024-01-18')).toHaveLength(0);
  });

  it("follows the office's clock on the spring-forward day: 08:00 EDT is 12:00 UTC, and a reading before local midnight does not count", async () => {
    await readingAt('2024-03-10T04:30:00Z'); // 23:30 EST on 9 March
    expect(await raiseMissedMeasurements(t.ctx, schedules, win('2024-03-10T12:58:00Z', '2024-03-10T12:59:59Z'))).toBe(0);
    expect(await raiseMissedMeasurements(t.ctx, schedules, win('2024-03-10T12:59:59Z', '2024-03-10T13:00:00Z'))).toBe(2);
    const rows = await ofType(NotificationType.MISSED_MEASUREMENT, '2024-03-10');
    expect(rows[0]!.additionalData).toMatchObject({ scheduledAt: '2024-03-10T12:00:00.000Z', localTime: '08:00' });
    // at 14:00 UTC (an EST clock's 09:00) nothing new is due
    expect(await raiseMissedMeasurements(t.ctx, schedules, win('2024-03-10T13:00:00Z', '2024-03-10T14:00:00Z'))).toBe(0);
  });
});

describe('reminder job (type 4)', () => {
  it('reminds the patient 15 minutes before the time, once', async () => {
    // 2024-01-22 08:00 EST = 13:00 UTC; reminder at 12:45 UTC
    expect(await sendMeasurementReminders(t.ctx, schedules, win('2024-01-22T12:43:00Z', '2024-01-22T12:44:59.999Z'))).toBe(0);
    expect(await sendMeasurementReminders(t.ctx, schedules, win('2024-01-22T12:44:59.999Z', '2024-01-22T12:45:00Z'))).toBe(1);
    expect(await sendMeasurementReminders(t.ctx, schedules, win('2024-01-22T12:40:00Z', '2024-01-22T12:50:00Z'))).toBe(0);
    const rows = await ofType(NotificationType.REMINDER, '2024-01-22');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      toUserId: patient.id,
      messageEn: 'Reminder: blood pressure measurement at 08:00',
      messageEs: 'Recordatorio: medición de presión arterial a las 08:00',
    });
  });

  it('does not remind a patient who already measured, nor for a time already past', async () => {
    await readingAt('2024-01-23T12:30:00Z'); // 07:30 local
    expect(await sendMeasurementReminders(t.ctx, schedules, win('2024-01-23T12:40:00Z', '2024-01-23T12:50:00Z'))).toBe(0);
    expect(await sendMeasurementReminders(t.ctx, schedules, win('2024-01-24T12:00:00Z', '2024-01-24T13:30:00Z'))).toBe(0); // the 13:00 UTC time passed
    expect(await ofType(NotificationType.REMINDER, '2024-01-23')).toHaveLength(0);
  });
});

describe('daily-goal job (type 6)', () => {
  it("congratulates the patient once the day's readings reach the plan's count, once", async () => {
    await readingAt('2024-01-25T13:05:00Z', '2024-01-25T13:06:00Z');
    expect(await raiseDailyGoals(t.ctx, schedules, win('2024-01-25T13:00:00Z', '2024-01-25T13:10:00Z'))).toBe(0);
    await readingAt('2024-01-26T01:30:00Z', '2024-01-26T01:31:00Z'); // 20:30 on the 25th
    expect(await raiseDailyGoals(t.ctx, schedules, win('2024-01-26T01:30:00Z', '2024-01-26T01:35:00Z'))).toBe(1);
    expect(await raiseDailyGoals(t.ctx, schedules, win('2024-01-26T01:30:00Z', '2024-01-26T01:35:00Z'))).toBe(0);
    const rows = await ofType(NotificationType.DAILY_GOAL, '2024-01-25');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ toUserId: patient.id, messageEn: 'Daily goal reached: 2 of 2 blood pressure measurements today' });
  });
});

describe('scheduler', () => {
  it('runs every job in one call over a window', async () => {
    // (01:59, 12:50] UTC on 1 February: the 20:00 time of 31 January passes its deadline (missed,
    // to both members) and the 08:00 reminder of 1 February falls due (to the patient).
    const result = await runMonitoringJobs(t.ctx, win('2024-02-01T01:59:00Z', '2024-02-01T12:50:00Z'));
    expect(result).toEqual({ missed: 2, reminders: 1, goals: 0 });
    expect(await ofType(NotificationType.MISSED_MEASUREMENT, '2024-01-31')).toHaveLength(2);
    expect(await ofType(NotificationType.REMINDER, '2024-02-01')).toHaveLength(1);
  });
});
