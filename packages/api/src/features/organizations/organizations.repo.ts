import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { Role, organizationStaffRoleIds, type Organization } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { hospitals, organizations, userHospitals, users } from '../../db/schema/index';
import { officeFilter, organizationFilter } from '../../db/scope';
import { pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

type OrganizationRow = typeof organizations.$inferSelect;
type OrganizationValues = Omit<typeof organizations.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'externalRef'>;

/** `%text%` for ILIKE, with the pattern characters of `text` escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** 'name' -> ascending, '-name' -> descending, over a whitelist of sortable expressions. */
function orderOf(sort: string | undefined, columns: Record<string, AnyColumn | SQL>, fallback: string): SQL[] {
  const key = sort ?? fallback;
  const descending = key.startsWith('-');
  const column = columns[descending ? key.slice(1) : key] ?? columns[fallback]!;
  return [descending ? desc(column) : asc(column)];
}

// Written out with explicit table names: drizzle leaves columns unqualified in a one-table select,
// which would make this correlated subquery compare the office with itself.
const officeCount = sql<number>`(select cast(count(*) as int) from hospitals h where h.organization_id = "organizations"."id")`;

const organizationColumns = {
  id: organizations.id,
  institutionName: organizations.institutionName,
  institutionNameESP: organizations.institutionNameEsp,
  contactPhone: organizations.contactPhone,
  contactEmail: organizations.contactEmail,
  address: organizations.address,
  city: organizations.city,
  state: organizations.state,
  zip: organizations.zip,
  country: organizations.country,
  status: organizations.status,
  officeCount,
};

/**
 * A page of the organizations the caller sees (`organizationFilter`: all for a system admin, else
 * only their own), searched by English or Spanish name, sorted by a whitelisted field.
 */
export async function findOrganizations(
  tenant: TenantDb,
  q: { page: number; pageSize: number; sort?: string; search?: string; status?: number },
): Promise<{ items: Organization[]; total: number }> {
  const { scope, db } = tenant;
  const where = and(
    organizationFilter(scope, organizations.id),
    q.search ? or(ilike(organizations.institutionName, containsPattern(q.search)), ilike(organizations.institutionNameEsp, containsPattern(q.search))) : undefined,
    q.status !== undefined ? eq(organizations.status, q.status) : undefined,
  );
  const rows = await db
    .select({ ...organizationColumns, total: sql<number>`cast(count(*) over () as int)` })
    .from(organizations)
    .where(where)
    .orderBy(
      ...orderOf(q.sort, { institutionName: organizations.institutionName, city: organizations.city, status: organizations.status, id: organizations.id }, 'institutionName'),
      asc(organizations.id),
    )
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const total = rows[0]?.total ?? (q.page > 1 ? await countOrganizations(db, where) : 0);
  return { items: rows.map(({ total: _, ...o }) => o), total };
}

async function countOrganizations(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organizations).where(where);
  return row?.n ?? 0;
}

/** One organization in the caller's scope, or null. */
export async function getOrganization(tenant: TenantDb, id: number): Promise<Organization | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select(organizationColumns)
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationFilter(scope, organizations.id)))
    .limit(1);
  return row ?? null;
}

/** Inserts an organization (the permission check and phone formatting are the service's). */
export async function insertOrganization(tenant: TenantDb, values: OrganizationValues): Promise<OrganizationRow> {
  const { scope, db } = tenant;
  void scope; // creating is limited by permission (organizations.manage), not by tenant
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

/** Updates an organization in the caller's scope; false when there is none. */
export async function updateOrganization(tenant: TenantDb, id: number, values: OrganizationValues): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(organizations.id, id), organizationFilter(scope, organizations.id)))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/** How many offices and users still belong to an organization in scope (a delete needs both zero). */
export async function countDependents(tenant: TenantDb, id: number): Promise<{ offices: number; users: number }> {
  const { scope, db } = tenant;
  const [offices] = await db
    .select({ n: count() })
    .from(hospitals)
    .where(and(eq(hospitals.organizationId, id), organizationFilter(scope, hospitals.organizationId)));
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.organizationId, id), organizationFilter(scope, users.organizationId)));
  return { offices: offices?.n ?? 0, users: members?.n ?? 0 };
}

