/**
 * Time-based codes per calendar month (C1): RPM 99470/99457/99458 (section 1.2), RTM
 * 98979/98980/98981 (section 2), CCM (section 3), PCM (section 4), BHI 99484 and CoCM
 * 99492-99494 (section 6), chronic pain management G3002/G3003 (section 7), and the APCM base
 * codes (section 5, no time threshold). Thresholds compare counted seconds (C4) with whole
 * minutes x 60; add-on units need FULL blocks ("no rounding up").
 */
import type { BilingualText, BillingSettings } from './settings';
import type { Program } from './codes';
import { dayReached, type BucketTime } from './time';
import { minutesText, t } from './reasons';
import type { ClaimEvidence, EngineClaim, PatientMonthFacts } from './types';
import { compareMonths, formatMmSs, monthBounds } from './dates';
import { chooseFamily, precedenceEvidence, type Family } from './precedence';
import { noteEvidence } from './notes';
import { consentForMonth, CONSENT_SOURCE, isConsentProgram, preConsentText, revokedBeforeMonth, revokedBeforeText, revokedThisMonthText, type ConsentProgram, type PreConsentTime } from './consent';

const MIN = 60;

const evidenceOf = (b: BucketTime | undefined, rules: string[], extra: Partial<ClaimEvidence> = {}): ClaimEvidence => ({
  rules,
  timeEntries: b?.entries ?? [],
  totalSeconds: b?.totalSeconds ?? 0,
  totalTime: formatMmSs(b?.totalSeconds ?? 0),
  interactiveContact: b?.interactive ?? null,
  ...extra,
});

const mk = (program: Program, code: string, units: number, status: 'billable' | 'suppressed', reason: BilingualText | null, evidence: ClaimEvidence, dates: string[] = []): EngineClaim => ({
  program,
  code,
  units,
  status,
  reason,
  practitionerUserId: null,
  datesOfService: dates,
  evidence,
  amountCents: null,
});

const lastDayOf = (facts: PatientMonthFacts) => monthBounds(facts.year, facts.month).last;

/** The chronic conditions as evidence: "Diabetes (E11.9); Hypertension (I10)" in both languages, and the list. */
export function chronicDetails(facts: Pick<PatientMonthFacts, 'chronicConditions'>): { chronicConditionNames: BilingualText; chronicConditionList: PatientMonthFacts['chronicConditions'] } {
  const list = facts.chronicConditions;
  const names = (lang: 'en' | 'es') => list.map((c) => `${c[lang]} (${c.codes.join(', ')})`).join('; ');
  return { chronicConditionNames: t(names('en') || 'none', names('es') || 'ninguna'), chronicConditionList: list };
}

/** Why CCM is not billed with fewer than two chronic conditions, naming those there are. */
function fewChronicConditions(list: PatientMonthFacts['chronicConditions']): BilingualText {
  const names = (lang: 'en' | 'es') => list.map((c) => `${c[lang]} (${c.codes.join(', ')})`).join('; ');
  return list.length === 0
    ? t('CCM needs two or more chronic conditions: none is on the problem list or billing profile', 'El CCM necesita dos o más afecciones crónicas: no hay ninguna en la lista de problemas ni en el perfil de facturación')
    : t(`CCM needs two or more chronic conditions: only one, ${names('en')}`, `El CCM necesita dos o más afecciones crónicas: solo una, ${names('es')}`);
}
const dos = (facts: PatientMonthFacts, day: string | null) => [day ?? lastDayOf(facts)];

/** Add-on units from full blocks beyond the base, capped; `uncapped` tells whether the cap cut units. */
export function addOnUnits(seconds: number, baseMinutes: number, blockMinutes: number, cap: number): { units: number; uncapped: number } {
  const uncapped = seconds < baseMinutes * MIN ? 0 : Math.floor((seconds - baseMinutes * MIN) / (blockMinutes * MIN));
  return { units: Math.min(uncapped, cap), uncapped };
}

