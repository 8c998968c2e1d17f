import { and, desc, eq, sql } from 'drizzle-orm';
import type { CcmRecord } from '@vigil/contract';
import { compiledOnce } from '../../db/compiled';
import { ccmRecords, ccmRecordVersions, hospitals, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, userFilter } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/** CCM records (db/schema/ccm.ts). Every function takes the caller's scope first. */

/** Most records a patient's list answers. */
const PATIENT_RECORDS_LIMIT = 500;

type Row = typeof ccmRecords.$inferSelect;
/** A stored record as answered (the coded columns hold only their lists' codes: contract ccm.record.schemas.ts). */
export const view = (r: Row): CcmRecord => ({
  ...r,
  complexDecisionMaking: r.complexDecisionMaking as CcmRecord['complexDecisionMaking'],
  functionalStatus: r.functionalStatus as CcmRecord['functionalStatus'],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Office `hospitalId` with its time zone when it is one of the caller's, and whether the patient
 * is assigned to it; null for an office out of scope.
 */
export async function getOfficeOfPatient(
  tenant: TenantDb,
  hospitalId: number,
  patientId: number,
): Promise<{ timeZone: string; patientAssigned: boolean; rpmEnabled: boolean; rtmEnabled: boolean; ccmEnabled: boolean } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ timeZone: hospitals.timeZone, assignedUserId: userHospitals.userId, rpmEnabled: hospitals.rpmEnabled, rtmEnabled: hospitals.rtmEnabled, ccmEnabled: hospitals.ccmEnabled })
    .from(hospitals)
    .leftJoin(userHospitals, and(eq(userHospitals.hospitalId, hospitals.id), eq(userHospitals.userId, patientId)))
    .where(and(eq(hospitals.id, hospitalId), officeFilter(scope, hospitals.id)))
    .limit(1);
  return row ? { timeZone: row.timeZone, patientAssigned: row.assignedUserId !== null, rpmEnabled: row.rpmEnabled, rtmEnabled: row.rtmEnabled, ccmEnabled: row.ccmEnabled } : null;
}

/** Inserts a record; returns it. */
export async function insertRecord(tenant: TenantDb, values: { patientId: number; hospitalId: number; recordDate: string; createdBy: number }): Promise<CcmRecord> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await db.insert(ccmRecords).values(values).returning();
  return view(row!);
}

/** The patient's records in the caller's offices, newest date first. */
export async function findRecordsOfPatient(tenant: TenantDb, patientId: number): Promise<CcmRecord[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select()
    .from(ccmRecords)
    .where(and(eq(ccmRecords.patientId, patientId), officeFilter(scope, ccmRecords.hospitalId)))
    .orderBy(desc(ccmRecords.recordDate), desc(ccmRecords.id))
    .limit(PATIENT_RECORDS_LIMIT);
  return rows.map(view);
}

/** The patient's records in the caller's offices in short, newest date first. */
export async function findMinimalOfPatient(tenant: TenantDb, patientId: number) {
  const { scope, db } = tenant;
  return db
    .select({ id: ccmRecords.id, hospitalId: ccmRecords.hospitalId, recordDate: ccmRecords.recordDate, status: ccmRecords.status })
    .from(ccmRecords)
    .where(and(eq(ccmRecords.patientId, patientId), officeFilter(scope, ccmRecords.hospitalId)))
    .orderBy(desc(ccmRecords.recordDate), desc(ccmRecords.id))
    .limit(PATIENT_RECORDS_LIMIT);
}

/** Most records an office's list answers. */
const OFFICE_RECORDS_LIMIT = 1000;

/** The records of office `hospitalId` (in the caller's offices) with their patients' names, newest date first. */
export async function findRecordsOfOffice(tenant: TenantDb, hospitalId: number) {
  const { scope, db } = tenant;
  const rows = await db
    .select({ r: ccmRecords, patientFirstName: users.firstName, patientLastName: users.lastName })
    .from(ccmRecords)
    .innerJoin(users, eq(users.id, ccmRecords.patientId))
    .where(and(eq(ccmRecords.hospitalId, hospitalId), officeFilter(scope, ccmRecords.hospitalId)))
    .orderBy(desc(ccmRecords.recordDate), desc(ccmRecords.id))
    .limit(OFFICE_RECORDS_LIMIT);
  return rows.map((x) => ({ ...view(x.r), patientFirstName: x.patientFirstName, patientLastName: x.patientLastName }));
}

