/**
 * An office's patient list (GET hospital/getpatientsbyhospitalid and the /patients triage view,
 * docs/patient-list.md): the filters, sorts and page of patients with their triage figures, read
 * in the caller's offices. The offices feature's other reads and writes are in offices.repo.ts.
 */
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { NotificationType, ProcessingStatus, Role, TRIAGE_CARE_MINUTES_TARGET, TRIAGE_READING_DAYS_TARGET, type OfficePatientListItem, type OfficePatientTriageFilters } from '@vigil/contract';
import { patientMetadata, userHospitals, users } from '../../db/schema/index';
import { officeFilter, type Scope } from '../../db/scope';
import { likeTerm, orderOf } from '../../db/query-helpers';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';

export interface PatientQuery extends OfficePatientTriageFilters {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  status?: number;
}

/**
 * The office's calendar for the triage figures (from lib/office-calendar.ts, the one calendar
 * module): its IANA zone, today's local date, and the instants where this month and tomorrow start.
 */
export interface TriageCalendar {
  timeZone: string;
  today: string;
  monthStart: Date;
  tomorrowStart: Date;
}

/** Sort keys that read the triage figures (docs/patient-list.md). */
const TRIAGE_SORTS = new Set(['lastReadingAt', 'readingDays', 'careMinutes', 'openAlerts']);
const sortField = (sort: string | undefined) => (sort?.startsWith('-') ? sort.slice(1) : sort);
/** Whether the page must be chosen over every patient's triage figures (a triage sort or filter). */
const needsTriagePage = (q: PatientQuery) =>
  TRIAGE_SORTS.has(sortField(q.sort) ?? '') ||
  q.program !== undefined ||
  q.alerts !== undefined ||
  q.lastReading !== undefined ||
  q.readingDays !== undefined ||
  q.careMinutes !== undefined;

/**
 * A patient's triage figures in the office as a LATERAL join on `patientId` (docs/patient-list.md),
 * columns prefixed `tr_`. Set-based: index probes per patient, no per-row round trip.
 * - last reading: the newest measurement in the office (measurements_patient_time_idx, read backwards);
 * - device period: the billing engine's (features/billing/engine/device.ts): 30-day periods from the
 *   billing profile's RPM episode start, else from the first qualifying reading day; reading days are
 *   distinct local days with a qualifying reading from the current period's start to today:
 *   automatic readings (hub, or an FDA-cleared wearable's) and, for an RTM patient, values the
 *   patient typed (rule C6); simulated readings never count here;
 * - care time: finished time entries of the patient's billing program (default RPM) started this
 *   calendar month in the office, in seconds;
 * - open alerts: open abnormal-reading alerts of the office, one per reading (copies of a reading
 *   to several team members count once), caution (severity 1) and critical (2);
 * - programs: the patient's enrolments (patient_program_enrolments), sorted.
 */