/** Claims for an add-on code: billable with its units, or suppressed when the first block is not reached. */
function addOnClaims(
  program: Program,
  code: string,
  base: string,
  seconds: number,
  baseMinutes: number,
  blockMinutes: number,
  cap: number,
  capSetting: string | null,
  evidence: ClaimEvidence,
  facts: PatientMonthFacts,
  bucket: BucketTime | undefined,
  onlyStaff?: number | null,
): EngineClaim[] {
  const { units, uncapped } = addOnUnits(seconds, baseMinutes, blockMinutes, cap);
  const m = minutesText(seconds);
  const firstBlock = baseMinutes + blockMinutes;
  if (units > 0) {
    const reason =
      uncapped > units
        ? t(
            `${m.en} would give ${uncapped} units of ${code}; capped at ${cap}${capSetting ? ` (setting ${capSetting})` : ''}`,
            `${m.es} darían ${uncapped} unidades de ${code}; limitado a ${cap}${capSetting ? ` (ajuste ${capSetting})` : ''}`,
          )
        : null;
    return [mk(program, code, units, 'billable', reason, evidence, dos(facts, dayReached(bucket, (baseMinutes + blockMinutes * units) * MIN, onlyStaff)))];
  }
  if (uncapped > 0 && cap === 0) {
    return [mk(program, code, 0, 'suppressed', t(`${code} is capped at 0 units (setting ${capSetting})`, `${code} está limitado a 0 unidades (ajuste ${capSetting})`), evidence)];
  }
  return [
    mk(
      program,
      code,
      0,
      'suppressed',
      t(
        `${m.en}: ${firstBlock} needed for one unit of ${code} (each full ${blockMinutes} minutes beyond the ${baseMinutes} of ${base})`,
        `${m.es}: se necesitan ${firstBlock} para una unidad de ${code} (cada ${blockMinutes} minutos completos más allá de los ${baseMinutes} de ${base})`,
      ),
      evidence,
    ),
  ];
}

/**
 * RPM or RTM treatment management (sections 1.2 and 2; C7: no day-count requirement; C8: at least
 * one real-time interactive communication when REQUIRE_INTERACTIVE_FOR_MANAGEMENT):
 * >= 20 min -> 99457 (98980) + 99458 (98981) per full 20 min beyond, capped;
 * 10-19 min -> 99470 (98979), never with 99457; < 10 min -> nothing.
 */
export function remoteManagementClaims(program: 'RPM' | 'RTM', bucket: BucketTime | undefined, facts: PatientMonthFacts, settings: BillingSettings): EngineClaim[] {
  const [ten, base, addOn] = program === 'RPM' ? ['99470', '99457', '99458'] : ['98979', '98980', '98981'];
  const cap = program === 'RPM' ? settings.RPM_99458_MAX_UNITS : settings.RTM_98981_MAX_UNITS;
  const capSetting = program === 'RPM' ? 'RPM_99458_MAX_UNITS' : 'RTM_98981_MAX_UNITS';
  const rules = program === 'RPM' ? ['C1', 'C4', 'C7', 'C8', '§1.1 99470/99457/99458', '§1.2'] : ['C1', 'C4', 'C7', 'C8', '§2 98979/98980/98981'];
  const s = bucket?.totalSeconds ?? 0;
  const ev = evidenceOf(bucket, rules);
  const m = minutesText(s);
  const name = program;
  if (s === 0) {
    if (facts.billingType !== program) { return []; }
    return [mk(program, base, 1, 'suppressed', t(`No ${name} management time this month`, `No hay tiempo de gestión de ${name} este mes`), ev)];
  }
  const interactiveMissing = settings.REQUIRE_INTERACTIVE_FOR_MANAGEMENT && !bucket?.interactive;
  if (s < 10 * MIN) {
    const reason = t(
      `Only ${m.en} of ${name} time: 10 needed for ${ten} (20 for ${base})${interactiveMissing ? '; and no real-time interactive communication this month' : ''}`,
      `Solo ${m.es} de tiempo de ${name}: se necesitan 10 para ${ten} (20 para ${base})${interactiveMissing ? '; y no hubo comunicación interactiva en tiempo real este mes' : ''}`,
    );
    return [mk(program, ten, 1, 'suppressed', reason, ev)];
  }
  if (interactiveMissing) {
    const code = s >= 20 * MIN ? base : ten;
    return [
      mk(
        program,
        code,
        1,
        'suppressed',
        t(
          `No real-time interactive communication this month: ${code} needs at least one live two-way exchange with the patient or caregiver (${m.en} of ${name} time)`,
          `No hubo comunicación interactiva en tiempo real este mes: ${code} necesita al menos un intercambio bidireccional en vivo con el paciente o cuidador (${m.es} de tiempo de ${name})`,
        ),
        ev,
      ),
    ];
  }
  if (s >= 20 * MIN) {
    return [
      mk(program, base, 1, 'billable', null, ev, dos(facts, dayReached(bucket, 20 * MIN))),
      ...addOnClaims(program, addOn, base, s, 20, 20, cap, capSetting, ev, facts, bucket),
    ];
  }
  // Precedence RPM_MGMT_BAND / RTM_MGMT_BAND: the minutes pick the code (99470 never with 99457).
  const band = { ...ev, precedence: [precedenceEvidence(program === 'RPM' ? 'RPM_MGMT_BAND' : 'RTM_MGMT_BAND', ten, [base])] };
  return [
    mk(program, ten, 1, 'billable', null, band, dos(facts, dayReached(bucket, 10 * MIN))),
    mk(
      program,
      base,
      1,
      'suppressed',
      t(
        `Only ${m.en} of ${name} time: 20 needed for ${base}; 10 reached: ${ten} billed instead`,
        `Solo ${m.es} de tiempo de ${name}: se necesitan 20 para ${base}; se alcanzaron 10: se factura ${ten} en su lugar`,
      ),
      band,
    ),
  ];
}

