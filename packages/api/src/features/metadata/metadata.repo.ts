import { and, asc, eq, inArray } from 'drizzle-orm';
import { doctorMetadata, doctorSpecializations, hospitals, nurseMetadata, patientMetadata, userHospitals, users, verifiers } from '../../db/schema/index';
import { officeFilter, userFilter } from '../../db/scope';
import type { CatalogueDb, TenantDb } from '../../db/handles';
import { tenantDb } from '../../db/handles';

/** The verifier domain that holds doctor specializations. */
export const SPECIALIZATION_DOMAIN = 'SPECIALIZATION_TYPE';

export type PatientMetadataRow = typeof patientMetadata.$inferSelect;
export type PatientMetadataValues = Partial<Omit<typeof patientMetadata.$inferInsert, 'id' | 'userId'>>;

/**
 * Rethrows a failed patient-metadata write without the query parameters: drizzle's error text
 * carries every bound value, and these rows hold the SSN, which must never reach a log.
 */
function scrubbed(err: unknown): Error {
  const cause = (err as { cause?: { code?: string } } | null)?.cause;
  const code = (err as { code?: string } | null)?.code ?? cause?.code ?? 'unknown';
  const clean = new Error(`patient_metadata write failed (SQLSTATE ${code})`) as Error & { code?: string };
  clean.code = code;
  return clean;
}

/** A user the caller may see (`userFilter`), with role and gender; null otherwise. */
export async function getVisibleUser(tenant: TenantDb, userId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, gender: users.gender })
    .from(users)
    .where(and(eq(users.id, userId), userFilter(scope, users.id)))
    .limit(1);
  return row ?? null;
}

/** The offices of `userId` that the caller sees, by name. */
export async function findOfficesOfUser(tenant: TenantDb, userId: number) {
  const { scope, db } = tenant;
  return db
    .select({ id: hospitals.id, hospitalName: hospitals.hospitalName })
    .from(userHospitals)
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .where(and(eq(userHospitals.userId, userId), officeFilter(scope, userHospitals.hospitalId), userFilter(scope, userHospitals.userId)))
    .orderBy(asc(userHospitals.createdAt), asc(hospitals.id));
}

// Patient metadata ---------------------------------------------------------------------------

/** A visible patient's metadata row (with the SSN: the service decides what to answer), or null. */
export async function getPatientMetadata(tenant: TenantDb, userId: number): Promise<PatientMetadataRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(patientMetadata)
    .where(and(eq(patientMetadata.userId, userId), userFilter(scope, patientMetadata.userId)))
    .limit(1);
  return row ?? null;
}

/** Inserts a patient's metadata; a second row for the same patient fails with SQLSTATE 23505. */
export async function insertPatientMetadata(tenant: TenantDb, userId: number, values: PatientMetadataValues): Promise<PatientMetadataRow> {
  const { scope, db } = tenant;
  if (!(await getVisibleUser(tenantDb(scope, db), userId))) { throw new Error('patient not in scope'); }
  try {
    const [row] = await db.insert(patientMetadata).values({ ...values, userId }).returning();
    return row!;
  } catch (err) {
    throw scrubbed(err);
  }
}

/** Updates a patient's metadata, creating the row when missing (one statement). */
export async function upsertPatientMetadata(tenant: TenantDb, userId: number, values: PatientMetadataValues): Promise<PatientMetadataRow> {
  const { scope, db } = tenant;
  if (!(await getVisibleUser(tenantDb(scope, db), userId))) { throw new Error('patient not in scope'); }
  try {
    const insert = db.insert(patientMetadata).values({ ...values, userId });
    const [row] = await (Object.keys(values).length
      ? insert.onConflictDoUpdate({ target: patientMetadata.userId, set: values })
      : insert.onConflictDoNothing()
    ).returning();
    return row ?? (await getPatientMetadata(tenantDb(scope, db), userId))!;
  } catch (err) {
    throw scrubbed(err);
  }
}

// Doctor metadata ----------------------------------------------------------------------------

export type DoctorMetadataRow = typeof doctorMetadata.$inferSelect;

/** A visible doctor's metadata row, or null. */
export async function getDoctorMetadata(tenant: TenantDb, userId: number): Promise<DoctorMetadataRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(doctorMetadata)
    .where(and(eq(doctorMetadata.userId, userId), userFilter(scope, doctorMetadata.userId)))
    .limit(1);
  return row ?? null;
}

