/**
 * Billing settings: every rule that /work/shared/reference/billing-rules.md marks UNCONFIRMED (or
 * where sources conflict) is a setting with a stated default, shown on the billing settings page
 * (issue 4 section 3). Settings are stored in `billing_settings` (global row: organization null;
 * an organization row overrides the global one) as `{ key, valueJson }`; the engine receives the
 * resolved values through {@link resolveSettings}.
 *
 * Pure module: no DB access, safe to import from the contract-facing routes and from the web.
 */

/** A bilingual label. */
export interface BilingualText {
  en: string;
  es: string;
}

/** Concurrency policy for a pair of programs the reference's matrix (section 9) marks "?". */
export type ConcurrencyPolicy = 'allow' | 'flag' | 'block';

/** Date of service convention for the device-period codes (reference section 11 item 9). */
export type DeviceDateOfService = 'periodEnd' | 'thresholdDay';

interface SettingDefBase {
  /** Stable key, stored in billing_settings.key. */
  key: keyof BillingSettings;
  description: BilingualText;
  /** Reference section(s) the rule comes from. */
  source: string;
}

/** An integer setting with inclusive bounds. */
export interface IntegerSettingDef extends SettingDefBase {
  type: 'integer';
  default: number;
  min: number;
  max: number;
}

/** A yes/no setting. */
export interface BooleanSettingDef extends SettingDefBase {
  type: 'boolean';
  default: boolean;
}

/** A setting chosen from a fixed list of options. */
export interface EnumSettingDef extends SettingDefBase {
  type: 'enum';
  default: string;
  options: readonly { value: string; label: BilingualText }[];
}

export type BillingSettingDef = IntegerSettingDef | BooleanSettingDef | EnumSettingDef;

/** The resolved settings the engine reads (all keys present). */
export interface BillingSettings {
  RPM_SETUP_MIN_DAYS: number;
  RTM_SETUP_MIN_DAYS: number;
  INCLUDE_SIMULATED_READINGS: boolean;
  DEVICE_DATE_OF_SERVICE: DeviceDateOfService;
  REQUIRE_INTERACTIVE_FOR_MANAGEMENT: boolean;
  RPM_99458_MAX_UNITS: number;
  RTM_98981_MAX_UNITS: number;
  RTM_98986_BILLABLE: boolean;
  CCM_99437_MAX_UNITS: number;
  CCM_99489_MAX_UNITS: number;
  PCM_99425_MAX_UNITS: number;
  PCM_99427_MAX_UNITS: number;
  PCM_CCM_DIFFERENT_PRACTITIONER: ConcurrencyPolicy;
  COCM_WITH_CCM_PCM: ConcurrencyPolicy;
  COCM_99494_INITIAL_FIRST_UNIT_MINUTES: number;
  COCM_99494_SUBSEQUENT_FIRST_UNIT_MINUTES: number;
  COCM_99494_UNIT_MINUTES: number;
  COCM_99494_MAX_UNITS: number;
  CPM_CONCURRENCY: ConcurrencyPolicy;
}

const policyOptions: EnumSettingDef['options'] = [
  { value: 'allow', label: { en: 'Allow (bill both)', es: 'Permitir (facturar ambos)' } },
  { value: 'flag', label: { en: 'Bill both and flag for review', es: 'Facturar ambos y marcar para revisión' } },
  { value: 'block', label: { en: 'Block (suppress the second program)', es: 'Bloquear (suprimir el segundo programa)' } },
];

const unitCap = (key: keyof BillingSettings, code: string, base: string, source: string, def = 2): IntegerSettingDef => ({
  key,
  type: 'integer',
  default: def,
  min: 0,
  max: 10,
  description: {
    en: `Maximum units of add-on ${code} per calendar month (with ${base}). UNCONFIRMED: no CMS MUE value was seen; vendors commonly accept ${def}.`,
    es: `Máximo de unidades del código adicional ${code} por mes calendario (con ${base}). NO CONFIRMADO: no se vio el valor MUE de CMS; los proveedores suelen aceptar ${def}.`,
  },
  source,
});

/**
 * Every UNCONFIRMED rule of the reference, with its default. Order = display order on the
 * billing settings page.
 */