/** Which source showed the care plan established or substantially revised in the month. */
export type CarePlanRevisionEvidence =
  | { source: 'carePlanEstablished' | 'carePlanRevised'; carePlanId: number; title: string; day: string }
  | { source: 'carePlanNote'; noteId: number; day: string };

/**
 * The care plan established or substantially revised in the month (complex CCM 99487, CPT:
 * "establishment or substantial revision of a comprehensive care plan"), by source in order: the
 * CCM record's care plan revision date, its establishment date (docs/ccm.md, ccm_care_plans),
 * then a note from a CCM_CARE_PLAN note template; null when none.
 */
export function carePlanRevision(facts: PatientMonthFacts): CarePlanRevisionEvidence | null {
  const { first, last } = monthBounds(facts.year, facts.month);
  const inMonth = (d: string | null): d is string => d !== null && d >= first && d <= last;
  for (const p of facts.carePlans ?? []) {
    if (inMonth(p.revisedOn)) { return { source: 'carePlanRevised', carePlanId: p.id, title: p.title, day: p.revisedOn }; }
  }
  for (const p of facts.carePlans ?? []) {
    if (inMonth(p.establishedOn)) { return { source: 'carePlanEstablished', carePlanId: p.id, title: p.title, day: p.establishedOn }; }
  }
  const note = facts.notes.find((n) => n.program === 'CCM' && n.categoryType === 'CCM_CARE_PLAN');
  return note ? { source: 'carePlanNote', noteId: note.id, day: noteEvidence(note, facts.year, facts.month).day } : null;
}

/** Whether a care plan was established or substantially revised this month (`carePlanRevision`). */
export const hasCarePlanRevision = (facts: PatientMonthFacts) => carePlanRevision(facts) !== null;

/** Complex CCM needs moderate or high complexity medical decision making (CPT 99487; CMS CCM FAQ). */
export const isModerateOrHighDecisionMaking = (facts: PatientMonthFacts) => facts.complexDecisionMaking === 'MODERATE' || facts.complexDecisionMaking === 'HIGH';

/** Whether the month counts as complex CCM: a care plan established or substantially revised this month, and moderate or high medical decision making. */
export const isComplexCcmMonth = (facts: PatientMonthFacts) => hasCarePlanRevision(facts) && isModerateOrHighDecisionMaking(facts);

