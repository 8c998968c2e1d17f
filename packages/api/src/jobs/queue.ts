/**
 * The job queue of the app (README "Jobs"): pg-boss 10.4 on the app's own database, PostgreSQL
 * (the app's pool) or the embedded PGlite (its single connection), so that work which must survive
 * a restart and run once when several API processes serve one database is a row in the database,
 * not a promise in one process.
 *
 * - `VIGIL_JOBS_ENABLED=false`: no queue. Work runs inside the process that asked for it (as
 *   before: not durable), and the scheduled monitoring jobs do not run in this process.
 * - `VIGIL_JOBS_ENABLED=true` (default): pg-boss is started (its schema `pgboss` is created on the
 *   first start, migrated on upgrades). With `VIGIL_JOBS_WORKERS=true` (default) this process also
 *   works the queues and ticks the schedules; with `false` it only enqueues (a process that serves
 *   requests only), and another process works the jobs.
 *
 * Run once per slot: every process with workers ticks each schedule (second 30 of each minute, so
 * that clocks a few seconds apart still name the same minute) and enqueues the slot's job with a
 * pg-boss singleton key and a 60-second singleton window. pg-boss derives the window from the
 * DATABASE's clock and a unique index (name, singleton_on, singleton_key) refuses the second
 * insert, so a slot has one job however many processes tick; workers fetch with
 * `FOR UPDATE SKIP LOCKED`, so a job runs in one process.
 *
 * PGlite: its one connection serialises statements, and a transaction holds it until it ends. A
 * job must therefore never be enqueued INSIDE a database transaction (the enqueue would wait for
 * the transaction that waits for it); every enqueue here happens after the caller's commit.
 */
import PgBoss from 'pg-boss';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/index';
import type { Database } from '../db/client';
import type { Scope } from '../db/scope';
import { recordSystemLog } from '../lib/system-log';

/** The queues of the app and the payload of each (JSON; never PHI: ids and scope only). */
export interface JobPayloads {
  /** One minute of the monitoring jobs (missed measurements, reminders, daily goals, forgotten timers). */
  'monitoring-minute': Record<string, never>;
  /** A billing generation run (features/billing/billing-runs.ts), worked with the scope of the user who started it. */
  'billing-run': { runId: number; scope: Scope };
  /** One e-mail of the outbox (lib/mailer.ts). */
  'mail-send': { outboxId: number };
  /** One minute of survey scheduling: due surveys and client-plan recurrences (jobs/survey-occurrences.create.job.ts). */
  'survey-occurrences': Record<string, never>;
  /** A FHIR import queued from the web (features/import/import-runs.ts); what it imports is in its `import_runs` row. */
  'import-run': { runId: number };
  /** pg-boss's dead letter of `import-run`: a run whose last attempt failed, even in a process that died (import-runs.ts). */
  'import-run-failed': { runId: number };
  /** A drug-product file load (features/prescriptions/drug-import.ts); the file waits in its `drug_import_runs` row. */
  'drug-import': { runId: number };
  /** Loading an uploaded ICD-10-CM release (features/diagnoses/icd10cm-import.ts), with the system admin's scope. */
  'icd10cm-import': { releaseId: number; scope: Scope };
  /** One minute of licence expiry in each office's time zone (jobs/license-expiry.run.job.ts). */
  'license-expiry': Record<string, never>;
  /** One minute of the system log's retention rule (jobs/system-log-retention.run.job.ts). */
  'system-log-retention': Record<string, never>;
  /** One minute of SSO session refreshes (features/sso `refreshDueSessions`; docs/security.md "Single sign-on"). */
  'sso-refresh': Record<string, never>;
  /** One minute of appointment reminders (jobs/appointment-reminders.send.job.ts). */
  'appointment-reminders': Record<string, never>;
  /** A stored Terra webhook delivery to process (features/terra/terra-events.ts); the payload waits in its `terra_events` row. */
  'terra-event': { eventId: number };
  /** One minute of audit checkpoints: an incremental check and, when due and whole, a signed checkpoint (features/audit/checkpoints.service.ts). */
  'audit-checkpoint': Record<string, never>;
  /** A full re-check of the audit trail; its progress and verdict go to its `audit_verifications` row. */
  'audit-full-check': { runId: number };
  /** One reviewed reading to send to the ECP (features/ecp/ecp-send.ts); what it sends is in its `ecp_outbound` row. */
  'ecp-send': { outboundId: number };
}
export type JobName = keyof JobPayloads;

/** What a handler knows about its job: pg-boss's id, the attempt (0 first) and how many retries it has. */
export interface JobInfo {
  id: string;
  retryCount: number;
  retryLimit: number;
  /** When the job was created (database clock). */
  createdOn: Date;
}

