/**
 * Database access of the FHIR importer. The importer writes across tenants (organizations,
 * offices, staff, patients), so its write functions take the executor of the bundle's transaction
 * and no tenant filter; each write of another feature's table goes through that owner's index.ts
 * with the system handle on the transaction (docs/architecture.md "Table ownership"), which is
 * allowed because they only run for the system (the CLI, the first-start demo seed) or for a
 * system admin (permission `import.run`, held by role 1 alone), which the service checks once
 * before anything runs. The list functions take the caller's scope first, like every other repo.
 */
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { RoleId } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { systemWideFilter } from '../../db/scope';
import {
  doctorMetadata,
  hospitals,
  importRuns,
  medicalTeamMembers,
  nurseMetadata,
  organizations,
  patientMetadata,
  userHospitals,
  users,
} from '../../db/schema/index';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import { systemDb, type TenantDb } from '../../db/handles';
import { createImportedOffice, updateImportedOffice } from '../offices/index';
import { createImportedOrganization, updateImportedOrganization } from '../organizations/index';
import { createImportedUser, ensureImportedOfficeAssignment, updateImportedUser } from '../users/index';
import { upsertImportedDoctorMetadata, upsertImportedNurseMetadata, upsertImportedPatientMetadata } from '../metadata/index';
import { addImportedTeamMember, ensureImportedMedicalTeam } from '../medical-teams/index';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OfficeRow = typeof hospitals.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type PatientMetadataRow = typeof patientMetadata.$inferSelect;

// Organizations and offices ------------------------------------------------------------------

export async function getOrganizationByRef(tx: Executor, externalRef: string): Promise<OrganizationRow | null> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.externalRef, externalRef)).limit(1);
  return row ?? null;
}

export const createOrganization = (tx: Executor, values: Parameters<typeof createImportedOrganization>[1]) => createImportedOrganization(systemDb(tx), values);

export const updateOrganization = (tx: Executor, id: number, values: Parameters<typeof updateImportedOrganization>[2]) => updateImportedOrganization(systemDb(tx), id, values);

/** The lowest organization id, or null when there is none. */
export async function getFirstOrganizationId(tx: Executor): Promise<number | null> {
  const [row] = await tx.select({ id: organizations.id }).from(organizations).orderBy(asc(organizations.id)).limit(1);
  return row?.id ?? null;
}

export async function getOfficeByRef(tx: Executor, externalRef: string): Promise<OfficeRow | null> {
  const [row] = await tx.select().from(hospitals).where(eq(hospitals.externalRef, externalRef)).limit(1);
  return row ?? null;
}

export async function getOffice(tx: Executor, id: number): Promise<OfficeRow | null> {
  const [row] = await tx.select().from(hospitals).where(eq(hospitals.id, id)).limit(1);
  return row ?? null;
}

export const createOffice = (tx: Executor, values: Parameters<typeof createImportedOffice>[1]) => createImportedOffice(systemDb(tx), values);

export const updateOffice = (tx: Executor, id: number, values: Parameters<typeof updateImportedOffice>[2]) => updateImportedOffice(systemDb(tx), id, values);

/** The lowest office id of an organization (or of all offices when `organizationId` is null). */
export async function getFirstOfficeId(tx: Executor, organizationId: number | null): Promise<number | null> {
  const [row] = await tx
    .select({ id: hospitals.id })
    .from(hospitals)
    .where(organizationId === null ? sql`true` : eq(hospitals.organizationId, organizationId))
    .orderBy(asc(hospitals.id))
    .limit(1);
  return row?.id ?? null;
}

// Users ----------------------------------------------------------------------------------------

export async function getUserByRef(tx: Executor, externalRef: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.externalRef, externalRef)).limit(1);
  return row ?? null;
}

/** Whether a username is taken (case-insensitively). */
export async function isUsernameTaken(tx: Executor, username: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return !!row;
}

/** The id of the user holding `email` (case-insensitively), or null. */
export async function getEmailOwner(tx: Executor, email: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}

export const createUser = (tx: Executor, values: Parameters<typeof createImportedUser>[1]) => createImportedUser(systemDb(tx), values);

export const updateUser = (tx: Executor, id: number, values: Parameters<typeof updateImportedUser>[2]) => updateImportedUser(systemDb(tx), id, values);

/** The doctor or nurse whose metadata carries this NPI (doctors: `npi`; nurses: metadataInfo.npi). */
export async function getStaffIdByNpi(tx: Executor, npi: string): Promise<number | null> {
  const [doc] = await tx.select({ id: doctorMetadata.userId }).from(doctorMetadata).where(eq(doctorMetadata.npi, npi)).limit(1);
  if (doc) { return doc.id; }
  const [nurse] = await tx
    .select({ id: nurseMetadata.userId })
    .from(nurseMetadata)
    .where(sql`${nurseMetadata.metadataInfo}->>'npi' = ${npi}`)
    .limit(1);
  return nurse?.id ?? null;
}

export async function getUsersByIds(tx: Executor, ids: number[]): Promise<{ id: number; roleId: number; organizationId: number | null }[]> {
  if (ids.length === 0) { return []; }
  return tx.select({ id: users.id, roleId: users.roleId, organizationId: users.organizationId }).from(users).where(inArray(users.id, ids));
}