function triageJoin(patientId: SQL, hospitalId: number, cal: TriageCalendar): SQL {
  const tz = cal.timeZone;
  const today = sql`${cal.today}::date`;
  const tomorrow = sql`${cal.tomorrowStart.toISOString()}::timestamptz`;
  const qualifying = sql`((m.source in ('hub', 'terra-fda') and not m.is_manual and not m.is_simulated)
    or (bp.program = 'RTM' and m.is_manual and m.entered_by = m.patient_id and not m.is_simulated))`;
  return sql`left join lateral (
    select lr.measured_at as tr_last_at, lr.measured_at_offset as tr_last_offset, lr.severity as tr_last_severity,
           lr.device_type as tr_last_device, per.start as tr_period_start,
           coalesce((select count(distinct (m.measured_at at time zone ${tz})::date)::int from measurements m
                      where m.patient_id = ${patientId} and m.hospital_id = ${hospitalId}
                        and m.measured_at >= (per.start::timestamp at time zone ${tz}) and m.measured_at < ${tomorrow}
                        and ${qualifying}), 0) as tr_reading_days,
           coalesce((select sum(te.seconds)::int from time_entries te
                      where te.patient_id = ${patientId} and te.hospital_id = ${hospitalId} and te.program = bp.program
                        and te.started_at >= ${cal.monthStart.toISOString()}::timestamptz and te.ended_at is not null), 0) as tr_care_seconds,
           al.caution as tr_alerts_caution, al.critical as tr_alerts_critical,
           coalesce((select array_agg(e.program order by e.program) from patient_program_enrolments e where e.patient_id = ${patientId}), '{}'::text[]) as tr_programs
    from (select coalesce(max(b.billing_type), 'RPM') as program, max(b.rpm_episode_start) as episode_start
            from patient_billing_profiles b where b.patient_id = ${patientId}) bp
    left join lateral (
      select m.measured_at, m.measured_at_offset, m.severity, m.device_type from measurements m
       where m.patient_id = ${patientId} and m.hospital_id = ${hospitalId} and m.measured_at < ${tomorrow}
       order by m.measured_at desc limit 1) lr on true
    cross join lateral (
      select coalesce(bp.episode_start, (
        select (m.measured_at at time zone ${tz})::date from measurements m
         where m.patient_id = ${patientId} and m.hospital_id = ${hospitalId} and ${qualifying}
         order by m.measured_at limit 1)) as anchor) an
    left join lateral (select an.anchor + 30 * ((${today} - an.anchor) / 30) as start where an.anchor <= ${today}) per on true
    cross join lateral (
      select count(distinct n.measurement_id) filter (where n.severity = 1)::int as caution,
             count(distinct n.measurement_id) filter (where n.severity >= 2)::int as critical
        from notifications n
       where n.related_patient_id = ${patientId} and n.hospital_id = ${hospitalId}
         and n.notification_type_id = ${NotificationType.ABNORMAL_MEASUREMENT} and n.processing_status = ${ProcessingStatus.OPEN}) al
  ) tr on true`;
}

/** The triage filters over the `tr_` columns of triageJoin. */
function triageWhere(q: PatientQuery): SQL | undefined {
  const f: SQL[] = [];
  if (q.program !== undefined) { f.push(sql`${q.program}::text = any(tr_programs)`); }
  if (q.alerts === 'open') { f.push(sql`tr_alerts_caution + tr_alerts_critical > 0`); }
  if (q.alerts === 'critical') { f.push(sql`tr_alerts_critical > 0`); }
  if (q.alerts === 'none') { f.push(sql`tr_alerts_caution + tr_alerts_critical = 0`); }
  if (q.lastReading === 'abnormal') { f.push(sql`tr_last_severity > 0`); }
  if (q.lastReading === 'normal') { f.push(sql`tr_last_severity = 0`); }
  if (q.lastReading === 'none') { f.push(sql`tr_last_at is null`); }
  if (q.readingDays === 'below') { f.push(sql`tr_reading_days < ${TRIAGE_READING_DAYS_TARGET}`); }
  if (q.readingDays === 'reached') { f.push(sql`tr_reading_days >= ${TRIAGE_READING_DAYS_TARGET}`); }
  if (q.careMinutes === 'below') { f.push(sql`tr_care_seconds < ${TRIAGE_CARE_MINUTES_TARGET * 60}`); }
  if (q.careMinutes === 'reached') { f.push(sql`tr_care_seconds >= ${TRIAGE_CARE_MINUTES_TARGET * 60}`); }
  return f.length ? sql.join(f, sql` and `) : undefined;
}

/**
 * The order of a triage page over the `t` CTE: the key in its direction (a patient without a reading
 * comes first by last reading ascending, last descending; open alerts order by critical then
 * caution), then name ascending and id, so equal figures read alphabetically.
 */