export const billingSettingDefs: readonly BillingSettingDef[] = [
  {
    key: 'RPM_SETUP_MIN_DAYS',
    type: 'integer',
    default: 2,
    min: 1,
    max: 16,
    description: {
      en: 'Minimum days of automatic readings in a 30-day device period before 99453 (RPM set-up, once per episode) can be billed. CY2026 reading: 2 days; pre-2026 CPT rule: 16 days. UNCONFIRMED: sources conflict.',
      es: 'Días mínimos de lecturas automáticas en un período de dispositivo de 30 días para facturar 99453 (configuración RPM, una vez por episodio). Lectura CY2026: 2 días; regla CPT anterior a 2026: 16 días. NO CONFIRMADO: las fuentes no coinciden.',
    },
    source: '§1.1 (99453), §1.2, §11 item 1',
  },
  {
    key: 'RTM_SETUP_MIN_DAYS',
    type: 'integer',
    default: 2,
    min: 1,
    max: 16,
    description: {
      en: 'Minimum days of monitoring data in a 30-day device period before 98975 (RTM set-up, once per episode) can be billed. CY2026 reading: 2 days; before 2026: 16 days. UNCONFIRMED.',
      es: 'Días mínimos de datos de monitoreo en un período de dispositivo de 30 días para facturar 98975 (configuración RTM, una vez por episodio). Lectura CY2026: 2 días; antes de 2026: 16 días. NO CONFIRMADO.',
    },
    source: '§2 (98975), §11 item 1',
  },
  {
    key: 'INCLUDE_SIMULATED_READINGS',
    type: 'boolean',
    default: false,
    description: {
      en: 'Count simulated (demo) readings as device days. Keep off for real billing: only readings transmitted automatically by a real device qualify.',
      es: 'Contar las lecturas simuladas (demostración) como días de dispositivo. Manténgalo desactivado para la facturación real: solo cuentan las lecturas transmitidas automáticamente por un dispositivo real.',
    },
    source: 'C6',
  },
  {
    key: 'DEVICE_DATE_OF_SERVICE',
    type: 'enum',
    default: 'periodEnd',
    options: [
      { value: 'periodEnd', label: { en: 'Last day of the 30-day period', es: 'Último día del período de 30 días' } },
      { value: 'thresholdDay', label: { en: 'Day the day threshold is reached', es: 'Día en que se alcanza el umbral de días' } },
    ],
    description: {
      en: 'Date of service reported for the device codes (99453/99454/99445, 98975-98978, 98984-98986). UNCONFIRMED: no CMS source; vendors differ. The code is always billed in the month its 30-day period ends.',
      es: 'Fecha de servicio de los códigos de dispositivo (99453/99454/99445, 98975-98978, 98984-98986). NO CONFIRMADO: no hay fuente de CMS; los proveedores difieren. El código siempre se factura en el mes en que termina su período de 30 días.',
    },
    source: '§11 item 9',
  },
  {
    key: 'REQUIRE_INTERACTIVE_FOR_MANAGEMENT',
    type: 'boolean',
    default: true,
    description: {
      en: 'Require at least one real-time, synchronous two-way interactive communication in the month for 99470, 99457/99458, 98979 and 98980/98981. Asynchronous messages and voicemails never count. CMS\'s CY2026 comment response was not seen (UNCONFIRMED).',
      es: 'Exigir al menos una comunicación interactiva bidireccional en tiempo real en el mes para 99470, 99457/99458, 98979 y 98980/98981. Los mensajes asíncronos y los buzones de voz nunca cuentan. No se vio la respuesta de CMS de CY2026 (NO CONFIRMADO).',
    },
    source: 'C8, §11 item 7',
  },
  unitCap('RPM_99458_MAX_UNITS', '99458', '99457', '§1.1 (99458), §1.2, §11 item 2'),
  unitCap('RTM_98981_MAX_UNITS', '98981', '98980', '§2 (98981), §11 item 2'),
  {
    key: 'RTM_98986_BILLABLE',
    type: 'boolean',
    default: true,
    description: {
      en: 'Produce 98986 (RTM CBT device supply, 2-15 days). Its Medicare payment status is UNCONFIRMED (probably contractor-priced, like 98978); when off, 98986 is suppressed with a reason.',
      es: 'Generar 98986 (suministro de dispositivo RTM TCC, 2-15 días). Su estado de pago en Medicare NO ESTÁ CONFIRMADO (probablemente con precio del contratista, como 98978); si está desactivado, 98986 se suprime con un motivo.',
    },
    source: '§2 (98986), §11 item 3',
  },
  unitCap('CCM_99437_MAX_UNITS', '99437', '99491', '§3 (99437), §11 item 2'),
  unitCap('CCM_99489_MAX_UNITS', '99489', '99487', '§3 (99489), §11 item 2'),
  unitCap('PCM_99425_MAX_UNITS', '99425', '99424', '§4, §11 item 2'),
  unitCap('PCM_99427_MAX_UNITS', '99427', '99426', '§4, §11 item 2'),
  {
    key: 'PCM_CCM_DIFFERENT_PRACTITIONER',
    type: 'enum',
    default: 'flag',
    options: policyOptions,
    description: {
      en: 'PCM and CCM in the same month by DIFFERENT billing practitioners. By the same practitioner it is always blocked. UNCONFIRMED; the reference\'s default is to flag it.',
      es: 'PCM y CCM en el mismo mes por profesionales de facturación DISTINTOS. Por el mismo profesional siempre se bloquea. NO CONFIRMADO; el valor predeterminado de la referencia es marcarlo.',
    },
    source: '§4, §9, §11 item 6',
  },
  {
    key: 'COCM_WITH_CCM_PCM',
    type: 'enum',
    default: 'allow',
    options: policyOptions,
    description: {
      en: 'CoCM (99492-99494) in the same month as CCM or PCM (matrix: "allowed (?)"). Time is never shared.',
      es: 'CoCM (99492-99494) en el mismo mes que CCM o PCM (matriz: "permitido (?)"). El tiempo nunca se comparte.',
    },
    source: '§9',
  },
  {
    key: 'COCM_99494_INITIAL_FIRST_UNIT_MINUTES',
    type: 'integer',
    default: 86,
    min: 71,
    max: 120,
    description: {
      en: 'CoCM first month: minutes at which the first 99494 unit (with 99492) starts; derived from the CPT time table (70 + 16). UNCONFIRMED.',
      es: 'CoCM primer mes: minutos a partir de los cuales empieza la primera unidad de 99494 (con 99492); derivado de la tabla de tiempos CPT (70 + 16). NO CONFIRMADO.',
    },
    source: '§6 (99494)',
  },
  {
    key: 'COCM_99494_SUBSEQUENT_FIRST_UNIT_MINUTES',
    type: 'integer',
    default: 76,
    min: 61,
    max: 110,
    description: {
      en: 'CoCM later months: minutes at which the first 99494 unit (with 99493) starts; derived from the CPT time table (60 + 16). UNCONFIRMED.',
      es: 'CoCM meses posteriores: minutos a partir de los cuales empieza la primera unidad de 99494 (con 99493); derivado de la tabla de tiempos CPT (60 + 16). NO CONFIRMADO.',
    },
    source: '§6 (99494)',
  },
  {
    key: 'COCM_99494_UNIT_MINUTES',
    type: 'integer',
    default: 30,
    min: 15,
    max: 60,
    description: {
      en: 'CoCM: minutes for each further 99494 unit after the first. UNCONFIRMED (derived from the CPT time table).',
      es: 'CoCM: minutos de cada unidad adicional de 99494 después de la primera. NO CONFIRMADO (derivado de la tabla de tiempos CPT).',
    },
    source: '§6 (99494)',
  },
  unitCap('COCM_99494_MAX_UNITS', '99494', '99492/99493', '§6 (99494)'),
  {
    key: 'CPM_CONCURRENCY',
    type: 'enum',
    default: 'flag',
    options: policyOptions,
    description: {
      en: 'Chronic pain management (G3002/G3003) in the same month as CCM, PCM, APCM, BHI, RPM or RTM (matrix: "?"). Time is never shared. UNCONFIRMED.',
      es: 'Manejo del dolor crónico (G3002/G3003) en el mismo mes que CCM, PCM, APCM, BHI, RPM o RTM (matriz: "?"). El tiempo nunca se comparte. NO CONFIRMADO.',
    },
    source: '§7, §9, §11 item 8',
  },
];

