import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { Role, UserStatus, officeStaffRoleIds, type Office } from '@vigil/contract';
import { hospitals, organizations, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, organizationFilter, userFilter } from '../../db/scope';
import { likeTerm, orderOf, pageOffset } from '../../db/query-helpers';
import { tenantDb } from '../../db/handles';
import type { SystemDb, TenantDb } from '../../db/handles';

type OfficeValues = Omit<typeof hospitals.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'externalRef' | 'organizationId'>;

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
  tenant: TenantDb,
  q: { page: number; pageSize: number; sort?: string; search?: string; organizationId?: number; status?: number },
): Promise<{ items: Office[]; total: number }> {
  const { scope, db } = tenant;
  const pattern = q.search ? likeTerm(q.search) : null;
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
export async function getOffice(tenant: TenantDb, id: number): Promise<Office | null> {
  const { scope, db } = tenant;
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
export async function getCreatedOffice(tenant: TenantDb, id: number): Promise<Office | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select(officeColumns)
    .from(hospitals)
    .innerJoin(organizations, eq(organizations.id, hospitals.organizationId))
    .where(and(eq(hospitals.id, id), organizationFilter(scope, hospitals.organizationId)))
    .limit(1);
  return row ?? null;
}

/** Whether organization `id` exists and is in the caller's scope. */
export async function organizationInScope(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationFilter(scope, organizations.id)))
    .limit(1);
  return row !== undefined;
}

/** Inserts an office into organization `organizationId`; null when that organization is not in the caller's scope. */
export async function insertOffice(tenant: TenantDb, organizationId: number, values: OfficeValues): Promise<number | null> {
  const { scope, db } = tenant;
  if (!(await organizationInScope(tenantDb(scope, db), organizationId))) { return null; }
  const [row] = await db
    .insert(hospitals)
    .values({ ...values, organizationId })
    .returning({ id: hospitals.id });
  return row!.id;
}

/** Updates an office in the caller's scope; false when there is none. */
export async function updateOffice(tenant: TenantDb, id: number, values: OfficeValues): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(hospitals)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(hospitals.id, id), officeFilter(scope, hospitals.id)))
    .returning({ id: hospitals.id });
  return rows.length > 0;
}

/** Number of patients (role 5) assigned to an office in scope. */
export async function countOfficePatients(tenant: TenantDb, id: number): Promise<number> {
  const { scope, db } = tenant;
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
export async function findLandingOffice(tenant: TenantDb): Promise<{ officeId: number; monitoredPatients: number } | null> {
  const { scope, db } = tenant;
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
export async function deleteOffice(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(hospitals)
    .where(and(eq(hospitals.id, id), officeFilter(scope, hospitals.id)))
    .returning({ id: hospitals.id });
  return rows.length > 0;
}

/** Of `ids`, the users the caller may see (`userFilter`), with role and organization. */
export async function findVisibleUsers(tenant: TenantDb, ids: number[]) {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  return db
    .select({ id: users.id, roleId: users.roleId, organizationId: users.organizationId })
    .from(users)
    .where(and(inArray(users.id, ids), userFilter(scope, users.id)));
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
  tenant: TenantDb,
  hospitalId: number,
  q: { page: number; pageSize: number; sort?: string; search?: string; roleId?: number; status?: number },
): Promise<{ rows: { id: number; patientCount: number }[]; total: number }> {
  const { scope, db } = tenant;
  const pattern = q.search ? likeTerm(q.search) : null;
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

/** The time zone of an office (null when it does not exist); the caller has checked the scope. */
export async function findOfficeTimeZone(tenant: TenantDb, hospitalId: number): Promise<string | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ timeZone: hospitals.timeZone })
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), officeFilter(scope, hospitals.id)))
    .limit(1);
  return row?.timeZone ?? null;
}

/** The caller's saved /patients view from users.user_settings_json.patientListView (unchecked JSON). */
export async function getPatientListView(tenant: TenantDb): Promise<unknown> {
  const { scope, db } = tenant;
  const result = await db.execute(sql`select ${users.userSettingsJson} -> 'patientListView' as view from ${users} where ${users.id} = ${scope.userId}`);
  return (result as unknown as { rows: { view: unknown }[] }).rows[0]?.view ?? null;
}

/** Turns assessments on for offices in the caller's scope. */
export async function enableAssessments(tenant: TenantDb, hospitalIds: number[]): Promise<void> {
  const { scope, db } = tenant;
  for (const id of hospitalIds) { assertOfficeInScope(scope, id); }
  if (hospitalIds.length === 0) { return; }
  await db.update(hospitals).set({ assessmentsEnabled: true }).where(inArray(hospitals.id, hospitalIds));
}

/**
 * The ids of every office of organization `organizationId`, in id order: the offices a principal
 * bound to the organization reaches (a FHIR API client, docs/fhir.md). Read with the server's own
 * handle: the caller is not a user yet, its organization is what is being resolved.
 */
export async function officeIdsOfOrganization(handle: SystemDb, organizationId: number): Promise<number[]> {
  const rows = await handle.db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.organizationId, organizationId)).orderBy(asc(hospitals.id));
  return rows.map((r) => r.id);
}
