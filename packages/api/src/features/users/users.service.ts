import type { z } from 'zod';
import {
  can,
  creatableRoles,
  Role,
  rolesNeedingFacility,
  rolesWithoutOrganization,
  toE164,
  isValidPhone,
  normaliseName,
  UserStatus,
  type MessageKey,
  type Permission,
  type RoleId,
  type User,
  type UserMinimal,
  type userPatientListQuerySchema,
  type userCreateBodySchema,
  type userListQuerySchema,
  type userPageQuerySchema,
  type userUpdateV2BodySchema,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import { assertOfficeInScope, assertOrganizationInScope, isOfficeInScope, isSystemAdmin, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto';
import { endSessionsOfUser } from '../auth/index';
import * as repo from './users.repo';
import { loadUserView, loadUserViews } from './users.view';
import { tenantDb } from '../../db/handles';

import { sendLink, VALIDATE_PATH } from './users.links';
type CreateBody = z.output<typeof userCreateBodySchema>;
type UpdateBody = z.output<typeof userUpdateV2BodySchema>;
type ListQuery = z.output<typeof userListQuerySchema>;
type PageQuery = z.output<typeof userPageQuerySchema>;
type PatientQuery = z.output<typeof userPatientListQuerySchema>;
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Roles that may have no organization (the system-level accounts). */
const organizationOptional: readonly RoleId[] = [...rolesWithoutOrganization, Role.VERIFIER, Role.ECP_USER];

const badField = (key: MessageKey, field: string, fieldKey: MessageKey = key) => AppError.badRequest(key, { [field]: fieldKey });

/** The permission a write on a user of `role` needs: patients.manage for a patient, users.manage for anybody else. */
function managePermission(role: RoleId): Permission {
  return role === Role.PATIENT ? 'patients.manage' : 'users.manage';
}

/**
 * Throws 403 unless the caller may create or manage a user of `role`: the permission for the kind of
 * user and the creation rule of `creatableRoles` (an office admin manages doctors, nurses, caregivers
 * and patients; an organization admin also office admins; only a system admin manages admins of
 * organizations and system admins).
 */
export function assertMayManage(scope: Scope, role: RoleId): void {
  // eslint-disable-next-line vigil/no-scope-internals -- creatableRoles (contract users.schemas.ts) is the contract's who-may-create-whom rule, keyed by the caller's role like can(); it has no form in the permission map yet
  if (!can(scope.role, managePermission(role)) || !creatableRoles[scope.role].includes(role)) { throw AppError.forbidden(); }
}

/** Throws 403 unless the caller may read `target`: themselves, a patient with patients.read, anybody else with users.read. */
function assertMayRead(scope: Scope, target: repo.UserRow): void {
  if (target.id === scope.userId) { return; }
  if (!can(scope.role, target.roleId === Role.PATIENT ? 'patients.read' : 'users.read')) { throw AppError.forbidden(); }
}

export async function visibleUser(ctx: AppContext, scope: Scope, id: number): Promise<repo.UserRow> {
  const row = await repo.getVisibleUser(tenantDb(scope, ctx.db), id);
  if (!row) { throw AppError.notFound(); }
  return row;
}

const minimalOf = (u: repo.UserRow): UserMinimal => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, roleId: u.roleId, status: u.status });

function maskSsn(ssn: string | undefined): string {
  const digits = (ssn ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `***-**-${digits.slice(-4)}` : '';
}

async function viewOf(ctx: AppContext, scope: Scope, id: number, opts: { withMetadata?: boolean; withSsn?: boolean } = {}): Promise<User> {
  const view = await loadUserView(tenantDb(scope, ctx.db), id, opts);
  if (!view) { throw AppError.notFound(); }
  return view;
}

async function ensureUnique(ctx: AppContext, values: { username?: string; email?: string | null }, exceptUserId?: number) {
  const taken = await repo.findTakenIdentifiers(ctx.db, values, exceptUserId);
  if (taken.username || taken.email) { throw AppError.conflict('duplicateUser'); }
}

/** A free username made from the names: "mary.smith", then "mary.smith2", ... */
async function generateUsername(ctx: AppContext, firstName: string, lastName: string): Promise<string> {
  const clean = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '');
  let base = `${clean(firstName)}.${clean(lastName)}`.replace(/^\.|\.$/g, '').slice(0, 40);
  if (base.length < 3) { base = `user.${base}`.replace(/\.$/, ''); }
  const taken = await repo.findUsernamesLike(ctx.db, base);
  if (!taken.has(base)) { return base; }
  for (let n = 2; ; n++) { if (!taken.has(`${base}${n}`)) { return `${base}${n}`; } }
}

