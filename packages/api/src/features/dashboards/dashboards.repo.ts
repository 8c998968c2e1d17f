import { sql, type SQL } from 'drizzle-orm';
import { NotificationType, ProcessingStatus, Role } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { billingClaims, billingRuns, hospitals, measurements, medicalDevices, notifications, organizations, patientBillingProfiles, sessions, systemLogs, treatmentPlanPatients, treatmentPlans, userHospitals, users } from '../../db/schema/index';
import { asc, eq } from 'drizzle-orm';
import { and, officeFilter, organizationFilter, type Scope } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/** Runs an aggregate query and answers its rows. */
async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The monitored patients of office `hospitalId` as a subquery (id, program): active patients of the
 * office with an active monitoring plan (their own or an office plan they are assigned to) or an
 * active device, the same rule as /dashboard (docs/dashboards.md); the program is the billing
 * profile's type, RPM without one.
 */
function monitoredPatients(scope: Scope, hospitalId: number): SQL {
  return sql`
    select u.id as id, coalesce(max(pbp.billing_type), 'RPM') as program
    from ${users} u
    join ${userHospitals} uh on uh.user_id = u.id
    left join ${patientBillingProfiles} pbp on pbp.patient_id = u.id
    where uh.hospital_id = ${hospitalId} and ${officeFilter(scope, sql`uh.hospital_id`)}
      and u.role_id = ${Role.PATIENT} and u.status = 1
      and (
        exists (select 1 from ${treatmentPlans} tp where tp.patient_id = u.id and tp.status = 1)
        or exists (
          select 1 from ${treatmentPlanPatients} tpp join ${treatmentPlans} tp2 on tp2.id = tpp.treatment_plan_id
          where tpp.patient_user_id = u.id and tp2.status = 1
        )
        or exists (select 1 from ${medicalDevices} md where md.patient_id = u.id and md.status = 1)
      )
    group by u.id`;
}

/** The instants and calendar values the figures are cut at (all in the office's time zone). */
export interface DashboardCuts {
  timeZone: string;
  dayStart: Date;
  monthStart: Date;
  year: number;
  month: number;
  now: Date;
}

/**
 * The facility dashboard's figures for office `hospitalId` (already checked in scope), each one SQL
 * aggregate: monitored patients by program, readings today, reading days this month per monitored
 * patient in bands, missed measurements this month, open abnormal alerts (per reading) by severity
 * and age, response time of the alerts processed in the last 30 days (per reading: first copy
 * raised to first copy processed; median and 90th percentile, minutes), this month's claims.
 */
