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

/** The chain check's verdict (lib/audit-chain.ts). */
export const auditChainCheckSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** The first break found: 'edited' (a row's fields changed), 'removedBefore' (rows removed before this id), 'headMismatch' (rows removed at the end). */
  break: z.object({ kind: z.enum(['edited', 'removedBefore', 'headMismatch']), id: z.number().int() }).nullable(),
  headId: z.number().int(),
});
export type AuditChainCheck = z.infer<typeof auditChainCheckSchema>;

// System logs -----------------------------------------------------------------------------------

export const systemLogKinds = ['serverError', 'jobRun', 'jobFailure', 'integrationFailure', 'signInRefused', 'mfa'] as const;
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
