import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { Role, type License, type LicenseAssignment, type LicenseListQuery, type LicenseStatus, type LicenseType } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { hospitals, licenseAssignments, licenses, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, patientRowFilter } from '../../db/scope';
import { likeTerm, pageOffset, parseSort } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

/** Licences of offices and their assignments to patients. Every function takes the caller's scope first. */

const l = licenses;
const a = licenseAssignments;

const columns = {
  id: l.id,
  hospitalId: l.hospitalId,
  hospitalName: hospitals.hospitalName,
  name: l.name,
  description: l.description,
  content: l.content,
  type: l.type,
  status: l.status,
  priceCents: l.priceCents,
  expirationDate: l.expirationDate,
  assignedPatientId: a.patientId,
  assignedPatientName: sql<string | null>`(${users.firstName} || ' ' || ${users.lastName})`,
  createdAt: l.createdAt,
};

type Row = Awaited<ReturnType<typeof base>>[number];

const view = (r: Row): License => ({
  ...r,
  type: r.type as LicenseType,
  status: r.status as LicenseStatus,
  assignedPatientName: r.assignedPatientName ?? '',
  createdAt: r.createdAt.toISOString(),
});

function base(db: Executor) {
  return db
    .select(columns)
    .from(l)
    .innerJoin(hospitals, eq(hospitals.id, l.hospitalId))
    .leftJoin(a, and(eq(a.licenseId, l.id), isNull(a.endedAt)))
    .leftJoin(users, eq(users.id, a.patientId));
}

const sortColumns = { name: sql`lower(${l.name})`, type: l.type, status: l.status, expirationDate: l.expirationDate, price: l.priceCents } as const;

/** A page of the licences of the caller's offices, filtered by office, status, type and name. */
export async function findLicenses(tenant: TenantDb, q: LicenseListQuery): Promise<{ items: License[]; total: number }> {
  const { scope, db } = tenant;
  const where = and(
    officeFilter(scope, l.hospitalId),
    q.hospitalId !== undefined ? eq(l.hospitalId, q.hospitalId) : undefined,
    q.status !== undefined ? eq(l.status, q.status) : undefined,
    q.type !== undefined ? eq(l.type, q.type) : undefined,
    q.search ? sql`${l.name} ilike ${likeTerm(q.search)}` : undefined,
  );
  const sort = parseSort(q.sort as never, 'expirationDate');
  const col = sortColumns[sort.field as keyof typeof sortColumns] ?? sortColumns.expirationDate;
  const [rows, [count]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(sort.descending ? desc(col) : asc(col), asc(l.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(l).where(where),
  ]);
  return { items: rows.map(view), total: Number(count?.n ?? 0) };
}

/** The licence `id` in the caller's offices, or null. `forUpdate` locks its row until the transaction ends. */
export async function getLicense(tenant: TenantDb, id: number, opts: { forUpdate?: boolean } = {}): Promise<License | null> {
  const { scope, db } = tenant;
  const q = base(db).where(and(eq(l.id, id), officeFilter(scope, l.hospitalId))).limit(1);
  const [row] = opts.forUpdate ? await q.for('update', { of: l }) : await q;
  return row ? view(row) : null;
}

export interface LicenseValues {
  name: string;
  description: string;
  content: string;
  type: LicenseType;
  priceCents: number;
  expirationDate: string;
  status?: LicenseStatus;
}

/** Inserts licences into office `hospitalId` (checked by the service); returns their ids in order. */
export async function insertLicenses(tenant: TenantDb, hospitalId: number, values: LicenseValues[], createdBy: number): Promise<number[]> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, hospitalId);
  if (values.length === 0) { return []; }
  const rows = await db
    .insert(l)
    .values(values.map((v) => ({ ...v, hospitalId, createdBy })))
    .returning({ id: l.id });
  return rows.map((r) => r.id);
}

/** Updates licence `id` in the caller's offices. */
export async function updateLicense(tenant: TenantDb, id: number, values: Partial<LicenseValues>): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(l)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(l.id, id), officeFilter(scope, l.hospitalId)));
}

/** Whether licence `id` of the caller's offices was ever assigned. */
export async function wasEverAssigned(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db.select({ id: a.id }).from(a).where(and(eq(a.licenseId, id), officeFilter(scope, a.hospitalId))).limit(1);
  return row !== undefined;
}

/** Deletes licence `id` in the caller's offices. */
export async function deleteLicense(tenant: TenantDb, id: number): Promise<void> {
  const { scope, db } = tenant;
  await db.delete(l).where(and(eq(l.id, id), officeFilter(scope, l.hospitalId)));
}

