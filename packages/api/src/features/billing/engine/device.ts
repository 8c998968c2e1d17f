/**
 * RPM and RTM device-supply and set-up codes (reference sections 1.1, 1.2 and 2; rules C1, C2, C6,
 * C7). Device periods:
 * - An episode of care starts at the billing profile's `rpmEpisodeStart`, or else at the patient's
 *   first qualifying reading day in the office. From there, consecutive 30-day device periods run:
 *   period k covers [start + 30k, start + 30k + 29].
 * - A period that straddles two calendar months is billed ONCE, in the month it ENDS (so a month
 *   holds 0, 1 or - in a 31-day month - 2 period ends). Readings before the episode start belong
 *   to no period.
 * - Device days: distinct local days with at least one qualifying reading: automatic readings for
 *   RPM (source 'hub', not manual, or a consumer wearable's reading an admin marked FDA-cleared,
 *   source 'terra-fda': the evidence lists those days as `details.fdaClearedWearableDays`); for RTM
 *   also values the patient typed (C6); simulated readings only with INCLUDE_SIMULATED_READINGS.
 */
import type { BillingSettings } from './settings';
import { addDays, dayNumber, dayFromNumber, monthBounds } from './dates';
import type { Program } from './codes';
import { daysText, t } from './reasons';
import type { DevicePeriod, EngineClaim, PatientMonthFacts, ReadingDay, RtmSystem } from './types';
import { precedenceEvidence } from './precedence';

export const PERIOD_DAYS = 30;
/** Day thresholds of the device codes (CY2026 descriptors, section 1.1 / 2). */
export const FULL_DEVICE_DAYS = 16;
export const MIN_DEVICE_DAYS = 2;

/** The start of the episode's device periods, or null when the patient has no qualifying reading yet. */
export function episodeAnchor(facts: Pick<PatientMonthFacts, 'episodeStart' | 'firstReadingDay'>): string | null {
  return facts.episodeStart ?? facts.firstReadingDay;
}

const periodAt = (anchor: string, index: number, today: string): DevicePeriod => {
  const start = addDays(anchor, index * PERIOD_DAYS);
  const end = addDays(start, PERIOD_DAYS - 1);
  return { index, start, end, complete: end <= today };
};

/** The device periods that end in the calendar month (billed in that month), oldest first. */
export function devicePeriodsEndingIn(anchor: string, year: number, month: number, today: string): DevicePeriod[] {
  const { first, last } = monthBounds(year, month);
  const a = dayNumber(anchor);
  // end(k) = a + 30k + 29; want first <= end(k) <= last, k >= 0
  const kMin = Math.max(0, Math.ceil((dayNumber(first) - a - (PERIOD_DAYS - 1)) / PERIOD_DAYS));
  const kMax = Math.floor((dayNumber(last) - a - (PERIOD_DAYS - 1)) / PERIOD_DAYS);
  const out: DevicePeriod[] = [];
  for (let k = kMin; k <= kMax; k++) { out.push(periodAt(anchor, k, today)); }
  return out;
}

/** The device period containing `day` (null before the anchor). */
export function periodContaining(anchor: string, day: string, today: string): DevicePeriod | null {
  const diff = dayNumber(day) - dayNumber(anchor);
  if (diff < 0) { return null; }
  return periodAt(anchor, Math.floor(diff / PERIOD_DAYS), today);
}

/** The reason given when a patient's only readings come from the simulator (C6; INCLUDE_SIMULATED_READINGS off). */
export const SIMULATED_READINGS_DO_NOT_COUNT = t('Readings from the simulator do not count toward billing', 'Las lecturas del simulador no cuentan para la facturación');

/**
 * Whether every reading day of `facts` that could have started a device period is a simulated one
 * while simulated readings do not count (C6): true when there is at least one simulated day and no
 * day that counts. Such a patient is told that simulator readings do not count, not that no
 * reading has arrived.
 */
export function onlySimulatedReadings(facts: Pick<PatientMonthFacts, 'readingDays'>, settings: BillingSettings): boolean {
  if (settings.INCLUDE_SIMULATED_READINGS) { return false; }
  return facts.readingDays.some((d) => d.simulated) && !facts.readingDays.some((d) => d.automatic || d.fdaClearedWearable === true || d.selfReported);
}

