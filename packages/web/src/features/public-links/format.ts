import { measurementCatalogue, type DeviceType, type Lang } from '@vigil/contract';

const locale = (lang: Lang) => (lang === 'en' ? 'en-US' : 'es-ES');

/** Minutes east of UTC of an offset text such as '-05:00' or '+0530'; 0 when unreadable. */
export function offsetMinutes(offset: string): number {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim());
  if (!m) { return 0; }
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * The wall-clock time where the reading was taken, as epoch milliseconds to be formatted in UTC:
 * the instant shifted by the offset the device reported.
 */
export function localMillis(measuredAt: string, offset: string): number {
  return new Date(measuredAt).getTime() + offsetMinutes(offset) * 60_000;
}

/** "12 mar 2026, 8:15" for a local-millis value (see localMillis). */
export function formatLocalDateTime(millis: number, lang: Lang): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(millis);
}

/** "12 mar" for chart ticks. */
export function formatLocalDay(millis: number, lang: Lang): string {
  return new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(millis);
}

/** "UTC−05:00" for an offset text. */
export function formatOffset(offset: string): string {
  const minutes = offsetMinutes(offset);
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** A calendar date of an instant in an IANA time zone (the office's): "12 de marzo de 2026". */
export function formatDay(iso: string, lang: Lang, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long' }).format(new Date(iso));
  }
}

/**
 * Date and time of an instant in an IANA time zone, with the zone's short name ("April 9, 2026 at
 * 3:00 PM EDT" / "9 de abril de 2026, 15:00 GMT-4").
 */
export function formatInstant(iso: string, lang: Lang, timeZone?: string): string {
  const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone };
  try {
    return new Intl.DateTimeFormat(locale(lang), opts).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale(lang), { ...opts, timeZone: undefined }).format(new Date(iso));
  }
}

/** An IANA zone for people: "America/New York". */
export function zoneLabel(timeZone: string): string {
  return timeZone.replace(/_/g, ' ');
}

/**
 * A share link's period as both the staff list and the public report show it: the office's
 * calendar days and the zone ("March 12, 2026 – April 11, 2026 (America/New York)").
 */
export function formatLinkPeriod(periodStart: string, periodEnd: string, lang: Lang, timeZone: string): string {
  return `${formatDay(periodStart, lang, timeZone)} – ${formatDay(periodEnd, lang, timeZone)} (${zoneLabel(timeZone)})`;
}

/** A number in the UI language's notation (decimal comma in Spanish), up to 1 decimal. */
export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1 }).format(value);
}

type CatalogueEntry = (typeof measurementCatalogue)[DeviceType];
const entryOf = (deviceType: string) => (measurementCatalogue as Record<string, CatalogueEntry | undefined>)[deviceType];

/** A device type's title in `lang` (the catalogue's), or the type itself when not in the catalogue. */
export function deviceTitle(deviceType: string, lang: Lang): string {
  return entryOf(deviceType)?.title[lang] ?? deviceType;
}

/** A value's label in `lang` ('Sistólica'), from the catalogue; the LOINC code when unknown. */
export function valueLabel(deviceType: string, code: string, lang: Lang): string {
  const entry = entryOf(deviceType);
  const def = entry?.values.find((v) => v.code === code) ?? Object.values(measurementCatalogue).flatMap((d) => d.values).find((v) => v.code === code);
  return def?.label[lang] ?? code;
}

/** The values a chart draws: the type's required values (pulse beside blood pressure stays in the table); all of them for an unknown type. */
export function chartedCodes(deviceType: string, present: string[]): string[] {
  const entry = entryOf(deviceType);
  if (!entry) { return present; }
  const charted = present.filter((code) => entry.required.includes(code));
  return charted.length > 0 ? charted : present;
}
