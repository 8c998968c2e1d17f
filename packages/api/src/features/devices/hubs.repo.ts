import { and, asc, count, desc, eq, gte, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { Role, type HubPageQuery, type TrustedHub } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { hospitals, hubs, measurements, trustedHubs, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, patientRowFilter, userFilter, type Scope } from '../../db/scope';
import { likeTerm, pageOffset } from '../../db/query-helpers';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';

/**
 * The tenant filter of a hub row: its office is one of the caller's, and a patient caller sees
 * only the hubs assigned to them.
 */
export function hubFilter(scope: Scope): SQL {
  return patientRowFilter(scope, hubs.hospitalId, hubs.assignedToUserId);
}

export type HubRow = typeof hubs.$inferSelect;
type HubValues = Omit<typeof hubs.$inferInsert, 'id' | 'createdAt' | 'credentialHash' | 'credentialRevokedAt' | 'lastCheckInAt'>;

/** A hub row in the caller's scope, or null. */
export async function getHubRow(tenant: TenantDb, id: number): Promise<HubRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(hubs)
    .where(and(eq(hubs.id, id), hubFilter(scope)))
    .limit(1);
  return row ?? null;
}

/**
 * Whether another hub already has `hubIdentifier`. Not tenant-filtered on purpose: the identifier
 * is unique across the installation (it names the hub to ingestion and public links).
 */
export async function isHubIdentifierTaken(db: Executor, hubIdentifier: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: hubs.id })
    .from(hubs)
    .where(and(eq(hubs.hubIdentifier, hubIdentifier), exceptId !== undefined ? ne(hubs.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** Inserts a hub; its office must be the caller's (checked again here). Returns the id. */
export async function insertHub(tenant: TenantDb, values: HubValues): Promise<number> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await db.insert(hubs).values(values).returning({ id: hubs.id });
  return row!.id;
}

/** Updates a hub in the caller's scope; a new office must be the caller's too. */
export async function updateHub(tenant: TenantDb, id: number, values: Partial<HubValues>): Promise<void> {
  const { scope, db } = tenant;
  if (values.hospitalId !== undefined) { assertOfficeInScope(scope, values.hospitalId); }
  if (Object.keys(values).length === 0) { return; }
  await db
    .update(hubs)
    .set(values)
    .where(and(eq(hubs.id, id), hubFilter(scope)));
}

/**
 * Deletes a hub in the caller's scope (its devices and tablets are unassigned from it and its
 * trusted-hub rows go, by the foreign keys); true when a row went.
 */
export async function deleteHub(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(hubs)
    .where(and(eq(hubs.id, id), hubFilter(scope)))
    .returning({ id: hubs.id });
  return rows.length > 0;
}

/**
 * Whether a hub of the caller's scope has any reading, looked up by `hub_key` (the leading column
 * of the readings' identity index; ingestion sets it to the hub id). A reading that names the hub
 * only in `hub_id` is still caught by the foreign key when the hub is deleted.
 */
export async function hubHasReadings(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: measurements.id })
    .from(measurements)
    .innerJoin(hubs, eq(hubs.id, measurements.hubKey))
    .where(and(eq(measurements.hubKey, id), hubFilter(scope)))
    .limit(1);
  return row !== undefined;
}

/**
 * Per hub of `hubIds` in the caller's scope, the number of readings measured at or after `since`,
 * in one grouped query on the identity index's leading `hub_key` (hubs without readings are absent).
 */
export async function countReadingsSinceByHub(tenant: TenantDb, hubIds: number[], since: Date): Promise<Map<number, number>> {
  const { scope, db } = tenant;
  if (hubIds.length === 0) { return new Map(); }
  const rows = await db
    .select({ hubId: measurements.hubKey, n: count() })
    .from(measurements)
    .innerJoin(hubs, eq(hubs.id, measurements.hubKey))
    .where(and(inArray(measurements.hubKey, hubIds), gte(measurements.measuredAt, since), hubFilter(scope)))
    .groupBy(measurements.hubKey);
  return new Map(rows.map((r) => [r.hubId, r.n]));
}

/**
 * One page of hub ids in the caller's scope (of office `hospitalId` when given), searched by name,
 * identifier or MAC and sorted in SQL, with the total.
 */
