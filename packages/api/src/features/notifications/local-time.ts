/**
 * Wall-clock arithmetic in IANA time zones without a library: the offices' local days ("today"
 * of the dashboard and the worklist) and the monitoring plans' local measurement times (HH:mm in
 * the office's zone). Built on Intl, which knows the zone rules, so DST days are 23 or 25 hours.
 */

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

/** `timeZone` when Intl knows it, else 'UTC' (a bad stored value must not break a job or a list). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatterOf(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
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

function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at `instant`, in milliseconds (New York in winter: -5 h). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const w = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

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
 * that occurs twice on a fall-back day (01:30 on the first Sunday of November) is the first one (EDT).
 */
export function localTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const before = zoneOffsetMs(new Date(wall - DAY_MS), timeZone);
  const after = zoneOffsetMs(new Date(wall + DAY_MS), timeZone);
  const candidates = [...new Set([before, after])].map((o) => wall - o).filter((t) => zoneOffsetMs(new Date(t), timeZone) === wall - t);
  if (candidates.length === 0) return new Date(wall - before); // in the gap: shifted forward
  return new Date(Math.min(...candidates));
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
  if (filterCase === 'ALL') return null;
  const back = filterCase === 'TODAY' ? 0 : filterCase === 'WEEK' ? 6 : 29;
  return startOfLocalDay(addDays(localDateOf(now, timeZone), -back), timeZone);
}
