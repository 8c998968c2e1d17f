/**
 * Calendar months and local dates in an office's IANA time zone (issue 4: "Months are calendar
 * months in the office's time zone"; billing-rules.md C1: time-based codes count per calendar
 * month). Built on Intl, so DST days are 23 or 25 hours. Pure, no database.
 */

const DEFAULT_TIME_ZONE = 'America/New_York';
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

/** `timeZone` when Intl knows it, else the default office zone (America/New_York). */
export function officeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    formatterOf(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: Date, timeZone: string): WallClock {
  const p: Record<string, number> = {};
  for (const part of formatterOf(officeTimeZone(timeZone)).formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** A calendar month (month 1-12). */
export interface YearMonth {
  year: number;
  month: number;
}

/** The calendar month `instant` falls in, in `timeZone`. */
export function localYearMonth(instant: Date, timeZone: string): YearMonth {
  const w = wallClock(instant, timeZone);
  return { year: w.year, month: w.month };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date 'YYYY-MM-DD' of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** Whether month `a` comes after month `b`. */
export function isLaterMonth(a: YearMonth, b: YearMonth): boolean {
  return a.year * 12 + a.month > b.year * 12 + b.month;
}

/**
 * The instant the local wall-clock time `date` ('YYYY-MM-DD') `time` ('HH:mm') happens in
 * `timeZone`. In the hour repeated by a DST change it is the first occurrence; a time in the
 * skipped hour lands within an hour of it.
 */
export function instantOfLocal(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  const offsetAt = (ms: number) => {
    const w = wallClock(new Date(ms), timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
  };
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  return new Date(Math.min(first, second));
}
