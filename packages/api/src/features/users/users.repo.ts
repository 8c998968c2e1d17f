import { and, asc, count, desc, eq, exists, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PatientListView, RoleId } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { hospitals, organizations, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, organizationFilter, userFilter, type Scope } from '../../db/scope';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

// Every function that reads or writes users on behalf of a caller takes the caller's `scope` and
// applies `userFilter` (db/scope.ts), so a user outside the scope reads as absent. The few public
// flows (forgot password, token exchange) act on the account named by an e-mail or a token and say so.

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;

/** A user the caller may see, or null. */
export async function getVisibleUser(tenant: TenantDb, id: number): Promise<UserRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), userFilter(scope, users.id)))
    .limit(1);
  return row ?? null;
}

/** Filters of the user lists; every one is optional and they combine with AND. */
export interface UserListFilter {
  roleIds?: readonly RoleId[];
  status?: number;
  /** Users assigned to this office (the caller checks the office is in scope). */
  hospitalId?: number;
  organizationId?: number;
  /** Free text matched against names, e-mail and username, case-insensitively. */
  search?: string;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  /** A field of `sortColumns`, '-' prefixed for descending. */
  sort?: string;
}

const sortColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  username: users.username,
  status: users.status,
  roleId: users.roleId,
  createdAt: users.createdAt,
} as const;

function listWhere(scope: Scope, filter: UserListFilter): SQL {
  const parts: SQL[] = [userFilter(scope, users.id)];
  if (filter.roleIds) { parts.push(inArray(users.roleId, [...filter.roleIds])); }
  if (filter.status !== undefined) { parts.push(eq(users.status, filter.status)); }
  if (filter.organizationId !== undefined) { parts.push(eq(users.organizationId, filter.organizationId)); }
  if (filter.hospitalId !== undefined) {
    parts.push(
      exists(
        sql`(select 1 from ${userHospitals} where ${userHospitals.userId} = ${users.id} and ${userHospitals.hospitalId} = ${filter.hospitalId})`,
      ),
    );
  }
  const text = filter.search?.trim();
  if (text) {
    const pattern = `%${escapeLike(text.toLowerCase())}%`;
    parts.push(
      or(
        sql`lower(${users.firstName}) like ${pattern}`,
        sql`lower(${users.lastName}) like ${pattern}`,
        sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
        sql`lower(coalesce(${users.email}, '')) like ${pattern}`,
        sql`lower(${users.username}) like ${pattern}`,
      )!,
    );
  }
  return and(...parts)!;
}

/**
 * One page of the ids of the users in scope matching `filter`, sorted in SQL (default: last name,
 * first name), with the total count. Ties are broken by id so that pages are stable.
 */
export async function findUserIds(tenant: TenantDb, filter: UserListFilter, page: PageRequest): Promise<{ ids: number[]; total: number }> {
  const { scope, db } = tenant;
  const where = listWhere(scope, filter);
  const descending = page.sort?.startsWith('-') ?? false;
  const key = (page.sort?.replace(/^-/, '') ?? '') as keyof typeof sortColumns;
  const column = sortColumns[key];
  const order = column
    ? [descending ? desc(column) : asc(column), asc(users.id)]
    : [asc(users.lastName), asc(users.firstName), asc(users.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: totalRow?.n ?? 0 };
}

/**
 * Which of `username` / `email` another account already uses (case-insensitive). Uniqueness is
 * global, so this looks across tenants but answers only yes or no.
 */
export async function findTakenIdentifiers(
  db: Executor,
  values: { username?: string; email?: string | null },
  exceptUserId?: number,
): Promise<{ username: boolean; email: boolean }> {
  const conds: SQL[] = [];
  if (values.username) { conds.push(eq(sql`lower(${users.username})`, values.username.toLowerCase())); }
  if (values.email) { conds.push(eq(sql`lower(${users.email})`, values.email.toLowerCase())); }
  if (conds.length === 0) { return { username: false, email: false }; }
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(or(...conds), exceptUserId ? ne(users.id, exceptUserId) : sql`true`));
  return {
    username: !!values.username && rows.some((r) => r.username.toLowerCase() === values.username!.toLowerCase()),
    email: !!values.email && rows.some((r) => r.email?.toLowerCase() === values.email!.toLowerCase()),
  };
}

