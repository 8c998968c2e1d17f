import { measurementCatalogue, type DeviceType, type Lang } from '@vigil/contract';
import { formatLongDay, zoneLabel } from '../../lib/calendar';

const locale = (lang: Lang) => (lang === 'en' ? 'en-US' : 'es-ES');

/**
 * A share link's period as both the staff list and the public report show it: the office's
 * calendar days and the zone ("March 12, 2026 – April 11, 2026 (America/New York)").
 */
export function formatLinkPeriod(periodStart: string, periodEnd: string, lang: Lang, timeZone: string): string {
  return `${formatLongDay(periodStart, lang, timeZone)} – ${formatLongDay(periodEnd, lang, timeZone)} (${zoneLabel(timeZone)})`;
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
