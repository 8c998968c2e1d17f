import {
  Role,
  officeStaffRoleIds,
  toE164,
  type EndpointBody,
  type EndpointQuery,
  type LandingOffice,
  type MessageKey,
  type Office,
  type OfficeAssignment,
  type OfficeDeassignment,
  type OfficePatientListItem,
  type PatientListView,
  patientListViewSchema,
  type RoleId,
  type User,
} from '@vigil/contract';
import type { offices as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import { assertOfficeInScope, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { addDays, localDateOf, officeTimeZone, startOfLocalDay } from '../../lib/office-calendar';
import type { Executor } from '../../db/client';
import type { SystemDb } from '../../db/handles';
import { removeMembersFromOfficeTeams } from '../medical-teams/index';
import { loadUserViews, removeOfficeAssignments, savePatientListViewSetting, upsertOfficeAssignments } from '../users/index';
import * as patients from './office-patients.repo';
import * as repo from './offices.repo';
import { tenantDb } from '../../db/handles';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
type OfficeBody = EndpointBody<typeof contract.updateOffice>;

/** Most members GET hospital/getrelatedmedicalstaffforhospital returns (it is an unpaged legacy list). */
export const OFFICE_STAFF_LIST_LIMIT = 500;

const staffRoles: readonly number[] = officeStaffRoleIds;

/** The stored columns of a validated office body: phone in E.164 ('' when missing). */
function valuesOf(body: OfficeBody) {
  return {
    hospitalName: body.hospitalName,
    hospitalNameEsp: body.hospitalNameESP ?? '',
    address: body.address ?? '',
    addressLatitude: body.addressLatitude,
    addressLongitude: body.addressLongitude,
    city: body.city ?? '',
    state: body.state ?? '',
    zip: body.zip ?? '',
    country: body.country,
    phone: toE164(body.phone, body.country),
    email: body.email ?? '',
    timeZone: body.timeZone,
    rpmEnabled: body.rpmEnabled,
    rtmEnabled: body.rtmEnabled,
    ccmEnabled: body.ccmEnabled,
    assessmentsEnabled: body.assessmentsEnabled,
    status: body.status,
  };
}

/** GET hospital/landing: where the caller lands (`repo.findLandingOffice`); `officeId` null when they see no active office. */
export async function getLandingOffice(ctx: AppContext, scope: Scope): Promise<LandingOffice> {
  const row = await repo.findLandingOffice(tenantDb(scope, ctx.db));
  return row ?? { officeId: null, monitoredPatients: 0 };
}

/** GET hospital: a page of the offices in the caller's scope. */
export async function findOffices(ctx: AppContext, scope: Scope, q: EndpointQuery<typeof contract.findOffices>): Promise<Page<Office>> {
  const { items, total } = await repo.findOffices(tenantDb(scope, ctx.db), q);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** GET hospital/{id}; 404 'invalidId' when the office is not in the caller's scope. */
export async function getOffice(ctx: AppContext, scope: Scope, id: number): Promise<Office> {
  const office = await repo.getOffice(tenantDb(scope, ctx.db), id);
  if (!office) { throw AppError.notFound(); }
  return office;
}

/**
 * POST hospital (offices.manage). `organizationId` must be an organization the caller sees (their
 * own for an organization admin), else 404 'invalidId'. Phone stored in E.164; time zone IANA.
 */
export async function createOffice(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.createOffice>): Promise<Office> {
  const id = await repo.insertOffice(tenantDb(scope, ctx.db), body.organizationId, valuesOf(body));
  const office = id === null ? null : await repo.getCreatedOffice(tenantDb(scope, ctx.db), id);
  if (!office) { throw AppError.notFound(); }
  return office;
}

/** PUT hospital/{id} (offices.update): office admins only their own offices; 404 when out of scope. */
export async function updateOffice(ctx: AppContext, scope: Scope, id: number, body: OfficeBody): Promise<Office> {
  const updated = await repo.updateOffice(tenantDb(scope, ctx.db), id, valuesOf(body));
  if (!updated) { throw AppError.notFound(); }
  return getOffice(ctx, scope, id);
}

/**
 * DELETE hospital/{id} (offices.manage). A hard delete, refused with 409 'conflict' while patients
 * are still assigned to the office (move or deassign them first, so no patient loses their only
 * office by accident). Staff assignments and the office's (patient-less) medical teams go with it.
 */
export async function deleteOffice(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.getOffice(tenantDb(scope, tx), id))) { throw AppError.notFound(); }
    if ((await repo.countOfficePatients(tenantDb(scope, tx), id)) > 0) { throw AppError.conflict(); }
    await repo.deleteOffice(tenantDb(scope, tx), id);
    return { id };
  });
}

