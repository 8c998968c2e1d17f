import { NotificationType } from '@vigil/contract';
import type { AppContext } from '../context';
import { createAndDeliver, dailyGoalTexts } from '../features/notifications/index';
import { addDays, localDateOf, officeTimeZone, startOfLocalDay } from '../lib/office-calendar';
import { expectedMeasurementTimes } from '../features/treatment-plans/index';
import { countReadingsInWindows, findActivePatients, findNewReadingPairs } from './monitoring.repo';
import { deviceKeyOf, type ActivePlanSchedule, type JobWindow } from './plan-slots';
import { systemScope } from '../db/scope';
import { tenantDb } from '../db/handles';

/**
 * Daily goals (notification type 6, spec section 9), to the patient: when the readings of a plan
 * device's type measured on the current local day (office time zone) reach the number the plan asks
 * for that day (its measurementsCount on a due day). Looks only at patients with readings stored in
 * (`since`, `now`], so a run costs what the new readings cost. Idempotent through the dedupe key
 * `goal:<plan device>:<local day>`. Returns the notifications written.
 */
export async function raiseDailyGoals(ctx: AppContext, schedules: ActivePlanSchedule[], window: JobWindow): Promise<number> {
  const pairs = await findNewReadingPairs(tenantDb(systemScope, ctx.db), window.since, window.now);
  if (pairs.length === 0) { return 0; }
  const plansOf = new Map<number, ActivePlanSchedule[]>();
  for (const s of schedules) { plansOf.set(s.patientId, [...(plansOf.get(s.patientId) ?? []), s]); }
  const candidates: { schedule: ActivePlanSchedule; deviceType: string; deviceId: number | null; day: string; goal: number; from: Date; to: Date }[] = [];
  for (const pair of pairs) {
    for (const schedule of plansOf.get(pair.patientId) ?? []) {
      const zone = officeTimeZone(schedule.timeZone);
      const day = localDateOf(window.now, zone);
      for (const device of schedule.devices.filter((d) => d.deviceType === pair.deviceType)) {
        const goal = expectedMeasurementTimes([device], day, zone, { periodStart: schedule.periodStart }).length;
        if (goal === 0) { continue; }
        candidates.push({
          schedule,
          deviceType: device.deviceType,
          deviceId: device.id ?? null,
          day,
          goal,
          from: startOfLocalDay(day, zone),
          to: startOfLocalDay(addDays(day, 1), zone),
        });
      }
    }
  }
  if (candidates.length === 0) { return 0; }
  const counts = await countReadingsInWindows(
    tenantDb(systemScope, ctx.db),
    candidates.map((c) => ({ patientId: c.schedule.patientId, deviceType: c.deviceType, from: c.from, to: c.to })),
  );
  const reached = candidates.map((c, i) => ({ ...c, count: counts[i]! })).filter((c) => c.count >= c.goal);
  const patients = new Set((await findActivePatients(tenantDb(systemScope, ctx.db), [...new Set(reached.map((c) => c.schedule.patientId))])).map((p) => p.id));
  const values = reached
    .filter((c) => patients.has(c.schedule.patientId))
    .map((c) => {
      const texts = dailyGoalTexts({ deviceType: c.deviceType, count: c.count, goal: c.goal });
      return {
        notificationTypeId: NotificationType.DAILY_GOAL,
        fromUserId: null,
        toUserId: c.schedule.patientId,
        relatedPatientId: c.schedule.patientId,
        hospitalId: c.schedule.hospitalId,
        messageEn: texts.en,
        messageEs: texts.es,
        deviceType: c.deviceType,
        additionalData: { treatmentPlanId: c.schedule.treatmentPlanId, treatmentPlanDeviceId: c.deviceId, localDate: c.day, goal: c.goal, count: c.count },
        dedupeKey: `goal:${deviceKeyOf(c.schedule, { treatmentPlanDeviceId: c.deviceId, deviceType: c.deviceType })}:${c.day}`,
      };
    });
  return (await createAndDeliver(ctx, values)).length;
}