export async function facilityFigures(tenant: TenantDb, hospitalId: number, cuts: DashboardCuts) {
  const { scope, db } = tenant;
  const inOffice = (column: SQL) => sql`${column} = ${hospitalId} and ${officeFilter(scope, column)}`;
  const mp = monitoredPatients(scope, hospitalId);
  const byProgram = await rows<{ program: string; patients: number }>(
    db,
    sql`select program, count(*)::int as patients from (${mp}) mp group by program order by count(*) desc, program`,
  );

  const m = measurements;
  const [readings] = await rows<{ n: number; patients: number }>(
    db,
    sql`select count(*)::int as n, count(distinct ${m.patientId})::int as patients from ${m}
        where ${inOffice(sql`${m.hospitalId}`)} and ${m.measuredAt} >= ${cuts.dayStart.toISOString()}::timestamptz`,
  );

  const bands = await rows<{ band: string; patients: number }>(
    db,
    sql`select case when d.days = 0 then 'none' when d.days < 8 then 'low' when d.days < 16 then 'mid' else 'onTrack' end as band,
               count(*)::int as patients
        from (
          select mp.id, (select count(distinct (${m.measuredAt} at time zone ${cuts.timeZone})::date) from ${m}
                         where ${m.patientId} = mp.id and ${inOffice(sql`${m.hospitalId}`)}
                           and ${m.measuredAt} >= ${cuts.monthStart.toISOString()}::timestamptz) as days
          from (${mp}) mp
        ) d
        group by 1`,
  );

  const n = notifications;
  const abnormal = sql`${n.notificationTypeId} = ${NotificationType.ABNORMAL_MEASUREMENT} and ${inOffice(sql`${n.hospitalId}`)} and ${n.measurementId} is not null`;
  const [missed] = await rows<{ n: number }>(
    db,
    sql`select count(distinct ${n.dedupeKey})::int as n from ${n}
        where ${n.notificationTypeId} = ${NotificationType.MISSED_MEASUREMENT} and ${inOffice(sql`${n.hospitalId}`)}
          and ${n.createdAt} >= ${cuts.monthStart.toISOString()}::timestamptz`,
  );

  const nowIso = cuts.now.toISOString();
  const [open] = await rows<{ total: number; caution: number; critical: number; under_hour: number; under_day: number; under_week: number; older: number; oldest: number | null }>(
    db,
    sql`with a as (
          select ${n.measurementId} as mid, max(${n.severity}) as severity, min(${n.createdAt}) as raised
          from ${n} where ${abnormal}
          group by ${n.measurementId}
          having bool_and(${n.processingStatus} = ${ProcessingStatus.OPEN})
        ), aged as (select severity, extract(epoch from (${nowIso}::timestamptz - raised)) / 60 as minutes from a)
        select count(*)::int as total,
               count(*) filter (where severity = 1)::int as caution,
               count(*) filter (where severity >= 2)::int as critical,
               count(*) filter (where minutes < 60)::int as under_hour,
               count(*) filter (where minutes >= 60 and minutes < 1440)::int as under_day,
               count(*) filter (where minutes >= 1440 and minutes < 10080)::int as under_week,
               count(*) filter (where minutes >= 10080)::int as older,
               max(minutes)::float8 as oldest
        from aged`,
  );

  const since = new Date(cuts.now.getTime() - 30 * 86_400_000).toISOString();
  const [resp] = await rows<{ processed: number; median: number | null; p90: number | null }>(
    db,
    sql`with a as (
          select extract(epoch from (min(${n.processedAt}) - min(${n.createdAt}))) / 60 as minutes
          from ${n} where ${abnormal} and ${n.processedAt} is not null
          group by ${n.measurementId}
          having min(${n.processedAt}) >= ${since}::timestamptz
        )
        select count(*)::int as processed,
               (percentile_cont(0.5) within group (order by minutes))::float8 as median,
               (percentile_cont(0.9) within group (order by minutes))::float8 as p90
        from a`,
  );

  const c = billingClaims;
  const [claims] = await rows<{ patients: number; billable: number; suppressed: number; cents: number | null; withoutAmount: number }>(
    db,
    sql`select count(distinct ${c.patientId}) filter (where ${c.status} = 'billable')::int as patients,
               count(*) filter (where ${c.status} = 'billable')::int as billable,
               count(*) filter (where ${c.status} = 'suppressed')::int as suppressed,
               (sum(${c.amountCents}) filter (where ${c.status} = 'billable'))::int as cents,
               count(*) filter (where ${c.status} = 'billable' and ${c.amountCents} is null)::int as "withoutAmount"
        from ${c}
        where ${inOffice(sql`${c.hospitalId}`)} and ${c.year} = ${cuts.year} and ${c.month} = ${cuts.month}`,
  );
  const r = billingRuns;
  const [lastRun] = await rows<{ at: string | Date | null }>(
    db,
    sql`select max(coalesce(${r.finishedAt}, ${r.startedAt})) as at from ${r}
        where ${r.year} = ${cuts.year} and ${r.month} = ${cuts.month} and ${r.status} = 'done'
          and (${r.id} in (select ${c.runId} from ${c} where ${inOffice(sql`${c.hospitalId}`)} and ${c.year} = ${cuts.year} and ${c.month} = ${cuts.month})
               or (${r.scopeKind} = 'hospital' and ${r.scopeId} = ${hospitalId}))`,
  );

  return {
    byProgram: byProgram.map((p) => ({ program: p.program, patients: Number(p.patients) })),
    readings: { n: Number(readings?.n ?? 0), patients: Number(readings?.patients ?? 0) },
    bands: new Map(bands.map((b) => [b.band, Number(b.patients)])),
    missed: Number(missed?.n ?? 0),
    open: {
      total: Number(open?.total ?? 0),
      caution: Number(open?.caution ?? 0),
      critical: Number(open?.critical ?? 0),
      byAge: { underHour: Number(open?.under_hour ?? 0), underDay: Number(open?.under_day ?? 0), underWeek: Number(open?.under_week ?? 0), older: Number(open?.older ?? 0) },
      oldest: open?.oldest === null || open?.oldest === undefined ? null : Number(open.oldest),
    },
    response: { processed: Number(resp?.processed ?? 0), median: resp?.median === null || resp?.median === undefined ? null : Number(resp.median), p90: resp?.p90 === null || resp?.p90 === undefined ? null : Number(resp.p90) },
    claims: { patients: Number(claims?.patients ?? 0), billable: Number(claims?.billable ?? 0), suppressed: Number(claims?.suppressed ?? 0), cents: claims?.cents === null || claims?.cents === undefined ? null : Number(claims.cents), withoutAmount: Number(claims?.withoutAmount ?? 0) },
    lastRunAt: lastRun?.at ? new Date(lastRun.at) : null,
  };
}