/** Whether a reading day counts for the program's device days (C6, INCLUDE_SIMULATED_READINGS). */
export function qualifies(d: ReadingDay, program: 'RPM' | 'RTM', settings: BillingSettings): boolean {
  return d.automatic || d.fdaClearedWearable === true || (settings.INCLUDE_SIMULATED_READINGS && d.simulated) || (program === 'RTM' && d.selfReported);
}

/** The qualifying days (sorted) that fall inside a period. */
export function daysInPeriod(days: ReadingDay[], program: 'RPM' | 'RTM', settings: BillingSettings, period: DevicePeriod): string[] {
  return days
    .filter((d) => d.day >= period.start && d.day <= period.end && qualifies(d, program, settings))
    .map((d) => d.day)
    .sort();
}

/** Supply codes per program and system: [16-30 days, 2-15 days]. */
export function supplyCodes(program: 'RPM' | 'RTM', system: RtmSystem | null): { full: string; partial: string } | null {
  if (program === 'RPM') { return { full: '99454', partial: '99445' }; }
  switch (system) {
    case 'RESPIRATORY':
      return { full: '98976', partial: '98984' };
    case 'MSK':
      return { full: '98977', partial: '98985' };
    case 'CBT':
      return { full: '98978', partial: '98986' };
    case null:
      return null;
  }
}

const dateOfService = (settings: BillingSettings, period: DevicePeriod, days: string[], threshold: number) =>
  settings.DEVICE_DATE_OF_SERVICE === 'thresholdDay' && days.length >= threshold ? days[threshold - 1]! : period.end;

const claim = (program: Program, code: string, status: 'billable' | 'suppressed', reason: EngineClaim['reason'], evidence: EngineClaim['evidence'], dates: string[]): EngineClaim => ({
  program,
  code,
  units: 1,
  status,
  reason,
  practitionerUserId: null,
  datesOfService: dates,
  evidence,
  amountCents: null,
});

/**
 * The supply code of one device period: 16+ days -> the 16-30 day code; 2-15 days -> the 2-15
 * day code (not additive: the 16-30 day code is then listed as suppressed with the reason);
 * 0-1 day -> the 16-30 day code suppressed. Returns the claims (billable and suppressed).
 */