/** Deletes an organization in scope; false when there is none. */
export async function deleteOrganization(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(organizations)
    .where(and(eq(organizations.id, id), organizationFilter(scope, organizations.id)))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

const userFullname = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/**
 * A page of the organization's patients (role 5) in the offices the caller sees, one entry per
 * patient and office (spec section 3: "Organization patient list entry"). Tenancy: the office must
 * belong to `organizationId` and pass `officeFilter`, so an office admin sees only their offices.
 */
export async function findOrganizationPatients(
  tenant: TenantDb,
  organizationId: number,
  q: { page: number; pageSize: number; sort?: string; search?: string; status?: number; hospitalId?: number },
) {
  const { scope, db } = tenant;
  const pattern = q.search ? containsPattern(q.search) : null;
  const where = and(
    eq(hospitals.organizationId, organizationId),
    organizationFilter(scope, hospitals.organizationId),
    officeFilter(scope, userHospitals.hospitalId),
    eq(users.roleId, Role.PATIENT),
    q.hospitalId !== undefined ? eq(userHospitals.hospitalId, q.hospitalId) : undefined,
    q.status !== undefined ? eq(users.status, q.status) : undefined,
    pattern ? or(ilike(userFullname, pattern), ilike(users.email, pattern)) : undefined,
  );
  const rows = await db
    .select({
      hospitalId: hospitals.id,
      hospitalName: hospitals.hospitalName,
      userId: users.id,
      userFullname,
      email: users.email,
      status: users.status,
      // A scalar count (one InitPlan), not a window: a window count would join and sort every
      // patient of the organization before the page is cut.
      total: sql<number>`(select cast(count(*) as int) from ${userHospitals} inner join ${hospitals} on ${hospitals.id} = ${userHospitals.hospitalId} inner join ${users} on ${users.id} = ${userHospitals.userId} where ${where})`,
    })
    .from(userHospitals)
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(where)
    .orderBy(
      ...orderOf(q.sort, { userFullname: sql`${users.lastName} || ' ' || ${users.firstName}`, hospitalName: hospitals.hospitalName, email: users.email, status: users.status }, 'userFullname'),
      asc(users.id),
      asc(hospitals.id),
    )
    .limit(q.pageSize)
    .offset(pageOffset(q));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [row] = await db
      .select({ n: count() })
      .from(userHospitals)
      .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
      .innerJoin(users, eq(users.id, userHospitals.userId))
      .where(where);
    total = row?.n ?? 0;
  }
  return { items: rows.map(({ total: _, ...r }) => r), total };
}

/**
 * A page of ids of the staff (doctors, nurses, office admins, caregivers) assigned to at least one
 * of the organization's offices that the caller sees, in the requested order, with the total.
 */
export async function findOrganizationStaffIds(
  tenant: TenantDb,
  organizationId: number,
  q: { page: number; pageSize: number; sort?: string; search?: string; status?: number; roleId?: number },
): Promise<{ ids: number[]; total: number }> {
  const { scope, db } = tenant;
  const pattern = q.search ? containsPattern(q.search) : null;
  const assigned = db
    .select({ one: sql`1` })
    .from(userHospitals)
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .where(
      and(
        eq(userHospitals.userId, users.id),
        eq(hospitals.organizationId, organizationId),
        organizationFilter(scope, hospitals.organizationId),
        officeFilter(scope, userHospitals.hospitalId),
      ),
    );
  const where = and(
    inArray(users.roleId, q.roleId !== undefined ? [q.roleId] : [...organizationStaffRoleIds]),
    exists(assigned),
    q.status !== undefined ? eq(users.status, q.status) : undefined,
    pattern ? or(ilike(userFullname, pattern), ilike(users.email, pattern), ilike(users.username, pattern)) : undefined,
  );
  const rows = await db
    .select({ id: users.id, total: sql<number>`cast(count(*) over () as int)` })
    .from(users)
    .where(where)
    .orderBy(
      ...orderOf(q.sort, { lastName: users.lastName, firstName: users.firstName, email: users.email, roleId: users.roleId, status: users.status }, 'lastName'),
      asc(users.firstName),
      asc(users.id),
    )
    .limit(q.pageSize)
    .offset(pageOffset(q));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [row] = await db.select({ n: count() }).from(users).where(where);
    total = row?.n ?? 0;
  }
  return { ids: rows.map((r) => r.id), total };
}
