import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/es';
import { dayIn, zoneOrBrowser, type YearMonth } from './zone';

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

/**
 * How dates and instants read in the UI language (docs/dates.md): calendar dates as dates, instants
 * in a named time zone (the office's, with its abbreviation or offset: "Mar 12, 2026, 3:45 PM EDT"
 * / "12 mar 2026, 15:45 GMT-4"), readings at the offset their device reported. Intl formats (it
 * knows each zone's rules); dayjs reads typed dates and says "5 minutes ago".
 */

/** The two UI languages (spec section 2). */
export type UiLang = 'en' | 'es';

/** 'en' for an English UI language tag ('en', 'en-US'), else 'es' (the default language). */
export const uiLang = (lang: string | null | undefined): UiLang => (lang?.startsWith('en') ? 'en' : 'es');

/** The Intl locale of a UI language (English: US; Spanish: Spain's order and names). */
export const intlLocale = (lang: string) => (uiLang(lang) === 'en' ? 'en-US' : 'es-ES');

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocale(lang)}|${JSON.stringify(opts)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(lang), opts);
    formatters.set(key, f);
  }
  return f;
}

const validInstant = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') { return null; }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * A calendar date (YYYY-MM-DD, or the date part of an ISO 8601 text) in the UI language's medium
 * format ("Apr 28, 1991" / "28 abr 1991"); '' for a missing or unreadable value. A date is not an
 * instant: it is never shifted into a zone.
 */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) { return ''; }
  const d = dayjs(value.length > 10 && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value);
  return d.isValid() ? d.locale(uiLang(lang)).format('ll') : '';
}

/**
 * An instant's date and time in `timeZone` (IANA; the browser's when missing or unknown), labelled
 * with the zone's abbreviation or offset: "Mar 12, 2026, 3:45 PM EDT" / "12 mar 2026, 15:45 GMT-4".
 * '' for a missing or unreadable value.
 */
export function formatDateTime(value: string | number | Date | null | undefined, lang: string, timeZone: string | null | undefined): string {
  const d = validInstant(value);
  if (!d) { return ''; }
  return formatter(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: zoneOrBrowser(timeZone) }).format(d);
}

/** An instant's time of day in `timeZone`, labelled ("3:45 PM EDT" / "15:45 GMT-4"); '' when missing. */
export function formatTime(value: string | number | Date | null | undefined, lang: string, timeZone: string | null | undefined): string {
  const d = validInstant(value);
  if (!d) { return ''; }
  return formatter(lang, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: zoneOrBrowser(timeZone) }).format(d);
}

/**
 * An instant's time in `timeZone` without the zone ('19:30'), with the month and day too when it
 * is not on `day` ('Nov 21, 19:30'): for a table whose caption names the day and the zone.
 */
export function formatTimeOnDay(value: string | null | undefined, lang: string, timeZone: string | null | undefined, day: string): string {
  const d = validInstant(value);
  if (!d) { return ''; }
  const zone = zoneOrBrowser(timeZone);
  const opts: Intl.DateTimeFormatOptions = dayIn(zone, d) === day ? { hour: '2-digit', minute: '2-digit', timeZone: zone } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: zone };
  return formatter(lang, opts).format(d);
}

/** The calendar date of an instant in `timeZone`, long ("March 12, 2026" / "12 de marzo de 2026"). */
export function formatLongDay(value: string | null | undefined, lang: string, timeZone: string | null | undefined): string {
  const d = validInstant(value);
  return d ? formatter(lang, { dateStyle: 'long', timeZone: zoneOrBrowser(timeZone) }).format(d) : '';
}

/**
 * An instant's date and time in `timeZone` in words, with the zone's short name ("April 9, 2026 at
 * 3:00 PM EDT" / "9 de abril de 2026, 15:00 GMT-4"): a share link's expiry, the public report.
 */
export function formatLongDateTime(value: string | null | undefined, lang: string, timeZone: string | null | undefined): string {
  const d = validInstant(value);
  if (!d) { return ''; }
  return formatter(lang, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: zoneOrBrowser(timeZone) }).format(d);
}

/** An IANA zone for people: "America/New York". */
export function zoneLabel(timeZone: string): string {
  return timeZone.replace(/_/g, ' ');
}

