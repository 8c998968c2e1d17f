/**
 * Inputs and outputs of the billing engine. The engine is pure: generation (generation.ts) reads
 * these facts from the database in set queries, the engine turns them into codes with evidence.
 * All days are 'YYYY-MM-DD' local days of the office's time zone.
 */
import type { BilingualText, BillingSettings } from './settings';
import type { Program } from './codes';

/** One local day with at least one reading, split by kind (billing rule C6). */
export interface ReadingDay {
  day: string;
  /** A reading transmitted automatically by a device (measurements.source 'hub', not manual, not simulated). */
  automatic: boolean;
  /** A simulated (demo) automatic reading; counted only with INCLUDE_SIMULATED_READINGS. */
  simulated: boolean;
  /** A value typed by the patient themselves: counts for RTM only (C6: RTM data may be self-reported). */
  selfReported: boolean;
  /**
   * A reading from a consumer wearable (Terra) whose source an admin marked as an FDA-cleared device
   * for the patient (measurements.source 'terra-fda'): counts like an automatic reading, and the
   * evidence names these days (docs/integrations.md "Billing"). Other Terra readings never count.
   */
  fdaClearedWearable?: boolean;
  /** Number of readings that day (evidence only: several readings make one day). */
  readings: number;
}

/** One finished time entry of the month (time_entries). */
export interface TimeEntryFact {
  id: number;
  program: Program;
  activity: string;
  staffUserId: number;
  /** Instant the entry started (ISO 8601). */
  startedAt: string;
  /** Local day the entry started: the entry counts in that calendar month. */
  day: string;
  seconds: number;
  /** Real-time synchronous two-way communication with the patient or caregiver (C8). */
  interactive: boolean;
  medicalNoteDetailId: number | null;
  /** The video or phone visit call an automatic interactive entry was written for (docs/video-visits.md); null otherwise. */
  videoCallId?: number | null;
}

/**
 * One medical-note detail of the month (medical_note_details of the patient's note for the month).
 * Its day in the evidence is its day of service (noteServiceDay in engine/notes.ts), never simply
 * the day it was written.
 */
export interface NoteFact {
  id: number;
  medicalNoteId: number;
  program: Program;
  /** Local day of the time entry the detail documents (its day of service); null when it documents none. */
  timeEntryDay: string | null;
  /** Local day the detail was written (created_at). */
  writtenDay: string;
  authorId: number;
  /** MEDICAL_NOTE_CATEGORY_TYPE of its template ('' when none). */
  categoryType: string;
}

/**
 * A billable claim of the same patient in ANOTHER office (C2, one practitioner): every claim of the
 * same calendar month, and the device and set-up codes of other months whose 30-day period
 * overlaps a period that can end in this month (periods of two offices need not line up).
 */
export interface ClaimElsewhere {
  hospitalId: number;
  code: string;
  program: Program;
  practitionerUserId: number | null;
  /** The calendar month the claim was billed in. */
  year: number;
  month: number;
  /** The device period of a device or set-up code (its evidence), null for other codes. */
  period: { start: string; end: string } | null;
}

export type RtmSystem = 'RESPIRATORY' | 'MSK' | 'CBT';

/** A set-up code (99453 / 98975) billed before (section 1.1: once per episode of care). */
export interface PriorSetupClaim {
  code: string;
  episodeStart: string;
  year: number;
  month: number;
  /** The office that billed it; absent = this office (older facts). */
  hospitalId?: number;
  /** The device period it was billed in; null when not recorded. */
  period?: { start: string; end: string } | null;
}

/**
 * A validated rating scale completed in the month (a survey of a validated instrument,
 * features/surveys; docs/assessments.md): BHI 99484 and CoCM 99492-99494 include the use of
 * validated rating scales (billing-rules.md section 6, the CPT descriptors), so it is shown in their
 * evidence.
 */
export interface AssessmentFact {
  surveyId: number;
  /** PHQ9, GAD7, AUDIT ... */
  instrumentCode: string;
  /** Local day the survey was completed. */
  day: string;
  total: number;
  /** The band's key ('moderatelySevere') or null. */
  band: string | null;
}

/** One chronic condition of the patient: { id: 'diabetes', en: 'Diabetes', es: 'Diabetes', codes: ['E11.9'] }. */
export interface ChronicConditionFact {
  id: string;
  en: string;
  es: string;
  codes: string[];
}

