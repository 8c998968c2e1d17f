/**
 * The audit trail's hash chain (docs/audit.md "Hash chain"; HIPAA 164.312(b) and (c)(1): audit
 * controls and integrity). Pure: rows in, hashes or a verdict out, no database.
 *
 * Each row's hash is SHA-256 (hex) over the previous row's hash, a line feed, and the row's
 * canonical form: a JSON array of its recorded fields in a fixed order (`canonicalAuditRow`). The
 * first row's previous hash is GENESIS_HASH. Editing any field of a row changes its hash, which no
 * longer matches the stored one; removing a row leaves the next row's `prevHash` pointing at a hash
 * that is not the one before it; removing rows at the end leaves the chain head (the newest id and
 * hash, kept beside the table) pointing past the last row.
 */
import { createHash } from 'node:crypto';

/** The previous hash of the first row: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** The recorded fields of one audit event, as hashed. `at` to the millisecond. */
export interface AuditFields {
  at: Date;
  userId: number;
  roleId: number;
  organizationId: number | null;
  patientId: number | null;
  resource: string;
  action: string;
  endpoint: string;
  outcome: number;
  address: string;
  requestId: string;
}

/** A stored row: its fields, id and the two hashes. */
export interface ChainedAuditRow extends AuditFields {
  id: number;
  prevHash: string;
  hash: string;
}

/** The canonical text of a row: a JSON array of the fields in a fixed order (`at` as ISO 8601 UTC). */
export function canonicalAuditRow(r: AuditFields): string {
  return JSON.stringify([r.at.toISOString(), r.userId, r.roleId, r.organizationId, r.patientId, r.resource, r.action, r.endpoint, r.outcome, r.address, r.requestId]);
}

/** SHA-256 (hex) of `prevHash` + '\n' + the row's canonical text. */
export function auditRowHash(prevHash: string, r: AuditFields): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalAuditRow(r)).digest('hex');
}

/** Chains `rows` after `prevHash`: each row with its previous hash and its own, in order. */
export function chainAuditRows<R extends AuditFields>(prevHash: string, rows: R[]): Array<R & { prevHash: string; hash: string }> {
  let prev = prevHash;
  return rows.map((r) => {
    const hash = auditRowHash(prev, r);
    const out = { ...r, prevHash: prev, hash };
    prev = hash;
    return out;
  });
}

/** Why a chain check failed, at the first row where it did. */
export type ChainBreak =
  | { kind: 'edited'; id: number }
  | { kind: 'removedBefore'; id: number }
  | { kind: 'headMismatch'; id: number };

/** The running state of a check over consecutive pages of rows (ascending id). */
export interface ChainCursor {
  prevHash: string;
  lastId: number;
  checked: number;
}

export const startChainCursor = (): ChainCursor => ({ prevHash: GENESIS_HASH, lastId: 0, checked: 0 });

/**
 * Checks one page of rows (ascending id, continuing `cursor`) and advances the cursor. Returns the
 * first break found, or null. A row whose `prevHash` is not the previous row's hash means rows were
 * removed before it (or its link was edited); a row whose hash is not the hash of its fields means
 * it was edited.
 */
export function verifyAuditPage(cursor: ChainCursor, rows: ChainedAuditRow[]): ChainBreak | null {
  for (const r of rows) {
    if (r.prevHash !== cursor.prevHash) { return { kind: 'removedBefore', id: r.id }; }
    if (auditRowHash(r.prevHash, r) !== r.hash) { return { kind: 'edited', id: r.id }; }
    cursor.prevHash = r.hash;
    cursor.lastId = r.id;
    cursor.checked++;
  }
  return null;
}

/**
 * The last step of a check: the chain head (newest id and hash, written with every append) must
 * name the last row checked. Otherwise rows at the end were removed (or the head was edited).
 */
export function verifyAuditHead(cursor: ChainCursor, head: { lastId: number; hash: string }): ChainBreak | null {
  if (head.lastId !== cursor.lastId || head.hash !== cursor.prevHash) { return { kind: 'headMismatch', id: cursor.lastId }; }
  return null;
}
