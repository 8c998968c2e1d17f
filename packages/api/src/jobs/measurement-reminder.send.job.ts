import { NotificationType } from '@vigil/contract';
import type { AppContext } from '../context';
import { createAndDeliver, reminderTexts } from '../features/notifications/index';
import { startOfLocalDay } from '../lib/office-calendar';
import { countReadingsInWindows, findActivePatients } from './monitoring.repo';
import { deviceKeyOf, slotsDueBetween, type ActivePlanSchedule, type JobWindow } from './plan-slots';
import { systemScope } from '../db/scope';
import { tenantDb } from '../db/handles';

/**
 * Measurement reminders (notification type 4, spec section 9), to the patient:
 * VIGIL_REMINDER_LEAD_MINUTES (15 by default) before each of the plan's measurement times. Sends
 * the reminders whose time (T - lead) falls in (`since`, `now`] for times T still ahead of `now`,
 * unless the patient already has as many readings of the device type that local day as T's rank
 * (they measured early). Idempotent through the dedupe key
 * `reminder:<plan device>:<local day>:<slot>`. Returns the notifications written.
 */
export async function sendMeasurementReminders(ctx: AppContext, schedules: ActivePlanSchedule[], window: JobWindow): Promise<number> {
  const lead = ctx.config.reminderLeadMinutes * 60_000;
  // reminder time = at - lead in (since, now]  <=>  at in [since + lead + 1 ms, now + lead + 1 ms)
  const slots = slotsDueBetween(schedules, new Date(window.since.getTime() + lead + 1), new Date(window.now.getTime() + lead + 1), ctx.log).filter(
    (s) => s.due.at.getTime() > window.now.getTime(),
  );
  if (slots.length === 0) { return 0; }
  const counts = await countReadingsInWindows(
    tenantDb(systemScope, ctx.db),
    slots.map((s) => ({
      patientId: s.schedule.patientId,
      deviceType: s.due.deviceType,
      from: startOfLocalDay(s.due.day, s.schedule.timeZone),
      to: new Date(window.now.getTime() + 1),
    })),
  );
  const pending = slots.filter((s, i) => counts[i]! < s.rank);
  const patients = new Set((await findActivePatients(tenantDb(systemScope, ctx.db), [...new Set(pending.map((s) => s.schedule.patientId))])).map((p) => p.id));
  const values = pending
    .filter((s) => patients.has(s.schedule.patientId))
    .map(({ schedule, due }) => {
      const texts = reminderTexts({ deviceType: due.deviceType, time: due.localTime });
      return {
        notificationTypeId: NotificationType.REMINDER,
        fromUserId: null,
        toUserId: schedule.patientId,
        relatedPatientId: schedule.patientId,
        hospitalId: schedule.hospitalId,
        messageEn: texts.en,
        messageEs: texts.es,
        deviceType: due.deviceType,
        additionalData: {
          treatmentPlanId: schedule.treatmentPlanId,
          treatmentPlanDeviceId: due.treatmentPlanDeviceId,
          scheduledAt: due.at.toISOString(),
          localDate: due.day,
          localTime: due.localTime,
        },
        dedupeKey: `reminder:${deviceKeyOf(schedule, due)}:${due.day}:${due.slot}`,
      };
    });
  return (await createAndDeliver(ctx, values)).length;
}
