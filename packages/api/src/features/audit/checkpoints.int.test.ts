/**
 * The audit trail against an attacker who can write its database (docs/audit.md "Threat model",
 * "Checkpoints"). Each attack is done as such an attacker would, with direct SQL: the append-only
 * trigger switched off, rows deleted or rewritten, the chain head moved to agree. The chain alone
 * says "intact" for the first three (as it did before checkpoints); the check against the signed
 * checkpoints outside the database reports each with its first bad position.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import { auditTrail as auditApi } from '@vigil/contract';
import { buildApp } from '../../app';
import { loadTestConfig } from '../../config/index';
import type { Executor } from '../../db/client';
import { auditEvents } from '../../db/schema/index';
import { chainAuditRows, GENESIS_HASH } from '../../lib/audit-chain';
import { FileCheckpointSink, parseCheckpointKey, signCheckpoint } from '../../lib/audit-checkpoint';
import { auditTrail } from '../../lib/audit-trail';
import { callerFor } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, openTestDatabase, type TestApp } from '../../../test/setup';
import { checkFull, checkIncremental, runCheckpointTick, verifyIncrementally, type CheckSources } from './index';
import { auditProtection, runFullCheck } from './checkpoints.service';

const pem = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const tmpFile = (name: string) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-cp-')), name);

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** A test app with a checkpoint key and its own checkpoint file. */
async function protectedApp(): Promise<TestApp> {
  t = await createTestApp({ auditKeyPem: pem(), auditCheckpointFile: tmpFile('checkpoints.jsonl') });
  return t;
}

/** Records `n` events through the trail's writer (as the route chain does) and waits until they are stored. */
async function record(app: { ctx: TestApp['ctx'] }, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    auditTrail(app.ctx).record({ at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)), userId: 1, roleId: 1, organizationId: null, patientId: 100 + i, resource: 'Patient', action: 'R', endpoint: 'GET user/{id}', outcome: 200, address: '10.0.0.1', requestId: `r${i}` });
  }
  await auditTrail(app.ctx).flush();
}

/** A signed checkpoint of the trail as it is now (an incremental check, then the checkpoint). */
async function checkpoint(app: { ctx: TestApp['ctx'] }): Promise<number> {
  const { result, checkpoint: cp } = await verifyIncrementally(app.ctx, { checkpoint: true });
  expect(result.ok).toBe(true);
  return cp!.lastId;
}

const ids = async (db: Executor) => (await db.select({ id: auditEvents.id }).from(auditEvents).orderBy(asc(auditEvents.id))).map((r) => r.id);

/** Runs `attack` as the database's owner: the append-only trigger off, then on again. */
async function asAttacker(db: Executor, attack: () => Promise<void>): Promise<void> {
  await db.execute(sql`alter table audit_events disable trigger audit_events_no_change`);
  await attack();
  await db.execute(sql`alter table audit_events enable trigger audit_events_no_change`);
}

const sources = (app: { ctx: TestApp['ctx'] }): CheckSources => ({ db: app.ctx.db, ...auditProtection(app.ctx) });
const chainOnly = (app: { ctx: TestApp['ctx'] }): CheckSources => ({ db: app.ctx.db, key: null, sink: new FileCheckpointSink('/dev/null') });

