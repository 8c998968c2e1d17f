import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PatientPresence, PresencePageQuery } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { patientPresence, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter } from '../../db/scope';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

/** Patient presence rows (stays out of facility). Every function takes the caller's scope first. */

/** Advisory lock key space: one patient's presence. */
const LOCK_PATIENT_PRESENCE = 730_202;

export type StayRow = typeof patientPresence.$inferSelect;

/** Serialises presence changes of one patient until the transaction ends (one open stay per patient and office). */
export async function lockPatientPresence(tx: Executor, patientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PATIENT_PRESENCE}::int, ${patientId}::int)`);
}

/** The patient's open stay in office `hospitalId`, or null. */
export async function findOpenStay(tenant: TenantDb, patientId: number, hospitalId: number): Promise<StayRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(patientPresence)
    .where(
      and(
        eq(patientPresence.patientId, patientId),
        eq(patientPresence.hospitalId, hospitalId),
        isNull(patientPresence.endedAt),
        officeFilter(scope, patientPresence.hospitalId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Inserts an open stay (the patient is out of facility since `startedAt`) and returns its id. */
export async function insertStay(
  tenant: TenantDb,
  values: { patientId: number; hospitalId: number; leavingTo: string; startedAt: Date; createdBy: number },
): Promise<number> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await db
    .insert(patientPresence)
    .values({ ...values, outOfFacility: true })
    .returning({ id: patientPresence.id });
  return row!.id;
}

/** The stay `id` in the caller's offices, or null. */
export async function getStay(tenant: TenantDb, id: number): Promise<StayRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(patientPresence)
    .where(and(eq(patientPresence.id, id), officeFilter(scope, patientPresence.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** Closes the open stay `id` (the patient is back) at `endedAt`; false when it was not open or not in scope. */
export async function endStay(tenant: TenantDb, id: number, endedAt: Date): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(patientPresence)
    .set({ endedAt, outOfFacility: false })
    .where(and(eq(patientPresence.id, id), isNull(patientPresence.endedAt), officeFilter(scope, patientPresence.hospitalId)))
    .returning({ id: patientPresence.id });
  return rows.length > 0;
}

/** Ids of office `hospitalId`'s open stays (in scope), the latest departure first, at most `limit`. */
export async function findOpenStayIds(tenant: TenantDb, hospitalId: number, limit: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: patientPresence.id })
    .from(patientPresence)
    .where(and(eq(patientPresence.hospitalId, hospitalId), isNull(patientPresence.endedAt), officeFilter(scope, patientPresence.hospitalId)))
    .orderBy(desc(patientPresence.startedAt), desc(patientPresence.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * One page of office `hospitalId`'s closed stays (in scope), searched by patient name and sorted
 * in SQL (default: latest departure first), with the total.
 */
export async function findPastStayIdsPage(tenant: TenantDb, hospitalId: number, query: PresencePageQuery): Promise<{ ids: number[]; total: number }> {
  const { scope, db } = tenant;
  const term = query.search?.trim();
  const where = and(
    eq(patientPresence.hospitalId, hospitalId),
    isNotNull(patientPresence.endedAt),
    officeFilter(scope, patientPresence.hospitalId),
    term ? sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${'%' + escapeLike(term) + '%'}` : undefined,
  );
  const sort = query.sort ?? '-startedAt';
  const dir = sort.startsWith('-') ? desc : asc;
  const order: SQL[] = sort.endsWith('patientName')
    ? [dir(users.lastName), dir(users.firstName)]
    : sort.endsWith('endedAt')
      ? [dir(patientPresence.endedAt)]
      : [dir(patientPresence.startedAt)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: patientPresence.id })
      .from(patientPresence)
      .innerJoin(users, eq(users.id, patientPresence.patientId))
      .where(where)
      .orderBy(...order, desc(patientPresence.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(patientPresence).innerJoin(users, eq(users.id, patientPresence.patientId)).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** Ids of the patient's stays in the caller's offices (of `hospitalId` when given): the open ones first, then the latest, at most `limit`. */
export async function findStayIdsOfPatient(tenant: TenantDb, patientId: number, hospitalId: number | undefined, limit: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: patientPresence.id })
    .from(patientPresence)
    .where(
      and(
        eq(patientPresence.patientId, patientId),
        hospitalId !== undefined ? eq(patientPresence.hospitalId, hospitalId) : undefined,
        officeFilter(scope, patientPresence.hospitalId),
      ),
    )
    .orderBy(sql`${patientPresence.endedAt} is null desc`, desc(patientPresence.startedAt), desc(patientPresence.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The views of stays `ids` (in the caller's offices) with the patient's name, in the order of `ids`. */
export async function loadStayViews(tenant: TenantDb, ids: number[]): Promise<PatientPresence[]> {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  const rows = await db
    .select({ s: patientPresence, firstName: users.firstName, lastName: users.lastName })
    .from(patientPresence)
    .innerJoin(users, eq(users.id, patientPresence.patientId))
    .where(and(inArray(patientPresence.id, ids), officeFilter(scope, patientPresence.hospitalId)));
  const byId = new Map(
    rows.map((r): [number, PatientPresence] => [
      r.s.id,
      {
        id: r.s.id,
        patientId: r.s.patientId,
        patient: { id: r.s.patientId, firstName: r.firstName, lastName: r.lastName },
        hospitalId: r.s.hospitalId,
        outOfFacility: r.s.outOfFacility,
        leavingTo: r.s.leavingTo,
        startedAt: r.s.startedAt.toISOString(),
        endedAt: r.s.endedAt?.toISOString() ?? null,
        createdBy: r.s.createdBy,
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