/** Which users an assign call accepts, and the admin flag they get. */
export interface AssignRule {
  /** Roles accepted; others answer 400 'invalid' on the user field. */
  roles: readonly number[];
  /** Whether to mark the assignment as the office's admin. */
  isAdmin: (role: number) => boolean;
}

/** Roles that can be assigned to an office: everyone but system and organization admins (who see every office anyway). */
const assignableRoles: readonly number[] = [
  Role.DOCTOR,
  Role.NURSE,
  Role.PATIENT,
  Role.HOSPITAL_ADMIN,
  Role.CARE_GIVER,
  Role.PARTNER,
  Role.API_USER,
  Role.DATA_COORDINATOR,
  Role.VERIFIER,
  Role.ECP_USER,
] satisfies RoleId[];

export const assignRules = {
  user: { roles: assignableRoles, isAdmin: (role) => role === Role.HOSPITAL_ADMIN },
  admin: { roles: [Role.HOSPITAL_ADMIN], isAdmin: () => true },
  patient: { roles: [Role.PATIENT], isAdmin: () => false },
  doctor: { roles: [Role.DOCTOR], isAdmin: () => false },
} satisfies Record<string, AssignRule>;

/**
 * The office and users of an assign / deassign call, checked: the office and every user must be in
 * the caller's scope (404 with `errorKey`, default 'invalidId', otherwise), every user's role in `roles` (400 with the
 * field's 'invalid' message otherwise), and, when assigning, a user of another organization cannot
 * join the office (409 'conflict').
 */
async function checkOfficeAndUsers(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  userIds: number[],
  roles: readonly number[],
  opts: { field: 'userId' | 'userIds'; assigning: boolean; errorKey?: MessageKey },
) {
  const errorKey = opts.errorKey ?? 'invalidId';
  const office = await repo.getOffice(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(errorKey); }
  const found = await repo.findVisibleUsers(tenantDb(scope, ctx.db), userIds);
  if (found.length !== userIds.length) { throw AppError.notFound(errorKey); }
  if (found.some((u) => !roles.includes(u.roleId))) {
    throw AppError.badRequest(opts.errorKey ?? 'validationFailed', { [opts.field]: 'invalid' });
  }
  if (opts.assigning && found.some((u) => u.organizationId !== null && u.organizationId !== office.organizationId)) { throw AppError.conflict(); }
  return { office, users: found };
}

/**
 * POST hospital/assign...tohospital (offices.assign): assigns one user by `rule`. Idempotent: a
 * repeated call answers the same assignment. 404 when the office or user is out of scope.
 */
export async function assignUser(ctx: AppContext, scope: Scope, hospitalId: number, userId: number, rule: AssignRule): Promise<OfficeAssignment> {
  const [assignment] = await assignUsers(ctx, scope, hospitalId, [userId], rule, 'userId');
  return assignment!;
}

/**
 * POST hospital/assignmultipleuserstohospital (offices.assign): assigns every user in one
 * transaction, all or none. Office admins are assigned as admins.
 */
export async function assignUsers(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  userIds: number[],
  rule: AssignRule = assignRules.user,
  field: 'userId' | 'userIds' = 'userIds',
): Promise<OfficeAssignment[]> {
  const { users } = await checkOfficeAndUsers(ctx, scope, hospitalId, userIds, rule.roles, { field, assigning: true });
  const roleOf = new Map(users.map((u) => [u.id, u.roleId]));
  const stored = await ctx.db.transaction((tx) =>
    storeAssignments(
      scope,
      tx,
      hospitalId,
      userIds.map((userId) => ({ userId, isAdmin: rule.isAdmin(roleOf.get(userId)!) })),
    ),
  );
  if (!stored) { throw AppError.notFound(); }
  const byUser = new Map(stored.map((a) => [a.userId, a]));
  return userIds.map((id) => byUser.get(id)!);
}