/**
 * A patient's consent to a care-management program on file in the office (a CCM record's consent
 * form, docs/ccm.md), obtained on or before the month's last day, with its effective dates
 * (engine/consent.ts, docs/billing-engine.md "Consent"). CMS: CCM, PCM and APCM need the
 * patient's verbal or written consent documented before the service is billed.
 */
export interface ConsentFact {
  program: 'CCM' | 'PCM' | 'APCM';
  consentType: string;
  /** The local day it was obtained: time logged before it does not count. */
  consentDate: string;
  obtainedBy: string;
  /** The local day it was revoked (effective at the end of that calendar month); absent or null = in force. */
  revokedOn?: string | null;
}

/** A care plan of a CCM record (ccm_care_plans) with its own dates ('YYYY-MM-DD', null = not recorded). */
export interface CarePlanFact {
  id: number;
  title: string;
  establishedOn: string | null;
  revisedOn: string | null;
}

/** Medical decision making level of the patient's latest CCM record in the office (AMA E/M levels). */
export type DecisionMakingLevel = 'STRAIGHTFORWARD' | 'LOW' | 'MODERATE' | 'HIGH';

/** Everything the engine needs for one patient, one office and one calendar month. */
export interface PatientMonthFacts {
  patientId: number;
  hospitalId: number;
  year: number;
  month: number;
  /** The office's local date "now": periods ending after it are still open (evidence `complete: false`). */
  today: string;
  /** The patient's one billing type (spec section 5): the primary program that wins conflicts. */
  billingType: Program;
  /**
   * The billing practitioner (C2): profile's, else the office medical team's doctor; null = none.
   * `npi` as entered ('' = none; absent = not loaded): a claim needs a valid one (readiness
   * `npiMissing` / `npiInvalid`, CMS NPI check digit).
   */
  practitioner: { userId: number; name: string; source: 'profile' | 'medicalTeam'; npi?: string } | null;
  /** Programs the practitioner is authorised to bill in this office (user_billing_authorizations); null = no restriction recorded. */
  practitionerPrograms: Program[] | null;
  /** ICD-10-CM diagnoses of the billing profile, primary first (the claim's diagnoses). */
  diagnoses: string[];
  /**
   * The patient's distinct chronic conditions (docs/chronic-conditions.md): from the active coded
   * problem-list diagnoses and the billing profile's diagnoses, each with the codes that count for
   * it. CCM needs 2 or more (reference section 3); APCM's level counts them (section 5).
   */
  chronicConditions: ChronicConditionFact[];
  /** Qualified Medicare Beneficiary (APCM G0558). */
  qmb: boolean;
  /** Start of the current episode of care (profile.rpmEpisodeStart), if recorded. */
  episodeStart: string | null;
  /** First qualifying reading day of the patient in this office (anchor when no episode start). */
  firstReadingDay: string | null;
  rtmSystem: RtmSystem | null;
  /** Reading days from 29 days before the month's first day to its last day (the device periods ending in the month). */
  readingDays: ReadingDay[];
  /** Finished time entries started in the month. */
  timeEntries: TimeEntryFact[];
  notes: NoteFact[];
  /**
   * Set-up codes (99453/98975) already billed for this patient: by this office in another month,
   * or by another office in any month, with the episode and device period they belong to.
   */
  priorSetupClaims: PriorSetupClaim[];
  /** First month with CoCM time for this patient (CoCM initial vs subsequent month); null = none before. */
  firstCocmMonth: { year: number; month: number } | null;
  claimsElsewhere: ClaimElsewhere[];
  /** Validated rating scales completed in the month (BHI / CoCM evidence); absent = none. */
  assessments?: AssessmentFact[];
  /** Consents on file (CCM, PCM, APCM); absent = none: those programs are not billed. */
  consents?: ConsentFact[];
  /**
   * The care plans of the patient's CCM records in the office with their establishment and
   * latest revision days (ccm_care_plans): complex CCM reads them first, then a CCM_CARE_PLAN
   * note (management.ts carePlanRevision). Absent = none.
   */
  carePlans?: CarePlanFact[];
  /**
   * The medical decision making recorded on the patient's latest CCM record; complex CCM (99487)
   * needs MODERATE or HIGH. Absent or null = not recorded.
   */
  complexDecisionMaking?: DecisionMakingLevel | null;
}