function triageOrder(q: PatientQuery): SQL {
  const field = sortField(q.sort) ?? 'lastName';
  const d = q.sort?.startsWith('-') ? sql`desc` : sql`asc`;
  const key: Record<string, SQL> = {
    lastName: sql`t."lastName" ${d}, t."firstName" ${d}, t.id ${d}`,
    firstName: sql`t."firstName" ${d}`,
    birthdate: sql`t.birthdate ${d}`,
    status: sql`t.status ${d}`,
    patientIdentifier: sql`t."patientIdentifier" ${d}`,
    id: sql`t.id ${d}`,
    lastReadingAt: q.sort?.startsWith('-') ? sql`t.tr_last_at desc nulls last` : sql`t.tr_last_at asc nulls first`,
    readingDays: sql`t.tr_reading_days ${d}`,
    careMinutes: sql`t.tr_care_seconds ${d}`,
    openAlerts: sql`t.tr_alerts_critical ${d}, t.tr_alerts_caution ${d}`,
  };
  return sql`${key[field] ?? key.lastName!}, t."lastName" asc, t."firstName" asc, t.id asc`;
}

/** Whether the list's filter or order reads patient_metadata (search by identifier, sort by it). */
const patientListNeedsMetadata = (q: PatientQuery) => Boolean(q.search) || q.sort === 'patientIdentifier' || q.sort === '-patientIdentifier';

/**
 * The filter of an office's patient lists: assigned to the office in scope with role 5 (the role
 * copied onto the assignment, so the index (hospital_id, role_id, user_id) finds them), status,
 * search. A search is a LIKE on the user's lower-case "first last first" (matches "Ana Brown" and
 * "Brown Ana") or on the metadata's lower-case "identifier record-number", both kept by the database
 * and indexed by trigrams (pg_trgm), so that a selective search reads only its matches.
 */
function patientWhere(scope: Scope, hospitalId: number, q: PatientQuery): SQL {
  const pattern = q.search ? likeTerm(q.search) : null;
  return and(
    eq(userHospitals.hospitalId, hospitalId),
    officeFilter(scope, userHospitals.hospitalId),
    eq(userHospitals.roleId, Role.PATIENT),
    q.status !== undefined ? eq(users.status, q.status) : undefined,
    // Two index-friendly halves (users_search_trgm_idx, patient_metadata_search_trgm_idx) rather than one OR across the join.
    pattern
      ? sql`${users.id} in (select u.id from users u where u.search_text like lower(${pattern})
                            union select pm.user_id from patient_metadata pm where pm.search_text like lower(${pattern}))`
      : undefined,
  )!;
}

/** The rows an office's patient list walks: assignments, their users, and metadata only when the filter or order needs it. */
function patientFrom(q: PatientQuery): SQL {
  const base = sql`${userHospitals} inner join ${users} on ${users.id} = ${userHospitals.userId}`;
  return patientListNeedsMetadata(q) ? sql`${base} left join ${patientMetadata} on ${patientMetadata.userId} = ${users.id}` : base;
}

/**
 * The number of patients an office list matches, as a scalar subquery of the page's own statement
 * (an InitPlan run once). Without a status filter or search it reads the assignments' index alone
 * (hospital_id, role_id, user_id); otherwise it joins the users (and metadata). It is not
 * `count(*) over ()` on the page: a window count makes PostgreSQL join and sort every match before
 * cutting the page, while this leaves the page free to stop early along users_name_idx.
 */
function patientCount(scope: Scope, hospitalId: number, q: PatientQuery): SQL<number> {
  if (!q.search && q.status === undefined) {
    return sql<number>`(select cast(count(*) as int) from ${userHospitals} where ${and(
      eq(userHospitals.hospitalId, hospitalId),
      officeFilter(scope, userHospitals.hospitalId),
      eq(userHospitals.roleId, Role.PATIENT),
    )})`;
  }
  return sql<number>`(select cast(count(*) as int) from ${patientFrom(q)} where ${patientWhere(scope, hospitalId, q)})`;
}

/**
 * The order of an office's patient lists over `columns`: the requested field, then last name, first
 * name, id in the same direction, so that an index on (field, last_name, first_name) read forwards
 * or backwards (users_name_idx, users_birthdate_name_idx) gives the page without sorting the office.
 */
