/**
 * The PHI audit trail's writer (docs/audit.md). The route layer (`lib/route.ts`) hands every
 * audited call here; rows are appended by group commit, like ingestion's INSERTs
 * (features/measurements/insert-batcher.ts): no append in flight, the event is written at once;
 * one in flight, events wait and the next append carries them all (at most MAX_ROWS_PER_APPEND).
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
 * per kind of record (`lib/audit-patients.ts`), so the request pays no extra statement.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { auditChainHead, auditEvents } from '../db/schema/index';
import type { AuditRecordKind } from '@vigil/contract';
import { chainAuditRows, type AuditFields } from './audit-chain';
import { readPatientsOfRecords, type RecordKey } from './audit-patients';
import { perContext } from './per-context';

/** The most events one append carries. */
export const MAX_ROWS_PER_APPEND = 500;

/**
 * An event as recorded by the route layer: its fields, and for a call keyed by a record the record
 * whose patient the append fills in (`patientId` is then null until it does). `onlyIfPatient`: the
 * event is dropped when that record names no patient (a `patientOnly` success about a staff user).
 */
export interface AuditEventInput extends AuditFields {
  record?: { kind: AuditRecordKind; key: RecordKey };
  onlyIfPatient?: boolean;
}

export class AuditTrail {
  private queue: AuditEventInput[] = [];
  private writing: Promise<void> | null = null;
  /** Events that could not be stored (after a retry). */
  lost = 0;

  constructor(private readonly ctx: AppContext) {}

  /** Records one event (not awaited by the request; see the file's comment). */
  record(event: AuditEventInput): void {
    if (!this.ctx.config.auditEnabled) return;
    this.queue.push(event);
    if (!this.writing) this.writing = this.drain();
  }

  /** Resolves once every event recorded before the call is stored (or counted lost). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
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
    for (const e of batch) if (e.record) (wanted.get(e.record.kind) ?? wanted.set(e.record.kind, new Set()).get(e.record.kind)!).add(e.record.key);
    const found = wanted.size > 0 ? await readPatientsOfRecords(this.ctx.db, wanted) : null;
    const out: AuditFields[] = [];
    for (const { record, onlyIfPatient, ...fields } of batch) {
      const patientId = record ? (found!.get(record.kind)?.get(record.key) ?? null) : fields.patientId;
      if (onlyIfPatient && patientId === null) continue;
      out.push({ ...fields, patientId });
    }
    return out;
  }

  /** One transaction: lock the head, chain the rows after it, insert them, move the head. */
  private async append(events: AuditEventInput[]): Promise<void> {
    const batch = await this.resolve(events);
    if (batch.length === 0) return;
    await this.ctx.db.transaction(async (tx) => {
      const [head] = await tx.select().from(auditChainHead).where(eq(auditChainHead.id, 1)).for('update');
      if (!head) throw new Error('audit chain head missing');
      const chained = chainAuditRows(head.hash, batch);
      // One statement; identity values of a statement follow the rows' order, and the head's row
      // lock keeps another append's ids from interleaving (ids ascend along the chain).
      const inserted = await tx.insert(auditEvents).values(chained).returning({ id: auditEvents.id });
      const lastId = Math.max(...inserted.map((r) => r.id));
      await tx
        .update(auditChainHead)
        .set({ lastId, hash: chained[chained.length - 1]!.hash, count: sql`${auditChainHead.count} + ${chained.length}` })
        .where(eq(auditChainHead.id, 1));
    });
  }
}

/** The audit trail of an application context (one writer per context). */
export const auditTrail = perContext((ctx) => new AuditTrail(ctx));
