/**
 * The PHI audit trail's writer (docs/audit.md). The route chain's audit concern (`lib/route/audit.ts`) hands every
 * audited call here; rows are appended by group commit, like ingestion's INSERTs
 * (features/measurements/insert-batcher.ts): events wait a short while (APPEND_LINGER_MS) and are
 * written with whatever came meanwhile; one append in flight, events wait and the next append
 * carries them all (at most MAX_ROWS_PER_APPEND).
 *
 * One append is one transaction: lock the chain head row (`audit_chain_head`, FOR UPDATE, which
 * also orders appends of several API processes), chain the rows after the head's hash
 * (`lib/audit-chain.ts`), insert them in one statement, move the head. The request does not wait
 * for its event: the answer is not slowed by the append, and `flush()` (called when the app
 * closes, and by tests) waits for every event recorded so far. An append that fails is retried
 * once, then its events are counted in `lost` and logged as a system log line (never their content).
 *
 * An event of a call keyed by a record's id (contract `AuditDecl.record`) comes with that record
 * instead of its patient: the append reads the patients of all such events first, one statement
 * per kind of record (the feature modules' lookups, `lib/audit-patients.ts`), so the request pays no extra statement.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { auditChainHead } from '../db/schema/index';
import type { AuditRecordKind } from '@vigil/contract';
import { chainAuditRows, type AuditFields } from './audit-chain';
import { readPatientsOfRecords, type RecordKey } from './audit-patients';
import { perContext } from './per-context';

/** The most events one append carries. */
export const MAX_ROWS_PER_APPEND = 500;

/**
 * How long events wait for others before an append starts (ms), unless a full batch waits. No
 * request waits for its event, so the wait costs callers nothing, and under load it gathers the
 * events of that interval into one transaction: at most 1000 / APPEND_LINGER_MS appends a second
 * instead of one after another, each of which costs a transaction's statements and a commit
 * (docs/audit.md "Cost"). A DELETE hands the patient it read to events still waiting for their
 * record (`fillDeleted`).
 */
export const APPEND_LINGER_MS = 20;

/**
 * An event as recorded by the route layer: its fields, and for a call keyed by a record the record
 * whose patient the append fills in (`patientId` is then null until it does). `onlyIfPatient`: the
 * event is dropped when that record names no patient (a `patientOnly` success about a staff user).
 */
export interface AuditEventInput extends AuditFields {
  record?: { kind: AuditRecordKind; key: RecordKey };
  onlyIfPatient?: boolean;
  /** The record's patient as a DELETE of that record read it before removing the row (`fillDeleted`). */
  deletedPatientId?: number | null;
}

export class AuditTrail {
  private queue: AuditEventInput[] = [];
  /** The batch whose record patients are being read (events leave `queue` when their append starts). */
  private resolving: AuditEventInput[] = [];
  private writing: Promise<void> | null = null;
  /** Events that could not be stored (after a retry). */
  lost = 0;

  constructor(private readonly ctx: AppContext) {}

  /** Records one event (not awaited by the request; see the file's comment). */
  record(event: AuditEventInput): void {
    if (!this.ctx.config.auditEnabled) { return; }
    this.queue.push(event);
    if (!this.writing) { this.writing = this.drain(); }
  }

  /**
   * A DELETE of a record read its patient before removing the row: events of this process still
   * waiting for that record's patient get it now, so an edit recorded just before the delete keeps
   * its patient (the row is gone when their append reads it).
   */
  fillDeleted(kind: AuditRecordKind, key: RecordKey, patientId: number | null): void {
    for (const e of [...this.queue, ...this.resolving]) { if (e.record && e.record.kind === kind && e.record.key === key) { e.deletedPatientId = patientId; } }
  }

