/**
 * Billing settings: every rule that /work/shared/reference/billing-rules.md marks UNCONFIRMED (or
 * where sources conflict) is a setting with a stated default, shown on the billing settings page
 * (docs/billing-engine.md "Settings"). Settings are stored in `billing_settings` (global row:
 * organization null; an organization row overrides the global one) as `{ key, valueJson }`; the
 * engine receives the resolved values through {@link resolveSettings}.
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
  /** The plain name a billing manager reads (no internal key). */
  name: BilingualText;
  /** What the setting changes, in plain words (no internal markers: `toBeConfirmed` says that). */
  description: BilingualText;
  /**
   * Reference section(s) the rule comes from, as the reference numbers them: `§1.1 (99453)`, `§11
   * item 1` (an open item), `C6` (a shared rule of §0). {@link citationOf} makes it readable.
   */
  source: string;
  /** True when the reference has not confirmed the rule against a primary source (its UNCONFIRMED marker, or §11's open items). */
  toBeConfirmed: boolean;
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
  name: { en: `Most units of ${code} in a month`, es: `Máximo de unidades de ${code} al mes` },
  description: {
    en: `How many units of the add-on code ${code} (billed with ${base}) one patient can have in a calendar month. No Medicare limit (MUE) was found; vendors commonly accept ${def}.`,
    es: `Cuántas unidades del código adicional ${code} (facturado con ${base}) puede tener un paciente en un mes calendario. No se encontró el límite de Medicare (MUE); los proveedores suelen aceptar ${def}.`,
  },
  source,
  toBeConfirmed: true,
});

/**
 * Every UNCONFIRMED rule of the reference, with its default. Order = display order on the
 * billing settings page.
 */