/**
 * POST hospital/deassignuserfromhospital and deassignadminfromhospital (offices.assign): removes the
 * assignment and the user's memberships in that office's medical teams, in one transaction.
 * Idempotent (`removed` 0 when the user was not assigned). 404 when office or user is out of scope.
 */
export async function deassignUser(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  userId: number,
  roles: readonly number[] = assignableRoles,
): Promise<OfficeDeassignment> {
  await checkOfficeAndUsers(ctx, scope, hospitalId, [userId], roles, { field: 'userId', assigning: false });
  const removed = await ctx.db.transaction((tx) => removeAssignments(scope, tx, hospitalId, [userId]));
  return { hospitalId, userIds: [userId], removed };
}

/** Roles an admin deassign accepts. */
export const adminRoles: readonly number[] = [Role.HOSPITAL_ADMIN];

/**
 * DELETE hospital/deassigmedicalstafffromhospitalv2 and ...multiple...v2 (offices.assign): removes
 * staff members (doctor, nurse, office admin, caregiver) from the office and from its medical teams
 * in one transaction. Failures carry the spec's message "Error while deassigning medical staff!"
 * (404 when the office or a user is out of scope, 400 when a user is not medical staff).
 */
export async function deassignMedicalStaff(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  userIds: number[],
  field: 'userId' | 'userIds',
): Promise<OfficeDeassignment> {
  await checkOfficeAndUsers(ctx, scope, hospitalId, userIds, staffRoles, {
    field: field,
    assigning: false,
    errorKey: 'errorDeassigningStaff',
  });
  const removed = await ctx.db.transaction((tx) => removeAssignments(scope, tx, hospitalId, userIds));
  return { hospitalId, userIds, removed };
}

/**
 * GET hospital/getrelatedmedicalstaffforhospital(V2, V3) (header hospitalid): the doctors, nurses,
 * caregivers and office admins assigned to the office, as User shapes; V3 adds `patientCount`.
 * 404 when the office is not the caller's.
 */
