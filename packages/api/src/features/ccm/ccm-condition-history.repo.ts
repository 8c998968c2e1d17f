import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { ccmConditionHistory } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/** A condition's course (ccm_condition_history). Reads and writes by id take the caller's scope first. */

export interface HistoryEntry {
  id: number;
  status: string;
  recordedOn: string;
  note: string;
}

const columns = { id: ccmConditionHistory.id, status: ccmConditionHistory.status, recordedOn: ccmConditionHistory.recordedOn, note: ccmConditionHistory.note };

/** Adds an entry to condition `conditionId` (a condition the caller's write just found in scope). */
export async function insertEntry(tenant: TenantDb, v: { conditionId: number; hospitalId: number; status: string; recordedOn: string; note: string; createdBy: number }): Promise<void> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, v.hospitalId);
  await db.insert(ccmConditionHistory).values(v);
}

/** The entries of conditions `conditionIds`, oldest first, by condition. */
export async function findEntries(db: Executor, conditionIds: number[]): Promise<Map<number, HistoryEntry[]>> {
  const rows = await db
    .select({ ...columns, conditionId: ccmConditionHistory.conditionId })
    .from(ccmConditionHistory)
    .where(inArray(ccmConditionHistory.conditionId, conditionIds))
    .orderBy(asc(ccmConditionHistory.recordedOn), asc(ccmConditionHistory.id));
  const out = new Map<number, HistoryEntry[]>();
  for (const { conditionId, ...e } of rows) {
    const list = out.get(conditionId) ?? [];
    list.push(e);
    out.set(conditionId, list);
  }
  return out;
}

/** The entries of the condition `conditionId` names as a JSON array (as `findEntries`: oldest first), for a one-statement read. */
export const entriesJson = (conditionId: PgColumn): SQL =>
  sql`(select coalesce(json_agg(json_build_object('id', ${ccmConditionHistory.id}, 'status', ${ccmConditionHistory.status}, 'recordedOn', ${ccmConditionHistory.recordedOn}, 'note', ${ccmConditionHistory.note}) order by ${ccmConditionHistory.recordedOn}, ${ccmConditionHistory.id}), '[]'::json) from ${ccmConditionHistory} where ${ccmConditionHistory.conditionId} = ${conditionId})`;

/** Entry `id` in the caller's offices, locked for the write, or null. */
export async function getEntry(tenant: TenantDb, id: number): Promise<(HistoryEntry & { conditionId: number }) | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ ...columns, conditionId: ccmConditionHistory.conditionId })
    .from(ccmConditionHistory)
    .where(and(eq(ccmConditionHistory.id, id), officeFilter(scope, ccmConditionHistory.hospitalId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Changes entry `id` in the caller's offices; returns it, or null. */
export async function updateEntry(tenant: TenantDb, id: number, v: { status: string; recordedOn: string; note: string }): Promise<HistoryEntry | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .update(ccmConditionHistory)
    .set(v)
    .where(and(eq(ccmConditionHistory.id, id), officeFilter(scope, ccmConditionHistory.hospitalId)))
    .returning(columns);
  return row ?? null;
}

/** Deletes entry `id` in the caller's offices; false when there was none. */
export async function deleteEntry(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db.delete(ccmConditionHistory).where(and(eq(ccmConditionHistory.id, id), officeFilter(scope, ccmConditionHistory.hospitalId))).returning({ id: ccmConditionHistory.id });
  return rows.length > 0;
}

/** The latest entry's status of condition `conditionId` (null without entries). */
export async function latestStatus(db: Executor, conditionId: number): Promise<string | null> {
  const [row] = await db
    .select({ status: ccmConditionHistory.status })
    .from(ccmConditionHistory)
    .where(eq(ccmConditionHistory.conditionId, conditionId))
    .orderBy(sql`${ccmConditionHistory.recordedOn} desc, ${ccmConditionHistory.id} desc`)
    .limit(1);
  return row?.status ?? null;
}
