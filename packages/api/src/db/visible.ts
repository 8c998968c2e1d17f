/**
 * "Is this office / patient visible to the caller?" answered from the database, in one place.
 * Built on the filters of db/scope.ts (the only place that says which rows a caller sees); every
 * feature asks here instead of writing its own query. Each function answers null when the row
 * does not exist or is outside the caller's tenant: the caller turns that into a 404
 * (README "API": out-of-tenant records read as not found).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Role, type RoleId } from '@vigil/contract';
import { hospitals, users } from './schema/index';
import { officeFilter, userFilter } from './scope';
import { tenantDb } from './handles';
import type { TenantDb } from './handles';

/** An office as the features need it to check scope and to work in its calendar. */
export interface OfficeInScope {
  id: number;
  organizationId: number;
  hospitalName: string;
  hospitalNameEsp: string;
  /** The office's IANA time zone as stored (lib/office-calendar.ts `officeTimeZone` makes it safe to use). */
  timeZone: string;
  /** The office's program switches (spec section 6: RPM, RTM, CCM can be enabled per office). */
  rpmEnabled: boolean;
  rtmEnabled: boolean;
  ccmEnabled: boolean;
}

/** The office `hospitalId` when it is one of the caller's (`officeFilter`); null otherwise. */
export async function getOfficeInScope(tenant: TenantDb, hospitalId: number): Promise<OfficeInScope | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({
      id: hospitals.id,
      organizationId: hospitals.organizationId,
      hospitalName: hospitals.hospitalName,
      hospitalNameEsp: hospitals.hospitalNameEsp,
      timeZone: hospitals.timeZone,
      rpmEnabled: hospitals.rpmEnabled,
      rtmEnabled: hospitals.rtmEnabled,
      ccmEnabled: hospitals.ccmEnabled,
    })
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), officeFilter(scope, hospitals.id)))
    .limit(1);
  return row ?? null;
}

/** A patient as the features need it to check visibility and to show local times. */
export interface VisiblePatient {
  id: number;
  firstName: string;
  lastName: string;
  /** The patient's own IANA time zone as stored. */
  userTimezone: string;
}

/**
 * The user `patientId` when it is a patient (role 5) the caller may see (`userFilter`: in one of
 * the caller's offices, or themselves for a patient); null otherwise.
 */
export async function getVisiblePatient(tenant: TenantDb, patientId: number): Promise<VisiblePatient | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userTimezone: users.userTimezone })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)))
    .limit(1);
  return row ?? null;
}

/** A user as the features need it to check visibility and role (and the gender the ideal weight needs). */
export interface VisibleUser {
  id: number;
  roleId: number;
  status: number;
  gender: string;
}

/**
 * The user `userId` when the caller may see them (`userFilter`: in one of the caller's offices,
 * or themselves) AND they hold `role`; null otherwise (another tenant's user, or a user of another
 * role, reads as not found: the caller answers 404).
 */
export async function getVisibleUserOfRole(tenant: TenantDb, userId: number, role: RoleId): Promise<VisibleUser | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, status: users.status, gender: users.gender })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.roleId, role), userFilter(scope, users.id)))
    .limit(1);
  return row ?? null;
}

/**
 * The ids among `userIds` of users the caller may see (`userFilter`), whatever their role. An id
 * left out names no user or another tenant's: the caller answers 404 for it (docs/first-day.md
 * "Not found, not invalid id"), and keeps its 400 for a visible user who does not fit.
 */
export async function findVisibleUserIds(tenant: TenantDb, userIds: readonly number[]): Promise<number[]> {
  const { scope, db } = tenant;
  const ids = [...new Set(userIds)];
  if (ids.length === 0) { return []; }
  const rows = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), userFilter(scope, users.id)));
  return rows.map((r) => r.id);
}

/** Whether every id of `userIds` names a user the caller may see (`findVisibleUserIds`). */
export async function allUsersVisible(tenant: TenantDb, userIds: readonly number[]): Promise<boolean> {
  const { scope, db } = tenant;
  return (await findVisibleUserIds(tenantDb(scope, db), userIds)).length === new Set(userIds).size;
}
