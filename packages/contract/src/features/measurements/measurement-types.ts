/**
 * The measurement catalogue: device types, the LOINC-coded values each reading carries, canonical
 * UCUM units, accepted input units with conversions, plausible ranges (outside them a reading is
 * impossible and refused) and default caution / critical thresholds.
 *
 * Sources: LOINC vital-signs codes as profiled by HL7 US Core (Vital Signs, Blood Pressure panel
 * 85354-9 / 55284-4 with 8480-6 and 8462-4; heart rate 8867-4; body weight 29463-7; body height
 * 8302-2; body temperature 8310-5; oxygen saturation 2708-6 / 59408-5; respiratory rate 9279-1;
 * glucose 2339-0 / 2345-7); UCUM units. Default thresholds: 2017 ACC/AHA blood pressure guideline
 * (stage 2 >= 140/90, hypertensive crisis > 180/120), ADA Standards of Care (hypoglycaemia level 1
 * < 70 mg/dL, level 2 < 54 mg/dL; hyperglycaemia > 180 mg/dL), BTS oxygen guideline (target SpO2
 * 94-98 %, < 90 % urgent). Offices and devices override them (README "Remote monitoring",
 * "Alerts").
 *
 * HEART_RATE is a stand-alone heart rate (LOINC 8867-4, UCUM /min), as a wearable reports it
 * (Terra's heart-rate samples, docs/integrations.md); its thresholds are the pulse's.
 */

export const deviceTypes = ['BLOOD_PRESSURE', 'WEIGHT', 'GLUCOSE', 'SPO2', 'TEMPERATURE', 'HEART_RATE'] as const;
export type DeviceType = (typeof deviceTypes)[number];

export interface ValueDef {
  /** LOINC code of the value */
  code: string;
  /** canonical UCUM unit (what is stored) */
  unit: string;
  label: { en: string; es: string };
  /** plausible range in the canonical unit: outside it the reading is impossible */
  min: number;
  max: number;
  /** accepted input units -> function to the canonical unit */
  accepts: Record<string, (v: number) => number>;
  decimals: number;
}

export interface Thresholds {
  cautionLow?: number;
  cautionHigh?: number;
  criticalLow?: number;
  criticalHigh?: number;
}

export interface DeviceTypeDef {
  type: DeviceType;
  title: { en: string; es: string };
  /** LOINC panel code when the reading is a panel (blood pressure) */
  panelCode?: string;
  values: ValueDef[];
  /** values that must be present in every reading of this type */
  required: string[];
  defaultThresholds: Record<string, Thresholds>;
}

const same = (v: number) => v;
const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;

const pulse: ValueDef = {
  code: '8867-4',
  unit: '/min',
  label: { en: 'Pulse', es: 'Pulso' },
  min: 20,
  max: 300,
  accepts: { '/min': same, '{beats}/min': same },
  decimals: 0,
};

/** Default thresholds of a heart rate, alone or as the pulse of a reading (adult resting heart rate 60-100 /min, AHA). */
const pulseThresholds: Thresholds = { cautionHigh: 100, criticalHigh: 130, cautionLow: 50, criticalLow: 40 };

export const measurementCatalogue: Record<DeviceType, DeviceTypeDef> = {
  BLOOD_PRESSURE: {
    type: 'BLOOD_PRESSURE',
    title: { en: 'Blood pressure', es: 'Presión arterial' },
    panelCode: '85354-9',
    values: [
      { code: '8480-6', unit: 'mm[Hg]', label: { en: 'Systolic', es: 'Sistólica' }, min: 40, max: 300, accepts: { 'mm[Hg]': same, kPa: (v) => v * 7.50062 }, decimals: 0 },
      { code: '8462-4', unit: 'mm[Hg]', label: { en: 'Diastolic', es: 'Diastólica' }, min: 20, max: 200, accepts: { 'mm[Hg]': same, kPa: (v) => v * 7.50062 }, decimals: 0 },
      pulse,
    ],
    required: ['8480-6', '8462-4'],
    defaultThresholds: {
      '8480-6': { cautionHigh: 140, criticalHigh: 180, cautionLow: 90, criticalLow: 80 },
      '8462-4': { cautionHigh: 90, criticalHigh: 120, cautionLow: 60, criticalLow: 50 },
      '8867-4': pulseThresholds,
    },
  },
  WEIGHT: {
    type: 'WEIGHT',
    title: { en: 'Weight', es: 'Peso' },
    values: [
      { code: '29463-7', unit: 'kg', label: { en: 'Weight', es: 'Peso' }, min: 1, max: 650, accepts: { kg: same, g: (v) => v / 1000, '[lb_av]': (v) => v * 0.45359237 }, decimals: 1 },
    ],
    required: ['29463-7'],
    defaultThresholds: {},
  },
  GLUCOSE: {
    type: 'GLUCOSE',
    title: { en: 'Blood glucose', es: 'Glucosa en sangre' },
    values: [
      {
        code: '2339-0',
        unit: 'mg/dL',
        label: { en: 'Glucose', es: 'Glucosa' },
        min: 10,
        max: 1000,
        // mmol/L -> mg/dL: x 18.0156 (glucose molar mass 180.156 g/mol)
        accepts: { 'mg/dL': same, 'mmol/L': (v) => v * 18.0156 },
        decimals: 0,
      },
    ],
    required: ['2339-0'],
    defaultThresholds: { '2339-0': { cautionHigh: 180, criticalHigh: 300, cautionLow: 70, criticalLow: 54 } },
  },
  SPO2: {
    type: 'SPO2',
    title: { en: 'Oxygen saturation', es: 'Saturación de oxígeno' },
    values: [
      { code: '59408-5', unit: '%', label: { en: 'SpO2', es: 'SpO2' }, min: 50, max: 100, accepts: { '%': same }, decimals: 0 },
      pulse,
    ],
    required: ['59408-5'],
    defaultThresholds: {
      '59408-5': { cautionLow: 94, criticalLow: 90 },
      '8867-4': pulseThresholds,
    },
  },
  TEMPERATURE: {
    type: 'TEMPERATURE',
    title: { en: 'Temperature', es: 'Temperatura' },
    values: [
      { code: '8310-5', unit: 'Cel', label: { en: 'Temperature', es: 'Temperatura' }, min: 25, max: 45, accepts: { Cel: same, '[degF]': (v) => ((v - 32) * 5) / 9 }, decimals: 1 },
    ],
    required: ['8310-5'],
    defaultThresholds: { '8310-5': { cautionHigh: 37.8, criticalHigh: 39.5, cautionLow: 35.5, criticalLow: 35 } },
  },
  HEART_RATE: {
    type: 'HEART_RATE',
    title: { en: 'Heart rate', es: 'Frecuencia cardíaca' },
    values: [pulse],
    required: ['8867-4'],
    defaultThresholds: { '8867-4': pulseThresholds },
  },
};

