/**
 * The scheduled monitoring jobs: missed measurements (type 5), reminders
 * (type 4) and daily goals (type 6), and closing forgotten care-time timers, once a minute.
 *
 * They run as the pg-boss queue `monitoring-minute` (jobs/queue.ts; README "Jobs"): every API
 * process with workers ticks the schedule, the minute's job is enqueued once (a singleton key on
 * the database's minute) and worked by one process. A run covers the time since the end of the
 * last completed run (its output, kept in pgboss.job), at most two hours back. Every job is
 * idempotent through `notifications.dedupeKey` (unique per recipient), so a retried or
 * overlapping run writes nothing twice.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { loggableError } from '../lib/loggable-error';
import { closeForgottenTimers } from '../features/time-tracking/index';
import { expireRingsNow } from '../features/appointments/index';
import { raiseDailyGoals } from './daily-goal.raise.job';
import { sendMeasurementReminders } from './measurement-reminder.send.job';
import { raiseMissedMeasurements } from './missed-measurement.raise.job';
import { loadActivePlanSchedules, type JobWindow } from './plan-slots';
import type { JobDefinition, JobName, MinuteSchedule } from './queue';

export type { JobWindow };

/** On start, and after failures, a run looks back at most this far (older deadlines are not alerted). */
export const MAX_LOOKBACK_MS = 2 * 3_600_000;

/** What one run wrote. */
export interface JobsRunResult {
  missed: number;
  reminders: number;
  goals: number;
}

/**
 * One run of every monitoring job over the span (`since`, `now`], with the active plans loaded
 * once. Tests call it with an injected clock.
 */
export async function runMonitoringJobs(ctx: AppContext, window: JobWindow): Promise<JobsRunResult> {
  const schedules = await loadActivePlanSchedules(ctx);
  return {
    missed: await raiseMissedMeasurements(ctx, schedules, window),
    reminders: await sendMeasurementReminders(ctx, schedules, window),
    goals: await raiseDailyGoals(ctx, schedules, window),
  };
}

/** What a monitoring-minute job stores as its output: the end of the span it covered, and what it wrote. */
export interface MonitoringOutput extends JobsRunResult {
  /** ISO instant: the next run starts here. */
  until: string;
  timersClosed: number;
}

/** The end of the span of the last completed monitoring run (from pg-boss's job table), or null. */
async function lastCoveredUntil(ctx: AppContext): Promise<Date | null> {
  const result = (await ctx.db.execute(
    sql`select output->>'until' as until from pgboss.job
         where name = 'monitoring-minute' and state = 'completed' and output ? 'until'
         order by completed_on desc limit 1`,
  )) as unknown as { rows: { until: string | null }[] };
  const until = result.rows[0]?.until;
  return until ? new Date(until) : null;
}

/**
 * One monitoring minute: the span (`since`, now] where `since` is the end of the last completed
 * run (queue) or of this process's last run (no queue), at most MAX_LOOKBACK_MS back.
 */
export async function runMonitoringMinute(ctx: AppContext, now = new Date()): Promise<MonitoringOutput> {
  const last = ctx.jobs.durable ? await lastCoveredUntil(ctx) : (inlineLastRun.get(ctx) ?? null);
  const since = new Date(Math.max(last?.getTime() ?? 0, now.getTime() - MAX_LOOKBACK_MS));
  const result = await runMonitoringJobs(ctx, { since, now });
  if (result.missed + result.reminders + result.goals > 0) { ctx.log.info(result, 'monitoring jobs: notifications raised'); }
  // Care time (features/time-tracking, the 2-hour cap): timers left open more than 2 hours end at start + 2 h, flagged autoClosed.
  const timersClosed = await closeForgottenTimers(ctx, now).catch((err: unknown) => {
    ctx.log.error({ err: loggableError(err) }, 'time tracking: closing forgotten timers failed');
    return 0;
  });
  if (timersClosed > 0) { ctx.log.info({ closed: timersClosed }, 'time tracking: forgotten timers closed'); }
  // Video visits (docs/video-visits.md "Ringing"): rings unanswered after VIGIL_RING_TIMEOUT_SECONDS are missed.
  const ringsMissed = await expireRingsNow(ctx, now).catch((err: unknown) => {
    ctx.log.error({ err: loggableError(err) }, 'video visits: expiring rings failed');
    return 0;
  });
  if (ringsMissed > 0) { ctx.log.info({ missed: ringsMissed }, 'video visits: unanswered rings missed'); }
  if (!ctx.jobs.durable) { inlineLastRun.set(ctx, now); }
  return { ...result, until: now.toISOString(), timersClosed };
}

/** Without the queue: the end of this process's last run, per app. */
const inlineLastRun = new WeakMap<AppContext, Date>();

/** The monitoring queue's worker: no retries (the next minute covers a failed one). */
export function monitoringJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'monitoring-minute',
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 15 * 60,
    handler: async () => runMonitoringMinute(ctx),
  };
}

/** The schedules ticked every minute (jobs/queue.ts). */
export const minuteSchedules: MinuteSchedule[] = [{ name: 'monitoring-minute' }, { name: 'survey-occurrences' }, { name: 'license-expiry' }, { name: 'appointment-reminders' }, { name: 'system-log-retention' }, { name: 'audit-checkpoint' }, { name: 'sso-refresh' }];
