import {
  defaultUnitPreferences,
  loincAliases,
  measurementCatalogue,
  toDisplay,
  unitLabelIn,
  type Lang,
  type DeviceType,
  type PublicLinkSeries,
  type Thresholds,
  type UnitPreferences,
} from '@vigil/contract';
import { resolveThresholds } from '../measurements/index';

/** A stored reading as the report needs it: canonical values keyed by LOINC code. */
export interface ReportReading {
  deviceType: string;
  measuredAt: Date;
  measuredAtOffset: string;
  valuesJson: Record<string, number>;
  severity: number;
  isSimulated: boolean;
  isManual: boolean;
}

const boundKeys = ['cautionLow', 'cautionHigh', 'criticalLow', 'criticalHigh'] as const;

/**
 * The thresholds that apply to one device type, per LOINC code, in canonical units: the same
 * resolution the alert grading uses (measurements/thresholds.ts: catalogue defaults, then the
 * office's, then the patient's device's, code by code). A type outside the catalogue has none.
 */
export function effectiveThresholds(deviceType: string, office: unknown, device: unknown): Record<string, Thresholds> {
  if (!(deviceType in measurementCatalogue)) { return {}; }
  return resolveThresholds(deviceType as DeviceType, office, device).thresholds;
}

/** Canonical thresholds converted to the display unit of their code. */
function displayThresholds(thresholds: Record<string, Thresholds>, prefs: UnitPreferences): Record<string, Thresholds> {
  const out: Record<string, Thresholds> = {};
  for (const [code, t] of Object.entries(thresholds)) {
    const shown: Thresholds = {};
    for (const key of boundKeys) {
      const v = t[key];
      if (v !== undefined) { shown[key] = toDisplay(code, v, prefs).value; }
    }
    out[code] = shown;
  }
  return out;
}

const catalogueOrder = Object.keys(measurementCatalogue);

/**
 * Groups readings (oldest first) into one series per device type — catalogue types first in
 * catalogue order, others after by name — with values and thresholds in the display units of
 * `prefs` (default: spec section 9's metric and mmol/L), unit labels in `lang` (a pulse "bpm" in
 * English, "lpm" in Spanish: measurement-types.ts `unitLabelIn`). Codes are normalised through the LOINC
 * aliases (2708-6 -> 59408-5).
 */
export function buildSeries(
  readings: ReportReading[],
  thresholdsOf: (deviceType: string) => Record<string, Thresholds>,
  prefs: UnitPreferences = defaultUnitPreferences,
  lang: Lang = 'es',
): PublicLinkSeries[] {
  const byType = new Map<string, ReportReading[]>();
  for (const r of readings) {
    const list = byType.get(r.deviceType);
    if (list) { list.push(r); }
    else { byType.set(r.deviceType, [r]); }
  }
  const rank = (type: string) => {
    const i = catalogueOrder.indexOf(type);
    return i === -1 ? catalogueOrder.length : i;
  };
  const types = [...byType.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return types.map((deviceType) => {
    const def = measurementCatalogue[deviceType as DeviceType] as (typeof measurementCatalogue)[DeviceType] | undefined;
    const present = new Set<string>();
    const shown = byType.get(deviceType)!.map((r) => {
      const values: Record<string, number> = {};
      for (const [rawCode, canonical] of Object.entries(r.valuesJson)) {
        if (typeof canonical !== 'number' || !Number.isFinite(canonical)) { continue; }
        const code = loincAliases[rawCode] ?? rawCode;
        values[code] = toDisplay(code, canonical, prefs).value;
        present.add(code);
      }
      return {
        measuredAt: r.measuredAt.toISOString(),
        measuredAtOffset: r.measuredAtOffset,
        values,
        severity: Math.min(2, Math.max(0, r.severity)),
        isSimulated: r.isSimulated,
        isManual: r.isManual,
      };
    });
    const known = (def?.values ?? []).map((v) => v.code).filter((code) => present.has(code));
    const extra = [...present].filter((code) => !known.includes(code)).sort();
    const values = [...known, ...extra].map((code) => {
      const unit = toDisplay(code, 0, prefs).unit;
      // In the product's default language (spec section 9: Spanish); the report page relabels per UI language.
      return { code, unit, unitLabel: unitLabelIn(unit, lang) };
    });
    const thresholds = Object.fromEntries(Object.entries(displayThresholds(thresholdsOf(deviceType), prefs)).filter(([code]) => present.has(code)));
    return { deviceType, values, thresholds, readings: shown };
  });
}
