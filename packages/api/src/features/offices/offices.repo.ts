import { and, asc, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { Role, UserStatus, officeStaffRoleIds, type Office, type OfficePatientListItem } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { hospitals, medicalTeamMembers, medicalTeams, organizations, patientMetadata, userHospitals, users } from '../../db/schema/index';
import { officeFilter, organizationFilter, userFilter, type Scope } from '../../db/scope';
import { pageOffset } from '../../db/query-helpers';

type OfficeValues = Omit<typeof hospitals.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'externalRef' | 'organizationId'>;

/** `%text%` for ILIKE, with the pattern characters of `text` escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** 'name' -> ascending, '-name' -> descending, over a whitelist of sortable expressions. */
function orderOf(sort: string | undefined, columns: Record<string, AnyColumn | SQL>, fallback: string): SQL {
  const key = sort ?? fallback;
  const descending = key.startsWith('-');
  const column = columns[descending ? key.slice(1) : key] ?? columns[fallback]!;
  return descending ? desc(column) : asc(column);
}

const windowTotal = sql<number>`cast(count(*) over () as int)`;

const officeColumns = {
  id: hospitals.id,
  organizationId: hospitals.organizationId,
  organizationName: organizations.institutionName,
  hospitalName: hospitals.hospitalName,
  hospitalNameESP: hospitals.hospitalNameEsp,
  address: hospitals.address,
  addressLatitude: hospitals.addressLatitude,
  addressLongitude: hospitals.addressLongitude,
  city: hospitals.city,
  state: hospitals.state,
  zip: hospitals.zip,
  country: hospitals.country,
  phone: hospitals.phone,
  email: hospitals.email,
  timeZone: hospitals.timeZone,
  rpmEnabled: hospitals.rpmEnabled,
  rtmEnabled: hospitals.rtmEnabled,
  ccmEnabled: hospitals.ccmEnabled,
  assessmentsEnabled: hospitals.assessmentsEnabled,
  status: hospitals.status,
};

/** A page of the offices the caller sees (`officeFilter`), searched by name or city. */
export async function findOffices(
  scope: Scope,
  db: Executor,
  q: { page: number; pageSize: number; sort?: string; search?: string; organizationId?: number; status?: number },
): Promise<{ items: Office[]; total: number }> {
  const pattern = q.search ? containsPattern(q.search) : null;
  const where = and(
    officeFilter(scope, hospitals.id),
    q.organizationId !== undefined ? eq(hospitals.organizationId, q.organizationId) : undefined,
    q.status !== undefined ? eq(hospitals.status, q.status) : undefined,
    pattern ? or(ilike(hospitals.hospitalName, pattern), ilike(hospitals.hospitalNameEsp, pattern), ilike(hospitals.city, pattern)) : undefined,
  );
  const rows = await db
    .select({ ...officeColumns, total: windowTotal })
    .from(hospitals)
    .innerJoin(organizations, eq(organizations.id, hospitals.organizationId))
    .where(where)
    .orderBy(
      orderOf(
        q.sort,
        {
          hospitalName: hospitals.hospitalName,
          city: hospitals.city,
          state: hospitals.state,
          status: hospitals.status,
          organizationName: organizations.institutionName,
          id: hospitals.id,
        },
        'hospitalName',
      ),
      asc(hospitals.id),
    )
    .limit(q.pageSize)
    .offset(pageOffset(q));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [row] = await db.select({ n: count() }).from(hospitals).where(where);
    total = row?.n ?? 0;
  }
  return { items: rows.map(({ total: _, ...o }) => o), total };
}

/** One office in the caller's scope, or null. */
export async function getOffice(scope: Scope, db: Executor, id: number): Promise<Office | null> {
  const [row] = await db
    .select(officeColumns)
    .from(hospitals)
    .innerJoin(organizations, eq(organizations.id, hospitals.organizationId))
    .where(and(eq(hospitals.id, id), officeFilter(scope, hospitals.id)))
    .limit(1);
  return row ?? null;
}

/**
 * An office just created by the caller: checked against the caller's organization rather than
 * their office list, which was built before the office existed.
 */
export async function getCreatedOffice(scope: Scope, db: Executor, id: number): Promise<Office | null> {
  const [row] = await db
    .select(officeColumns)
    .from(hospitals)
    .innerJoin(organizations, eq(organizations.id, hospitals.organizationId))
    .where(and(eq(hospitals.id, id), organizationFilter(scope, hospitals.organizationId)))
    .limit(1);
  return row ?? null;
}

/** Whether organization `id` exists and is in the caller's scope. */
export async function organizationInScope(scope: Scope, db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationFilter(scope, organizations.id)))
    .limit(1);
  return row !== undefined;
}

/** Inserts an office into organization `organizationId`; null when that organization is not in the caller's scope. */
export async function insertOffice(scope: Scope, db: Executor, organizationId: number, values: OfficeValues): Promise<number | null> {
  if (!(await organizationInScope(scope, db, organizationId))) return null;
  const [row] = await db
    .insert(hospitals)
    .values({ ...values, organizationId })
    .returning({ id: hospitals.id });
  return row!.id;
}

