import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { idSchema } from '../../common/ids';
import { billingMonthSchema, billingPeriodHeadersSchema, billingYearSchema } from './billing.schemas';

/**
 * Billing generation, summaries, details with evidence, runs and readiness
 * (docs/billing-engine.md). Amounts are integer US cents from the fee schedule; time is seconds
 * plus the spec's MM:SS text. Reasons and descriptions come in both languages (`en`, `es`) plus
 * `text` in the caller's. Rule ids (C1..C10, section numbers) refer to
 * shared/reference/billing-rules.md.
 */

const bilingualSchema = z.object({ en: z.string(), es: z.string() });

/** The spec's headers: hospitalId or organizationId, month, year (month defaults to the current one). */
export const billingGenerationHeadersSchema = billingPeriodHeadersSchema;

/** An office's month: header hospitalid (required), month and year (default: the office's current month). */
export const billingHospitalMonthHeadersSchema = z.object({
  hospitalid: idSchema,
  month: billingMonthSchema.optional(),
  year: billingYearSchema.optional(),
});

/** An organization's month: header organizationid (required), month and year. */
export const billingOrganizationMonthHeadersSchema = z.object({
  organizationid: idSchema,
  month: billingMonthSchema.optional(),
  year: billingYearSchema.optional(),
});

/** One patient's month in one office: headers patientid and hospitalid (required), month and year. */
export const billingPatientMonthHeadersSchema = z.object({
  patientid: idSchema,
  hospitalid: idSchema,
  month: billingMonthSchema.optional(),
  year: billingYearSchema.optional(),
});

/** GET billing/getbillingrun (chosen): header runid. */
export const billingRunHeadersSchema = z.object({ runid: idSchema });

/** GET billing/getbillingreadiness (chosen): header hospitalid. */
export const billingReadinessHeadersSchema = z.object({ hospitalid: idSchema });

/**
 * A generation run and its progress (patients done of total). `queued`: waiting for a job worker
 * (also again after a failed attempt that will be retried, with the attempt in `error`); see the
 * README "Jobs".
 */
export const billingRunSchema = z.object({
  runId: z.number().int(),
  scopeKind: z.enum(['patient', 'hospital', 'organization']),
  scopeId: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  /** 0-100. */
  percent: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type BillingRun = z.infer<typeof billingRunSchema>;

/** A device period as evidence (30 days, billed in the month it ends; rule C1). */
export const devicePeriodSchema = z.object({ index: z.number().int(), start: z.string(), end: z.string(), complete: z.boolean() });

/** A time entry as counted (C4: overlapping time of one staff member counts once). */
export const timeEvidenceSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  staffUserId: z.number().int(),
  activity: z.string(),
  seconds: z.number().int(),
  countedSeconds: z.number().int(),
  interactive: z.boolean(),
  medicalNoteDetailId: z.number().int().nullable(),
  /** The video visit call an automatic interactive entry was written for (docs/video-visits.md). */
  videoCallId: z.number().int().nullable().optional(),
});

/** Why a code was produced or not: reading days, time entries, notes, interactive contact, practitioner, rules. */
/**
 * One precedence decision: the rule (docs/billing-engine.md "Precedence"), what decided it, its
 * source, the code kept and the codes it won over; `amounts` (cents, null = not loaded in the fee
 * schedule) only when the rules left a real choice, `amountsNotLoaded` the codes without an amount
 * (then `basis` is 'ruleOrderAmountMissing': the documented order decided, not a $0).
 */
export const precedenceEvidenceSchema = z.object({
  rule: z.string(),
  basis: z.enum(['codingRule', 'facts', 'billingType', 'firstBilled', 'amountThenOrder', 'setting', 'amount', 'ruleOrderAmountMissing']),
  source: z.string(),
  kept: z.string().nullable(),
  over: z.array(z.string()),
  amounts: z.record(z.string(), z.number().int().nullable()).optional(),
  amountsNotLoaded: z.array(z.string()).optional(),
});

