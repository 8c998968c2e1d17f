import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Role } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { ccmRecords, hospitals, users } from '../../db/schema/index';
import { officeFilter, userFilter, type Scope } from '../../db/scope';

/**
 * Rows of any CCM sub-record group (db/schema/ccm.ts `subRecordTable`). Every function takes the
 * caller's scope first and adds the tenant filter from db/scope.ts: a row, a record or a patient
 * outside the caller's offices reads as absent.
 */

/** A table made by `subRecordTable`: the standard columns, then the group's own. */
export type SubRecordTable = PgTable & {
  id: PgColumn;
  ccmRecordId: PgColumn;
  patientId: PgColumn;
  hospitalId: PgColumn;
  createdBy: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** The standard columns of a stored row, with the group's own columns beside them. */
export interface SubRecordRow {
  id: number;
  ccmRecordId: number;
  patientId: number;
  hospitalId: number;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
  [column: string]: unknown;
}

/** The parent CCM record as the hooks see it: its patient, office and the office's time zone (IANA). */
export interface ParentRecord {
  id: number;
  patientId: number;
  hospitalId: number;
  recordDate: string;
  timeZone: string;
}

/** CCM record `id` in the caller's offices with its office's time zone, or null. */
export async function getParentRecord(scope: Scope, db: Executor, id: number): Promise<ParentRecord | null> {
  const [row] = await db
    .select({ id: ccmRecords.id, patientId: ccmRecords.patientId, hospitalId: ccmRecords.hospitalId, recordDate: ccmRecords.recordDate, timeZone: hospitals.timeZone })
    .from(ccmRecords)
    .innerJoin(hospitals, eq(hospitals.id, ccmRecords.hospitalId))
    .where(and(eq(ccmRecords.id, id), officeFilter(scope, ccmRecords.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** Whether `patientId` is a patient the caller may see (db/scope.ts `userFilter`). */
export async function isVisiblePatient(scope: Scope, db: Executor, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)))
    .limit(1);
  return row !== undefined;
}

/** Rows of `table` matching `filter` in the caller's offices, newest first, at most `limit`. */
export async function findRows(scope: Scope, db: Executor, table: SubRecordTable, filter: { patientId: number } | { ccmRecordId: number }, limit: number): Promise<SubRecordRow[]> {
  const match: SQL = 'patientId' in filter ? eq(table.patientId, filter.patientId) : eq(table.ccmRecordId, filter.ccmRecordId);
  const rows = await db
    .select()
    .from(table)
    .where(and(match, officeFilter(scope, table.hospitalId)))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit);
  return rows as SubRecordRow[];
}

/** Row `id` of `table` in the caller's offices, or null; `forUpdate` locks it until the transaction ends. */
export async function getRow(scope: Scope, db: Executor, table: SubRecordTable, id: number, forUpdate = false): Promise<SubRecordRow | null> {
  const query = db
    .select()
    .from(table)
    .where(and(eq(table.id, id), officeFilter(scope, table.hospitalId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return (row as SubRecordRow | undefined) ?? null;
}

/** Inserts a row under `record` written by `createdBy`; returns it. */
export async function insertRow(_scope: Scope, db: Executor, table: SubRecordTable, record: ParentRecord, createdBy: number, values: Record<string, unknown>): Promise<SubRecordRow> {
  const [row] = await db
    .insert(table)
    .values({ ...values, ccmRecordId: record.id, patientId: record.patientId, hospitalId: record.hospitalId, createdBy } as never)
    .returning();
  return row as SubRecordRow;
}

/** Updates row `id` (in the caller's offices) with `values` and the time of the change; returns it, or null. */
export async function updateRow(scope: Scope, db: Executor, table: SubRecordTable, id: number, values: Record<string, unknown>): Promise<SubRecordRow | null> {
  const [row] = await db
    .update(table)
    .set({ ...values, updatedAt: sql`now()` } as never)
    .where(and(eq(table.id, id), officeFilter(scope, table.hospitalId)))
    .returning();
  return (row as SubRecordRow | undefined) ?? null;
}

/** Deletes row `id` (in the caller's offices); false when there was none. */
export async function deleteRow(scope: Scope, db: Executor, table: SubRecordTable, id: number): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), officeFilter(scope, table.hospitalId)))
    .returning({ id: table.id });
  return rows.length > 0;
}
