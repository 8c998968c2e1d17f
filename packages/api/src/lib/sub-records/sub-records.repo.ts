import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Role } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { compiledOnce } from '../../db/compiled';
import { ccmRecords, hospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, userFilter, type Scope } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

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
  /** The office's program switches (lib/program-switches.ts): a record is written only while CCM is enabled there. */
  rpmEnabled: boolean;
  rtmEnabled: boolean;
  ccmEnabled: boolean;
}

/** CCM record `id` in the caller's offices with its office's time zone and program switches, or null. */
export async function getParentRecord(tenant: TenantDb, id: number): Promise<ParentRecord | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({
      id: ccmRecords.id,
      patientId: ccmRecords.patientId,
      hospitalId: ccmRecords.hospitalId,
      recordDate: ccmRecords.recordDate,
      timeZone: hospitals.timeZone,
      rpmEnabled: hospitals.rpmEnabled,
      rtmEnabled: hospitals.rtmEnabled,
      ccmEnabled: hospitals.ccmEnabled,
    })
    .from(ccmRecords)
    .innerJoin(hospitals, eq(hospitals.id, ccmRecords.hospitalId))
    .where(and(eq(ccmRecords.id, id), officeFilter(scope, ccmRecords.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** Whether `patientId` is a patient the caller may see (db/scope.ts `userFilter`). */
export async function isVisiblePatient(tenant: TenantDb, patientId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)))
    .limit(1);
  return row !== undefined;
}

/** Rows of `table` matching `filter` in the caller's offices, newest first, at most `limit`. */
export async function findRows(tenant: TenantDb, table: SubRecordTable, filter: { patientId: number } | { ccmRecordId: number }, limit: number): Promise<SubRecordRow[]> {
  const { scope, db } = tenant;
  const match: SQL = 'patientId' in filter ? eq(table.patientId, filter.patientId) : eq(table.ccmRecordId, filter.ccmRecordId);
  const rows = await db
    .select()
    .from(table)
    .where(and(match, officeFilter(scope, table.hospitalId)))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit);
  return rows as SubRecordRow[];
}

/**
 * A reader of the rows of every table in `tables` (by key) under one CCM record in the caller's
 * offices, each list newest first and at most `limit` rows, in ONE statement compiled once per
 * scope shape (db/compiled.ts): each table a correlated `json_agg` subquery on its
 * `ccm_record_id` index, instead of one round trip and one query build per table
 * (docs/benchmarks.md "CCM record"). The JSON values are mapped back to the columns' JS types with
 * each column's own driver mapping, so a row reads as `findRows` returns it. The reader answers
 * null when the record is not in the caller's offices. `name` names the prepared statement.
 * `linked` (by key): a JSON value correlated to the table's row (a group's `linked.sql`), read
 * into the row's `linked` field.
 */
export function recordSectionsReader<K extends string>(name: string, tables: Record<K, SubRecordTable>, limit: number, linked: Partial<Record<K, SQL>> = {}) {
  const keys = Object.keys(tables) as K[];
  const statement = compiledOnce(name, (db, scope, statementName) => {
    const fields: Record<string, SQL.Aliased<unknown>> = {};
    keys.forEach((key, i) => {
      const table: SubRecordTable = tables[key];
      const extra = linked[key];
      const rows = db
        .select(extra ? { ...getTableColumns(table), linked: sql`${extra}`.as('linked') } : getTableColumns(table))
        .from(table)
        .where(and(eq(table.ccmRecordId, ccmRecords.id), officeFilter(scope, table.hospitalId)))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(limit);
      fields[`s${i}`] = sql<unknown>`(select coalesce(json_agg(t), '[]'::json) from (${rows}) t)`.as(`s${i}`);
    });
    return db
      .select(fields)
      .from(ccmRecords)
      .where(and(eq(ccmRecords.id, sql.placeholder('ccmRecordId')), officeFilter(scope, ccmRecords.hospitalId)))
      .limit(1)
      .prepare(statementName);
  });
  const columnsOf = Object.fromEntries(keys.map((key) => [key, Object.entries(getTableColumns(tables[key])) as [string, PgColumn][]])) as Record<K, [string, PgColumn][]>;
  return async (scope: Scope, db: Executor, ccmRecordId: number): Promise<Record<K, SubRecordRow[]> | null> => {
    const [row] = (await statement(scope, db, { ccmRecordId })) as Record<string, unknown>[];
    if (!row) { return null; }
    return Object.fromEntries(
      keys.map((key, i) => {
        const raw = row[`s${i}`];
        const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>[];
        const columns = columnsOf[key];
        return [
          key,
          list.map((r) => {
            const out: Record<string, unknown> = Object.fromEntries(columns.map(([field, col]) => [field, r[col.name] === null || r[col.name] === undefined ? null : col.mapFromDriverValue(r[col.name])]));
            if (key in linked) { out.linked = r.linked ?? null; }
            return out as SubRecordRow;
          }),
        ];
      }),
    ) as Record<K, SubRecordRow[]>;
  };
}

/** Row `id` of `table` in the caller's offices, or null; `forUpdate` locks it until the transaction ends. */
export async function getRow(tenant: TenantDb, table: SubRecordTable, id: number, forUpdate = false): Promise<SubRecordRow | null> {
  const { scope, db } = tenant;
  const query = db
    .select()
    .from(table)
    .where(and(eq(table.id, id), officeFilter(scope, table.hospitalId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return (row as SubRecordRow | undefined) ?? null;
}

/** Inserts a row under `record` written by `createdBy`; returns it. */
export async function insertRow(tenant: TenantDb, table: SubRecordTable, record: ParentRecord, createdBy: number, values: Record<string, unknown>): Promise<SubRecordRow> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, record.hospitalId);
  const [row] = await db
    .insert(table)
    .values({ ...values, ccmRecordId: record.id, patientId: record.patientId, hospitalId: record.hospitalId, createdBy } as never)
    .returning();
  return row as SubRecordRow;
}

/** Updates row `id` (in the caller's offices) with `values` and the time of the change; returns it, or null. */
export async function updateRow(tenant: TenantDb, table: SubRecordTable, id: number, values: Record<string, unknown>): Promise<SubRecordRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .update(table)
    .set({ ...values, updatedAt: sql`now()` } as never)
    .where(and(eq(table.id, id), officeFilter(scope, table.hospitalId)))
    .returning();
  return (row as SubRecordRow | undefined) ?? null;
}

/** Deletes row `id` (in the caller's offices); false when there was none. */
export async function deleteRow(tenant: TenantDb, table: SubRecordTable, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), officeFilter(scope, table.hospitalId)))
    .returning({ id: table.id });
  return rows.length > 0;
}
