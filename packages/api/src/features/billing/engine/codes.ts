/**
 * The CPT/HCPCS codes the engine produces for CY2026 (reference billing-rules.md sections 1-7),
 * with the program they belong to and a short bilingual description. G3002/G3003 are chronic
 * pain management (section 7), not RTM as the source spec's label says.
 */

/** Care-management programs (time_entries.program, patient_billing_profiles.billingType). */
export const programs = ['RPM', 'RTM', 'CCM', 'PCM', 'APCM', 'BHI', 'CPM'] as const;
export type Program = (typeof programs)[number];

export const isProgram = (value: unknown): value is Program => typeof value === 'string' && (programs as readonly string[]).includes(value);

/** How a code is counted: per 30-day device period, per episode, or per calendar month. */
export type CodeWindow = 'devicePeriod' | 'episode' | 'month';

export interface CodeInfo {
  code: string;
  program: Program;
  window: CodeWindow;
  /** The base code an add-on attaches to. */
  addOnTo?: string;
  en: string;
  es: string;
}

const c = (code: string, program: Program, window: CodeWindow, en: string, es: string, addOnTo?: string): CodeInfo => ({ code, program, window, en, es, addOnTo });

/** Every code, in display order. */
export const codeCatalogue: readonly CodeInfo[] = [
  // RPM, section 1
  c('99453', 'RPM', 'episode', 'RPM initial set-up and patient education (once per episode)', 'RPM: configuración inicial y educación del paciente (una vez por episodio)'),
  c('99454', 'RPM', 'devicePeriod', 'RPM device supply, 16-30 days of data in a 30-day period', 'RPM: suministro del dispositivo, 16-30 días de datos en un período de 30 días'),
  c('99445', 'RPM', 'devicePeriod', 'RPM device supply, 2-15 days of data in a 30-day period', 'RPM: suministro del dispositivo, 2-15 días de datos en un período de 30 días'),
  c('99470', 'RPM', 'month', 'RPM treatment management, first 10 minutes in a month', 'RPM: gestión del tratamiento, primeros 10 minutos del mes'),
  c('99457', 'RPM', 'month', 'RPM treatment management, first 20 minutes in a month', 'RPM: gestión del tratamiento, primeros 20 minutos del mes'),
  c('99458', 'RPM', 'month', 'RPM treatment management, each additional 20 minutes', 'RPM: gestión del tratamiento, cada 20 minutos adicionales', '99457'),
  // RTM, section 2
  c('98975', 'RTM', 'episode', 'RTM initial set-up and patient education (once per episode)', 'RTM: configuración inicial y educación del paciente (una vez por episodio)'),
  c('98976', 'RTM', 'devicePeriod', 'RTM device supply, respiratory, 16-30 days', 'RTM: suministro del dispositivo, respiratorio, 16-30 días'),
  c('98977', 'RTM', 'devicePeriod', 'RTM device supply, musculoskeletal, 16-30 days', 'RTM: suministro del dispositivo, musculoesquelético, 16-30 días'),
  c('98978', 'RTM', 'devicePeriod', 'RTM device supply, cognitive behavioral therapy, 16-30 days', 'RTM: suministro del dispositivo, terapia cognitivo-conductual, 16-30 días'),
  c('98984', 'RTM', 'devicePeriod', 'RTM device supply, respiratory, 2-15 days', 'RTM: suministro del dispositivo, respiratorio, 2-15 días'),
  c('98985', 'RTM', 'devicePeriod', 'RTM device supply, musculoskeletal, 2-15 days', 'RTM: suministro del dispositivo, musculoesquelético, 2-15 días'),
  c('98986', 'RTM', 'devicePeriod', 'RTM device supply, cognitive behavioral therapy, 2-15 days', 'RTM: suministro del dispositivo, terapia cognitivo-conductual, 2-15 días'),
  c('98979', 'RTM', 'month', 'RTM treatment management, first 10 minutes in a month', 'RTM: gestión del tratamiento, primeros 10 minutos del mes'),
  c('98980', 'RTM', 'month', 'RTM treatment management, first 20 minutes in a month', 'RTM: gestión del tratamiento, primeros 20 minutos del mes'),
  c('98981', 'RTM', 'month', 'RTM treatment management, each additional 20 minutes', 'RTM: gestión del tratamiento, cada 20 minutos adicionales', '98980'),
  // CCM, section 3
  c('99490', 'CCM', 'month', 'CCM, first 20 minutes of clinical staff time', 'CCM: primeros 20 minutos del personal clínico'),
  c('99439', 'CCM', 'month', 'CCM, each additional 20 minutes of clinical staff time', 'CCM: cada 20 minutos adicionales del personal clínico', '99490'),
  c('99491', 'CCM', 'month', 'CCM, first 30 minutes personally by the physician/QHP', 'CCM: primeros 30 minutos personalmente por el médico/profesional'),
  c('99437', 'CCM', 'month', 'CCM, each additional 30 minutes by the physician/QHP', 'CCM: cada 30 minutos adicionales del médico/profesional', '99491'),
  c('99487', 'CCM', 'month', 'Complex CCM, first 60 minutes of clinical staff time', 'CCM complejo: primeros 60 minutos del personal clínico'),
  c('99489', 'CCM', 'month', 'Complex CCM, each additional 30 minutes', 'CCM complejo: cada 30 minutos adicionales', '99487'),
  // PCM, section 4
  c('99424', 'PCM', 'month', 'PCM, first 30 minutes personally by the physician/QHP', 'PCM: primeros 30 minutos personalmente por el médico/profesional'),
  c('99425', 'PCM', 'month', 'PCM, each additional 30 minutes by the physician/QHP', 'PCM: cada 30 minutos adicionales del médico/profesional', '99424'),
  c('99426', 'PCM', 'month', 'PCM, first 30 minutes of clinical staff time', 'PCM: primeros 30 minutos del personal clínico'),
  c('99427', 'PCM', 'month', 'PCM, each additional 30 minutes of clinical staff time', 'PCM: cada 30 minutos adicionales del personal clínico', '99426'),
  // APCM, section 5
  c('G0556', 'APCM', 'month', 'APCM, one or fewer chronic conditions', 'APCM: una o ninguna afección crónica'),
  c('G0557', 'APCM', 'month', 'APCM, two or more chronic conditions', 'APCM: dos o más afecciones crónicas'),
  c('G0558', 'APCM', 'month', 'APCM, two or more chronic conditions and QMB status', 'APCM: dos o más afecciones crónicas y condición QMB'),
  c('G0568', 'BHI', 'month', 'APCM behavioral health add-on: CoCM initial month', 'Complemento de salud conductual de APCM: CoCM mes inicial'),
  c('G0569', 'BHI', 'month', 'APCM behavioral health add-on: CoCM subsequent month', 'Complemento de salud conductual de APCM: CoCM mes posterior'),
  c('G0570', 'BHI', 'month', 'APCM behavioral health add-on: general BHI', 'Complemento de salud conductual de APCM: BHI general'),
  // BHI / CoCM, section 6
  c('99484', 'BHI', 'month', 'General behavioral health integration, at least 20 minutes', 'Integración de salud conductual general, al menos 20 minutos'),
  c('99492', 'BHI', 'month', 'Psychiatric collaborative care (CoCM), first month', 'Atención colaborativa psiquiátrica (CoCM), primer mes'),
  c('99493', 'BHI', 'month', 'Psychiatric collaborative care (CoCM), subsequent month', 'Atención colaborativa psiquiátrica (CoCM), mes posterior'),
  c('99494', 'BHI', 'month', 'CoCM, each additional 30 minutes', 'CoCM: cada 30 minutos adicionales', '99492/99493'),
  // Chronic pain management, section 7
  c('G3002', 'CPM', 'month', 'Chronic pain management, first 30 minutes by the physician/QHP (not RTM)', 'Manejo del dolor crónico: primeros 30 minutos del médico/profesional (no es RTM)'),
  c('G3003', 'CPM', 'month', 'Chronic pain management, each additional 15 minutes', 'Manejo del dolor crónico: cada 15 minutos adicionales', 'G3002'),
];

const byCode = new Map(codeCatalogue.map((info) => [info.code, info]));

/** The catalogue entry of a code (throws for a code the engine does not know). */
export function codeInfo(code: string): CodeInfo {
  const info = byCode.get(code);
  if (!info) { throw new Error(`unknown billing code ${code}`); }
  return info;
}

/** Device-period codes (C1: counted per 30-day period, not per calendar month). */
export const deviceCodes = new Set(['99454', '99445', '98976', '98977', '98978', '98984', '98985', '98986']);
/** Set-up codes, once per episode of care. */
export const setupCodes = new Set(['99453', '98975']);
