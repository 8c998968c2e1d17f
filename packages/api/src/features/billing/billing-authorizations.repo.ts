import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BillingProgram } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { billingAuthorizationTemplates, hospitals, organizations, userBillingAuthorizations, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, assertOrganizationInScope, officeFilter, organizationFilter, type Scope } from '../../db/scope';
import { pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

// Templates belong to an organization (organizationFilter); user authorizations to an office
// (officeFilter). Rows outside the caller's scope read as absent.

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const usedBy = sql<number>`(select count(*) from ${userBillingAuthorizations} where ${userBillingAuthorizations.templateId} = ${billingAuthorizationTemplates.id})::int`;

export interface TemplateRow {
  id: number;
  organizationId: number | null;
  organizationName: string | null;
  name: string;
  programs: string[];
  usedBy: number;
  createdAt: Date;
}

function templateQuery(db: Executor) {
  return db
    .select({
      id: billingAuthorizationTemplates.id,
      organizationId: billingAuthorizationTemplates.organizationId,
      organizationName: organizations.institutionName,
      name: billingAuthorizationTemplates.name,
      programs: billingAuthorizationTemplates.programsJson,
      usedBy,
      createdAt: billingAuthorizationTemplates.createdAt,
    })
    .from(billingAuthorizationTemplates)
    .leftJoin(organizations, eq(organizations.id, billingAuthorizationTemplates.organizationId));
}

const templateVisible = (scope: Scope) => organizationFilter(scope, billingAuthorizationTemplates.organizationId);

/** A page of the visible templates (optionally of one organization), by name unless sorted. */
export async function findTemplates(
  tenant: TenantDb,
  q: { page: number; pageSize: number; sort?: string; search?: string; organizationid?: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const { scope, db } = tenant;
  const term = q.search?.trim();
  const where = and(
    templateVisible(scope),
    q.organizationid !== undefined ? eq(billingAuthorizationTemplates.organizationId, q.organizationid) : undefined,
    term ? ilike(billingAuthorizationTemplates.name, containsPattern(term)) : undefined,
  );
  const columns: Record<string, SQL | typeof billingAuthorizationTemplates.createdAt> = {
    name: sql`lower(${billingAuthorizationTemplates.name})`,
    createdAt: billingAuthorizationTemplates.createdAt,
  };
  const sort = q.sort ?? 'name';
  const column = columns[sort.replace(/^-/, '')]!;
  const [rows, [totalRow]] = await Promise.all([
    templateQuery(db)
      .where(where)
      .orderBy(sort.startsWith('-') ? desc(column) : asc(column), asc(billingAuthorizationTemplates.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(billingAuthorizationTemplates).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** The template `id` when visible, else null. */
export async function getTemplate(tenant: TenantDb, id: number): Promise<TemplateRow | null> {
  const { scope, db } = tenant;
  const [row] = await templateQuery(db).where(and(eq(billingAuthorizationTemplates.id, id), templateVisible(scope)));
  return row ?? null;
}

/** Whether the organization already has a template named `name` (case-insensitively), other than `exceptId`. */
export async function templateNameTaken(tenant: TenantDb, organizationId: number, name: string, exceptId?: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: billingAuthorizationTemplates.id })
    .from(billingAuthorizationTemplates)
    .where(
      and(
        templateVisible(scope),
        eq(billingAuthorizationTemplates.organizationId, organizationId),
        sql`lower(${billingAuthorizationTemplates.name}) = lower(${name})`,
        exceptId !== undefined ? ne(billingAuthorizationTemplates.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts a template of the caller's organization (404 otherwise); returns its id. */
export async function insertTemplate(tenant: TenantDb, values: { organizationId: number; name: string; programs: BillingProgram[] }): Promise<number> {
  const { scope, db } = tenant;
  assertOrganizationInScope(scope, values.organizationId);
  const [row] = await db
    .insert(billingAuthorizationTemplates)
    .values({ organizationId: values.organizationId, name: values.name, programsJson: values.programs })
    .returning({ id: billingAuthorizationTemplates.id });
  return row!.id;
}

/** Updates a visible template; false when not visible. */
export async function updateTemplate(tenant: TenantDb, id: number, set: { name?: string; programs?: BillingProgram[] }): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(billingAuthorizationTemplates)
    .set({ ...(set.name !== undefined ? { name: set.name } : {}), ...(set.programs !== undefined ? { programsJson: set.programs } : {}) })
    .where(and(eq(billingAuthorizationTemplates.id, id), templateVisible(scope)))
    .returning({ id: billingAuthorizationTemplates.id });
  return rows.length > 0;
}

/** Deletes a visible template (authorizations keep their programs; their templateId becomes null by the foreign key); false when not visible. */
export async function deleteTemplate(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(billingAuthorizationTemplates)
    .where(and(eq(billingAuthorizationTemplates.id, id), templateVisible(scope)))
    .returning({ id: billingAuthorizationTemplates.id });
  return rows.length > 0;
}

// User billing authorizations -------------------------------------------------------------------

export interface AuthorizationRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  roleId: number;
  hospitalId: number;
  hospitalName: string;
  templateId: number | null;
  templateName: string | null;
  programs: string[];
  createdAt: Date;
}

function authorizationQuery(db: Executor) {
  return db
    .select({
      id: userBillingAuthorizations.id,
      userId: userBillingAuthorizations.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      hospitalId: userBillingAuthorizations.hospitalId,
      hospitalName: hospitals.hospitalName,
      templateId: userBillingAuthorizations.templateId,
      templateName: billingAuthorizationTemplates.name,
      programs: userBillingAuthorizations.programsJson,
      createdAt: userBillingAuthorizations.createdAt,
    })
    .from(userBillingAuthorizations)
    .innerJoin(users, eq(users.id, userBillingAuthorizations.userId))
    .innerJoin(hospitals, eq(hospitals.id, userBillingAuthorizations.hospitalId))
    .leftJoin(billingAuthorizationTemplates, eq(billingAuthorizationTemplates.id, userBillingAuthorizations.templateId));
}

const authorizationVisible = (scope: Scope) => officeFilter(scope, userBillingAuthorizations.hospitalId);

/** A page of the authorizations of offices in scope, filtered; by staff name unless sorted. */
export async function findAuthorizations(
  tenant: TenantDb,
  q: { page: number; pageSize: number; sort?: string; search?: string; hospitalid?: number; userid?: number; program?: BillingProgram },
): Promise<{ rows: AuthorizationRow[]; total: number }> {
  const { scope, db } = tenant;
  const term = q.search?.trim();
  const where = and(
    authorizationVisible(scope),
    q.hospitalid !== undefined ? eq(userBillingAuthorizations.hospitalId, q.hospitalid) : undefined,
    q.userid !== undefined ? eq(userBillingAuthorizations.userId, q.userid) : undefined,
    q.program !== undefined ? sql`${userBillingAuthorizations.programsJson} @> ${JSON.stringify([q.program])}::jsonb` : undefined,
    term ? or(ilike(users.firstName, containsPattern(term)), ilike(users.lastName, containsPattern(term)), ilike(hospitals.hospitalName, containsPattern(term))) : undefined,
  );
  const columns: Record<string, SQL | typeof userBillingAuthorizations.createdAt> = {
    userFullname: sql`lower(${users.lastName} || ' ' || ${users.firstName})`,
    hospitalName: sql`lower(${hospitals.hospitalName})`,
    createdAt: userBillingAuthorizations.createdAt,
  };
  const sort = q.sort ?? 'userFullname';
  const column = columns[sort.replace(/^-/, '')]!;
  const [rows, [totalRow]] = await Promise.all([
    authorizationQuery(db)
      .where(where)
      .orderBy(sort.startsWith('-') ? desc(column) : asc(column), asc(userBillingAuthorizations.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db
      .select({ n: count() })
      .from(userBillingAuthorizations)
      .innerJoin(users, eq(users.id, userBillingAuthorizations.userId))
      .innerJoin(hospitals, eq(hospitals.id, userBillingAuthorizations.hospitalId))
      .where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** The authorization `id` when its office is in scope, else null. */
export async function getAuthorization(tenant: TenantDb, id: number): Promise<AuthorizationRow | null> {
  const { scope, db } = tenant;
  const [row] = await authorizationQuery(db).where(and(eq(userBillingAuthorizations.id, id), authorizationVisible(scope)));
  return row ?? null;
}

/** The office `hospitalId` (id and organization) when in scope, else null. */
export async function getOffice(tenant: TenantDb, hospitalId: number): Promise<{ id: number; organizationId: number } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: hospitals.id, organizationId: hospitals.organizationId })
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), officeFilter(scope, hospitals.id)));
  return row ?? null;
}

/** The user `userId` (id and role) when assigned to `hospitalId`, an office in scope; else null. */
export async function getStaffOfOffice(tenant: TenantDb, userId: number, hospitalId: number): Promise<{ id: number; roleId: number } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .innerJoin(userHospitals, and(eq(userHospitals.userId, users.id), eq(userHospitals.hospitalId, hospitalId)))
    .where(and(eq(users.id, userId), officeFilter(scope, userHospitals.hospitalId)));
  return row ?? null;
}

/** Inserts an authorization in one of the caller's offices (404 otherwise; the service checked user and template); returns its id. */
export async function insertAuthorization(
  tenant: TenantDb,
  values: { userId: number; hospitalId: number; templateId: number | null; programs: BillingProgram[] },
): Promise<number> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await db
    .insert(userBillingAuthorizations)
    .values({ userId: values.userId, hospitalId: values.hospitalId, templateId: values.templateId, programsJson: values.programs })
    .returning({ id: userBillingAuthorizations.id });
  return row!.id;
}

/** Whether the user already has an authorization for the office. */
export async function authorizationExists(tenant: TenantDb, userId: number, hospitalId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: userBillingAuthorizations.id })
    .from(userBillingAuthorizations)
    .where(and(eq(userBillingAuthorizations.userId, userId), eq(userBillingAuthorizations.hospitalId, hospitalId), authorizationVisible(scope)))
    .limit(1);
  return row !== undefined;
}

/** Updates a visible authorization; false when not visible. */
export async function updateAuthorization(
  tenant: TenantDb,
  id: number,
  set: { templateId?: number | null; programs?: BillingProgram[] },
): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(userBillingAuthorizations)
    .set({ ...(set.templateId !== undefined ? { templateId: set.templateId } : {}), ...(set.programs !== undefined ? { programsJson: set.programs } : {}) })
    .where(and(eq(userBillingAuthorizations.id, id), authorizationVisible(scope)))
    .returning({ id: userBillingAuthorizations.id });
  return rows.length > 0;
}

/** Deletes a visible authorization; false when not visible. */
export async function deleteAuthorization(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(userBillingAuthorizations)
    .where(and(eq(userBillingAuthorizations.id, id), authorizationVisible(scope)))
    .returning({ id: userBillingAuthorizations.id });
  return rows.length > 0;
}