export const billingEvidenceSchema = z.object({
  rules: z.array(z.string()),
  period: devicePeriodSchema.optional(),
  episodeStart: z.string().optional(),
  readingDays: z.array(z.string()).optional(),
  deviceDays: z.number().int().optional(),
  timeEntries: z.array(timeEvidenceSchema).optional(),
  totalSeconds: z.number().int().optional(),
  totalTime: z.string().optional(),
  /** `day` is the note's day of service (the time entry it documents, else the day written within the note's month: `daySource`). */
  notes: z
    .array(z.object({ id: z.number().int(), medicalNoteId: z.number().int(), day: z.string(), daySource: z.enum(['timeEntry', 'written', 'noteMonth']).optional(), authorId: z.number().int() }))
    .optional(),
  interactiveContact: z.object({ timeEntryId: z.number().int(), day: z.string(), staffUserId: z.number().int(), videoCallId: z.number().int().nullable().optional() }).nullable().optional(),
  practitioner: z.object({ userId: z.number().int(), name: z.string(), source: z.enum(['profile', 'medicalTeam']) }).nullable().optional(),
  flags: z.array(bilingualSchema).optional(),
  /** Precedence decisions between mutually exclusive codes (docs/billing-engine.md "Precedence"). */
  precedence: z.array(precedenceEvidenceSchema).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** One code: billable, or suppressed with the reason. */
export const billingClaimSchema = z.object({
  /** billing_claims id; null in a preview (month not generated yet). */
  id: z.number().int().nullable(),
  program: z.string(),
  code: z.string(),
  description: bilingualSchema,
  units: z.number().int(),
  status: z.enum(['billable', 'suppressed']),
  reason: bilingualSchema.nullable(),
  /** The reason in the caller's language ('' when none). */
  reasonText: z.string(),
  practitionerUserId: z.number().int().nullable(),
  datesOfService: z.array(z.string()),
  amountCents: z.number().int().nullable(),
  evidence: billingEvidenceSchema,
});
export type BillingClaim = z.infer<typeof billingClaimSchema>;

/** Time of one program in the month (C4-counted). */
export const programTimeSchema = z.object({
  program: z.string(),
  seconds: z.number().int(),
  /** MM:SS (spec). */
  time: z.string(),
  practitionerSeconds: z.number().int(),
  interactive: z.boolean(),
});

/** A readiness warning: at risk (can still be reached with action) or missed. */
export const readinessFlagSchema = z.object({
  /** practitionerMissing, npiMissing, npiInvalid: claim data to fix before month end (CMS NPI check digit). */
  key: z.enum(['noReadingsYet', 'deviceDaysAtRisk', 'deviceDaysMissed', 'minDeviceDaysAtRisk', 'minutesAtRisk', 'noInteractiveContact', 'practitionerMissing', 'npiMissing', 'npiInvalid']),
  severity: z.enum(['atRisk', 'missed']),
  program: z.string(),
  message: bilingualSchema,
  text: z.string(),
});

const codeAmountSchema = z.object({ code: z.string(), program: z.string(), units: z.number().int(), amountCents: z.number().int().nullable() });

/** One patient's month in the summary list. */
export const billingSummaryItemSchema = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  billingType: z.string(),
  practitioner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  year: z.number().int(),
  month: z.number().int(),
  /** The month was generated: `codes` are the stored ones (what the CSV holds); else a live preview. */
  generated: z.boolean(),
  generatedAt: z.string().nullable(),
  codes: z.array(codeAmountSchema),
  suppressedCount: z.number().int(),
  /**
   * Sum of the billable codes' amounts (cents) that have one; codes without a fee-schedule amount
   * are NOT in it (`codesWithoutAmount`). Null when there are billable codes and none has an amount.
   */
  amountCents: z.number().int().nullable(),
  /** Billable codes without a fee-schedule amount (excluded from `amountCents`). */
  codesWithoutAmount: z.number().int(),
  /** Device periods ending in the month with their reading days. */
  periods: z.array(z.object({ program: z.string(), start: z.string(), end: z.string(), complete: z.boolean(), days: z.number().int() })),
  /** Most reading days of a device period ending in the month. */
  readingDays: z.number().int(),
  /**
   * A device period that started by the month's end and ends after it: informational, not a code
   * ("in progress: N reading days so far, billed in the month the period ends"), in the caller's
   * language as `text`; null when none (docs/billing-engine.md "Windows").
   */
  inProgressPeriod: z.object({ program: z.string(), start: z.string(), end: z.string(), days: z.number().int(), message: bilingualSchema, text: z.string() }).nullable(),
  time: z.array(programTimeSchema),
  totalSeconds: z.number().int(),
  /** MM:SS (spec). */
  totalTime: z.string(),
  /** Current month only: readiness warnings. */
  atRisk: z.boolean(),
  flags: z.array(readinessFlagSchema),
});
export type BillingSummaryItem = z.infer<typeof billingSummaryItemSchema>;

