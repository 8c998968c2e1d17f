/**
 * Group commit of ingestion's INSERTs. Each autocommit statement costs PostgreSQL a WAL flush and
 * the API a round trip and a query build; hubs posting single readings concurrently would pay that
 * once per reading. Here the rows of concurrent requests travel in ONE `insertMeasurements`
 * statement (one statement, one commit):
 *
 * - no statement in flight: the rows are written at once (no timer, no latency added at low load);
 * - one in flight: the rows wait; when it finishes, everything waiting is written in one statement
 *   (at most MAX_ROWS_PER_STATEMENT rows; a request is never split, the rest follows next);
 * - each caller gets exactly its own inserted rows, matched by identity
 *   (`identityKey(hubKey, deviceKey, deviceType, measuredAt)`); a row not returned hit ON CONFLICT
 *   DO NOTHING: its identity was already stored (a repeat, as with a statement of its own). When
 *   two waiting requests carry the same identity, the earlier one's row is written and the later
 *   one's left out, so the later reads as the repeat it is;
 * - nothing resolves before its statement has returned, i.e. committed (autocommit);
 * - a combined statement that fails is retried request by request, each request's rows in a
 *   statement of their own, so one bad request (a foreign key violation) fails only itself. A
 *   request's rows are always in one statement: stored all together or not at all.
 *
 * At most one statement per application context is in flight (plus the retries of a failed one),
 * which also suits PGlite's single connection.
 */
import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import type { Executor } from '../../db/client';
import { identityKey } from './ingestion';
import * as repo from './measurements.repo';

/** The most rows one combined statement carries (a request, at most 500 readings, is never split). */
export const MAX_ROWS_PER_STATEMENT = 1_000;

interface Pending {
  rows: repo.NewMeasurement[];
  /** This caller's rows that the combined statement returned. */
  inserted: repo.StoredIdentity[];
  resolve: (inserted: repo.StoredIdentity[]) => void;
  reject: (err: unknown) => void;
}

const rowKey = (r: repo.NewMeasurement) => identityKey(r.hubKey ?? 0, r.deviceKey ?? 0, r.deviceType, r.measuredAt);
const storedKey = (r: repo.StoredIdentity) => identityKey(r.hubKey, r.deviceKey, r.deviceType, r.measuredAt);

/** Combines the INSERTs of concurrent callers on one executor; see the file's comment for the policy. */
export class InsertBatcher {
  private readonly queue: Pending[] = [];
  private writing = false;

  /** `db` runs the statements (autocommit: never an open transaction); `maxRows` caps a combined statement. */
  constructor(
    private readonly db: Executor,
    private readonly maxRows = MAX_ROWS_PER_STATEMENT,
  ) {}

  /**
   * Inserts `rows` (one request's readings, distinct identities) with ON CONFLICT DO NOTHING, alone
   * or with other callers' rows, and resolves with the rows of THIS call that were inserted, once
   * their statement committed. Rejects with the statement's error when the rows, written on their
   * own, fail (then none of them is stored).
   */
  insert(rows: repo.NewMeasurement[]): Promise<repo.StoredIdentity[]> {
    if (rows.length === 0) { return Promise.resolve([]); }
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, inserted: [], resolve, reject });
      if (!this.writing) { void this.drain(); }
    });
  }

  /** How many requests wait for a statement (not counting those of the statement in flight). */
  get waiting(): number {
    return this.queue.length;
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.take();
        // write() settles every request itself; should it throw all the same, no caller is left hanging.
        await this.write(batch).catch((err: unknown) => batch.forEach((p) => p.reject(err)));
      }
    } finally {
      this.writing = false;
    }
  }

  /** The waiting requests, oldest first, that fit in one statement (always at least one). */
  private take(): Pending[] {
    let n = 1;
    let rows = this.queue[0]!.rows.length;
    while (n < this.queue.length && rows + this.queue[n]!.rows.length <= this.maxRows) {
      rows += this.queue[n]!.rows.length;
      n++;
    }
    return this.queue.splice(0, n);
  }

  /** Writes one batch and settles every request of it. */
  private async write(batch: Pending[]): Promise<void> {
    if (batch.length === 1) { return this.writeAlone(batch[0]!); }
    const owner = new Map<string, Pending>();
    const rows: repo.NewMeasurement[] = [];
    for (const p of batch) {
      for (const row of p.rows) {
        const key = rowKey(row);
        if (owner.has(key)) { continue; }
        owner.set(key, p);
        rows.push(row);
      }
    }
    let inserted: repo.StoredIdentity[];
    try {
      inserted = await repo.insertMeasurements(this.db, rows);
    } catch {
      // Nothing of the statement is stored: each request again on its own, so only a bad one fails.
      await Promise.all(batch.map((p) => this.writeAlone(p)));
      return;
    }
    for (const r of inserted) { owner.get(storedKey(r))?.inserted.push(r); }
    for (const p of batch) { p.resolve(p.inserted); }
  }

  private async writeAlone(p: Pending): Promise<void> {
    try {
      p.resolve(await repo.insertMeasurements(this.db, p.rows));
    } catch (err) {
      p.reject(err);
    }
  }
}

/** The batcher of an application context, on the context's database. */
export const batcherOf = perContext((ctx) => new InsertBatcher(ctx.db));

/**
 * Inserts one request's readings (distinct identities) through the application's batcher
 * (`InsertBatcher.insert`): resolves with those that were inserted, after their statement
 * committed; rejects, with nothing of them stored, when they fail on their own.
 */
export function insertMeasurementsBatched(ctx: AppContext, rows: repo.NewMeasurement[]): Promise<repo.StoredIdentity[]> {
  return batcherOf(ctx).insert(rows);
}
