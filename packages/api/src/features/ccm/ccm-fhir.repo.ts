import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hospitals, users } from '../../db/schema/index';
import { officeFilter, userFilter, type Scope } from '../../db/scope';

/** The patient (name, gender, birth date) and office (name) of a CCM record for its FHIR export, in the caller's scope; null when either is not. */
export async function findPatientAndOffice(scope: Scope, db: Executor, patientId: number, hospitalId: number) {
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
