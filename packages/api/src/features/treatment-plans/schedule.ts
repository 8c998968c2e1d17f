/**
 * When a monitoring plan's readings are due, as UTC instants (the missed-measurement
 * and reminder jobs use this).
 *
 * A plan device asks for `measurementsCount` readings (1-4) on each due day at `time1`..`timeN`,
 * which are local 'HH:mm' times (24-hour clock) in the office's IANA time zone. The period says
 * which local days are due:
 * - DAILY: every day;
 * - WEEKLY: one day a week, the weekday of the plan's start day (Mondays without a start day);
 * - MONTHLY: one day a month, the day of the month of the plan's start day, or the month's last day
 *   when the month is shorter (the 1st without a start day).
 * Nothing is due before the plan's start day.
 *
 * Daylight saving time (the one calendar module, lib/office-calendar.ts, on Intl's IANA data): a
 * time that does not exist on a spring-forward day (02:30 in New York on 2024-03-10) is due one
 * hour later by the clock, at the same instant as 03:30 local; a time that
 * occurs twice on a fall-back day (01:30 in New York on 2024-11-03) is due once, at its second
 * occurrence (standard time), the later and so more forgiving instant for a missed-reading alert.
 */
import dayjs from 'dayjs';
import { localTimeToInstant } from '../../lib/office-calendar';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A plan device as the schedule needs it (a `treatment_plan_devices` row fits). */
export interface ScheduledDevice {
  /** The stored plan device's id (`treatment_plan_devices.id`), when there is one. */
  id?: number | null;
  deviceType: string;
  time1?: string | null;
  time2?: string | null;
  time3?: string | null;
  time4?: string | null;
  /** DAILY | WEEKLY | MONTHLY; any other value is never due. */
  measurementPeriod: string;
  /** 1-4: how many of time1..time4 are used. */
  measurementsCount: number;
}

/** One reading due: which device and slot, the planned local time, and the UTC instant. */
export interface ExpectedMeasurement {
  treatmentPlanDeviceId: number | null;
  deviceType: string;
  /** 1-4: time1..time4 */
  slot: number;
  /** The local calendar day 'YYYY-MM-DD' in the office's time zone. */
  day: string;
  /** The planned local time 'HH:mm'. */
  localTime: string;
  /** When the reading is due (an absolute instant). */
  at: Date;
}

export interface ScheduleOptions {
  /**
   * The plan's first local day 'YYYY-MM-DD' (its creation day in the office's time zone, see
   * `localDayOf`). Nothing is due before it; it anchors WEEKLY and MONTHLY devices.
   */
  periodStart?: string;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const SLOTS = ['time1', 'time2', 'time3', 'time4'] as const;
/** The longest range `expectedMeasurementsBetween` walks, in days. */
export const MAX_SCHEDULE_RANGE_DAYS = 92;

/** Whether `timeZone` is an IANA zone name this runtime knows ('Europe/Madrid'). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function checkDay(day: string, name: string): void {
  if (!DAY_PATTERN.test(day) || dayjs.utc(day).format('YYYY-MM-DD') !== day) { throw new RangeError(`${name} must be a calendar day 'YYYY-MM-DD', got '${day}'`); }
}

function checkTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) { throw new RangeError(`unknown time zone '${timeZone}'`); }
}

/** The local calendar day 'YYYY-MM-DD' of `instant` in `timeZone`. Throws RangeError for an unknown zone. */
export function localDayOf(instant: Date, timeZone: string): string {
  checkTimeZone(timeZone);
  return dayjs(instant).tz(timeZone).format('YYYY-MM-DD');
}

/**
 * Whether a device with `measurementPeriod` has readings due on local day `day` (both days
 * 'YYYY-MM-DD'; see the module comment for the rule). Calendar arithmetic only: no time zone.
 */
export function isDueOn(measurementPeriod: string, day: string, periodStart?: string): boolean {
  const d = dayjs.utc(day);
  const start = periodStart ? dayjs.utc(periodStart) : null;
  if (start && d.isBefore(start, 'day')) { return false; }
  switch (measurementPeriod) {
    case 'DAILY':
      return true;
    case 'WEEKLY':
      return d.day() === (start ? start.day() : 1);
    case 'MONTHLY':
      return d.date() === Math.min(start ? start.date() : 1, d.daysInMonth());
    default:
      return false;
  }
}

/**
 * The instants when readings are due on local calendar day `day` ('YYYY-MM-DD') in `timeZone`
 * (IANA), for the plan devices given, sorted by instant then device type then slot. Slots beyond
 * `measurementsCount` and times not in 'HH:mm' form are ignored (the API never stores them).
 * Throws RangeError for a malformed day or an unknown time zone.
 */
export function expectedMeasurementTimes(
  devices: readonly ScheduledDevice[],
  day: string,
  timeZone: string,
  options: ScheduleOptions = {},
): ExpectedMeasurement[] {
  checkDay(day, 'day');
  checkTimeZone(timeZone);
  if (options.periodStart !== undefined) { checkDay(options.periodStart, 'periodStart'); }
  const out: ExpectedMeasurement[] = [];
  for (const device of devices) {
    if (!isDueOn(device.measurementPeriod, day, options.periodStart)) { continue; }
    const count = Math.min(Math.max(Math.trunc(device.measurementsCount), 0), SLOTS.length);
    for (let i = 0; i < count; i++) {
      const localTime = device[SLOTS[i]!];
      if (!localTime || !TIME_PATTERN.test(localTime)) { continue; }
      out.push({
        treatmentPlanDeviceId: device.id ?? null,
        deviceType: device.deviceType,
        slot: i + 1,
        day,
        localTime,
        // Not dayjs.tz(): its parse starts from the zone's offset NOW, so a repeated time would be
        // due at its first occurrence while DST is in effect and at its second otherwise.
        at: localTimeToInstant(day, localTime, timeZone, 'later'),
      });
    }
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.deviceType.localeCompare(b.deviceType) || a.slot - b.slot);
}

/**
 * The readings due at instants `from` <= at < `to`, over the local days the range touches in
 * `timeZone` (for a job asking "what was due in the last hour" or "what is due in the next 30
 * minutes"). Sorted as `expectedMeasurementTimes`. Throws RangeError when `to` is before `from`,
 * the range exceeds 92 days, or the zone is unknown.
 */
export function expectedMeasurementsBetween(
  devices: readonly ScheduledDevice[],
  from: Date,
  to: Date,
  timeZone: string,
  options: ScheduleOptions = {},
): ExpectedMeasurement[] {
  checkTimeZone(timeZone);
  if (to.getTime() < from.getTime()) { throw new RangeError('the range ends before it starts'); }
  if (to.getTime() - from.getTime() > MAX_SCHEDULE_RANGE_DAYS * 86_400_000) { throw new RangeError(`the range exceeds ${MAX_SCHEDULE_RANGE_DAYS} days`); }
  const last = dayjs.utc(localDayOf(to, timeZone));
  const out: ExpectedMeasurement[] = [];
  for (let d = dayjs.utc(localDayOf(from, timeZone)); !d.isAfter(last, 'day'); d = d.add(1, 'day')) {
    for (const due of expectedMeasurementTimes(devices, d.format('YYYY-MM-DD'), timeZone, options)) {
      if (due.at.getTime() >= from.getTime() && due.at.getTime() < to.getTime()) { out.push(due); }
    }
  }
  return out;
}
