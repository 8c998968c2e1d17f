import { NotificationType } from '@vigil/contract';
import type { AppContext } from '../context';
import { createAndDeliver, findTeamRecipients, missedMeasurementTexts } from '../features/notifications/index';
import { startOfLocalDay } from '../lib/office-calendar';
import { countReadingsInWindows, findActivePatients } from './monitoring.repo';
import { deviceKeyOf, slotsDueBetween, type ActivePlanSchedule, type JobWindow } from './plan-slots';
import { systemScope } from '../db/scope';
import { tenantDb } from '../db/handles';

/**
 * Missed measurements (notification type 5, spec section 9). A plan's measurement time T (local
 * 'HH:mm' in the office's time zone, see treatment-plans/schedule.ts) is missed when its deadline
 * T + grace (VIGIL_MISSED_GRACE_MINUTES, 60 by default) has passed and the patient has fewer
 * readings of the device type that local day, up to the deadline, than T's rank among the device's
 * times that day (the 2nd time of the day needs 2 readings by its deadline; an early reading
 * counts). Evaluates the deadlines in (`since`, `now`]; each deadline is decided once, when it
 * passes.
 *
 * Raises one notification per active member of the patient's medical team in the plan's office,
 * severity 1 (caution), with the slot in `additionalData` (treatmentPlanId, treatmentPlanDeviceId,
 * scheduledAt, localDate, localTime). Idempotent through the dedupe key
 * `missed:<plan device>:<local day>:<slot>` (unique per recipient), so a repeated or concurrent run
 * (two API processes) writes nothing twice. Returns the notifications written.
 */
export async function raiseMissedMeasurements(ctx: AppContext, schedules: ActivePlanSchedule[], window: JobWindow): Promise<number> {
  const grace = ctx.config.missedGraceMinutes * 60_000;
  // deadline = at + grace in (since, now]  <=>  at in [since - grace + 1 ms, now - grace + 1 ms)
  const slots = slotsDueBetween(schedules, new Date(window.since.getTime() - grace + 1), new Date(window.now.getTime() - grace + 1), ctx.log);
  if (slots.length === 0) { return 0; }
  const counts = await countReadingsInWindows(
    tenantDb(systemScope, ctx.db),
    slots.map((s) => ({
      patientId: s.schedule.patientId,
      deviceType: s.due.deviceType,
      from: startOfLocalDay(s.due.day, s.schedule.timeZone),
      to: new Date(s.due.at.getTime() + grace + 1),
    })),
  );
  const missed = slots.filter((s, i) => counts[i]! < s.rank);
  if (missed.length === 0) { return 0; }
  const patients = new Map(
    (await findActivePatients(tenantDb(systemScope, ctx.db), [...new Set(missed.map((s) => s.schedule.patientId))])).map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]),
  );
  const live = missed.filter((s) => patients.has(s.schedule.patientId));
  const members = await findTeamRecipients(
    ctx,
    live.map((s) => ({ patientId: s.schedule.patientId, hospitalId: s.schedule.hospitalId })),
  );
  const values = live.flatMap(({ schedule, due }) => {
    const texts = missedMeasurementTexts({ deviceType: due.deviceType, time: due.localTime, patientName: patients.get(schedule.patientId)! });
    const dedupeKey = `missed:${deviceKeyOf(schedule, due)}:${due.day}:${due.slot}`;
    return members
      .filter((m) => m.patientId === schedule.patientId && m.hospitalId === schedule.hospitalId)
      .map((m) => ({
        notificationTypeId: NotificationType.MISSED_MEASUREMENT,
        fromUserId: null,
        toUserId: m.userId,
        relatedPatientId: schedule.patientId,
        hospitalId: schedule.hospitalId,
        medicalTeamId: m.medicalTeamId,
        messageEn: texts.en,
        messageEs: texts.es,
        severity: 1,
        deviceType: due.deviceType,
        additionalData: {
          treatmentPlanId: schedule.treatmentPlanId,
          treatmentPlanDeviceId: due.treatmentPlanDeviceId,
          scheduledAt: due.at.toISOString(),
          localDate: due.day,
          localTime: due.localTime,
        },
        dedupeKey,
      }));
  });
  return (await createAndDeliver(ctx, values)).length;
}