const decisionMakingText = (facts: PatientMonthFacts): BilingualText =>
  facts.complexDecisionMaking
    ? t(`medical decision making is ${facts.complexDecisionMaking.toLowerCase()}`, `la toma de decisiones médicas es ${({ STRAIGHTFORWARD: 'directa', LOW: 'baja', MODERATE: 'moderada', HIGH: 'alta' } as const)[facts.complexDecisionMaking]}`)
    : t('no medical decision making level is recorded on the CCM record', 'no hay nivel de toma de decisiones médicas en el registro de CCM');

/**
 * Consent gating (engine/consent.ts, docs/billing-engine.md "Consent"): CCM, PCM and APCM codes
 * are billed only with the patient's consent to that program in effect in the month (CMS: verbal
 * or written consent documented before the service begins; a revocation is effective at the end of
 * the calendar month). Without one every billable code of the program becomes suppressed: "No CCM
 * consent on file" (the program named), or "CCM consent revoked on <day>" for a month after the
 * revocation month. With one the consent is in the evidence (`details.consent`); in the revocation
 * month a note says the month still bills. Time logged before the consent was obtained (`excluded`,
 * from `splitPreConsentTime`) is named in `details.preConsentTime` and the reason.
 */
export function gateByConsent(claims: EngineClaim[], facts: PatientMonthFacts, excluded: Map<ConsentProgram, PreConsentTime> = new Map()): EngineClaim[] {
  const { first, last } = monthBounds(facts.year, facts.month);
  return claims.map((c) => {
    if (!isConsentProgram(c.program)) { return c; }
    const program = c.program;
    const consent = consentForMonth(facts.consents, program, facts.year, facts.month);
    const pre = excluded.get(program);
    const rules = [...new Set([...c.evidence.rules, 'consent'])];
    if (consent) {
      const notes: BilingualText[] = [];
      if (pre) { notes.push(preConsentText(pre)); }
      if (consent.revokedOn && consent.revokedOn >= first && consent.revokedOn <= last) { notes.push(revokedThisMonthText(program, consent.revokedOn)); }
      const reason = [c.reason, ...notes].filter((x): x is BilingualText => x !== null);
      return {
        ...c,
        reason: reason.length > 0 ? t(reason.map((r) => r.en).join('; '), reason.map((r) => r.es).join('; ')) : null,
        evidence: { ...c.evidence, rules, details: { ...c.evidence.details, consent: { ...consent, revokedOn: consent.revokedOn ?? null }, consentSource: CONSENT_SOURCE, ...(pre ? { preConsentTime: pre } : {}) } },
      };
    }
    if (c.status !== 'billable') { return c; }
    const revoked = revokedBeforeMonth(facts.consents, program, facts.year, facts.month);
    return {
      ...c,
      status: 'suppressed',
      reason: revoked ? revokedBeforeText(program, revoked.revokedOn!) : t(`No ${program} consent on file`, `No hay consentimiento de ${program} registrado`),
      datesOfService: [],
      evidence: { ...c.evidence, rules, details: { ...c.evidence.details, consent: null, consentSource: CONSENT_SOURCE, ...(revoked ? { revokedConsent: revoked } : {}) } },
    };
  });
}

/**
 * CCM (section 3): one family per month (precedence rule CCM_FAMILY, precedence.ts): complex CCM
 * when its requirements are met, else 99491 or 99490 (the higher amount when both are loaded,
 * else 99491):
 * 99490 (>= 20 min clinical staff time; the practitioner's time counts too) + 99439 per full 20 (max 2);
 * 99491 (>= 30 min personally by the billing practitioner) + 99437 per full 30 (CCM_99437_MAX_UNITS);
 * 99487 (complex: >= 60 min and a care plan established/revised this month) + 99489 per full 30 (CCM_99489_MAX_UNITS).
 */
