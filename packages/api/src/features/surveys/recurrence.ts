/**
 * Survey schedules as RFC 5545 recurrence rules, evaluated by `rrule-temporal` (a maintained RFC 5545
 * implementation on the Temporal API; docs/assessments.md "Recurrence" says why not `rrule`). The
 * rule's DTSTART carries the office's IANA time zone (TZID), so a survey due at 09:00 stays at 09:00
 * local time across daylight-saving changes (its UTC instant moves by the offset change).
 */
import { RRuleTemporal } from 'rrule-temporal';
import { addDays, localDateOf, localTimeToInstant } from '../../lib/office-calendar';

/** A schedule: an RRULE (no DTSTART), its first local date and due time, an optional last date, the zone. */
export interface SurveySchedule {
  rrule: string;
  /** 'YYYY-MM-DD' in `timeZone`. */
  startDate: string;
  /** 'HH:mm' in `timeZone`. */
  dueTime: string;
  /** 'YYYY-MM-DD' in `timeZone`, inclusive; null for no end. */
  endDate: string | null;
  timeZone: string;
}

/** The most occurrences one call computes (a daily rule over years is cut here). */
export const MAX_OCCURRENCES_PER_CALL = 400;

const RRULE_PART = /^[A-Z]+=[A-Z0-9,+-]+$/;

/**
 * Checks an RRULE value as stored in SURVEY_RECURRENCER_RULE: `KEY=VALUE` parts separated by ';',
 * with FREQ, and no DTSTART or UNTIL (the assignment gives the dates). Throws on anything else.
 */
export function assertRrule(rrule: string): void {
  const parts = rrule.split(';');
  if (!parts.every((p) => RRULE_PART.test(p)) || !parts.some((p) => p.startsWith('FREQ='))) { throw new Error(`not an RRULE value: ${rrule}`); }
  if (parts.some((p) => p.startsWith('DTSTART') || p.startsWith('UNTIL='))) { throw new Error(`RRULE must not carry its own dates: ${rrule}`); }
}

/**
 * A monthly (or yearly) rule started on a day a later month may lack (29-31, or 29 February)
 * would skip those months (RFC 5545 section 3.3.10: invalid dates are ignored). A survey that is
 * "monthly" must not skip a month, so such a rule takes the month's last day instead: the standard
 * `BYMONTHDAY=28,...,d;BYSETPOS=-1` form (the latest of those days the month has).
 */
export function clampedRule(rrule: string, startDate: string): string {
  const day = Number(startDate.slice(8, 10));
  const month = Number(startDate.slice(5, 7));
  if (/BYMONTHDAY|BYDAY|BYSETPOS/.test(rrule) || day <= 28) { return rrule; }
  const days = Array.from({ length: day - 27 }, (_, i) => 28 + i).join(',');
  if (/FREQ=MONTHLY/.test(rrule)) { return `${rrule};BYMONTHDAY=${days};BYSETPOS=-1`; }
  if (/FREQ=YEARLY/.test(rrule)) { return `${rrule};BYMONTH=${month};BYMONTHDAY=${days};BYSETPOS=-1`; }
  return rrule;
}

/**
 * The rule as `rrule-temporal` evaluates it: which local DATES are due. It runs at 12:00 local time,
 * an hour no daylight-saving change skips, so no date is lost to a gap; the due instant of each
 * date is then the office calendar's (`localTimeToInstant`: a due time inside a spring-forward gap
 * moves forward by the gap, RFC 5545 section 3.3.5; the library would drop that occurrence).
 */
function ruleOf(s: SurveySchedule): RRuleTemporal {
  assertRrule(s.rrule);
  return new RRuleTemporal({ rruleString: `DTSTART;TZID=${s.timeZone}:${s.startDate.replaceAll('-', '')}T120000\nRRULE:${clampedRule(s.rrule, s.startDate)}` });
}

/** Due dates in order from the first one on or after local date `fromDate`, as [date, due instant]. */
function* dueDates(s: SurveySchedule, fromDate: string | null): Generator<[string, Date]> {
  const rule = ruleOf(s);
  const from = fromDate === null || fromDate < s.startDate ? s.startDate : fromDate;
  let cursor = rule.next(localTimeToInstant(from, '00:00', s.timeZone), true);
  let guard = 0;
  while (cursor && guard++ < 100_000) {
    const date = localDateOf(new Date(cursor.epochMilliseconds), s.timeZone);
    if (s.endDate !== null && date > s.endDate) { return; }
    yield [date, localTimeToInstant(date, s.dueTime, s.timeZone)];
    cursor = rule.next(new Date(cursor.epochMilliseconds), false);
  }
}

/** The local date one day before `at`'s (a due instant after `at` cannot fall earlier). */
const searchFrom = (at: Date | null, s: SurveySchedule) => (at === null ? null : addDays(localDateOf(at, s.timeZone), -1));

/**
 * The schedule's due instants strictly after `after` (null: from the start) and before or at
 * `until`, oldest first, at most `limit` (and MAX_OCCURRENCES_PER_CALL). The last local date is
 * inclusive; times are the office's wall clock on each due date.
 */
export function occurrencesBetween(s: SurveySchedule, after: Date | null, until: Date, limit = MAX_OCCURRENCES_PER_CALL): Date[] {
  const cap = Math.min(limit, MAX_OCCURRENCES_PER_CALL);
  const out: Date[] = [];
  for (const [, at] of dueDates(s, searchFrom(after, s))) {
    if (at.getTime() > until.getTime() || out.length >= cap) { break; }
    if (after === null || at.getTime() > after.getTime()) { out.push(at); }
  }
  return out;
}

/** The first due instant strictly after `after` (null: the first of all), or null when the schedule has ended. */
export function nextOccurrence(s: SurveySchedule, after: Date | null): Date | null {
  for (const [, at] of dueDates(s, searchFrom(after, s))) {
    if (after === null || at.getTime() > after.getTime()) { return at; }
  }
  return null;
}

/** The next `count` due instants strictly after `after`. */
export function upcoming(s: SurveySchedule, after: Date | null, count: number): Date[] {
  const out: Date[] = [];
  for (const [, at] of dueDates(s, searchFrom(after, s))) {
    if (out.length >= count) { break; }
    if (after === null || at.getTime() > after.getTime()) { out.push(at); }
  }
  return out;
}

/** The office-local date of a due instant. */
export const dueDateOf = (at: Date, timeZone: string) => localDateOf(at, timeZone);
