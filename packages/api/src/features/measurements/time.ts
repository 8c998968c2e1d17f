/**
 * Time helpers of the measurement reads: local days in an IANA time zone (the office's or the
 * patient's), and an instant shown at the UTC offset its device reported. Pure, no database.
 */

import { DEFAULT_OFFICE_TIME_ZONE as FALLBACK_TIME_ZONE } from '../../lib/office-calendar';

const DAY_MS = 86_400_000;

/** `tz` when the runtime knows it as an IANA time zone, else the one default office zone of lib/office-calendar.ts (DEFAULT_OFFICE_TIME_ZONE). */
export function safeTimeZone(tz: string | null | undefined): string {
  if (!tz) { return FALLBACK_TIME_ZONE; }
  const known = checkedZones.get(tz);
  if (known !== undefined) { return known; }
  let zone = FALLBACK_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    zone = tz;
  } catch {
    // not an IANA zone of this runtime: the fallback
  }
  // Building a DateTimeFormat costs tens of microseconds: each distinct value is checked once.
  if (checkedZones.size < 1_000) { checkedZones.set(tz, zone); }
  return zone;
}

/** Values already given to safeTimeZone -> what it answered. */
const checkedZones = new Map<string, string>();

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(tz: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(tz, f);
  }
  return f;
}

/** The wall-clock date and time of `instant` in `tz`. */
export function localParts(instant: Date, tz: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(partsFormatter(tz).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The offset of `tz` from UTC at `instant`, in milliseconds (New York in winter: -5 h). */
export function zoneOffsetMs(instant: Date, tz: string): number {
  if (tz === 'UTC') { return 0; } // no formatter needed (formatToParts costs microseconds a call)
  const p = localParts(instant, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant local midnight starts day `year-month-day` in `tz` (month 1-12; days and months past
 * their end roll over, so day 32 of January is February 1). Handles daylight-saving changes.
 */
export function zonedMidnight(year: number, month: number, day: number, tz: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  let instant = guess - zoneOffsetMs(new Date(guess), tz);
  // The offset at the result may differ from the offset at the guess (a DST change that day).
  const second = guess - zoneOffsetMs(new Date(instant), tz);
  if (second !== instant) { instant = second; }
  return new Date(instant);
}

/** The start of `now`'s local day in `tz`. */
export function startOfLocalDay(now: Date, tz: string): Date {
  const p = localParts(now, tz);
  return zonedMidnight(p.year, p.month, p.day, tz);
}

/** '2026-03-01' -> local midnight of that day in `tz`; `plusDays` moves it (1 = the next day's start). */
export function dayStart(day: string, tz: string, plusDays = 0): Date {
  const key = `${day}|${tz}|${plusDays}`;
  const known = dayStarts.get(key);
  if (known !== undefined) { return new Date(known); }
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = zonedMidnight(y, m, d + plusDays, tz);
  // A zone's rules do not change while the process runs: each (day, zone) is worked out once
  // (Intl's formatToParts costs microseconds, four calls a chart request). Bounded: emptied when full.
  if (dayStarts.size >= 10_000) { dayStarts.clear(); }
  dayStarts.set(key, start.getTime());
  return start;
}

/** `${day}|${tz}|${plusDays}` -> what dayStart answered, in epoch milliseconds. */
const dayStarts = new Map<string, number>();

/** Whether text is a plain day ('YYYY-MM-DD') rather than an instant. */
export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * A [from, to) range from a day or an instant at each end: a day starts at its local midnight;
 * an end day is included whole (up to the next local midnight); an end instant is included.
 */
export function rangeOf(from: string, to: string, tz: string): { from: Date; to: Date } {
  return {
    from: isDay(from) ? dayStart(from, tz) : new Date(from),
    to: isDay(to) ? dayStart(to, tz, 1) : new Date(new Date(to).getTime() + 1),
  };
}

/** The offset part of an ISO 8601 date-time ('Z' -> '+00:00'). */
export function offsetOf(isoWithOffset: string): string {
  const m = /(Z|[+-]\d{2}:\d{2})$/.exec(isoWithOffset);
  if (!m || m[1] === 'Z') { return '+00:00'; }
  return m[1] === '-00:00' ? '+00:00' : m[1]!;
}

/** `instant` written at `offset` ('-05:00'): '2026-03-01T07:30:00.000-05:00'. */
export function localIso(instant: Date, offset: string): string {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!m) { return instant.toISOString(); }
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  const shifted = new Date(instant.getTime() + minutes * 60_000).toISOString();
  return shifted.slice(0, -1) + (minutes === 0 ? '+00:00' : offset);
}

export { DAY_MS };
