import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { repoRoot } from '../config/index';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { appMetrics } from '../lib/metrics';

/** Where Prometheus scrapes, and the two probes (docs/operations.md). Outside /api: no session, no envelope of the spec. */
export const METRICS_PATH = '/metrics';
export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';

/** How long /readyz waits for the database and for Redis before it calls them down, in ms. */
export const READY_CHECK_TIMEOUT_MS = 2000;

/**
 * The allow-list of /metrics as a `net.BlockList` (used as a match list). Entries are addresses
 * (`10.0.0.5`, `::1`) or CIDR ranges (`10.0.0.0/8`). Throws a readable error on a bad entry
 * (start-up stops rather than silently allowing nobody or everybody).
 */
export function metricsAllowList(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = net.isIP(address ?? '');
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (family === 0 || (bits !== undefined && (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)))) {
      throw new Error(`VIGIL_METRICS_ALLOW: "${entry}" is neither an address nor a CIDR range`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) { list.addAddress(address!, type); }
    else { list.addSubnet(address!, bits, type); }
  }
  return list;
}

/** The connection's own peer address (never X-Forwarded-For), IPv4-mapped IPv6 written as IPv4. */
function peerAddress(req: FastifyRequest): string | undefined {
  const raw = req.raw.socket.remoteAddress;
  return raw?.startsWith('::ffff:') && net.isIPv4(raw.slice(7)) ? raw.slice(7) : raw;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Decides a /metrics request (docs/operations.md "Metrics"):
 * - `Authorization: Bearer <VIGIL_METRICS_TOKEN>` is let in from anywhere (compared in constant time);
 *   a wrong bearer token is refused 401;
 * - else a DIRECT connection from an allow-listed address is let in. A request that came through a
 *   proxy (it carries X-Forwarded-For or Forwarded) never is: HAProxy on this machine connects from
 *   127.0.0.1, so the loopback default would otherwise open the metrics to the internet;
 * - anything else is refused 403. With neither a token nor an allow-list (production's default),
 *   nobody reads them.
 * Throws AppError ('unauthorized' | 'forbidden', message `metricsRefused`).
 */
export function checkMetricsAccess(req: FastifyRequest, token: string | undefined, allow: net.BlockList): void {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && /^bearer /i.test(auth)) {
    if (token && timingSafeEqual(digest(auth.slice(7).trim()), digest(token))) { return; }
    throw new AppError('unauthorized', 'metricsRefused');
  }
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  const address = peerAddress(req);
  if (!proxied && address && allow.check(address, net.isIPv4(address) ? 'ipv4' : 'ipv6')) { return; }
  throw new AppError('forbidden', 'metricsRefused');
}

/** The last migration of the code (drizzle's journal `when`, which drizzle stores as the applied row's created_at). */
function lastMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(repoRoot, 'packages/api/src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** What /readyz answers: each check, and the first failing one's reason (no PHI, no connection strings). */
export interface Readiness {
  status: 'ready' | 'notReady';
  checks: { database: 'ok' | 'down'; migrations: 'ok' | 'pending' | 'unknown'; redis: 'ok' | 'down' | 'notConfigured'; process: 'ok' | 'closing' };
  reason?: string;
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => { timer = setTimeout(() => resolve(onTimeout), ms); });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The readiness of this process (docs/operations.md "Probes"): the database answers within
 * READY_CHECK_TIMEOUT_MS and holds every migration of this code (drizzle's table), Redis answers
 * PING when REDIS_URL is set (the sockets' fan-out needs it), and the process is not closing.
 * Never throws.
 */
export async function checkReadiness(ctx: AppContext, closing: boolean, expectedMigration: number): Promise<Readiness> {
  const database = withTimeout(
    ctx.db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`).then(
      (result) => {
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ last: string | number | null }>;
        const last = Number(rows[0]?.last ?? 0);
        return { database: 'ok' as const, migrations: last >= expectedMigration ? ('ok' as const) : ('pending' as const) };
      },
      () => ({ database: 'down' as const, migrations: 'unknown' as const }),
    ),
    READY_CHECK_TIMEOUT_MS,
    { database: 'down' as const, migrations: 'unknown' as const },
  );
  const [db, redis] = await Promise.all([database, ctx.realtime.redisStatus(READY_CHECK_TIMEOUT_MS)]);
  const checks: Readiness['checks'] = { ...db, redis, process: closing ? 'closing' : 'ok' };
  const reason =
    checks.process === 'closing'
      ? 'the process is shutting down'
      : checks.database === 'down'
        ? 'the database does not answer'
        : checks.migrations === 'pending'
          ? 'the database lacks migrations of this version'
          : checks.redis === 'down'
            ? 'Redis does not answer'
            : undefined;
  return reason ? { status: 'notReady', checks, reason } : { status: 'ready', checks };
}

/**
 * Registers the operations endpoints and the request metrics (docs/operations.md):
 * - an `onResponse` hook counting every answer by method, ROUTE PATTERN and status, with its
 *   duration (lib/metrics.ts);
 * - `GET /metrics`: Prometheus text format, behind `checkMetricsAccess`;
 * - `GET /healthz`: 200 while the process runs (no dependency is checked: a restart cures nothing
 *   a database outage causes);
 * - `GET /readyz`: 200 when `checkReadiness` says ready, else 503 with the checks and the reason
 *   (the load balancer stops sending requests to this process).
 * The probes need no session and are not rate-limited (@fastify/rate-limit is per route here).
 * Throws at registration when VIGIL_METRICS_ALLOW holds a bad entry.
 */
export function registerOperations(app: FastifyInstance, ctx: AppContext): void {
  const metrics = appMetrics(ctx);
  const allow = metricsAllowList(ctx.config.metrics.allow);
  const expectedMigration = lastMigrationMillis();
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    // The pattern, never the raw URL (ids, tokens); a request no route matched is `unmatched`.
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    config: { public: true },
    handler: async (req, reply) => {
      checkMetricsAccess(req, ctx.config.metrics.token, allow);
      const text = await metrics.registry.metrics();
      return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
    },
  });
  app.route({
    method: 'GET',
    url: HEALTHZ_PATH,
    config: { public: true },
    handler: async (_req, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }),
  });
  app.route({
    method: 'GET',
    url: READYZ_PATH,
    config: { public: true },
    handler: async (_req, reply) => {
      const readiness = await checkReadiness(ctx, closing, expectedMigration);
      return reply.code(readiness.status === 'ready' ? 200 : 503).header('Cache-Control', 'no-store').send(readiness);
    },
  });
}
