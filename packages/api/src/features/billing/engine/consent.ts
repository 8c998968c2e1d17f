/**
 * Consent with effective dates (docs/billing-engine.md "Consent"). CCM, PCM and APCM are billed
 * only with the patient's consent to the program documented, and:
 * - the consent takes effect the day it was obtained: care time logged before that day does not
 *   count toward the month's minutes (CMS, MLN909188 "Chronic Care Management Services": consent
 *   is obtained before the services are furnished; the same holds for PCM and APCM);
 * - a revocation is effective at the end of the calendar month (CMS, MLN909188: the patient may
 *   stop CCM "at any time (effective at the end of the calendar month)"): the month of revocation
 *   still bills, later months do not.
 * Pure.
 */
import { formatMmSs, monthBounds } from './dates';
import { t } from './reasons';
import type { BilingualText } from './settings';
import type { ConsentFact, TimeEntryFact } from './types';

/** The programs that need consent on file in the engine. */
export const CONSENT_PROGRAMS = ['CCM', 'PCM', 'APCM'] as const;
export type ConsentProgram = (typeof CONSENT_PROGRAMS)[number];
export const isConsentProgram = (p: string): p is ConsentProgram => (CONSENT_PROGRAMS as readonly string[]).includes(p);

/** The source the consent rules cite in the evidence. */
export const CONSENT_SOURCE = 'CMS MLN909188 Chronic Care Management Services (consent before the service; stop at any time, effective at the end of the calendar month)';

/**
 * The consent of `program` in effect in calendar month `year`-`month`: obtained on or before the
 * month's last day and not revoked before its first day (a revocation in the month still covers
 * it). The earliest such consent (its day is the month's cut-off for time); null when none.
 */
export function consentForMonth(consents: ConsentFact[] | undefined, program: ConsentProgram, year: number, month: number): ConsentFact | null {
  const { first, last } = monthBounds(year, month);
  const covering = (consents ?? [])
    .filter((c) => c.program === program && c.consentDate <= last && (!c.revokedOn || c.revokedOn >= first))
    .sort((a, b) => a.consentDate.localeCompare(b.consentDate));
  return covering[0] ?? null;
}

/** The latest consent of `program` revoked before the month's first day (why a later month does not bill); null when none. */
export function revokedBeforeMonth(consents: ConsentFact[] | undefined, program: ConsentProgram, year: number, month: number): ConsentFact | null {
  const { first } = monthBounds(year, month);
  const revoked = (consents ?? []).filter((c) => c.program === program && c.revokedOn && c.revokedOn < first).sort((a, b) => b.revokedOn!.localeCompare(a.revokedOn!));
  return revoked[0] ?? null;
}

/** Time of one program logged before its consent was obtained (not counted). */
export interface PreConsentTime {
  program: ConsentProgram;
  /** The day the consent in effect was obtained. */
  consentDate: string;
  /** The entries left out: id, local day, seconds. */
  entries: { id: number; day: string; seconds: number }[];
  seconds: number;
  /** MM:SS of `seconds`. */
  time: string;
}

/**
 * Splits the month's time entries into those that count and those of a consent program logged
 * before the day its consent in effect was obtained (per program). A program without a consent
 * in effect keeps its entries: its codes are suppressed for the missing consent and the time is
 * still shown as evidence.
 */
export function splitPreConsentTime(entries: TimeEntryFact[], consents: ConsentFact[] | undefined, year: number, month: number): { counted: TimeEntryFact[]; excluded: Map<ConsentProgram, PreConsentTime> } {
  const cutoff = new Map<ConsentProgram, string>();
  for (const p of CONSENT_PROGRAMS) {
    const c = consentForMonth(consents, p, year, month);
    if (c) { cutoff.set(p, c.consentDate); }
  }
  const counted: TimeEntryFact[] = [];
  const excluded = new Map<ConsentProgram, PreConsentTime>();
  for (const e of entries) {
    const day = isConsentProgram(e.program) ? cutoff.get(e.program) : undefined;
    if (!day || e.day >= day) {
      counted.push(e);
      continue;
    }
    const p = e.program as ConsentProgram;
    const x = excluded.get(p) ?? { program: p, consentDate: day, entries: [], seconds: 0, time: '' };
    if (!x.entries.some((y) => y.id === e.id)) {
      x.entries.push({ id: e.id, day: e.day, seconds: e.seconds });
      x.seconds += e.seconds;
    }
    x.time = formatMmSs(x.seconds);
    excluded.set(p, x);
  }
  return { counted, excluded };
}

/** "10:00 of CCM time logged before the consent was obtained (2026-03-05) is not counted", both languages. */
export function preConsentText(x: PreConsentTime): BilingualText {
  return t(
    `${x.time} of ${x.program} time logged before the consent was obtained (${x.consentDate}) is not counted`,
    `${x.time} de tiempo de ${x.program} registrado antes de obtener el consentimiento (${x.consentDate}) no se cuenta`,
  );
}

/** The note on a month in which the consent was revoked: it still bills, later months do not. */
export function revokedThisMonthText(program: ConsentProgram, revokedOn: string): BilingualText {
  return t(
    `${program} consent revoked on ${revokedOn}: this month still bills (effective at the end of the calendar month); later months do not`,
    `Consentimiento de ${program} revocado el ${revokedOn}: este mes aún se factura (efectivo al final del mes natural); los meses siguientes no`,
  );
}

/** Why a month after the revocation month does not bill. */
export function revokedBeforeText(program: ConsentProgram, revokedOn: string): BilingualText {
  return t(
    `${program} consent revoked on ${revokedOn}: effective at the end of that calendar month, later months are not billed`,
    `Consentimiento de ${program} revocado el ${revokedOn}: efectivo al final de ese mes natural, los meses siguientes no se facturan`,
  );
}
