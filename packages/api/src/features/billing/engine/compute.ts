/**
 * The billing engine: one patient, one office, one calendar month -> codes with evidence, and the
 * candidate codes not produced with the reason (reference billing-rules.md, CY2026). Pure.
 *
 * Order of work:
 * 1. Each program on its own data: device periods ending in the month (device.ts) and the month's
 *    time per program (time.ts, C4) -> candidate codes (management.ts).
 * 2. The billing practitioner (C2): none -> everything suppressed; not authorised for a program ->
 *    that program suppressed.
 * 3. Claims of the same patient in another office: one practitioner for the RPM/RTM device codes
 *    in OVERLAPPING 30-day periods, whatever month they ended in (C2); for CCM and APCM in the
 *    same month (sections 3, 5); PCM vs CCM by a different practitioner (PCM_CCM_DIFFERENT_PRACTITIONER).
 * 4. The matrix of section 9, on billable codes: RPM x RTM (C3: the patient's billing type wins,
 *    else RPM), APCM bundles CCM and PCM, CCM x PCM (same practitioner), APCM turns BHI/CoCM into
 *    G0570/G0568/G0569, CoCM x CCM/PCM (COCM_WITH_CCM_PCM), chronic pain management with others
 *    (CPM_CONCURRENCY).
 * Every exclusion is decided by its rule in precedence.ts (never by a missing amount read as $0)
 * and the decision is in the claims' evidence (`precedence`).
 * 5. Amounts: fee schedule amount x units; null when the fee schedule has no amount.
 */
import type { BilingualText } from './settings';
import { codeCatalogue, deviceCodes, setupCodes, type Program } from './codes';
import { countTime, type BucketTime, type TimeBucket } from './time';
import { splitPreConsentTime } from './consent';
import { deviceClaims, devicePeriodsEndingIn, daysInPeriod, episodeAnchor, onlySimulatedReadings, periodContaining, SIMULATED_READINGS_DO_NOT_COUNT } from './device';
import { apcmClaims, behavioralClaims, ccmClaims, chronicPainClaims, gateByConsent, pcmClaims, remoteManagementClaims } from './management';
import { programName, t } from './reasons';
import type { EngineClaim, EngineOptions, PatientMonthFacts, PrecedenceEvidence } from './types';
import { precedenceEvidence, withPrecedence } from './precedence';
import { noteEvidence } from './notes';
import { formatMmSs, monthBounds } from './dates';

/** Per-program figures of the month, for summaries (independent of which codes are billed). */
export interface MonthMetrics {
  /** Device periods ending in the month with their qualifying days (RPM or RTM, per billing type). */
  periods: { program: 'RPM' | 'RTM'; start: string; end: string; complete: boolean; days: number }[];
  /** Counted seconds per time bucket (C4). */
  time: { bucket: TimeBucket; seconds: number; time: string; practitionerSeconds: number; interactive: boolean }[];
  /**
   * The device period that started by the month's last day and ends after it (a straddling
   * period): informational only, never a billable code; it is billed in the month it ends (C1).
   * `days` are its qualifying reading days up to the month's last day; null when none.
   */
  inProgress: { program: 'RPM' | 'RTM'; start: string; end: string; days: number; message: BilingualText } | null;
}

export interface MonthResult {
  claims: EngineClaim[];
  metrics: MonthMetrics;
}

const suppress = (c: EngineClaim, reason: BilingualText, rules: string[], precedence?: PrecedenceEvidence): void => {
  c.status = 'suppressed';
  c.reason = reason;
  c.datesOfService = [];
  c.amountCents = null;
  c.evidence = { ...c.evidence, rules: [...new Set([...c.evidence.rules, ...rules])] };
  if (precedence) { withPrecedence(c, precedence); }
};

/** Records on the kept claims which rule kept them over which codes. */
const kept = (claims: EngineClaim[], precedence: PrecedenceEvidence): void => {
  for (const c of claims) { withPrecedence(c, precedence); }
};
const codesOf = (claims: EngineClaim[]) => claims.map((c) => c.code);

const flag = (c: EngineClaim, text: BilingualText, rules: string[], precedence?: PrecedenceEvidence): void => {
  c.evidence = { ...c.evidence, rules: [...new Set([...c.evidence.rules, ...rules])], flags: [...(c.evidence.flags ?? []), text] };
  if (precedence) { withPrecedence(c, precedence); }
};

const billable = (claims: EngineClaim[], program: Program) => claims.filter((c) => c.status === 'billable' && c.program === program);
const has = (claims: EngineClaim[], program: Program) => billable(claims, program).length > 0;