/** Updates a doctor's metadata, creating the row when missing; returns it. */
export async function upsertDoctorMetadata(
  tenant: TenantDb,
  userId: number,
  values: Partial<Pick<DoctorMetadataRow, 'licenceId' | 'npi' | 'metadataInfo'>>,
): Promise<DoctorMetadataRow> {
  const { scope, db } = tenant;
  if (!(await getVisibleUser(tenantDb(scope, db), userId))) { throw new Error('doctor not in scope'); }
  const insert = db.insert(doctorMetadata).values({ ...values, userId });
  const [row] = await (Object.keys(values).length ? insert.onConflictDoUpdate({ target: doctorMetadata.userId, set: values }) : insert.onConflictDoNothing()).returning();
  return row ?? (await getDoctorMetadata(tenantDb(scope, db), userId))!;
}

/** The specializations of a doctor's metadata row, by description. */
export async function findSpecializationsOf(tenant: TenantDb, doctorMetadataId: number) {
  const { scope, db } = tenant;
  return db
    .select({ id: verifiers.id, lowValue: verifiers.lowValue, longDescription: verifiers.longDescription, longDescriptionEsp: verifiers.longDescriptionEsp })
    .from(doctorSpecializations)
    .innerJoin(verifiers, eq(verifiers.id, doctorSpecializations.verifierId))
    .innerJoin(doctorMetadata, eq(doctorMetadata.id, doctorSpecializations.doctorMetadataId))
    .where(and(eq(doctorSpecializations.doctorMetadataId, doctorMetadataId), userFilter(scope, doctorMetadata.userId)))
    .orderBy(asc(verifiers.sortOrder), asc(verifiers.longDescription), asc(verifiers.id));
}

/**
 * Of `ids`, the active verifiers of the SPECIALIZATION_TYPE domain. Reference data is the same for
 * every tenant; `scope` is taken for the repo convention.
 */
export async function findSpecializationIds({ db }: CatalogueDb, ids: number[]): Promise<number[]> {
  if (ids.length === 0) { return []; }
  const rows = await db
    .select({ id: verifiers.id })
    .from(verifiers)
    .where(and(inArray(verifiers.id, ids), eq(verifiers.rvDomain, SPECIALIZATION_DOMAIN), eq(verifiers.status, 1)));
  return rows.map((r) => r.id);
}

/** Whether the doctor metadata row `doctorMetadataId` belongs to a user the caller sees. */
async function doctorMetadataVisible(tenant: TenantDb, doctorMetadataId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: doctorMetadata.id })
    .from(doctorMetadata)
    .where(and(eq(doctorMetadata.id, doctorMetadataId), userFilter(scope, doctorMetadata.userId)))
    .limit(1);
  return row !== undefined;
}

/** Adds specializations to a visible doctor's metadata row (existing ones are kept). */
export async function addSpecializations(tenant: TenantDb, doctorMetadataId: number, verifierIds: number[]): Promise<void> {
  const { scope, db } = tenant;
  if (verifierIds.length === 0 || !(await doctorMetadataVisible(tenantDb(scope, db), doctorMetadataId))) { return; }
  await db
    .insert(doctorSpecializations)
    .values(verifierIds.map((verifierId) => ({ doctorMetadataId, verifierId })))
    .onConflictDoNothing();
}

/** Removes specializations from a doctor's metadata row. */
export async function removeSpecializations(tenant: TenantDb, doctorMetadataId: number, verifierIds: number[]): Promise<void> {
  const { scope, db } = tenant;
  if (verifierIds.length === 0 || !(await doctorMetadataVisible(tenantDb(scope, db), doctorMetadataId))) { return; }
  await db
    .delete(doctorSpecializations)
    .where(and(eq(doctorSpecializations.doctorMetadataId, doctorMetadataId), inArray(doctorSpecializations.verifierId, verifierIds)));
}

// Nurse metadata -----------------------------------------------------------------------------

export type NurseMetadataRow = typeof nurseMetadata.$inferSelect;

/** A visible nurse's metadata row, or null. */
export async function getNurseMetadata(tenant: TenantDb, userId: number): Promise<NurseMetadataRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(nurseMetadata)
    .where(and(eq(nurseMetadata.userId, userId), userFilter(scope, nurseMetadata.userId)))
    .limit(1);
  return row ?? null;
}

/** Updates a nurse's metadata, creating the row when missing; returns it. */
export async function upsertNurseMetadata(
  tenant: TenantDb,
  userId: number,
  values: Partial<Pick<NurseMetadataRow, 'licenceId' | 'metadataInfo'>>,
): Promise<NurseMetadataRow> {
  const { scope, db } = tenant;
  if (!(await getVisibleUser(tenantDb(scope, db), userId))) { throw new Error('nurse not in scope'); }
  const insert = db.insert(nurseMetadata).values({ ...values, userId });
  const [row] = await (Object.keys(values).length ? insert.onConflictDoUpdate({ target: nurseMetadata.userId, set: values }) : insert.onConflictDoNothing()).returning();
  return row ?? (await getNurseMetadata(tenantDb(scope, db), userId))!;
}
