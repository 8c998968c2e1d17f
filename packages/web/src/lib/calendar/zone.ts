/**
 * Calendar arithmetic in an IANA time zone, in the browser: the office's today, the calendar day and
 * hour of an instant, a day's boundaries, the instant of a wall-clock time, calendar months. Built
 * on the platform's Intl (it knows each zone's rules, so a DST day is 23 or 25 hours); the server's
 * counterpart is packages/api/src/lib/office-calendar.ts, with the same rules: a wall-clock time a
 * DST change skips moves forward by the gap ('compatible'), a repeated one is its first instance.
 * docs/dates.md "One calendar module".
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** Whether Intl knows `timeZone` as an IANA zone ('America/New_York'). */
export function isKnownZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) { return false; }
  try {
    wallFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The browser's own IANA zone ('America/Los_Angeles'); 'UTC' when the platform does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** `timeZone` when Intl knows it, else the browser's zone (a missing or bad zone never breaks a screen). */
export function zoneOrBrowser(timeZone: string | null | undefined): string {
  return isKnownZone(timeZone) ? timeZone : browserTimeZone();
}

function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    // Throws a RangeError for a zone Intl does not know (isKnownZone relies on it).
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `instant` in `timeZone` (an unknown zone: the browser's). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const toDate = (at: Date | string | number) => (at instanceof Date ? at : new Date(at));

/** The wall clock (year, month 1-12, day, hour 0-23, minute, second) of an instant in a zone. */
export function wallClockIn(timeZone: string | null | undefined, at: Date | string | number = new Date()): WallClock {
  const parts: Record<string, number> = {};
  for (const p of wallFormatter(zoneOrBrowser(timeZone)).formatToParts(toDate(at))) { if (p.type !== 'literal') { parts[p.type] = Number(p.value); } }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date 'YYYY-MM-DD' of an instant (default now) in `timeZone` (the office's; the browser's when missing or unknown). */
export function dayIn(timeZone: string | null | undefined, at: Date | string | number = new Date()): string {
  const w = wallClockIn(timeZone, at);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * Today's calendar date ('YYYY-MM-DD') in `timeZone`. The server checks "not in the future" against
 * the office's calendar (api lib/office-calendar.ts), so a form that defaults or caps a date with
 * today uses the office's zone: at 20:00 in New York a browser set to UTC is already on tomorrow.
 */
export function todayIn(timeZone?: string | null): string {
  return dayIn(timeZone);
}

/** Hour of the day (0-23) of an instant in a time zone. */
export function hourIn(timeZone: string | null | undefined, at: Date | string | number): number {
  return wallClockIn(timeZone, at).hour;
}

/** Whether a text is a real calendar day 'YYYY-MM-DD' ('2026-02-30' is not). */
export function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) { return false; }
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() + 1 === Number(m[2]) && d.getUTCDate() === Number(m[3]);
}

function dayParts(day: string): [number, number, number] {
  if (!isDay(day)) { throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`); }
  return day.split('-').map(Number) as [number, number, number];
}

/** The calendar day `days` days after `day` (negative: before); 'YYYY-MM-DD' in and out. Throws a RangeError for a malformed day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = dayParts(day);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Whole calendar days from `from` to `to` ('YYYY-MM-DD'; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = dayParts(from);
  const [y2, m2, d2] = dayParts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Milliseconds `timeZone` is ahead of UTC at `instant` (epoch ms). */
function offsetMs(instant: number, timeZone: string): number {
  const w = wallClockIn(timeZone, instant);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The ISO instant at which `timeZone` shows `date` ('YYYY-MM-DD') at `time` ('HH:mm'). A time that
 * a DST change skips (02:30 on the US spring-forward day) moves forward by the gap (03:30); a
 * repeated one (01:30 on the fall-back day) is its first instance (daylight time).
 */
export function instantOfWallTime(date: string, time: string, timeZone: string): string {
  const [y, mo, d] = dayParts(date);
  const t = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!t) { throw new RangeError(`Not a wall-clock time (HH:mm): ${time}`); }
  const zone = zoneOrBrowser(timeZone);
  const wall = Date.UTC(y, mo - 1, d, Number(t[1]), Number(t[2]));
  // The offsets just before and just after: equal except near a change.
  const before = offsetMs(wall - 86_400_000, zone);
  const after = offsetMs(wall + 86_400_000, zone);
  const candidates = [wall - before, wall - after].filter((c, i, all) => all.indexOf(c) === i);
  const exact = candidates.filter((c) => wall - offsetMs(c, zone) === c).sort((a, b) => a - b);
  // A repeated wall time: the first (earlier) instant. A skipped one: the earlier offset applied,
  // which lands after the gap (spring forward: 02:30 EST is 03:30 EDT).
  return new Date(exact[0] ?? wall - before).toISOString();
}

/**
 * The office's calendar day as a half-open interval of instants [start, end): its first instant
 * (local midnight; on a DST day 23 or 25 hours before the next day's). For "readings of the day".
 */
export function dayBounds(day: string, timeZone: string | null | undefined): { start: string; end: string } {
  const zone = zoneOrBrowser(timeZone);
  return { start: instantOfWallTime(day, '00:00', zone), end: instantOfWallTime(addDays(day, 1), '00:00', zone) };
}

/** Whether an instant falls on calendar day `day` in `timeZone`. */
export function isOnDay(at: Date | string | number, day: string, timeZone: string | null | undefined): boolean {
  return dayIn(timeZone, at) === day;
}

/** A calendar month (month 1-12). */
export interface YearMonth {
  year: number;
  month: number;
}

/** The current calendar month in a time zone (the office's: a billing month is the office's). */
export function currentMonthIn(timeZone: string | null | undefined, at: Date | string | number = new Date()): YearMonth {
  const w = wallClockIn(timeZone, at);
  return { year: w.year, month: w.month };
}

/** The month `delta` months after `ym` (negative: before). */
export function shiftMonth(ym: YearMonth, delta: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** Whether two months are the same. */
export const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month;

/** A month as 'YYYY-MM'. */
export const monthValue = (p: YearMonth) => `${pad(p.year, 4)}-${pad(p.month)}`;

/** 'YYYY-MM' to a month; null when malformed. */
export function parseMonth(value: string | null | undefined): YearMonth | null {
  const m = value?.match(/^(\d{4})-(0[1-9]|1[0-2])$/);
  return m ? { year: Number(m[1]), month: Number(m[2]) } : null;
}

/** The first and last calendar day ('YYYY-MM-DD') of a month. */
export function monthDays(ym: YearMonth): { from: string; to: string } {
  return { from: `${monthValue(ym)}-01`, to: addDays(`${monthValue(shiftMonth(ym, 1))}-01`, -1) };
}

/** Full years between a birth date ('YYYY-MM-DD') and `today` ('YYYY-MM-DD'); null when either is unknown. */
export function ageOn(birthdate: string | null | undefined, today: string): number | null {
  if (!birthdate || !isDay(birthdate.slice(0, 10)) || !isDay(today)) { return null; }
  const [by, bm, bd] = dayParts(birthdate.slice(0, 10));
  const [ty, tm, td] = dayParts(today);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Negative when month `a` is before `b`, 0 when the same, positive when after. */
export const compareMonths = (a: YearMonth, b: YearMonth) => (a.year - b.year) * 12 + (a.month - b.month);