/** Aliases that name the same value: SpO2 2708-6 is stored as 59408-5. */
export const loincAliases: Record<string, string> = { '2708-6': '59408-5', '2345-7': '2339-0', '55284-4': '85354-9' };

export type Severity = 0 | 1 | 2; // normal, caution, critical

/** The severity of one canonical value against thresholds: critical beats caution. */
export function severityOf(value: number, t: Thresholds | undefined): Severity {
  if (!t) { return 0; }
  if ((t.criticalHigh !== undefined && value > t.criticalHigh) || (t.criticalLow !== undefined && value < t.criticalLow)) { return 2; }
  if ((t.cautionHigh !== undefined && value > t.cautionHigh) || (t.cautionLow !== undefined && value < t.cautionLow)) { return 1; }
  return 0;
}

/** Converts an input value to the canonical unit, or null when the unit is not accepted. */
export function toCanonical(def: ValueDef, value: number, unit: string): number | null {
  const convert = def.accepts[unit];
  return convert ? round(convert(value), Math.max(def.decimals, 2)) : null;
}

/** Display units (spec section 9: scale and temperature metric; glucose and cholesterol mmol/L by default). */
export interface UnitPreferences {
  system: 'metric' | 'imperial';
  glucose: 'mmol/L' | 'mg/dL';
}
export const defaultUnitPreferences: UnitPreferences = { system: 'metric', glucose: 'mmol/L' };

/** Each LOINC value code -> its definition (the first one in catalogue order), built once for toDisplay. */
const valueDefByCode: ReadonlyMap<string, ValueDef> = (() => {
  const map = new Map<string, ValueDef>();
  for (const d of Object.values(measurementCatalogue)) { for (const v of d.values) { if (!map.has(v.code)) { map.set(v.code, v); } } }
  return map;
})();

/** A canonical value in the user's display unit: { value, unit }. */
export function toDisplay(code: string, canonical: number, prefs: UnitPreferences = defaultUnitPreferences): { value: number; unit: string } {
  if (code === '29463-7' && prefs.system === 'imperial') { return { value: round(canonical / 0.45359237, 1), unit: '[lb_av]' }; }
  if (code === '8310-5' && prefs.system === 'imperial') { return { value: round((canonical * 9) / 5 + 32, 1), unit: '[degF]' }; }
  if (code === '2339-0' && prefs.glucose === 'mmol/L') { return { value: round(canonical / 18.0156, 1), unit: 'mmol/L' }; }
  const def = valueDefByCode.get(code);
  return { value: round(canonical, def?.decimals ?? 1), unit: def?.unit ?? '' };
}

/**
 * Human unit labels for UCUM codes that read the same in English and Spanish. A pulse ('/min')
 * has none here: it differs by language (`unitLabelIn`).
 */
export const unitLabels: Record<string, string> = {
  'mm[Hg]': 'mmHg',
  kg: 'kg',
  '[lb_av]': 'lb',
  'mg/dL': 'mg/dL',
  'mmol/L': 'mmol/L',
  '%': '%',
  Cel: '°C',
  '[degF]': '°F',
  cm: 'cm',
};

/**
 * Unit labels that differ by language: a pulse ('/min') is "bpm" (beats per minute) in English and
 * "lpm" (latidos por minuto) in Spanish.
 */
export const languageUnitLabels: Record<'en' | 'es', Record<string, string>> = {
  en: { '/min': 'bpm' },
  es: { '/min': 'lpm' },
};

/** The label of a UCUM unit in `lang` ('mm[Hg]' -> 'mmHg'; '/min' -> 'bpm' / 'lpm'); an unknown unit as it is. */
export function unitLabelIn(unit: string, lang: 'en' | 'es'): string {
  return languageUnitLabels[lang][unit] ?? unitLabels[unit] ?? unit;
}
