/**
 * Live billing readiness (docs/billing-engine.md "Readiness"): for a monitored patient's CURRENT
 * device period and calendar month, what has been reached, what can still be reached, and what is
 * at risk, so a nurse can act before the period or month ends. Pure; built on the month engine.
 *
 * "At risk" means a threshold is not reached yet, can still be reached, but will not be at the
 * current pace (with a safety margin of AT_RISK_MARGIN_DAYS device days), or the month is nearly
 * over (time thresholds, MONTH_END_WARNING_DAYS). "Missed" means it can no longer be reached in
 * this period. These margins are product heuristics, not billing rules.
 */
import { sumKnownAmounts } from './amounts';
import type { BilingualText } from './settings';
import { computePatientMonth, deviceProgramOf } from './compute';
import { daysInPeriod, deviceClaims, episodeAnchor, FULL_DEVICE_DAYS, MIN_DEVICE_DAYS, onlySimulatedReadings, periodContaining, SIMULATED_READINGS_DO_NOT_COUNT } from './device';
import { daysBetween, formatMmSs, monthBounds } from './dates';
import { countTime, type TimeBucket } from './time';
import { splitPreConsentTime } from './consent';
import { isValidNpi } from '@vigil/contract';
import { t } from './reasons';
import { codeCatalogue, setupCodes } from './codes';
import type { DevicePeriod, EngineOptions, PatientMonthFacts } from './types';

export const AT_RISK_MARGIN_DAYS = 4;
export const MONTH_END_WARNING_DAYS = 7;
/** Minute marks shown per program (docs/billing-engine.md "Readiness"). */
export const MINUTE_MARKS = [10, 20, 40, 60] as const;

export interface ReadinessFlag {
  key: 'noReadingsYet' | 'deviceDaysAtRisk' | 'deviceDaysMissed' | 'minDeviceDaysAtRisk' | 'minutesAtRisk' | 'noInteractiveContact' | 'practitionerMissing' | 'npiMissing' | 'npiInvalid';
  severity: 'atRisk' | 'missed';
  program: TimeBucket;
  message: BilingualText;
}

export interface ProgramReadiness {
  program: TimeBucket;
  seconds: number;
  /** MM:SS (spec). */
  time: string;
  practitionerSeconds: number;
  marks: { minutes: number; reached: boolean }[];
  /** The program's first billable threshold (minutes): 20 RPM/RTM/CCM/BHI, 30 PCM/CPM, 36/31 CoCM. */
  target: number;
  interactive: boolean;
}

export interface PatientReadiness {
  patientId: number;
  hospitalId: number;
  today: string;
  billingType: PatientMonthFacts['billingType'];
  deviceProgram: 'RPM' | 'RTM';
  period: DevicePeriod | null;
  readingDays: number;
  readingDates: string[];
  readToday: boolean;
  /** Days from today to the period's end, today included. */
  daysLeft: number;
  /** Days that can still add a reading day (daysLeft, minus today when it already has one). */
  openDays: number;
  daysNeededFor16: number;
  canReach16: boolean;
  canReach2: boolean;
  /** Reading days expected at the end of the period at the pace so far. */
  projectedDays: number;
  monthDaysLeft: number;
  programs: ProgramReadiness[];
  /** Codes that would be billed if the month (and the current device period) closed today. */
  codes: { code: string; program: string; units: number; amountCents: number | null }[];
  /** Sum of today's codes that have an amount; null when there are codes and none has one (sumKnownAmounts). */
  estimatedAmountCents: number | null;
  /** Today's codes without a fee-schedule amount (left out of the estimate). */
  codesWithoutAmount: number;
  flags: ReadinessFlag[];
  atRisk: boolean;
}

const targets: Record<TimeBucket, number> = { RPM: 20, RTM: 20, CCM: 20, PCM: 30, APCM: 0, BHI: 20, COCM: 31, CPM: 30 };

/**
 * Readiness of one patient for the month containing `facts.today` (facts.year/month must be that
 * month). The facts' reading days must cover the current device period (the month window does).
 */
