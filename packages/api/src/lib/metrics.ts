import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context';
import { perContext } from './per-context';

/**
 * The Prometheus metrics of one API process (docs/operations.md "Metrics"), kept per application
 * context so that each test app counts its own requests (the tests share modules, vitest.config.ts).
 *
 * Labels never carry PHI or raw URLs: a request is labelled with its ROUTE PATTERN
 * (`/api/patient/:id`, Fastify's `routeOptions.url`), never the path it was called with; a request
 * that matched no route is `unmatched`. Queues are labelled with their pg-boss name, readings with
 * their outcome and caller kind only.
 */
export interface AppMetrics {
  registry: Registry;
  /** Requests answered, by method, route pattern and status code. */
  httpRequests: Counter<'method' | 'route' | 'status'>;
  /** Time from the request's arrival to its answer being sent, in seconds. */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Readings posted to `medicaldevicesdata`: outcome stored | duplicate | rejected; source hub | staff | terra. */
  readings: Counter<'outcome' | 'source'>;
  /** Job attempts worked by this process: outcome ok | failed, per queue. */
  jobAttempts: Counter<'queue' | 'outcome'>;
}

/** Seconds: from 5 ms (a cached lookup) to 10 s (an export), the answers operators look at. */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Reads gauges at scrape time; a reading that fails is left out of the scrape (never fails it). */
async function safely(read: () => Promise<void> | void): Promise<void> {
  try {
    await read();
  } catch {
    // A database that is down must not make /metrics answer 500: /readyz says why.
  }
}

function createMetrics(ctx: AppContext): AppMetrics {
  const registry = new Registry();
  // Node's process metrics (CPU, memory, event-loop delay, handles), prefixed like ours.
  collectDefaultMetrics({ register: registry, prefix: 'vigil_' });
  const httpRequests = new Counter({ name: 'vigil_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const httpDuration = new Histogram({
    name: 'vigil_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status (seconds)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers: [registry],
  });
  const readings = new Counter({ name: 'vigil_readings_total', help: 'Readings posted for ingestion, by outcome (stored, duplicate, rejected) and source', labelNames: ['outcome', 'source'] as const, registers: [registry] });
  const jobAttempts = new Counter({ name: 'vigil_job_attempts_total', help: 'Job attempts worked by this process, by queue and outcome (ok, failed)', labelNames: ['queue', 'outcome'] as const, registers: [registry] });

  new Gauge({
    name: 'vigil_sockets',
    help: 'Initialised real-time sockets held by this process',
    registers: [registry],
    collect() {
      this.set(ctx.realtime.clients().length);
    },
  });
  new Gauge({
    name: 'vigil_job_queue_jobs',
    help: 'Jobs in the pg-boss queues by queue and state (created and retry are the depth; failed are failures kept for review)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      await safely(async () => {
        const states = ctx.jobs ? await ctx.jobs.states() : [];
        this.reset();
        for (const s of states) { this.set({ queue: s.queue, state: s.state }, s.count); }
      });
    },
  });
  // node-postgres pools only: PGlite has one in-process connection and no pool to report.
  if (ctx.database.pools) {
    const pools = ctx.database.pools;
    const poolGauge = (name: string, help: string, read: (p: (typeof pools)[number]['pool']) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [registry],
        collect() {
          for (const p of pools) { this.set({ pool: p.name }, read(p.pool)); }
        },
      });
    poolGauge('vigil_db_pool_connections', 'PostgreSQL connections open in the pool', (p) => p.totalCount);
    poolGauge('vigil_db_pool_idle_connections', 'PostgreSQL connections idle in the pool', (p) => p.idleCount);
    poolGauge('vigil_db_pool_waiting_requests', 'Queries waiting for a PostgreSQL connection', (p) => p.waitingCount);
  }
  return { registry, httpRequests, httpDuration, readings, jobAttempts };
}

/** The metrics of `ctx`'s app, created on first use. */
export const appMetrics = perContext(createMetrics);

/**
 * Counts one ingestion request's readings (features/measurements `ingest`): `stored` new rows,
 * `duplicates` repeats answered with the original's id, `rejected` refused readings. Never throws.
 */
export function countReadings(ctx: AppContext, source: 'hub' | 'staff' | 'terra', counts: { stored: number; duplicates: number; rejected: number }): void {
  const { readings } = appMetrics(ctx);
  if (counts.stored > 0) { readings.inc({ outcome: 'stored', source }, counts.stored); }
  if (counts.duplicates > 0) { readings.inc({ outcome: 'duplicate', source }, counts.duplicates); }
  if (counts.rejected > 0) { readings.inc({ outcome: 'rejected', source }, counts.rejected); }
}
