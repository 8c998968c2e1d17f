import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Role, type MedicalTeam, type MedicalTeamPageQuery } from '@vigil/contract';
import { hospitals, medicalTeamMembers, medicalTeams, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, patientRowFilter, userFilter, type Scope } from '../../db/scope';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';

/** Roles that may sit on a medical team (spec section 3: doctor, nurse, office admin, caregiver). */
export const TEAM_MEMBER_ROLES: number[] = [Role.DOCTOR, Role.NURSE, Role.HOSPITAL_ADMIN, Role.CARE_GIVER];

/** Most teams a patient's list returns (one per office). */
const PATIENT_TEAMS_LIMIT = 100;

const patients = alias(users, 'patient');

/**
 * The tenant filter of a team row: the team's office is one of the caller's, and a patient sees
 * only their own teams.
 */
function teamFilter(scope: Scope): SQL {
  return patientRowFilter(scope, medicalTeams.hospitalId, medicalTeams.patientId);
}

/** Of `userIds`, those assigned to office `hospitalId` (in the caller's scope), with role and status. */
export async function findOfficeAssignments(tenant: TenantDb, hospitalId: number, userIds: number[]) {
  const { scope, db } = tenant;
  if (userIds.length === 0) { return []; }
  return db
    .select({ userId: users.id, roleId: users.roleId, status: users.status })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(and(eq(userHospitals.hospitalId, hospitalId), inArray(userHospitals.userId, userIds), officeFilter(scope, userHospitals.hospitalId)));
}