/** Usernames starting with `prefix` (lower case), to pick a free generated one. */
export async function findUsernamesLike(db: Executor, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) like ${escapeLike(prefix.toLowerCase()) + '%'}`);
  return new Set(rows.map((r) => r.username.toLowerCase()));
}

/** The offices among `ids` that the caller may see. */
export async function findOfficesInScope(tenant: TenantDb, ids: number[]) {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  return db
    .select({ id: hospitals.id, organizationId: hospitals.organizationId, timeZone: hospitals.timeZone })
    .from(hospitals)
    .where(and(inArray(hospitals.id, ids), officeFilter(scope, hospitals.id)));
}

/** Whether the organization exists and the caller may see it. */
export async function organizationVisible(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationFilter(scope, organizations.id)))
    .limit(1);
  return !!row;
}

/** Inserts a user and their assignments to offices of the caller's (404 for another office); run inside the caller's transaction. */
export async function insertUser(tenant: TenantDb, values: UserInsert, hospitalIds: number[], isAdmin: boolean): Promise<UserRow> {
  const { scope, db: tx } = tenant;
  for (const id of hospitalIds) { assertOfficeInScope(scope, id); }
  const [row] = await tx.insert(users).values(values).returning();
  if (hospitalIds.length > 0) {
    await tx.insert(userHospitals).values(hospitalIds.map((hospitalId) => ({ userId: row!.id, hospitalId, isAdmin })));
  }
  return row!;
}

/** Updates a visible user's columns (sets updatedAt); returns false when the user is not in scope. */
export async function updateUserRow(tenant: TenantDb, id: number, values: Partial<UserInsert>): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), userFilter(scope, users.id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The office assignments of a user the caller sees (userFilter; none otherwise). */
export async function findAssignments(tenant: TenantDb, userId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db.select({ hospitalId: userHospitals.hospitalId }).from(userHospitals).where(and(eq(userHospitals.userId, userId), userFilter(scope, userHospitals.userId)));
  return rows.map((r) => r.hospitalId);
}

/**
 * Replaces the user's assignments among the caller's offices with `hospitalIds`; assignments to
 * offices outside the caller's scope are kept (the caller cannot see them, so cannot remove them).
 */
export async function replaceAssignmentsInScope(tenant: TenantDb, userId: number, hospitalIds: number[], isAdmin: boolean) {
  const { scope, db: tx } = tenant;
  const keep = hospitalIds.length > 0 ? sql`${userHospitals.hospitalId} not in (${sql.join(hospitalIds.map((id) => sql`${id}`), sql`, `)})` : sql`true`;
  await tx.delete(userHospitals).where(and(eq(userHospitals.userId, userId), officeFilter(scope, userHospitals.hospitalId), keep));
  if (hospitalIds.length > 0) {
    await tx
      .insert(userHospitals)
      .values(hospitalIds.map((hospitalId) => ({ userId, hospitalId, isAdmin })))
      .onConflictDoNothing();
  }
}

/** The caller's own row (password hash, image): the caller is always in their own scope. */
export async function getSelf(tenant: TenantDb): Promise<UserRow | null> {
  const { scope, db } = tenant;
  const [row] = await db.select().from(users).where(eq(users.id, scope.userId)).limit(1);
  return row ?? null;
}

/** The caller's profile picture, or null when there is none. */
export async function getProfileImage(tenant: TenantDb): Promise<{ image: Buffer; type: string } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ image: users.profileImage, type: users.profileImageType })
    .from(users)
    .where(eq(users.id, scope.userId))
    .limit(1);
  if (!row?.image || !row.type) { return null; }
  return { image: row.image, type: row.type };
}

/** Stores the caller's profile picture. */
export async function setProfileImage(tenant: TenantDb, image: Buffer, type: string) {
  const { scope, db } = tenant;
  await db.update(users).set({ profileImage: image, profileImageType: type, updatedAt: new Date() }).where(eq(users.id, scope.userId));
}

// Public flows: no caller yet; the subject is the account named by the e-mail or the token. -------

/** The account with this e-mail (case-insensitive), or null. Forgot-password only. */
export async function findUserByEmailForReset(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Sets the password of the account a consumed token named, and marks its e-mail validated. */
export async function setPasswordFromToken(tx: Executor, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash, emailValidated: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Assigns users to office `hospitalId` (the caller checked it is in scope), idempotently: an
 * existing assignment keeps its admin flag unless the new one raises it. Returns the assignments
 * as stored.
 */
export async function upsertOfficeAssignments(db: Executor, hospitalId: number, rows: { userId: number; isAdmin: boolean }[]) {
  return db
    .insert(userHospitals)
    .values(rows.map((r) => ({ hospitalId, userId: r.userId, isAdmin: r.isAdmin })))
    .onConflictDoUpdate({
      target: [userHospitals.userId, userHospitals.hospitalId],
      set: { isAdmin: sql`${userHospitals.isAdmin} or excluded.is_admin` },
    })
    .returning({ hospitalId: userHospitals.hospitalId, userId: userHospitals.userId, isAdmin: userHospitals.isAdmin });
}

/** Removes the users' assignments to office `hospitalId` when it is in the caller's offices; returns the removed ones. */
export async function removeOfficeAssignments(tenant: TenantDb, hospitalId: number, userIds: number[]) {
  const { scope, db } = tenant;
  return db
    .delete(userHospitals)
    .where(and(eq(userHospitals.hospitalId, hospitalId), inArray(userHospitals.userId, userIds), officeFilter(scope, userHospitals.hospitalId)))
    .returning({ userId: userHospitals.userId });
}

/** Saves the caller's /patients view under users.user_settings_json.patientListView (other settings kept). */
export async function savePatientListViewSetting(tenant: TenantDb, view: PatientListView): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(users)
    .set({ userSettingsJson: sql`${users.userSettingsJson} || jsonb_build_object('patientListView', ${JSON.stringify(view)}::jsonb)` })
    .where(eq(users.id, scope.userId));
}