export const billingSettingDefs: readonly BillingSettingDef[] = [
  {
    key: 'RPM_SETUP_MIN_DAYS',
    type: 'integer',
    name: { en: 'Days of readings before RPM set-up can be billed', es: 'Días de lecturas para facturar la configuración de RPM' },
    default: 2,
    min: 1,
    max: 16,
    description: {
      en: 'Minimum days of automatic readings in a 30-day device period before 99453 (RPM set-up, once per episode) can be billed. The 2026 rules read as 2 days; the CPT rule before 2026 said 16 days. Sources conflict.',
      es: 'Días mínimos de lecturas automáticas en un período de dispositivo de 30 días para facturar 99453 (configuración RPM, una vez por episodio). Las reglas de 2026 se leen como 2 días; la regla CPT anterior a 2026 decía 16 días. Las fuentes no coinciden.',
    },
    source: '§1.1 (99453), §1.2, §11 item 1',
    toBeConfirmed: true,
  },
  {
    key: 'RTM_SETUP_MIN_DAYS',
    type: 'integer',
    name: { en: 'Days of data before RTM set-up can be billed', es: 'Días de datos para facturar la configuración de RTM' },
    default: 2,
    min: 1,
    max: 16,
    description: {
      en: 'Minimum days of monitoring data in a 30-day device period before 98975 (RTM set-up, once per episode) can be billed. The 2026 rules read as 2 days; before 2026 it was 16 days.',
      es: 'Días mínimos de datos de monitoreo en un período de dispositivo de 30 días para facturar 98975 (configuración RTM, una vez por episodio). Las reglas de 2026 se leen como 2 días; antes de 2026 eran 16 días.',
    },
    source: '§2 (98975), §11 item 1',
    toBeConfirmed: true,
  },
  {
    key: 'INCLUDE_SIMULATED_READINGS',
    type: 'boolean',
    name: { en: 'Count readings from the simulator', es: 'Contar las lecturas del simulador' },
    default: false,
    description: {
      en: 'Count readings from the simulator (demonstrations and training) as device days. Keep it off for real billing: Medicare pays only for readings a real device transmits automatically.',
      es: 'Contar las lecturas del simulador (demostraciones y formación) como días de dispositivo. Manténgalo desactivado para la facturación real: Medicare solo paga las lecturas que un dispositivo real transmite automáticamente.',
    },
    source: 'C6',
    toBeConfirmed: false,
  },
  {
    key: 'DEVICE_DATE_OF_SERVICE',
    type: 'enum',
    name: { en: 'Date of service of the device codes', es: 'Fecha de servicio de los códigos de dispositivo' },
    default: 'periodEnd',
    options: [
      { value: 'periodEnd', label: { en: 'Last day of the 30-day period', es: 'Último día del período de 30 días' } },
      { value: 'thresholdDay', label: { en: 'Day the day threshold is reached', es: 'Día en que se alcanza el umbral de días' } },
    ],
    description: {
      en: 'The date of service reported for the device codes (99453/99454/99445, 98975-98978, 98984-98986). CMS does not say; vendors differ. The code is always billed in the month its 30-day period ends.',
      es: 'La fecha de servicio de los códigos de dispositivo (99453/99454/99445, 98975-98978, 98984-98986). CMS no lo indica; los proveedores difieren. El código siempre se factura en el mes en que termina su período de 30 días.',
    },
    source: '§11 item 9',
    toBeConfirmed: true,
  },
  {
    key: 'REQUIRE_INTERACTIVE_FOR_MANAGEMENT',
    type: 'boolean',
    name: { en: 'Require a live call with the patient for monitoring time', es: 'Exigir una llamada en vivo con el paciente para el tiempo de monitoreo' },
    default: true,
    description: {
      en: 'Require at least one real-time, synchronous two-way interactive communication in the month for 99470, 99457/99458, 98979 and 98980/98981. Portal messages and voicemails never count. The 2026 answer of CMS on this point has not been seen yet.',
      es: 'Exigir al menos una comunicación interactiva bidireccional en tiempo real en el mes para 99470, 99457/99458, 98979 y 98980/98981. Los mensajes del portal y los buzones de voz nunca cuentan. Aún no se ha visto la respuesta de CMS de 2026 sobre este punto.',
    },
    source: 'C8, §11 item 7',
    toBeConfirmed: true,
  },
  unitCap('RPM_99458_MAX_UNITS', '99458', '99457', '§1.1 (99458), §1.2, §11 item 2'),
  unitCap('RTM_98981_MAX_UNITS', '98981', '98980', '§2 (98981), §11 item 2'),
  {
    key: 'RTM_98986_BILLABLE',
    type: 'boolean',
    name: { en: 'Bill the RTM CBT device code 98986', es: 'Facturar el código de dispositivo RTM TCC 98986' },
    default: true,
    description: {
      en: 'Produce 98986 (RTM CBT device supply, 2-15 days). Whether Medicare pays it is not settled (probably priced by the contractor, like 98978); when off, 98986 is left out with a reason.',
      es: 'Generar 98986 (suministro de dispositivo RTM TCC, 2-15 días). No está claro si Medicare lo paga (probablemente con precio del contratista, como 98978); si está desactivado, 98986 se omite con un motivo.',
    },
    source: '§2 (98986), §11 item 3',
    toBeConfirmed: true,
  },
  unitCap('CCM_99437_MAX_UNITS', '99437', '99491', '§3 (99437), §11 item 2'),
  unitCap('CCM_99489_MAX_UNITS', '99489', '99487', '§3 (99489), §11 item 2'),
  unitCap('PCM_99425_MAX_UNITS', '99425', '99424', '§4, §11 item 2'),
  unitCap('PCM_99427_MAX_UNITS', '99427', '99426', '§4, §11 item 2'),
  {
    key: 'PCM_CCM_DIFFERENT_PRACTITIONER',
    type: 'enum',
    name: { en: 'PCM and CCM in the same month by different practitioners', es: 'PCM y CCM en el mismo mes por profesionales distintos' },
    default: 'flag',
    options: policyOptions,
    description: {
      en: 'PCM and CCM in the same month by different billing practitioners. By the same practitioner it is always blocked. The usual default is to flag it for review.',
      es: 'PCM y CCM en el mismo mes por profesionales de facturación distintos. Por el mismo profesional siempre se bloquea. Lo habitual es marcarlo para revisión.',
    },
    source: '§4, §9, §11 item 6',
    toBeConfirmed: true,
  },
  {
    key: 'COCM_WITH_CCM_PCM',
    type: 'enum',
    name: { en: 'Collaborative care (CoCM) in the same month as CCM or PCM', es: 'Atención colaborativa (CoCM) en el mismo mes que CCM o PCM' },
    default: 'allow',
    options: policyOptions,
    description: {
      en: 'Collaborative care (99492-99494) in the same month as CCM or PCM: believed allowed, not yet confirmed. Time is never counted twice.',
      es: 'Atención colaborativa (99492-99494) en el mismo mes que CCM o PCM: se cree permitido, aún sin confirmar. El tiempo nunca se cuenta dos veces.',
    },
    source: '§9',
    toBeConfirmed: true,
  },
  {
    key: 'COCM_99494_INITIAL_FIRST_UNIT_MINUTES',
    type: 'integer',
    name: { en: 'Collaborative care, first month: minutes before the first 99494', es: 'Atención colaborativa, primer mes: minutos para la primera unidad de 99494' },
    default: 86,
    min: 71,
    max: 120,
    description: {
      en: 'Collaborative care, first month: minutes at which the first 99494 unit (with 99492) starts; worked out from the CPT time table (70 + 16).',
      es: 'Atención colaborativa, primer mes: minutos a partir de los cuales empieza la primera unidad de 99494 (con 99492); calculado a partir de la tabla de tiempos CPT (70 + 16).',
    },
    source: '§6 (99494)',
    toBeConfirmed: true,
  },
  {
    key: 'COCM_99494_SUBSEQUENT_FIRST_UNIT_MINUTES',
    type: 'integer',
    name: { en: 'Collaborative care, later months: minutes before the first 99494', es: 'CoCM meses siguientes: minutos para la primera unidad de 99494' },
    default: 76,
    min: 61,
    max: 110,
    description: {
      en: 'Collaborative care, later months: minutes at which the first 99494 unit (with 99493) starts; worked out from the CPT time table (60 + 16).',
      es: 'Atención colaborativa, meses siguientes: minutos a partir de los cuales empieza la primera unidad de 99494 (con 99493); calculado a partir de la tabla de tiempos CPT (60 + 16).',
    },
    source: '§6 (99494)',
    toBeConfirmed: true,
  },
  {
    key: 'COCM_99494_UNIT_MINUTES',
    type: 'integer',
    name: { en: 'CoCM: minutes for each further 99494', es: 'CoCM: minutos de cada unidad adicional de 99494' },
    default: 30,
    min: 15,
    max: 60,
    description: {
      en: 'Collaborative care: minutes for each further 99494 unit after the first, worked out from the CPT time table.',
      es: 'Atención colaborativa: minutos de cada unidad adicional de 99494 después de la primera, calculados a partir de la tabla de tiempos CPT.',
    },
    source: '§6 (99494)',
    toBeConfirmed: true,
  },
  unitCap('COCM_99494_MAX_UNITS', '99494', '99492/99493', '§6 (99494)'),
  {
    key: 'CPM_CONCURRENCY',
    type: 'enum',
    name: { en: 'Chronic pain management in the same month as other programs', es: 'Manejo del dolor crónico en el mismo mes que otros programas' },
    default: 'flag',
    options: policyOptions,
    description: {
      en: 'Chronic pain management (G3002/G3003) in the same month as CCM, PCM, APCM, BHI, RPM or RTM : the rules do not say. Time is never counted twice.',
      es: 'Manejo del dolor crónico (G3002/G3003) en el mismo mes que CCM, PCM, APCM, BHI, RPM o RTM : las reglas no lo indican. El tiempo nunca se cuenta dos veces.',
    },
    source: '§7, §9, §11 item 8',
    toBeConfirmed: true,
  },
];