/** The defaults as a settings object. */
export const defaultBillingSettings: BillingSettings = Object.fromEntries(billingSettingDefs.map((d) => [d.key, d.default])) as unknown as BillingSettings;

/** Looks a definition up by key (undefined for an unknown key). */
export function billingSettingDef(key: string): BillingSettingDef | undefined {
  return billingSettingDefs.find((d) => d.key === key);
}

/**
 * Checks one value against its definition. Returns the normalised value, or `undefined` when the
 * key is unknown or the value invalid (wrong type, out of range, not an option). Numeric strings
 * and 'true'/'false' are accepted.
 */
export function parseBillingSettingValue(key: string, value: unknown): number | boolean | string | undefined {
  const def = billingSettingDef(key);
  if (!def) return undefined;
  switch (def.type) {
    case 'integer': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < def.min || n > def.max) return undefined;
      return n;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true') return true;
      if (value === 'false') return false;
      return undefined;
    case 'enum':
      return typeof value === 'string' && def.options.some((o) => o.value === value) ? value : undefined;
  }
}

/**
 * Resolves settings: defaults, then each override layer in order (e.g. global rows, then the
 * organization's rows). Unknown keys and invalid values are ignored (the previous value stays).
 */
export function resolveSettings(...overrides: (Partial<Record<string, unknown>> | undefined | null)[]): BillingSettings {
  const out: Record<string, unknown> = { ...defaultBillingSettings };
  for (const layer of overrides) {
    if (!layer) continue;
    for (const [key, raw] of Object.entries(layer)) {
      const v = parseBillingSettingValue(key, raw);
      if (v !== undefined) out[key] = v;
    }
  }
  return out as unknown as BillingSettings;
}
