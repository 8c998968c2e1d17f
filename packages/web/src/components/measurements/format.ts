import dayjs from 'dayjs';
import {
  measurementCatalogue,
  toDisplay,
  unitLabelIn,
  type DeviceType,
  type EffectiveThresholds,
  type Lang,
  type Thresholds,
  type UnitPreferences,
} from '@vigil/contract';

/**
 * Formatting shared by the measurement screens (/patientdetails, /devicemeasurements): reading
 * times at the offset the device reported, numbers in the UI language, unit labels, day ranges.
 */

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

/** A number in the UI language's notation (decimal comma in Spanish), up to `decimals` decimals. */
export function formatNumber(value: number, lang: Lang, decimals = 1): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: decimals }).format(value);
}

/** The human label of a UCUM unit in the UI language ('mm[Hg]' -> 'mmHg'; '/min' -> 'bpm' / 'lpm'). */
export function unitLabel(unit: string, lang: Lang): string {
  return unitLabelIn(unit, lang);
}

type CatalogueEntry = (typeof measurementCatalogue)[DeviceType];
export const catalogueEntry = (deviceType: string) => (measurementCatalogue as Record<string, CatalogueEntry | undefined>)[deviceType];

/** A device type's title in `lang` (the catalogue's), or the type itself when unknown. */
export function deviceTitle(deviceType: string, lang: Lang): string {
  return catalogueEntry(deviceType)?.title[lang] ?? deviceType;
}

/** A value's label in `lang` ('Sistólica') from the catalogue; the LOINC code when unknown. */
export function valueLabel(code: string, lang: Lang): string {
  const def = Object.values(measurementCatalogue)
    .flatMap((d) => d.values)
    .find((v) => v.code === code);
  return def?.label[lang] ?? code;
}

/** The values a chart draws: the type's required values (pulse stays in the table); all for an unknown type. */
export function chartedCodes(deviceType: string, present: string[]): string[] {
  const entry = catalogueEntry(deviceType);
  if (!entry) { return present; }
  const charted = present.filter((code) => entry.required.includes(code));
  return charted.length > 0 ? charted : present;
}

/** The display unit of a value for the user's preferences ('mmol/L', '[lb_av]', ...). */
export function displayUnitOf(code: string, prefs: UnitPreferences): string {
  return toDisplay(code, 1, prefs).unit;
}

/** A canonical limit set in display units (null sides stay null). */
export function thresholdsToDisplay(code: string, t: Thresholds | undefined, prefs: UnitPreferences): EffectiveThresholds {
  const conv = (v: number | undefined) => (v === undefined ? null : toDisplay(code, v, prefs).value);
  return { cautionLow: conv(t?.cautionLow), cautionHigh: conv(t?.cautionHigh), criticalLow: conv(t?.criticalLow), criticalHigh: conv(t?.criticalHigh) };
}

/** EffectiveThresholds (nulls) as the catalogue's Thresholds (undefined), for severityOf. */
export function asThresholds(t: EffectiveThresholds | undefined): Thresholds | undefined {
  if (!t) { return undefined; }
  const out: Thresholds = {};
  if (t.cautionLow !== null) { out.cautionLow = t.cautionLow; }
  if (t.cautionHigh !== null) { out.cautionHigh = t.cautionHigh; }
  if (t.criticalLow !== null) { out.criticalLow = t.criticalLow; }
  if (t.criticalHigh !== null) { out.criticalHigh = t.criticalHigh; }
  return out;
}

/** Today's local date ('2026-03-01'), or `days` days before it. */
export function localDay(daysBefore = 0): string {
  return dayjs().subtract(daysBefore, 'day').format('YYYY-MM-DD');
}

/** Whether a text is a real calendar day 'YYYY-MM-DD'. */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text, 'YYYY-MM-DD').format('YYYY-MM-DD') === text;
}

/** Now as an ISO 8601 date-time with the browser's UTC offset ('2026-03-01T08:15:00-05:00'). */
export function nowWithOffset(): string {
  return dayjs().format('YYYY-MM-DDTHH:mm:ssZ');
}
