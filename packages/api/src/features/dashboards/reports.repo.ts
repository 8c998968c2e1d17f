import { eq, sql, type SQL } from 'drizzle-orm';
import { NotificationType, Role } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { auditEvents, billingClaims, hospitals, notifications, organizations, patientBillingProfiles, timeEntries, userHospitals, users } from '../../db/schema/index';
import { officeFilter, organizationFilter, type Scope } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/** The report's cut (docs/dashboards.md "Reports"): the organization (null: every one the caller sees) and the period's UTC bounds. */
export interface ReportCut {
  organizationId: number | null;
  /** the first instant of the first month, and of the month after the last (UTC) */
  start: Date;
  end: Date;
  /** year * 12 + month - 1 of the first and last month (billing_claims carry year and month) */
  fromIndex: number;
  toIndex: number;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tenant filter of an office row `h` in the report: the caller's offices (`officeFilter`), of the organization when one is named. */
function officeOfReport(scope: Scope, cut: ReportCut): SQL {
  return cut.organizationId === null ? officeFilter(scope, sql`h.id`) : sql`${officeFilter(scope, sql`h.id`)} and h.organization_id = ${cut.organizationId}`;
}

const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

/**
 * Every section of the report, one aggregate each (docs/dashboards.md "Reports"):
 * - patients: the patients of the offices (now), by program (billing profile type, RPM without
 *   one) and status (active = users.status 1);
 * - billing: billable `billing_claims` of the period's months by month and code (claims, units,
 *   amount in integer cents, null when none of its claims has an amount loaded, and the claims without one);
 * - staffTime: care time entries started in the period by program (seconds of closed entries,
 *   entries, distinct staff);
 * - responseTimes: abnormal-reading alerts per reading processed in the period, by UTC month:
 *   first copy raised to first copy processed, median and 90th percentile (`percentile_cont`) in minutes;
 * - audit: PHI audit events of the period by action (events, refused: outcome >= 400, distinct users, distinct patients).
 */
export async function reportFigures(tenant: TenantDb, cut: ReportCut) {
  const { scope, db } = tenant;
  const inReport = officeOfReport(scope, cut);
  const start = cut.start.toISOString();
  const end = cut.end.toISOString();

  const patients = await rows<{ program: string; status: 'active' | 'inactive'; patients: number }>(
    db,
    sql`with p as (
          select u.id, u.status, coalesce((select max(pbp.billing_type) from ${patientBillingProfiles} pbp where pbp.patient_id = u.id), 'RPM') as program
          from ${users} u
          where u.role_id = ${Role.PATIENT}
            and exists (select 1 from ${userHospitals} uh join ${hospitals} h on h.id = uh.hospital_id where uh.user_id = u.id and ${inReport})
        )
        select program, case when status = 1 then 'active' else 'inactive' end as status, count(*)::int as patients
        from p group by 1, 2 order by 1, 2`,
  );

  const billing = await rows<{ month: string; code: string; claims: number; units: number; cents: number | null; without_amount: number }>(
    db,
    sql`select to_char(make_date(c.year, c.month, 1), 'YYYY-MM') as month, c.code, count(*)::int as claims,
               coalesce(sum(c.units), 0)::int as units, sum(c.amount_cents)::int as cents,
               count(*) filter (where c.amount_cents is null)::int as without_amount
        from ${billingClaims} c join ${hospitals} h on h.id = c.hospital_id
        where ${inReport} and c.status = 'billable' and c.year * 12 + c.month - 1 between ${cut.fromIndex} and ${cut.toIndex}
        group by 1, 2 order by 1, 2`,
  );

  const staffTime = await rows<{ program: string; seconds: number; entries: number; staff: number }>(
    db,
    sql`select te.program, coalesce(sum(te.seconds), 0)::int as seconds, count(*)::int as entries, count(distinct te.staff_user_id)::int as staff
        from ${timeEntries} te join ${hospitals} h on h.id = te.hospital_id
        where ${inReport} and te.started_at >= ${start}::timestamptz and te.started_at < ${end}::timestamptz
        group by 1 order by 1`,
  );

  const responseTimes = await rows<{ month: string; processed: number; median: number | null; p90: number | null }>(
    db,
    sql`with a as (
          select min(n.processed_at) as processed, extract(epoch from (min(n.processed_at) - min(n.created_at))) / 60 as minutes
          from ${notifications} n join ${hospitals} h on h.id = n.hospital_id
          where ${inReport} and n.notification_type_id = ${NotificationType.ABNORMAL_MEASUREMENT} and n.measurement_id is not null and n.processed_at is not null
          group by n.measurement_id
          having min(n.processed_at) >= ${start}::timestamptz and min(n.processed_at) < ${end}::timestamptz
        )
        select to_char(processed at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as processed,
               (percentile_cont(0.5) within group (order by minutes))::float8 as median,
               (percentile_cont(0.9) within group (order by minutes))::float8 as p90
        from a group by 1 order by 1`,
  );

  const ae = auditEvents;
  const auditOrg = cut.organizationId === null ? sql`true` : sql`${ae.organizationId} = ${cut.organizationId}`;
  const audit = await rows<{ action: 'C' | 'R' | 'U' | 'D' | 'E'; events: number; refused: number; users: number; patients: number }>(
    db,
    sql`select ${ae.action} as action, count(*)::int as events, count(*) filter (where ${ae.outcome} >= 400)::int as refused,
               count(distinct ${ae.userId})::int as users, count(distinct ${ae.patientId})::int as patients
        from ${ae}
        where ${organizationFilter(scope, sql`${ae.organizationId}`)} and ${auditOrg}
          and ${ae.at} >= ${start}::timestamptz and ${ae.at} < ${end}::timestamptz
        group by 1 order by 1`,
  );

  return {
    patients: patients.map((r) => ({ program: r.program, status: r.status, patients: Number(r.patients) })),
    billing: billing.map((r) => ({ month: r.month, code: r.code, claims: Number(r.claims), units: Number(r.units), amountCents: r.cents === null ? null : Number(r.cents), claimsWithoutAmount: Number(r.without_amount) })),
    staffTime: staffTime.map((r) => ({ program: r.program, seconds: Number(r.seconds), entries: Number(r.entries), staff: Number(r.staff) })),
    responseTimes: responseTimes.map((r) => ({ month: r.month, processed: Number(r.processed), medianMinutes: nullableNumber(r.median), p90Minutes: nullableNumber(r.p90) })),
    audit: audit.map((r) => ({ action: r.action, events: Number(r.events), refused: Number(r.refused), users: Number(r.users), patients: Number(r.patients) })),
  };
}

/** The name of organization `organizationId` (already checked in scope: `organizationFilter` too), in `lang`; null when unknown. */
export async function organizationName(tenant: TenantDb, organizationId: number, lang: 'en' | 'es'): Promise<string | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ en: organizations.institutionName, es: organizations.institutionNameEsp })
    .from(organizations)
    .where(sql`${eq(organizations.id, organizationId)} and ${organizationFilter(scope, organizations.id)}`);
  if (!row) { return null; }
  return lang === 'es' && row.es ? row.es : row.en;
}
