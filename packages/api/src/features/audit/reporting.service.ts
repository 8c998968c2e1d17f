import type { EndpointQuery, PatientDailyScore, ReportFilter, reporting as reportingContract } from '@vigil/contract';
import type { AppContext } from '../../context';
import { assertOrganizationInScope, type Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { auditTrail } from '../../lib/audit-trail';
import { buildCsv } from '../../lib/csv';
import { filterCaseStart, officeTimeZone } from '../../lib/office-calendar';
import { CSV_MAX_ROWS } from './audit.service';
import * as repo from './reporting.repo';
import { tenantDb } from '../../db/handles';

/** The Reporting section (spec section 7 "Logs and reporting"; docs/audit.md "Reports"). */

/** The spec's failure message for every report ("Failed to fetch audit report: No meta data!", section 8). */
const reportFailed = () => new AppError('notFound', 'auditReportFailed');

/**
 * The report's UTC period from year / month / day, and its filters checked against the caller's
 * scope: an office, organization or staff member the caller does not see answers 404 with the
 * spec's audit report message (as does an impossible date such as 31 February).
 */
export async function reportWindow(ctx: AppContext, scope: Scope, f: ReportFilter): Promise<repo.ReportWindow> {
  const from = new Date(Date.UTC(f.year, (f.month ?? 1) - 1, f.day ?? 1));
  if (f.day !== undefined && from.getUTCDate() !== f.day) { throw new AppError('badRequest', 'validationFailed', {}, { day: 'regex' }); }
  const to = f.day !== undefined ? new Date(Date.UTC(f.year, f.month! - 1, f.day + 1)) : f.month !== undefined ? new Date(Date.UTC(f.year, f.month, 1)) : new Date(Date.UTC(f.year + 1, 0, 1));
  if (f.hospitalId !== undefined && !(await getOfficeInScope(tenantDb(scope, ctx.db), f.hospitalId))) { throw reportFailed(); }
  if (f.organizationId !== undefined) {
    try {
      assertOrganizationInScope(scope, f.organizationId);
    } catch {
      throw reportFailed();
    }
  }
  if (f.staffId !== undefined && !(await repo.isStaffVisible(tenantDb(scope, ctx.db), f.staffId))) { throw reportFailed(); }
  return { from, to, hospitalId: f.hospitalId, organizationId: f.organizationId, staffId: f.staffId };
}

const paged = <T>(f: ReportFilter, r: { items: T[]; total: number }) => ({ ...r, page: f.page, pageSize: f.pageSize });

export async function staffReport(ctx: AppContext, scope: Scope, f: ReportFilter) {
  await auditTrail(ctx).flush(); // "records opened" counts the events recorded up to now
  return paged(f, await repo.findStaffActivity(tenantDb(scope, ctx.db), await reportWindow(ctx, scope, f), f));
}
export async function loginsReport(ctx: AppContext, scope: Scope, f: ReportFilter) {
  return paged(f, await repo.findLogins(tenantDb(scope, ctx.db), await reportWindow(ctx, scope, f), f));
}
export async function timeTrackingsReport(ctx: AppContext, scope: Scope, f: ReportFilter) {
  return paged(f, await repo.findTimeTrackings(tenantDb(scope, ctx.db), await reportWindow(ctx, scope, f), f));
}
export async function measurementsReport(ctx: AppContext, scope: Scope, f: ReportFilter) {
  return paged(f, await repo.findMeasurements(tenantDb(scope, ctx.db), await reportWindow(ctx, scope, f), f));
}

/** One report as CSV (at most CSV_MAX_ROWS rows), same filters. */
export async function reportCsv(ctx: AppContext, scope: Scope, q: EndpointQuery<typeof reportingContract.exportAuditReportCsv>): Promise<{ fileName: string; body: string }> {
  const f = { ...q, page: 1, pageSize: CSV_MAX_ROWS };
  const period = [q.year, q.month, q.day].filter((v) => v !== undefined).join('-');
  const fileName = `audit-report-${q.report}-${period}.csv`;
  if (q.report === 'staff') {
    const { items } = await staffReport(ctx, scope, f);
    return { fileName, body: buildCsv(['staffId', 'firstName', 'lastName', 'roleId', 'logins', 'secondsTracked', 'readingsEntered', 'recordsOpened'], items.map((r) => [r.staffId, r.firstName, r.lastName, r.roleId, r.logins, r.secondsTracked, r.readingsEntered, r.recordsOpened])) };
  }
  if (q.report === 'logins') {
    const { items } = await loginsReport(ctx, scope, f);
    return { fileName, body: buildCsv(['sessionId', 'userId', 'firstName', 'lastName', 'roleId', 'signedInAt', 'lastSeenAt', 'endedAt', 'endReason', 'address', 'sessionType'], items.map((r) => [r.sessionId, r.userId, r.firstName, r.lastName, r.roleId, r.signedInAt, r.lastSeenAt, r.endedAt, r.endReason, r.address, r.sessionType])) };
  }
  if (q.report === 'timetrackings') {
    const { items } = await timeTrackingsReport(ctx, scope, f);
    return { fileName, body: buildCsv(['id', 'staffId', 'staffName', 'patientId', 'patientName', 'hospitalId', 'program', 'activity', 'startedAt', 'endedAt', 'seconds', 'isAutomatic'], items.map((r) => [r.id, r.staffId, r.staffName, r.patientId, r.patientName, r.hospitalId, r.program, r.activity, r.startedAt, r.endedAt, r.seconds, String(r.isAutomatic)])) };
  }
  const { items } = await measurementsReport(ctx, scope, f);
  return { fileName, body: buildCsv(['id', 'patientId', 'patientName', 'hospitalId', 'deviceType', 'measuredAt', 'source', 'severity', 'enteredBy', 'enteredByName'], items.map((r) => [r.id, r.patientId, r.patientName, r.hospitalId, r.deviceType, r.measuredAt, r.source, r.severity, r.enteredBy, r.enteredByName])) };
}

/** How many days the daily score's period spans (TODAY 1, WEEK 7, MONTH 30: lib/office-calendar.ts filterCaseStart). */
const PERIOD_DAYS = { TODAY: 1, WEEK: 7, MONTH: 30 } as const;

/**
 * The daily score (docs/audit.md "Daily score") from its facts: adherence = readings taken against
 * the plan's readings for the period (0-100, capped), minus 10 per abnormal reading and 15 per open
 * alert, bounded to 0-100. A patient without planned readings has adherence 0 unless readings came in (100).
 */
export function dailyScore(f: { planned: number; taken: number; abnormal: number; open: number }, days: number) {
  const expected = f.planned * days;
  const adherence = expected === 0 ? (f.taken > 0 ? 100 : 0) : Math.min(100, Math.round((100 * f.taken) / expected));
  const score = Math.max(0, Math.min(100, adherence - 10 * f.abnormal - 15 * f.open));
  return { expectedReadings: expected, adherence, score };
}

/** Each monitored patient's daily score in the caller's offices (or the one asked for), per office in its time zone. */
export async function patientDailyScores(ctx: AppContext, scope: Scope, q: EndpointQuery<typeof reportingContract.getAllRelatedPatientDailyScores>): Promise<PatientDailyScore[]> {
  const offices = await repo.officesInScope(tenantDb(scope, ctx.db), q.hospitalId);
  if (q.hospitalId !== undefined && offices.length === 0) { throw reportFailed(); }
  const now = new Date();
  const out: PatientDailyScore[] = [];
  for (const office of offices) {
    const from = filterCaseStart(q.filterCase, now, officeTimeZone(office.timeZone))!;
    for (const r of await repo.dailyScoreFacts(tenantDb(scope, ctx.db), office.id, from)) {
      const s = dailyScore(r, PERIOD_DAYS[q.filterCase]);
      out.push({ patientId: r.patientId, firstName: r.firstName, lastName: r.lastName, hospitalId: office.id, readingsTaken: r.taken, abnormalReadings: r.abnormal, openAlerts: r.open, ...s });
    }
  }
  return out;
}