/** The reference's section titles (billing-rules.md), by section number, in both languages. */
const SECTION_TITLES: Record<string, BilingualText> = {
  '0': { en: 'Rules every program shares', es: 'Reglas comunes a todos los programas' },
  '1.1': { en: 'RPM codes', es: 'Códigos de RPM' },
  '1.2': { en: 'RPM billing logic', es: 'Lógica de facturación de RPM' },
  '2': { en: 'RTM: remote therapeutic monitoring', es: 'RTM: monitoreo terapéutico remoto' },
  '3': { en: 'CCM: chronic care management', es: 'CCM: gestión de atención crónica' },
  '4': { en: 'PCM: principal care management', es: 'PCM: gestión de atención principal' },
  '6': { en: 'Behavioral health integration and collaborative care', es: 'Integración de salud conductual y atención colaborativa' },
  '7': { en: 'Chronic pain management (G3002/G3003)', es: 'Manejo del dolor crónico (G3002/G3003)' },
  '9': { en: 'Programs that may not be billed together', es: 'Programas que no se pueden facturar juntos' },
  '11': { en: 'Open questions to check before go-live', es: 'Preguntas abiertas que comprobar antes de la puesta en marcha' },
};

/** The shared rules of the reference's section 0 that settings cite, in both languages. */
const SHARED_RULES: Record<string, BilingualText> = {
  C6: { en: 'readings must come automatically from a medical device (CMS RPM fact sheet MLN901705)', es: 'las lecturas deben llegar automáticamente de un dispositivo médico (hoja informativa RPM de CMS MLN901705)' },
  C8: { en: 'what counts as an interactive communication (real time, two-way)', es: 'qué cuenta como comunicación interactiva (en tiempo real, bidireccional)' },
};