export function evaluateDevicePeriod(
  program: 'RPM' | 'RTM',
  period: DevicePeriod,
  days: string[],
  settings: BillingSettings,
  rtmSystem: RtmSystem | null,
  episodeStart: string,
): EngineClaim[] {
  const rules = program === 'RPM' ? ['C1', 'C6', '§1.1 99454/99445', '§1.2'] : ['C1', 'C6', '§2 98976-98978/98984-98986'];
  const evidence = { rules, period, episodeStart, readingDays: days, deviceDays: days.length };
  const codes = supplyCodes(program, rtmSystem);
  if (!codes) {
    return [
      claim(
        program,
        '98976-98978',
        'suppressed',
        t(
          'The RTM system monitored (respiratory, musculoskeletal or cognitive behavioral therapy) is not set in the billing profile: the supply code cannot be chosen',
          'El sistema monitoreado por RTM (respiratorio, musculoesquelético o terapia cognitivo-conductual) no está indicado en el perfil de facturación: no se puede elegir el código de suministro',
        ),
        evidence,
        [],
      ),
    ];
  }
  const n = days.length;
  const periodText = t(`the device period ${period.start} to ${period.end}`, `el período de dispositivo del ${period.start} al ${period.end}`);
  if (n >= FULL_DEVICE_DAYS) {
    return [claim(program, codes.full, 'billable', null, evidence, [dateOfService(settings, period, days, FULL_DEVICE_DAYS)])];
  }
  const dt = daysText(n);
  if (n >= MIN_DEVICE_DAYS) {
    // Precedence RPM_SUPPLY_BAND / RTM_SUPPLY_BAND: the day band picks the code (not additive).
    const band = precedenceEvidence(program === 'RPM' ? 'RPM_SUPPLY_BAND' : 'RTM_SUPPLY_BAND', codes.partial, [codes.full]);
    const out = [
      claim(
        program,
        codes.full,
        'suppressed',
        t(
          `Only ${dt.en} in ${periodText.en}: ${FULL_DEVICE_DAYS} needed for ${codes.full}; ${codes.partial} (2-15 days) billed instead`,
          `Solo ${dt.es} en ${periodText.es}: se necesitan ${FULL_DEVICE_DAYS} para ${codes.full}; se factura ${codes.partial} (2-15 días) en su lugar`,
        ),
        { ...evidence, precedence: [band] },
        [],
      ),
    ];
    if (codes.partial === '98986' && !settings.RTM_98986_BILLABLE) {
      out.push(
        claim(
          program,
          '98986',
          'suppressed',
          t(
            '98986 is not produced: its Medicare payment status is unconfirmed and the setting RTM_98986_BILLABLE is off',
            'No se genera 98986: su estado de pago en Medicare no está confirmado y el ajuste RTM_98986_BILLABLE está desactivado',
          ),
          evidence,
          [],
        ),
      );
    } else {
      out.push(claim(program, codes.partial, 'billable', null, { ...evidence, precedence: [band] }, [dateOfService(settings, period, days, MIN_DEVICE_DAYS)]));
    }
    return out;
  }
  const source = program === 'RPM' ? t('automatic readings', 'lecturas automáticas') : t('monitoring data', 'datos de monitoreo');
  return [
    claim(
      program,
      codes.full,
      'suppressed',
      n === 0
        ? t(`No ${source.en} in ${periodText.en}`, `No hay ${source.es} en ${periodText.es}`)
        : t(
            `Only ${dt.en} in ${periodText.en}: ${MIN_DEVICE_DAYS} needed for ${codes.partial}, ${FULL_DEVICE_DAYS} for ${codes.full}`,
            `Solo ${dt.es} en ${periodText.es}: se necesitan ${MIN_DEVICE_DAYS} para ${codes.partial} y ${FULL_DEVICE_DAYS} para ${codes.full}`,
          ),
      evidence,
      [],
    ),
  ];
}

/**
 * Device and set-up codes of a program for the periods ending in the month. The set-up code
 * (99453 / 98975) is billed once per episode: in the first period ending in the month that
 * reaches the set-up minimum (RPM_SETUP_MIN_DAYS / RTM_SETUP_MIN_DAYS, UNCONFIRMED), unless a
 * set-up code for the same episode was already billed in another month.
 */
