/**
 * The trail's checks against its signed checkpoints (docs/audit.md "Checkpoints", "What a check
 * reports"; HIPAA 164.312(c)(1) integrity). The chain (lib/audit-chain.ts) proves that the rows
 * agree with each other; a checkpoint (lib/audit-checkpoint.ts), signed with a key the database
 * does not hold and kept outside it, proves what the chain's head WAS. Together:
 *
 * - truncation (rows removed at the end, the head moved back) and wholesale deletion (every row
 *   removed, the head reset): a checkpoint names a position the rows no longer reach: 'truncated'
 *   at the first missing position;
 * - recomputation (a row edited and every later hash recomputed): the chain no longer leads to a
 *   checkpoint's hash: 'rewritten' from the position after the newest checkpoint still matched
 *   (`id`) through the first one that no longer is (`throughId`); the edited row is in that range,
 *   which the checkpoints cannot narrow further;
 * - a checkpoint line without the key's signature: 'forgedCheckpoint' at its line.
 *
 * Both checks read the head first and check rows up to it only, so rows appended meanwhile wait for
 * the next check instead of looking like a moved head.
 */
import type { AuditChainCheck } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { systemDb } from '../../db/handles';
import { auditRowHash, GENESIS_HASH, verifyAuditHead, verifyAuditPage, type ChainCursor } from '../../lib/audit-chain';
import { readCheckpointLine, type CheckpointKey, type CheckpointSink, type SignedCheckpoint } from '../../lib/audit-checkpoint';
import * as repo from './audit.repo';

/** What a check reads: the database, the checkpoint key (null: none configured) and the sink the checkpoints are in. */
export interface CheckSources {
  db: Executor;
  key: CheckpointKey | null;
  sink: CheckpointSink;
}

/** A verdict, and where a whole check ended: the position, hash and row count a new checkpoint may sign (only when `ok`). */
export interface CheckOutcome {
  result: AuditChainCheck;
  end: { lastId: number; hash: string; count: number };
}

type Break = NonNullable<AuditChainCheck['break']>;

/** Rows read per statement. */
export const CHECK_PAGE_ROWS = 5000;
/** How many older checkpoints an incremental check looks back through to narrow a 'rewritten' range. */
const NARROW_LOOKBACK = 1000;

/** The position a line claims, for the report of a forged one (0 when it names none). */
function claimedPosition(line: string): number {
  try {
    const id = (JSON.parse(line) as { lastId?: unknown }).lastId;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : 0;
  } catch {
    return 0;
  }
}

/** Whether row `id` still carries checkpoint hash `hash`, both as stored and as recomputed from its fields. */
async function rowMatches(db: Executor, c: { lastId: number; hash: string }): Promise<boolean> {
  if (c.lastId === 0) { return c.hash === GENESIS_HASH; }
  const row = await repo.chainRow(systemDb(db), c.lastId);
  return !!row && row.hash === c.hash && auditRowHash(row.prevHash, row) === c.hash;
}

/**
 * Checks `rows` pages after `cursor` up to the head, comparing each checkpoint of `checkpoints`
 * (ascending position, past the cursor) as the rows reach it. `lastGood` is the newest position a
 * checkpoint vouched for so far. `onPage` gets the rows checked after each page.
 */
async function walk(
  db: Executor,
  cursor: ChainCursor,
  head: { lastId: number; hash: string },
  checkpoints: SignedCheckpoint[],
  lastGood: number,
  onPage?: (checked: number) => Promise<void>,
): Promise<Break | null> {
  let next = 0;
  while (next < checkpoints.length && checkpoints[next]!.lastId <= cursor.lastId) { next++; }
  for (;;) {
    const rows = await repo.chainPage(systemDb(db), cursor.lastId, CHECK_PAGE_ROWS, head.lastId);
    const from = cursor.lastId;
    const found = verifyAuditPage(cursor, rows);
    if (found) { return found; }
    // The checkpoints this page reached: each position must be a row with the signed hash.
    const byId = new Map(rows.map((r) => [r.id, r.hash]));
    while (next < checkpoints.length && checkpoints[next]!.lastId <= cursor.lastId) {
      const c = checkpoints[next++]!;
      if (c.lastId <= from) { continue; }
      if (byId.get(c.lastId) !== c.hash) { return { kind: 'rewritten', id: lastGood + 1, throughId: c.lastId }; }
      lastGood = c.lastId;
    }
    await onPage?.(cursor.checked);
    if (rows.length < CHECK_PAGE_ROWS) { break; }
  }
  // A checkpoint past the last row: the rows from there on are gone (the head moved back, or reset).
  if (next < checkpoints.length) { return { kind: 'truncated', id: cursor.lastId + 1 }; }
  return verifyAuditHead(cursor, head);
}

