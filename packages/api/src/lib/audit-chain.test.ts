import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, auditRowHash, chainAuditRows, startChainCursor, verifyAuditHead, verifyAuditPage, type AuditFields, type ChainedAuditRow } from './audit-chain';

const base: AuditFields = {
  at: new Date('2026-11-25T10:00:00.123Z'),
  userId: 7,
  roleId: 4,
  organizationId: 1,
  patientId: 42,
  resource: 'Patient',
  action: 'R',
  endpoint: 'GET user/{id}',
  outcome: 200,
  address: '127.0.0.1',
  requestId: 'r1',
};

function chain(n: number): ChainedAuditRow[] {
  const rows = Array.from({ length: n }, (_, i) => ({ ...base, at: new Date(base.at.getTime() + i * 1000), requestId: `r${i}`, id: i + 1 }));
  return chainAuditRows(GENESIS_HASH, rows);
}

function check(rows: ChainedAuditRow[], head = { lastId: rows.at(-1)?.id ?? 0, hash: rows.at(-1)?.hash ?? GENESIS_HASH }) {
  const cursor = startChainCursor();
  // two pages, as the check command reads them
  const half = Math.floor(rows.length / 2);
  return verifyAuditPage(cursor, rows.slice(0, half)) ?? verifyAuditPage(cursor, rows.slice(half)) ?? verifyAuditHead(cursor, head);
}

describe('audit hash chain', () => {
  it('chains each row to the one before, from the genesis hash', () => {
    const rows = chain(3);
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(rows[2]!.hash).toBe(auditRowHash(rows[1]!.hash, rows[2]!));
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts an untouched chain', () => {
    expect(check(chain(10))).toBeNull();
    expect(check([])).toBeNull();
  });

  it('detects an edited field of a row, whichever it is', () => {
    const edits: Array<Partial<AuditFields>> = [
      { patientId: 43 },
      { userId: 8 },
      { action: 'U' },
      { outcome: 403 },
      { at: new Date('2026-11-25T10:00:04.124Z') },
      { address: '10.0.0.1' },
      { organizationId: null },
    ];
    for (const edit of edits) {
      const rows = chain(10);
      rows[4] = { ...rows[4]!, ...edit };
      expect(check(rows), JSON.stringify(edit)).toEqual({ kind: 'edited', id: 5 });
    }
  });

  it('detects an edited row whose hash was recomputed (the next row no longer links to it)', () => {
    const rows = chain(10);
    const edited = { ...rows[4]!, patientId: 99 };
    edited.hash = auditRowHash(edited.prevHash, edited);
    rows[4] = edited;
    expect(check(rows)).toEqual({ kind: 'removedBefore', id: 6 });
  });

  it('detects a removed row', () => {
    const rows = chain(10);
    rows.splice(3, 1);
    expect(check(rows)).toEqual({ kind: 'removedBefore', id: 5 });
  });

  it('detects the first row removed', () => {
    expect(check(chain(5).slice(1))).toEqual({ kind: 'removedBefore', id: 2 });
  });

  it('detects rows removed at the end through the chain head', () => {
    const rows = chain(10);
    const head = { lastId: 10, hash: rows[9]!.hash };
    expect(check(rows.slice(0, 8), head)).toEqual({ kind: 'headMismatch', id: 8 });
  });
});