/** How long ago (or in how long) an instant is from `now` (epoch ms), in the UI language ("hace 5 minutos" / "5 minutes ago"); '' when missing. */
export function formatRelative(value: string | null | undefined, lang: string, now: number = Date.now()): string {
  const d = validInstant(value);
  return d ? dayjs(d).locale(uiLang(lang)).from(now) : '';
}

/** "April 2026" / "abril de 2026", for use inside a sentence. */
export function monthText(ym: YearMonth, lang: string): string {
  return formatter(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(ym.year, ym.month - 1, 1)));
}

/** "April 2026" / "Abril de 2026", standing alone (a label, a title). */
export function monthLabel(ym: YearMonth, lang: string): string {
  const text = monthText(ym, lang);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A calendar date (YYYY-MM-DD) as a short day ("Nov 3" / "3 nov"); the text itself when unreadable. */
export function shortDay(day: string, lang: string): string {
  const d = dayjs(day);
  return d.isValid() ? d.locale(uiLang(lang)).format(uiLang(lang) === 'en' ? 'MMM D' : 'D MMM') : day;
}

// ---- Readings: the wall clock where the reading was taken (the offset its device reported) ----

/** Minutes east of UTC of an offset text such as '-05:00' or '+0530'; 0 when unreadable. */
export function offsetMinutes(offset: string): number {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim());
  if (!m) { return 0; }
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * The wall-clock time where the reading was taken, as epoch milliseconds to be formatted in UTC
 * (formatLocalDateTime, formatLocalDay): the instant shifted by the offset the device reported.
 */
export function localMillis(measuredAt: string, offset: string): number {
  return new Date(measuredAt).getTime() + offsetMinutes(offset) * 60_000;
}

/** "Mar 12, 2026, 8:15 AM" / "12 mar 2026, 8:15" for a local-millis value (see localMillis); shown beside formatOffset. */
export function formatLocalDateTime(millis: number, lang: string): string {
  return formatter(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(millis);
}

/** "Mar 12" / "12 mar" for chart ticks (a local-millis value). */
export function formatLocalDay(millis: number, lang: string): string {
  return formatter(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(millis);
}

/** A reading's calendar day where it was taken ('YYYY-MM-DD'): its instant moved by the offset the device reported. */
export function readingDay(r: { measuredAt: string; measuredAtOffset: string }): string {
  return new Date(localMillis(r.measuredAt, r.measuredAtOffset)).toISOString().slice(0, 10);
}

/** "UTC−05:00" for an offset text. */
export function formatOffset(offset: string): string {
  const minutes = offsetMinutes(offset);
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Minutes the browser's zone is ahead of UTC at `at` (Los Angeles in winter: -480). */
export function browserOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

/**
 * An ISO instant as the value of a native datetime-local input ('2026-03-12T12:45'), which reads
 * and writes the browser's wall clock; '' when unreadable.
 */
export function toDateTimeLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) { return ''; }
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Now as an ISO 8601 date-time with the browser's UTC offset ('2026-03-01T08:15:00-05:00'), as a manual reading carries it. */
export function nowWithOffset(): string {
  return dayjs().format('YYYY-MM-DDTHH:mm:ssZ');
}

// ---- Typed dates (components/DateField.tsx) ----

/**
 * How a calendar date is written and read in each UI language: Spanish "dd/mm/aaaa" (RAE's
 * numeric order, day first), English (US) "mm/dd/yyyy". See docs/dates.md.
 */
export const DATE_INPUT_FORMATS = {
  es: { format: 'DD/MM/YYYY', placeholder: 'dd/mm/aaaa' },
  en: { format: 'MM/DD/YYYY', placeholder: 'mm/dd/yyyy' },
} as const;

/**
 * Reads a typed date in `format` (strictly: "31/02/2026" is no date); also accepts the ISO form
 * YYYY-MM-DD, which pasted values often are. Null when unreadable.
 */
export function parseTypedDate(text: string, format: string): string | null {
  const trimmed = text.trim();
  for (const f of [format, 'YYYY-MM-DD']) {
    const d = dayjs(trimmed, f, true);
    if (d.isValid()) { return d.format('YYYY-MM-DD'); }
  }
  return null;
}

/** A date value of the date picker (a Date or a date text) as 'YYYY-MM-DD' in the browser's calendar (the picker's days are the browser's); '' when empty. */
export function pickedDay(value: Date | string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '';
}
