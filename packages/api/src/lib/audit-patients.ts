/**
 * The patient of a record, for audited calls keyed by a record's own id (contract
 * `AuditDecl.record`; docs/audit.md "Calls keyed by a record"). Each feature declares the lookups
 * of the record kinds it owns in its module descriptor (`auditRecords`, lib/feature-module.ts:
 * one statement per kind, keys in, `(key, patient user id)` rows out); features/index.ts gathers
 * them into one `AuditRecordLookups` (every kind of the contract, checked at compile time), which
 * app.ts hands to the app's context. The trail's writer (`lib/audit-trail.ts`) runs one statement
 * per kind present in an append, so a request pays nothing; a DELETE's route reads its patient
 * before the handler removes the row (`lib/route/audit.ts`).
 *
 * These reads are deliberately NOT tenant-scoped (db/scope.ts): they never reach an answer, and an
 * attempt at another organization's record must name that record's real patient in the trail (the
 * auditor of that organization sees it; a caller's own organization sees the patient's name only
 * when it may see the patient: features/audit).
 */
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditRecordKind } from '@vigil/contract';
import type { Executor } from '../db/client';

/**
 * A record key from a call's input: a row id, or for a text kind the text (for `patientIdentifier`
 * prefixed by the caller's organization, `recordKeyOf`: identifiers are unique per organization only).
 */
export type RecordKey = number | string;

/** One row of a lookup: the record's key and its patient (null when the row names none). */
export interface PatientOfRecord {
  key: RecordKey;
  patientId: number | null;
}

/** How the patient of one kind of record is read. */
export interface PatientLookup {
  /** The key's type: an integer row id, or text. */
  key: 'id' | 'text';
  /** The patients of the records `keys` names (absent keys are left out). */
  read: (db: Executor, keys: RecordKey[]) => Promise<PatientOfRecord[]>;
}

/** Each kind of record and how its patient is read: exhaustive over the contract's kinds. */
export type AuditRecordLookups = Readonly<Record<AuditRecordKind, PatientLookup>>;

/** The integer keys of `keys`. */
export const ids = (keys: RecordKey[]) => keys.filter((k): k is number => typeof k === 'number');
/** The text keys of `keys`. */
export const texts = (keys: RecordKey[]) => keys.filter((k): k is string => typeof k === 'string');
/**
 * `column = any($1)` with the keys as ONE array parameter: the statement's text is the same for
 * any number of keys, so the pool prepares it once (db/client.ts nameRepeatedStatements), where
 * `in ($1, $2, ...)` would be a new text for every batch size.
 */
export const anyId = (column: PgColumn, keys: RecordKey[]) => sql`${column} = any(${sql.param(ids(keys))}::int[])`;
/** `column = any($1)` over the text keys, as `anyId`. */
export const anyText = (column: PgColumn, keys: RecordKey[]) => sql`${column} = any(${sql.param(texts(keys))}::text[])`;

/** A lookup written out: its key type and its statement (for a kind none of the shapes below fits). */
export function lookupOf(key: PatientLookup['key'], read: PatientLookup['read']): PatientLookup {
  return { key, read };
}

/** A table whose own column names the patient. */
export function direct(table: PgTable, id: PgColumn, patient: PgColumn): PatientLookup {
  return {
    key: 'id',
    read: (db, keys) => db.select({ key: id, patientId: patient }).from(table).where(anyId(id, keys)) as Promise<PatientOfRecord[]>,
  };
}

/** A table with its own `patient_id` column (most of them: every CCM sub-record table has one). */
export const own = (table: PgTable & { id: PgColumn; patientId: PgColumn }): PatientLookup => direct(table, table.id, table.patientId);

/** A table whose parent row names the patient: `id` of `table`, joined on `fk` = `parentId`. */
export function viaParent(table: PgTable, id: PgColumn, fk: PgColumn, parent: PgTable, parentId: PgColumn, patient: PgColumn): PatientLookup {
  return {
    key: 'id',
    read: (db, keys) =>
      db
        .select({ key: id, patientId: patient })
        .from(table)
        .innerJoin(parent, eq(parentId, fk))
        .where(anyId(id, keys)) as Promise<PatientOfRecord[]>,
  };
}

/**
 * The key a record plan reads from a call's input: a positive int4 id (number or digit string)
 * for id kinds, non-empty text (at most 200 characters) for text kinds, the patient identifier
 * prefixed with the caller's organization (0 for none); null when the input holds none (a refused
 * call's raw input may hold anything).
 */
export function recordKeyOf(lookups: AuditRecordLookups, kind: AuditRecordKind, value: unknown, organizationId: number | null): RecordKey | null {
  if (lookups[kind].key === 'text') {
    if (typeof value !== 'string' || value.length === 0 || value.length > 200) { return null; }
    return kind === 'patientIdentifier' ? `${organizationId ?? 0}:${value.trim()}` : value;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * The patients of many records at once: one statement per kind. Answers a map per kind from key to
 * patient id (a key without a row, or whose row names no patient, is absent).
 */
export async function readPatientsOfRecords(db: Executor, lookups: AuditRecordLookups, wanted: Map<AuditRecordKind, Set<RecordKey>>): Promise<Map<AuditRecordKind, Map<RecordKey, number>>> {
  const out = new Map<AuditRecordKind, Map<RecordKey, number>>();
  for (const [kind, keys] of wanted) {
    const found = new Map<RecordKey, number>();
    if (keys.size > 0) {
      for (const row of await lookups[kind].read(db, [...keys])) {
        if (row.patientId !== null && !found.has(row.key)) { found.set(row.key, row.patientId); }
      }
    }
    out.set(kind, found);
  }
  return out;
}

/** The patient of one record, or null (no row, or the row names no patient). */
export async function readPatientOfRecord(db: Executor, lookups: AuditRecordLookups, kind: AuditRecordKind, key: RecordKey): Promise<number | null> {
  const found = await readPatientsOfRecords(db, lookups, new Map([[kind, new Set([key])]]));
  return found.get(kind)?.get(key) ?? null;
}
