/**
 * `npm run audit:verify`: checks the PHI audit trail's hash chain (docs/audit.md "Hash chain") on
 * the configured database (DATABASE_URL, else the embedded PGlite under VIGIL_DATA_DIR) and prints
 * how many rows were checked and the first edited or removed row. Exit code 0 when the chain is
 * whole, 1 when it is broken, 2 on an error. Prints no personal data (ids and counts only).
 */
import { loadConfig } from '../config/index';
import { openDatabase } from '../db/client';
import { checkChain } from '../features/audit/index';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  try {
    const started = performance.now();
    const result = await checkChain(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.ok) {
      process.stdout.write(`Audit trail intact: ${result.checked} events checked in ${seconds} s (head at id ${result.headId}).\n`);
      return 0;
    }
    const what = { edited: 'was edited', removedBefore: 'follows removed or edited rows', headMismatch: 'is the last row left: rows after it were removed' }[result.break!.kind];
    process.stdout.write(`Audit trail BROKEN: event ${result.break!.id} ${what} (${result.checked} events checked before it; head at id ${result.headId}).\n`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`audit check failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(2);
  },
);