export function computeReadiness(facts: PatientMonthFacts, opts: EngineOptions): PatientReadiness {
  const { settings } = opts;
  const today = facts.today;
  const deviceProgram = deviceProgramOf(facts.billingType);
  const anchor = episodeAnchor(facts);
  const period = anchor ? periodContaining(anchor, today, today) : null;
  const dates = period ? daysInPeriod(facts.readingDays, deviceProgram, settings, period).filter((d) => d <= today) : [];
  const readToday = dates.includes(today);
  const daysLeft = period ? daysBetween(today, period.end) + 1 : 0;
  const openDays = Math.max(0, daysLeft - (readToday ? 1 : 0));
  const elapsed = period ? daysBetween(period.start, today) + 1 : 0;
  const pace = elapsed > 0 ? dates.length / elapsed : 0;
  const projectedDays = Math.min(30, dates.length + pace * (readToday ? daysLeft - 1 : daysLeft));
  const needed16 = Math.max(0, FULL_DEVICE_DAYS - dates.length);
  const canReach16 = dates.length + openDays >= FULL_DEVICE_DAYS;
  const canReach2 = dates.length + openDays >= MIN_DEVICE_DAYS;
  const { last, days: monthDays } = monthBounds(facts.year, facts.month);
  const monthDaysLeft = daysBetween(today, last) + 1;
  const dayOfMonth = monthDays - monthDaysLeft + 1;

  const flags: ReadinessFlag[] = [];
  const monitoredDevice = facts.billingType === 'RPM' || facts.billingType === 'RTM' || anchor !== null;
  if (monitoredDevice && !period) {
    flags.push({
      key: 'noReadingsYet',
      severity: 'atRisk',
      program: deviceProgram,
      message: onlySimulatedReadings(facts, settings)
        ? SIMULATED_READINGS_DO_NOT_COUNT
        : t('No automatic readings yet: the device period has not started', 'Aún no hay lecturas automáticas: el período del dispositivo no ha empezado'),
    });
  }
  if (period) {
    if (needed16 > 0 && canReach16 && projectedDays < FULL_DEVICE_DAYS + AT_RISK_MARGIN_DAYS) {
      flags.push({
        key: 'deviceDaysAtRisk',
        severity: 'atRisk',
        program: deviceProgram,
        message: t(
          `${needed16} more reading days needed in the ${daysLeft} days left of the device period (ends ${period.end}) to reach 16`,
          `Se necesitan ${needed16} días más con lecturas en los ${daysLeft} días que quedan del período (termina el ${period.end}) para llegar a 16`,
        ),
      });
    } else if (needed16 > 0 && !canReach16) {
      flags.push({
        key: 'deviceDaysMissed',
        severity: 'missed',
        program: deviceProgram,
        message: canReach2
          ? t(`16 reading days can no longer be reached in this device period: at most the 2-15 day code`, `Ya no se pueden alcanzar 16 días con lecturas en este período: como máximo el código de 2-15 días`)
          : t('Fewer than 2 reading days possible in this device period: no device code', 'Menos de 2 días con lecturas posibles en este período: ningún código de dispositivo'),
      });
    }
    if (dates.length < MIN_DEVICE_DAYS && canReach2 && !canReach16 && projectedDays < MIN_DEVICE_DAYS + 1) {
      flags.push({
        key: 'minDeviceDaysAtRisk',
        severity: 'atRisk',
        program: deviceProgram,
        message: t(`Only ${dates.length} reading day so far: 2 needed for the 2-15 day code`, `Solo ${dates.length} día con lecturas: se necesitan 2 para el código de 2-15 días`),
      });
    }
  }

  // Pre-consent time does not count (engine/consent.ts), as in the month's codes.
  const time = countTime(splitPreConsentTime(facts.timeEntries, facts.consents, facts.year, facts.month).counted, facts.practitioner?.userId ?? null);
  const programsInPlay = new Set<TimeBucket>([...time.keys()]);
  if (facts.billingType !== 'APCM') { programsInPlay.add(facts.billingType); }
  const programs: ProgramReadiness[] = [...programsInPlay].map((program) => {
    const b = time.get(program);
    const seconds = b?.totalSeconds ?? 0;
    return {
      program,
      seconds,
      time: formatMmSs(seconds),
      practitionerSeconds: b?.practitionerSeconds ?? 0,
      marks: MINUTE_MARKS.map((minutes) => ({ minutes, reached: seconds >= minutes * 60 })),
      target: targets[program],
      interactive: b?.interactive != null,
    };
  });
  for (const p of programs) {
    if (p.target === 0) { continue; }
    const relevant = p.program === 'CPM' ? p.practitionerSeconds : p.seconds;
    if (relevant < p.target * 60) {
      const projected = dayOfMonth > 0 ? (relevant / dayOfMonth) * monthDays : 0;
      if (projected < p.target * 60 || monthDaysLeft <= MONTH_END_WARNING_DAYS) {
        const m = Math.floor(relevant / 60);
        flags.push({
          key: 'minutesAtRisk',
          severity: 'atRisk',
          program: p.program,
          message: t(
            `${p.program}: ${m} of ${p.target} minutes this month, ${monthDaysLeft} days left`,
            `${p.program}: ${m} de ${p.target} minutos este mes, quedan ${monthDaysLeft} días`,
          ),
        });
      }
    }
    if ((p.program === 'RPM' || p.program === 'RTM') && settings.REQUIRE_INTERACTIVE_FOR_MANAGEMENT && !p.interactive && (p.seconds >= 10 * 60 || p.program === facts.billingType)) {
      flags.push({
        key: 'noInteractiveContact',
        severity: 'atRisk',
        program: p.program,
        message: t(
          `${p.program}: no real-time interactive communication yet this month (needed for the management codes)`,
          `${p.program}: aún no hay comunicación interactiva en tiempo real este mes (necesaria para los códigos de gestión)`,
        ),
      });
    }
  }

  // Codes if the month closed today, plus the current device period if it ends after the month.
  const month = computePatientMonth(facts, opts);
  const codes = month.claims.filter((c) => c.status === 'billable').map((c) => ({ code: c.code, program: c.program, units: c.units, amountCents: c.amountCents }));
  if (period && anchor && period.end > last) {
    // The period is billed in the month it ends (deviceClaims): its supply code and, when it is
    // the episode's first period to reach the set-up minimum, its set-up code (99453 / 98975),
    // unless a set-up of this episode is already among this month's codes or billed before.
    const [endYear, endMonth] = period.end.split('-').map(Number) as [number, number];
    const setupThisMonth = codes.some((c) => setupCodes.has(c.code));
    for (const c of deviceClaims(deviceProgram, { ...facts, year: endYear, month: endMonth }, settings)) {
      if (c.status !== 'billable' || c.evidence.period?.start !== period.start) { continue; }
      if (setupCodes.has(c.code) && setupThisMonth) { continue; }
      codes.push({ code: c.code, program: c.program, units: c.units, amountCents: opts.fees[c.code] !== undefined ? opts.fees[c.code]! * c.units : null });
    }
  }
  flags.push(...claimDataFlags(facts, codes.length > 0 || programs.length > 0 || period !== null));
  const order = new Map(codeCatalogue.map((c, i) => [c.code, i]));
  codes.sort((a, b) => (order.get(a.code) ?? 99) - (order.get(b.code) ?? 99));
  const { cents: estimatedAmountCents, withoutAmount: codesWithoutAmount } = sumKnownAmounts(codes);

  return {
    patientId: facts.patientId,
    hospitalId: facts.hospitalId,
    today,
    billingType: facts.billingType,
    deviceProgram,
    period,
    readingDays: dates.length,
    readingDates: dates,
    readToday,
    daysLeft,
    openDays,
    daysNeededFor16: needed16,
    canReach16,
    canReach2,
    projectedDays: Math.round(projectedDays * 10) / 10,
    monthDaysLeft,
    programs,
    codes,
    estimatedAmountCents,
    codesWithoutAmount,
    flags,
    atRisk: flags.length > 0,
  };
}