/**
 * The full check: every checkpoint line's signature, then every row from the first, compared with
 * every checkpoint on the way, then the head. `onProgress(rowsDone, rowsTotal)` after each page
 * (the total is the head's count). Without a key only the chain itself is checked.
 */
export async function checkFull(src: CheckSources, onProgress?: (done: number, total: number) => Promise<void>): Promise<CheckOutcome> {
  const head = await repo.chainHead(systemDb(src.db));
  const lines = src.key ? await src.sink.readLines() : [];
  const checkpoints: SignedCheckpoint[] = [];
  const verdict = (found: Break | null, cursor: ChainCursor): CheckOutcome => ({
    result: {
      ok: found === null,
      checked: cursor.checked,
      break: found,
      headId: head.lastId,
      fromId: 0,
      checkpoint: checkpoints.length ? { lastId: checkpoints[checkpoints.length - 1]!.lastId, at: checkpoints[checkpoints.length - 1]!.at } : null,
      keyConfigured: !!src.key,
    },
    end: { lastId: cursor.lastId, hash: cursor.prevHash, count: cursor.checked },
  });
  const cursor: ChainCursor = { prevHash: GENESIS_HASH, lastId: 0, checked: 0 };
  for (const [i, line] of lines.entries()) {
    const c = readCheckpointLine(src.key!, line);
    if (!c) { return verdict({ kind: 'forgedCheckpoint', id: claimedPosition(line), line: i + 1 }, cursor); }
    checkpoints.push(c);
  }
  checkpoints.sort((a, b) => a.lastId - b.lastId);
  // A checkpoint of the empty chain (position 0) vouches for nothing but the genesis hash.
  const empty = checkpoints.find((c) => c.lastId === 0 && c.hash !== GENESIS_HASH);
  if (empty) { return verdict({ kind: 'rewritten', id: 1, throughId: 0 }, cursor); }
  const found = await walk(src.db, cursor, head, checkpoints, 0, onProgress ? (done) => onProgress(done, head.count) : undefined);
  return verdict(found, cursor);
}

/**
 * The incremental check: the newest checkpoint's signature, its row (it must still carry the signed
 * hash, stored and recomputed: every earlier row is then vouched for by the chain, unless edited
 * without recomputing, which a full check finds), then every row after it and the head. With no
 * checkpoint yet (or no key) it is a full check. Cost: the rows since the newest checkpoint.
 */
export async function checkIncremental(src: CheckSources): Promise<CheckOutcome> {
  if (!src.key) { return checkFull(src); }
  const lines = await src.sink.readLines();
  if (lines.length === 0) { return checkFull(src); }
  const head = await repo.chainHead(systemDb(src.db));
  const last = readCheckpointLine(src.key, lines[lines.length - 1]!);
  const cursor: ChainCursor = { prevHash: last?.hash ?? GENESIS_HASH, lastId: last?.lastId ?? 0, checked: 0 };
  const verdict = (found: Break | null): CheckOutcome => ({
    result: {
      ok: found === null,
      checked: cursor.checked,
      break: found,
      headId: head.lastId,
      fromId: last?.lastId ?? 0,
      checkpoint: last ? { lastId: last.lastId, at: last.at } : null,
      keyConfigured: true,
    },
    end: { lastId: cursor.lastId, hash: cursor.prevHash, count: (last?.count ?? 0) + cursor.checked },
  });
  if (!last) { return verdict({ kind: 'forgedCheckpoint', id: claimedPosition(lines[lines.length - 1]!), line: lines.length }); }
  if (!(await rowMatches(src.db, last))) {
    const survivor = await repo.lastChainIdUpTo(systemDb(src.db), last.lastId);
    if (survivor < last.lastId && head.lastId < last.lastId) { return verdict({ kind: 'truncated', id: survivor + 1 }); }
    return verdict({ kind: 'rewritten', id: (await newestMatchingBefore(src, lines)) + 1, throughId: last.lastId });
  }
  return verdict(await walk(src.db, cursor, head, [], last.lastId));
}

/** The newest older checkpoint (of the last NARROW_LOOKBACK lines) whose row still matches; 0 when none does. */
async function newestMatchingBefore(src: CheckSources, lines: string[]): Promise<number> {
  for (let i = lines.length - 2; i >= Math.max(0, lines.length - 1 - NARROW_LOOKBACK); i--) {
    const c = readCheckpointLine(src.key!, lines[i]!);
    if (c && (await rowMatches(src.db, c))) { return c.lastId; }
  }
  return 0;
}
