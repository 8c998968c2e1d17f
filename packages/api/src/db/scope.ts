import { and, eq, exists, inArray, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { Role, type RoleId, type Lang } from '@vigil/contract';
import { userHospitals, users } from './schema/index';
import { AppError } from '../lib/app-error';

/**
 * Who is calling, built from the session only (never from client headers). `officeIds` holds the
 * offices the caller may see: every office of the organization for an organization admin, the
 * assigned offices for office-scoped roles, none for a system admin (who sees everything).
 */
export interface Scope {
  userId: number;
  role: RoleId;
  organizationId: number | null;
  officeIds: number[];
  /** Set for a patient: the only patient they may see (themselves). */
  patientId?: number;
  sessionId: number;
  lang: Lang;
}

/** A hub posting readings with its own credential: limited to ingestion for that hub. */
export interface HubPrincipal {
  hubId: number;
  hubIdentifier: string;
  hospitalId: number;
  assignedToUserId: number | null;
}

export const isSystemAdmin = (scope: Scope) => scope.role === Role.SYSTEM_ADMIN;

const never = sql`false`;

// Statements compiled once (db/compiled.ts) ------------------------------------------------------

/** The placeholders of a compiled-once statement's scope; `scopeValues` gives their values for a caller. */
const SCOPE_PLACEHOLDERS = {
  userId: sql.placeholder('scopeUserId'),
  organizationId: sql.placeholder('scopeOrganizationId'),
  officeIds: sql.placeholder('scopeOfficeIds'),
  patientId: sql.placeholder('scopePatientId'),
};
const placeholderScopes = new WeakSet<Scope>();

/**
 * The part of a scope that decides the text of its filters: the role, and for an organization
 * admin whether they have an organization. Callers with the same key share a compiled statement.
 */
export const scopeShapeKey = (scope: Scope): string => `${scope.role}${scope.organizationId === null ? 'n' : ''}`;

/**
 * A scope of the same shape as `scope` whose ids are SQL placeholders, for building a statement
 * that is compiled once and run for every caller of that shape with `scopeValues(caller)`. The
 * filters below give `= any(offices)` for it instead of a list of offices; reading its
 * `officeIds` directly throws (the list is not known when the statement is compiled).
 */
export function placeholderScope(scope: Scope): Scope {
  const shaped = {
    ...scope,
    userId: SCOPE_PLACEHOLDERS.userId as unknown as number,
    organizationId: scope.organizationId === null ? null : (SCOPE_PLACEHOLDERS.organizationId as unknown as number),
    patientId: SCOPE_PLACEHOLDERS.patientId as unknown as number,
    sessionId: 0,
  } as Scope;
  Object.defineProperty(shaped, 'officeIds', {
    get() {
      throw new Error('a statement compiled once reads the caller\'s offices through officeFilter or userFilter');
    },
  });
  placeholderScopes.add(shaped);
  return shaped;
}

/** The values of `placeholderScope`'s placeholders for the caller `scope`. */
export function scopeValues(scope: Scope): Record<string, unknown> {
  return {
    scopeUserId: scope.userId,
    scopeOrganizationId: scope.organizationId,
    scopeOfficeIds: scope.officeIds,
    scopePatientId: scope.patientId ?? scope.userId,
  };
}

/** `column` is one of the caller's offices: a list of values, or `= any(placeholder)` for a compiled statement. */
function inOfficesOf(scope: Scope, column: AnyColumn | SQL): SQL {
  if (placeholderScopes.has(scope)) return sql`${column} = any(${SCOPE_PLACEHOLDERS.officeIds})`;
  if (scope.officeIds.length === 0) return never;
  return inArray(column as AnyColumn, scope.officeIds);
}

// Filters ---------------------------------------------------------------------------------------

/**
 * The tenant filter for a row that belongs to an office (`hospitalIdColumn`). The one place that
 * says which offices a caller sees; every repo adds it to its queries.
 */
export function officeFilter(scope: Scope, hospitalIdColumn: AnyColumn | SQL): SQL {
  if (isSystemAdmin(scope)) return sql`true`;
  return inOfficesOf(scope, hospitalIdColumn);
}

/** The tenant filter for a row that belongs to an organization. */
export function organizationFilter(scope: Scope, organizationIdColumn: AnyColumn | SQL): SQL {
  if (isSystemAdmin(scope)) return sql`true`;
  if (scope.organizationId === null) return never;
  return eq(organizationIdColumn as AnyColumn, scope.organizationId);
}

/**
 * The tenant filter for a user row (`userIdColumn` is the user's id): a system admin sees every
 * user; an organization admin the users of the organization; office-scoped roles the users assigned
 * to one of their offices; everybody sees themselves; a patient sees only themselves.
 */
export function userFilter(scope: Scope, userIdColumn: AnyColumn | SQL): SQL {
  if (isSystemAdmin(scope)) return sql`true`;
  const self = eq(userIdColumn as AnyColumn, scope.userId);
  if (scope.role === Role.PATIENT) return self;
  const offices = inOfficesOf(scope, userHospitals.hospitalId);
  const inOffices = offices === never ? never : exists(sql`(select 1 from ${userHospitals} where ${userHospitals.userId} = ${userIdColumn} and ${offices})`);
  if (scope.role === Role.ORGANIZATION_ADMIN && scope.organizationId !== null) {
    const inOrg = exists(
      sql`(select 1 from ${users} u2 where u2.id = ${userIdColumn} and u2.organization_id = ${scope.organizationId})`,
    );
    return or(self, inOrg, inOffices)!;
  }
  return or(self, inOffices)!;
}

/** Throws not-found unless `hospitalId` is one of the caller's offices (a system admin has all). */
export function assertOfficeInScope(scope: Scope, hospitalId: number): void {
  if (isSystemAdmin(scope)) return;
  if (!scope.officeIds.includes(hospitalId)) throw AppError.notFound();
}

/** Throws not-found unless `organizationId` is the caller's organization (a system admin has all). */
export function assertOrganizationInScope(scope: Scope, organizationId: number): void {
  if (isSystemAdmin(scope)) return;
  if (scope.organizationId !== organizationId) throw AppError.notFound();
}

export { and };