export function ccmClaims(bucket: BucketTime | undefined, facts: PatientMonthFacts, opts: { settings: BillingSettings; fees: Record<string, number> }): EngineClaim[] {
  const s = bucket?.totalSeconds ?? 0;
  const p = bucket?.practitionerSeconds ?? 0;
  const prac = facts.practitioner?.userId ?? null;
  const rules = ['C1', 'C4', '§3'];
  const ev = evidenceOf(bucket, rules, {
    details: { practitionerSeconds: p, practitionerTime: formatMmSs(p), chronicConditions: facts.chronicConditions.length, ...chronicDetails(facts), carePlanRevision: carePlanRevision(facts) },
  });
  const complex = isComplexCcmMonth(facts);
  const revised = hasCarePlanRevision(facts);
  if (s === 0) {
    if (facts.billingType !== 'CCM') { return []; }
    return [mk('CCM', '99490', 1, 'suppressed', t('No CCM time this month', 'No hay tiempo de CCM este mes'), ev)];
  }
  // Reference section 3: CCM needs two or more chronic conditions (docs/chronic-conditions.md).
  const chronic = facts.chronicConditions;
  if (chronic.length < 2) { return [mk('CCM', '99490', 1, 'suppressed', fewChronicConditions(chronic), ev)]; }
  const eligible: Family[] = [];
  const out: EngineClaim[] = [];
  const m = minutesText(s);
  const pm = minutesText(p);
  if (complex && s >= 60 * MIN) {
    eligible.push({
      base: '99487',
      claims: [
        mk('CCM', '99487', 1, 'billable', null, { ...ev, details: { ...ev.details, complexDecisionMaking: facts.complexDecisionMaking } }, dos(facts, dayReached(bucket, 60 * MIN))),
        ...addOnClaims('CCM', '99489', '99487', s, 60, 30, opts.settings.CCM_99489_MAX_UNITS, 'CCM_99489_MAX_UNITS', ev, facts, bucket),
      ],
    });
  } else if (complex) {
    out.push(mk('CCM', '99487', 1, 'suppressed', t(`Complex CCM: only ${m.en}, 60 needed for 99487`, `CCM complejo: solo ${m.es}, se necesitan 60 para 99487`), ev));
  } else if (s >= 60 * MIN && revised) {
    out.push(
      mk(
        'CCM',
        '99487',
        1,
        'suppressed',
        ((d) => t(`Complex CCM not billed: moderate or high medical decision making is needed and ${d.en}`, `CCM complejo no facturado: se necesita una toma de decisiones médicas moderada o alta y ${d.es}`))(decisionMakingText(facts)),
        ev,
      ),
    );
  } else if (s >= 60 * MIN) {
    out.push(
      mk(
        'CCM',
        '99487',
        1,
        'suppressed',
        t(
          'Complex CCM not billed: no care plan was established or substantially revised this month (the care plan dates of the CCM record, or a CCM care plan note)',
          'CCM complejo no facturado: no se estableció ni revisó sustancialmente el plan de cuidados este mes (fechas del plan de cuidados del registro de CCM, o una nota de plan de cuidados de CCM)',
        ),
        ev,
      ),
    );
  }
  if (p >= 30 * MIN) {
    eligible.push({
      base: '99491',
      claims: [
        mk('CCM', '99491', 1, 'billable', null, ev, dos(facts, dayReached(bucket, 30 * MIN, prac))),
        ...addOnClaims('CCM', '99437', '99491', p, 30, 30, opts.settings.CCM_99437_MAX_UNITS, 'CCM_99437_MAX_UNITS', ev, facts, bucket, prac),
      ],
    });
  } else if (p > 0 && s < 20 * MIN) {
    out.push(
      mk('CCM', '99491', 1, 'suppressed', t(`Only ${pm.en} personally by the billing practitioner: 30 needed for 99491`, `Solo ${pm.es} personalmente del profesional de facturación: se necesitan 30 para 99491`), ev),
    );
  }
  if (s >= 20 * MIN) {
    eligible.push({
      base: '99490',
      claims: [mk('CCM', '99490', 1, 'billable', null, ev, dos(facts, dayReached(bucket, 20 * MIN))), ...addOnClaims('CCM', '99439', '99490', s, 20, 20, 2, null, ev, facts, bucket)],
    });
  } else {
    out.push(mk('CCM', '99490', 1, 'suppressed', t(`Only ${m.en} of CCM time: 20 needed for 99490`, `Solo ${m.es} de tiempo de CCM: se necesitan 20 para 99490`), ev));
  }
  return [
    ...chooseFamily('CCM_FAMILY', [['99487'], ['99491', '99490']], eligible, opts.fees, t('Only one CCM family per month (99490, 99491 and 99487 are mutually exclusive)', 'Solo una familia de CCM por mes (99490, 99491 y 99487 son mutuamente excluyentes)')),
    ...out,
  ];
}

