/**
 * The texts of the notifications the server raises itself (spec section 9 types 3, 4, 5 and 6),
 * in English and Spanish. Values come from the measurement catalogue: canonical UCUM values shown
 * in display units (`toDisplay`, defaults of spec section 9: metric, glucose mmol/L) with their
 * labels in the message's language (`unitLabelIn`).
 */
import {
  defaultUnitPreferences,
  measurementCatalogue,
  toDisplay,
  unitLabelIn,
  type DeviceType,
  type Lang,
  type UnitPreferences,
} from '@vigil/contract';

export interface Texts {
  en: string;
  es: string;
}

/** Spanish titles that are masculine (the adjective agrees: "Peso crítico", "Presión arterial crítica"). */
const masculineEs = new Set(['WEIGHT']);

function titleOf(deviceType: string): Texts {
  const def = measurementCatalogue[deviceType as DeviceType];
  if (def) { return def.title; }
  const readable = deviceType.toLowerCase().replace(/_/g, ' ');
  return { en: readable.charAt(0).toUpperCase() + readable.slice(1), es: readable.charAt(0).toUpperCase() + readable.slice(1) };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function num(value: number, lang: Lang): string {
  return value.toLocaleString(lang === 'es' ? 'es-ES' : 'en-US', { maximumFractionDigits: 2, useGrouping: false });
}

function shown(code: string, canonical: number, prefs: UnitPreferences, lang: Lang): { value: string; unit: string } {
  const d = toDisplay(code, canonical, prefs);
  return { value: num(d.value, lang), unit: unitLabelIn(d.unit, lang) };
}

/**
 * A reading's values as text: blood pressure as "186/124 mmHg, pulse 88 bpm" ("..., pulso 88 lpm"
 * in Spanish); other types as the first value with its unit, then the others with their labels
 * ("88 %, pulse 110 bpm").
 */
export function valuesText(deviceType: string, valuesJson: Record<string, number>, lang: Lang, prefs: UnitPreferences = defaultUnitPreferences): string {
  const def = measurementCatalogue[deviceType as DeviceType];
  if (!def) {
    return Object.entries(valuesJson)
      .map(([code, v]) => `${code} ${num(v, lang)}`)
      .join(', ');
  }
  const parts: string[] = [];
  const present = def.values.filter((v) => typeof valuesJson[v.code] === 'number');
  let rest = present;
  if (deviceType === 'BLOOD_PRESSURE' && typeof valuesJson['8480-6'] === 'number' && typeof valuesJson['8462-4'] === 'number') {
    const sys = shown('8480-6', valuesJson['8480-6'], prefs, lang);
    const dia = shown('8462-4', valuesJson['8462-4'], prefs, lang);
    parts.push(`${sys.value}/${dia.value} ${sys.unit}`);
    rest = present.filter((v) => v.code !== '8480-6' && v.code !== '8462-4');
  } else if (present[0]) {
    const first = shown(present[0].code, valuesJson[present[0].code]!, prefs, lang);
    parts.push(`${first.value} ${first.unit}`);
    rest = present.slice(1);
  }
  for (const v of rest) {
    const s = shown(v.code, valuesJson[v.code]!, prefs, lang);
    parts.push(`${lowerFirst(v.label[lang])} ${s.value} ${s.unit}`);
  }
  return parts.join(', ');
}

/**
 * Type 3: "Critical blood pressure 186/124 mmHg for Ana García" / "Presión arterial crítica
 * 186/124 mmHg para Ana García"; caution: "Caution: blood pressure 150/95 mmHg for Ana García" /
 * "Precaución: presión arterial 150/95 mmHg para Ana García". A simulated reading says so.
 */
export function abnormalMeasurementTexts(input: {
  deviceType: string;
  severity: 1 | 2;
  valuesJson: Record<string, number>;
  patientName: string;
  isSimulated: boolean;
  prefs?: UnitPreferences;
}): Texts {
  const title = titleOf(input.deviceType);
  const en = valuesText(input.deviceType, input.valuesJson, 'en', input.prefs);
  const es = valuesText(input.deviceType, input.valuesJson, 'es', input.prefs);
  const critical = masculineEs.has(input.deviceType) ? 'crítico' : 'crítica';
  const texts: Texts =
    input.severity === 2
      ? { en: `Critical ${lowerFirst(title.en)} ${en} for ${input.patientName}`, es: `${title.es} ${critical} ${es} para ${input.patientName}` }
      : { en: `Caution: ${lowerFirst(title.en)} ${en} for ${input.patientName}`, es: `Precaución: ${lowerFirst(title.es)} ${es} para ${input.patientName}` };
  return input.isSimulated ? { en: `${texts.en} (simulated reading)`, es: `${texts.es} (lectura simulada)` } : texts;
}

/** Type 5: "Missed blood pressure measurement at 08:00 for Ana García" (the office's local time). */
export function missedMeasurementTexts(input: { deviceType: string; time: string; patientName: string }): Texts {
  const title = titleOf(input.deviceType);
  return {
    en: `Missed ${lowerFirst(title.en)} measurement at ${input.time} for ${input.patientName}`,
    es: `Medición de ${lowerFirst(title.es)} omitida a las ${input.time} para ${input.patientName}`,
  };
}

/** Type 4, to the patient: "Reminder: blood pressure measurement at 08:00". */
export function reminderTexts(input: { deviceType: string; time: string }): Texts {
  const title = titleOf(input.deviceType);
  return {
    en: `Reminder: ${lowerFirst(title.en)} measurement at ${input.time}`,
    es: `Recordatorio: medición de ${lowerFirst(title.es)} a las ${input.time}`,
  };
}

/** Type 6, to the patient: "Daily goal reached: 2 of 2 blood pressure measurements today". */
export function dailyGoalTexts(input: { deviceType: string; count: number; goal: number }): Texts {
  const title = titleOf(input.deviceType);
  return {
    en: `Daily goal reached: ${input.count} of ${input.goal} ${lowerFirst(title.en)} measurements today`,
    es: `Meta diaria alcanzada: ${input.count} de ${input.goal} mediciones de ${lowerFirst(title.es)} hoy`,
  };
}