export async function findHubIdsPage(tenant: TenantDb, hospitalId: number | undefined, query: HubPageQuery) {
  const { scope, db } = tenant;
  const term = query.search?.trim();
  const where = and(
    hubFilter(scope),
    hospitalId !== undefined ? eq(hubs.hospitalId, hospitalId) : undefined,
    term
      ? or(sql`${hubs.hubName} ilike ${likeTerm(term)}`, sql`${hubs.hubIdentifier} ilike ${likeTerm(term)}`, sql`${hubs.hubMac} ilike ${likeTerm(term)}`)
      : undefined,
  );
  const sort = query.sort ?? 'hubName';
  const descending = sort.startsWith('-');
  const dir = descending ? desc : asc;
  const order: SQL[] = sort.endsWith('lastCheckInAt')
    ? [descending ? sql`${hubs.lastCheckInAt} desc nulls last` : sql`${hubs.lastCheckInAt} asc nulls first`]
    : sort.endsWith('hubIdentifier')
      ? [dir(hubs.hubIdentifier)]
      : sort.endsWith('createdAt')
        ? [dir(hubs.createdAt)]
        : [dir(hubs.hubName)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: hubs.id })
      .from(hubs)
      .where(where)
      .orderBy(...order, asc(hubs.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(hubs).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** Hub rows `ids` in the caller's scope with office name and assigned patient's name. */
export async function findHubRows(tenant: TenantDb, ids: number[]) {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  return db
    .select({ hub: hubs, hospitalName: hospitals.hospitalName, patientFirstName: users.firstName, patientLastName: users.lastName })
    .from(hubs)
    .innerJoin(hospitals, eq(hospitals.id, hubs.hospitalId))
    .leftJoin(users, eq(users.id, hubs.assignedToUserId))
    .where(and(inArray(hubs.id, ids), hubFilter(scope)));
}

// Trusted hubs ----------------------------------------------------------------------------------

/** The offices a patient (whom the caller may see) is assigned to. */
export async function findOfficeIdsOfPatient(tenant: TenantDb, patientId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ hospitalId: userHospitals.hospitalId })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(and(eq(userHospitals.userId, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)));
  return rows.map((r) => r.hospitalId);
}

/** Hub rows `ids` of the caller's offices (id and office). */
export async function findHubsInOffices(tenant: TenantDb, ids: number[]) {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  return db
    .select({ id: hubs.id, hospitalId: hubs.hospitalId })
    .from(hubs)
    .where(and(inArray(hubs.id, ids), officeFilter(scope, hubs.hospitalId)));
}

/** The hubs a patient trusts among the hubs of the caller's offices, by hub name. */
export async function findTrustedHubs(tenant: TenantDb, patientId: number): Promise<TrustedHub[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({
      id: trustedHubs.id,
      patientId: trustedHubs.patientId,
      hubId: hubs.id,
      hubIdentifier: hubs.hubIdentifier,
      hubName: hubs.hubName,
      hospitalId: hubs.hospitalId,
      createdAt: trustedHubs.createdAt,
    })
    .from(trustedHubs)
    .innerJoin(hubs, eq(hubs.id, trustedHubs.hubId))
    .where(and(eq(trustedHubs.patientId, patientId), officeFilter(scope, hubs.hospitalId), userFilter(scope, trustedHubs.patientId)))
    .orderBy(asc(hubs.hubName), asc(hubs.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Adds trusted hubs of a patient (no change for those already trusted); hubs must be of the caller's offices. */
export async function addTrustedHubs(tenant: TenantDb, patientId: number, hubIds: number[]): Promise<void> {
  const { scope, db } = tenant;
  const visible = await findHubsInOffices(tenantDb(scope, db), hubIds);
  if (visible.length === 0) { return; }
  await db
    .insert(trustedHubs)
    .values(visible.map((h) => ({ patientId, hubId: h.id })))
    .onConflictDoNothing();
}

/**
 * Removes a patient's trusted hubs of the caller's offices except `keepHubIds` (rows for hubs of
 * offices the caller does not see stay as they are). Returns the removed rows' ids.
 */
export async function removeTrustedHubsExcept(tenant: TenantDb, patientId: number, keepHubIds: number[]): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(trustedHubs)
    .where(
      and(
        eq(trustedHubs.patientId, patientId),
        keepHubIds.length > 0 ? notInArray(trustedHubs.hubId, keepHubIds) : undefined,
        sql`${trustedHubs.hubId} in (select ${hubs.id} from ${hubs} where ${officeFilter(scope, hubs.hospitalId)})`,
      ),
    )
    .returning({ id: trustedHubs.id });
  return rows.map((r) => r.id);
}

/** Removes one trusted hub of a patient (a hub of the caller's offices); the removed row's id or null. */
export async function removeTrustedHub(tenant: TenantDb, patientId: number, hubId: number): Promise<number | null> {
  const { scope, db } = tenant;
  if (!(await findHubsInOffices(tenantDb(scope, db), [hubId])).length) { return null; }
  const [row] = await db
    .delete(trustedHubs)
    .where(and(eq(trustedHubs.patientId, patientId), eq(trustedHubs.hubId, hubId)))
    .returning({ id: trustedHubs.id });
  return row?.id ?? null;
}
