import type { SurveyBand } from '@vigil/contract';

/** A text with its Spanish version in the UI language (the English one when the Spanish is empty). */
export function textIn(v: { text: string; textEs: string }, lang: string): string {
  return lang.startsWith('es') ? v.textEs || v.text : v.text || v.textEs;
}

/**
 * A template's or survey's instructions in the UI language: a seeded instrument's publisher's
 * Spanish (`descriptionEs`) on the Spanish interface, else the stored description.
 */
export function descriptionIn(v: { description?: string; descriptionEs?: string | null }, lang: string): string {
  return lang.startsWith('es') ? v.descriptionEs || v.description || '' : v.description || '';
}

/** A name with its Spanish version in the UI language. */
export function nameIn(v: { name?: string; nameEs?: string; templateName?: string; templateNameEs?: string }, lang: string): string {
  const en = v.name ?? v.templateName ?? '';
  const es = v.nameEs ?? v.templateNameEs ?? '';
  return lang.startsWith('es') ? es || en : en || es;
}

/** A band's label in the UI language. */
export function bandLabel(band: Pick<SurveyBand, 'label' | 'labelEs'>, lang: string): string {
  return lang.startsWith('es') ? band.labelEs || band.label : band.label;
}

/**
 * The colour of a shared severity (0 none / minimal ... 4 severe; surveyBandSchema): Mantine shades
 * dark enough for text on white (AA).
 */
export function severityColor(severity: number | null | undefined): string {
  switch (severity) {
    case 4:
      return 'red.9';
    case 3:
      return '#a33d00'; // dark orange: Mantine's orange.9 is below 4.5:1 on white
    case 2:
      return '#8a5a00'; // dark amber: yellow.9 is 3:1
    case 1:
      return 'blue.9';
    case 0:
      return 'teal.9';
    default:
      return 'gray.7';
  }
}

/** Hex colours of the band areas of the trend chart (light fills), by severity. */
export const BAND_FILL = ['#e6fcf5', '#e7f5ff', '#fff9db', '#fff4e6', '#fff5f5'] as const;

/** An instrument's code as clinicians write it: PHQ9 -> PHQ-9, GAD7 -> GAD-7, AUDITC -> AUDIT-C. */
export function instrumentLabel(code: string): string {
  return code.replace(/^(PHQ|GAD)(\d)$/, '$1-$2').replace(/^AUDITC$/, 'AUDIT-C');
}
