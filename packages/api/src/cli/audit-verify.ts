/**
 * `npm run audit:verify`: checks the PHI audit trail (docs/audit.md "Checkpoints", "What a check
 * reports") on the configured database (DATABASE_URL, else the embedded PGlite under
 * VIGIL_DATA_DIR) against the signed checkpoints of VIGIL_AUDIT_CHECKPOINT_FILE, with the key of
 * VIGIL_AUDIT_KEY_FILE / VIGIL_AUDIT_KEY (a public key is enough), and prints the verdict: rows
 * checked, the newest checkpoint, the first bad position. Options:
 *
 * - (none) a full check: every checkpoint line's signature and every row from the first;
 * - `--incremental`: from the newest checkpoint only (what the schedule runs);
 * - `--checkpoint`: an incremental check and, the trail whole, a new signed checkpoint (on demand;
 *   needs the private key).
 *
 * Exit code 0 when the trail is whole, 1 when it is tampered, 2 on an error (or `--checkpoint`
 * without a signing key). Reads the database only; prints ids and counts, never personal data.
 */
import type { AuditChainCheck } from '@vigil/contract';
import { loadConfig } from '../config/index';
import { openDatabase } from '../db/client';
import { FileCheckpointSink, loadCheckpointKey, signCheckpoint } from '../lib/audit-checkpoint';
import { checkFull, checkIncremental, type CheckSources } from '../features/audit/index';

const WHAT: Record<NonNullable<AuditChainCheck['break']>['kind'], (b: NonNullable<AuditChainCheck['break']>) => string> = {
  edited: (b) => `event ${b.id} was edited`,
  removedBefore: (b) => `event ${b.id} follows removed or edited events`,
  headMismatch: (b) => `event ${b.id} is the last one left: events after it were removed (the head was not moved)`,
  truncated: (b) => `the events from position ${b.id} on were removed (a signed checkpoint names a later position)`,
  rewritten: (b) => `an event from position ${b.id} through ${b.throughId} was rewritten with its later hashes recomputed (the chain no longer leads to the signed checkpoint at ${b.throughId})`,
  forgedCheckpoint: (b) => `line ${b.line} of the checkpoint file (position ${b.id}) does not carry the key's signature`,
};

/** The verdict as the lines printed. */
function describeVerdict(result: AuditChainCheck, seconds: string): string {
  const cp = result.checkpoint ? `newest checkpoint: position ${result.checkpoint.lastId} at ${result.checkpoint.at}` : 'no checkpoint';
  const scope = result.fromId ? `from checkpoint position ${result.fromId}` : 'from the first event';
  const unprotected = result.keyConfigured === false ? '\nWARNING: no checkpoint key configured: only the chain itself was checked (truncation and recomputed chains go unseen).' : '';
  if (result.ok) { return `Audit trail intact: ${result.checked} events checked ${scope} in ${seconds} s (head at id ${result.headId}; ${cp}).${unprotected}\n`; }
  return `Audit trail TAMPERED: ${WHAT[result.break!.kind](result.break!)}; first bad position ${result.break!.id} (${result.checked} events checked ${scope}; head at id ${result.headId}; ${cp}).${unprotected}\n`;
}

async function main(args: string[]): Promise<number> {
  const config = loadConfig(process.env);
  const key = loadCheckpointKey(config);
  const checkpoint = args.includes('--checkpoint');
  if (checkpoint && !key?.signer) {
    process.stderr.write('audit:verify --checkpoint needs the private checkpoint key (VIGIL_AUDIT_KEY_FILE or VIGIL_AUDIT_KEY).\n');
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  try {
    const sink = new FileCheckpointSink(config.auditCheckpointFile);
    const src: CheckSources = { db: database.db, key, sink };
    const started = performance.now();
    const outcome = checkpoint || args.includes('--incremental') ? await checkIncremental(src) : await checkFull(src);
    process.stdout.write(describeVerdict(outcome.result, ((performance.now() - started) / 1000).toFixed(1)));
    if (!outcome.result.ok) { return 1; }
    if (checkpoint) {
      const signed = signCheckpoint(key!, { ...outcome.end, at: new Date().toISOString() });
      await sink.append(JSON.stringify(signed));
      process.stdout.write(`Checkpoint written to ${sink.description}: position ${signed.lastId}, ${signed.count} events.\n`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`audit check failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(2);
  },
);
