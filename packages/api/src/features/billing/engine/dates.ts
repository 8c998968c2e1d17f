/**
 * Calendar-day arithmetic on 'YYYY-MM-DD' strings (local days of the office's time zone, already
 * resolved by the caller). Pure; days are counted in UTC so no daylight-saving effect applies.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day. */
export function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** The 'YYYY-MM-DD' day of a day number. */
export function dayFromNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  return dayFromNumber(dayNumber(day) + days);
}

/** Whole days from `from` to `to` (to - from). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** First and last day of a calendar month (month 1-12). */
export function monthBounds(year: number, month: number): { first: string; last: string; days: number } {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = `${year}-${String(month).padStart(2, '0')}-${String(days).padStart(2, '0')}`;
  return { first, last, days };
}

/** Year and month (1-12) of a day. */
export function monthOf(day: string): { year: number; month: number } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** Compares (year, month) pairs: negative when a is before b. */
export function compareMonths(a: { year: number; month: number }, b: { year: number; month: number }): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** Seconds as the spec's billing time format MM:SS (minutes are not wrapped at 60: 65:00). */
export function formatMmSs(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
