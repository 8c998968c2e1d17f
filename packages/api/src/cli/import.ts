/**
 * `npm run import -- <file or folder> [more...]`: imports FHIR R4 JSON into the configured database
 * (DATABASE_URL, else the embedded PGlite under VIGIL_DATA_DIR, ./data by default) and prints the
 * report: counts by status and by resource type, and every error. Exit code 1 when any record
 * failed, 2 on wrong usage. Prints no personal data: records are named by resource type and id.
 */
import path from 'node:path';
import { loadConfig } from '../config/index';
import { buildApp } from '../app';
import { importFhir, summariseReport } from '../features/import/index';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    process.stdout.write('usage: npm run import -- <file or folder of FHIR R4 JSON> [...]\n');
    return 2;
  }
  // npm runs scripts from the repository root; relative paths are meant from where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const { app, ctx } = await buildApp(config);
  let failed = false;
  try {
    process.stdout.write(`Database: ${ctx.database.kind === 'pglite' ? `embedded PGlite in ${config.pgliteDataDir}` : 'PostgreSQL (DATABASE_URL)'}\n`);
    for (const arg of args) {
      const source = path.resolve(cwd, arg);
      const report = await importFhir(ctx, source, { label: arg });
      failed ||= report.counts.error > 0;
      const out: string[] = [`\nImport run ${report.runId} of ${arg}: ${report.status}`, `  ${summariseReport(report)}`, '  by resource type:'];
      const width = Math.max(12, ...Object.keys(report.byType).map((t) => t.length));
      out.push(`    ${'type'.padEnd(width)}  created updated unchanged skipped   error  merged unmapped`);
      for (const [type, c] of Object.entries(report.byType).sort(([a], [b]) => a.localeCompare(b))) {
        const cols = [c.created, c.updated, c.unchanged, c.skipped, c.error, c.merged, c.unmapped].map((n, i) => String(n).padStart(i === 6 ? 8 : i === 2 ? 9 : 7));
        out.push(`    ${type.padEnd(width)}  ${cols.join(' ')}`);
      }
      const errors = report.records.filter((r) => r.status === 'error');
      if (errors.length > 0) {
        out.push(`  errors (${errors.length}):`);
        for (const e of errors.slice(0, 200)) { out.push(`    ${e.file}  ${e.resourceType || '-'}/${e.id || '-'}: ${e.reason ?? ''}`); }
        if (errors.length > 200) { out.push(`    ... and ${errors.length - 200} more (GET /api/admin/importruns has the full report)`); }
      }
      process.stdout.write(out.join('\n') + '\n');
    }
  } finally {
    await app.close();
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`import failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
