/**
 * The scheduled monitoring jobs (issue 3 section 4): missed measurements (type 5), reminders
 * (type 4) and daily goals (type 6), once a minute in every API process that has
 * VIGIL_JOBS_ENABLED (default true; off in tests).
 *
 * Scheduler: croner (small, maintained, no dependencies, an in-process timer). Every job is
 * idempotent through `notifications.dedupeKey` (unique per recipient), so two API processes
 * running the same minute write each notification once, and a run that fails is simply covered
 * again by the next one; a queue with persisted jobs (pg-boss) would add tables, polling and a
 * second PGlite connection path for no gain here.
 */
import { Cron } from 'croner';
import type { AppContext } from '../context';
import { loggableError } from '../features/notifications/alerts';
import { closeForgottenTimers } from '../features/time-tracking/time-tracking.service';
import { raiseDailyGoals } from './daily-goal.raise.job';
import { sendMeasurementReminders } from './measurement-reminder.send.job';
import { raiseMissedMeasurements } from './missed-measurement.raise.job';
import { loadActivePlanSchedules, type JobWindow } from './plan-slots';

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

interface Running {
  cron: Cron;
  inFlight: Promise<unknown> | null;
}

const running = new Map<AppContext, Running>();

/**
 * Starts the jobs for this app: a run at second 0 of every minute over the time since the last
 * successful run (at most two hours back). Overlapping runs are skipped. Calling it twice for the
 * same app does nothing.
 */
export function initJobs(ctx: AppContext): void {
  if (running.has(ctx)) return;
  let lastRun = new Date(Date.now() - MAX_LOOKBACK_MS);
  const state: Running = { cron: null as unknown as Cron, inFlight: null };
  state.cron = new Cron('0 * * * * *', { name: undefined, protect: true, unref: true }, async () => {
    const now = new Date();
    const since = new Date(Math.max(lastRun.getTime(), now.getTime() - MAX_LOOKBACK_MS));
    const run = runMonitoringJobs(ctx, { since, now }).then(
      (result) => {
        lastRun = now;
        if (result.missed + result.reminders + result.goals > 0) ctx.log.info(result, 'monitoring jobs: notifications raised');
      },
      (err: unknown) => ctx.log.error({ err: loggableError(err) }, 'monitoring jobs: run failed'),
    );
    // Care time (issue 4): timers left open more than 2 hours end at start + 2 h, flagged autoClosed.
    const timers = closeForgottenTimers(ctx, now).then(
      (closed) => (closed > 0 ? ctx.log.info({ closed }, 'time tracking: forgotten timers closed') : undefined),
      (err: unknown) => ctx.log.error({ err: loggableError(err) }, 'time tracking: closing forgotten timers failed'),
    );
    state.inFlight = Promise.all([run, timers]);
    await state.inFlight;
    state.inFlight = null;
  });
  running.set(ctx, state);
}

/** Stops the jobs of `ctx` (every app's when omitted) and waits for a run in progress. */
export async function closeJobs(ctx?: AppContext): Promise<void> {
  const entries = ctx ? [...running].filter(([c]) => c === ctx) : [...running];
  for (const [c, state] of entries) {
    state.cron.stop();
    running.delete(c);
    await state.inFlight;
  }
}
