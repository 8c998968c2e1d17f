/**
 * The monitoring plans' measurement times as the jobs see them: the active patient plans (from the
 * treatment-plans feature, in the system scope) and the slots due in a span of time, each with its
 * rank among the device's slots of that local day.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import {
  expectedMeasurementTimes,
  expectedMeasurementsBetween,
  findActivePlanSchedules,
  type ActivePlanSchedule,
  type ExpectedMeasurement,
} from '../features/treatment-plans/index';
import { systemScope } from '../db/scope';

export type { ActivePlanSchedule };

/** The span a job run covers: times after `since`, up to and including `now`. */
export interface JobWindow {
  since: Date;
  now: Date;
}

/** Plans per batch, and the most a run loads (a guard, far above any office's size). */
const BATCH = 1000;
const MAX_PLANS = 200_000;

/** Every active patient plan with its devices, office time zone and start day, by plan id. */
export async function loadActivePlanSchedules(ctx: AppContext): Promise<ActivePlanSchedule[]> {
  const out: ActivePlanSchedule[] = [];
  let after = 0;
  while (out.length < MAX_PLANS) {
    const batch = await findActivePlanSchedules(ctx, systemScope, after, BATCH);
    if (batch.length === 0) { break; }
    out.push(...batch);
    after = batch[batch.length - 1]!.treatmentPlanId;
  }
  return out;
}

/** A reading due by a plan, with its plan and its rank (1 = the device's first time of that local day). */
export interface DueSlot {
  schedule: ActivePlanSchedule;
  due: ExpectedMeasurement;
  rank: number;
}

/**
 * The slots due at `from` <= at < `to` over all `schedules`. A plan whose office time zone is
 * unknown is skipped with a warning (the offices API only stores IANA zones).
 */
export function slotsDueBetween(schedules: ActivePlanSchedule[], from: Date, to: Date, log: FastifyBaseLogger): DueSlot[] {
  const out: DueSlot[] = [];
  if (to.getTime() <= from.getTime()) { return out; }
  for (const schedule of schedules) {
    let due: ExpectedMeasurement[];
    try {
      due = expectedMeasurementsBetween(schedule.devices, from, to, schedule.timeZone, { periodStart: schedule.periodStart });
    } catch (err) {
      log.warn({ treatmentPlanId: schedule.treatmentPlanId, err: (err as Error).message }, 'jobs: plan schedule skipped');
      continue;
    }
    for (const d of due) { out.push({ schedule, due: d, rank: rankOf(schedule, d) }); }
  }
  return out;
}

/** The rank of `due` among its device's slots of the same local day, by instant (time1..time4 need not be in order). */
export function rankOf(schedule: ActivePlanSchedule, due: ExpectedMeasurement): number {
  const device = schedule.devices.find((d) => (d.id ?? null) === due.treatmentPlanDeviceId && d.deviceType === due.deviceType);
  if (!device) { return 1; }
  const day = expectedMeasurementTimes([device], due.day, schedule.timeZone, { periodStart: schedule.periodStart });
  const index = day.findIndex((d) => d.slot === due.slot);
  return index < 0 ? 1 : index + 1;
}

/** A stable key of a plan device: its id, else the plan and type. */
export function deviceKeyOf(schedule: ActivePlanSchedule, due: { treatmentPlanDeviceId: number | null; deviceType: string }): string {
  return due.treatmentPlanDeviceId !== null ? String(due.treatmentPlanDeviceId) : `${schedule.treatmentPlanId}-${due.deviceType}`;
}
