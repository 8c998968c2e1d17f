/**
 * Terra's rows (docs/integrations.md). Scope first: every read or write a user asks for is filtered
 * by db/scope.ts (`officeFilter` on the connection's office, `userFilter` on users); the webhook
 * and its job work with `systemScope` (a delivery names a Terra user, not a tenant).
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { officeFilter, userFilter } from '../../db/scope';
import { terraConnections, terraDataCopies, terraEvents, userHospitals, users } from '../../db/schema/index';
import type { TenantDb } from '../../db/handles';

export type ConnectionRow = typeof terraConnections.$inferSelect;
export type EventRow = typeof terraEvents.$inferSelect;

/** A connection with its patient's names, as the mapping table shows it. */
export type MappingRow = ConnectionRow & { firstName: string; lastName: string };

const mappingColumns = { connection: terraConnections, firstName: users.firstName, lastName: users.lastName };

/** The office of patient `patientId` that the caller sees (the patient's first assignment in scope), or null. */
export async function findPatientOfficeInScope(tenant: TenantDb, patientId: number): Promise<number | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ hospitalId: userHospitals.hospitalId })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(and(eq(userHospitals.userId, patientId), eq(users.roleId, Role.PATIENT), officeFilter(scope, userHospitals.hospitalId)))
    .orderBy(userHospitals.hospitalId)
    .limit(1);
  return row?.hospitalId ?? null;
}

/** Patient `patientId`'s connection when its office is the caller's; null otherwise. */
export async function findConnectionOfPatient(tenant: TenantDb, patientId: number): Promise<MappingRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select(mappingColumns)
    .from(terraConnections)
    .innerJoin(users, eq(users.id, terraConnections.patientId))
    .where(and(eq(terraConnections.patientId, patientId), officeFilter(scope, terraConnections.hospitalId)))
    .limit(1);
  return row ? { ...row.connection, firstName: row.firstName, lastName: row.lastName } : null;
}

/** The caller's connections, of one office when `hospitalId` is given, by patient name. */
export async function findMappings(tenant: TenantDb, hospitalId: number | undefined): Promise<MappingRow[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select(mappingColumns)
    .from(terraConnections)
    .innerJoin(users, eq(users.id, terraConnections.patientId))
    .where(and(officeFilter(scope, terraConnections.hospitalId), hospitalId === undefined ? undefined : eq(terraConnections.hospitalId, hospitalId)))
    .orderBy(users.lastName, users.firstName, terraConnections.id)
    .limit(2000);
  return rows.map((r) => ({ ...r.connection, firstName: r.firstName, lastName: r.lastName }));
}

/**
 * Creates or renews patient `patientId`'s connection in office `hospitalId` (checked in scope by the
 * caller) with a new reference id; a renewed connection keeps its settings and Terra user.
 */
export async function upsertPendingConnection(tenant: TenantDb, patientId: number, hospitalId: number, referenceId: string): Promise<void> {
  const { scope, db } = tenant;
  await db
    .insert(terraConnections)
    .values({ patientId, hospitalId, referenceId, status: 'pending' })
    .onConflictDoUpdate({
      target: terraConnections.patientId,
      set: { referenceId, hospitalId, updatedAt: new Date() },
      setWhere: officeFilter(scope, terraConnections.hospitalId),
    });
}

/** Updates the caller's connection of patient `patientId`; false when there is none in scope. */
export async function updateConnection(tenant: TenantDb, patientId: number, values: Partial<typeof terraConnections.$inferInsert>): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(terraConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(terraConnections.patientId, patientId), officeFilter(scope, terraConnections.hospitalId)))
    .returning({ id: terraConnections.id });
  return rows.length > 0;
}

/** ECP users (role ECP_USER) the caller sees, by user name. */
export async function findEcpUsers(tenant: TenantDb): Promise<{ id: number; userName: string }[]> {
  const { scope, db } = tenant;
  return db
    .select({ id: users.id, userName: users.username })
    .from(users)
    .where(and(eq(users.roleId, Role.ECP_USER), userFilter(scope, users.id)))
    .orderBy(users.username)
    .limit(2000);
}

/** Whether user `userId` is an ECP user assigned to office `hospitalId`. */
export async function isEcpUserOfOffice(tenant: TenantDb, userId: number, hospitalId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userHospitals, eq(userHospitals.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.roleId, Role.ECP_USER), eq(userHospitals.hospitalId, hospitalId), officeFilter(scope, userHospitals.hospitalId)))
    .limit(1);
  return row !== undefined;
}

/** The latest 50 deliveries processed for patient `patientId`'s connection (in scope), newest first. */
export async function findEventsOfConnection(tenant: TenantDb, connectionId: number): Promise<EventRow[]> {
  const { scope, db } = tenant;
  return db
    .select({ e: terraEvents })
    .from(terraEvents)
    .innerJoin(terraConnections, eq(terraConnections.id, terraEvents.connectionId))
    .where(and(eq(terraEvents.connectionId, connectionId), officeFilter(scope, terraConnections.hospitalId)))
    .orderBy(desc(terraEvents.id))
    .limit(50)
    .then((rows) => rows.map((r) => r.e));
}

// The webhook and its job (systemScope: a delivery names a Terra user, not a tenant) -------------

