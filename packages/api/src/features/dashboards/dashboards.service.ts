import { adherenceBands, type FacilityDashboard, type OrganizationDashboard, type SystemDashboard } from '@vigil/contract';
import type { AppContext } from '../../context';
import { assertOrganizationInScope, type Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { addDays, localDateOf, localYearMonth, officeTimeZone, startOfLocalDay } from '../../lib/office-calendar';
import { countOfficeAppointments } from '../appointments/index';
import { countOpenAlerts } from '../notifications/index';
import * as repo from './dashboards.repo';
import { tenantDb } from '../../db/handles';

/**
 * Chosen `GET dashboard/getfacilitydashboard` (route /dashboardFacility, docs/dashboards.md): the
 * figures of office `hospitalId`, cut at `now` in the office's time zone (hospitals.timeZone, the
 * calendar module's fallback): "today" is the office's local day, "this month" its local month.
 * Appointments today come from the appointments feature's `countOfficeAppointments` (its public
 * surface). Response times in minutes, money in integer cents. 404 when the office is not the caller's
 * (another tenant's office changes nothing and reveals nothing).
 */
export async function getFacilityDashboard(ctx: AppContext, scope: Scope, hospitalId: number, now = new Date()): Promise<FacilityDashboard> {
  const office = await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  const timeZone = officeTimeZone(office.timeZone);
  const localDate = localDateOf(now, timeZone);
  const { year, month } = localYearMonth(now, timeZone);
  const monthStart = startOfLocalDay(`${year}-${String(month).padStart(2, '0')}-01`, timeZone);
  const dayStart = startOfLocalDay(localDate, timeZone);
  const f = await repo.facilityFigures(tenantDb(scope, ctx.db), office.id, { timeZone, dayStart, monthStart, year, month, now });
  // Open and critical alerts: the one definition /dashboard and the worklist use too (docs/dashboards.md "One definition per figure").
  const open = await countOpenAlerts(ctx, scope, [office.id]);
  const appointmentsToday = await countOfficeAppointments(scope, ctx.db, { hospitalId: office.id, from: dayStart, to: startOfLocalDay(addDays(localDate, 1), timeZone) });
  const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    hospitalId: office.id,
    hospitalName: office.hospitalName,
    timeZone,
    localDate,
    generatedAt: now.toISOString(),
    monitored: f.byProgram.reduce((sum, p) => sum + p.patients, 0),
    byProgram: f.byProgram,
    readingsToday: f.readings.n,
    patientsReadToday: f.readings.patients,
    appointmentsToday,
    adherence: {
      daysElapsed: Number(localDate.slice(8, 10)),
      bands: adherenceBands.map((band) => ({ band, patients: f.bands.get(band) ?? 0 })),
      missedThisMonth: f.missed,
    },
    openAlerts: {
      total: open.total,
      caution: open.caution,
      critical: open.critical,
      byAge: [
        { band: 'underHour', alerts: f.open.byAge.underHour },
        { band: 'underDay', alerts: f.open.byAge.underDay },
        { band: 'underWeek', alerts: f.open.byAge.underWeek },
        { band: 'older', alerts: f.open.byAge.older },
      ],
      oldestMinutes: round(f.open.oldest),
    },
    responseTime: { processed: f.response.processed, medianMinutes: round(f.response.median), p90Minutes: round(f.response.p90) },
    billing: {
      year,
      month,
      billablePatients: f.claims.patients,
      billableClaims: f.claims.billable,
      suppressedClaims: f.claims.suppressed,
      // docs/billing-engine.md "Amounts": null (not $0.00) when billable claims exist and none has an amount loaded.
      amountCents: f.claims.cents === null && f.claims.billable > 0 ? null : (f.claims.cents ?? 0),
      claimsWithoutAmount: f.claims.withoutAmount,
      lastRunAt: f.lastRunAt?.toISOString() ?? null,
    },
  };
}

/**
 * Chosen `GET dashboard/getorganizationdashboard` (route /dashboardAdmin, docs/dashboards.md): the
 * offices of `organizationId` the caller sees, by name, each with the facility dashboard's figures
 * (one set of aggregates per office: an organization has few offices), and the sums of their
 * billing readiness this month (each office's own month). 404 when the organization is not the
 * caller's.
 */
export async function getOrganizationDashboard(ctx: AppContext, scope: Scope, organizationId: number, now = new Date()): Promise<OrganizationDashboard> {
  assertOrganizationInScope(scope, organizationId);
  const ids = await repo.organizationOfficeIds(tenantDb(scope, ctx.db), organizationId);
  const offices: FacilityDashboard[] = [];
  for (const id of ids) { offices.push(await getFacilityDashboard(ctx, scope, id, now)); }
  const sum = (pick: (o: FacilityDashboard) => number) => offices.reduce((total, o) => total + pick(o), 0);
  return {
    organizationId,
    generatedAt: now.toISOString(),
    offices,
    billingTotals: {
      billablePatients: sum((o) => o.billing.billablePatients),
      billableClaims: sum((o) => o.billing.billableClaims),
      suppressedClaims: sum((o) => o.billing.suppressedClaims),
      // The loaded amounts' sum; null only when billable claims exist and none of any office has an amount.
      amountCents: offices.every((o) => o.billing.amountCents === null || o.billing.billableClaims === 0) && offices.some((o) => o.billing.amountCents === null) ? null : sum((o) => o.billing.amountCents ?? 0),
      claimsWithoutAmount: sum((o) => o.billing.claimsWithoutAmount),
    },
  };
}

/**
 * Chosen `GET dashboard/getsystemdashboard` (route /dashboardsystemadmin, docs/dashboards.md):
 * every organization's usage (offices, monitored patients, readings since the start of the UTC
 * month, users active in the last 30 days) and the system's health at `now`: job runs and failures
 * per queue and server errors in the last 24 hours (the system log), readings stored in the last
 * hour (and per minute), and the socket connections this API process holds. Permission
 * `dashboard.system` (system admins); the organization filter still comes from the scope.
 */
export async function getSystemDashboard(ctx: AppContext, scope: Scope, now = new Date()): Promise<SystemDashboard> {
  const since = new Date(now.getTime() - 86_400_000);
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const organizations = await repo.organizationUsage(tenantDb(scope, ctx.db), { monthStart, activeSince: new Date(now.getTime() - 30 * 86_400_000) });
  const health = await repo.systemHealth(ctx.db, { since, hourAgo });
  return {
    generatedAt: now.toISOString(),
    organizations,
    health: {
      since: since.toISOString(),
      jobs: health.jobs,
      jobRuns: health.jobs.reduce((n, j) => n + j.runs, 0),
      jobFailures: health.jobs.reduce((n, j) => n + j.failures, 0),
      readingsLastHour: health.readingsLastHour,
      readingsPerMinute: Math.round((health.readingsLastHour / 60) * 100) / 100,
      serverErrors: health.serverErrors,
      socketConnections: ctx.realtime.clients().length,
    },
  };
}