/** Which of RPM/RTM the patient's readings count for: RTM when the billing type is RTM, else RPM. */
export const deviceProgramOf = (billingType: Program): 'RPM' | 'RTM' => (billingType === 'RTM' ? 'RTM' : 'RPM');

/**
 * Computes the codes of one patient-month. `facts.today` bounds open periods (evidence only).
 * Returns billable and suppressed claims (suppressed carry `reason`), and month metrics.
 */
export function computePatientMonth(facts: PatientMonthFacts, opts: EngineOptions): MonthResult {
  const { settings, fees } = opts;
  const practitionerId = facts.practitioner?.userId ?? null;
  // Consent (engine/consent.ts): CCM, PCM and APCM time logged before the consent was obtained does not count.
  const { counted, excluded: preConsent } = splitPreConsentTime(facts.timeEntries, facts.consents, facts.year, facts.month);
  const time = countTime(counted, practitionerId);
  const bucket = (b: TimeBucket): BucketTime | undefined => time.get(b);
  const deviceProgram = deviceProgramOf(facts.billingType);

  // 1. Candidates per program.
  const claims: EngineClaim[] = [];
  const anchor = episodeAnchor(facts);
  if (!anchor && (facts.billingType === 'RPM' || facts.billingType === 'RTM')) {
    claims.push({
      program: deviceProgram,
      code: deviceProgram === 'RPM' ? '99454' : '98976-98978',
      units: 1,
      status: 'suppressed',
      // C6: a patient whose only readings come from the simulator is told so, not that the period has not started.
      reason: onlySimulatedReadings(facts, opts.settings)
        ? SIMULATED_READINGS_DO_NOT_COUNT
        : t(
            'No qualifying readings yet: the first 30-day device period starts at the first automatic reading (or the episode start in the billing profile)',
            'Aún no hay lecturas válidas: el primer período de dispositivo de 30 días empieza con la primera lectura automática (o el inicio del episodio en el perfil de facturación)',
          ),
      practitionerUserId: null,
      datesOfService: [],
      evidence: { rules: ['C1', 'C6'] },
      amountCents: null,
    });
  }
  claims.push(...deviceClaims(deviceProgram, facts, settings));
  claims.push(...remoteManagementClaims('RPM', bucket('RPM'), facts, settings));
  claims.push(...remoteManagementClaims('RTM', bucket('RTM'), facts, settings));
  // CCM, PCM and APCM only with the patient's consent on file (management.ts gateByConsent).
  claims.push(...gateByConsent([...ccmClaims(bucket('CCM'), facts, opts), ...pcmClaims(bucket('PCM'), facts, opts), ...apcmClaims(bucket('APCM'), facts)], facts, preConsent));
  claims.push(...behavioralClaims(bucket('BHI'), bucket('COCM'), facts, opts));
  claims.push(...chronicPainClaims(bucket('CPM'), facts));

  // Notes of the month as evidence of the program's codes (plus the notes linked to counted time), each on its day of service.
  for (const c of claims) {
    if (c.evidence.notes) { continue; }
    const linked = new Set((c.evidence.timeEntries ?? []).map((e) => e.medicalNoteDetailId).filter((id): id is number => id !== null));
    const notes = facts.notes.filter((n) => n.program === c.program || linked.has(n.id));
    if (notes.length > 0 || c.evidence.timeEntries) { c.evidence.notes = notes.map((n) => noteEvidence(n, facts.year, facts.month)); }
  }

  // 2. The billing practitioner (C2) and their authorisation.
  for (const c of claims) {
    c.practitionerUserId = practitionerId;
    c.evidence.practitioner = facts.practitioner;
  }
  if (!facts.practitioner) {
    for (const c of claims.filter((x) => x.status === 'billable')) {
      suppress(
        c,
        t(
          'No billing practitioner for this patient: set one in the billing profile or assign a doctor to the medical team (one practitioner bills per patient and period)',
          'No hay profesional de facturación para este paciente: indíquelo en el perfil de facturación o asigne un médico al equipo médico (un solo profesional factura por paciente y período)',
        ),
        ['C2'],
      );
    }
  } else if (facts.practitionerPrograms) {
    const allowed = new Set(facts.practitionerPrograms);
    for (const c of claims.filter((x) => x.status === 'billable' && !allowed.has(x.program))) {
      const p = programName(c.program);
      suppress(
        c,
        t(`${facts.practitioner.name} is not authorised to bill ${p.en} in this office (user billing authorizations)`, `${facts.practitioner.name} no está autorizado a facturar ${p.es} en esta oficina (autorizaciones de facturación)`),
        ['C2'],
      );
    }
  }

  // 3. The same patient billed in another office: the office that billed first keeps it.
  const sameMonth = (e: { year: number; month: number }) => e.year === facts.year && e.month === facts.month;
  const elsewhere = (program: Program) => facts.claimsElsewhere.filter((e) => e.program === program && sameMonth(e));
  const otherOffice = (program: Program) => elsewhere(program)[0]?.hospitalId;
  for (const program of ['RPM', 'RTM'] as const) {
    // C2: one practitioner per 30-day device period. The periods of two offices need not line up:
    // a device or set-up code billed elsewhere for a period that OVERLAPS ours (whatever month it
    // ended in) takes the period (precedence DEVICE_ONE_PRACTITIONER).
    const other = facts.claimsElsewhere.filter((e) => e.program === program && (deviceCodes.has(e.code) || setupCodes.has(e.code)));
    if (other.length === 0) { continue; }
    for (const c of billable(claims, program).filter((x) => x.evidence.period)) {
      const mine = c.evidence.period!;
      const clash = other.find((e) => (e.period ? e.period.start <= mine.end && e.period.end >= mine.start : sameMonth(e)));
      if (!clash) { continue; }
      const span = clash.period ? t(` for the overlapping device period ${clash.period.start} to ${clash.period.end}`, ` en el período de dispositivo superpuesto del ${clash.period.start} al ${clash.period.end}`) : t(' this month', ' este mes');
      suppress(
        c,
        t(
          `Another office (id ${clash.hospitalId}) already bills the ${program} device codes for this patient${span.en}: only one practitioner per 30-day period`,
          `Otra oficina (id ${clash.hospitalId}) ya factura los códigos de dispositivo de ${program} de este paciente${span.es}: un solo profesional por período de 30 días`,
        ),
        ['C2'],
        precedenceEvidence('DEVICE_ONE_PRACTITIONER', null, [c.code]),
      );
      c.evidence.details = { ...c.evidence.details, billedElsewhere: { hospitalId: clash.hospitalId, code: clash.code, year: clash.year, month: clash.month, period: clash.period } };
    }
  }
  for (const [program, other] of [
    ['RPM', 'RTM'],
    ['RTM', 'RPM'],
  ] as const) {
    if (elsewhere(other).length === 0) { continue; }
    for (const c of billable(claims, program)) {
      suppress(c, t(`${other} is billed for this patient this month by another office: RPM and RTM cannot both be billed`, `Otra oficina factura ${other} de este paciente este mes: RPM y RTM no se pueden facturar juntos`), ['C3'], precedenceEvidence('RPM_RTM_ELSEWHERE', null, [c.code]));
    }
  }
  for (const program of ['CCM', 'APCM'] as const) {
    if (elsewhere(program).length === 0) { continue; }
    for (const c of billable(claims, program)) {
      suppress(
        c,
        t(`${program} is already billed for this patient this month by another office: only one practitioner per month`, `Otra oficina ya factura ${program} de este paciente este mes: un solo profesional por mes`),
        [program === 'CCM' ? '§3' : '§5'],
        precedenceEvidence(program === 'CCM' ? 'CCM_ONE_PRACTITIONER' : 'APCM_ONE_PRACTITIONER', null, [c.code]),
      );
    }
  }
  for (const [program, other] of [
    ['PCM', 'CCM'],
    ['CCM', 'PCM'],
  ] as const) {
    const there = elsewhere(other).filter((e) => e.practitionerUserId !== practitionerId);
    if (there.length === 0 || !has(claims, program)) { continue; }
    const policy = settings.PCM_CCM_DIFFERENT_PRACTITIONER;
    const text = t(
      `${other} is billed this month by a different practitioner in another office (id ${otherOffice(other)}); PCM with CCM by different practitioners is unconfirmed (setting PCM_CCM_DIFFERENT_PRACTITIONER: ${policy})`,
      `Otro profesional factura ${other} este mes en otra oficina (id ${otherOffice(other)}); PCM con CCM por profesionales distintos no está confirmado (ajuste PCM_CCM_DIFFERENT_PRACTITIONER: ${policy})`,
    );
    const p = precedenceEvidence('PCM_CCM_DIFFERENT_PRACTITIONER', policy === 'block' ? null : program, policy === 'block' ? codesOf(billable(claims, program)) : []);
    for (const c of billable(claims, program)) {
      if (policy === 'block') { suppress(c, text, ['§4', '§9', '§11 item 6'], p); }
      else if (policy === 'flag') { flag(c, text, ['§4', '§9', '§11 item 6'], p); }
    }
  }

  // 4. The matrix (section 9), same patient, same month.
  if (has(claims, 'RPM') && has(claims, 'RTM')) {
    const keep = facts.billingType === 'RTM' ? 'RTM' : 'RPM';
    const drop = keep === 'RPM' ? 'RTM' : 'RPM';
    const p = precedenceEvidence('RPM_RTM', keep, codesOf(billable(claims, drop)));
    kept(billable(claims, keep), p);
    for (const c of billable(claims, drop)) {
      suppress(c, t(`RPM and RTM in the same period: ${drop} suppressed (the patient's billing type is ${facts.billingType})`, `RPM y RTM en el mismo período: se suprime ${drop} (el tipo de facturación del paciente es ${facts.billingType})`), ['C3', '§9'], p);
    }
  }
  if (has(claims, 'APCM') && (has(claims, 'CCM') || has(claims, 'PCM'))) {
    if (facts.billingType === 'CCM' || facts.billingType === 'PCM') {
      const p = precedenceEvidence('APCM_BUNDLES_CCM_PCM', facts.billingType, codesOf(billable(claims, 'APCM')));
      kept(billable(claims, facts.billingType), p);
      for (const c of billable(claims, 'APCM')) {
        suppress(c, t(`APCM cannot be billed with ${facts.billingType} by the same practitioner: ${facts.billingType} is the patient's billing type`, `APCM no se puede facturar con ${facts.billingType} por el mismo profesional: ${facts.billingType} es el tipo de facturación del paciente`), ['§5', '§9'], p);
      }
    } else {
      const dropped = [...billable(claims, 'CCM'), ...billable(claims, 'PCM')];
      const p = precedenceEvidence('APCM_BUNDLES_CCM_PCM', 'APCM', codesOf(dropped));
      kept(billable(claims, 'APCM'), p);
      for (const c of dropped) {
        suppress(c, t(`APCM bundles ${c.program}: not billed in an APCM month (same practitioner)`, `APCM incluye ${c.program}: no se factura en un mes de APCM (mismo profesional)`), ['§5', '§9'], p);
      }
    }
  }
  if (has(claims, 'CCM') && has(claims, 'PCM')) {
    const keep = facts.billingType === 'PCM' ? 'PCM' : 'CCM';
    const drop = keep === 'CCM' ? 'PCM' : 'CCM';
    const p = precedenceEvidence('CCM_PCM', keep, codesOf(billable(claims, drop)));
    kept(billable(claims, keep), p);
    for (const c of billable(claims, drop)) {
      suppress(c, t(`CCM and PCM by the same practitioner in the same month: ${drop} suppressed`, `CCM y PCM por el mismo profesional en el mismo mes: se suprime ${drop}`), ['§4', '§9'], p);
    }
  }
  if (has(claims, 'APCM')) {
    // Section 5 (2026): behavioural health with APCM uses the add-ons G0568/G0569/G0570 instead.
    const swap: Record<string, string> = { '99484': 'G0570', '99492': 'G0568', '99493': 'G0569' };
    for (const c of billable(claims, 'BHI')) {
      const to = swap[c.code];
      if (to) {
        const p = precedenceEvidence('APCM_BH_ADDONS', to, [c.code]);
        const addOn: EngineClaim = {
          ...c,
          code: to,
          reason: t(`APCM month: ${to} billed instead of ${c.code} (same practitioner, same month)`, `Mes de APCM: se factura ${to} en lugar de ${c.code} (mismo profesional, mismo mes)`),
          evidence: { ...c.evidence, rules: [...new Set([...c.evidence.rules, '§5'])] },
        };
        withPrecedence(addOn, p);
        claims.push(addOn);
        suppress(c, t(`APCM month: the APCM add-on ${to} is billed instead of ${c.code}`, `Mes de APCM: se factura el complemento de APCM ${to} en lugar de ${c.code}`), ['§5', '§6', '§9'], p);
      } else if (c.code === '99494') {
        suppress(c, t('APCM month: 99494 is not billed with the APCM behavioral health add-ons', 'Mes de APCM: 99494 no se factura con los complementos de salud conductual de APCM'), ['§5', '§9'], precedenceEvidence('APCM_BH_ADDONS', null, ['99494']));
      }
    }
  }
  const cocmCodes = new Set(['99492', '99493', '99494', 'G0568', 'G0569']);
  const cocm = billable(claims, 'BHI').filter((c) => cocmCodes.has(c.code));
  if (cocm.length > 0 && (has(claims, 'CCM') || has(claims, 'PCM'))) {
    const policy = settings.COCM_WITH_CCM_PCM;
    const text = t(`CoCM with CCM or PCM in the same month is unconfirmed (setting COCM_WITH_CCM_PCM: ${policy})`, `CoCM con CCM o PCM en el mismo mes no está confirmado (ajuste COCM_WITH_CCM_PCM: ${policy})`);
    const p = precedenceEvidence('COCM_WITH_CCM_PCM', policy === 'block' ? null : 'CoCM', policy === 'block' ? codesOf(cocm) : []);
    for (const c of cocm) {
      if (policy === 'block') { suppress(c, text, ['§9'], p); }
      else if (policy === 'flag') { flag(c, text, ['§9'], p); }
    }
  }
  if (has(claims, 'CPM')) {
    const others = (['RPM', 'RTM', 'CCM', 'PCM', 'APCM', 'BHI'] as const).filter((p) => has(claims, p));
    if (others.length > 0) {
      const policy = settings.CPM_CONCURRENCY;
      const text = t(
        `Chronic pain management with ${others.join(', ')} in the same month is unconfirmed (setting CPM_CONCURRENCY: ${policy}); time is never shared`,
        `Manejo del dolor crónico con ${others.join(', ')} en el mismo mes no está confirmado (ajuste CPM_CONCURRENCY: ${policy}); el tiempo nunca se comparte`,
      );
      const cpm = billable(claims, 'CPM');
      const p = precedenceEvidence('CPM_CONCURRENCY', policy === 'block' ? null : 'CPM', policy === 'block' ? codesOf(cpm) : []);
      for (const c of cpm) {
        if (policy === 'block') { suppress(c, text, ['§7', '§9', '§11 item 8'], p); }
        else if (policy === 'flag') { flag(c, text, ['§7', '§9', '§11 item 8'], p); }
      }
    }
  }

  // 5. Amounts.
  for (const c of claims) {
    const fee = fees[c.code];
    c.amountCents = c.status === 'billable' && fee !== undefined ? fee * c.units : null;
  }

  const periods = anchor
    ? devicePeriodsEndingIn(anchor, facts.year, facts.month, facts.today).map((p) => ({
        program: deviceProgram,
        start: p.start,
        end: p.end,
        complete: p.complete,
        days: daysInPeriod(facts.readingDays, deviceProgram, settings, p).length,
      }))
    : [];
  // A device period straddling the month's end shows in this month as in progress (C1: the
  // supply codes count per 30-day period and are billed in the month the period ends).
  const { last } = monthBounds(facts.year, facts.month);
  const open = anchor ? periodContaining(anchor, last, facts.today) : null;
  const inProgress =
    open && open.end > last
      ? ((days: number) => ({
          program: deviceProgram,
          start: open.start,
          end: open.end,
          days,
          message: t(
            `In progress: ${days} reading day${days === 1 ? '' : 's'} so far in the device period ${open.start} to ${open.end}, billed in the month the period ends`,
            `En curso: ${days} día${days === 1 ? '' : 's'} con lecturas hasta ahora en el período de dispositivo del ${open.start} al ${open.end}, se factura en el mes en que termina el período`,
          ),
        }))(daysInPeriod(facts.readingDays.filter((d) => d.day <= last), deviceProgram, settings, open).length)
      : null;
  const metrics: MonthMetrics = {
    periods,
    inProgress,
    time: [...time.values()].map((b) => ({ bucket: b.bucket, seconds: b.totalSeconds, time: formatMmSs(b.totalSeconds), practitionerSeconds: b.practitionerSeconds, interactive: b.interactive !== null })),
  };
  return { claims: sortClaims(claims), metrics };
}

const programOrder: Program[] = ['RPM', 'RTM', 'CCM', 'PCM', 'APCM', 'BHI', 'CPM'];
const codeOrder = new Map(codeCatalogue.map((c, i) => [c.code, i]));
const orderOf = (code: string) => codeOrder.get(code) ?? codeCatalogue.length;

/** Billable first, then by program and the catalogue's order (a base code before its add-on). */
function sortClaims(claims: EngineClaim[]): EngineClaim[] {
  return [...claims].sort(
    (a, b) =>
      (a.status === b.status ? 0 : a.status === 'billable' ? -1 : 1) ||
      programOrder.indexOf(a.program) - programOrder.indexOf(b.program) ||
      orderOf(a.code) - orderOf(b.code) ||
      (a.evidence.period?.start ?? '').localeCompare(b.evidence.period?.start ?? ''),
  );
}
