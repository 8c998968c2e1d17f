/**
 * The app's queues, started in one place (README "Jobs"): the runner's own (the per-minute
 * monitoring jobs of jobs/index.ts, survey occurrences, licence expiry, appointment reminders, the
 * system log's retention rule), e-mail sending (lib/mailer.ts), and every feature module's `jobs`
 * (lib/feature-module.ts; app.ts hands them in: billing generation runs, FHIR imports and their
 * dead letter queue, drug catalogue and ICD-10-CM release loads, Terra webhook deliveries,
 * readings sent to the ECP).
 */
import type { AppContext } from '../context';
import { mailJobDefinition } from '../lib/mailer';
import { appMetrics } from '../lib/metrics';
import { minuteSchedules, monitoringJobDefinition } from './index';
import { startJobQueue, type JobDefinition, type JobName, type JobQueue } from './queue';
import { surveyOccurrencesJobDefinition } from './survey-occurrences.create.job';
import { licenseExpiryJobDefinition } from './license-expiry.run.job';
import { appointmentRemindersJobDefinition } from './appointment-reminders.send.job';
import { systemLogRetentionJobDefinition } from './system-log-retention.run.job';

/**
 * Starts the queue of `ctx` (without its `jobs`, which the caller sets to the answer): pg-boss on
 * the app's database when VIGIL_JOBS_ENABLED, else the in-process fallback, with the runner's own
 * queues and `featureJobs` (the feature modules' queues, built with the full context). The caller
 * closes it (`jobs.close()`) before the database.
 */
export function startAppJobs(ctx: Omit<AppContext, 'jobs'> & { jobs?: JobQueue }, featureJobs: (ctx: AppContext) => JobDefinition<JobName>[]): Promise<JobQueue> {
  const full = ctx as AppContext;
  return startJobQueue({
    config: ctx.config,
    database: ctx.database,
    log: ctx.log,
    definitions: [
      monitoringJobDefinition(full),
      mailJobDefinition(ctx.mailer, ctx.config.jobsRetryDelaySeconds),
      surveyOccurrencesJobDefinition(full),
      licenseExpiryJobDefinition(full),
      appointmentRemindersJobDefinition(full),
      systemLogRetentionJobDefinition(full),
      ...featureJobs(full),
    ],
    schedules: minuteSchedules,
    // docs/operations.md "Metrics": vigil_job_attempts_total per queue and outcome.
    onAttempt: (queue, ok) => appMetrics(full).jobAttempts.inc({ queue, outcome: ok ? 'ok' : 'failed' }),
  });
}