/** The ids of the offices of `organizationId` the caller sees (`officeFilter`), by name. */
export async function organizationOfficeIds(tenant: TenantDb, organizationId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const found = await db
    .select({ id: hospitals.id })
    .from(hospitals)
    .where(and(eq(hospitals.organizationId, organizationId), officeFilter(scope, hospitals.id)))
    .orderBy(asc(hospitals.hospitalName), asc(hospitals.id));
  return found.map((r) => r.id);
}

/**
 * Every organization's usage (docs/dashboards.md "/dashboardsystemadmin"), one aggregate: active
 * offices; monitored patients (active patients of its offices with an active plan, their own or an
 * office plan they are assigned to, or an active device: the facility rule); readings of its
 * offices since `monthStart`; active users (status active, belonging to the organization or one of
 * its offices, with a session seen since `activeSince`). By organization name.
 */
export async function organizationUsage(tenant: TenantDb, cuts: { monthStart: Date; activeSince: Date }) {
  const { scope, db } = tenant;
  const found = await rows<{ id: number; name: string; offices: number; monitored: number; readings: number; active: number }>(
    db,
    sql`select o.id, o.institution_name as name,
          (select count(*) from ${hospitals} h where h.organization_id = o.id and h.status = 1)::int as offices,
          (select count(distinct u.id) from ${users} u
             join ${userHospitals} uh on uh.user_id = u.id
             join ${hospitals} h on h.id = uh.hospital_id and h.organization_id = o.id
           where u.role_id = ${Role.PATIENT} and u.status = 1
             and (
               exists (select 1 from ${treatmentPlans} tp where tp.patient_id = u.id and tp.status = 1)
               or exists (
                 select 1 from ${treatmentPlanPatients} tpp join ${treatmentPlans} tp2 on tp2.id = tpp.treatment_plan_id
                 where tpp.patient_user_id = u.id and tp2.status = 1
               )
               or exists (select 1 from ${medicalDevices} md where md.patient_id = u.id and md.status = 1)
             ))::int as monitored,
          (select count(*) from ${measurements} m join ${hospitals} h on h.id = m.hospital_id
           where h.organization_id = o.id and m.measured_at >= ${cuts.monthStart.toISOString()}::timestamptz)::int as readings,
          (select count(distinct u.id) from ${users} u
           where u.status = 1
             and (u.organization_id = o.id or exists (
               select 1 from ${userHospitals} uh join ${hospitals} h on h.id = uh.hospital_id where uh.user_id = u.id and h.organization_id = o.id))
             and exists (select 1 from ${sessions} s where s.user_id = u.id and s.last_seen_at >= ${cuts.activeSince.toISOString()}::timestamptz))::int as active
        from ${organizations} o
        where ${organizationFilter(scope, sql`o.id`)}
        order by o.institution_name, o.id`,
  );
  return found.map((r) => ({
    organizationId: Number(r.id),
    organizationName: r.name,
    offices: Number(r.offices),
    monitoredPatients: Number(r.monitored),
    readingsThisMonth: Number(r.readings),
    activeUsers: Number(r.active),
  }));
}

/**
 * The system's health figures (docs/dashboards.md "/dashboardsystemadmin"): job attempts per queue
 * since `since` (the queue writes each attempt as a system log line `jobRun` or `jobFailure`,
 * jobs/queue.ts), server errors since `since` (system log `serverError`), readings stored since
 * `hourAgo` (`measurements.created_at`, every office).
 */
export async function systemHealth(db: Executor, cuts: { since: Date; hourAgo: Date }) {
  const l = systemLogs;
  const jobs = await rows<{ queue: string; runs: number; failures: number }>(
    db,
    sql`select ${l.source} as queue,
               count(*) filter (where ${l.kind} = 'jobRun')::int as runs,
               count(*) filter (where ${l.kind} = 'jobFailure')::int as failures
        from ${l} where ${l.kind} in ('jobRun', 'jobFailure') and ${l.at} >= ${cuts.since.toISOString()}::timestamptz
        group by ${l.source} order by ${l.source}`,
  );
  const [errors] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${l} where ${l.kind} = 'serverError' and ${l.at} >= ${cuts.since.toISOString()}::timestamptz`,
  );
  const [ingested] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${measurements} where ${measurements.createdAt} >= ${cuts.hourAgo.toISOString()}::timestamptz`,
  );
  return {
    jobs: jobs.map((j) => ({ queue: j.queue, runs: Number(j.runs), failures: Number(j.failures) })),
    serverErrors: Number(errors?.n ?? 0),
    readingsLastHour: Number(ingested?.n ?? 0),
  };
}
