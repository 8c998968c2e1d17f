import { loadConfig } from './config/index';
import { buildApp } from './app';
import { assertPublicUrlConfigured } from './lib/public-url';
import { auditKeyWarning } from './features/audit/index';
import { seedDemo } from './seed/demo';
import { seedDemoAssessments } from './features/surveys/index';
import { seedDemoBillableMonth } from './seed/billable-month';

/** Starts Vigil: one port for the API (/api) and the web app. */
async function main() {
  const config = loadConfig();
  // docs/security.md "Links in e-mails": production refuses to start without VIGIL_PUBLIC_URL.
  const linkWarning = assertPublicUrlConfigured(config);
  // docs/audit.md "Checkpoints": a configured key that cannot be read stops the start; a missing one is warned about.
  const auditWarning = auditKeyWarning(config);
  const { app, ctx } = await buildApp(config);
  if (config.seedDemo) {
    const result = await seedDemo(ctx);
    if (result.created) {
      app.log.info(`demo data imported: ${result.summary}`);
      const assessments = await seedDemoAssessments(ctx);
      app.log.info(assessments, 'demo assessments: completed PHQ-9 and GAD-7 surveys of past months');
      const billable = await seedDemoBillableMonth(ctx);
      app.log.info(billable ?? {}, 'demo billing: a billable previous month (hub readings and RPM time with a call), generated');
    }
  }
  await app.listen({ port: config.port, host: config.host });
  if (linkWarning) { app.log.warn(linkWarning); }
  if (auditWarning) { app.log.warn(auditWarning); }
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Vigil is running at ${url}  (API docs: ${url}/api/docs)`,
    `Database: ${ctx.database.kind === 'pglite' ? `embedded PGlite in ${config.pgliteDataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    'Demo logins (password VigilDemo#2026): sysadmin, orgadmin, officeadmin, doctor, nurse, doctor2',
    '  (caregiver and patient exist too; the staff portal refuses them by design)',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`Vigil could not start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
