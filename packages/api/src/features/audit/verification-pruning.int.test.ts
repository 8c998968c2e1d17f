/**
 * How long `audit_verifications` keeps its verdicts (docs/audit.md "Checkpoints"): a checkpoint
 * tick deletes the passed incremental verdicts older than VIGIL_AUDIT_VERIFICATION_DAYS and keeps
 * broken verdicts, failed runs and full re-checks whatever their age.
 */
import { afterEach, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/setup';
import { runCheckpointTick } from './index';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

type Row = { kind: string; status: string; ok: boolean | null; age: string };

it('a tick prunes passed incremental verdicts past the retention and keeps broken, failed and full ones', async () => {
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-prune-')), 'checkpoints.jsonl');
  t = await createTestApp({ auditKeyPem: pem, auditCheckpointFile: file, auditVerificationDays: 30 });
  const { db } = t.ctx;
  // History as years of ticks leave it: old and recent verdicts of every kind and state.
  await db.execute(sql`
    insert into audit_verifications (kind, status, ok, started_at, finished_at) values
      ('incremental', 'done', true,  now() - interval '400 days', now() - interval '400 days'),
      ('incremental', 'done', true,  now() - interval '31 days',  now() - interval '31 days'),
      ('incremental', 'done', true,  now() - interval '29 days',  now() - interval '29 days'),
      ('incremental', 'done', false, now() - interval '400 days', now() - interval '400 days'),
      ('incremental', 'failed', null, now() - interval '400 days', now() - interval '400 days'),
      ('full', 'done', true, now() - interval '400 days', now() - interval '400 days')`);

  expect(await runCheckpointTick(t.ctx)).toMatchObject({ ran: true, ok: true });

  const left = (await db.execute(sql`
    select kind, status, ok, case when finished_at < now() - interval '1 day' then round(extract(epoch from now() - finished_at) / 86400)::text else 'new' end as age
    from audit_verifications order by id`)) as unknown as { rows: Row[] };
  expect(left.rows).toEqual([
    { kind: 'incremental', status: 'done', ok: true, age: '29' },
    { kind: 'incremental', status: 'done', ok: false, age: '400' },
    { kind: 'incremental', status: 'failed', ok: null, age: '400' },
    { kind: 'full', status: 'done', ok: true, age: '400' },
    // The tick's own verdict.
    { kind: 'incremental', status: 'done', ok: true, age: 'new' },
  ]);
});