/**
 * PCM (section 4): 99424 (>= 30 min personally by the billing practitioner) + 99425 per full 30,
 * or 99426 (>= 30 min of clinical staff time) + 99427 per full 30; one family per month
 * (precedence rule PCM_FAMILY: the higher amount when both are loaded, else 99424).
 * "You can't bill for PCM services of less than 30 minutes".
 */
export function pcmClaims(bucket: BucketTime | undefined, facts: PatientMonthFacts, opts: { settings: BillingSettings; fees: Record<string, number> }): EngineClaim[] {
  const s = bucket?.totalSeconds ?? 0;
  const p = bucket?.practitionerSeconds ?? 0;
  const prac = facts.practitioner?.userId ?? null;
  const ev = evidenceOf(bucket, ['C1', 'C4', '§4'], { details: { practitionerSeconds: p, practitionerTime: formatMmSs(p) } });
  if (s === 0) {
    if (facts.billingType !== 'PCM') { return []; }
    return [mk('PCM', '99426', 1, 'suppressed', t('No PCM time this month', 'No hay tiempo de PCM este mes'), ev)];
  }
  const eligible: Family[] = [];
  if (p >= 30 * MIN) {
    eligible.push({
      base: '99424',
      claims: [
        mk('PCM', '99424', 1, 'billable', null, ev, dos(facts, dayReached(bucket, 30 * MIN, prac))),
        ...addOnClaims('PCM', '99425', '99424', p, 30, 30, opts.settings.PCM_99425_MAX_UNITS, 'PCM_99425_MAX_UNITS', ev, facts, bucket, prac),
      ],
    });
  }
  if (s >= 30 * MIN) {
    eligible.push({
      base: '99426',
      claims: [
        mk('PCM', '99426', 1, 'billable', null, ev, dos(facts, dayReached(bucket, 30 * MIN))),
        ...addOnClaims('PCM', '99427', '99426', s, 30, 30, opts.settings.PCM_99427_MAX_UNITS, 'PCM_99427_MAX_UNITS', ev, facts, bucket),
      ],
    });
  }
  if (eligible.length === 0) {
    const m = minutesText(s);
    return [mk('PCM', '99426', 1, 'suppressed', t(`Only ${m.en} of PCM time: 30 needed for 99426 or 99424 (PCM under 30 minutes is not billed)`, `Solo ${m.es} de tiempo de PCM: se necesitan 30 para 99426 o 99424 (PCM de menos de 30 minutos no se factura)`), ev)];
  }
  return chooseFamily('PCM_FAMILY', [['99424', '99426']], eligible, opts.fees, t('Only one PCM family per month (99424 and 99426 are not billed together)', 'Solo una familia de PCM por mes (99424 y 99426 no se facturan juntos)'));
}

/** Whether this month is the patient's first CoCM month (99492 / G0568) rather than a later one (99493 / G0569). */
export const isInitialCocmMonth = (facts: PatientMonthFacts) => !facts.firstCocmMonth || compareMonths(facts.firstCocmMonth, facts) >= 0;

/**
 * Behavioral health (section 6): general BHI 99484 (>= 20 min); CoCM 99492 in the first month
 * (>= 36 min; 99494 from COCM_99494_INITIAL_FIRST_UNIT_MINUTES) or 99493 later (>= 31 min; 99494
 * from COCM_99494_SUBSEQUENT_FIRST_UNIT_MINUTES), 99494 per COCM_99494_UNIT_MINUTES beyond, capped.
 * One practitioner reports CoCM or general BHI in a month (precedence rule COCM_OVER_BHI): CoCM
 * when its requirements are met, whatever the amounts.
 */
