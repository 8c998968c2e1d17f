import { z } from 'zod';
import { idSchema } from '../../common/ids';

// docs/dashboards.md: what each figure counts and where it comes from.

/** The facility dashboard's headers: the office (required: the dashboard is one office's). */
export const facilityDashboardHeadersSchema = z.object({ hospitalid: idSchema });

/** Reading-day bands of the month so far (CMS 99454 needs 16 reading days in 30). */
export const adherenceBands = ['none', 'low', 'mid', 'onTrack'] as const;
/** Ages of the open alerts. */
export const alertAgeBands = ['underHour', 'underDay', 'underWeek', 'older'] as const;

const count = z.number().int().min(0);

export const facilityDashboardSchema = z.object({
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  timeZone: z.string(),
  /** the office's local day (YYYY-MM-DD) "today" means */
  localDate: z.string(),
  generatedAt: z.string(),
  /** monitored patients (active, with an active plan or device) by billing program; sum = monitored */
  monitored: count,
  byProgram: z.array(z.object({ program: z.string(), patients: count })),
  readingsToday: count,
  /** patients with at least one reading today */
  patientsReadToday: count,
  /** the office's appointments starting today (its local day), by status (docs/dashboards.md) */
  appointmentsToday: z.object({
    /** all but cancelled ones and unanswered requests */
    booked: count,
    completed: count,
    noShow: count,
    /** requests waiting for the doctor's answer */
    requested: count,
  }),
  /** monitored patients by reading days this month: none 0, low 1-7, mid 8-15, onTrack 16+ */
  adherence: z.object({
    daysElapsed: count,
    bands: z.array(z.object({ band: z.enum(adherenceBands), patients: count })),
    /** missed-measurement alerts (per scheduled time) this month */
    missedThisMonth: count,
  }),
  /** open abnormal-measurement alerts, per reading */
  openAlerts: z.object({
    total: count,
    caution: count,
    critical: count,
    byAge: z.array(z.object({ band: z.enum(alertAgeBands), alerts: count })),
    /** the oldest open alert's age in minutes; null with none open */
    oldestMinutes: z.number().nullable(),
  }),
  /** abnormal-measurement alerts processed in the last 30 days: raised to processed, in minutes */
  responseTime: z.object({
    processed: count,
    medianMinutes: z.number().nullable(),
    p90Minutes: z.number().nullable(),
  }),
  /** this month's billing run results for the office (billing_claims) */
  billing: z.object({
    year: z.number().int(),
    month: z.number().int(),
    billablePatients: count,
    billableClaims: count,
    suppressedClaims: count,
    /** the billable claims' amounts in cents; null when billable claims exist and none has an amount loaded (docs/billing-engine.md "Amounts") */
    amountCents: count.nullable(),
    /** billable claims without a loaded amount, which amountCents leaves out */
    claimsWithoutAmount: count,
    lastRunAt: z.string().nullable(),
  }),
});
export type FacilityDashboard = z.infer<typeof facilityDashboardSchema>;

/** The organization dashboard's headers: the organization (required). */
export const organizationDashboardHeadersSchema = z.object({ organizationid: idSchema });

/**
 * An organization's dashboard: the caller's offices of the organization side by side, each with
 * the facility dashboard's figures, and the month's billing totals over them.
 */
export const organizationDashboardSchema = z.object({
  organizationId: z.number().int(),
  generatedAt: z.string(),
  offices: z.array(facilityDashboardSchema),
  billingTotals: z.object({
    billablePatients: count,
    billableClaims: count,
    suppressedClaims: count,
    amountCents: count.nullable(),
    claimsWithoutAmount: count,
  }),
});
export type OrganizationDashboard = z.infer<typeof organizationDashboardSchema>;

/** One organization's usage on the system dashboard (docs/dashboards.md "/dashboardsystemadmin"). */
export const organizationUsageSchema = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  /** active offices */
  offices: count,
  /** active patients of its offices with an active monitoring plan or device (the facility rule) */
  monitoredPatients: count,
  /** readings of its offices since the start of the month (UTC) */
  readingsThisMonth: count,
  /** active users of the organization who used Vigil in the last 30 days (a session seen) */
  activeUsers: count,
});
export type OrganizationUsage = z.infer<typeof organizationUsageSchema>;

/**
 * The system admin's dashboard: every organization's usage and the system's health. Job runs and
 * failures are the queue's own system log lines of the last 24 hours, per queue; ingestion is the
 * readings stored in the last hour; errors the server errors of the last 24 hours; sockets the
 * connections this API process holds now.
 */
export const systemDashboardSchema = z.object({
  generatedAt: z.string(),
  organizations: z.array(organizationUsageSchema),
  health: z.object({
    /** the start of the 24-hour window of jobs and errors */
    since: z.string(),
    jobs: z.array(z.object({ queue: z.string(), runs: count, failures: count })),
    jobRuns: count,
    jobFailures: count,
    /** readings stored in the last hour, and per minute on average */
    readingsLastHour: count,
    readingsPerMinute: z.number().min(0),
    serverErrors: count,
    socketConnections: count,
  }),
});
export type SystemDashboard = z.infer<typeof systemDashboardSchema>;

// Reports (/SaReports, /OaReports; docs/dashboards.md "Reports") ---------------------------------

/** A calendar month 'YYYY-MM' of 2000-2099 (UTC months: the report spans offices of several time zones). */
const monthText = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/);

/** The report sections, each a table with its chart and its CSV. */
export const reportSections = ['patients', 'billing', 'staffTime', 'responseTimes', 'audit'] as const;
export type ReportSection = (typeof reportSections)[number];

const reportQueryBase = z.object({
  /** the organization; left out, a system admin's report covers every organization and anyone else's their own */
  organizationid: idSchema.optional(),
  /** first and last month of the period, 'YYYY-MM' */
  from: monthText,
  to: monthText,
});
const periodInOrder = (q: { from: string; to: string }) => q.from <= q.to;

/** The report's query: the organization (optional) and the period in months. */
export const businessReportQuerySchema = reportQueryBase
  .refine(periodInOrder, { path: ['to'], message: 'endBeforeStart' });
export type BusinessReportQuery = z.output<typeof businessReportQuerySchema>;

/** The CSV's query: the report's, and the section to export. */
export const businessReportCsvQuerySchema = reportQueryBase
  .extend({ section: z.enum(reportSections) })
  .refine(periodInOrder, { path: ['to'], message: 'endBeforeStart' });

/**
 * The organization(s)' report for the period: patients by program and status (now), billable
 * codes by month and code (the billing runs' stored `billing_claims`), staff time by program (care
 * time entries started in the period), alert response times by month (abnormal-reading alerts
 * processed in the period, per reading: median and 90th percentile in minutes), and the PHI audit
 * trail by action (events, refused calls, distinct users and patients).
 */
export const businessReportSchema = z.object({
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  patients: z.array(z.object({ program: z.string(), status: z.enum(['active', 'inactive']), patients: count })),
  billing: z.array(z.object({ month: z.string(), code: z.string(), claims: count, units: count, amountCents: count.nullable(), claimsWithoutAmount: count })),
  staffTime: z.array(z.object({ program: z.string(), seconds: count, entries: count, staff: count })),
  responseTimes: z.array(z.object({ month: z.string(), processed: count, medianMinutes: z.number().nullable(), p90Minutes: z.number().nullable() })),
  audit: z.array(z.object({ action: z.enum(['C', 'R', 'U', 'D', 'E']), events: count, refused: count, users: count, patients: count })),
});
export type BusinessReport = z.infer<typeof businessReportSchema>;