export function deviceClaims(program: 'RPM' | 'RTM', facts: PatientMonthFacts, settings: BillingSettings): EngineClaim[] {
  const anchor = episodeAnchor(facts);
  const setupCode = program === 'RPM' ? '99453' : '98975';
  if (!anchor) { return []; }
  const periods = devicePeriodsEndingIn(anchor, facts.year, facts.month, facts.today);
  const out: EngineClaim[] = [];
  const minSetup = program === 'RPM' ? settings.RPM_SETUP_MIN_DAYS : settings.RTM_SETUP_MIN_DAYS;
  const prior = facts.priorSetupClaims.find((p) => p.episodeStart === anchor && (p.code === '99453' || p.code === '98975') && (p.hospitalId ?? facts.hospitalId) === facts.hospitalId);
  const lastEnd = periods[periods.length - 1]?.end ?? anchor;
  const elsewhere = prior ? undefined : setupElsewhere(facts, anchor, lastEnd);
  let setupDone = Boolean(prior);
  let bestSetupCandidate: { period: DevicePeriod; days: string[] } | null = null;
  for (const period of periods) {
    const days = daysInPeriod(facts.readingDays, program, settings, period);
    const wearableDays = facts.readingDays.filter((d) => !d.automatic && d.fdaClearedWearable === true && days.includes(d.day)).map((d) => d.day);
    const periodClaims = evaluateDevicePeriod(program, period, days, settings, facts.rtmSystem, anchor);
    // Days that count only through an FDA-cleared wearable are named in the evidence (docs/integrations.md "Billing").
    if (wearableDays.length > 0) { for (const c of periodClaims) { c.evidence = { ...c.evidence, details: { ...c.evidence.details, fdaClearedWearableDays: wearableDays } }; } }
    out.push(...periodClaims);
    if (setupDone) { continue; }
    const setupRules = program === 'RPM' ? ['§1.1 99453', '§1.2', '§11 item 1'] : ['§2 98975', '§11 item 1'];
    if (days.length >= minSetup && elsewhere) {
      // Precedence DEVICE_ONE_PRACTITIONER: once per episode across offices (section 1.1, C2).
      const where = elsewhere.period ? t(` for the device period ${elsewhere.period.start} to ${elsewhere.period.end}`, ` para el período de dispositivo del ${elsewhere.period.start} al ${elsewhere.period.end}`) : t('', '');
      out.push(
        claim(
          program,
          setupCode,
          'suppressed',
          t(
            `${elsewhere.code} was already billed by another office (id ${elsewhere.hospitalId})${where.en} in this episode of care: once per episode, one practitioner`,
            `Otra oficina (id ${elsewhere.hospitalId}) ya facturó ${elsewhere.code}${where.es} en este episodio de atención: una vez por episodio, un solo profesional`,
          ),
          {
            rules: [...setupRules, 'C2'],
            period,
            episodeStart: anchor,
            readingDays: days,
            deviceDays: days.length,
            precedence: [precedenceEvidence('DEVICE_ONE_PRACTITIONER', null, [setupCode])],
            details: { billedElsewhere: { hospitalId: elsewhere.hospitalId, code: elsewhere.code, year: elsewhere.year, month: elsewhere.month, period: elsewhere.period ?? null } },
          },
          [],
        ),
      );
      setupDone = true;
    } else if (days.length >= minSetup) {
      out.push(
        claim(program, setupCode, 'billable', null, { rules: setupRules, period, episodeStart: anchor, readingDays: days, deviceDays: days.length }, [
          dateOfService(settings, period, days, minSetup),
        ]),
      );
      setupDone = true;
    } else if (!bestSetupCandidate || days.length > bestSetupCandidate.days.length) {
      bestSetupCandidate = { period, days };
    }
  }
  if (!setupDone && bestSetupCandidate && bestSetupCandidate.days.length > 0) {
    const { period, days } = bestSetupCandidate;
    const dt = daysText(days.length);
    out.push(
      claim(
        program,
        setupCode,
        'suppressed',
        t(
          `Only ${dt.en} in the device period ${period.start} to ${period.end}: ${minSetup} needed for ${setupCode} (setting ${program}_SETUP_MIN_DAYS)`,
          `Solo ${dt.es} en el período de dispositivo del ${period.start} al ${period.end}: se necesitan ${minSetup} para ${setupCode} (ajuste ${program}_SETUP_MIN_DAYS)`,
        ),
        { rules: program === 'RPM' ? ['§1.1 99453', '§11 item 1'] : ['§2 98975', '§11 item 1'], period, episodeStart: anchor, readingDays: days, deviceDays: days.length },
        [],
      ),
    );
  }
  return out;
}

/**
 * A set-up code another office billed in this episode of care (section 1.1 "once per episode",
 * C2): the same episode start, or a device period that ends on or after this episode's start and
 * starts no later than `until` (the last period end considered now), so monitoring in the two
 * offices overlapped. A set-up whose period ended before this episode began belongs to an earlier
 * episode. Returns the first such claim, or undefined.
 */
export function setupElsewhere(facts: Pick<PatientMonthFacts, 'priorSetupClaims' | 'hospitalId'>, anchor: string, until: string): PatientMonthFacts['priorSetupClaims'][number] | undefined {
  return facts.priorSetupClaims.find(
    (p) =>
      p.hospitalId !== undefined &&
      p.hospitalId !== facts.hospitalId &&
      (p.episodeStart === anchor || (p.period != null && p.period.end >= anchor && p.period.start <= until)),
  );
}

/** The local days from 29 days before the month to its end: the window of reading days the month's periods need. */
export function readingWindow(year: number, month: number): { from: string; to: string } {
  const { first, last } = monthBounds(year, month);
  return { from: dayFromNumber(dayNumber(first) - (PERIOD_DAYS - 1)), to: last };
}