/** Record `id` in the caller's offices (locked until the transaction ends when `forUpdate`), or null. */
export async function getRecord(tenant: TenantDb, id: number, forUpdate = false): Promise<CcmRecord | null> {
  const { scope, db } = tenant;
  const q = db.select().from(ccmRecords).where(and(eq(ccmRecords.id, id), officeFilter(scope, ccmRecords.hospitalId))).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ? view(row) : null;
}

const recordVersion = compiledOnce('ccmRecordVersion', (db, scope, name) =>
  db
    .select({ version: sql<string>`coalesce(${ccmRecordVersions.version}, 0)::text` })
    .from(ccmRecords)
    .leftJoin(ccmRecordVersions, eq(ccmRecordVersions.ccmRecordId, ccmRecords.id))
    .where(and(eq(ccmRecords.id, sql.placeholder('id')), officeFilter(scope, ccmRecords.hospitalId)))
    .limit(1)
    .prepare(name),
);

/**
 * The version of record `id`'s full answer as text (schema `ccmRecordVersions`; "0" before the
 * record's first write since the versions began) when the record is in the caller's offices, else
 * null: one small statement, compiled once per scope shape (db/compiled.ts). Equal texts read at
 * two moments mean no committed write changed the answer between them (docs/ccm.md "Record answer
 * cache and ETag").
 */
export async function getRecordVersion(tenant: TenantDb, id: number): Promise<string | null> {
  const { scope, db } = tenant;
  const [row] = (await recordVersion(scope, db, { id })) as { version: string }[];
  return row?.version ?? null;
}

/** Changes record `id` in the caller's offices; returns it, or null. */
export async function updateRecord(tenant: TenantDb, id: number, values: Partial<Pick<Row, 'recordDate' | 'status' | 'socialDeterminants' | 'complexDecisionMaking' | 'functionalStatus' | 'functionalStatusNotes'>>): Promise<CcmRecord | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .update(ccmRecords)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(ccmRecords.id, id), officeFilter(scope, ccmRecords.hospitalId)))
    .returning();
  return row ? view(row) : null;
}

/** The id of the patient's latest record in office `hospitalId` (latest date, then latest opened). */
export async function latestRecordId(tenant: TenantDb, patientId: number, hospitalId: number): Promise<number | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: ccmRecords.id })
    .from(ccmRecords)
    .where(and(eq(ccmRecords.patientId, patientId), eq(ccmRecords.hospitalId, hospitalId), officeFilter(scope, ccmRecords.hospitalId)))
    .orderBy(desc(ccmRecords.recordDate), desc(ccmRecords.id))
    .limit(1);
  return row?.id ?? null;
}

/** Deletes record `id` in the caller's offices (its sub-records go with it: composite foreign key, cascade). */
export async function deleteRecord(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db.delete(ccmRecords).where(and(eq(ccmRecords.id, id), officeFilter(scope, ccmRecords.hospitalId))).returning({ id: ccmRecords.id });
  return rows.length > 0;
}

/**
 * The name, birth date and language of patient `patientId` when the caller may see them
 * (`userFilter`); the stored language is 'ENG' for English, anything else Spanish
 * (features/metadata/metadata.tables.ts). Null otherwise.
 */
export async function getPatientForDocument(tenant: TenantDb, patientId: number): Promise<{ firstName: string; lastName: string; birthdate: string | null; lang: 'en' | 'es' } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, birthdate: users.birthdate, language: users.language })
    .from(users)
    .where(and(eq(users.id, patientId), userFilter(scope, users.id)))
    .limit(1);
  return row ? { firstName: row.firstName, lastName: row.lastName, birthdate: row.birthdate, lang: row.language === 'ENG' ? 'en' : 'es' } : null;
}