  /** Resolves once every event recorded before the call is stored (or counted lost). */
  async flush(): Promise<void> {
    while (this.writing) { await this.writing; }
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        // Appends start at most every APPEND_LINGER_MS (unless a full batch waits): under load each
        // carries the events of that interval, instead of the few that came during the last one.
        if (this.queue.length < MAX_ROWS_PER_APPEND) { await new Promise((resolve) => setTimeout(resolve, APPEND_LINGER_MS)); }
        const batch = this.queue.splice(0, MAX_ROWS_PER_APPEND);
        try {
          await this.append(batch);
        } catch {
          try {
            await this.append(batch);
          } catch (error) {
            this.lost += batch.length;
            this.ctx.log.error({ errName: (error as Error).name, events: batch.length }, 'audit trail append failed');
          }
        }
      }
    } finally {
      this.writing = null;
    }
  }

  /** The stored fields of a batch: record patients filled in, events without their patient dropped. */
  private async resolve(batch: AuditEventInput[]): Promise<AuditFields[]> {
    const wanted = new Map<AuditRecordKind, Set<RecordKey>>();
    for (const e of batch) {
      if (!e.record) { continue; }
      const keys = wanted.get(e.record.kind) ?? new Set<RecordKey>();
      wanted.set(e.record.kind, keys.add(e.record.key));
    }
    this.resolving = batch;
    let found: Awaited<ReturnType<typeof readPatientsOfRecords>> | null;
    try {
      found = wanted.size > 0 ? await readPatientsOfRecords(this.ctx.db, this.ctx.auditRecords, wanted) : null;
    } finally {
      this.resolving = [];
    }
    const out: AuditFields[] = [];
    for (const { record, onlyIfPatient, deletedPatientId, ...fields } of batch) {
      const patientId = record ? (found!.get(record.kind)?.get(record.key) ?? deletedPatientId ?? null) : fields.patientId;
      if (onlyIfPatient && patientId === null) { continue; }
      out.push({ ...fields, patientId });
    }
    return out;
  }

  /** One transaction: lock the head, chain the rows after it, insert them, move the head. */
  private async append(events: AuditEventInput[]): Promise<void> {
    const batch = await this.resolve(events);
    if (batch.length === 0) { return; }
    await this.ctx.db.transaction(async (tx) => {
      const [head] = await tx.select().from(auditChainHead).where(eq(auditChainHead.id, 1)).for('update');
      if (!head) { throw new Error('audit chain head missing'); }
      const chained = chainAuditRows(head.hash, batch);
      const lastId = await insertChained(tx, chained);
      await tx
        .update(auditChainHead)
        .set({ lastId, hash: chained[chained.length - 1]!.hash, count: sql`${auditChainHead.count} + ${chained.length}` })
        .where(eq(auditChainHead.id, 1));
    });
  }
}

/**
 * Inserts chained rows in ONE statement, one array per column through `unnest` (a fixed 13
 * parameters whatever the batch: far less to build and parse than a 500-row VALUES list, as
 * ingestion does in features/measurements/measurements.repo.ts). Identity values follow the
 * arrays' order, and the head's row lock keeps another append's ids from interleaving (ids ascend
 * along the chain). Answers the last id.
 */
async function insertChained(tx: Executor, rows: Array<AuditFields & { prevHash: string; hash: string }>): Promise<number> {
  const json = JSON.stringify(
    rows.map((r) => [r.at.toISOString(), r.userId, r.roleId, r.organizationId, r.patientId, r.resource, r.action, r.endpoint, r.outcome, r.address, r.requestId, r.prevHash, r.hash]),
  );
  const result = await tx.execute(sql`
    insert into audit_events (at, user_id, role_id, organization_id, patient_id, resource, action, endpoint, outcome, address, request_id, prev_hash, hash)
    select (e->>0)::timestamptz, (e->>1)::int, (e->>2)::smallint, (e->>3)::int, (e->>4)::int, e->>5, e->>6, e->>7, (e->>8)::smallint, e->>9, e->>10, e->>11, e->>12
    from jsonb_array_elements(${json}::jsonb) with ordinality as x(e, n) order by n
    returning id::float8 as id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows;
  return Math.max(...ids.map((r) => Number(r.id)));
}

/** The audit trail of an application context (one writer per context). */
export const auditTrail = perContext((ctx) => new AuditTrail(ctx));