describe('checkpoints', () => {
  it('checkpoints the verified head, and the incremental check reads only the rows after the newest checkpoint', async () => {
    const app = await protectedApp();
    await record(app, 30);
    const first = await checkpoint(app);
    expect(first).toBe(Math.max(...(await ids(app.ctx.db))));
    await record(app, 7);
    const { result } = await checkIncremental(sources(app));
    expect(result).toMatchObject({ ok: true, checked: 7, fromId: first, checkpoint: { lastId: first }, keyConfigured: true });
    const second = await checkpoint(app);
    const lines = fs.readFileSync(app.ctx.config.auditCheckpointFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.lastId, l.count])).toEqual([[first, 30], [second, 37]]);
    expect((await checkFull(sources(app))).result).toMatchObject({ ok: true, checked: 37, fromId: 0, checkpoint: { lastId: second } });
  });

  it('detects truncation: the last rows deleted and the head moved back', async () => {
    const app = await protectedApp();
    await record(app, 40);
    const cp = await checkpoint(app);
    const all = await ids(app.ctx.db);
    const keep = all[29]!;
    await asAttacker(app.ctx.db, async () => {
      await app.ctx.db.execute(sql`delete from audit_events where id > ${keep}`);
      await app.ctx.db.execute(sql`update audit_chain_head set last_id = ${keep}, hash = (select hash from audit_events where id = ${keep}), count = 30 where id = 1`);
    });
    // The chain agrees with itself: alone, it says intact (the finding).
    expect((await checkFull(chainOnly(app))).result).toMatchObject({ ok: true, break: null });
    expect((await checkIncremental(sources(app))).result).toMatchObject({ ok: false, break: { kind: 'truncated', id: keep + 1 }, checkpoint: { lastId: cp } });
    expect((await checkFull(sources(app))).result).toMatchObject({ ok: false, break: { kind: 'truncated', id: keep + 1 } });
  });

  it('detects recomputation: a row edited and every later hash recomputed, the head moved to match', async () => {
    const app = await protectedApp();
    await record(app, 20);
    const c1 = await checkpoint(app);
    await record(app, 20);
    const c2 = await checkpoint(app);
    const victim = (await ids(app.ctx.db))[25]!;
    await asAttacker(app.ctx.db, async () => {
      const rows = await app.ctx.db.select().from(auditEvents).where(sql`${auditEvents.id} >= ${victim}`).orderBy(asc(auditEvents.id));
      const [before] = await app.ctx.db.select().from(auditEvents).where(sql`${auditEvents.id} < ${victim}`).orderBy(sql`${auditEvents.id} desc`).limit(1);
      rows[0] = { ...rows[0]!, patientId: 999 };
      const rechained = chainAuditRows(before!.hash, rows);
      for (const r of rechained) {
        await app.ctx.db.execute(sql`update audit_events set patient_id = ${r.patientId}, prev_hash = ${r.prevHash}, hash = ${r.hash} where id = ${r.id}`);
      }
      await app.ctx.db.execute(sql`update audit_chain_head set hash = ${rechained[rechained.length - 1]!.hash} where id = 1`);
    });
    expect((await checkFull(chainOnly(app))).result).toMatchObject({ ok: true, break: null });
    // The edited row lies after the newest checkpoint still matched (c1) and at or before the first that no longer is (c2).
    expect((await checkIncremental(sources(app))).result).toMatchObject({ ok: false, break: { kind: 'rewritten', id: c1 + 1, throughId: c2 } });
    expect((await checkFull(sources(app))).result).toMatchObject({ ok: false, break: { kind: 'rewritten', id: c1 + 1, throughId: c2 } });
    expect(victim).toBeGreaterThan(c1);
    expect(victim).toBeLessThanOrEqual(c2);
  });

  it('detects wholesale deletion: every row deleted and the head reset', async () => {
    const app = await protectedApp();
    await record(app, 15);
    await checkpoint(app);
    await asAttacker(app.ctx.db, async () => {
      await app.ctx.db.execute(sql`delete from audit_events`);
      await app.ctx.db.execute(sql`update audit_chain_head set last_id = 0, hash = ${GENESIS_HASH}, count = 0 where id = 1`);
    });
    expect((await checkFull(chainOnly(app))).result).toMatchObject({ ok: true, checked: 0 });
    expect((await checkIncremental(sources(app))).result).toMatchObject({ ok: false, break: { kind: 'truncated', id: 1 } });
    expect((await checkFull(sources(app))).result).toMatchObject({ ok: false, break: { kind: 'truncated', id: 1 } });
  });

  it('reports a forged checkpoint line: signed with another key, or edited after signing', async () => {
    const app = await protectedApp();
    await record(app, 10);
    await checkpoint(app);
    const file = app.ctx.config.auditCheckpointFile;
    const good = fs.readFileSync(file, 'utf8');
    // An attacker who rewrote the chain and signs its new head with a key of their own (the key id copied).
    const own = signCheckpoint(parseCheckpointKey(pem()), { lastId: 10, count: 10, hash: 'a'.repeat(64), at: new Date().toISOString() });
    fs.appendFileSync(file, JSON.stringify({ ...own, keyId: auditProtection(app.ctx).key!.keyId }) + '\n');
    expect((await checkIncremental(sources(app))).result).toMatchObject({ ok: false, break: { kind: 'forgedCheckpoint', id: 10, line: 2 } });
    // A genuine line with its hash edited.
    const edited = JSON.parse(good.trim());
    fs.writeFileSync(file, JSON.stringify({ ...edited, hash: 'b'.repeat(64) }) + '\n' + good);
    expect((await checkFull(sources(app))).result).toMatchObject({ ok: false, break: { kind: 'forgedCheckpoint', id: edited.lastId, line: 1 } });
  });

  it('never checkpoints a tampered trail: the tick checks first and writes nothing, logging the break', async () => {
    const app = await protectedApp();
    await record(app, 12);
    await checkpoint(app);
    const keep = (await ids(app.ctx.db))[5]!;
    await asAttacker(app.ctx.db, async () => {
      await app.ctx.db.execute(sql`delete from audit_events where id > ${keep}`);
      await app.ctx.db.execute(sql`update audit_chain_head set last_id = ${keep}, hash = (select hash from audit_events where id = ${keep}) where id = 1`);
    });
    const before = fs.readFileSync(app.ctx.config.auditCheckpointFile, 'utf8');
    // Due: the newest checkpoint is older than the interval.
    expect(await runCheckpointTick(app.ctx, new Date(Date.now() + app.ctx.config.auditCheckpointMinutes * 60_000))).toEqual({ ran: true, ok: false });
    expect(fs.readFileSync(app.ctx.config.auditCheckpointFile, 'utf8')).toBe(before);
    const logged = await app.ctx.db.execute(sql`select details from system_logs where source = 'audit-checkpoint'`);
    expect((logged as unknown as { rows: { details: Record<string, unknown> }[] }).rows.map((r) => r.details)).toContainEqual(expect.objectContaining({ break: 'truncated', position: keep + 1 }));
  });

  it('does not checkpoint again before the interval, and writes none without a key', async () => {
    const app = await protectedApp();
    await record(app, 3);
    expect(await runCheckpointTick(app.ctx)).toMatchObject({ ran: true, ok: true });
    expect(await runCheckpointTick(app.ctx)).toEqual({ ran: false });
    await t!.close();
    t = await createTestApp();
    await record(t, 3);
    expect(await runCheckpointTick(t.ctx)).toEqual({ ran: false });
    expect(fs.existsSync(t.ctx.config.auditCheckpointFile)).toBe(false);
  });
});