/** Stores a delivery once: answers its id and whether the same bytes were stored before. */
export async function insertEvent(
  tenant: TenantDb,
  values: { deliveryKey: string; type: string; terraUserId: string | null; orderingAt: Date; payload: Record<string, unknown> },
): Promise<{ id: number; duplicate: boolean }> {
  const { scope, db } = tenant;
  void scope;
  const [row] = await db.insert(terraEvents).values(values).onConflictDoNothing({ target: terraEvents.deliveryKey }).returning({ id: terraEvents.id });
  if (row) { return { id: row.id, duplicate: false }; }
  const [existing] = await db.select({ id: terraEvents.id }).from(terraEvents).where(eq(terraEvents.deliveryKey, values.deliveryKey)).limit(1);
  return { id: existing!.id, duplicate: true };
}

/** A stored delivery, or null. */
export async function findEvent(tenant: TenantDb, eventId: number): Promise<EventRow | null> {
  const { scope, db } = tenant;
  void scope;
  const [row] = await db.select().from(terraEvents).where(eq(terraEvents.id, eventId)).limit(1);
  return row ?? null;
}

export async function finishEvent(
  tenant: TenantDb,
  eventId: number,
  values: { status: string; connectionId?: number | null; readingsStored?: number; readingsDuplicate?: number; readingsRejected?: number; error?: string | null },
): Promise<void> {
  const { scope, db } = tenant;
  void scope;
  await db
    .update(terraEvents)
    .set({ ...values, processedAt: new Date() })
    .where(eq(terraEvents.id, eventId));
}

/** The connection a delivery is about: by Terra user id, else (the auth event) by the reference id Vigil gave Terra. */
export async function findConnectionForDelivery(tenant: TenantDb, terraUserId: string | null, referenceId: string | null): Promise<ConnectionRow | null> {
  const { scope, db } = tenant;
  void scope;
  const conds = [terraUserId ? eq(terraConnections.terraUserId, terraUserId) : undefined, referenceId ? eq(terraConnections.referenceId, referenceId) : undefined].filter(
    (c) => c !== undefined,
  );
  if (conds.length === 0) { return null; }
  const rows = await db
    .select()
    .from(terraConnections)
    .where(or(...conds))
    .orderBy(sql`case when ${terraConnections.terraUserId} = ${terraUserId ?? ''} then 0 else 1 end`)
    .limit(1);
  return rows[0] ?? null;
}

/** Sets a connection's status and Terra identity from a connection event (the job's own write). */
export async function updateConnectionById(tenant: TenantDb, id: number, values: Partial<typeof terraConnections.$inferInsert>): Promise<void> {
  const { scope, db } = tenant;
  void scope;
  await db
    .update(terraConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(terraConnections.id, id));
}

/**
 * Records the copy of one piece of data: inserted when new; for body / daily (`replaceByOrdering`)
 * it replaces the stored copy only when `orderingAt` is later. Answers 'new', 'replaced' or 'kept'
 * (the stored copy stays: a repeat of a summary, or an older or equal copy of a day).
 */
export async function recordCopy(
  tenant: TenantDb,
  values: { terraUserId: string; type: string; key: string; orderingAt: Date; eventId: number; data: Record<string, unknown> },
  replaceByOrdering: boolean,
): Promise<'new' | 'replaced' | 'kept'> {
  const { scope, db } = tenant;
  void scope;
  const inserted = await db.insert(terraDataCopies).values(values).onConflictDoNothing().returning({ id: terraDataCopies.id });
  if (inserted.length > 0) { return 'new'; }
  const where = and(eq(terraDataCopies.terraUserId, values.terraUserId), eq(terraDataCopies.type, values.type), eq(terraDataCopies.key, values.key));
  const [existing] = await db.select({ eventId: terraDataCopies.eventId }).from(terraDataCopies).where(where).limit(1);
  // The same delivery again (a retried job that stopped after this write): its readings are ingested again, as duplicates at worst.
  if (existing?.eventId === values.eventId) { return 'new'; }
  if (!replaceByOrdering) { return 'kept'; }
  const updated = await db
    .update(terraDataCopies)
    .set({ orderingAt: values.orderingAt, eventId: values.eventId, data: values.data, updatedAt: new Date() })
    .where(and(where, sql`${terraDataCopies.orderingAt} < ${values.orderingAt.toISOString()}::timestamptz`))
    .returning({ id: terraDataCopies.id });
  return updated.length > 0 ? 'replaced' : 'kept';
}

/**
 * Locks the kept copy (Terra user, type, key) until `tx` ends and answers whether it is still
 * delivery `eventId`'s: a newer copy that replaced it since waits for the lock, so the readings of
 * a day are restated by one copy at a time, and never by an older one (docs/integrations.md).
 */
export async function lockCurrentCopy(tenant: TenantDb, copy: { terraUserId: string; type: string; key: string; eventId: number }): Promise<boolean> {
  const { scope, db: tx } = tenant;
  void scope;
  const [row] = await tx
    .select({ eventId: terraDataCopies.eventId })
    .from(terraDataCopies)
    .where(and(eq(terraDataCopies.terraUserId, copy.terraUserId), eq(terraDataCopies.type, copy.type), eq(terraDataCopies.key, copy.key)))
    .for('update');
  return row?.eventId === copy.eventId;
}