/** GET billing/getbillingsummaryforallpatientsformonthv3: paging, search by name, sort. */
export const billingSummaryQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['name', '-name', 'amount', '-amount', 'codes', '-codes']).optional(),
});
export type BillingSummaryQuery = z.output<typeof billingSummaryQuerySchema>;

export const billingSummaryPageSchema = pageOf(billingSummaryItemSchema).extend({
  year: z.number().int(),
  month: z.number().int(),
  /** Sum of the stored billable amounts of the month; excludes the `codesWithoutAmount` billable codes without an amount. */
  totalAmountCents: z.number().int(),
  codesWithoutAmount: z.number().int(),
});
export type BillingSummaryPage = z.infer<typeof billingSummaryPageSchema>;

/** One setting as the engine used it. */
const usedSettingSchema = z.object({ key: z.string(), value: z.union([z.number(), z.boolean(), z.string()]) });

/** A patient's month with every code, billable and suppressed, and its evidence. */
export const billingDetailsSchema = billingSummaryItemSchema.extend({
  /** Not generated yet: the codes are computed live and not stored. */
  preview: z.boolean(),
  runId: z.number().int().nullable(),
  claims: z.array(billingClaimSchema),
  suppressed: z.array(billingClaimSchema),
  settings: z.array(usedSettingSchema),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** Minutes of one program against the marks 10, 20, 40, 60. */
export const programReadinessSchema = programTimeSchema.extend({
  marks: z.array(z.object({ minutes: z.number().int(), reached: z.boolean() })),
  target: z.number().int(),
});

/** A monitored patient's current period: what is reached, what can be, what is at risk. */
export const billingReadinessItemSchema = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  hospitalId: z.number().int(),
  billingType: z.string(),
  today: z.string(),
  deviceProgram: z.enum(['RPM', 'RTM']),
  period: devicePeriodSchema.nullable(),
  readingDays: z.number().int(),
  readingDates: z.array(z.string()),
  readToday: z.boolean(),
  daysLeft: z.number().int(),
  openDays: z.number().int(),
  daysNeededFor16: z.number().int(),
  canReach16: z.boolean(),
  canReach2: z.boolean(),
  projectedDays: z.number(),
  monthDaysLeft: z.number().int(),
  programs: z.array(programReadinessSchema),
  codes: z.array(codeAmountSchema),
  /** Sum of today's codes that have an amount (null when there are codes and none has one); excludes `codesWithoutAmount`. */
  estimatedAmountCents: z.number().int().nullable(),
  codesWithoutAmount: z.number().int(),
  flags: z.array(readinessFlagSchema),
  atRisk: z.boolean(),
});
export type BillingReadinessItem = z.infer<typeof billingReadinessItemSchema>;

/** GET billing/getbillingreadiness: at-risk patients first (missed, then at risk), then by name. */
export const billingReadinessQuerySchema = pageQuerySchema.extend({
  atRiskOnly: z.enum(['true', 'false']).optional(),
});

export const billingReadinessPageSchema = pageOf(billingReadinessItemSchema).extend({
  year: z.number().int(),
  month: z.number().int(),
  atRiskCount: z.number().int(),
});
export type BillingReadinessPage = z.infer<typeof billingReadinessPageSchema>;
