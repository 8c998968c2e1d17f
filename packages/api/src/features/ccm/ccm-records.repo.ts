import { and, desc, eq } from 'drizzle-orm';
import type { CcmRecord } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { ccmRecords, hospitals, userHospitals } from '../../db/schema/index';
import { officeFilter, type Scope } from '../../db/scope';

/** CCM records (db/schema/ccm.ts). Every function takes the caller's scope first. */

/** Most records a patient's list answers. */
const PATIENT_RECORDS_LIMIT = 500;

type Row = typeof ccmRecords.$inferSelect;
const view = (r: Row): CcmRecord => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

/**
 * Office `hospitalId` with its time zone when it is one of the caller's, and whether the patient
 * is assigned to it; null for an office out of scope.
 */
export async function getOfficeOfPatient(scope: Scope, db: Executor, hospitalId: number, patientId: number): Promise<{ timeZone: string; patientAssigned: boolean } | null> {
  const [row] = await db
    .select({ timeZone: hospitals.timeZone, assignedUserId: userHospitals.userId })
    .from(hospitals)
    .leftJoin(userHospitals, and(eq(userHospitals.hospitalId, hospitals.id), eq(userHospitals.userId, patientId)))
    .where(and(eq(hospitals.id, hospitalId), officeFilter(scope, hospitals.id)))
    .limit(1);
  return row ? { timeZone: row.timeZone, patientAssigned: row.assignedUserId !== null } : null;
}

/** Inserts a record; returns it. */
export async function insertRecord(_scope: Scope, db: Executor, values: { patientId: number; hospitalId: number; recordDate: string; createdBy: number }): Promise<CcmRecord> {
  const [row] = await db.insert(ccmRecords).values(values).returning();
  return view(row!);
}

/** The patient's records in the caller's offices, newest date first. */
export async function findRecordsOfPatient(scope: Scope, db: Executor, patientId: number): Promise<CcmRecord[]> {
  const rows = await db
    .select()
    .from(ccmRecords)
    .where(and(eq(ccmRecords.patientId, patientId), officeFilter(scope, ccmRecords.hospitalId)))
    .orderBy(desc(ccmRecords.recordDate), desc(ccmRecords.id))
    .limit(PATIENT_RECORDS_LIMIT);
  return rows.map(view);
}
