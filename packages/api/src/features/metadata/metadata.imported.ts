import { Role } from '@vigil/contract';
import type { SystemDb, TenantDb } from '../../db/handles';
import { getVisibleUser } from './metadata.repo';
import { doctorMetadata, nurseMetadata, patientMetadata } from '../../db/schema/index';

/**
 * Role metadata brought in by the FHIR importer (a Practitioner's NPI and qualifications, a
 * Patient's registration number, sex, height and weight; features/import, docs/architecture.md
 * "Table ownership"): system work inside the importer's transaction. Each upsert creates the
 * user's row or replaces the given fields.
 */

/** Creates or replaces doctor `userId`'s NPI and metadata. */
export async function upsertImportedDoctorMetadata(sys: SystemDb, userId: number, values: { npi: string; metadataInfo: Record<string, unknown> }): Promise<void> {
  await sys.db.insert(doctorMetadata).values({ userId, ...values }).onConflictDoUpdate({ target: doctorMetadata.userId, set: values });
}

/** Creates or replaces nurse `userId`'s metadata. */
export async function upsertImportedNurseMetadata(sys: SystemDb, userId: number, values: { metadataInfo: Record<string, unknown> }): Promise<void> {
  await sys.db.insert(nurseMetadata).values({ userId, ...values }).onConflictDoUpdate({ target: nurseMetadata.userId, set: values });
}

/** Creates or replaces the given fields of patient `userId`'s metadata. */
export async function upsertImportedPatientMetadata(sys: SystemDb, userId: number, values: Partial<typeof patientMetadata.$inferInsert>): Promise<void> {
  await sys.db.insert(patientMetadata).values({ userId, ...values }).onConflictDoUpdate({ target: patientMetadata.userId, set: values });
}

/**
 * Records the medical registration number of patient `userId`, whom the caller just created from
 * another system's record (the ECP's map by creation), in the caller's transaction. Nothing when
 * the user is not visible to the caller or not a patient; an existing number is replaced.
 */
export async function setPatientRegistrationNumber(tenant: TenantDb, userId: number, medicalRegistrationNumber: string): Promise<void> {
  const user = await getVisibleUser(tenant, userId);
  if (!user || user.roleId !== Role.PATIENT) { return; }
  await tenant.db
    .insert(patientMetadata)
    .values({ userId, medicalRegistrationNumber })
    .onConflictDoUpdate({ target: patientMetadata.userId, set: { medicalRegistrationNumber } });
}
