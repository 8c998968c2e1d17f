/**
 * `npm run bench:audit-check`: what the audit trail's checks cost (docs/audit.md "What a check
 * reports"). A trail of BENCH_AUDIT_ROWS chained rows (default 100,000) on the embedded PGlite (or,
 * with BENCH_PG=1, a fresh database of its own on BENCH_DATABASE_URL's server: bench/lib.ts), a signed checkpoint BENCH_AUDIT_TAIL rows before the head
 * (default 1,000: a few minutes of events), then, in alternating rounds, the full check (every row
 * and checkpoint: the baseline) and the incremental check (the checkpoint's row and the rows after
 * it). Prints each one's median and the ratio incremental / full of the same run.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../packages/api/src/db/client';
import { chainAuditRows, GENESIS_HASH, type AuditFields } from '../packages/api/src/lib/audit-chain';
import { FileCheckpointSink, parseCheckpointKey, signCheckpoint } from '../packages/api/src/lib/audit-checkpoint';
import { checkFull, checkIncremental } from '../packages/api/src/features/audit/index';
import { createBenchDatabase, median, ms, type BenchDatabase } from './lib';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 100_000);
const TAIL = Number(process.env.BENCH_AUDIT_TAIL ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function main() {
  const bench: BenchDatabase | null = process.env.BENCH_PG ? await createBenchDatabase('vigil_bench_audit_check') : null;
  const database = await openDatabase(bench ? { databaseUrl: bench.url, poolSize: 2 } : { pgliteDataDir: 'memory://' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-audit-'));
  try {
    const db = database.db;
    // The rows, chained as the writer chains them, inserted in batches (the bench's own fixture).
    let prev = GENESIS_HASH;
    let lastId = 0;
    let checkpointAt: { lastId: number; hash: string; count: number } | null = null;
    for (let done = 0; done < ROWS; ) {
      const n = Math.min(5000, ROWS - done);
      const fields: AuditFields[] = Array.from({ length: n }, (_, i) => ({ at: new Date(Date.UTC(2026, 0, 1) + (done + i) * 1000), userId: 1 + ((done + i) % 50), roleId: 2, organizationId: 1, patientId: 100 + ((done + i) % 500), resource: 'Patient', action: 'R', endpoint: 'GET user/{id}', outcome: 200, address: '10.0.0.1', requestId: `b${done + i}` }));
      const chained = chainAuditRows(prev, fields);
      const json = JSON.stringify(chained.map((r) => [r.at.toISOString(), r.userId, r.roleId, r.organizationId, r.patientId, r.resource, r.action, r.endpoint, r.outcome, r.address, r.requestId, r.prevHash, r.hash]));
      const result = (await db.execute(sql`
        insert into audit_events (at, user_id, role_id, organization_id, patient_id, resource, action, endpoint, outcome, address, request_id, prev_hash, hash)
        select (e->>0)::timestamptz, (e->>1)::int, (e->>2)::smallint, (e->>3)::int, (e->>4)::int, e->>5, e->>6, e->>7, (e->>8)::smallint, e->>9, e->>10, e->>11, e->>12
        from jsonb_array_elements(${json}::jsonb) with ordinality as x(e, n) order by n returning id::float8 as id`)) as unknown as { rows: { id: number }[] };
      const ids = result.rows.map((r) => Number(r.id));
      for (const [i, r] of chained.entries()) {
        if (done + i + 1 === ROWS - TAIL) { checkpointAt = { lastId: ids[i]!, hash: r.hash, count: done + i + 1 }; }
      }
      prev = chained[chained.length - 1]!.hash;
      lastId = Math.max(...ids);
      done += n;
    }
    await db.execute(sql`update audit_chain_head set last_id = ${lastId}, hash = ${prev}, count = ${ROWS} where id = 1`);
    const key = parseCheckpointKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    const sink = new FileCheckpointSink(path.join(dir, 'checkpoints.jsonl'));
    await sink.append(JSON.stringify(signCheckpoint(key, { ...checkpointAt!, at: new Date().toISOString() })));
    const src = { db, key, sink };

    const full: number[] = [];
    const incremental: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate the order each round so neither check always runs on a warmer cache.
      for (const which of round % 2 === 0 ? ['full', 'incremental'] : ['incremental', 'full']) {
        const started = performance.now();
        const { result } = which === 'full' ? await checkFull(src) : await checkIncremental(src);
        const took = performance.now() - started;
        if (!result.ok) { throw new Error(`the bench's trail should be whole: ${JSON.stringify(result.break)}`); }
        (which === 'full' ? full : incremental).push(took);
      }
    }
    console.log(`audit trail checks: ${ROWS} rows, checkpoint ${TAIL} rows before the head, ${ROUNDS} rounds, ${database.kind}`);
    console.log(`  full check (baseline):  median ${ms(median(full))}  (${ROWS} rows)`);
    console.log(`  incremental check:      median ${ms(median(incremental))}  (${TAIL} rows)`);
    console.log(`  ratio incremental / full: ${(median(incremental) / median(full)).toFixed(4)}`);
  } finally {
    await database.close();
    await bench?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