/** Updates an office in the caller's scope; false when there is none. */
export async function updateOffice(scope: Scope, db: Executor, id: number, values: OfficeValues): Promise<boolean> {
  const rows = await db
    .update(hospitals)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(hospitals.id, id), officeFilter(scope, hospitals.id)))
    .returning({ id: hospitals.id });
  return rows.length > 0;
}

/** Number of patients (role 5) assigned to an office in scope. */
export async function countOfficePatients(scope: Scope, db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(and(eq(userHospitals.hospitalId, id), officeFilter(scope, userHospitals.hospitalId), eq(users.roleId, Role.PATIENT)));
  return row?.n ?? 0;
}

/**
 * The active office in the caller's scope (`officeFilter`) with the most monitored patients: users
 * of role patient, status active, assigned to it. Ties go to the lower office id; an office with no
 * patient still counts (0), so a caller with only empty offices lands on the first. Null when the
 * caller sees no active office (docs/first-day.md, "Where users land").
 */
export async function findLandingOffice(scope: Scope, db: Executor): Promise<{ officeId: number; monitoredPatients: number } | null> {
  const monitored = sql<number>`cast(count(${users.id}) as int)`;
  const [row] = await db
    .select({ officeId: hospitals.id, monitoredPatients: monitored })
    .from(hospitals)
    .leftJoin(userHospitals, and(eq(userHospitals.hospitalId, hospitals.id), eq(userHospitals.roleId, Role.PATIENT)))
    .leftJoin(users, and(eq(users.id, userHospitals.userId), eq(users.status, UserStatus.ACTIVE)))
    .where(and(officeFilter(scope, hospitals.id), eq(hospitals.status, 1)))
    .groupBy(hospitals.id)
    .orderBy(desc(monitored), asc(hospitals.id))
    .limit(1);
  return row ?? null;
}

/** Deletes an office in scope; its staff assignments and medical teams go with it (ON DELETE CASCADE). */
export async function deleteOffice(scope: Scope, db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(hospitals)
    .where(and(eq(hospitals.id, id), officeFilter(scope, hospitals.id)))
    .returning({ id: hospitals.id });
  return rows.length > 0;
}

/** Of `ids`, the users the caller may see (`userFilter`), with role and organization. */
export async function findVisibleUsers(scope: Scope, db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, roleId: users.roleId, organizationId: users.organizationId })
    .from(users)
    .where(and(inArray(users.id, ids), userFilter(scope, users.id)));
}

/**
 * Assigns users to an office in scope, idempotently: an existing assignment keeps its admin flag
 * unless the new one raises it. Returns the assignments as stored, or null when the office is not
 * in the caller's scope.
 */
export async function upsertAssignments(scope: Scope, db: Executor, hospitalId: number, rows: { userId: number; isAdmin: boolean }[]) {
  if (rows.length === 0) return [];
  if (!(await getOffice(scope, db, hospitalId))) return null;
  return db
    .insert(userHospitals)
    .values(rows.map((r) => ({ hospitalId, userId: r.userId, isAdmin: r.isAdmin })))
    .onConflictDoUpdate({
      target: [userHospitals.userId, userHospitals.hospitalId],
      set: { isAdmin: sql`${userHospitals.isAdmin} or excluded.is_admin` },
    })
    .returning({ hospitalId: userHospitals.hospitalId, userId: userHospitals.userId, isAdmin: userHospitals.isAdmin });
}

/**
 * Removes users from an office in scope and from that office's medical teams. Returns how many
 * assignments were removed (0 when none existed: the call is idempotent).
 */
export async function removeAssignments(scope: Scope, db: Executor, hospitalId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const inScope = officeFilter(scope, userHospitals.hospitalId);
  await db
    .delete(medicalTeamMembers)
    .where(
      and(
        inArray(medicalTeamMembers.userId, userIds),
        inArray(
          medicalTeamMembers.medicalTeamId,
          db
            .select({ id: medicalTeams.id })
            .from(medicalTeams)
            .where(and(eq(medicalTeams.hospitalId, hospitalId), officeFilter(scope, medicalTeams.hospitalId))),
        ),
      ),
    );
  const removed = await db
    .delete(userHospitals)
    .where(and(eq(userHospitals.hospitalId, hospitalId), inArray(userHospitals.userId, userIds), inScope))
    .returning({ userId: userHospitals.userId });
  return removed.length;
}

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

/** Number of the office's medical teams `users.id` belongs to (spec: the V3 "patient count"). */
const patientCountOf = (hospitalId: number) =>
  sql<number>`(select cast(count(*) as int) from medical_team_members tm inner join medical_teams t on t.id = tm.medical_team_id where tm.user_id = "users"."id" and t.hospital_id = ${hospitalId})`;