/** A note as evidence: `day` is its day of service. */
export interface NoteEvidence {
  id: number;
  medicalNoteId: number;
  day: string;
  daySource: 'timeEntry' | 'written' | 'noteMonth';
  authorId: number;
}

/** A 30-day device period (C1). */
export interface DevicePeriod {
  /** 0 for the episode's first period. */
  index: number;
  start: string;
  end: string;
  /** The period has ended (end before or on `today`). */
  complete: boolean;
}

/** Evidence of one time entry as counted (C4: overlapping time of the same staff member counts once). */
export interface TimeEvidence {
  id: number;
  day: string;
  staffUserId: number;
  activity: string;
  seconds: number;
  countedSeconds: number;
  interactive: boolean;
  medicalNoteDetailId: number | null;
  /** The video visit call the entry was written for (evidence of the interactive contact, C8). */
  videoCallId?: number | null;
}

/** Why a code was produced, or why not. */
export interface ClaimEvidence {
  /** Reference rule ids / sections the decision rests on. */
  rules: string[];
  period?: DevicePeriod;
  episodeStart?: string;
  readingDays?: string[];
  deviceDays?: number;
  timeEntries?: TimeEvidence[];
  totalSeconds?: number;
  /** Total as MM:SS (spec). */
  totalTime?: string;
  /** Notes of the claim; `day` is the day of service and `daySource` where it comes from (engine/notes.ts). */
  notes?: NoteEvidence[];
  interactiveContact?: { timeEntryId: number; day: string; staffUserId: number; videoCallId?: number | null } | null;
  practitioner?: { userId: number; name: string; source: 'profile' | 'medicalTeam' } | null;
  /** Warnings a reviewer should check (e.g. an UNCONFIRMED concurrency set to 'flag'). */
  flags?: BilingualText[];
  /** The precedence decisions between mutually exclusive codes this claim took part in, in order (precedence.ts). */
  precedence?: PrecedenceEvidence[];
  /** Validated rating scales completed in the month (BHI / CoCM, section 6). */
  assessments?: AssessmentFact[];
  /** Anything else (diagnoses count, QMB...). */
  details?: Record<string, unknown>;
}

/** What decides an exclusion (a rule's basis), or what decided one decision. */
export type PrecedenceBasis =
  /** A coding rule ranks the codes (CPT / CMS text). */
  | 'codingRule'
  /** The measured facts pick exactly one code (day band, minutes, first month). */
  | 'facts'
  /** The patient's one billing type (spec section 5) is the primary program. */
  | 'billingType'
  /** A claim already billed elsewhere for the same patient and period keeps it (one practitioner). */
  | 'firstBilled'
  /** A real choice: the higher amount when every amount is loaded, else the documented order. */
  | 'amountThenOrder'
  /** An UNCONFIRMED concurrency: a billing setting (allow / flag / block). */
  | 'setting'
  /** Decision only: a real choice decided by the loaded amounts. */
  | 'amount'
  /** Decision only: a real choice decided by the documented order because an amount is not loaded. */
  | 'ruleOrderAmountMissing';

/**
 * One precedence decision (precedence.ts, docs/billing-engine.md "Precedence"): the rule, what
 * decided it, its source, the code kept and the codes it won over. `amounts` (cents per family,
 * null = not loaded) appear only when the rules left a real choice; `amountsNotLoaded` then names
 * the codes without a fee-schedule amount, and the basis is 'ruleOrderAmountMissing'.
 */
export interface PrecedenceEvidence {
  rule: string;
  basis: PrecedenceBasis;
  source: string;
  kept: string | null;
  over: string[];
  amounts?: Record<string, number | null>;
  amountsNotLoaded?: string[];
}

export type ClaimStatus = 'billable' | 'suppressed';

/** One code produced (billable) or considered and not produced (suppressed, with the reason). */
export interface EngineClaim {
  program: Program;
  code: string;
  units: number;
  status: ClaimStatus;
  /** Reason a code is suppressed (or a note on a billable one), in English and Spanish. */
  reason: BilingualText | null;
  practitionerUserId: number | null;
  datesOfService: string[];
  evidence: ClaimEvidence;
  /** units x fee schedule amount; null when the fee schedule has no amount for the code. */
  amountCents: number | null;
}

/** Engine options: resolved settings and the fee schedule of the year (code -> cents per unit). */
export interface EngineOptions {
  settings: BillingSettings;
  fees: Record<string, number>;
}
