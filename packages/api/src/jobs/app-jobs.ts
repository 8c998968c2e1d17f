/**
 * The app's queues, registered in one place (README "Jobs"): the per-minute monitoring jobs
 * (jobs/index.ts), billing generation runs (features/billing/billing-runs.ts), FHIR imports from
 * the web (POST admin/import, admin/importupload: features/import/import-runs.ts, with their dead
 * letter queue), e-mail sending (lib/mailer.ts) and ICD-10-CM release loads
 * (features/diagnoses/icd10cm-import.ts) Terra webhook deliveries (features/terra/terra-events.ts) and readings sent to the ECP
 * (features/ecp/ecp-send.ts), and the system log's retention rule (jobs/system-log-retention.run.job.ts).
 */
import type { AppContext } from '../context';
import { billingRunJobDefinition } from '../features/billing/index';
import { importRunFailedJobDefinition, importRunJobDefinition } from '../features/import/index';
import { icd10cmImportJobDefinition } from '../features/diagnoses/index';
import { mailJobDefinition } from '../lib/mailer';
import { drugImportJobDefinition } from '../features/prescriptions/index';
import { terraEventJobDefinition } from '../features/terra/index';
import { ecpSendJobDefinition } from '../features/ecp/index';
import { minuteSchedules, monitoringJobDefinition } from './index';
import { startJobQueue, type JobQueue } from './queue';
import { surveyOccurrencesJobDefinition } from './survey-occurrences.create.job';
import { licenseExpiryJobDefinition } from './license-expiry.run.job';
import { appointmentRemindersJobDefinition } from './appointment-reminders.send.job';
import { systemLogRetentionJobDefinition } from './system-log-retention.run.job';

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
    definitions: [
      monitoringJobDefinition(full),
      billingRunJobDefinition(full),
      importRunJobDefinition(full),
      importRunFailedJobDefinition(full),
      mailJobDefinition(ctx.mailer, ctx.config.jobsRetryDelaySeconds),
      surveyOccurrencesJobDefinition(full),
      drugImportJobDefinition(full),
      icd10cmImportJobDefinition(full),
      licenseExpiryJobDefinition(full),
      appointmentRemindersJobDefinition(full),
      systemLogRetentionJobDefinition(full),
      terraEventJobDefinition(full),
      ecpSendJobDefinition(full),
    ],
    schedules: minuteSchedules,
  });
}
