import type { BusinessReport, BusinessReportQuery, ReportSection } from '@vigil/contract';
import type { AppContext } from '../../context';
import { assertOrganizationInScope, isSystemAdmin, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { buildCsv, type CsvValue } from '../../lib/csv';
import { renderReportPdf } from './report-pdf';
import * as repo from './reports.repo';
import { tenantDb } from '../../db/handles';

/** 'YYYY-MM' as year * 12 + month - 1. */
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
/** The first instant (UTC) of month index `i`. */
const monthStart = (i: number) => new Date(Date.UTC(Math.floor(i / 12), i % 12, 1));

/**
 * Chosen `GET report/getbusinessreport` (routes /SaReports and /OaReports, docs/dashboards.md
 * "Reports"): the report of organization `q.organizationid` for the months `q.from`..`q.to`
 * (UTC months), or, without it, of every organization for a system admin and of the caller's own
 * for anyone else. Sections in reports.repo.ts `reportFigures`; money in integer cents, times in
 * seconds and minutes. 404 when the organization is not the caller's (or does not exist).
 */
export async function getBusinessReport(ctx: AppContext, scope: Scope, q: BusinessReportQuery, now = new Date()): Promise<BusinessReport> {
  let organizationId: number | null = q.organizationid ?? null;
  if (organizationId === null && !isSystemAdmin(scope)) {
    if (scope.organizationId === null) { throw AppError.notFound(); }
    organizationId = scope.organizationId;
  }
  let organizationName: string | null = null;
  if (organizationId !== null) {
    assertOrganizationInScope(scope, organizationId);
    organizationName = await repo.organizationName(tenantDb(scope, ctx.db), organizationId, scope.lang);
    if (organizationName === null) { throw AppError.notFound(); }
  }
  const fromIndex = monthIndex(q.from);
  const toIndex = monthIndex(q.to);
  const figures = await repo.reportFigures(tenantDb(scope, ctx.db), { organizationId, start: monthStart(fromIndex), end: monthStart(toIndex + 1), fromIndex, toIndex });
  return { organizationId, organizationName, from: q.from, to: q.to, generatedAt: now.toISOString(), ...figures };
}

/** The file name of an export: vigil-report-<organization or all>-<from>-<to>.<ext>. */
function fileName(report: BusinessReport, suffix: string): string {
  return `vigil-report-${report.organizationId ?? 'all'}-${report.from}-${report.to}${suffix}`;
}

/** The header and rows of one section (`buildCsv` quotes and guards them; money in cents, times in seconds and minutes). */
function sectionTable(report: BusinessReport, section: ReportSection): { header: string[]; rows: CsvValue[][] } {
  switch (section) {
    case 'patients':
      return { header: ['program', 'status', 'patients'], rows: report.patients.map((p) => [p.program, p.status, p.patients]) };
    case 'billing':
      // amountCents is empty (not 0) for a code without a loaded amount (docs/billing-engine.md "Amounts").
      return { header: ['month', 'code', 'claims', 'units', 'amountCents', 'claimsWithoutAmount'], rows: report.billing.map((b) => [b.month, b.code, b.claims, b.units, b.amountCents ?? '', b.claimsWithoutAmount]) };
    case 'staffTime':
      return { header: ['program', 'seconds', 'entries', 'staff'], rows: report.staffTime.map((s) => [s.program, s.seconds, s.entries, s.staff]) };
    case 'responseTimes':
      return { header: ['month', 'processed', 'medianMinutes', 'p90Minutes'], rows: report.responseTimes.map((r) => [r.month, r.processed, r.medianMinutes, r.p90Minutes]) };
    case 'audit':
      return { header: ['action', 'events', 'refused', 'users', 'patients'], rows: report.audit.map((a) => [a.action, a.events, a.refused, a.users, a.patients]) };
  }
}

/** Chosen `GET report/exportbusinessreportcsv`: one section of the report as CSV (lib/csv.ts `buildCsv`); the same 404s. */
export async function businessReportCsv(ctx: AppContext, scope: Scope, q: BusinessReportQuery & { section: ReportSection }): Promise<{ fileName: string; body: string }> {
  const report = await getBusinessReport(ctx, scope, q);
  const { header, rows } = sectionTable(report, q.section);
  return { fileName: fileName(report, `-${q.section}.csv`), body: buildCsv(header, rows) };
}

/** Chosen `GET report/exportbusinessreportpdf`: the whole report as a PDF in the caller's language (report-pdf.ts); the same 404s. */
export async function businessReportPdf(ctx: AppContext, scope: Scope, q: BusinessReportQuery): Promise<{ fileName: string; body: Buffer }> {
  const report = await getBusinessReport(ctx, scope, q);
  return { fileName: fileName(report, '.pdf'), body: await renderReportPdf(report, scope.lang) };
}
