import {
  SURVEY_REPORT_DEFAULT_OCCURRENCES,
  type EndpointHeaders,
  type EndpointQuery,
  type LatestAssessment,
  type PatientWithMentalHealth,
  type SurveyReport,
  type SurveyReportSeries,
} from '@vigil/contract';
import type { surveys as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import { assertOfficeInScope, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { addDays, localDateOf, officeTimeZone, startOfLocalDay } from '../../lib/office-calendar';
import { loadUserViews } from '../users/index';
import { parseSort } from '../../db/query-helpers';
import { bandsOf } from './scoring/bands';
import * as reportsRepo from './reports.repo';
import * as repo from './surveys.repo';
import { instrumentOf, toScore } from './views';
import { tenantDb } from '../../db/handles';

/** Days back from today of each FILTER_TYPES value (its highValue in the reference data); ALL: no start. */
const filterDays: Record<string, number | null> = { TODAY: 0, YESTERDAY: 1, WEEK: 7, MONTH: 30, THREE_MONTHS: 90, SIX_MONTHS: 180, YEAR: 365, ALL: null };

/** The most completed surveys one report reads (100 per template of many templates). */
const REPORT_READ_LIMIT = 5000;

/**
 * `GET survey/getsurveysreportforpatient`: a visible patient's completed surveys per template since
 * the filter's start (the start of the local day `n` days back in the patient's office time zone;
 * ALL by default), the most recent `limitforoccurrences` (default 12) per template, oldest first
 * for a trend chart, with each instrument's bands. 404 for a patient not visible.
 */
export async function getReport(ctx: AppContext, scope: Scope, headers: EndpointHeaders<typeof contract.getSurveysReportForPatient>, now = new Date()): Promise<SurveyReport> {
  const offices = await repo.findPatientOffices(tenantDb(scope, ctx.db), [headers.patientid]);
  if (offices.length === 0) { throw AppError.notFound(); }
  const tz = officeTimeZone(offices[0]!.timeZone);
  const days = filterDays[headers.filtercase ?? 'ALL'] ?? null;
  const from = days === null ? null : startOfLocalDay(addDays(localDateOf(now, tz), -days), tz);
  const rows = await reportsRepo.findCompleted(tenantDb(scope, ctx.db), headers.patientid, from, REPORT_READ_LIMIT);
  const limit = headers.limitforoccurrences ?? SURVEY_REPORT_DEFAULT_OCCURRENCES;
  const series = new Map<number, SurveyReportSeries>();
  for (const row of rows) {
    let entry = series.get(row.s.templateId);
    if (!entry) {
      const instrument = instrumentOf(row.instrumentCode);
      const score = toScore(row.s.scoreJson);
      entry = { templateId: row.s.templateId, templateName: row.templateName, templateNameEs: row.templateNameEs, instrumentCode: instrument, loincCode: row.loincCode, maxScore: score?.maxTotal ?? null, bands: bandsOf(instrument), points: [] };
      series.set(row.s.templateId, entry);
    }
    if (entry.points.length >= limit) { continue; }
    const score = toScore(row.s.scoreJson);
    entry.points.push({
      surveyId: row.s.id,
      completedAt: row.s.completedAt!.toISOString(),
      completedDate: localDateOf(row.s.completedAt!, officeTimeZone(row.timeZone)),
      total: score?.total ?? Number(row.s.totalScore ?? 0),
      band: score?.band ?? null,
      flags: score?.flags ?? [],
    });
  }
  return { patientId: headers.patientid, series: [...series.values()].map((s) => ({ ...s, points: s.points.reverse() })) };
}

/**
 * `GET user/getrelatedpatientswithmentalhealth` (header hospitalid): a page of the office's
 * patients (404 for an office not the caller's), ranked by their latest risk by default (the
 * highest severity of their latest validated-instrument results, then a PHQ-9 item 9 flag, then
 * the most recent; patients without results last), each with those results and the count of
 * surveys open now.
 */
export async function findMentalHealthList(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  q: EndpointQuery<typeof contract.getRelatedPatientsWithMentalHealth>,
) {
  assertOfficeInScope(scope, hospitalId);
  const sort = parseSort((q.sort ?? '-risk') as 'risk', 'risk');
  const { ids, total } = await reportsRepo.findRankedPatientIds(tenantDb(scope, ctx.db), hospitalId, {
    status: q.status,
    search: q.search?.trim() || undefined,
    minRisk: q.minrisk,
    sort: sort.field as 'risk' | 'lastAssessedAt' | 'lastName',
    descending: sort.descending,
    page: q.page,
    pageSize: q.pageSize,
  });
  const [users, results] = await Promise.all([loadUserViews(tenantDb(scope, ctx.db), ids, { officesVisibleTo: scope }), reportsRepo.findLatestResults(tenantDb(scope, ctx.db), hospitalId, ids)]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const items: PatientWithMentalHealth[] = ids.flatMap((id) => {
    const user = byId.get(id);
    if (!user) { return []; }
    const latest: LatestAssessment[] = results.latest
      .filter((r) => r.s.patientId === id)
      .map((r) => {
        const score = toScore(r.s.scoreJson);
        return {
          surveyId: r.s.id,
          templateId: r.s.templateId,
          templateName: r.templateName,
          templateNameEs: r.templateNameEs,
          instrumentCode: instrumentOf(r.instrumentCode),
          completedAt: r.s.completedAt!.toISOString(),
          total: score?.total ?? Number(r.s.totalScore ?? 0),
          band: score?.band ?? null,
          flags: score?.flags ?? [],
        };
      })
      .sort((a, b) => (b.band?.severity ?? -1) - (a.band?.severity ?? -1) || b.completedAt.localeCompare(a.completedAt));
    const severities = latest.map((l) => l.band?.severity).filter((v): v is number => v !== undefined);
    return [
      {
        ...user,
        latestRisk: severities.length > 0 ? Math.max(...severities) : null,
        hasSafetyFlag: latest.some((l) => l.flags.length > 0),
        lastAssessedAt: latest.reduce<string | null>((acc, l) => (acc === null || l.completedAt > acc ? l.completedAt : acc), null),
        openSurveys: Number(results.open.find((o) => o.patientId === id)?.n ?? 0),
        mentalHealthAssessments: latest,
      },
    ];
  });
  return { items, total, page: q.page, pageSize: q.pageSize };
}