function patientOrderOver(q: PatientQuery, columns: Record<'lastName' | 'firstName' | 'birthdate' | 'status' | 'patientIdentifier' | 'id', AnyColumn | SQL>): SQL {
  const primary = orderOf(q.sort, columns, 'lastName');
  const dir = q.sort?.startsWith('-') ? desc : asc;
  return sql.join([primary, dir(columns.lastName as AnyColumn), dir(columns.firstName as AnyColumn), dir(columns.id as AnyColumn)], sql`, `);
}

/** The order of an office's patient lists on the tables' own columns. */
const patientOrder = (q: PatientQuery): SQL =>
  patientOrderOver(q, {
    lastName: users.lastName,
    firstName: users.firstName,
    birthdate: users.birthdate,
    status: users.status,
    patientIdentifier: patientMetadata.patientIdentifier,
    id: users.id,
  });

/** The same order on the columns of the `matches` CTE of a search. */
const matchOrder = (q: PatientQuery): SQL =>
  patientOrderOver(q, {
    lastName: sql`m."lastName"`,
    firstName: sql`m."firstName"`,
    birthdate: sql`m.birthdate`,
    status: sql`m.status`,
    patientIdentifier: sql`m."patientIdentifier"`,
    id: sql`m.id`,
  });

/** The columns of a patient row in the lists' inner queries. */
const patientRowColumns = sql`${users.id} as id, ${users.firstName} as "firstName", ${users.lastName} as "lastName",
  ${users.birthdate}::text as birthdate, ${users.gender} as gender, ${users.status} as status,
  ${users.phone} as phone, ${users.email} as email`;

/**
 * The inner page of an office's patient list: the page's rows in order (`rn`) and the total.
 * - By name (the default order, either direction) without a status filter: the page is cut from
 *   the assignments' index alone, then its users are read; the total is `patientCount`'s InitPlan.
 * - Other orders or a status filter: the page stops early along users_name_idx or
 *   users_birthdate_name_idx (or a top-N heap for other orders).
 * - With a search every match is read anyway (for the total), so the matches are gathered once in a
 *   MATERIALIZED CTE (hash joins over the office's assignments), counted, and the page cut from
 *   them; without that fence PostgreSQL plans a name-ordered nested loop that probes every user of
 *   the organization before its window count can finish.
 */
function patientPage(scope: Scope, hospitalId: number, q: PatientQuery, cal?: TriageCalendar): SQL {
  // LIMIT and OFFSET as literals (integers checked by the contract's page schema, re-checked here):
  // with them as parameters PostgreSQL never trusts the generic plan of the named statement and
  // re-plans the list on every call, which cost as much as running it.
  const pageSize = Math.trunc(q.pageSize);
  const offset = Math.trunc((q.page - 1) * q.pageSize);
  if (!Number.isSafeInteger(pageSize) || !Number.isSafeInteger(offset) || pageSize < 1 || offset < 0) { throw new Error('invalid page'); }
  const limit = sql`limit ${sql.raw(String(pageSize))} offset ${sql.raw(String(offset))}`;
  if (cal && needsTriagePage(q)) {
    // A triage sort or filter: every matching patient's figures are computed once (set-based, in a
    // MATERIALIZED CTE), filtered, counted and the page cut from them (docs/patient-list.md).
    const where = triageWhere(q);
    const order = triageOrder(q);
    return sql`(
      with t as materialized (
        select ${patientRowColumns},
               (select pmi.patient_identifier from patient_metadata pmi where pmi.user_id = ${users.id}) as "patientIdentifier",
               tr.*
        from ${patientFrom(q)}
        ${triageJoin(sql`${users.id}`, hospitalId, cal)}
        where ${patientWhere(scope, hospitalId, q)}
      ), f as (select * from t ${where ? sql`where ${where}` : sql``})
      select t.id, t."firstName", t."lastName", t.birthdate, t.gender, t.status, t.phone, t.email,
             row_number() over (order by ${order}) as rn, (select cast(count(*) as int) from f) as total
      from f t
      order by ${order}
      ${limit}
    )`;
  }
  if (q.search) {
    return sql`(
      with m as materialized (
        select ${patientRowColumns}, ${patientMetadata.patientIdentifier} as "patientIdentifier"
        from ${patientFrom(q)}
        where ${patientWhere(scope, hospitalId, q)}
      )
      select m.id, m."firstName", m."lastName", m.birthdate, m.gender, m.status, m.phone, m.email,
             row_number() over (order by ${matchOrder(q)}) as rn, (select cast(count(*) as int) from m) as total
      from m
      order by ${matchOrder(q)}
      ${limit}
    )`;
  }
  const byName = q.status === undefined && (q.sort === undefined || q.sort === 'lastName' || q.sort === '-lastName');
  if (byName) {
    // The page straight from the assignments' index (hospital_id, role_id, last_name, first_name,
    // user_id), read forwards or backwards and cut with OFFSET before any user row is read; only the
    // page's users are then read by primary key.
    const dir = q.sort === '-lastName' ? sql`desc` : sql`asc`;
    const nameOrder = sql`${userHospitals.lastName} ${dir}, ${userHospitals.firstName} ${dir}, ${userHospitals.userId} ${dir}`;
    return sql`(
      select ${patientRowColumns}, ids.rn, ${patientCount(scope, hospitalId, q)} as total
      from (
        select ${userHospitals.userId} as user_id, row_number() over (order by ${nameOrder}) as rn
        from ${userHospitals}
        where ${and(eq(userHospitals.hospitalId, hospitalId), officeFilter(scope, userHospitals.hospitalId), eq(userHospitals.roleId, Role.PATIENT))}
        order by ${nameOrder}
        ${limit}
      ) ids
      join ${users} on ${users.id} = ids.user_id
    )`;
  }
  const order = patientOrder(q);
  return sql`(
      select ${patientRowColumns}, row_number() over (order by ${order}) as rn, ${patientCount(scope, hospitalId, q)} as total
      from ${patientFrom(q)}
      where ${patientWhere(scope, hospitalId, q)}
      order by ${order}
      ${limit}
    )`;
}