/**
 * A page of ids of an office's medical staff (doctors, nurses, office admins, caregivers assigned
 * to it), searched by name, e-mail or username, filtered by role and status, with each member's
 * patient count when `withCounts`.
 */
export async function findOfficeStaff(
  scope: Scope,
  db: Executor,
  hospitalId: number,
  q: { page: number; pageSize: number; sort?: string; search?: string; roleId?: number; status?: number },
): Promise<{ rows: { id: number; patientCount: number }[]; total: number }> {
  const pattern = q.search ? containsPattern(q.search) : null;
  const patientCount = patientCountOf(hospitalId);
  const where = and(
    eq(userHospitals.hospitalId, hospitalId),
    officeFilter(scope, userHospitals.hospitalId),
    inArray(users.roleId, q.roleId !== undefined ? [q.roleId] : [...officeStaffRoleIds]),
    q.status !== undefined ? eq(users.status, q.status) : undefined,
    pattern ? or(ilike(fullName, pattern), ilike(users.email, pattern), ilike(users.username, pattern)) : undefined,
  );
  const rows = await db
    .select({ id: users.id, patientCount, total: windowTotal })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(where)
    .orderBy(
      orderOf(
        q.sort,
        { lastName: users.lastName, firstName: users.firstName, email: users.email, roleId: users.roleId, status: users.status, patientCount },
        'lastName',
      ),
      asc(users.firstName),
      asc(users.id),
    )
    .limit(q.pageSize)
    .offset(pageOffset(q));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [row] = await db.select({ n: count() }).from(userHospitals).innerJoin(users, eq(users.id, userHospitals.userId)).where(where);
    total = row?.n ?? 0;
  }
  return { rows: rows.map(({ id, patientCount: n }) => ({ id, patientCount: n })), total };
}

interface PatientQuery {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  status?: number;
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
  const pattern = q.search ? containsPattern(q.search) : null;
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
function patientPage(scope: Scope, hospitalId: number, q: PatientQuery): SQL {
  // LIMIT and OFFSET as literals (integers checked by the contract's page schema, re-checked here):
  // with them as parameters PostgreSQL never trusts the generic plan of the named statement and
  // re-plans the list on every call, which cost as much as running it.
  const pageSize = Math.trunc(q.pageSize);
  const offset = Math.trunc((q.page - 1) * q.pageSize);
  if (!Number.isSafeInteger(pageSize) || !Number.isSafeInteger(offset) || pageSize < 1 || offset < 0) throw new Error('invalid page');
  const limit = sql`limit ${sql.raw(String(pageSize))} offset ${sql.raw(String(offset))}`;
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
export async function findOfficePatientIds(scope: Scope, db: Executor, hospitalId: number, q: PatientQuery): Promise<{ ids: number[]; total: number }> {
  const result = await db.execute(sql`
    select p.id, p.total from ${patientPage(scope, hospitalId, q)} p order by p.rn`);
  const rows = (result as unknown as { rows: { id: number; total: number }[] }).rows;
  const total = rows[0]?.total ?? (q.page > 1 ? await countPatientMatches(db, scope, hospitalId, q) : 0);
  return { ids: rows.map((r) => Number(r.id)), total: Number(total) };
}

async function countPatientMatches(db: Executor, scope: Scope, hospitalId: number, q: PatientQuery): Promise<number> {
  const result = await db.execute(sql`select ${patientCount(scope, hospitalId, q)} as n`);
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
  scope: Scope,
  db: Executor,
  hospitalId: number,
  q: PatientQuery,
): Promise<{ items: OfficePatientListItem[]; total: number }> {
  const result = await db.execute(sql`
    select p.id, p."firstName", p."lastName", p.birthdate, p.gender, p.status, p.phone, p.email,
           coalesce(pm.patient_identifier, '') as "patientIdentifier",
           coalesce(pm.medical_registration_number, '') as "medicalRegistrationNumber",
           p.total,
           coalesce((
             select json_agg(json_build_object('userId', m.id, 'firstName', m.first_name, 'lastName', m.last_name, 'roleId', m.role_id)
                             order by m.role_id, m.last_name, m.first_name, m.id)
             from medical_teams mt
             join medical_team_members mtm on mtm.medical_team_id = mt.id
             join users m on m.id = mtm.user_id
             where mt.patient_id = p.id and mt.hospital_id = ${hospitalId} and m.role_id in (${Role.DOCTOR}, ${Role.NURSE})
           ), '[]'::json) as "medicalTeam"
    from ${patientPage(scope, hospitalId, q)} p
    left join patient_metadata pm on pm.user_id = p.id
    order by p.rn`);
  const rows = (result as unknown as { rows: (OfficePatientListItem & { total: number })[] }).rows;
  const total = rows[0]?.total ?? (q.page > 1 ? await countPatientMatches(db, scope, hospitalId, q) : 0);
  return {
    items: rows.map(({ total: _, ...r }) => ({ ...r, id: Number(r.id), status: Number(r.status), medicalTeam: r.medicalTeam ?? [] })),
    total: Number(total),
  };
}
