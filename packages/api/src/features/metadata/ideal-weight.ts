/** Centimetres per inch (exact, by definition of the international inch). */
const CM_PER_INCH = 2.54;
/** Devine's formula starts at five feet. */
const BASE_HEIGHT_INCHES = 60;

export type SexForIbw = 'male' | 'female';

/**
 * The sex Devine's formula needs, from the user's stored gender text: FHIR's `male` / `female`,
 * the letters M / F, or the Spanish words. Anything else (unknown, other, empty) gives null.
 */
export function sexFromGender(gender: string | null | undefined): SexForIbw | null {
  const g = (gender ?? '').trim().toLowerCase();
  if (['male', 'm', 'masculino', 'hombre'].includes(g)) { return 'male'; }
  if (['female', 'f', 'femenino', 'mujer'].includes(g)) { return 'female'; }
  return null;
}

/**
 * Ideal body weight in kg by Devine's formula: 50 kg (male) or 45.5 kg (female) plus 2.3 kg per
 * inch of height over 5 feet, rounded to 0.1 kg.
 *
 * Source: Devine BJ. "Gentamicin therapy." Drug Intelligence and Clinical Pharmacy 1974;8:650-655
 * (the formula as used in clinical dosing references, e.g. Pai MP, Paloucek FP, Ann Pharmacother
 * 2000;34:1066-1069).
 *
 * The formula is defined from 5 ft (152.4 cm) upward; below that, or when the sex is not known,
 * the answer is null rather than an extrapolated figure.
 */
export function idealBodyWeightKg(heightInCm: number | null | undefined, sex: SexForIbw | null): number | null {
  if (heightInCm === null || heightInCm === undefined || sex === null) { return null; }
  const inchesOverFiveFeet = heightInCm / CM_PER_INCH - BASE_HEIGHT_INCHES;
  if (inchesOverFiveFeet < -1e-9) { return null; }
  const base = sex === 'male' ? 50 : 45.5;
  return Math.round((base + 2.3 * Math.max(0, inchesOverFiveFeet)) * 10) / 10;
}
