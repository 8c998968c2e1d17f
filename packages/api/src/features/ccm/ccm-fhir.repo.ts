import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hospitals, prescriptions, users } from '../../db/schema/index';
import { officeFilter, userFilter } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/** The patient (name, gender, birth date) and office (name) of a CCM record for its FHIR export, in the caller's scope; null when either is not. */
export async function findPatientAndOffice(tenant: TenantDb, patientId: number, hospitalId: number) {
  const { scope, db } = tenant;
  const [patient] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, gender: users.gender, birthdate: users.birthdate })
    .from(users)
    .where(and(eq(users.id, patientId), userFilter(scope, users.id)))
    .limit(1);
  const [office] = await db
    .select({ id: hospitals.id, name: hospitals.hospitalName })
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), officeFilter(scope, hospitals.id)))
    .limit(1);
  return patient && office ? { patient, office } : null;
}

/** What the FHIR import matches a medication resource by (docs/ccm.md "FHIR"). */
export interface PrescriptionKey {
  id: number;
  medicationName: string;
  rxcui: string;
  externalRef: string | null;
}

/**
 * The prescriptions of `patientId` in office `hospitalId` (the record's, already checked against
 * the caller's scope by the caller) with what the FHIR import matches them by.
 */
export async function listPatientPrescriptions(db: Executor, patientId: number, hospitalId: number): Promise<PrescriptionKey[]> {
  return db
    .select({ id: prescriptions.id, medicationName: prescriptions.medicationName, rxcui: prescriptions.rxcui, externalRef: prescriptions.externalRef })
    .from(prescriptions)
    .where(and(eq(prescriptions.patientId, patientId), eq(prescriptions.hospitalId, hospitalId)));
}