export async function findOfficeStaff(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  q: EndpointQuery<typeof contract.findOfficeMedicalStaffV3>,
): Promise<Page<User & { patientCount: number }>> {
  assertOfficeInScope(scope, hospitalId);
  const { rows, total } = await repo.findOfficeStaff(tenantDb(scope, ctx.db), hospitalId, q);
  const views = await loadUserViews(tenantDb(scope, ctx.db),
    rows.map((r) => r.id),
    { officesVisibleTo: scope },
  );
  const countOf = new Map(rows.map((r) => [r.id, r.patientCount]));
  return {
    items: views.map((u) => ({ ...u, patientCount: countOf.get(u.id) ?? 0 })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** ...V2: the V3 page without the patient counts. */
export async function findOfficeStaffV2(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  q: EndpointQuery<typeof contract.findOfficeMedicalStaffV2>,
): Promise<Page<User>> {
  const page = await findOfficeStaff(ctx, scope, hospitalId, q);
  return { ...page, items: page.items.map(({ patientCount: _, ...u }) => u) };
}

/** The legacy unpaged staff list: the first `OFFICE_STAFF_LIST_LIMIT` members by name. */
export async function listOfficeStaff(ctx: AppContext, scope: Scope, hospitalId: number, roleId: number | undefined): Promise<User[]> {
  const page = await findOfficeStaff(ctx, scope, hospitalId, { page: 1, pageSize: OFFICE_STAFF_LIST_LIMIT, roleId });
  return page.items.map(({ patientCount: _, ...u }) => u);
}

/**
 * GET hospital/getrelatedpatientsforhospitalv2 (header hospitalid): the office's patients as full
 * User shapes with patient metadata (never the SSN). 404 when the office is not the caller's.
 */
export async function findOfficePatientsV2(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  q: EndpointQuery<typeof contract.findOfficePatientsV2>,
): Promise<Page<User>> {
  assertOfficeInScope(scope, hospitalId);
  const { ids, total } = await patients.findOfficePatientIds(tenantDb(scope, ctx.db), hospitalId, q);
  const views = await loadUserViews(tenantDb(scope, ctx.db), ids, { withMetadata: true, withSsn: false, officesVisibleTo: scope });
  return { items: views, total, page: q.page, pageSize: q.pageSize };
}

/**
 * The office's calendar for the /patients triage figures at `now`: today's local date and where
 * this month and tomorrow start, in the office's time zone (lib/office-calendar.ts, one fallback).
 */
export function triageCalendarOf(timeZone: string | null, now: Date): patients.TriageCalendar {
  const zone = officeTimeZone(timeZone);
  const today = localDateOf(now, zone);
  return {
    timeZone: zone,
    today,
    monthStart: startOfLocalDay(`${today.slice(0, 8)}01`, zone),
    tomorrowStart: startOfLocalDay(addDays(today, 1), zone),
  };
}

/**
 * GET hospital/getrelatedpatientsforhospitalv4 (header hospitalid): the /patients list with each
 * patient's triage figures (last reading, reading days of the current device period, care time this
 * month, open alerts by severity, programs), sorted and filtered on the server, one query per page
 * (see office-patients.repo.ts findOfficePatientsPage, docs/patient-list.md). 404 when the office is not the caller's.
 */
export async function findOfficePatientsV4(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  q: EndpointQuery<typeof contract.findOfficePatientsV4>,
  now = new Date(),
): Promise<Page<OfficePatientListItem>> {
  assertOfficeInScope(scope, hospitalId);
  const zone = await repo.findOfficeTimeZone(tenantDb(scope, ctx.db), hospitalId);
  if (zone === null) { throw AppError.notFound(); }
  const { items, total } = await patients.findOfficePatientsPage(tenantDb(scope, ctx.db), hospitalId, q, triageCalendarOf(zone, now));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * Chosen `GET user/patientlistview`: the caller's saved default view of /patients (sort and
 * filters), or null when none is saved. A stored view that no longer parses (a sort key since
 * removed) reads as null rather than failing the page.
 */
export async function getPatientListView(ctx: AppContext, scope: Scope): Promise<{ view: PatientListView | null }> {
  const stored = await repo.getPatientListView(tenantDb(scope, ctx.db));
  const parsed = patientListViewSchema.safeParse(stored);
  return { view: stored !== null && parsed.success ? parsed.data : null };
}

/** Chosen `PUT user/patientlistview`: saves the caller's default view of /patients (replaces the previous one; other settings kept). */
export async function savePatientListView(ctx: AppContext, scope: Scope, view: PatientListView): Promise<{ view: PatientListView }> {
  await ctx.db.transaction((tx) => savePatientListViewSetting(scope, tx, view));
  return { view };
}

/**
 * Stores assignments of users to office `hospitalId` through the users feature (which owns
 * user_hospitals), in transaction `tx`; null when the office is not in the caller's scope.
 */
async function storeAssignments(scope: Scope, tx: Executor, hospitalId: number, rows: { userId: number; isAdmin: boolean }[]) {
  if (rows.length === 0) { return []; }
  if (!(await repo.getOffice(tenantDb(scope, tx), hospitalId))) { return null; }
  return upsertOfficeAssignments(scope, tx, hospitalId, rows);
}

/**
 * Removes users from office `hospitalId` and from that office's medical teams, through their
 * owners (users, medical teams), in transaction `tx`. How many assignments were removed (0 when
 * none existed: the call is idempotent).
 */
async function removeAssignments(scope: Scope, tx: Executor, hospitalId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) { return 0; }
  await removeMembersFromOfficeTeams(scope, tx, hospitalId, userIds);
  return (await removeOfficeAssignments(scope, tx, hospitalId, userIds)).length;
}

/** Turns assessments on for offices `hospitalIds` of the caller's scope (the surveys demo, features/surveys/demo.ts). */
export async function enableAssessments(scope: Scope, db: Executor, hospitalIds: number[]): Promise<void> {
  await repo.enableAssessments(tenantDb(scope, db), hospitalIds);
}

/**
 * The ids of every office of organization `organizationId`, in id order, read with the server's
 * handle: the offices a principal bound to the organization reaches (a FHIR API client, docs/fhir.md).
 */
export function officeIdsOfOrganization(handle: SystemDb, organizationId: number): Promise<number[]> {
  return repo.officeIdsOfOrganization(handle, organizationId);
}