/** Whether patient `patientId` is a patient assigned to office `hospitalId` (an office the caller sees). */
export async function isPatientOfOffice(tenant: TenantDb, patientId: number, hospitalId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: userHospitals.userId })
    .from(userHospitals)
    .where(and(eq(userHospitals.userId, patientId), eq(userHospitals.hospitalId, hospitalId), eq(userHospitals.roleId, Role.PATIENT), officeFilter(scope, userHospitals.hospitalId)))
    .limit(1);
  return row !== undefined;
}

const assignmentColumns = {
  id: a.id,
  licenseId: a.licenseId,
  patientId: a.patientId,
  licenseName: l.name,
  licenseType: l.type,
  licenseStatus: l.status,
  expirationDate: l.expirationDate,
  assignedAt: a.assignedAt,
  endedAt: a.endedAt,
};
const assignments = (db: Executor) => db.select(assignmentColumns).from(a).innerJoin(l, eq(l.id, a.licenseId));
type AssignmentRow = Awaited<ReturnType<typeof assignments>>[number];
const assignmentView = (r: AssignmentRow): LicenseAssignment => ({
  ...r,
  licenseType: r.licenseType as LicenseType,
  licenseStatus: r.licenseStatus as LicenseStatus,
  assignedAt: r.assignedAt.toISOString(),
  endedAt: r.endedAt ? r.endedAt.toISOString() : null,
});

/** The licence assignments of patient `patientId` in the caller's offices (a patient: their own), current first, then newest. */
export async function findAssignmentsForPatient(tenant: TenantDb, patientId: number): Promise<LicenseAssignment[]> {
  const { scope, db } = tenant;
  const rows = await assignments(db)
    .where(and(eq(a.patientId, patientId), patientRowFilter(scope, a.hospitalId, a.patientId)))
    .orderBy(sql`${a.endedAt} is null desc`, desc(a.assignedAt), desc(a.id))
    .limit(500);
  return rows.map(assignmentView);
}

/** The assignment `id` (in the caller's offices). */
export async function getAssignment(tenant: TenantDb, id: number): Promise<LicenseAssignment | null> {
  const { scope, db } = tenant;
  const [row] = await assignments(db)
    .where(and(eq(a.id, id), officeFilter(scope, a.hospitalId)))
    .limit(1);
  return row ? assignmentView(row) : null;
}

/** Inserts a current assignment of licence `license` to patient `patientId`; returns its id. The unique indexes refuse a second one. */
export async function insertAssignment(tenant: TenantDb, license: License, patientId: number, assignedBy: number): Promise<number> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, license.hospitalId);
  const [row] = await db
    .insert(a)
    .values({ licenseId: license.id, patientId, hospitalId: license.hospitalId, licenseType: license.type, assignedBy })
    .returning({ id: a.id });
  return row!.id;
}

/** Ends the current assignment of licence `licenseId` to patient `patientId`; its id, or null when there was none. */
export async function endAssignment(tenant: TenantDb, licenseId: number, patientId: number, at: Date): Promise<number | null> {
  const { scope, db } = tenant;
  const rows = await db
    .update(a)
    .set({ endedAt: at })
    .where(and(eq(a.licenseId, licenseId), eq(a.patientId, patientId), isNull(a.endedAt), officeFilter(scope, a.hospitalId)))
    .returning({ id: a.id });
  return rows[0]?.id ?? null;
}

/** Active or assigned licences of every office the caller sees expiring on or before `latestDate`, with their office's time zone. */
export async function findExpiryCandidates(tenant: TenantDb, latestDate: string): Promise<{ id: number; expirationDate: string; timeZone: string }[]> {
  const { scope, db } = tenant;
  return db
    .select({ id: l.id, expirationDate: l.expirationDate, timeZone: hospitals.timeZone })
    .from(l)
    .innerJoin(hospitals, eq(hospitals.id, l.hospitalId))
    .where(and(inArray(l.status, ['active', 'assigned']), lte(l.expirationDate, latestDate), officeFilter(scope, l.hospitalId)))
    .limit(5000);
}

/** Marks licences `ids` expired (if still active or assigned) and ends their current assignments at `at`; returns how many expired. */
export async function expireLicenses(tenant: TenantDb, ids: number[], at: Date): Promise<number> {
  const { scope, db } = tenant;
  if (ids.length === 0) { return 0; }
  const expired = await db
    .update(l)
    .set({ status: 'expired', updatedAt: at })
    .where(and(inArray(l.id, ids), inArray(l.status, ['active', 'assigned']), officeFilter(scope, l.hospitalId)))
    .returning({ id: l.id });
  if (expired.length > 0) {
    await db
      .update(a)
      .set({ endedAt: at })
      .where(
        and(
          inArray(
            a.licenseId,
            expired.map((e) => e.id),
          ),
          isNull(a.endedAt),
        ),
      );
  }
  return expired.length;
}
