/**
 * `npm run import:fee-schedule -- <PPRRVU.csv> <GPCI.csv> --year 2026 [--cf 33.4009]`: loads the
 * CMS Physician Fee Schedule amounts of the codes we bill into the configured database
 * (DATABASE_URL, else the embedded PGlite under VIGIL_DATA_DIR) for NATIONAL and every locality
 * (features/billing/fee-import/pfs.ts has the layout and CMS's formula). Prints what it wrote.
 * Exit code 1 when a file is not in the published layout (nothing is written), 2 on wrong usage.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/index';
import { buildApp } from '../app';
import { FeeFileError, importPfs } from '../features/billing/index';

const usage = 'usage: npm run import:fee-schedule -- <PPRRVU.csv> <GPCI.csv> --year <YYYY> [--cf <conversion factor>]\n';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const flag = (name: string) => {
    const at = args.indexOf(name);
    if (at < 0) { return undefined; }
    const v = args[at + 1];
    args.splice(at, 2);
    return v;
  };
  const year = Number(flag('--year'));
  const cf = flag('--cf');
  if (args.length !== 2 || !Number.isInteger(year) || args.includes('--help')) { process.stdout.write(usage); return 2; }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const [rvu, gpci] = await Promise.all(args.map((a) => readFile(path.resolve(cwd, a), 'utf8')));
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const { app, ctx } = await buildApp(config);
  try {
    const r = await importPfs(ctx.db, year, rvu ?? '', gpci ?? '', cf);
    process.stdout.write(
      `CY${r.year} fee schedule, CF ${r.conversionFactor}: ${r.codes.length} codes x ${r.localities} localities (with NATIONAL); ${r.inserted} new, ${r.updated} updated rows.\n` +
        (r.missingCodes.length > 0 ? `Not in the RVU file (amount not loaded unless saved before): ${r.missingCodes.join(', ')}\n` : ''),
    );
    return 0;
  } catch (e) {
    if (e instanceof FeeFileError) { process.stderr.write(`import:fee-schedule: ${e.message}; nothing was written\n`); return 1; }
    throw e;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`import:fee-schedule failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
