import { and, arrayOverlaps, asc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import { Role, UserStatus, type PrescriptionListQuery } from '@vigil/contract';
import { prescriptions, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, patientRowFilter } from '../../db/scope';
import { pageOffset, parseSort } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

/** Prescriptions of the patients in the caller's offices. Every function takes the caller's scope first. */

const p = prescriptions;
export type PrescriptionRow = typeof prescriptions.$inferSelect & { prescriberName: string };
export type PrescriptionValues = Omit<typeof prescriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const prescriber = sql<string>`coalesce((select u.first_name || ' ' || u.last_name from users u where u.id = ${p.prescriberId}), '')`;
const columns = { ...getTableColumns(p), prescriberName: prescriber };

/** The prescription `id` when its patient and office are the caller's (`patientRowFilter`), or null. */
export async function getPrescription(tenant: TenantDb, id: number): Promise<PrescriptionRow | null> {
  const { scope, db } = tenant;
  const [row] = (await db
    .select(columns)
    .from(p)
    .where(and(eq(p.id, id), patientRowFilter(scope, p.hospitalId, p.patientId)))
    .limit(1)) as PrescriptionRow[];
  return row ?? null;
}

const sortColumns = { startDate: p.startDate, medicationName: sql`lower(${p.medicationName})`, status: p.status } as const;

/** A page of patient `patientId`'s prescriptions in the caller's offices: ACTIVE only or all; by `sort`, else active first, newest start first. */
export async function findPrescriptionsOfPatient(tenant: TenantDb, patientId: number, q: PrescriptionListQuery): Promise<{ rows: PrescriptionRow[]; total: number }> {
  const { scope, db } = tenant;
  const where = and(eq(p.patientId, patientId), patientRowFilter(scope, p.hospitalId, p.patientId), q.filter === 'active' ? eq(p.status, 'ACTIVE') : undefined);
  const order: SQL[] = [];
  if (q.sort) {
    const { field, descending } = parseSort(q.sort as keyof typeof sortColumns, 'startDate');
    const column = sortColumns[field] ?? p.startDate;
    order.push(descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`);
  } else {
    order.push(sql`(${p.status} <> 'ACTIVE')`, sql`${p.startDate} desc nulls last`, sql`lower(${p.medicationName})`);
  }
  const rows = (await db
    .select(columns)
    .from(p)
    .where(where)
    .orderBy(...order, asc(p.id))
    .limit(q.pageSize)
    .offset(pageOffset(q))) as PrescriptionRow[];
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(p).where(where)) as [{ total: number }];
  return { rows, total };
}

/** The ACTIVE prescriptions of patient `patientId` (in the caller's offices) sharing an ingredient key with `keys`, but `exceptId`. */
export async function findActiveSharing(tenant: TenantDb, patientId: number, keys: string[], exceptId?: number): Promise<{ id: number; medicationName: string; ingredientKeys: string[] }[]> {
  const { scope, db } = tenant;
  if (keys.length === 0) { return []; }
  return db
    .select({ id: p.id, medicationName: p.medicationName, ingredientKeys: p.ingredientKeys })
    .from(p)
    .where(
      and(
        eq(p.patientId, patientId),
        eq(p.status, 'ACTIVE'),
        arrayOverlaps(p.ingredientKeys, keys),
        patientRowFilter(scope, p.hospitalId, p.patientId),
        exceptId !== undefined ? ne(p.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(p.id))
    .limit(50);
}

/** Every ACTIVE prescription's ingredient keys for patient `patientId` in the caller's offices (the list's duplicate warnings). */
export async function findActiveIngredientKeys(tenant: TenantDb, patientId: number): Promise<{ id: number; medicationName: string; ingredientKeys: string[] }[]> {
  const { scope, db } = tenant;
  return db
    .select({ id: p.id, medicationName: p.medicationName, ingredientKeys: p.ingredientKeys })
    .from(p)
    .where(and(eq(p.patientId, patientId), eq(p.status, 'ACTIVE'), patientRowFilter(scope, p.hospitalId, p.patientId)))
    .orderBy(asc(p.id))
    .limit(1000);
}

/** The offices of patient `patientId` that are among the caller's, lowest id first. */
export async function findPatientOfficeIds(tenant: TenantDb, patientId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: userHospitals.hospitalId })
    .from(userHospitals)
    .where(and(eq(userHospitals.userId, patientId), officeFilter(scope, userHospitals.hospitalId)))
    .orderBy(asc(userHospitals.hospitalId));
  return rows.map((r) => r.id);
}

/** Whether `userId` is an active doctor assigned to office `hospitalId` (one of the caller's). */
export async function isActiveDoctorOfOffice(tenant: TenantDb, userId: number, hospitalId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userHospitals, and(eq(userHospitals.userId, users.id), eq(userHospitals.hospitalId, hospitalId)))
    .where(and(eq(users.id, userId), eq(users.roleId, Role.DOCTOR), eq(users.status, UserStatus.ACTIVE), officeFilter(scope, userHospitals.hospitalId)))
    .limit(1);
  return row !== undefined;
}

/** Inserts a prescription (the caller checked patient, office and product); answers its id. */
export async function insertPrescription(tenant: TenantDb, values: PrescriptionValues): Promise<number> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await db.insert(p).values(values).returning({ id: p.id });
  return row!.id;
}

/** Updates the prescription `id` in the caller's offices. */
export async function updatePrescription(tenant: TenantDb, id: number, values: Partial<PrescriptionValues>): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(p)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(p.id, id), patientRowFilter(scope, p.hospitalId, p.patientId)));
}

/** Deletes the prescription `id` in the caller's offices; false when there was none. */
export async function deletePrescription(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(p)
    .where(and(eq(p.id, id), patientRowFilter(scope, p.hospitalId, p.patientId)))
    .returning({ id: p.id });
  return rows.length > 0;
}

/** The prescription imported as `externalRef` ('MedicationRequest/<id>'), whatever its office (the importer's system scope). */
export async function getPrescriptionByRef(tenant: TenantDb, externalRef: string): Promise<PrescriptionRow | null> {
  const { scope, db } = tenant;
  const [row] = (await db
    .select(columns)
    .from(p)
    .where(and(eq(p.externalRef, externalRef), officeFilter(scope, p.hospitalId)))
    .limit(1)) as PrescriptionRow[];
  return row ?? null;
}

