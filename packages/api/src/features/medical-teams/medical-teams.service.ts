import {
  Role,
  UserStatus,
  type MedicalTeam,
  type MedicalTeamPage,
  type MedicalTeamPageQuery,
  type RoleId,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { allUsersVisible, getOfficeInScope, getVisibleUserOfRole, type VisibleUser } from '../../db/visible';
import { isUniqueViolation } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import * as repo from './medical-teams.repo';
import { tenantDb } from '../../db/handles';

type MemberField = 'memberIds' | 'userId' | 'userIds';

/**
 * Checks that every id of `userIds` is an active staff member (doctor, nurse, office admin or
 * caregiver, status 1) assigned to office `hospitalId`: 404 when an id names no user the caller
 * sees (another tenant's reads as not found, docs/first-day.md); 400 with `field: "Invalid id"`
 * for a visible user who is not such staff. Returns their roles.
 */
async function checkMembers(scope: Scope, db: Executor, hospitalId: number, userIds: number[], field: MemberField): Promise<RoleId[]> {
  const rows = await repo.findOfficeAssignments(tenantDb(scope, db), hospitalId, userIds);
  const staff = rows.filter((r) => repo.TEAM_MEMBER_ROLES.includes(r.roleId) && r.status === UserStatus.ACTIVE);
  if (staff.length !== new Set(userIds).size) {
    if (!(await allUsersVisible(tenantDb(scope, db), userIds))) { throw AppError.notFound(); }
    throw AppError.badRequest('validationFailed', { [field]: 'invalidId' });
  }
  return staff.map((r) => r.roleId as RoleId);
}

/**
 * Spec section 5: "A new patient needs at least one medical team member, and a doctor and a nurse
 * must be assigned." 400 `teamNeedsDoctorAndNurse` unless `roles` holds both.
 */
function requireDoctorAndNurse(roles: readonly number[], field: MemberField): void {
  if (!roles.includes(Role.DOCTOR) || !roles.includes(Role.NURSE)) {
    throw AppError.badRequest('teamNeedsDoctorAndNurse', { [field]: 'teamNeedsDoctorAndNurse' });
  }
}

/** A user of `role` the caller sees (db/visible.ts), or 404 "Invalid id": another tenant's user reads as not found. */
async function visibleUserOfRole(scope: Scope, db: Executor, userId: number, role: RoleId): Promise<VisibleUser> {
  const user = await getVisibleUserOfRole(tenantDb(scope, db), userId, role);
  if (!user) { throw AppError.notFound(); }
  return user;
}

async function viewOf(scope: Scope, db: Executor, teamId: number): Promise<MedicalTeam> {
  const [view] = await repo.loadTeamViews(tenantDb(scope, db), [teamId]);
  if (!view) { throw AppError.notFound(); }
  return view;
}

/**
 * `POST medicalteam`: creates the team of a patient in an office with its first members.
 * 404 when the office or the patient is not the caller's; 400 `patientId` when the patient is not
 * assigned to that office; 400 `memberIds` when a member is not active staff of that office;
 * 400 `teamNeedsDoctorAndNurse` when this is the patient's first team (a new patient) and it lacks
 * a doctor or a nurse; 409 when the patient already has a team in that office.
 */
export async function createTeam(
  ctx: AppContext,
  scope: Scope,
  body: { patientId: number; hospitalId: number; memberIds: number[] },
): Promise<MedicalTeam> {
  const db = ctx.db;
  const { patientId, hospitalId } = body;
  if (!(await getOfficeInScope(tenantDb(scope, db), hospitalId))) { throw AppError.notFound(); }
  await visibleUserOfRole(scope, db, patientId, Role.PATIENT);
  if ((await repo.findOfficeAssignments(tenantDb(scope, db), hospitalId, [patientId])).length === 0) {
    throw AppError.badRequest('validationFailed', { patientId: 'invalidId' });
  }
  const roles = await checkMembers(scope, db, hospitalId, body.memberIds, 'memberIds');
  if (await repo.getTeamOfPatientInOffice(tenantDb(scope, db), patientId, hospitalId)) { throw AppError.conflict(); }
  if ((await repo.countTeamsOfPatient(tenantDb(scope, db), patientId)) === 0) { requireDoctorAndNurse(roles, 'memberIds'); }
  try {
    const teamId = await db.transaction(async (tx) => {
      const team = await repo.insertTeam(tenantDb(scope, tx), { patientId, hospitalId });
      await repo.addMembers(tenantDb(scope, tx), team.id, body.memberIds);
      return team.id;
    });
    return await viewOf(scope, db, teamId);
  } catch (err) {
    if (isUniqueViolation(err)) { throw AppError.conflict(); }
    throw err;
  }
}

/**
 * Adds members (one or several, one transaction) to team `medicalTeamId`. 404 when the team is
 * not the caller's; 400 `field` when a user is not active staff of the team's office. Existing
 * members stay as they are.
 */
export async function assignMembers(ctx: AppContext, scope: Scope, medicalTeamId: number, userIds: number[], field: MemberField): Promise<MedicalTeam> {
  const team = await repo.getTeam(tenantDb(scope, ctx.db), medicalTeamId);
  if (!team) { throw AppError.notFound(); }
  await checkMembers(scope, ctx.db, team.hospitalId, userIds, field);
  await ctx.db.transaction((tx) => repo.addMembers(tenantDb(scope, tx), team.id, userIds));
  return viewOf(scope, ctx.db, team.id);
}

/**
 * Removes members (one or several, one transaction) from team `medicalTeamId`. 404 when the team
 * is not the caller's, or a user is not one the caller sees; 400 "Error while deassigning medical
 * staff!" when a user is not a member;
 * 400 `teamNeedsDoctorAndNurse` when the team is the patient's only one and would lose its last
 * doctor or nurse (the rule `updatemedicalteamforpatient` keeps, so it cannot be undone member by member).
 */
export async function deassignMembers(ctx: AppContext, scope: Scope, medicalTeamId: number, userIds: number[], field: MemberField): Promise<MedicalTeam> {
  const db = ctx.db;
  const team = await repo.getTeam(tenantDb(scope, db), medicalTeamId);
  if (!team) { throw AppError.notFound(); }
  const current = await repo.findMemberIds(tenantDb(scope, db), team.id);
  if (userIds.some((id) => !current.includes(id))) {
    if (!(await allUsersVisible(tenantDb(scope, db), userIds))) { throw AppError.notFound(); }
    throw AppError.badRequest('errorDeassigningStaff', { [field]: 'invalidId' });
  }
  const remaining = current.filter((id) => !userIds.includes(id));
  if ((await repo.countTeamsOfPatient(tenantDb(scope, db), team.patientId, team.id)) === 0) {
    const roles = (await repo.findRolesOf(tenantDb(scope, db), remaining)).map((r) => r.roleId);
    requireDoctorAndNurse(roles, field);
  }
  await db.transaction((tx) => repo.removeMembers(tenantDb(scope, tx), team.id, userIds));
  return viewOf(scope, db, team.id);
}

/**
 * `PUT medicalteam/updatemedicalteamforpatient`: replaces the members of the patient's team in
 * office `hospitalId`, in one transaction. 404 when there is no such team in the caller's scope;
 * 400 as for create (members must be active staff of the office; the patient's only team needs a
 * doctor and a nurse).
 */
export async function updateTeamForPatient(ctx: AppContext, scope: Scope, patientId: number, hospitalId: number, memberIds: number[]): Promise<MedicalTeam> {
  const db = ctx.db;
  const team = await repo.getTeamOfPatientInOffice(tenantDb(scope, db), patientId, hospitalId);
  if (!team) { throw AppError.notFound(); }
  const roles = await checkMembers(scope, db, hospitalId, memberIds, 'memberIds');
  if ((await repo.countTeamsOfPatient(tenantDb(scope, db), patientId, team.id)) === 0) { requireDoctorAndNurse(roles, 'memberIds'); }
  await db.transaction(async (tx) => {
    const current = await repo.findMemberIds(tenantDb(scope, tx), team.id);
    await repo.removeMembers(tenantDb(scope, tx), team.id, current.filter((id) => !memberIds.includes(id)));
    await repo.addMembers(tenantDb(scope, tx), team.id, memberIds);
  });
  return viewOf(scope, db, team.id);
}

/** `DELETE medicalteam/deletemedicalteamforpatient`: deletes the patient's team in an office; 404 when there is none in scope. */
export async function deleteTeamForPatient(ctx: AppContext, scope: Scope, patientId: number, hospitalId: number): Promise<{ id: number }> {
  const team = await repo.getTeamOfPatientInOffice(tenantDb(scope, ctx.db), patientId, hospitalId);
  if (!team) { throw AppError.notFound(); }
  await repo.deleteTeam(tenantDb(scope, ctx.db), team.id);
  return { id: team.id };
}

/**
 * `GET medicalteam/getmedicalteamsforpatient`: the patient's teams in the caller's offices (a
 * patient caller: only their own). 404 when the patient is not visible.
 */
export async function findTeamsForPatient(ctx: AppContext, scope: Scope, patientId: number): Promise<MedicalTeam[]> {
  await visibleUserOfRole(scope, ctx.db, patientId, Role.PATIENT);
  return repo.loadTeamViews(tenantDb(scope, ctx.db), await repo.findTeamIdsOfPatient(tenantDb(scope, ctx.db), patientId));
}

async function page(ctx: AppContext, scope: Scope, filter: repo.TeamListFilter, query: MedicalTeamPageQuery): Promise<MedicalTeamPage> {
  const { ids, total } = await repo.findTeamIdsPage(tenantDb(scope, ctx.db), filter, query);
  return { items: await repo.loadTeamViews(tenantDb(scope, ctx.db), ids), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Teams a doctor or nurse (`role`) is a member of, in the caller's offices, paged. 404 when the
 * user is not visible or has another role.
 */
export async function findTeamsForMember(ctx: AppContext, scope: Scope, userId: number, role: RoleId, query: MedicalTeamPageQuery): Promise<MedicalTeamPage> {
  await visibleUserOfRole(scope, ctx.db, userId, role);
  return page(ctx, scope, { memberUserId: userId }, query);
}

/**
 * `getmedicalteamsforhospitaladminv2`: the teams of the offices an office admin is assigned to,
 * in the caller's offices, paged. 404 when the user is not a visible office admin.
 */
export async function findTeamsForHospitalAdmin(ctx: AppContext, scope: Scope, userId: number, query: MedicalTeamPageQuery): Promise<MedicalTeamPage> {
  await visibleUserOfRole(scope, ctx.db, userId, Role.HOSPITAL_ADMIN);
  return page(ctx, scope, { officesOfUserId: userId }, query);
}

/** `getmedicalteamsforhospital`: an office's teams, paged; 404 when the office is not the caller's. */
export async function findTeamsForHospital(ctx: AppContext, scope: Scope, hospitalId: number, query: MedicalTeamPageQuery): Promise<MedicalTeamPage> {
  if (!(await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId))) { throw AppError.notFound(); }
  return page(ctx, scope, { hospitalId }, query);
}

/**
 * Takes users `userIds` off the medical teams of office `hospitalId` (teams in the caller's
 * offices), in the caller's transaction `tx`: the offices feature's deassignment of staff (a
 * user no longer in an office is on none of its teams).
 */
export async function removeMembersFromOfficeTeams(scope: Scope, tx: Executor, hospitalId: number, userIds: number[]): Promise<void> {
  await repo.removeMembersFromOfficeTeams(tenantDb(scope, tx), hospitalId, userIds);
}
