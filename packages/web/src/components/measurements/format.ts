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
 * Formatting shared by the measurement screens (/patientdetails, /devicemeasurements): numbers in
 * the UI language, unit labels, catalogue titles. Reading times (at the offset the device reported)
 * are lib/calendar's (formatLocalDateTime, formatOffset).
 */

const locale = (lang: Lang) => (lang === 'en' ? 'en-US' : 'es-ES');

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
