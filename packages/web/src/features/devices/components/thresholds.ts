import {
  checkMedicalDeviceThresholds,
  measurementCatalogue,
  medicalDeviceThresholdsSchema,
  message,
  type DeviceType,
  type Lang,
  type MedicalDeviceThresholds,
} from '@vigil/contract';

export const LIMITS = ['criticalLow', 'cautionLow', 'cautionHigh', 'criticalHigh'] as const;
export type LimitName = (typeof LIMITS)[number];

/** The threshold inputs as the form holds them: per LOINC code, per limit, a number or '' (empty: the office default applies). */
export type ThresholdValues = Record<string, Record<LimitName, number | string>>;

/** Empty inputs for every value of `type`, filled from `overrides` (a device's deviceDefaultValuesJson). */
export function thresholdValues(type: DeviceType | null, overrides: string | MedicalDeviceThresholds = {}): ThresholdValues {
  if (!type) { return {}; }
  let parsed: MedicalDeviceThresholds = {};
  if (typeof overrides === 'string') {
    try {
      parsed = medicalDeviceThresholdsSchema.parse(JSON.parse(overrides || '{}'));
    } catch {
      parsed = {};
    }
  } else { parsed = overrides; }
  const out: ThresholdValues = {};
  for (const v of measurementCatalogue[type].values) {
    const given = parsed[v.code] ?? {};
    out[v.code] = { criticalLow: given.criticalLow ?? '', cautionLow: given.cautionLow ?? '', cautionHigh: given.cautionHigh ?? '', criticalHigh: given.criticalHigh ?? '' };
  }
  return out;
}

/** The overrides to send: only codes with at least one limit, only the limits given. */
export function toThresholds(values: ThresholdValues): MedicalDeviceThresholds {
  const out: MedicalDeviceThresholds = {};
  for (const [code, limits] of Object.entries(values)) {
    const kept: Partial<Record<LimitName, number>> = {};
    for (const name of LIMITS) {
      const raw = limits[name];
      if (raw === '' || raw === null || raw === undefined) { continue; }
      kept[name] = Number(raw);
    }
    if (Object.keys(kept).length > 0) { out[code] = kept; }
  }
  return out;
}

/** How many codes carry an override. */
export const overrideCount = (values: ThresholdValues) => Object.keys(toThresholds(values)).length;

/**
 * The errors of the threshold inputs, the contract's rules (checkMedicalDeviceThresholds: codes of
 * the type, plausible range, critical outside caution), keyed `<field>.<code>` as the server
 * answers them (`deviceDefaultValuesJson` for a device's overrides, `thresholds` for an office's).
 */
export function thresholdErrors(type: DeviceType | null, values: ThresholdValues, lang: Lang, field = 'deviceDefaultValuesJson'): Record<string, string> {
  if (!type) { return {}; }
  const thresholds = toThresholds(values);
  const shape = medicalDeviceThresholdsSchema.safeParse(thresholds);
  if (!shape.success) {
    const out: Record<string, string> = {};
    for (const issue of shape.error.issues) { out[`${field}.${String(issue.path[0] ?? '')}`] = message('regex', lang); }
    return out;
  }
  const { issues } = checkMedicalDeviceThresholds(type, thresholds, field);
  return Object.fromEntries(Object.entries(issues).map(([key, msg]) => [key, message(msg, lang)]));
}

/** One code's overrides as text: "caution low 90 / high 150 · critical low – / high 190 mmHg". */
export function limitsText(o: Partial<Record<LimitName, number>>, unit: string, t: (key: string) => string): string {
  const v = (n?: number) => (n === undefined ? '–' : String(n));
  return `${t('thresholds.caution')} ${t('thresholds.low')} ${v(o.cautionLow)} / ${t('thresholds.high')} ${v(o.cautionHigh)} · ${t('thresholds.critical')} ${t('thresholds.low')} ${v(o.criticalLow)} / ${t('thresholds.high')} ${v(o.criticalHigh)} ${unit}`;
}

/** Limits as the API answers them (null: no limit on that side). */
export type LimitsOrNull = Partial<Record<LimitName, number | null | undefined>>;

/** The form's inputs for every value of `type`, filled from limits per code (a missing or null limit: empty). */
export function filledValues(type: DeviceType, limitsByCode: Record<string, LimitsOrNull | undefined>): ThresholdValues {
  const out: ThresholdValues = {};
  for (const v of measurementCatalogue[type].values) {
    const given = limitsByCode[v.code] ?? {};
    out[v.code] = {
      criticalLow: given.criticalLow ?? '',
      cautionLow: given.cautionLow ?? '',
      cautionHigh: given.cautionHigh ?? '',
      criticalHigh: given.criticalHigh ?? '',
    };
  }
  return out;
}

/**
 * An office's limits to send for one device type, from inputs showing the limits in effect: only
 * the codes whose limits differ from the catalogue's defaults (a code left as the catalogue has it,
 * or emptied, keeps the catalogue's; `{}` goes back to the catalogue for the whole type).
 */
export function officeOverrides(type: DeviceType, values: ThresholdValues): MedicalDeviceThresholds {
  const given = toThresholds(values);
  const catalogue = measurementCatalogue[type].defaultThresholds;
  const out: MedicalDeviceThresholds = {};
  for (const [code, limits] of Object.entries(given)) {
    const base = catalogue[code] ?? {};
    if (LIMITS.every((name) => limits[name] === base[name])) { continue; }
    out[code] = limits;
  }
  return out;
}
