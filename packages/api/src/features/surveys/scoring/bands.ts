/**
 * The published score bands of the validated instruments (docs/assessments.md gives each source),
 * with the severity scale every instrument shares (surveyBandSchema in the contract): 0 none or
 * minimal, 1 mild, 2 moderate or a positive screen, 3 moderately severe, 4 severe. A severity of 3
 * or more alerts the care team at once (ALERT_SEVERITY).
 */
import type { SurveyBand, SurveyInstrumentCode } from '@vigil/contract';

/** Bands at or above this severity alert the patient's care team (docs/assessments.md "Safety"). */
export const ALERT_SEVERITY = 3;

const band = (key: string, label: string, labelEs: string, severity: number, min: number | null, max: number | null): SurveyBand => ({
  key,
  label,
  labelEs,
  severity,
  min,
  max,
});

/**
 * PHQ-9 (Kroenke, Spitzer, Williams 2001, J Gen Intern Med 16:606-613, table 3): 0-4 minimal,
 * 5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe depression.
 */
export const phq9Bands: SurveyBand[] = [
  band('minimal', 'Minimal depression (0-4)', 'Depresión mínima (0-4)', 0, 0, 4),
  band('mild', 'Mild depression (5-9)', 'Depresión leve (5-9)', 1, 5, 9),
  band('moderate', 'Moderate depression (10-14)', 'Depresión moderada (10-14)', 2, 10, 14),
  band('moderatelySevere', 'Moderately severe depression (15-19)', 'Depresión moderadamente grave (15-19)', 3, 15, 19),
  band('severe', 'Severe depression (20-27)', 'Depresión grave (20-27)', 4, 20, 27),
];

/** PHQ-2 (Kroenke, Spitzer, Williams 2003, Med Care 41:1284-1292): 3 or more is a positive screen. */
export const phq2Bands: SurveyBand[] = [
  band('negative', 'Negative screen (0-2)', 'Cribado negativo (0-2)', 0, 0, 2),
  band('positive', 'Positive screen: give the PHQ-9 (3-6)', 'Cribado positivo: aplique el PHQ-9 (3-6)', 2, 3, 6),
];

/** GAD-7 (Spitzer et al. 2006, Arch Intern Med 166:1092-1097): 0-4 minimal, 5-9 mild, 10-14 moderate, 15-21 severe anxiety. */
export const gad7Bands: SurveyBand[] = [
  band('minimal', 'Minimal anxiety (0-4)', 'Ansiedad mínima (0-4)', 0, 0, 4),
  band('mild', 'Mild anxiety (5-9)', 'Ansiedad leve (5-9)', 1, 5, 9),
  band('moderate', 'Moderate anxiety (10-14)', 'Ansiedad moderada (10-14)', 2, 10, 14),
  band('severe', 'Severe anxiety (15-21)', 'Ansiedad grave (15-21)', 4, 15, 21),
];

/**
 * AUDIT risk zones (Babor et al., WHO/MSD/MSB/01.6a, 2001, table 6): I 0-7 low risk, II 8-15
 * hazardous (simple advice), III 16-19 harmful (brief counselling and monitoring), IV 20-40
 * possible dependence (referral for evaluation and treatment).
 */
export const auditBands: SurveyBand[] = [
  band('zone1', 'Zone I: low risk (0-7)', 'Zona I: riesgo bajo (0-7)', 0, 0, 7),
  band('zone2', 'Zone II: hazardous drinking (8-15)', 'Zona II: consumo de riesgo (8-15)', 1, 8, 15),
  band('zone3', 'Zone III: harmful drinking (16-19)', 'Zona III: consumo perjudicial (16-19)', 2, 16, 19),
  band('zone4', 'Zone IV: possible dependence (20-40)', 'Zona IV: posible dependencia (20-40)', 4, 20, 40),
];

/**
 * AUDIT-C (Bush et al. 1998, Arch Intern Med 158:1789-1795; Bradley et al. 2007 for the cut-offs):
 * positive at 4 or more for men, 3 or more for women. Without a recorded sex the lower cut-off (3)
 * applies, so nobody who screens positive is missed.
 */
export function auditCBands(cutOff: 3 | 4): SurveyBand[] {
  return [
    band('negative', `Negative screen (0-${cutOff - 1})`, `Cribado negativo (0-${cutOff - 1})`, 0, 0, cutOff - 1),
    band('positive', `Positive screen: give the full AUDIT (${cutOff}-12)`, `Cribado positivo: aplique el AUDIT completo (${cutOff}-12)`, 2, cutOff, 12),
  ];
}

/**
 * MDQ (Hirschfeld et al. 2000, Am J Psychiatry 157:1873-1875): positive only when 7 or more of the
 * 13 items of question 1 are "yes", AND question 2 ("several at the same time") is "yes", AND
 * question 3 is a moderate or serious problem. Decided by three conditions, so no score range.
 */
export const mdqBands: SurveyBand[] = [
  band('negative', 'Negative screen', 'Cribado negativo', 0, null, null),
  band('positive', 'Positive screen for bipolar spectrum disorder', 'Cribado positivo de trastorno del espectro bipolar', 2, null, null),
];

/** The bands an instrument shows (AUDIT-C with the lower cut-off: the general list). */
export function bandsOf(code: SurveyInstrumentCode | null): SurveyBand[] {
  switch (code) {
    case 'PHQ9':
      return phq9Bands;
    case 'PHQ2':
      return phq2Bands;
    case 'GAD7':
      return gad7Bands;
    case 'AUDIT':
      return auditBands;
    case 'AUDITC':
      return auditCBands(3);
    case 'MDQ':
      return mdqBands;
    case null:
      return [];
  }
}