export async function getDoctorMetadata(tx: Executor, userId: number) {
  const [row] = await tx.select().from(doctorMetadata).where(eq(doctorMetadata.userId, userId)).limit(1);
  return row ?? null;
}

export const upsertDoctorMetadata = (tx: Executor, userId: number, values: Parameters<typeof upsertImportedDoctorMetadata>[2]) => upsertImportedDoctorMetadata(systemDb(tx), userId, values);

export async function getNurseMetadata(tx: Executor, userId: number) {
  const [row] = await tx.select().from(nurseMetadata).where(eq(nurseMetadata.userId, userId)).limit(1);
  return row ?? null;
}

export const upsertNurseMetadata = (tx: Executor, userId: number, values: Parameters<typeof upsertImportedNurseMetadata>[2]) => upsertImportedNurseMetadata(systemDb(tx), userId, values);

export async function getPatientMetadata(tx: Executor, userId: number): Promise<PatientMetadataRow | null> {
  const [row] = await tx.select().from(patientMetadata).where(eq(patientMetadata.userId, userId)).limit(1);
  return row ?? null;
}

export const upsertPatientMetadata = (tx: Executor, userId: number, values: Parameters<typeof upsertImportedPatientMetadata>[2]) => upsertImportedPatientMetadata(systemDb(tx), userId, values);

// Assignments and medical teams -----------------------------------------------------------------

/** Assigns a user to an office unless already assigned; true when a row was added. */
export const ensureOfficeAssignment = (tx: Executor, userId: number, hospitalId: number, isAdmin = false) => ensureImportedOfficeAssignment(systemDb(tx), userId, hospitalId, isAdmin);

/** Ids of the users of `role` assigned to an office, lowest first. */
export async function getOfficeStaffIds(tx: Executor, hospitalId: number, role: RoleId): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(and(eq(userHospitals.hospitalId, hospitalId), eq(users.roleId, role)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** The patient's medical team in an office, created when missing. */
export const ensureMedicalTeam = (tx: Executor, patientId: number, hospitalId: number) => ensureImportedMedicalTeam(systemDb(tx), patientId, hospitalId);

/** Role ids of a team's members. */
export async function getTeamMemberRoles(tx: Executor, teamId: number): Promise<number[]> {
  const rows = await tx
    .select({ roleId: users.roleId })
    .from(medicalTeamMembers)
    .innerJoin(users, eq(users.id, medicalTeamMembers.userId))
    .where(eq(medicalTeamMembers.medicalTeamId, teamId));
  return rows.map((r) => r.roleId);
}

/** Adds a member to a team unless already in it; true when added. */
export const addTeamMember = (tx: Executor, teamId: number, userId: number) => addImportedTeamMember(systemDb(tx), teamId, userId);

// Measurements (Observations of vital signs and glucose) ----------------------------------------

/** The lowest-numbered office a user is assigned to, or null. */
export async function getFirstOfficeOfUser(tx: Executor, userId: number): Promise<number | null> {
  const [row] = await tx.select({ id: userHospitals.hospitalId }).from(userHospitals).where(eq(userHospitals.userId, userId)).orderBy(asc(userHospitals.hospitalId)).limit(1);
  return row?.id ?? null;
}


// Import runs ----------------------------------------------------------------------------------

export async function createImportRun(tx: Executor, values: { source: string; startedBy: number | null }): Promise<{ id: number; startedAt: Date }> {
  const [row] = await tx.insert(importRuns).values(values).returning({ id: importRuns.id, startedAt: importRuns.startedAt });
  return row!;
}

export async function finishImportRun(tx: Executor, id: number, values: { status: 'done' | 'failed'; report: unknown; finishedAt: Date }): Promise<void> {
  await tx.update(importRuns).set(values).where(eq(importRuns.id, id));
}

/** A running import's progress, kept in its report until the report replaces it (README "Jobs"). */
export async function setImportProgress(tx: Executor, id: number, progress: { files: number; filesTotal: number }): Promise<void> {
  await tx.update(importRuns).set({ report: { progress } }).where(and(eq(importRuns.id, id), eq(importRuns.status, 'running')));
}

const importRunSorts: Record<string, SQL[]> = {
  startedAt: [asc(importRuns.startedAt), asc(importRuns.id)],
  '-startedAt': [desc(importRuns.startedAt), desc(importRuns.id)],
  status: [asc(importRuns.status), desc(importRuns.id)],
  '-status': [desc(importRuns.status), desc(importRuns.id)],
};

/** Import runs visible to the caller (system admins only; anyone else sees none), paged in SQL. */
export async function findImportRuns(tenant: TenantDb, q: { page: number; pageSize: number; sort?: string; search?: string }) {
  const { scope, db } = tenant;
  const where = and(systemWideFilter(scope), q.search ? ilike(importRuns.source, `%${escapeLike(q.search)}%`) : undefined);
  const [total] = await db.select({ n: count() }).from(importRuns).where(where);
  const rows = await db
    .select()
    .from(importRuns)
    .where(where)
    .orderBy(...(importRunSorts[q.sort ?? '-startedAt'] ?? importRunSorts['-startedAt']!))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  return { rows, total: total?.n ?? 0 };
}

/** Escapes LIKE wildcards in user text. */