/** A page of ids of an office's patients (for the full User shapes of ...v2), with the total. */
export async function findOfficePatientIds(tenant: TenantDb, hospitalId: number, q: PatientQuery): Promise<{ ids: number[]; total: number }> {
  const { scope, db } = tenant;
  const result = await db.execute(sql`
    select p.id, p.total from ${patientPage(scope, hospitalId, q)} p order by p.rn`);
  const rows = (result as unknown as { rows: { id: number; total: number }[] }).rows;
  const total = rows[0]?.total ?? (q.page > 1 ? await countPatientMatches(tenantDb(scope, db), hospitalId, q) : 0);
  return { ids: rows.map((r) => Number(r.id)), total: Number(total) };
}

async function countPatientMatches(tenant: TenantDb, hospitalId: number, q: PatientQuery, cal?: TriageCalendar): Promise<number> {
  const { scope, db } = tenant;
  const where = triageWhere(q);
  const result =
    cal && where
      ? await db.execute(sql`select cast(count(*) as int) as n from ${patientFrom(q)} ${triageJoin(sql`${users.id}`, hospitalId, cal)}
                             where ${patientWhere(scope, hospitalId, q)} and ${where}`)
      : await db.execute(sql`select ${patientCount(scope, hospitalId, q)} as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * GET hospital/getrelatedpatientsforhospitalv4's page in ONE statement (no N+1, one round trip):
 * - the inner query (`patientPage`) finds the page and its total: for the default order PostgreSQL
 *   reads `user_hospitals_office_list_idx (hospital_id, role_id, last_name, first_name, user_id)`
 *   in order and stops after offset + pageSize entries; for other orders it walks
 *   users_name_idx / users_birthdate_name_idx probing the office's assignments, or reads the
 *   office's patients, joins users by primary key and keeps a top-N heap;
 *   a search gathers its matches once in a materialized CTE;
 * - only the page's rows then read their patient metadata (unique user_id) and the doctor and
 *   nurse names of their team in this office (`medical_teams_patient_hospital_uq (patient_id,
 *   hospital_id)` and the members' primary key).
 * `row_number()` carries the inner order out through the joins. Never selects the SSN.
 */
export async function findOfficePatientsPage(
  tenant: TenantDb,
  hospitalId: number,
  q: PatientQuery,
  cal: TriageCalendar,
): Promise<{ items: OfficePatientListItem[]; total: number }> {
  const { scope, db } = tenant;
  const result = await db.execute(sql`
    select p.id, p."firstName", p."lastName", p.birthdate, p.gender, p.status, p.phone, p.email,
           coalesce(pm.patient_identifier, '') as "patientIdentifier",
           coalesce(pm.medical_registration_number, '') as "medicalRegistrationNumber",
           p.total, tr.tr_last_at, tr.tr_last_offset, tr.tr_last_severity, tr.tr_last_device, tr.tr_period_start::text as tr_period_start,
           (tr.tr_period_start + 29)::text as tr_period_end, tr.tr_reading_days, tr.tr_care_seconds, tr.tr_alerts_caution,
           tr.tr_alerts_critical, tr.tr_programs,
           coalesce((
             select json_agg(json_build_object('userId', m.id, 'firstName', m.first_name, 'lastName', m.last_name, 'roleId', m.role_id)
                             order by m.role_id, m.last_name, m.first_name, m.id)
             from medical_teams mt
             join medical_team_members mtm on mtm.medical_team_id = mt.id
             join users m on m.id = mtm.user_id
             where mt.patient_id = p.id and mt.hospital_id = ${hospitalId} and m.role_id in (${Role.DOCTOR}, ${Role.NURSE})
           ), '[]'::json) as "medicalTeam"
    from ${patientPage(scope, hospitalId, q, cal)} p
    left join patient_metadata pm on pm.user_id = p.id
    ${triageJoin(sql`p.id`, hospitalId, cal)}
    order by p.rn`);
  const rows = (result as unknown as { rows: (PatientPageRow & { total: number })[] }).rows;
  const total = rows[0]?.total ?? (q.page > 1 ? await countPatientMatches(tenantDb(scope, db), hospitalId, q, cal) : 0);
  return { items: rows.map(toPatientListItem), total: Number(total) };
}

type PatientPageRow = Omit<OfficePatientListItem, 'lastReading' | 'readingDays' | 'devicePeriod' | 'careSeconds' | 'openAlerts' | 'programs'> & {
  tr_last_at: string | Date | null;
  tr_last_offset: string | null;
  tr_last_severity: number | null;
  tr_last_device: string | null;
  tr_period_start: string | null;
  tr_period_end: string | null;
  tr_reading_days: number;
  tr_care_seconds: number;
  tr_alerts_caution: number;
  tr_alerts_critical: number;
  tr_programs: string[] | string | null;
};

/** A PostgreSQL text[] as the driver gives it: an array, or (PGlite, some paths) its '{A,B}' text. */
const textArray = (v: string[] | string | null): string[] =>
  Array.isArray(v) ? v : typeof v === 'string' && v.length > 2 ? v.slice(1, -1).split(',') : [];

function toPatientListItem(r: PatientPageRow & { total: number }): OfficePatientListItem {
  const { total: _, tr_last_at, tr_last_offset, tr_last_severity, tr_last_device, tr_period_start, tr_period_end, tr_reading_days, tr_care_seconds, tr_alerts_caution, tr_alerts_critical, tr_programs, ...own } = r;
  return {
    ...own,
    id: Number(own.id),
    status: Number(own.status),
    medicalTeam: own.medicalTeam ?? [],
    lastReading:
      tr_last_at === null
        ? null
        : { measuredAt: new Date(tr_last_at).toISOString(), measuredAtOffset: tr_last_offset ?? '+00:00', severity: Number(tr_last_severity ?? 0), deviceType: tr_last_device ?? '' },
    readingDays: Number(tr_reading_days ?? 0),
    devicePeriod: tr_period_start && tr_period_end ? { start: tr_period_start, end: tr_period_end } : null,
    careSeconds: Number(tr_care_seconds ?? 0),
    openAlerts: { caution: Number(tr_alerts_caution ?? 0), critical: Number(tr_alerts_critical ?? 0) },
    programs: textArray(tr_programs),
  };
}

