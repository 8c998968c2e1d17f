import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hospitals, patientInsurance, patientProgramEnrolments, userHospitals } from '../../db/schema/index';
import { officeFilter, userFilter } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/**
 * A patient's program enrolments and insurance. Both belong to the patient, not to one office: a
 * row is visible to whoever sees the patient (`userFilter` on the patient), so another tenant's
 * patient reads as not found and their rows are never touched.
 */

export type EnrolmentRow = typeof patientProgramEnrolments.$inferSelect;
export type InsuranceRow = typeof patientInsurance.$inferSelect;

const e = patientProgramEnrolments;
const ins = patientInsurance;

/** Advisory lock key space: one patient's enrolment (replace-all writes). */
const LOCK_PATIENT_ENROLMENT = 730_615;

/** Serialises writes to patient `patientId`'s enrolment until the transaction ends. */
export async function lockPatientEnrolment(tx: Executor, patientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PATIENT_ENROLMENT}::int, ${patientId}::int)`);
}

/** The patient's program enrolments (any order; the service sorts them canonically). */
export async function findPrograms(tenant: TenantDb, patientId: number): Promise<EnrolmentRow[]> {
  const { scope, db } = tenant;
  return db.select().from(e).where(and(eq(e.patientId, patientId), userFilter(scope, e.patientId)));
}

/** The patient's insurance, or null. */
export async function getInsurance(tenant: TenantDb, patientId: number): Promise<InsuranceRow | null> {
  const { scope, db } = tenant;
  const [row] = await db.select().from(ins).where(and(eq(ins.patientId, patientId), userFilter(scope, ins.patientId))).limit(1);
  return row ?? null;
}

/** Replaces the patient's program enrolments with `programs` (the whole list is the new state). */
export async function replacePrograms(tenant: TenantDb, patientId: number, programs: { program: string; enrolledOn: string }[]): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.delete(e).where(and(eq(e.patientId, patientId), userFilter(scope, e.patientId)));
  if (programs.length === 0) { return; }
  await tx.insert(e).values(programs.map((p) => ({ patientId, program: p.program, enrolledOn: p.enrolledOn, createdBy: scope.userId })));
}

/** Saves (or with null removes) the patient's insurance. */
export async function saveInsurance(
  tenant: TenantDb,
  patientId: number,
  insurance: { payerType: string; payerName: string; planName: string; memberId: string } | null,
): Promise<void> {
  const { scope, db: tx } = tenant;
  if (insurance === null) {
    await tx.delete(ins).where(and(eq(ins.patientId, patientId), userFilter(scope, ins.patientId)));
    return;
  }
  const values = { ...insurance, updatedBy: scope.userId, updatedAt: new Date() };
  await tx
    .insert(ins)
    .values({ patientId, ...values })
    .onConflictDoUpdate({ target: ins.patientId, set: values });
}

/** The patient's offices the caller sees, lowest id first, with their time zone and program switches. */
export async function findPatientOffices(tenant: TenantDb, patientId: number) {
  const { scope, db } = tenant;
  return db
    .select({ id: hospitals.id, timeZone: hospitals.timeZone, rpmEnabled: hospitals.rpmEnabled, rtmEnabled: hospitals.rtmEnabled, ccmEnabled: hospitals.ccmEnabled })
    .from(userHospitals)
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .where(and(eq(userHospitals.userId, patientId), officeFilter(scope, hospitals.id)))
    .orderBy(asc(hospitals.id));
}