/**
 * Claim data missing before month end (docs/billing-engine.md "Readiness"): a claim names its
 * billing practitioner by a valid NPI (CMS, "Requirements for National Provider Identifier Check
 * Digit Algorithm": 10 digits, Luhn check digit over 80840 + the first nine). For a patient with
 * something to bill this month (`inPlay`): no billing practitioner (`practitionerMissing`), a
 * practitioner without an NPI (`npiMissing`, "NPI missing for Dr. X") or with one failing the
 * check digit (`npiInvalid`). Nothing when the NPI was not loaded (`npi` absent).
 */
export function claimDataFlags(facts: Pick<PatientMonthFacts, 'practitioner' | 'billingType'>, inPlay: boolean): ReadinessFlag[] {
  if (!inPlay) { return []; }
  const program = facts.billingType;
  const p = facts.practitioner;
  if (!p) {
    return [{ key: 'practitionerMissing', severity: 'atRisk', program, message: t('No billing practitioner: set one in the billing profile or assign a doctor to the medical team (the claim needs their NPI)', 'No hay profesional de facturación: indíquelo en el perfil de facturación o asigne un médico al equipo médico (la reclamación necesita su NPI)') }];
  }
  if (p.npi === undefined) { return []; }
  if (p.npi.trim() === '') {
    return [{ key: 'npiMissing', severity: 'atRisk', program, message: t(`NPI missing for ${p.name}: enter it in the practitioner's professional data before month end`, `Falta el NPI de ${p.name}: indíquelo en los datos profesionales antes de fin de mes`) }];
  }
  if (!isValidNpi(p.npi.trim())) {
    return [{ key: 'npiInvalid', severity: 'atRisk', program, message: t(`The NPI of ${p.name} (${p.npi}) fails the CMS check digit: correct it before month end`, `El NPI de ${p.name} (${p.npi}) no supera el dígito de control de CMS: corríjalo antes de fin de mes`) }];
  }
  return [];
}
