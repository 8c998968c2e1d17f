import { z } from 'zod';
import { idSchema, intTextSchema } from '../../common/ids';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { sortQuery } from '../../common/sorting';

// The PHI audit trail, system logs and the Reporting section (portal-spec.md section 7 "Logs and
// reporting"; docs/audit.md).

const dateText = z.iso.date();
const isoDateTime = z.string();

/** FHIR AuditEvent.action: C create, R read, U update, D delete, E execute. */
export const auditActions = ['C', 'R', 'U', 'D', 'E'] as const;

/** One audit event with the names of the caller and the patient (when they still exist). */
export const auditEventSchema = z.object({
  id: z.number().int(),
  at: isoDateTime,
  userId: z.number().int(),
  userName: z.string(),
  roleId: z.number().int(),
  organizationId: z.number().int().nullable(),
  patientId: z.number().int().nullable(),
  patientName: z.string(),
  resource: z.string(),
  action: z.enum(auditActions),
  endpoint: z.string(),
  outcome: z.number().int(),
  address: z.string(),
  requestId: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventSortFields = ['at', 'id'] as const;

/** Filters of the audit trail: patient, caller, action, a period of days (UTC) and paging. */
export const auditEventQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(auditEventSortFields),
  patientId: idSchema.optional(),
  userId: idSchema.optional(),
  action: z.enum(auditActions).optional(),
  from: dateText.optional(),
  to: dateText.optional(),
});
export const auditEventPageSchema = pageOf(auditEventSchema);

/** The FHIR AuditEvent NDJSON export's period (UTC days, both included, at most 366 days). */
export const auditExportQuerySchema = z
  .object({ from: dateText, to: dateText })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'endBeforeStart' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { path: ['to'], message: 'tooBig' });

/**
 * Why a check failed, at the first bad position (a row id; docs/audit.md "What a check reports"):
 * 'edited' (a row's fields changed), 'removedBefore' (rows removed before this id), 'headMismatch'
 * (rows removed at the end, the head not moved), 'truncated' (the rows from this id up to a signed
 * checkpoint's position are gone: removed at the end with the head moved back, or all of them),
 * 'rewritten' (the chain no longer leads to a signed checkpoint's hash: a row from `id` up to
 * `throughId` was edited and every later hash recomputed), 'forgedCheckpoint' (line `line` of the
 * checkpoint file does not carry the key's signature; `id` the position it claims, 0 if none).
 */
export const auditBreakKinds = ['edited', 'removedBefore', 'headMismatch', 'truncated', 'rewritten', 'forgedCheckpoint'] as const;
export type AuditBreakKind = (typeof auditBreakKinds)[number];

/** The chain check's verdict (api lib/audit-chain.ts, features/audit/chain-check.ts). */
export const auditChainCheckSchema = z.object({
  ok: z.boolean(),
  /** Rows whose hashes were checked. */
  checked: z.number().int(),
  break: z
    .object({
      kind: z.enum(auditBreakKinds),
      id: z.number().int(),
      /** 'rewritten': the signed checkpoint whose position the chain no longer matches. */
      throughId: z.number().int().optional(),
      /** 'forgedCheckpoint': the line of the checkpoint file (1 first). */
      line: z.number().int().optional(),
    })
    .nullable(),
  headId: z.number().int(),
  /** Where the rows checked start: 0 from the first row (a full check), else the signed checkpoint's position re-verified first (incremental). */
  fromId: z.number().int().optional(),
  /** The newest signed checkpoint the rows were compared with (position and ISO time), null when there is none. */
  checkpoint: z.object({ lastId: z.number().int(), at: isoDateTime }).nullable().optional(),
  /** False when no checkpoint key is configured: only the chain's own agreement was checked (docs/audit.md "Threat model"). */
  keyConfigured: z.boolean().optional(),
});
export type AuditChainCheck = z.infer<typeof auditChainCheckSchema>;

