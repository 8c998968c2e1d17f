import type { SQL } from 'drizzle-orm';
import { SUB_RECORD_LIST_LIMIT, type EndpointDef, type SubRecordBase } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { AppError } from '../app-error';
import { assertProgramEnabled } from '../program-switches';
import * as repo from './sub-records.repo';
import { tenantDb } from '../../db/handles';

/**
 * One generic service for every CCM sub-record group (portal-spec.md section 7 "CCM": create,
 * update, delete, get by patient id, get by CCM record id). A group brings its contract
 * declarations (contract `subRecordEndpoints`), its table (features/ccm/ccm.tables.ts `subRecordTable`) and
 * optional hooks for its own rules; the service does the rest the same way for all groups:
 *
 * - Tenancy: a record, row or patient outside the caller's offices answers 404 "Invalid id"
 *   (db/scope.ts filters, HOUSE_STYLE section 3), and nothing is written.
 * - Patient and office of a row are the parent record's, copied on insert (the body names only
 *   `ccmRecordId`); a row never moves to another record.
 * - Each write runs in one transaction: the hooks see, and may read, the same snapshot the write
 *   commits against, and a hook that throws leaves nothing behind.
 */

/** What a hook is told about the write it takes part in. */
export interface SubRecordHookContext {
  /** The caller. */
  scope: Scope;
  /** The write's transaction: read through it so a hook's checks and the write agree. */
  tx: Executor;
  /** The parent CCM record (in the caller's offices), with the office's time zone. */
  record: repo.ParentRecord;
  /** The stored row on update and delete; null on create. */
  existing: repo.SubRecordRow | null;
  /** The request's clock, for rules about "today" (take dates in `record.timeZone`). */
  now: Date;
  /**
   * Runs `fn` once the write's transaction has committed (never when it rolls back): for effects
   * another feature's service defers until its rows are visible, e.g. the alert of an abnormal
   * vital entry (measurements `alertManualReadings`). A failure of `fn` is the callee's to log.
   */
  afterCommit: (fn: (ctx: AppContext) => Promise<void>) => void;
}

/** The deferred effects of one write (`SubRecordHookContext.afterCommit`). */
function commitQueue(): { afterCommit: SubRecordHookContext['afterCommit']; run: (ctx: AppContext) => Promise<void> } {
  const queue: ((ctx: AppContext) => Promise<void>)[] = [];
  return {
    afterCommit: (fn) => void queue.push(fn),
    run: async (ctx) => {
      for (const fn of queue.splice(0)) { await fn(ctx); }
    },
  };
}

/**
 * A sub-record group as the server serves it. `F` is the validated form (the contract's fields,
 * without `ccmRecordId`); `Item` the group's own answer fields.
 */
export interface SubRecordGroup<F extends object, Item extends object> {
  /** The group's declarations from `subRecordEndpoints`. */
  endpoints: {
    slug: string;
    create: EndpointDef;
    update: EndpointDef;
    remove: EndpointDef;
    getByPatientId: EndpointDef;
    getByCcmRecordId: EndpointDef;
  };
  /** The group's table, made by `subRecordTable`. */
  table: repo.SubRecordTable;
  /**
   * Rules the contract's schema cannot check (they need the record, the office's clock or the
   * database). Throw `AppError.badRequest(key, { field: key })` to refuse with a per-field
   * message; runs before every create and update, inside the write's transaction.
   */
  validate?: (fields: F, ctx: SubRecordHookContext) => void | Promise<void>;
  /**
   * The column values to store for a valid form (normalise, fill defaults, derive). Runs after
   * `validate`. Without it the form's fields are stored as they are; on update every own column
   * should be given so that a cleared field is cleared.
   */
  beforeWrite?: (fields: F, ctx: SubRecordHookContext) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Writes that need the stored row (its id), e.g. a history entry; runs after the insert or
   * update in the same transaction with the form that was written.
   */
  afterWrite?: (row: repo.SubRecordRow, fields: F, ctx: SubRecordHookContext) => void | Promise<void>;
  /** Refuses a delete (throw an `AppError`), e.g. for a row another record depends on. */
  beforeDelete?: (row: repo.SubRecordRow, ctx: SubRecordHookContext) => void | Promise<void>;
  /**
   * Cleans up after a delete in the same transaction: a link group deletes the data it owns in
   * another feature (a vital entry's measurement, a time log entry's time-tracking entry).
   */
  afterDelete?: (row: repo.SubRecordRow, ctx: SubRecordHookContext) => void | Promise<void>;
  /**
   * Adds to stored rows the columns a link group reads from another feature (one query for all
   * rows, never one per row); the rows come back in the same order. `db` is the read's executor.
   */
  enrich?: (rows: repo.SubRecordRow[], db: Executor) => Promise<repo.SubRecordRow[]>;
  /**
   * The same data as `enrich` for reads of many sections in one statement
   * (`recordSectionsReader`): `sql` is a JSON value correlated to a row of `table` (a scalar
   * subquery on the other feature's key), `apply` adds it to the row as `enrich` does. A group
   * with `enrich` and without `linked` is enriched with its own query.
   */
  linked?: { sql: SQL; apply: (row: repo.SubRecordRow, value: unknown) => repo.SubRecordRow };
  /** The group's own answer fields of a stored (and enriched) row (the standard columns are added by the service). */
  toResponse: (row: repo.SubRecordRow) => Item;
}