/** A queue's worker: its retry policy and the function that does one job (its return value is stored as the job's output). */
export interface JobDefinition<N extends JobName> {
  name: N;
  /** Retries after the first attempt (pg-boss retryLimit). */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (retryBackoff). */
  retryDelaySeconds: number;
  /** An attempt running longer than this is failed (and retried) by pg-boss's maintenance. */
  expireInSeconds: number;
  /**
   * The queue that receives a job whose last attempt failed (pg-boss `deadLetter`), also when its
   * process died and pg-boss's maintenance expired it, so the handler's own catch never ran.
   */
  deadLetter?: JobName;
  handler: (data: JobPayloads[N], job: JobInfo) => Promise<unknown>;
}

/** A schedule ticked once a minute by every worker process; the slot's job is enqueued once. */
export interface MinuteSchedule {
  name: JobName;
}

/** The app's queue. */
export interface JobQueue {
  /** True when jobs go through pg-boss (VIGIL_JOBS_ENABLED); false: `enqueue` runs the handler in this process. */
  readonly durable: boolean;
  /**
   * Enqueues a job (after the caller's commit, never inside a transaction). Without the queue the
   * handler runs now in this process, in the background (errors are logged), like before the
   * queue existed. Answers pg-boss's job id, or null when the job ran inline or a singleton refused it.
   */
  enqueue<N extends JobName>(name: N, data: JobPayloads[N], opts?: { singletonKey?: string; singletonSeconds?: number; startAfterSeconds?: number }): Promise<string | null>;
  /** Enqueues the current minute's job of every schedule (what the per-minute timer calls). */
  tick(): Promise<void>;
  /**
   * How many jobs each queue holds in each pg-boss state (created, retry, active, completed,
   * cancelled, failed), for the metrics (docs/operations.md "Metrics"); empty without the queue.
   */
  states(): Promise<Array<{ queue: string; state: string; count: number }>>;
  /** pg-boss, for tests and the admin view; null without the queue. */
  readonly boss: PgBoss | null;
  /** Stops the timer and the workers, waits for jobs in progress (at most `VIGIL_JOBS_STOP_SECONDS`), then detaches. */
  close(): Promise<void>;
}

