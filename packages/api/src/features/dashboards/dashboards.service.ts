import { adherenceBands, type FacilityDashboard } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { localDateOf, localYearMonth, officeTimeZone, startOfLocalDay } from '../../lib/office-calendar';
import * as repo from './dashboards.repo';

/**
 * Chosen `GET dashboard/getfacilitydashboard` (route /dashboardFacility, docs/dashboards.md): the
 * figures of office `hospitalId`, cut at `now` in the office's time zone (hospitals.timeZone, the
 * calendar module's fallback): "today" is the office's local day, "this month" its local month.
 * Response times in minutes, money in integer cents. 404 when the office is not the caller's
 * (another tenant's office changes nothing and reveals nothing).
 */
export async function getFacilityDashboard(ctx: AppContext, scope: Scope, hospitalId: number, now = new Date()): Promise<FacilityDashboard> {
  const office = await getOfficeInScope(scope, ctx.db, hospitalId);
  if (!office) throw AppError.notFound();
  const timeZone = officeTimeZone(office.timeZone);
  const localDate = localDateOf(now, timeZone);
  const { year, month } = localYearMonth(now, timeZone);
  const monthStart = startOfLocalDay(`${year}-${String(month).padStart(2, '0')}-01`, timeZone);
  const f = await repo.facilityFigures(scope, ctx.db, office.id, { timeZone, dayStart: startOfLocalDay(localDate, timeZone), monthStart, year, month, now });
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
    adherence: {
      daysElapsed: Number(localDate.slice(8, 10)),
      bands: adherenceBands.map((band) => ({ band, patients: f.bands.get(band) ?? 0 })),
      missedThisMonth: f.missed,
    },
    openAlerts: {
      total: f.open.total,
      caution: f.open.caution,
      critical: f.open.critical,
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
      amountCents: f.claims.cents,
      lastRunAt: f.lastRunAt?.toISOString() ?? null,
    },
  };
}