const REFERENCE_TITLE: BilingualText = {
  en: 'Vigil billing rules reference (US Medicare care-management billing, CY2024-CY2026)',
  es: 'Referencia de reglas de facturación de Vigil (facturación de gestión de atención de Medicare de EE. UU., CY2024-CY2026)',
};

/**
 * A setting's `source` as a readable citation for a billing manager, in `lang`: the reference's
 * title, then each part with its section's title ("section 1.1, RPM codes (99453)", "section 11,
 * open question 1", "shared rule C6: readings must come automatically..."). Parts it does not
 * recognise are kept as written. Source: /work/shared/reference/billing-rules.md's numbering.
 */
export function citationOf(source: string, lang: 'en' | 'es'): string {
  const section = lang === 'en' ? 'section' : 'sección';
  const parts = source.split(/,\s*/).map((part) => {
    const item = /^§11 item (\d+)$/.exec(part);
    if (item) { return `${section} 11, ${lang === 'en' ? 'open question' : 'pregunta abierta'} ${item[1]}`; }
    const sec = /^§(\d+(?:\.\d+)?)(?:\s*\((.+)\))?$/.exec(part);
    if (sec) {
      const title = SECTION_TITLES[sec[1]!]?.[lang];
      return `${section} ${sec[1]}${title ? `, ${title}` : ''}${sec[2] ? ` (${sec[2]})` : ''}`;
    }
    const rule = SHARED_RULES[part];
    if (rule) { return `${lang === 'en' ? 'shared rule' : 'regla común'} ${part}: ${rule[lang]}`; }
    return part;
  });
  return `${REFERENCE_TITLE[lang]}: ${parts.join('; ')}`;
}

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
  if (!def) { return undefined; }
  switch (def.type) {
    case 'integer': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < def.min || n > def.max) { return undefined; }
      return n;
    }
    case 'boolean':
      if (typeof value === 'boolean') { return value; }
      if (value === 'true') { return true; }
      if (value === 'false') { return false; }
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
    if (!layer) { continue; }
    for (const [key, raw] of Object.entries(layer)) {
      const v = parseBillingSettingValue(key, raw);
      if (v !== undefined) { out[key] = v; }
    }
  }
  return out as unknown as BillingSettings;
}