/** One verification of the trail: an incremental check (the schedule, the chain-check endpoint) or a full re-check (a background job). */
export const auditVerificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['incremental', 'full']),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Rows checked so far and the rows to check (the head's count when it started), for the progress bar. */
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  startedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  /** The verdict once done; null while queued or running, or when it failed (`error` says why, in English, no data). */
  result: auditChainCheckSchema.nullable(),
  error: z.string().nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

/** What /logs shows about the trail's protection: the key, the newest checkpoint, the last verdict and the newest full re-check. */
export const auditVerificationStatusSchema = z.object({
  keyConfigured: z.boolean(),
  lastCheckpoint: z.object({ lastId: z.number().int(), count: z.number().int(), at: isoDateTime }).nullable(),
  /** The newest finished verification (either kind). */
  lastResult: auditVerificationSchema.nullable(),
  /** The newest full re-check (running, or finished). */
  fullCheck: auditVerificationSchema.nullable(),
});
export type AuditVerificationStatus = z.infer<typeof auditVerificationStatusSchema>;

// System logs -----------------------------------------------------------------------------------

export const systemLogKinds = ['serverError', 'jobRun', 'jobFailure', 'integrationFailure', 'signInRefused', 'mfa', 'fhirApi'] as const;
export const systemLogLevels = ['error', 'warn', 'info'] as const;

export const systemLogSchema = z.object({
  id: z.number().int(),
  at: isoDateTime,
  level: z.enum(systemLogLevels),
  kind: z.enum(systemLogKinds),
  source: z.string(),
  message: z.string(),
  requestId: z.string(),
  userId: z.number().int().nullable(),
  organizationId: z.number().int().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type SystemLog = z.infer<typeof systemLogSchema>;

/** getsystemlogs' filters, as headers (spec section 7): kind, level, a period of days (UTC), a request id. */
export const systemLogHeadersSchema = z.object({
  kind: z.enum(systemLogKinds).optional(),
  level: z.enum(systemLogLevels).optional(),
  fromdate: dateText.optional(),
  todate: dateText.optional(),
  requestid: z.string().trim().max(100).optional(),
});
export const systemLogSortFields = ['at', 'level', 'kind'] as const;
export const systemLogQuerySchema = pageQuerySchema.extend({ sort: sortQuery(systemLogSortFields) });
export const systemLogPageSchema = pageOf(systemLogSchema);
export const systemLogIdHeadersSchema = z.object({ systemlogid: idSchema });

// Reporting -------------------------------------------------------------------------------------

/**
 * The Reporting section's filters (spec section 7): office (hospitalId), organization, staff member
 * and a period: a year, a month of it, a day of that month (UTC days; docs/audit.md "Reports").
 */
const reportFilterBase = pageQuerySchema.extend({
  hospitalId: idSchema.optional(),
  organizationId: idSchema.optional(),
  staffId: idSchema.optional(),
  year: intTextSchema(2000, 2100),
  month: intTextSchema(1, 12).optional(),
  day: intTextSchema(1, 31).optional(),
});
const dayNeedsMonth = (q: { day?: number; month?: number }) => q.day === undefined || q.month !== undefined;
export const reportFilterSchema = reportFilterBase.refine(dayNeedsMonth, { path: ['month'], message: 'required' });
export type ReportFilter = z.output<typeof reportFilterSchema>;

/** One staff member's activity in the period (getallrelatedstaffauditreport). */
export const staffAuditRowSchema = z.object({
  staffId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.number().int(),
  logins: z.number().int(),
  secondsTracked: z.number().int(),
  readingsEntered: z.number().int(),
  recordsOpened: z.number().int(),
});
export const loginRowSchema = z.object({
  sessionId: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.number().int(),
  signedInAt: isoDateTime,
  lastSeenAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  endReason: z.string().nullable(),
  address: z.string(),
  sessionType: z.string(),
});
export const timeTrackingRowSchema = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  staffName: z.string(),
  patientId: z.number().int(),
  patientName: z.string(),
  hospitalId: z.number().int(),
  program: z.string(),
  activity: z.string(),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  seconds: z.number().int().nullable(),
  isAutomatic: z.boolean(),
});
export const measurementAuditRowSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  patientName: z.string(),
  hospitalId: z.number().int(),
  deviceType: z.string(),
  measuredAt: isoDateTime,
  source: z.string(),
  severity: z.number().int(),
  enteredBy: z.number().int().nullable(),
  enteredByName: z.string(),
});
export const staffAuditPageSchema = pageOf(staffAuditRowSchema);
export const loginPageSchema = pageOf(loginRowSchema);
export const timeTrackingPageSchema = pageOf(timeTrackingRowSchema);
export const measurementAuditPageSchema = pageOf(measurementAuditRowSchema);

/** Which report a CSV export holds. */
export const auditReportKinds = ['staff', 'logins', 'timetrackings', 'measurements'] as const;
export type AuditReportKind = (typeof auditReportKinds)[number];
export const auditReportCsvQuerySchema = reportFilterBase.extend({ report: z.enum(auditReportKinds) }).refine(dayNeedsMonth, { path: ['month'], message: 'required' });

/** The periods of the daily scores (FILTER_TYPES): today, the last 7 days, the last 30 days, in the office's time zone. */
export const dailyScoreFilterCases = ['TODAY', 'WEEK', 'MONTH'] as const;
export const dailyScoreQuerySchema = z.object({
  filterCase: z.enum(dailyScoreFilterCases).default('TODAY'),
  hospitalId: idSchema.optional(),
});

/**
 * A patient's daily score (docs/audit.md "Daily score"): readings taken against the plan's
 * expected readings (adherence, 0-100), abnormal readings and open alerts, combined as
 * score = adherence - 10 x abnormal - 15 x open alerts, bounded to 0-100.
 */
export const patientDailyScoreSchema = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  hospitalId: z.number().int(),
  expectedReadings: z.number().int(),
  readingsTaken: z.number().int(),
  adherence: z.number().int(),
  abnormalReadings: z.number().int(),
  openAlerts: z.number().int(),
  score: z.number().int(),
});
export type PatientDailyScore = z.infer<typeof patientDailyScoreSchema>;