/** Number of teams of a patient the caller may see, leaving out team `exceptTeamId`. */
export async function countTeamsOfPatient(tenant: TenantDb, patientId: number, exceptTeamId?: number): Promise<number> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ n: count() })
    .from(medicalTeams)
    .where(
      and(
        eq(medicalTeams.patientId, patientId),
        userFilter(scope, medicalTeams.patientId),
        exceptTeamId !== undefined ? sql`${medicalTeams.id} <> ${exceptTeamId}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** A team by id in the caller's scope, or null. */
export async function getTeam(tenant: TenantDb, teamId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: medicalTeams.id, patientId: medicalTeams.patientId, hospitalId: medicalTeams.hospitalId })
    .from(medicalTeams)
    .where(and(eq(medicalTeams.id, teamId), teamFilter(scope)))
    .limit(1);
  return row ?? null;
}

/** The team of `patientId` in office `hospitalId`, in the caller's scope, or null. */
export async function getTeamOfPatientInOffice(tenant: TenantDb, patientId: number, hospitalId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: medicalTeams.id, patientId: medicalTeams.patientId, hospitalId: medicalTeams.hospitalId })
    .from(medicalTeams)
    .where(and(eq(medicalTeams.patientId, patientId), eq(medicalTeams.hospitalId, hospitalId), teamFilter(scope)))
    .limit(1);
  return row ?? null;
}

/** Inserts a team; the office must be the caller's (checked again here). */
export async function insertTeam(tenant: TenantDb, values: { patientId: number; hospitalId: number }) {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await db.insert(medicalTeams).values(values).returning({ id: medicalTeams.id });
  return row!;
}

/** The member user ids of a team in the caller's scope. */
export async function findMemberIds(tenant: TenantDb, teamId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ userId: medicalTeamMembers.userId })
    .from(medicalTeamMembers)
    .innerJoin(medicalTeams, eq(medicalTeams.id, medicalTeamMembers.medicalTeamId))
    .where(and(eq(medicalTeamMembers.medicalTeamId, teamId), teamFilter(scope)));
  return rows.map((r) => r.userId);
}

/** The roles of `userIds` (callers pass members they already checked). */
export async function findRolesOf(tenant: TenantDb, userIds: number[]) {
  const { scope, db } = tenant;
  if (userIds.length === 0) { return []; }
  return db
    .select({ userId: users.id, roleId: users.roleId })
    .from(users)
    .where(and(inArray(users.id, userIds), userFilter(scope, users.id)));
}

/** Adds members to a team (existing members are left as they are). */
export async function addMembers(tenant: TenantDb, teamId: number, userIds: number[]): Promise<void> {
  const { scope, db } = tenant;
  if (userIds.length === 0 || !(await getTeam(tenantDb(scope, db), teamId))) { return; }
  await db
    .insert(medicalTeamMembers)
    .values(userIds.map((userId) => ({ medicalTeamId: teamId, userId })))
    .onConflictDoNothing();
}

/** Removes members from a team. */
export async function removeMembers(tenant: TenantDb, teamId: number, userIds: number[]): Promise<void> {
  const { scope, db } = tenant;
  if (userIds.length === 0 || !(await getTeam(tenantDb(scope, db), teamId))) { return; }
  await db.delete(medicalTeamMembers).where(and(eq(medicalTeamMembers.medicalTeamId, teamId), inArray(medicalTeamMembers.userId, userIds)));
}

/** Deletes a team (its members go with it). */
export async function deleteTeam(tenant: TenantDb, teamId: number): Promise<void> {
  const { scope, db } = tenant;
  await db.delete(medicalTeams).where(and(eq(medicalTeams.id, teamId), teamFilter(scope)));
}

/** The ids of a patient's teams in the caller's scope, by office name (at most 100: one per office). */
export async function findTeamIdsOfPatient(tenant: TenantDb, patientId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: medicalTeams.id })
    .from(medicalTeams)
    .innerJoin(hospitals, eq(hospitals.id, medicalTeams.hospitalId))
    .where(and(eq(medicalTeams.patientId, patientId), teamFilter(scope)))
    .orderBy(asc(hospitals.hospitalName), asc(medicalTeams.id))
    .limit(PATIENT_TEAMS_LIMIT);
  return rows.map((r) => r.id);
}

/** Which teams a paged list holds: an office's, those a user is a member of, or those of the offices a user is assigned to. */
export type TeamListFilter = { hospitalId: number } | { memberUserId: number } | { officesOfUserId: number };

function listCondition(filter: TeamListFilter): SQL {
  if ('hospitalId' in filter) { return eq(medicalTeams.hospitalId, filter.hospitalId); }
  if ('memberUserId' in filter) {
    return sql`exists (select 1 from ${medicalTeamMembers} where ${medicalTeamMembers.medicalTeamId} = ${medicalTeams.id} and ${medicalTeamMembers.userId} = ${filter.memberUserId})`;
  }
  return sql`${medicalTeams.hospitalId} in (select ${userHospitals.hospitalId} from ${userHospitals} where ${userHospitals.userId} = ${filter.officesOfUserId})`;
}

/**
 * One page of team ids matching `filter` in the caller's scope, sorted and searched (patient's
 * first or last name) in SQL, with the total count.
 */
export async function findTeamIdsPage(tenant: TenantDb, filter: TeamListFilter, query: MedicalTeamPageQuery) {
  const { scope, db } = tenant;
  const term = query.search?.trim();
  const where = and(
    teamFilter(scope),
    listCondition(filter),
    term ? sql`(${patients.firstName} || ' ' || ${patients.lastName}) ilike ${'%' + escapeLike(term) + '%'}` : undefined,
  );
  const sort = query.sort ?? 'patientName';
  const dir = sort.startsWith('-') ? desc : asc;
  const order: SQL[] =
    sort.endsWith('hospitalName')
      ? [dir(hospitals.hospitalName), dir(patients.lastName), dir(patients.firstName)]
      : sort.endsWith('createdAt')
        ? [dir(medicalTeams.createdAt)]
        : [dir(patients.lastName), dir(patients.firstName)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: medicalTeams.id })
      .from(medicalTeams)
      .innerJoin(patients, eq(patients.id, medicalTeams.patientId))
      .innerJoin(hospitals, eq(hospitals.id, medicalTeams.hospitalId))
      .where(where)
      .orderBy(...order, dir(medicalTeams.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db
      .select({ n: count() })
      .from(medicalTeams)
      .innerJoin(patients, eq(patients.id, medicalTeams.patientId))
      .where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/**
 * The teams `ids` as the API shows them (office, patient, members by role then name), in the
 * order given; ids outside the caller's scope are left out. Two queries, no N+1.
 */
export async function loadTeamViews(tenant: TenantDb, ids: number[]): Promise<MedicalTeam[]> {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  const [teams, members] = await Promise.all([
    db
      .select({
        id: medicalTeams.id,
        createdAt: medicalTeams.createdAt,
        patientId: patients.id,
        patientFirstName: patients.firstName,
        patientLastName: patients.lastName,
        hospitalId: hospitals.id,
        hospitalName: hospitals.hospitalName,
        organizationId: hospitals.organizationId,
      })
      .from(medicalTeams)
      .innerJoin(patients, eq(patients.id, medicalTeams.patientId))
      .innerJoin(hospitals, eq(hospitals.id, medicalTeams.hospitalId))
      .where(and(inArray(medicalTeams.id, ids), teamFilter(scope))),
    db
      .select({ teamId: medicalTeamMembers.medicalTeamId, id: users.id, firstName: users.firstName, lastName: users.lastName, roleId: users.roleId })
      .from(medicalTeamMembers)
      .innerJoin(medicalTeams, eq(medicalTeams.id, medicalTeamMembers.medicalTeamId))
      .innerJoin(users, eq(users.id, medicalTeamMembers.userId))
      .where(and(inArray(medicalTeamMembers.medicalTeamId, ids), teamFilter(scope)))
      .orderBy(asc(users.roleId), asc(users.lastName), asc(users.firstName), asc(users.id)),
  ]);
  const membersOf = new Map<number, MedicalTeam['members']>();
  for (const { teamId, ...member } of members) { membersOf.set(teamId, [...(membersOf.get(teamId) ?? []), member]); }
  const byId = new Map(
    teams.map((t): [number, MedicalTeam] => [
      t.id,
      {
        id: t.id,
        patientId: t.patientId,
        hospitalId: t.hospitalId,
        patient: { id: t.patientId, firstName: t.patientFirstName, lastName: t.patientLastName },
        hospital: { id: t.hospitalId, hospitalName: t.hospitalName, organizationId: t.organizationId },
        members: membersOf.get(t.id) ?? [],
        createdAt: t.createdAt.toISOString(),
      },
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((t): t is MedicalTeam => t !== undefined);
}

/** Removes the users from the medical teams of office `hospitalId` (teams in the caller's offices). */
export async function removeMembersFromOfficeTeams(tenant: TenantDb, hospitalId: number, userIds: number[]): Promise<void> {
  const { scope, db } = tenant;
  await db
    .delete(medicalTeamMembers)
    .where(
      and(
        inArray(medicalTeamMembers.userId, userIds),
        inArray(
          medicalTeamMembers.medicalTeamId,
          db
            .select({ id: medicalTeams.id })
            .from(medicalTeams)
            .where(and(eq(medicalTeams.hospitalId, hospitalId), officeFilter(scope, medicalTeams.hospitalId))),
        ),
      ),
    );
}