/** Checks the offices exist in the caller's scope (404 otherwise) and belong to `organizationId` (400). */
async function officesFor(ctx: AppContext, scope: Scope, hospitalIds: number[], organizationId: number | null) {
  const offices = await repo.findOfficesInScope(tenantDb(scope, ctx.db), hospitalIds);
  if (offices.length !== hospitalIds.length) { throw AppError.notFound(); }
  if (organizationId !== null && offices.some((o) => o.organizationId !== organizationId)) { throw badField('invalid', 'hospitalIds'); }
  return offices;
}

// Reads ------------------------------------------------------------------------------------------

async function pageOfUsers(
  ctx: AppContext,
  scope: Scope,
  filter: repo.UserListFilter,
  q: PageQuery,
  withMetadata = false,
): Promise<Page<User>> {
  const { ids, total } = await repo.findUserIds(tenantDb(scope, ctx.db), filter, q);
  // withSsn stays false: a patient's SSN never appears in a list.
  const items = await loadUserViews(tenantDb(scope, ctx.db), ids, { withMetadata });
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * `GET user`: a page of the users in the caller's scope (spec section 3 shape, without metadata),
 * filtered by role, status, office (404 when the office is not in scope) and text.
 */
export function findUsers(ctx: AppContext, scope: Scope, q: ListQuery): Promise<Page<User>> {
  if (q.hospitalId !== undefined) { assertOfficeInScope(scope, q.hospitalId); }
  return pageOfUsers(ctx, scope, { roleIds: q.roleId ? [q.roleId] : undefined, status: q.status, hospitalId: q.hospitalId, search: q.search }, q);
}

/**
 * `GET user/{id}`: one user with doctor, nurse or patient metadata. 404 outside the scope; 403 when
 * the caller lacks users.read (patients.read for a patient) and it is not themselves. A patient's SSN
 * is shown only masked ("***-**-1234"), and only to callers who manage patients.
 */
export async function getUser(ctx: AppContext, scope: Scope, id: number): Promise<User> {
  const target = await visibleUser(ctx, scope, id);
  assertMayRead(scope, target);
  const showSsn = target.roleId === Role.PATIENT && can(scope.role, 'patients.manage');
  const view = await viewOf(ctx, scope, id, { withMetadata: true, withSsn: showSsn });
  if (view.patientMetadata && showSsn) { view.patientMetadata = { ...view.patientMetadata, ssn: maskSsn(view.patientMetadata.ssn) }; }
  return view;
}

/** `GET user/getuserbyidminimal`: id, names, roleId and status; the same visibility as `getUser`. */
export async function getUserMinimal(ctx: AppContext, scope: Scope, id: number): Promise<UserMinimal> {
  const target = await visibleUser(ctx, scope, id);
  assertMayRead(scope, target);
  return minimalOf(target);
}

/** `GET user/gethospitalpatients`: a page of the patients of the caller's offices, or of one office (404 when not in scope). */
export function findOfficePatients(ctx: AppContext, scope: Scope, hospitalId: number | undefined, q: PatientQuery): Promise<Page<User>> {
  if (hospitalId !== undefined) { assertOfficeInScope(scope, hospitalId); }
  return pageOfUsers(ctx, scope, { roleIds: [Role.PATIENT], hospitalId, status: q.status, search: q.search }, q, true);
}

/**
 * The role lists (`gethospitaladmins`, `getcaregivers`, `getorganizationadmins`,
 * `getorganizationpartners`, `getapiusers`): a page of the users of `role` in scope, narrowed to one
 * office or organization when given (404 when that office or organization is not in scope).
 */
export function findUsersOfRole(
  ctx: AppContext,
  scope: Scope,
  role: RoleId,
  q: PageQuery,
  where: { hospitalId?: number; organizationId?: number } = {},
): Promise<Page<User>> {
  if (where.hospitalId !== undefined) { assertOfficeInScope(scope, where.hospitalId); }
  if (where.organizationId !== undefined) { assertOrganizationInScope(scope, where.organizationId); }
  return pageOfUsers(ctx, scope, { roleIds: [role], hospitalId: where.hospitalId, organizationId: where.organizationId, search: q.search }, q);
}

// Writes -----------------------------------------------------------------------------------------

/**
 * `POST user`: creates a user of any kind the caller may create (403 otherwise; see `assertMayManage`).
 * First and last name are normalised ("mARY" -> "Mary"), the phone is checked for the country and
 * stored in E.164 ('' when missing), the language is ENG or ESP (ESP by default), the time zone
 * defaults to the first office's. Office-scoped roles and patients need at least one office
 * (400 atLeastOneFacility); the offices must be in scope (404) and in the user's organization (400).
 * The organization defaults to the caller's, or to the offices'. Without a password, an
 * account-validation link (72 h) is e-mailed. Duplicate username or e-mail: 409 duplicateUser.
 * User and assignments are written in one transaction.
 */
export async function createUser(ctx: AppContext, scope: Scope, body: CreateBody): Promise<User> {
  const role = body.roleId;
  assertMayManage(scope, role);
  const hospitalIds = [...new Set(body.hospitalIds ?? [])];

  let organizationId: number | null = null;
  if (rolesWithoutOrganization.includes(role)) {
    if (hospitalIds.length > 0) { throw badField('invalid', 'hospitalIds'); }
    if (body.organizationId) { throw badField('invalid', 'organizationId'); }
  } else {
    organizationId = body.organizationId ?? (isSystemAdmin(scope) ? null : scope.organizationId);
    if (organizationId !== null) {
      assertOrganizationInScope(scope, organizationId);
      if (!(await repo.organizationVisible(tenantDb(scope, ctx.db), organizationId))) { throw AppError.notFound(); }
    }
  }
  const offices = await officesFor(ctx, scope, hospitalIds, organizationId);
  if (organizationId === null && offices[0] && !rolesWithoutOrganization.includes(role)) {
    organizationId = offices[0].organizationId;
    if (offices.some((o) => o.organizationId !== organizationId)) { throw badField('invalid', 'hospitalIds'); }
  }
  if (organizationId === null && !organizationOptional.includes(role)) { throw badField('required', 'organizationId'); }
  if (rolesNeedingFacility.includes(role) && hospitalIds.length === 0) { throw badField('atLeastOneFacility', 'hospitalIds'); }

  const status = body.status ?? UserStatus.ACTIVE;
  if (role !== Role.PATIENT && status !== UserStatus.ACTIVE && status !== UserStatus.INACTIVE) { throw badField('invalid', 'status'); }

  const firstName = normaliseName(body.firstName);
  const lastName = normaliseName(body.lastName);
  const email = body.email ? body.email.toLowerCase() : null;
  const username = body.username ?? (await generateUsername(ctx, firstName, lastName));
  await ensureUnique(ctx, { username, email });
  const country = body.country ?? 'US';

  const created = await ctx.db.transaction(async (tx) =>
    repo.insertUser(
      tenantDb(scope, tx),
      {
        roleId: role,
        organizationId,
        firstName,
        lastName,
        email,
        username,
        phone: toE164(body.phone, country),
        gender: body.gender ?? '',
        birthdate: body.birthdate ?? null,
        address: body.address ?? '',
        addressLatitude: body.addressLatitude ?? null,
        addressLongitude: body.addressLongitude ?? null,
        city: body.city ?? '',
        zip: body.zip ?? '',
        state: body.state ?? '',
        country,
        language: body.language ?? 'ESP',
        userTimezone: body.userTimezone ?? offices[0]?.timeZone ?? 'America/New_York',
        status,
        userSettingsJson: body.userSettingsJson ?? {},
        isSequoiaUser: body.isSequoiaUser ?? false,
        passwordHash: body.password ? await hashPassword(body.password) : null,
        emailValidated: false,
      },
      hospitalIds,
      role === Role.HOSPITAL_ADMIN,
    ),
  );
  if (!body.password && created.email) {
    try {
      await sendLink(ctx, 'validation', created, VALIDATE_PATH);
    } catch (err) {
      // The user exists; an admin can send the link again with user/sendvalidationlinkbyemail.
      ctx.log.warn({ userId: created.id, err: (err as Error).name }, 'account-validation e-mail could not be sent');
    }
  }
  return viewOf(ctx, scope, created.id, { withMetadata: true });
}

/**
 * `PUT user/{id}` (and, with `replaceOffices`, `PUT user/updateV2/{id}`): updates the given fields.
 * The caller may update themselves; anybody else needs the right to manage that kind of user (403).
 * 404 when the user is not in scope. Names are normalised; the phone is checked against the body's
 * country or the stored one (400 phone) and stored in E.164; a changed e-mail becomes not validated;
 * duplicate username or e-mail: 409. With `hospitalIds` (V2), the user's offices within the caller's
 * scope become exactly that list; at least one office must remain for office-scoped roles and patients.
 */
export async function updateUser(ctx: AppContext, scope: Scope, id: number, body: UpdateBody, opts: { replaceOffices: boolean }): Promise<User> {
  const target = await visibleUser(ctx, scope, id);
  const role = target.roleId as RoleId;
  if (opts.replaceOffices || target.id !== scope.userId) { assertMayManage(scope, role); }

  const values: Partial<repo.UserInsert> = {};
  if (body.firstName !== undefined) { values.firstName = normaliseName(body.firstName); }
  if (body.lastName !== undefined) { values.lastName = normaliseName(body.lastName); }
  if (body.phone !== undefined || body.country !== undefined) {
    const country = body.country ?? target.country;
    const phone = body.phone !== undefined ? (body.phone ?? '') : target.phone;
    if (phone && !isValidPhone(phone, country)) { throw badField('validationFailed', 'phone', 'phone'); }
    values.phone = toE164(phone, country);
    values.country = country;
  }
  if (body.email !== undefined) {
    const email = body.email ? body.email.toLowerCase() : null;
    if (!email && role !== Role.PATIENT) { throw badField('validationFailed', 'email', 'required'); }
    if (email !== (target.email?.toLowerCase() ?? null)) {
      await ensureUnique(ctx, { email }, id);
      values.email = email;
      values.emailValidated = false;
    }
  }
  if (body.username !== undefined && body.username.toLowerCase() !== target.username.toLowerCase()) {
    await ensureUnique(ctx, { username: body.username }, id);
    values.username = body.username;
  }
  for (const key of ['gender', 'address', 'city', 'zip', 'state'] as const) {
    if (body[key] !== undefined) { values[key] = body[key]; }
  }
  if (body.birthdate !== undefined) { values.birthdate = body.birthdate; }
  if (body.addressLatitude !== undefined) { values.addressLatitude = body.addressLatitude; }
  if (body.addressLongitude !== undefined) { values.addressLongitude = body.addressLongitude; }
  if (body.language !== undefined) { values.language = body.language; }
  if (body.userTimezone !== undefined) { values.userTimezone = body.userTimezone; }
  if (body.userSettingsJson !== undefined) { values.userSettingsJson = body.userSettingsJson; }
  if (body.isSequoiaUser !== undefined) { values.isSequoiaUser = body.isSequoiaUser; }

  let hospitalIds: number[] | null = null;
  if (opts.replaceOffices && body.hospitalIds !== undefined) {
    hospitalIds = [...new Set(body.hospitalIds)];
    await officesFor(ctx, scope, hospitalIds, target.organizationId);
    if (rolesNeedingFacility.includes(role)) {
      const current = await repo.findAssignments(tenantDb(scope, ctx.db), id);
      const outsideScope = current.filter((h) => !isOfficeInScope(scope, h));
      if (hospitalIds.length + outsideScope.length === 0) { throw badField('atLeastOneFacility', 'hospitalIds'); }
    }
  }

  await ctx.db.transaction(async (tx) => {
    if (!(await repo.updateUserRow(tenantDb(scope, tx), id, values))) { throw AppError.notFound(); }
    if (hospitalIds) { await repo.replaceAssignmentsInScope(tenantDb(scope, tx), id, hospitalIds, role === Role.HOSPITAL_ADMIN); }
  });
  return viewOf(ctx, scope, id, { withMetadata: true });
}

/**
 * `DELETE user/{id}`: a soft delete. Clinical records must outlive an account, so the user is not
 * removed: their status becomes INACTIVE (0) and their sessions end. Nothing is anonymised. 404 outside
 * the scope; 403 for oneself or a kind of user the caller does not manage; 400 deceasedIsFinal for a
 * deceased patient (whose status stays DECEASED).
 */
export async function deleteUser(ctx: AppContext, scope: Scope, id: number): Promise<null> {
  const target = await visibleUser(ctx, scope, id);
  if (target.id === scope.userId) { throw AppError.forbidden(); }
  assertMayManage(scope, target.roleId as RoleId);
  if (target.status === UserStatus.DECEASED) { throw AppError.badRequest('deceasedIsFinal'); }
  await ctx.db.transaction(async (tx) => {
    await repo.updateUserRow(tenantDb(scope, tx), id, { status: UserStatus.INACTIVE });
    await endSessionsOfUser(tx, id, 'deleted');
  });
  return null;
}

/**
 * `PUT user/setstatus`: sets a user's status. Patients: 0 inactive, 1 active, 2 pending, 3 deceased;
 * everybody else 0 or 1 (400 otherwise). A deceased patient's status cannot change (400
 * deceasedIsFinal). Any status but active ends the user's sessions. 404 outside the scope; 403 for
 * oneself or a kind of user the caller does not manage.
 */
export async function setStatus(ctx: AppContext, scope: Scope, id: number, status: number): Promise<UserMinimal> {
  const target = await visibleUser(ctx, scope, id);
  if (target.id === scope.userId) { throw AppError.forbidden(); }
  assertMayManage(scope, target.roleId as RoleId);
  if (target.roleId !== Role.PATIENT && status !== UserStatus.ACTIVE && status !== UserStatus.INACTIVE) {
    throw badField('validationFailed', 'statusvaluetoset', 'invalid');
  }
  if (target.status === UserStatus.DECEASED && status !== UserStatus.DECEASED) { throw AppError.badRequest('deceasedIsFinal'); }
  await ctx.db.transaction(async (tx) => {
    await repo.updateUserRow(tenantDb(scope, tx), id, { status });
    if (status !== UserStatus.ACTIVE) { await endSessionsOfUser(tx, id, 'disabled'); }
  });
  return { ...minimalOf(target), status };
}

/**
 * `PUT user/updateemailforuser`: sets a user's e-mail (stored lower case) and marks it not validated.
 * 404 outside the scope; 403 for a kind of user the caller does not manage (oneself is allowed);
 * 409 duplicateUser when another account uses it.
 */
export async function updateEmailForUser(
  ctx: AppContext,
  scope: Scope,
  id: number,
  newEmail: string,
): Promise<UserMinimal & { email: string; emailValidated: boolean }> {
  const target = await visibleUser(ctx, scope, id);
  if (target.id !== scope.userId) { assertMayManage(scope, target.roleId as RoleId); }
  const email = newEmail.toLowerCase();
  await ensureUnique(ctx, { email }, id);
  await repo.updateUserRow(tenantDb(scope, ctx.db), id, { email, emailValidated: false });
  return { ...minimalOf(target), email, emailValidated: false };
}

