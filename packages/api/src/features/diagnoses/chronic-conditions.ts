/**
 * Chronic conditions from ICD-10-CM codes (docs/chronic-conditions.md gives the source and how the
 * ranges were chosen): the CMS Chronic Conditions Warehouse (CCW) condition categories, "27 common
 * chronic conditions" and "other chronic or potentially disabling conditions"
 * (https://www2.ccwdata.org/web/guest/condition-categories), kept to the conditions that are
 * chronic by CMS's care-management definition (expected to last at least 12 months or until death,
 * placing the patient at significant risk; billing-rules.md section 3), and written as ICD-10-CM
 * category ranges and code prefixes. Pure: no database.
 *
 * A code counts for every condition whose range holds it (I13.0, hypertensive heart and chronic
 * kidney disease with heart failure, is hypertension, heart failure and chronic kidney disease, as
 * in the CCW algorithms). A patient's count is the number of distinct conditions among their
 * active coded diagnoses, never the number of codes (E11.9 and E11.65 are one condition).
 */

/** One chronic condition and the codes that are it. */
export interface ChronicConditionDef {
  id: string;
  en: string;
  es: string;
  /**
   * Category ranges "E08-E11" (three-character categories from..to, both included) and code
   * prefixes "I11.0" / "E78.5" / "N18" (a code is under a prefix when it starts with it).
   */
  ranges: string[];
}

export const CHRONIC_CONDITIONS: readonly ChronicConditionDef[] = [
  { id: 'dementia', en: "Alzheimer's disease and related dementias", es: 'Enfermedad de Alzheimer y demencias relacionadas', ranges: ['F01-F03', 'G30', 'G31.0', 'G31.1', 'G31.83'] },
  { id: 'atrialFibrillation', en: 'Atrial fibrillation and flutter', es: 'Fibrilación y aleteo auricular', ranges: ['I48'] },
  { id: 'asthma', en: 'Asthma', es: 'Asma', ranges: ['J45'] },
  { id: 'copd', en: 'Chronic obstructive pulmonary disease and bronchiectasis', es: 'Enfermedad pulmonar obstructiva crónica y bronquiectasias', ranges: ['J41-J44', 'J47'] },
  { id: 'chronicKidneyDisease', en: 'Chronic kidney disease', es: 'Enfermedad renal crónica', ranges: ['N18', 'I12', 'I13', 'E08.22', 'E09.22', 'E10.22', 'E11.22', 'E13.22'] },
  { id: 'depression', en: 'Depression', es: 'Depresión', ranges: ['F32', 'F33', 'F34.1'] },
  { id: 'diabetes', en: 'Diabetes', es: 'Diabetes', ranges: ['E08-E11', 'E13'] },
  { id: 'heartFailure', en: 'Heart failure', es: 'Insuficiencia cardíaca', ranges: ['I50', 'I11.0', 'I13.0', 'I13.2', 'I09.81'] },
  { id: 'hyperlipidemia', en: 'Hyperlipidemia', es: 'Hiperlipidemia', ranges: ['E78.0', 'E78.1', 'E78.2', 'E78.3', 'E78.4', 'E78.5'] },
  { id: 'hypertension', en: 'Hypertension', es: 'Hipertensión', ranges: ['I10-I13', 'I15', 'I1A'] },
  { id: 'ischemicHeartDisease', en: 'Ischemic heart disease', es: 'Cardiopatía isquémica', ranges: ['I20-I25'] },
  { id: 'osteoporosis', en: 'Osteoporosis', es: 'Osteoporosis', ranges: ['M80', 'M81'] },
  { id: 'arthritis', en: 'Rheumatoid arthritis and osteoarthritis', es: 'Artritis reumatoide y artrosis', ranges: ['M05', 'M06', 'M15-M19'] },
  { id: 'hypothyroidism', en: 'Hypothyroidism', es: 'Hipotiroidismo', ranges: ['E03', 'E89.0'] },
  { id: 'obesity', en: 'Obesity', es: 'Obesidad', ranges: ['E66'] },
  { id: 'anxiety', en: 'Anxiety disorders', es: 'Trastornos de ansiedad', ranges: ['F40', 'F41'] },
  { id: 'bipolar', en: 'Bipolar disorder', es: 'Trastorno bipolar', ranges: ['F31'] },
  { id: 'schizophrenia', en: 'Schizophrenia and other psychotic disorders', es: 'Esquizofrenia y otros trastornos psicóticos', ranges: ['F20', 'F25'] },
  { id: 'hiv', en: 'HIV/AIDS', es: 'VIH/sida', ranges: ['B20'] },
  { id: 'viralHepatitis', en: 'Chronic viral hepatitis', es: 'Hepatitis viral crónica', ranges: ['B18'] },
  { id: 'liverDisease', en: 'Chronic liver disease and cirrhosis', es: 'Enfermedad hepática crónica y cirrosis', ranges: ['K70', 'K73', 'K74'] },
  { id: 'parkinson', en: "Parkinson's disease", es: 'Enfermedad de Parkinson', ranges: ['G20'] },
  { id: 'multipleSclerosis', en: 'Multiple sclerosis', es: 'Esclerosis múltiple', ranges: ['G35'] },
  { id: 'epilepsy', en: 'Epilepsy', es: 'Epilepsia', ranges: ['G40'] },
  { id: 'glaucoma', en: 'Glaucoma', es: 'Glaucoma', ranges: ['H40.1', 'H40.2', 'H40.3', 'H40.4', 'H40.5', 'H40.6', 'H40.8', 'H40.9'] },
  { id: 'prostaticHyperplasia', en: 'Benign prostatic hyperplasia', es: 'Hiperplasia prostática benigna', ranges: ['N40'] },
  { id: 'cancer', en: 'Cancer (breast, colorectal, lung, prostate, endometrial)', es: 'Cáncer (mama, colorrectal, pulmón, próstata, endometrio)', ranges: ['C18-C20', 'C34', 'C50', 'C54.1', 'C61'] },
];