/** Rows with the group's `enrich` columns (the rows themselves without the hook). */
export async function enrichRows<F extends object, Item extends object>(group: SubRecordGroup<F, Item>, rows: repo.SubRecordRow[], db: Executor): Promise<repo.SubRecordRow[]> {
  return group.enrich && rows.length > 0 ? group.enrich(rows, db) : rows;
}

export type SubRecordItem<Item> = SubRecordBase & Item;

/** The answer for one stored (enriched) row: the group's fields and the standard columns. */
export function responseOf<Item extends object>(group: SubRecordGroup<never, Item>, row: repo.SubRecordRow): SubRecordItem<Item> {
  return {
    ...group.toResponse(row),
    id: row.id,
    ccmRecordId: row.ccmRecordId,
    patientId: row.patientId,
    hospitalId: row.hospitalId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function parentOf(scope: Scope, tx: Executor, ccmRecordId: number): Promise<repo.ParentRecord> {
  const record = await repo.getParentRecord(tenantDb(scope, tx), ccmRecordId);
  if (!record) { throw AppError.notFound(); }
  return record;
}

/**
 * CCM record `ccmRecordId` for a write to it or to one of its sections (the generic writes here,
 * the condition history, attached time, files, the FHIR import): 404 outside the caller's offices;
 * 400 "The CCM program is not enabled for this office" while the office's CCM switch is off
 * (lib/program-switches.ts; reads stay open).
 */
export async function writableParentOf(scope: Scope, tx: Executor, ccmRecordId: number): Promise<repo.ParentRecord> {
  const record = await parentOf(scope, tx, ccmRecordId);
  assertProgramEnabled(record, 'CCM');
  return record;
}

async function valuesFor<F extends object, Item extends object>(group: SubRecordGroup<F, Item>, fields: F, hook: SubRecordHookContext): Promise<Record<string, unknown>> {
  await group.validate?.(fields, hook);
  return group.beforeWrite ? group.beforeWrite(fields, hook) : { ...(fields as Record<string, unknown>) };
}

/**
 * `POST <group>`: adds a row to CCM record `body.ccmRecordId` by the caller. 404 when the record
 * is not in the caller's offices; 400 while CCM is off in its office; 400 from the group's `validate`.
 */
export async function createSubRecord<F extends object, Item extends object>(
  ctx: AppContext,
  scope: Scope,
  group: SubRecordGroup<F, Item>,
  body: F & { ccmRecordId: number },
  now: Date = new Date(),
): Promise<SubRecordItem<Item>> {
  const { ccmRecordId, ...fields } = body;
  const effects = commitQueue();
  const answer = await ctx.db.transaction(async (tx) => {
    const record = await writableParentOf(scope, tx, ccmRecordId);
    const row = await insertSubRecord(scope, tx, group, record, fields as unknown as F, now, effects.afterCommit);
    const [enriched] = await enrichRows(group, [row], tx);
    return responseOf(group as SubRecordGroup<never, Item>, enriched!);
  });
  await effects.run(ctx);
  return answer;
}

/**
 * Adds a row of `group` to `record` (already found in the caller's offices) inside the caller's
 * transaction `tx`, with the group's hooks (`validate`, `beforeWrite`, `afterWrite`): the one
 * write of `createSubRecord`, for writes that add many rows all or nothing (the CCM FHIR import).
 * `afterCommit` collects the effects to run once `tx` commits; without it they are dropped (an
 * import of past records raises no live alert: docs/ccm.md "FHIR import").
 */
export async function insertSubRecord<F extends object, Item extends object>(
  scope: Scope,
  tx: Executor,
  group: SubRecordGroup<F, Item>,
  record: repo.ParentRecord,
  fields: F,
  now: Date,
  afterCommit: SubRecordHookContext['afterCommit'] = () => undefined,
): Promise<repo.SubRecordRow> {
  const hook = { scope, tx, record, existing: null, now, afterCommit };
  const values = await valuesFor(group, fields, hook);
  const row = await repo.insertRow(tenantDb(scope, tx), group.table, record, scope.userId, values);
  await group.afterWrite?.(row, fields, hook);
  return row;
}

/** `PUT <group>/{id}`: replaces row `id`'s own fields. 404 outside the caller's offices; 400 from `validate`. */
export async function updateSubRecord<F extends object, Item extends object>(
  ctx: AppContext,
  scope: Scope,
  group: SubRecordGroup<F, Item>,
  id: number,
  fields: F,
  now: Date = new Date(),
): Promise<SubRecordItem<Item>> {
  const effects = commitQueue();
  const answer = await ctx.db.transaction(async (tx) => {
    const existing = await repo.getRow(tenantDb(scope, tx), group.table, id, true);
    if (!existing) { throw AppError.notFound(); }
    const record = await writableParentOf(scope, tx, existing.ccmRecordId);
    const hook = { scope, tx, record, existing, now, afterCommit: effects.afterCommit };
    const values = await valuesFor(group, fields, hook);
    const row = await repo.updateRow(tenantDb(scope, tx), group.table, id, values);
    if (!row) { throw AppError.notFound(); }
    await group.afterWrite?.(row, fields, hook);
    const [enriched] = await enrichRows(group, [row], tx);
    return responseOf(group as SubRecordGroup<never, Item>, enriched!);
  });
  await effects.run(ctx);
  return answer;
}

/** `DELETE <group>/{id}`: deletes row `id`. 404 outside the caller's offices; refusals from `beforeDelete`. */
export async function deleteSubRecord<F extends object, Item extends object>(
  ctx: AppContext,
  scope: Scope,
  group: SubRecordGroup<F, Item>,
  id: number,
  now: Date = new Date(),
): Promise<{ id: number }> {
  const effects = commitQueue();
  const answer = await ctx.db.transaction(async (tx) => {
    const existing = await repo.getRow(tenantDb(scope, tx), group.table, id, true);
    if (!existing) { throw AppError.notFound(); }
    const record = await writableParentOf(scope, tx, existing.ccmRecordId);
    const hook = { scope, tx, record, existing, now, afterCommit: effects.afterCommit };
    if (group.beforeDelete) { await group.beforeDelete(existing, hook); }
    if (!(await repo.deleteRow(tenantDb(scope, tx), group.table, id))) { throw AppError.notFound(); }
    if (group.afterDelete) { await group.afterDelete(existing, hook); }
    return { id };
  });
  await effects.run(ctx);
  return answer;
}

/**
 * `GET <group>/getbypatientid`: the patient's rows in the caller's offices, newest first, at most
 * `SUB_RECORD_LIST_LIMIT`. 404 for a patient the caller may not see.
 */
export async function findSubRecordsByPatient<F extends object, Item extends object>(ctx: AppContext, scope: Scope, group: SubRecordGroup<F, Item>, patientId: number): Promise<SubRecordItem<Item>[]> {
  if (!(await repo.isVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound(); }
  const rows = await enrichRows(group, await repo.findRows(tenantDb(scope, ctx.db), group.table, { patientId }, SUB_RECORD_LIST_LIMIT), ctx.db);
  return rows.map((row) => responseOf(group as SubRecordGroup<never, Item>, row));
}

/**
 * `GET <group>/getbyccmrecordid`: the rows of CCM record `ccmRecordId`, newest first, at most
 * `SUB_RECORD_LIST_LIMIT`. 404 for a record outside the caller's offices.
 */
export async function findSubRecordsByRecord<F extends object, Item extends object>(ctx: AppContext, scope: Scope, group: SubRecordGroup<F, Item>, ccmRecordId: number): Promise<SubRecordItem<Item>[]> {
  await parentOf(scope, ctx.db, ccmRecordId);
  const rows = await enrichRows(group, await repo.findRows(tenantDb(scope, ctx.db), group.table, { ccmRecordId }, SUB_RECORD_LIST_LIMIT), ctx.db);
  return rows.map((row) => responseOf(group as SubRecordGroup<never, Item>, row));
}