describe('the endpoints', () => {
  it('GET audit/verification and POST audit/fullcheck: a background re-check with its progress, 409 while one runs', async () => {
    const app = await protectedApp();
    const callAs = callerFor(() => app);
    const f = await createTenancyFixture(app);
    await record(app, 25);
    await checkpoint(app);
    const post = (lang: 'en' | 'es' = 'en') => callAs(f.sysadmin, auditApi.startAuditFullCheck, { lang });

    const started = await post();
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ kind: 'full', status: 'queued' });
    // Without the queue (tests) the job runs in this process's background; close waits for it.
    await app.ctx.jobs.close();
    const status = (await callAs(f.sysadmin, auditApi.getAuditVerification)).body;
    expect(status).toMatchObject({ keyConfigured: true, lastCheckpoint: { lastId: expect.any(Number) }, fullCheck: { id: started.body.id, status: 'done', result: { ok: true, fromId: 0 } } });
    expect(status.fullCheck!.rowsDone).toBe(status.fullCheck!.rowsTotal);
    expect(status.fullCheck!.rowsDone).toBeGreaterThanOrEqual(25);

    // One running: another is refused, in the caller's language.
    await app.ctx.db.execute(sql`insert into audit_verifications (kind, status) values ('full', 'running')`);
    const refused = await post('es');
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.reply.json())).toContain('Ya se está realizando una comprobación completa');
    expect(JSON.stringify((await post()).reply.json())).toContain('A full check of the audit trail is already running');
    expect((await callAs(f.sysadmin, auditApi.getAuditVerification)).status).toBe(200);
    expect((await callAs(f.orgAdminA, auditApi.getAuditVerification)).status).toBe(403);
  });

  it('a full re-check reports a truncation found by the background job, and GET audit/verifychain the same from the checkpoint', async () => {
    const app = await protectedApp();
    const callAs = callerFor(() => app);
    const f = await createTenancyFixture(app);
    await record(app, 20);
    await checkpoint(app);
    const keep = (await ids(app.ctx.db))[10]!;
    await asAttacker(app.ctx.db, async () => {
      await app.ctx.db.execute(sql`delete from audit_events where id > ${keep}`);
      await app.ctx.db.execute(sql`update audit_chain_head set last_id = ${keep}, hash = (select hash from audit_events where id = ${keep}) where id = 1`);
    });
    const verify = await callAs(f.sysadmin, auditApi.verifyAuditChain);
    expect(verify.body).toMatchObject({ ok: false, break: { kind: 'truncated', id: keep + 1 } });
    const run = (await callAs(f.sysadmin, auditApi.startAuditFullCheck)).body;
    await runFullCheck(app.ctx, run.id); // worked here too: a job delivered twice does nothing the second time
    await app.ctx.jobs.close();
    const status = (await callAs(f.sysadmin, auditApi.getAuditVerification)).body;
    expect(status.fullCheck).toMatchObject({ status: 'done', result: { ok: false, break: { kind: 'truncated', id: keep + 1 } } });
    expect(status.lastResult!.result!.ok).toBe(false);
  });
});

