/**
 * The one calendar module: calendar months, local dates and wall-clock times in an office's IANA
 * time zone (docs/billing-engine.md "Windows"; billing-rules.md C1:
 * time-based codes count per calendar month; the offices' local days of the dashboard and the
 * worklist; the monitoring plans' local measurement times). Built on Intl, which knows the zone
 * rules, so DST days are 23 or 25 hours. Pure, no database.
 *
 * One fallback: a missing or unknown zone is the default office zone, America/New_York (the
 * default of `hospitals.time_zone` and of the FHIR importer, README "Configuration"), everywhere.
 */

/** The zone of an office whose stored zone is missing or unknown to Intl (the column's default). */
export const DEFAULT_OFFICE_TIME_ZONE = 'America/New_York';
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** `timeZone` when Intl knows it, else DEFAULT_OFFICE_TIME_ZONE (a bad stored value must not break a job, a list or a month). */
export function officeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) { return DEFAULT_OFFICE_TIME_ZONE; }
  try {
    formatterOf(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_OFFICE_TIME_ZONE;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(officeTimeZone(timeZone)).formatToParts(instant)) { if (p.type !== 'literal') { parts[p.type] = Number(p.value); } }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at `instant`, in milliseconds (New York in winter: -5 h). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const w = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}


/** The local calendar date ('YYYY-MM-DD') of `instant` in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): string {
  const w = wallClockOf(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The local wall time ('HH:mm') of `instant` in `timeZone`. */
export function localTimeOf(instant: Date, timeZone: string): string {
  const w = wallClockOf(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** `date` ('YYYY-MM-DD') plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which the wall clock in `timeZone` shows `time` ('HH:mm') on `date`
 * ('YYYY-MM-DD'). Like Temporal's 'compatible' rule: a time skipped by a spring-forward change
 * (02:30 in New York on the second Sunday of March) moves forward by the gap (03:30 EDT); a time
 * that occurs twice on a fall-back day (01:30 on the first Sunday of November) is the first one
 * (EDT), or the second (EST) with `repeated` 'later' (Temporal's 'later' disambiguation). Depends
 * on nothing but its arguments (never on today's offset).
 */
export function localTimeToInstant(date: string, time: string, timeZone: string, repeated: 'earlier' | 'later' = 'earlier'): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const before = zoneOffsetMs(new Date(wall - DAY_MS), timeZone);
  const after = zoneOffsetMs(new Date(wall + DAY_MS), timeZone);
  const candidates = [...new Set([before, after])].map((o) => wall - o).filter((t) => zoneOffsetMs(new Date(t), timeZone) === wall - t);
  if (candidates.length === 0) { return new Date(wall - before); } // in the gap: shifted forward
  return new Date(repeated === 'later' ? Math.max(...candidates) : Math.min(...candidates));
}

/** The instant the local day `date` begins in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return localTimeToInstant(date, '00:00', timeZone);
}

/**
 * The start of a list filter's period (spec section 4, default TODAY), in `timeZone`: TODAY the
 * start of the local day of `now`, WEEK six local days before that, MONTH 29; ALL has no start (null).
 */
export function filterCaseStart(filterCase: 'TODAY' | 'WEEK' | 'MONTH' | 'ALL', now: Date, timeZone: string): Date | null {
  if (filterCase === 'ALL') { return null; }
  const back = filterCase === 'TODAY' ? 0 : filterCase === 'WEEK' ? 6 : 29;
  return startOfLocalDay(addDays(localDateOf(now, timeZone), -back), timeZone);
}

/** A calendar month (month 1-12). */
export interface YearMonth {
  year: number;
  month: number;
}

/** The calendar month `instant` falls in, in `timeZone`. */
export function localYearMonth(instant: Date, timeZone: string): YearMonth {
  const w = wallClockOf(instant, timeZone);
  return { year: w.year, month: w.month };
}

/** The local date 'YYYY-MM-DD' of `instant` in `timeZone` (the same as `localDateOf`). */
export const localDate = localDateOf;

/** Whether month `a` comes after month `b`. */
export function isLaterMonth(a: YearMonth, b: YearMonth): boolean {
  return a.year * 12 + a.month > b.year * 12 + b.month;
}

/** The instant the local wall-clock time `date` ('YYYY-MM-DD') `time` ('HH:mm') happens in `timeZone` (`localTimeToInstant`'s rule). */
export const instantOfLocal = localTimeToInstant;

/** Zone offsets by (zone, quarter hour): zone changes happen on quarter hours, so one Intl call serves a whole quarter. */
const quarterOffsets = new Map<string, number>();
const QUARTER_MS = 15 * 60_000;

/**
 * The local date ('YYYY-MM-DD') and wall time ('HH:mm') of `instant` in `timeZone`, as
 * `localDateOf` and `localTimeOf` give them, with one Intl call per zone and quarter hour (a day
 * view of 2,000 appointments needs a few dozen instead of 4,000). The cache is bounded.
 */
export function localDateTimeOf(instant: Date, timeZone: string): { date: string; time: string } {
  const zone = officeTimeZone(timeZone);
  const quarter = Math.floor(instant.getTime() / QUARTER_MS);
  const key = `${zone}|${quarter}`;
  let offset = quarterOffsets.get(key);
  if (offset === undefined) {
    if (quarterOffsets.size > 50_000) { quarterOffsets.clear(); }
    offset = zoneOffsetMs(new Date(quarter * QUARTER_MS), zone);
    quarterOffsets.set(key, offset);
  }
  const w = new Date(instant.getTime() + offset);
  return {
    date: `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`,
    time: `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`,
  };
}