/** The SQL runner pg-boss is given (its `db` option): the app's pool, or PGlite's one connection. */
function bossDb(database: Database, isClosed: () => boolean): { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } {
  if (database.pool) {
    const pool = database.pool;
    return {
      executeSql: async (text, values) => (isClosed() ? { rows: [] } : ((await pool.query(text, values as unknown[])) as unknown as { rows: unknown[] })),
    };
  }
  const pglite = database.pglite!;
  return {
    executeSql: async (text, values) => {
      if (isClosed()) { return { rows: [] }; }
      // query() runs one statement with parameters; exec() runs a script (the schema's creation).
      if (values?.length) { return (await pglite.query(text, values)) as { rows: unknown[] }; }
      const results = await pglite.exec(text);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
  };
}

/** The minute slot's singleton options: one job per queue per database minute. */
export const minuteSingleton = (name: JobName) => ({ singletonKey: name, singletonSeconds: 60 });

/**
 * Starts the queue for an app. `definitions` are the queues' workers (registered only when this
 * process works jobs) and `schedules` the per-minute ones. `log` gets pg-boss's errors (never job
 * data). Throws when pg-boss cannot create or check its schema.
 */
export async function startJobQueue(opts: {
  config: AppConfig;
  database: Database;
  log: FastifyBaseLogger;
  definitions: JobDefinition<JobName>[];
  schedules: MinuteSchedule[];
  /** Told of every attempt this process works (the metrics' job counter); must not throw. */
  onAttempt?: (queue: JobName, ok: boolean) => void;
}): Promise<JobQueue> {
  const { config, database, log, definitions, schedules } = opts;
  const onAttempt = opts.onAttempt ?? (() => undefined);
  const byName = new Map(definitions.map((d) => [d.name, d]));
  // Each attempt of a job is a system log line (docs/audit.md "System logs"): queue, job id, attempt and the error's kind, never the job's data.
  const jobLog = (queue: string, jobId: string, attempt: number, err: unknown) =>
    recordSystemLog(database.db, {
      level: err ? 'error' : 'info',
      kind: err ? 'jobFailure' : 'jobRun',
      source: queue,
      message: err ? 'Job attempt failed' : 'Job run',
      details: { jobId, attempt, ...(err ? { errName: err instanceof Error ? err.name : typeof err, errCode: typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : undefined } : {}) },
    });

  if (!config.jobsEnabled) {
    const inFlight = new Set<Promise<unknown>>();
    return {
      durable: false,
      boss: null,
      async enqueue(name, data) {
        const def = byName.get(name);
        if (!def) { throw new Error(`no worker for queue ${name}`); }
        const work = def
          .handler(data, { id: 'inline', retryCount: 0, retryLimit: 0, createdOn: new Date() })
          .then(
            () => {
              onAttempt(name, true);
              return jobLog(name, 'inline', 1, null);
            },
            (err: unknown) => {
              onAttempt(name, false);
              log.error({ err: errorOf(err), queue: name }, 'job failed');
              return jobLog(name, 'inline', 1, err);
            },
          )
          .finally(() => inFlight.delete(work));
        inFlight.add(work);
        return null;
      },
      async tick() {},
      states: async () => [],
      async close() {
        await Promise.allSettled([...inFlight]);
      },
    };
  }

  let closed = false;
  const boss = new PgBoss({
    db: bossDb(database, () => closed),
    schema: 'pgboss',
    // Maintenance (expire stuck jobs -> retry, archive, delete) only where jobs are worked.
    supervise: config.jobWorkers,
    // pg-boss's own cron is not used: the per-minute ticks below carry the singleton keys.
    schedule: false,
    migrate: true,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err: Error) => {
    if (!closed) { log.error({ err: errorOf(err) }, 'job queue error'); }
  });
  await boss.start();
  // A dead-letter queue is created before the queues that name it (pg-boss's foreign key).
  for (const def of [...definitions].sort((x, y) => Number(!!x.deadLetter) - Number(!!y.deadLetter))) {
    await boss.createQueue(def.name, {
      name: def.name,
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: def.expireInSeconds,
      ...(def.deadLetter ? { deadLetter: def.deadLetter } : {}),
    });
  }

  const workerIds: string[] = [];
  if (config.jobWorkers) {
    for (const def of definitions) {
      const id = await boss.work<JobPayloads[JobName]>(
        def.name,
        { pollingIntervalSeconds: config.jobsPollSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) { return undefined; }
          try {
            const result = await def.handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, createdOn: job.createdOn });
            void jobLog(def.name, job.id, job.retryCount + 1, null);
            onAttempt(def.name, true);
            return result;
          } catch (err) {
            onAttempt(def.name, false);
            log.error({ err: errorOf(err), queue: def.name, jobId: job.id, attempt: job.retryCount + 1 }, 'job attempt failed');
            void jobLog(def.name, job.id, job.retryCount + 1, err);
            throw err;
          }
        },
      );
      workerIds.push(id);
    }
  }

  const enqueue: JobQueue['enqueue'] = async (name, data, o = {}) => {
    if (closed) { throw new Error('the job queue is closed'); }
    const def = byName.get(name);
    const id = await boss.send(name, data as object, {
      ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
      ...(o.singletonSeconds ? { singletonSeconds: o.singletonSeconds } : {}),
      ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
      ...(def ? { retryLimit: def.retryLimit, retryDelay: def.retryDelaySeconds, retryBackoff: true, expireInSeconds: def.expireInSeconds } : {}),
      ...(def?.deadLetter ? { deadLetter: def.deadLetter } : {}),
    });
    // Wake this process's worker at once instead of at its next poll.
    if (id && config.jobWorkers) { for (const w of workerIds) { boss.notifyWorker(w); } }
    return id;
  };

  const tick = async () => {
    for (const s of schedules) { await enqueue(s.name, {} as never, minuteSingleton(s.name)); }
  };

  // Second 30 of every minute: the middle of the database's minute window even when clocks differ by seconds.
  const cron = config.jobWorkers && schedules.length > 0
    ? new Cron('30 * * * * *', { protect: true, unref: true }, async () => {
        await tick().catch((err: unknown) => log.error({ err: errorOf(err) }, 'job schedule tick failed'));
      })
    : null;

  const sql = bossDb(database, () => closed);
  return {
    durable: true,
    boss,
    enqueue,
    tick,
    // pg-boss's own count (its countStates plan) over the job table; the archive is not counted.
    async states() {
      const { rows } = await sql.executeSql('SELECT name, state, count(*)::int AS count FROM pgboss.job GROUP BY name, state');
      return (rows as Array<{ name: string; state: string; count: number }>).map((r) => ({ queue: r.name, state: r.state, count: Number(r.count) }));
    },
    async close() {
      if (closed) { return; }
      cron?.stop();
      // Graceful: stops fetching, waits for the jobs in progress (a job still running at the
      // timeout is failed, and retried by a process that is still up).
      await boss.stop({ graceful: true, wait: true, close: false, timeout: config.jobsStopSeconds * 1000 });
      closed = true;
    },
  };
}

/** An error for the log: its name, message and code, never the job's data or SQL values. */
function errorOf(err: unknown): { name?: string; message: string; code?: string } {
  const e = err as { name?: string; message?: string; code?: string };
  return { name: e?.name, message: String(e?.message ?? err).split('\n')[0]!.slice(0, 300), code: e?.code };
}