describe('npm run audit:verify', () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, '../../../../..');
  const cli = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'packages/api/src/cli/audit-verify.ts', ...args], { cwd: root, env: { ...process.env, ...env } }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );

  it('prints the verdict and exits 1 when the trail was truncated (embedded database, or PostgreSQL with TEST_DATABASE_URL)', async () => {
    const key = tmpFile('audit-key.pem');
    fs.writeFileSync(key, pem(), { mode: 0o600 });
    const checkpoints = tmpFile('checkpoints.jsonl');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-cli-'));
    // The CLI opens the database itself: a PGlite folder, or a PostgreSQL database of its own.
    const database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : { ...(await (await import('../../db/client')).openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite') })), drop: async () => undefined };
    const url = database.pool ? (database.pool as unknown as { options: { connectionString: string } }).options.connectionString : '';
    const config = loadTestConfig({ auditKeyFile: key, auditCheckpointFile: checkpoints });
    const built = await buildApp(config, database);
    await record(built, 30);
    await built.app.close();
    if (!url) { await database.close(); }
    const env = { VIGIL_DATA_DIR: dataDir, DATABASE_URL: url, VIGIL_AUDIT_KEY_FILE: key, VIGIL_AUDIT_CHECKPOINT_FILE: checkpoints, LOG_LEVEL: 'silent' };
    try {
      const first = await cli(env, '--checkpoint');
      expect(first.code).toBe(0);
      expect(first.out).toContain('Audit trail intact: 30 events checked');
      expect(first.out).toMatch(/Checkpoint written to .*: position \d+, 30 events/);
      expect((await cli(env)).code).toBe(0);

      const db = url ? database : await (await import('../../db/client')).openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite') });
      const keep = (await ids(db.db))[19]!;
      await asAttacker(db.db, async () => {
        await db.db.execute(sql`delete from audit_events where id > ${keep}`);
        await db.db.execute(sql`update audit_chain_head set last_id = ${keep}, hash = (select hash from audit_events where id = ${keep}) where id = 1`);
      });
      if (!url) { await db.close(); }
      const tampered = await cli(env);
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain(`Audit trail TAMPERED: the events from position ${keep + 1} on were removed`);
      expect((await cli(env, '--incremental')).code).toBe(1);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
