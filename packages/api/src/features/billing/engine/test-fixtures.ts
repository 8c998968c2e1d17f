/** Builders for the engine's unit tests (not shipped logic). */
import { seededFees } from '../../../db/seed/fee-schedule';
import { addDays } from './dates';
import type { Program } from './codes';
import { resolveSettings, type BillingSettings } from './settings';
import type { EngineOptions, PatientMonthFacts, ReadingDay, TimeEntryFact } from './types';

export const PRACTITIONER = 100;
export const NURSE = 200;

/** A patient-month of March 2026, looked at on 15 April 2026 (every period of March complete). */
export function facts(over: Partial<PatientMonthFacts> = {}): PatientMonthFacts {
  return {
    patientId: 1,
    hospitalId: 10,
    year: 2026,
    month: 3,
    today: '2026-04-15',
    billingType: 'RPM',
    practitioner: { userId: PRACTITIONER, name: 'Dr Test', source: 'profile' },
    practitionerPrograms: null,
    diagnoses: ['I10', 'E11.9'],
    chronicConditions: [
      { id: 'diabetes', en: 'Diabetes', es: 'Diabetes', codes: ['E11.9'] },
      { id: 'hypertension', en: 'Hypertension', es: 'Hipertensión', codes: ['I10'] },
    ],
    qmb: false,
    episodeStart: null,
    firstReadingDay: null,
    rtmSystem: null,
    readingDays: [],
    timeEntries: [],
    notes: [],
    priorSetupClaims: [],
    firstCocmMonth: null,
    claimsElsewhere: [],
    // Consent on file for every care-management program unless a test says otherwise (docs/ccm.md).
    consents: (['CCM', 'PCM', 'APCM'] as const).map((program) => ({ program, consentType: 'VERBAL', consentDate: '2026-01-15', obtainedBy: 'Nurse Test' })),
    complexDecisionMaking: 'MODERATE',
    ...over,
  };
}

/** `n` consecutive reading days from `start` (automatic unless told otherwise). */
export function days(start: string, n: number, kind: Partial<Omit<ReadingDay, 'day'>> = {}): ReadingDay[] {
  return Array.from({ length: n }, (_, i) => ({ day: addDays(start, i), automatic: true, simulated: false, selfReported: false, readings: 4, ...kind }));
}

let seq = 0;
/**
 * A finished time entry of `minutes` (seconds may be given instead). Each entry starts 130 minutes
 * after the previous one, so entries never overlap unless `startedAt` is given.
 */
export function entry(program: Program, minutes: number, o: Partial<TimeEntryFact> & { extraSeconds?: number } = {}): TimeEntryFact {
  seq += 1;
  const { extraSeconds = 0, ...rest } = o;
  return {
    id: seq,
    program,
    activity: '',
    staffUserId: NURSE,
    startedAt: new Date(Date.UTC(2026, 2, 2) + seq * 130 * 60_000).toISOString(),
    day: '2026-03-10',
    seconds: minutes * 60 + extraSeconds,
    interactive: false,
    medicalNoteDetailId: null,
    ...rest,
  };
}

/** Engine options: default settings with overrides, CY2026 seeded fees unless given. */
export function options(settings: Partial<BillingSettings> = {}, fees: Record<string, number> = seededFees(2026)): EngineOptions {
  return { settings: resolveSettings(settings), fees };
}