const compact = (code: string) => code.trim().toUpperCase().replace(/\./g, '');

/** Whether `code` (any case, with or without its dot) is in one `range` of a condition. */
export function inChronicRange(code: string, range: string): boolean {
  const c = compact(code);
  const dash = range.indexOf('-');
  if (dash < 0) { return c.startsWith(compact(range)); }
  const category = c.slice(0, 3);
  return category >= range.slice(0, dash) && category <= range.slice(dash + 1);
}

/** The chronic conditions `code` belongs to (none for an acute or unknown code, or null). */
export function chronicConditionsOfCode(code: string | null): ChronicConditionDef[] {
  if (!code) { return []; }
  return CHRONIC_CONDITIONS.filter((c) => c.ranges.some((r) => inChronicRange(code, r)));
}

/** One counted condition with the codes that count for it, in the order first met. */
export interface ChronicConditionMatch {
  id: string;
  en: string;
  es: string;
  codes: string[];
}

/**
 * The distinct chronic conditions among `codes` (a patient's active coded diagnoses), in the
 * order of CHRONIC_CONDITIONS, each with its codes; its length is the patient's chronic-condition
 * count (CCM needs 2 or more; APCM G0556 one or fewer, G0557/G0558 two or more; billing-rules.md
 * sections 3 and 5).
 */
export function chronicConditionsOf(codes: readonly string[]): ChronicConditionMatch[] {
  const unique = [...new Set(codes.filter(Boolean).map((c) => c.trim().toUpperCase()))];
  const out: ChronicConditionMatch[] = [];
  for (const def of CHRONIC_CONDITIONS) {
    const matching = unique.filter((code) => def.ranges.some((r) => inChronicRange(code, r)));
    if (matching.length > 0) { out.push({ id: def.id, en: def.en, es: def.es, codes: matching }); }
  }
  return out;
}