export function behavioralClaims(bhi: BucketTime | undefined, cocm: BucketTime | undefined, facts: PatientMonthFacts, opts: { settings: BillingSettings; fees: Record<string, number> }): EngineClaim[] {
  const st = opts.settings;
  const out: EngineClaim[] = [];
  const eligible: Family[] = [];
  const sb = bhi?.totalSeconds ?? 0;
  const sc = cocm?.totalSeconds ?? 0;
  if (sb === 0 && sc === 0) {
    if (facts.billingType !== 'BHI') { return []; }
    return [mk('BHI', '99484', 1, 'suppressed', t('No behavioral health time this month', 'No hay tiempo de salud conductual este mes'), evidenceOf(undefined, ['C1', '§6']))];
  }
  // CPT 99484 and 99492/99493 include the use of validated rating scales: the month's completed instruments are evidence.
  const assessments = facts.assessments ?? [];
  if (sb > 0) {
    const ev = evidenceOf(bhi, ['C1', 'C4', '§6 99484'], { assessments });
    if (sb >= 20 * MIN) { eligible.push({ base: '99484', claims: [mk('BHI', '99484', 1, 'billable', null, ev, dos(facts, dayReached(bhi, 20 * MIN)))] }); }
    else {
      const m = minutesText(sb);
      out.push(mk('BHI', '99484', 1, 'suppressed', t(`Only ${m.en} of general BHI time: 20 needed for 99484`, `Solo ${m.es} de tiempo de BHI general: se necesitan 20 para 99484`), ev));
    }
  }
  if (sc > 0) {
    const initial = isInitialCocmMonth(facts);
    const code = initial ? '99492' : '99493';
    const minMinutes = initial ? 36 : 31;
    const firstUnit = initial ? st.COCM_99494_INITIAL_FIRST_UNIT_MINUTES : st.COCM_99494_SUBSEQUENT_FIRST_UNIT_MINUTES;
    const ev = evidenceOf(cocm, ['C1', 'C4', '§6 99492/99493/99494'], {
      assessments,
      details: { initialMonth: initial, firstCocmMonth: facts.firstCocmMonth },
      precedence: [precedenceEvidence('COCM_INITIAL_SUBSEQUENT', code, [initial ? '99493' : '99492'])],
    });
    const m = minutesText(sc);
    if (sc >= minMinutes * MIN) {
      const claims = [mk('BHI', code, 1, 'billable', null, ev, dos(facts, dayReached(cocm, minMinutes * MIN)))];
      const uncapped = sc >= firstUnit * MIN ? 1 + Math.floor((sc - firstUnit * MIN) / (st.COCM_99494_UNIT_MINUTES * MIN)) : 0;
      const units = Math.min(uncapped, st.COCM_99494_MAX_UNITS);
      if (units > 0) {
        claims.push(
          mk(
            'BHI',
            '99494',
            units,
            'billable',
            uncapped > units ? t(`${m.en} would give ${uncapped} units of 99494; capped at ${units} (setting COCM_99494_MAX_UNITS)`, `${m.es} darían ${uncapped} unidades de 99494; limitado a ${units} (ajuste COCM_99494_MAX_UNITS)`) : null,
            ev,
            dos(facts, dayReached(cocm, (firstUnit + (units - 1) * st.COCM_99494_UNIT_MINUTES) * MIN)),
          ),
        );
      } else {
        claims.push(mk('BHI', '99494', 0, 'suppressed', t(`${m.en} of CoCM time: ${firstUnit} needed for one unit of 99494 with ${code}`, `${m.es} de tiempo de CoCM: se necesitan ${firstUnit} para una unidad de 99494 con ${code}`), ev));
      }
      eligible.push({ base: code, claims });
    } else {
      out.push(mk('BHI', code, 1, 'suppressed', t(`Only ${m.en} of CoCM time: ${minMinutes} needed for ${code}`, `Solo ${m.es} de tiempo de CoCM: se necesitan ${minMinutes} para ${code}`), ev));
    }
  }
  return [
    ...chooseFamily('COCM_OVER_BHI', [['99492', '99493'], ['99484']], eligible, opts.fees, t('One practitioner reports either CoCM or general BHI in a month', 'Un profesional factura CoCM o BHI general en un mes, no ambos')),
    ...out,
  ];
}

