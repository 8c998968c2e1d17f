import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { AppContext } from '../context';
import { AppError } from './app-error';
import { requestLang } from './lang';
import { perContext } from './per-context';

/**
 * Failed lookups of public tokens (share links, survey links, visit invitations) a client IP may
 * make in a window before every public token lookup answers 429 (docs/security.md "Inbound
 * principals"). A real user mistypes a link a few times; a guesser needs billions of tries.
 */
export const TOKEN_GUESS_LIMIT = { max: 20, windowMs: 15 * 60_000 } as const;

/** Entries kept at most; past it, expired entries go first, then the oldest. */
const MAX_TRACKED_ADDRESSES = 50_000;

interface Failures {
  count: number;
  /** When the window of the first counted failure ends, epoch ms. */
  resetAt: number;
}

function prune(table: Map<string, Failures>, now: number): void {
  if (table.size < MAX_TRACKED_ADDRESSES) { return; }
  for (const [ip, f] of table) { if (f.resetAt <= now) { table.delete(ip); } }
  for (const ip of table.keys()) {
    if (table.size < MAX_TRACKED_ADDRESSES) { break; }
    table.delete(ip);
  }
}

/**
 * Where failed guesses are counted: in this process (the embedded default, one API process) or, when
 * REDIS_URL is set, in Redis, so that every API process of a deployment counts against one budget.
 */
interface GuessStore {
  /** The failures counted for `ip` and the milliseconds left of their window, or null when none. */
  read(ip: string, now: number): Promise<{ count: number; msLeft: number } | null>;
  /** Counts one failed guess of `ip`; the first failure starts a window of `windowMs`. */
  fail(ip: string, now: number, windowMs: number): Promise<void>;
  close(): Promise<void>;
}

function memoryStore(): GuessStore {
  const table = new Map<string, Failures>();
  return {
    async read(ip, now) {
      const f = table.get(ip);
      if (!f) { return null; }
      if (f.resetAt <= now) { table.delete(ip); return null; }
      return { count: f.count, msLeft: f.resetAt - now };
    },
    async fail(ip, now, windowMs) {
      const f = table.get(ip);
      if (f && f.resetAt > now) { f.count += 1; return; }
      prune(table, now);
      table.set(ip, { count: 1, resetAt: now + windowMs });
    },
    async close() {
      table.clear();
    },
  };
}

/**
 * Redis counters: one key per address (its SHA-256, so that no address is stored as such), INCR on
 * a failure and PEXPIRE NX so that the first failure starts the window. Should Redis be unreachable,
 * this process counts on its own meanwhile (`fallback`) rather than letting every guess through.
 */
function redisStore(url: string, log: AppContext['log']): GuessStore {
  // A command waits at most 500 ms (also while connecting): a lookup is never held up by Redis for long.
  const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, commandTimeout: 500 });
  client.on('error', (err: Error) => log.warn({ err: err.message }, 'guess limit: redis error'));
  const fallback = memoryStore();
  const keyOf = (ip: string) => `vigil:guess:${createHash('sha256').update(ip).digest('base64url')}`;
  return {
    async read(ip, now) {
      try {
        const [[, count], [, msLeft]] = (await client.multi().get(keyOf(ip)).pttl(keyOf(ip)).exec()) as [[unknown, string | null], [unknown, number]];
        if (count === null || msLeft <= 0) { return null; }
        return { count: Number(count), msLeft };
      } catch {
        return fallback.read(ip, now);
      }
    },
    async fail(ip, now, windowMs) {
      try {
        await client.multi().incr(keyOf(ip)).pexpire(keyOf(ip), windowMs, 'NX').exec();
      } catch {
        await fallback.fail(ip, now, windowMs);
      }
    },
    async close() {
      client.disconnect();
      await fallback.close();
    },
  };
}

/** Failed guesses per client IP, one store per app (every kind of public token shares it). */
const storeOf = perContext<GuessStore>((ctx) => (ctx.config.redisUrl ? redisStore(ctx.config.redisUrl, ctx.log) : memoryStore()));

/**
 * Hooks the failed-guess limit onto every route of `scoped` (an encapsulated fastify context
 * holding only public token lookups): a request from an IP with `TOKEN_GUESS_LIMIT.max` failed
 * lookups (answers 404) in the window answers 429 `tooManyRequests` with Retry-After, in the
 * envelope, before its token is read; the window starts at the first failure. Counted in Redis when
 * REDIS_URL is set (one budget for every API process), otherwise in this process.
 * `isFailure` says which answers count (404 by default; the SSO callback counts every 4xx).
 */
export function limitTokenGuesses(
  scoped: FastifyInstance,
  ctx: AppContext,
  limit: { max: number; windowMs: number } = TOKEN_GUESS_LIMIT,
  isFailure: (status: number) => boolean = (status) => status === 404,
): void {
  const store = storeOf(ctx);
  scoped.addHook('onClose', async () => store.close());
  scoped.addHook('onRequest', async (req: FastifyRequest) => {
    const f = await store.read(req.ip, Date.now());
    if (!f || f.count < limit.max) { return; }
    const seconds = Math.max(1, Math.ceil(f.msLeft / 1000));
    req.lang = requestLang(req);
    throw new AppError('tooManyRequests', 'tooManyRequests', { seconds }, undefined, seconds);
  });
  scoped.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isFailure(reply.statusCode)) { return; }
    await store.fail(req.ip, Date.now(), limit.windowMs);
  });
}

/**
 * The same failed-guess budget for a caller that is not an HTTP route (a guest socket's
 * `guestInit`, realtime/socket.ts): the seconds until `ip` may guess again when its budget is spent,
 * or null when it may try now.
 */
export async function guessesExhausted(ctx: AppContext, ip: string, limit: { max: number } = TOKEN_GUESS_LIMIT): Promise<number | null> {
  const f = await storeOf(ctx).read(ip, Date.now());
  return f && f.count >= limit.max ? Math.max(1, Math.ceil(f.msLeft / 1000)) : null;
}

/** Counts one failed guess of `ip` (a token that matched nothing) against the shared budget. */
export async function countFailedGuess(ctx: AppContext, ip: string, limit: { windowMs: number } = TOKEN_GUESS_LIMIT): Promise<void> {
  await storeOf(ctx).fail(ip, Date.now(), limit.windowMs);
}
