/**
 * The app's queues, registered in one place (README "Jobs"): the per-minute monitoring jobs
 * (jobs/index.ts), billing generation runs (features/billing/billing-runs.ts) and e-mail sending
 * (lib/mailer.ts), ICD-10-CM release loads (features/diagnoses/icd10cm-import.ts). Imports from the web (POST admin/import, admin/importupload) still run within
 * their request: their answer is the import's report (spec section 7), and a bundle is one
 * transaction, so a restart loses no half-import.
 */
import type { AppContext } from '../context';
import { billingRunJobDefinition } from '../features/billing/billing-runs';
import { icd10cmImportJobDefinition } from '../features/diagnoses/index';
import { mailJobDefinition } from '../lib/mailer';
import { minuteSchedules, monitoringJobDefinition } from './index';
import { startJobQueue, type JobQueue } from './queue';

/**
 * Starts the queue of `ctx` (without its `jobs`, which the caller sets to the answer): pg-boss on
 * the app's database when VIGIL_JOBS_ENABLED, else the in-process fallback. The caller closes it
 * (`jobs.close()`) before the database.
 */
export function startAppJobs(ctx: Omit<AppContext, 'jobs'> & { jobs?: JobQueue }): Promise<JobQueue> {
  const full = ctx as AppContext;
  return startJobQueue({
    config: ctx.config,
    database: ctx.database,
    log: ctx.log,
    definitions: [monitoringJobDefinition(full), billingRunJobDefinition(full), mailJobDefinition(ctx.mailer, ctx.config.jobsRetryDelaySeconds), icd10cmImportJobDefinition(full)],
    schedules: minuteSchedules,
  });
}
