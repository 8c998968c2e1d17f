/**
 * Billing generation, summaries, details with evidence, runs and readiness (docs/billing-engine.md;
 * spec section 7 "Billing"). Rules:
 * - the month defaults to the current one in the office's time zone; a month still to come is
 *   refused (400 billingMonthInFuture);
 * - an office, organization, patient or run outside the caller's scope reads as not found (404);
 * - office and organization generation answer the run at once, queued as a job that any API
 *   process works in batches (billing-runs.ts, generation.ts; README "Jobs"); a patient's
 *   generation runs now and answers its details.
 */
import { localYearMonth, officeTimeZone, isLaterMonth, type YearMonth } from '../../lib/office-calendar';
import type { Lang, EndpointResponse, billing as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { codeCatalogue } from './engine/codes';
import { formatMmSs } from './engine/dates';
import { computeReadiness, type PatientReadiness, type ReadinessFlag } from './engine/readiness';
import { billingSettingDefs } from './engine/settings';
import type { ClaimEvidence, EngineClaim } from './engine/types';
import { startBackgroundRun } from './billing-runs';
import { sumKnownAmounts } from './engine/amounts';
import { BATCH_SIZE, computeBatch, generateOffice, loadOfficeMonth, type OfficeMonth, type PatientMonthOutcome } from './generation';
import * as runs from './billing-runs.repo';
import * as repo from './generation.repo';
import * as reads from './billing-generation.repo';
import { tenantDb } from '../../db/handles';

type SummaryItem = EndpointResponse<typeof contract.getBillingSummaryForPatientForMonth>;
type SummaryPage = EndpointResponse<typeof contract.getBillingSummaryForAllPatientsForMonthV3>;
type Details = EndpointResponse<typeof contract.getBillingDetailsForPatientForMonth>;
type Run = EndpointResponse<typeof contract.getBillingRun>;
type ReadinessPage = EndpointResponse<typeof contract.getBillingReadiness>;
type ClaimView = Details['claims'][number];

/**
 * The billing month: the headers' month and year, each defaulting to the current one in `tz`.
 * Throws 400 billingMonthInFuture for a month still to come.
 */
export function resolveMonth(h: { month?: number; year?: number }, tz: string, now = new Date()): YearMonth {
  const current = localYearMonth(now, officeTimeZone(tz));
  const ym = { year: h.year ?? current.year, month: h.month ?? current.month };
  if (isLaterMonth(ym, current)) { throw AppError.badRequest('billingMonthInFuture', undefined, { month: ym.month, year: ym.year }); }
  return ym;
}

const isCurrent = (ym: YearMonth, tz: string) => {
  const c = localYearMonth(new Date(), officeTimeZone(tz));
  return c.year === ym.year && c.month === ym.month;
};

/** The office (404 outside scope); with an organization id as well, it must belong to it. */
async function officeOr404(ctx: AppContext, scope: Scope, hospitalId: number, organizationId?: number): Promise<repo.OfficeRef> {
  const office = await repo.findOffice(tenantDb(scope, ctx.db), hospitalId);
  if (!office || (organizationId !== undefined && office.organizationId !== organizationId)) { throw AppError.notFound(); }
  return office;
}

/** The offices a header set names: the office, or the organization's offices the caller sees (404 when none). */
async function officesOf(ctx: AppContext, scope: Scope, h: { hospitalid?: number; organizationid?: number }): Promise<repo.OfficeRef[]> {
  if (h.hospitalid !== undefined) { return [await officeOr404(ctx, scope, h.hospitalid, h.organizationid)]; }
  const offices = await repo.findOrganizationOffices(tenantDb(scope, ctx.db), h.organizationid!);
  if (offices.length === 0) { throw AppError.notFound(); }
  return offices;
}

/** The patient as a patient of the office (404 when not assigned or out of scope). */
async function patientOr404(ctx: AppContext, scope: Scope, office: repo.OfficeRef, patientId: number): Promise<repo.PatientBase> {
  const [patient] = await repo.findOfficePatients(tenantDb(scope, ctx.db), office, [patientId]);
  if (!patient) { throw AppError.notFound(); }
  return patient;
}

// Views -----------------------------------------------------------------------------------------

const descriptions = new Map(codeCatalogue.map((c) => [c.code, { en: c.en, es: c.es }]));
const describe = (code: string) => descriptions.get(code) ?? { en: code, es: code };

const flagView = (f: ReadinessFlag, lang: Lang) => ({ key: f.key, severity: f.severity, program: f.program, message: f.message, text: f.message[lang] });

function engineClaimView(c: EngineClaim, lang: Lang): ClaimView {
  return {
    id: null,
    program: c.program,
    code: c.code,
    description: describe(c.code),
    units: c.units,
    status: c.status,
    reason: c.reason,
    reasonText: c.reason?.[lang] ?? '',
    practitionerUserId: c.practitionerUserId,
    datesOfService: c.datesOfService,
    amountCents: c.amountCents,
    evidence: c.evidence as ClaimView['evidence'],
  };
}

function storedClaimView(c: reads.StoredClaim, lang: Lang): ClaimView {
  const { reason, description, ...evidence } = c.evidenceJson as unknown as ClaimEvidence & { reason?: { en: string; es: string } | null; description?: { en: string; es: string } | null };
  const bilingual = reason ?? (c.reason ? { en: c.reason, es: c.reason } : null);
  return {
    id: c.id,
    program: c.program,
    code: c.code,
    description: description ?? describe(c.code),
    units: c.units,
    status: c.status === 'billable' ? 'billable' : 'suppressed',
    reason: bilingual,
    reasonText: bilingual?.[lang] ?? '',
    practitionerUserId: c.practitionerUserId,
    datesOfService: c.datesOfService,
    amountCents: c.amountCents,
    evidence: { ...evidence, rules: evidence.rules ?? [] } as ClaimView['evidence'],
  };
}

/** One summary item from the live outcome (metrics, preview codes), the stored claims and readiness. */
function summaryItem(
  office: repo.OfficeRef,
  om: OfficeMonth,
  o: PatientMonthOutcome,
  stored: reads.StoredClaim[],
  readiness: PatientReadiness | null,
  lang: Lang,
  officeGeneratedAt: Date | null,
): SummaryItem {
  const p = o.patient;
  // Generated: codes stored, or a finished run of the office or organization covered the patient's
  // month (a patient with no code at all stores nothing, yet was generated).
  const generated = stored.length > 0 || officeGeneratedAt !== null;
  const codes = generated
    ? stored.filter((c) => c.status === 'billable').map((c) => ({ code: c.code, program: c.program, units: c.units, amountCents: c.amountCents }))
    : o.result.claims.filter((c) => c.status === 'billable').map((c) => ({ code: c.code, program: c.program, units: c.units, amountCents: c.amountCents }));
  const suppressedCount = generated ? stored.filter((c) => c.status !== 'billable').length : o.result.claims.filter((c) => c.status !== 'billable').length;
  const time = o.result.metrics.time.map((t) => ({ program: t.bucket, seconds: t.seconds, time: t.time, practitionerSeconds: t.practitionerSeconds, interactive: t.interactive }));
  const totalSeconds = time.reduce((s, t) => s + t.seconds, 0);
  const generatedAt = stored.length > 0 ? stored.reduce((m, c) => (c.createdAt > m ? c.createdAt : m), stored[0]!.createdAt).toISOString() : (officeGeneratedAt?.toISOString() ?? null);
  return {
    patientId: p.patientId,
    firstName: p.firstName,
    lastName: p.lastName,
    hospitalId: office.id,
    hospitalName: office.name,
    billingType: p.billingType,
    practitioner: p.practitionerUserId !== null ? { id: p.practitionerUserId, name: p.practitionerName ?? '' } : null,
    year: om.year,
    month: om.month,
    generated,
    generatedAt,
    codes,
    suppressedCount,
    // A code without a fee-schedule amount is left out of the sum and counted, never added as $0.
    amountCents: sumKnownAmounts(codes).cents,
    codesWithoutAmount: sumKnownAmounts(codes).withoutAmount,
    periods: o.result.metrics.periods,
    readingDays: o.result.metrics.periods.reduce((m, x) => Math.max(m, x.days), 0),
    inProgressPeriod: o.result.metrics.inProgress ? { ...o.result.metrics.inProgress, text: o.result.metrics.inProgress.message[lang] } : null,
    time,
    totalSeconds,
    totalTime: formatMmSs(totalSeconds),
    atRisk: readiness?.atRisk ?? false,
    flags: (readiness?.flags ?? []).map((f) => flagView(f, lang)),
  };
}

const usedSettings = (om: OfficeMonth) => billingSettingDefs.map((d) => ({ key: d.key, value: om.settings[d.key] }));

/** The details of one patient-month: stored claims when generated, else the live preview. */
function detailsOf(
  office: repo.OfficeRef,
  om: OfficeMonth,
  o: PatientMonthOutcome,
  stored: reads.StoredClaim[],
  readiness: PatientReadiness | null,
  lang: Lang,
  officeGeneratedAt: Date | null,
): Details {
  const preview = stored.length === 0 && officeGeneratedAt === null;
  const claims = stored.length > 0 || !preview ? stored.map((c) => storedClaimView(c, lang)) : o.result.claims.map((c) => engineClaimView(c, lang));
  return {
    ...summaryItem(office, om, o, stored, readiness, lang, officeGeneratedAt),
    preview,
    runId: stored.reduce<number | null>((m, c) => (c.runId !== null && (m === null || c.runId > m) ? c.runId : m), null),
    claims: claims.filter((c) => c.status === 'billable'),
    suppressed: claims.filter((c) => c.status === 'suppressed'),
    settings: usedSettings(om),
  };
}

function runView(r: runs.RunRow): Run {
  return {
    runId: r.id,
    scopeKind: r.scopeKind as Run['scopeKind'],
    scopeId: r.scopeId,
    year: r.year,
    month: r.month,
    status: r.status as Run['status'],
    total: r.total,
    done: r.done,
    percent: r.total > 0 ? Math.min(100, Math.floor((r.done * 100) / r.total)) : r.status === 'done' ? 100 : 0,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    error: r.error,
  };
}

// Summaries and details -------------------------------------------------------------------------

/** Live outcomes and readiness of some patients of one office (set queries, batch by batch). */
async function liveOutcomes(ctx: AppContext, scope: Scope, om: OfficeMonth, patientIds: number[] | undefined, withReadiness: boolean) {
  const patients = await repo.findOfficePatients(tenantDb(scope, ctx.db), om.office, patientIds);
  const out: { outcome: PatientMonthOutcome; readiness: PatientReadiness | null }[] = [];
  for (let i = 0; i < patients.length; i += BATCH_SIZE) {
    for (const outcome of await computeBatch(scope, ctx.db, om, patients.slice(i, i + BATCH_SIZE))) {
      out.push({ outcome, readiness: withReadiness ? computeReadiness(outcome.facts, { settings: om.settings, fees: om.fees }) : null });
    }
  }
  return out;
}

/** GET billing/getbillingsummaryforallpatientsformonthv3. */
export async function getSummaryForAllPatients(
  ctx: AppContext,
  scope: Scope,
  h: { hospitalid?: number; organizationid?: number; month?: number; year?: number },
  q: { page: number; pageSize: number; sort?: string; search?: string },
  lang: Lang,
): Promise<SummaryPage> {
  const offices = await officesOf(ctx, scope, h);
  const ym = resolveMonth(h, offices[0]!.timeZone);
  const page = await reads.findSummaryPage(tenantDb(scope, ctx.db), offices.map((o) => o.id), ym.year, ym.month, q);
  const stored = await reads.findStoredClaims(tenantDb(scope, ctx.db), page.rows, ym.year, ym.month);
  const generatedAt = await reads.findGeneratedAt(tenantDb(scope, ctx.db), page.rows, ym.year, ym.month);
  const items = new Map<string, SummaryItem>();
  for (const office of offices) {
    const ids = page.rows.filter((r) => r.hospitalId === office.id).map((r) => r.patientId);
    if (ids.length === 0) { continue; }
    const om = await loadOfficeMonth(scope, ctx.db, office, ym.year, ym.month);
    for (const { outcome, readiness } of await liveOutcomes(ctx, scope, om, ids, isCurrent(ym, office.timeZone))) {
      const mine = stored.filter((c) => c.patientId === outcome.patient.patientId && c.hospitalId === office.id);
      items.set(`${outcome.patient.patientId}|${office.id}`, summaryItem(office, om, outcome, mine, readiness, lang, generatedAt.get(`${outcome.patient.patientId}|${office.id}`) ?? null));
    }
  }
  return {
    items: page.rows.map((r) => items.get(`${r.patientId}|${r.hospitalId}`)).filter((x): x is SummaryItem => x !== undefined),
    total: page.total,
    page: q.page,
    pageSize: q.pageSize,
    year: ym.year,
    month: ym.month,
    totalAmountCents: page.totalAmountCents,
    codesWithoutAmount: page.codesWithoutAmount,
  };
}

async function patientMonth(ctx: AppContext, scope: Scope, h: { patientid: number; hospitalid: number; month?: number; year?: number }) {
  const office = await officeOr404(ctx, scope, h.hospitalid);
  await patientOr404(ctx, scope, office, h.patientid);
  const ym = resolveMonth(h, office.timeZone);
  const om = await loadOfficeMonth(scope, ctx.db, office, ym.year, ym.month);
  const [live] = await liveOutcomes(ctx, scope, om, [h.patientid], isCurrent(ym, office.timeZone));
  const stored = await reads.findStoredClaims(tenantDb(scope, ctx.db), [{ patientId: h.patientid, hospitalId: office.id }], ym.year, ym.month);
  const generatedAt = (await reads.findGeneratedAt(tenantDb(scope, ctx.db), [{ patientId: h.patientid, hospitalId: office.id }], ym.year, ym.month)).get(`${h.patientid}|${office.id}`) ?? null;
  return { office, om, live: live!, stored, generatedAt };
}

/** GET billing/getbillingsummaryforpatientformonth. */
export async function getSummaryForPatient(ctx: AppContext, scope: Scope, h: { patientid: number; hospitalid: number; month?: number; year?: number }, lang: Lang): Promise<SummaryItem> {
  const { office, om, live, stored, generatedAt } = await patientMonth(ctx, scope, h);
  return summaryItem(office, om, live.outcome, stored, live.readiness, lang, generatedAt);
}

/** GET billing/getbillingdetailsforpatientformonth. */
export async function getDetailsForPatient(ctx: AppContext, scope: Scope, h: { patientid: number; hospitalid: number; month?: number; year?: number }, lang: Lang): Promise<Details> {
  const { office, om, live, stored, generatedAt } = await patientMonth(ctx, scope, h);
  return detailsOf(office, om, live.outcome, stored, live.readiness, lang, generatedAt);
}

// Generation ------------------------------------------------------------------------------------

/** GET billing/generateforpatientformonth: generates now and answers the details. */
export async function generateForPatient(ctx: AppContext, scope: Scope, h: { patientid: number; hospitalid: number; month?: number; year?: number }, lang: Lang): Promise<Details> {
  const office = await officeOr404(ctx, scope, h.hospitalid);
  const patient = await patientOr404(ctx, scope, office, h.patientid);
  const ym = resolveMonth(h, office.timeZone);
  const om = await loadOfficeMonth(scope, ctx.db, office, ym.year, ym.month);
  const run = await runs.createRun(tenantDb(scope, ctx.db), { scopeKind: 'patient', scopeId: patient.patientId, year: ym.year, month: ym.month, total: 1, startedBy: scope.userId });
  try {
    await generateOffice(scope, ctx.db, run.id, om, [patient]);
    await runs.finishRun(tenantDb(scope, ctx.db), run.id, 'done');
  } catch (err) {
    await runs.finishRun(tenantDb(scope, ctx.db), run.id, 'failed', 'Generation failed; see the server log');
    throw err;
  }
  return getDetailsForPatient(ctx, scope, { ...h, month: ym.month, year: ym.year }, lang);
}

/** Starts (or joins) a background run over `offices`: a queued job (billing-runs.ts) that any API process may work. */
async function startRun(ctx: AppContext, scope: Scope, kind: 'hospital' | 'organization', scopeId: number, offices: repo.OfficeRef[], ym: YearMonth): Promise<Run> {
  const total = await reads.countOfficePatients(tenantDb(scope, ctx.db), offices.map((o) => o.id));
  return runView(await startBackgroundRun(ctx, scope, { kind, scopeId, year: ym.year, month: ym.month, total }));
}

/** GET billing/generateforallhospitalpatientsformonth. */
export async function generateForHospital(ctx: AppContext, scope: Scope, h: { hospitalid: number; month?: number; year?: number }): Promise<Run> {
  const office = await officeOr404(ctx, scope, h.hospitalid);
  const ym = resolveMonth(h, office.timeZone);
  return startRun(ctx, scope, 'hospital', office.id, [office], ym);
}

/** GET billing/generateforallorganizationpatientsformonth. */
export async function generateForOrganization(ctx: AppContext, scope: Scope, h: { organizationid: number; month?: number; year?: number }): Promise<Run> {
  const offices = await officesOf(ctx, scope, { organizationid: h.organizationid });
  const ym = resolveMonth(h, offices[0]!.timeZone);
  return startRun(ctx, scope, 'organization', h.organizationid, offices, ym);
}

/** GET billing/getbillingrun (chosen): 404 for a run outside the caller's offices. */
export async function getRun(ctx: AppContext, scope: Scope, runId: number): Promise<Run> {
  const run = await runs.getRun(tenantDb(scope, ctx.db), runId);
  if (!run) { throw AppError.notFound(); }
  const visible =
    run.scopeKind === 'hospital'
      ? (await repo.findOffice(tenantDb(scope, ctx.db), run.scopeId)) !== null
      : run.scopeKind === 'organization'
        ? (await repo.findOrganizationOffices(tenantDb(scope, ctx.db), run.scopeId)).length > 0
        : await reads.patientInScope(tenantDb(scope, ctx.db), run.scopeId);
  if (!visible) { throw AppError.notFound(); }
  return runView(run);
}

// Readiness -------------------------------------------------------------------------------------

const severityRank = (r: PatientReadiness) => (r.flags.some((f) => f.severity === 'missed') ? 2 : 0) + (r.atRisk ? 1 : 0);

/**
 * GET billing/getbillingreadiness (chosen): the office's monitored patients (active, with a billing
 * profile, or a reading in the current device window, or time this month) in the current month,
 * at-risk first.
 */
export async function getReadiness(
  ctx: AppContext,
  scope: Scope,
  h: { hospitalid: number },
  q: { page: number; pageSize: number; search?: string; atRiskOnly?: 'true' | 'false' },
  lang: Lang,
): Promise<ReadinessPage> {
  const office = await officeOr404(ctx, scope, h.hospitalid);
  const ym = resolveMonth({}, office.timeZone);
  const om = await loadOfficeMonth(scope, ctx.db, office, ym.year, ym.month);
  const term = q.search?.trim().toLowerCase();
  const all = (await liveOutcomes(ctx, scope, om, undefined, true))
    .filter(({ outcome: o }) => o.patient.status === 1 && (o.patient.hasProfile || o.facts.readingDays.length > 0 || o.facts.timeEntries.length > 0))
    .filter(({ outcome: o }) => !term || `${o.patient.firstName} ${o.patient.lastName}`.toLowerCase().includes(term))
    .map(({ outcome, readiness }) => ({ patient: outcome.patient, r: readiness! }));
  const atRiskCount = all.filter((x) => x.r.atRisk).length;
  const list = (q.atRiskOnly === 'true' ? all.filter((x) => x.r.atRisk) : all).sort(
    (a, b) =>
      severityRank(b.r) - severityRank(a.r) ||
      a.patient.lastName.localeCompare(b.patient.lastName) ||
      a.patient.firstName.localeCompare(b.patient.firstName) ||
      a.patient.patientId - b.patient.patientId,
  );
  const slice = list.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  return {
    items: slice.map(({ patient, r }) => ({
      patientId: patient.patientId,
      firstName: patient.firstName,
      lastName: patient.lastName,
      hospitalId: office.id,
      billingType: r.billingType,
      today: r.today,
      deviceProgram: r.deviceProgram,
      period: r.period,
      readingDays: r.readingDays,
      readingDates: r.readingDates,
      readToday: r.readToday,
      daysLeft: r.daysLeft,
      openDays: r.openDays,
      daysNeededFor16: r.daysNeededFor16,
      canReach16: r.canReach16,
      canReach2: r.canReach2,
      projectedDays: r.projectedDays,
      monthDaysLeft: r.monthDaysLeft,
      programs: r.programs.map((p) => ({
        program: p.program,
        seconds: p.seconds,
        time: p.time,
        practitionerSeconds: p.practitionerSeconds,
        interactive: p.interactive,
        marks: p.marks,
        target: p.target,
      })),
      codes: r.codes,
      estimatedAmountCents: r.estimatedAmountCents,
      codesWithoutAmount: r.codesWithoutAmount,
      flags: r.flags.map((f) => flagView(f, lang)),
      atRisk: r.atRisk,
    })),
    total: list.length,
    page: q.page,
    pageSize: q.pageSize,
    year: ym.year,
    month: ym.month,
    atRiskCount,
  };
}
