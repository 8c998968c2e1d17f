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
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { auditChainHead, auditEvents } from '../db/schema/index';
import { chainAuditRows, type AuditFields } from './audit-chain';
import { perContext } from './per-context';

/** The most events one append carries. */
export const MAX_ROWS_PER_APPEND = 500;

export class AuditTrail {
  private queue: AuditFields[] = [];
  private writing: Promise<void> | null = null;
  /** Events that could not be stored (after a retry). */
  lost = 0;

  constructor(private readonly ctx: AppContext) {}

  /** Records one event (not awaited by the request; see the file's comment). */
  record(event: AuditFields): void {
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

  /** One transaction: lock the head, chain the rows after it, insert them, move the head. */
  private async append(batch: AuditFields[]): Promise<void> {
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
