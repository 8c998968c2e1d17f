import { and, eq, exists, inArray, isNotNull, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { can, Role, type ApiKeyAccess, type Permission, type RoleId, type Lang } from '@vigil/contract';
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
  /** Set when an API key calls (lib/api-key-auth.ts): the key and its access, which narrows the role's permissions. */
  apiKey?: { id: number; access: ApiKeyAccess };
}

/** A hub posting readings with its own credential: limited to ingestion for that hub. */
export interface HubPrincipal {
  hubId: number;
  hubIdentifier: string;
  hospitalId: number;
  assignedToUserId: number | null;
}

export const isSystemAdmin = (scope: Scope) => scope.role === Role.SYSTEM_ADMIN;

/** Whether the caller is a patient (their scope then reaches only rows about themselves). */
export const isPatient = (scope: Scope) => scope.role === Role.PATIENT;

/**
 * The scope of work the server does on its own (alerts for a committed reading, the scheduled
 * jobs, closing forgotten timers): every office, like a system admin. Never built from a request;
 * user id 0 is nobody, so "own" filters match nothing. The only scope not built from a session.
 */
export const systemScope: Scope = Object.freeze({
  userId: 0,
  role: Role.SYSTEM_ADMIN,
  organizationId: null,
  officeIds: [],
  sessionId: 0,
  lang: 'en',
}) as Scope;

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
  if (placeholderScopes.has(scope)) { return sql`${column} = any(${SCOPE_PLACEHOLDERS.officeIds})`; }
  if (scope.officeIds.length === 0) { return never; }
  return inArray(column as AnyColumn, scope.officeIds);
}

// Filters ---------------------------------------------------------------------------------------

/**
 * The tenant filter for a row that belongs to an office (`hospitalIdColumn`). The one place that
 * says which offices a caller sees; every repo adds it to its queries.
 */
export function officeFilter(scope: Scope, hospitalIdColumn: AnyColumn | SQL): SQL {
  if (isSystemAdmin(scope)) { return sql`true`; }
  return inOfficesOf(scope, hospitalIdColumn);
}

/**
 * The one rule for a row about a patient that belongs to an office (a reading, a device, a hub, a
 * monitoring plan, a medical team): the row's office (`officeColumn`) is one of the caller's
 * (`officeFilter`), and a patient caller sees only the rows about themselves (`patientColumn` is
 * their id). A patient's offices are the ones they are assigned to (portal-spec.md section 4: a
 * patient has an assigned office, like the office-scoped roles), so a row of an office they have
 * left is not theirs to see any more, even when it still names them. Staff see every row of their
 * offices; a statement compiled once (db/compiled.ts) gets the patient id as a placeholder.
 */
export function patientRowFilter(scope: Scope, officeColumn: AnyColumn | SQL, patientColumn: AnyColumn | SQL): SQL {
  const office = officeFilter(scope, officeColumn);
  if (!isPatient(scope)) { return office; }
  return and(office, eq(patientColumn as AnyColumn, scope.patientId ?? scope.userId))!;
}

/**
 * The office rows (`hospitals`) the caller sees, as a filter on the office's id and organization
 * columns: an organization admin by organization (every office of it, also one created after the
 * session began), everybody else by `officeFilter`.
 */
export function officeRowFilter(scope: Scope, officeIdColumn: AnyColumn | SQL, organizationIdColumn: AnyColumn | SQL): SQL {
  if (scope.role === Role.ORGANIZATION_ADMIN) { return organizationFilter(scope, organizationIdColumn); }
  return officeFilter(scope, officeIdColumn);
}

/**
 * The tenant filter for a row that belongs either to one office (`officeColumn` set) or to a whole
 * organization (`organizationColumn` set, office null), such as a billing code link: an office row
 * is visible to whoever sees the office; an organization row only to whoever sees the whole
 * organization (`seesWholeOrganization`), because what it covers spans every office.
 */
export function officeOrOrganizationRowFilter(scope: Scope, officeColumn: AnyColumn, organizationColumn: AnyColumn): SQL {
  if (isSystemAdmin(scope)) { return sql`true`; }
  const office = and(isNotNull(officeColumn), officeFilter(scope, officeColumn))!;
  if (scope.role === Role.ORGANIZATION_ADMIN && scope.organizationId !== null) { return or(office, eq(organizationColumn, scope.organizationId))!; }
  return office;
}

/** Whether the caller sees the whole organization `organizationId`: a system admin, or that organization's admin. */
export function seesWholeOrganization(scope: Scope, organizationId: number): boolean {
  return isSystemAdmin(scope) || (scope.role === Role.ORGANIZATION_ADMIN && scope.organizationId === organizationId);
}

/** The tenant filter for a row that belongs to an organization. */
export function organizationFilter(scope: Scope, organizationIdColumn: AnyColumn | SQL): SQL {
  if (isSystemAdmin(scope)) { return sql`true`; }
  if (scope.organizationId === null) { return never; }
  return eq(organizationIdColumn as AnyColumn, scope.organizationId);
}

/**
 * The tenant filter for a user row (`userIdColumn` is the user's id): a system admin sees every
 * user; an organization admin the users of the organization; office-scoped roles the users assigned
 * to one of their offices; everybody sees themselves; a patient sees only themselves.
 */
export function userFilter(scope: Scope, userIdColumn: AnyColumn | SQL): SQL {
  if (isSystemAdmin(scope)) { return sql`true`; }
  const self = eq(userIdColumn as AnyColumn, scope.userId);
  if (scope.role === Role.PATIENT) { return self; }
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

/**
 * The tenant filter for rows that belong to no tenant but span them all (the e-mail outbox, the
 * FHIR import runs): only a system admin sees them; anyone else sees none.
 */
export function systemWideFilter(scope: Scope): SQL {
  return isSystemAdmin(scope) ? sql`true` : never;
}

/**
 * A row its author owns (`authorColumn` is the caller), or any row for a caller holding `allWith`:
 * a support thread is its author's, and every thread is the system admins' (support.manage;
 * docs/support.md).
 */
export function authoredRowFilter(scope: Scope, authorColumn: AnyColumn | SQL, allWith: Permission): SQL {
  if (can(scope.role, allWith)) { return sql`true`; }
  return eq(authorColumn as AnyColumn, scope.userId);
}

/** Whether `hospitalId` is one of the caller's offices (a system admin has all), from the session's list. */
export function isOfficeInScope(scope: Scope, hospitalId: number): boolean {
  return isSystemAdmin(scope) || scope.officeIds.includes(hospitalId);
}

/** Throws not-found unless `hospitalId` is one of the caller's offices (a system admin has all). */
export function assertOfficeInScope(scope: Scope, hospitalId: number): void {
  if (!isOfficeInScope(scope, hospitalId)) { throw AppError.notFound(); }
}

/** Whether `organizationId` is the caller's organization (a system admin has all). */
export function isOrganizationInScope(scope: Scope, organizationId: number): boolean {
  return isSystemAdmin(scope) || scope.organizationId === organizationId;
}

/** Throws not-found unless `organizationId` is the caller's organization (a system admin has all). */
export function assertOrganizationInScope(scope: Scope, organizationId: number): void {
  if (!isOrganizationInScope(scope, organizationId)) { throw AppError.notFound(); }
}

export { and };