/**
 * Chronic pain management (section 7; NOT RTM): G3002 for >= 30 min personally by the billing
 * practitioner in the month, G3003 for each FULL 15 min beyond (45 min -> 1 unit).
 */
export function chronicPainClaims(bucket: BucketTime | undefined, facts: PatientMonthFacts): EngineClaim[] {
  const s = bucket?.totalSeconds ?? 0;
  const p = bucket?.practitionerSeconds ?? 0;
  const prac = facts.practitioner?.userId ?? null;
  const ev = evidenceOf(bucket, ['C1', 'C4', '§7'], {
    details: { practitionerSeconds: p, practitionerTime: formatMmSs(p) },
    flags: [t('G3002 requires an initial in-person visit of at least 30 minutes and pain lasting more than 3 months: verify', 'G3002 requiere una visita inicial presencial de al menos 30 minutos y dolor de más de 3 meses: verifíquelo')],
  });
  if (s === 0) {
    if (facts.billingType !== 'CPM') { return []; }
    return [mk('CPM', 'G3002', 1, 'suppressed', t('No chronic pain management time this month', 'No hay tiempo de manejo del dolor crónico este mes'), ev)];
  }
  if (p < 30 * MIN) {
    const pm = minutesText(p);
    return [
      mk(
        'CPM',
        'G3002',
        1,
        'suppressed',
        t(`Only ${pm.en} of chronic pain management personally by the billing practitioner: 30 needed for G3002`, `Solo ${pm.es} de manejo del dolor crónico personalmente del profesional de facturación: se necesitan 30 para G3002`),
        ev,
      ),
    ];
  }
  return [
    mk('CPM', 'G3002', 1, 'billable', null, ev, dos(facts, dayReached(bucket, 30 * MIN, prac))),
    ...addOnClaims('CPM', 'G3003', 'G3002', p, 30, 15, Number.MAX_SAFE_INTEGER, null, ev, facts, bucket, prac),
  ];
}

/**
 * APCM base code (section 5): no time threshold, billed for a month with documented APCM care
 * management (an APCM time entry or note). G0556 for one or fewer chronic conditions, G0557 for
 * two or more, G0558 for two or more and QMB status. The chronic conditions are the patient's
 * distinct conditions in the chronic ranges (docs/chronic-conditions.md), named in the evidence.
 */
export function apcmClaims(bucket: BucketTime | undefined, facts: PatientMonthFacts): EngineClaim[] {
  const notes = facts.notes.filter((n) => n.program === 'APCM');
  const noted = notes.map((n) => noteEvidence(n, facts.year, facts.month));
  const conditions = facts.chronicConditions.length;
  const code = conditions >= 2 ? (facts.qmb ? 'G0558' : 'G0557') : 'G0556';
  const ev = evidenceOf(bucket, ['§5'], {
    notes: noted,
    details: { chronicConditions: conditions, ...chronicDetails(facts), diagnoses: facts.diagnoses, qmb: facts.qmb },
    flags: [t('APCM: check consent, 24/7 access and the care plan are documented', 'APCM: verifique que constan el consentimiento, el acceso 24/7 y el plan de cuidados')],
  });
  if (!bucket && notes.length === 0) {
    if (facts.billingType !== 'APCM') { return []; }
    return [mk('APCM', code, 1, 'suppressed', t('No APCM care management documented this month (no APCM time entry or note)', 'No hay gestión de APCM documentada este mes (ni registro de tiempo ni nota de APCM)'), ev)];
  }
  const days = [...(bucket?.entries.map((e) => e.day) ?? []), ...noted.map((n) => n.day)].sort();
  return [mk('APCM', code, 1, 'billable', null, ev, [days[days.length - 1] ?? lastDayOf(facts)])];
}
