/**
 * Threshold resolution (README "Remote monitoring", "Alerts"): the caution / critical limits a
 * reading is graded against. Three layers, most specific last, laid over each other CODE BY CODE:
 * the catalogue's defaults (measurement-types.ts), the office's defaults for the device type
 * (`hospital_device_defaults.thresholdsJson`), the patient's device
 * (`medical_devices.deviceDefaultValuesJson`). A layer that names a LOINC code replaces that code's
 * limits whole (so its limits stay consistent: critical outside caution); codes it does not name
 * keep the layer below. All limits are in the value's canonical UCUM unit.
 *
 * Pure functions, no database: the repos load the JSON, these decide.
 */
import {
  loincAliases,
  measurementCatalogue,
  severityOf,
  toDisplay,
  type DeviceType,
  type EffectiveThresholds,
  type Severity,
  type Thresholds,
  type UnitPreferences,
} from '@vigil/contract';

/** Limits per LOINC code (canonical codes, canonical units). */
export type ThresholdMap = Record<string, Thresholds>;
export type ThresholdSource = 'catalogue' | 'office' | 'device';

export interface ResolvedThresholds {
  thresholds: ThresholdMap;
  /** Which layer each code's limits come from. */
  sources: Record<string, ThresholdSource>;
}

const LIMITS = ['cautionLow', 'cautionHigh', 'criticalLow', 'criticalHigh'] as const;

/**
 * Reads stored threshold JSON (an object, or the spec's JSON string form) for `deviceType`,
 * tolerantly: codes are mapped through the LOINC aliases, codes that are not values of the type
 * and limits that are not finite numbers are ignored, a code without any limit is left out. Never
 * throws: stored data written by older versions must not stop ingestion.
 */
export function parseThresholdJson(json: unknown, deviceType: DeviceType): ThresholdMap {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return {};
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) { return {}; }
  const codes = new Set(measurementCatalogue[deviceType].values.map((v) => v.code));
  const out: ThresholdMap = {};
  for (const [given, limits] of Object.entries(value as Record<string, unknown>)) {
    const code = loincAliases[given] ?? given;
    if (!codes.has(code) || limits === null || typeof limits !== 'object') { continue; }
    const kept: Thresholds = {};
    for (const name of LIMITS) {
      const v = (limits as Record<string, unknown>)[name];
      if (typeof v === 'number' && Number.isFinite(v)) { kept[name] = v; }
    }
    if (Object.keys(kept).length > 0) { out[code] = kept; }
  }
  return out;
}

/**
 * The limits in effect for a reading of `deviceType`: the catalogue's defaults, overridden code by
 * code by the office's (`officeJson`), then by the device's (`deviceJson`). Either JSON may be
 * absent, a JSON string or malformed (ignored).
 */
export function resolveThresholds(deviceType: DeviceType, officeJson?: unknown, deviceJson?: unknown): ResolvedThresholds {
  const thresholds: ThresholdMap = {};
  const sources: Record<string, ThresholdSource> = {};
  for (const [code, limits] of Object.entries(measurementCatalogue[deviceType].defaultThresholds)) {
    thresholds[code] = { ...limits };
    sources[code] = 'catalogue';
  }
  const layers: [ThresholdSource, unknown][] = [
    ['office', officeJson],
    ['device', deviceJson],
  ];
  for (const [source, json] of layers) {
    if (json === undefined || json === null) { continue; }
    for (const [code, limits] of Object.entries(parseThresholdJson(json, deviceType))) {
      thresholds[code] = limits;
      sources[code] = source;
    }
  }
  return { thresholds, sources };
}

/** The severity of a whole reading: the worst of its values (0 normal, 1 caution, 2 critical). */
export function severityOfReading(values: Record<string, number>, thresholds: ThresholdMap): Severity {
  let worst: Severity = 0;
  for (const [code, value] of Object.entries(values)) {
    const s = severityOf(value, thresholds[code]);
    if (s > worst) { worst = s; }
  }
  return worst;
}

/** Limits with all four sides present (null = no limit), as the API answers them. */
export function toEffective(t: Thresholds | undefined): EffectiveThresholds {
  return {
    cautionLow: t?.cautionLow ?? null,
    cautionHigh: t?.cautionHigh ?? null,
    criticalLow: t?.criticalLow ?? null,
    criticalHigh: t?.criticalHigh ?? null,
  };
}

/** Canonical limits of `code` in the display unit of `prefs` (same rounding as the values shown). */
export function toDisplayThresholds(code: string, t: Thresholds | undefined, prefs: UnitPreferences): EffectiveThresholds {
  const conv = (v: number | undefined) => (v === undefined ? null : toDisplay(code, v, prefs).value);
  return { cautionLow: conv(t?.cautionLow), cautionHigh: conv(t?.cautionHigh), criticalLow: conv(t?.criticalLow), criticalHigh: conv(t?.criticalHigh) };
}
