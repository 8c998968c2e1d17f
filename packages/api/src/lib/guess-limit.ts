import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Failed guesses per client IP, one table per app (every kind of public token shares it). */
const failuresOf = perContext<Map<string, Failures>>(() => new Map());

function prune(table: Map<string, Failures>, now: number): void {
  if (table.size < MAX_TRACKED_ADDRESSES) { return; }
  for (const [ip, f] of table) { if (f.resetAt <= now) { table.delete(ip); } }
  for (const ip of table.keys()) {
    if (table.size < MAX_TRACKED_ADDRESSES) { break; }
    table.delete(ip);
  }
}

/**
 * Hooks the failed-guess limit onto every route of `scoped` (an encapsulated fastify context
 * holding only public token lookups): a request from an IP with `TOKEN_GUESS_LIMIT.max` failed
 * lookups (answers 404) in the window answers 429 `tooManyRequests` with Retry-After, in the
 * envelope, before its token is read; the window starts at the first failure. Counted in this
 * process (each API process counts its own, so a fleet of N allows N times the budget).
 * `isFailure` says which answers count (404 by default; the SSO callback counts every 4xx).
 */
export function limitTokenGuesses(
  scoped: FastifyInstance,
  ctx: AppContext,
  limit: { max: number; windowMs: number } = TOKEN_GUESS_LIMIT,
  isFailure: (status: number) => boolean = (status) => status === 404,
): void {
  const table = failuresOf(ctx);
  scoped.addHook('onRequest', async (req: FastifyRequest) => {
    const now = Date.now();
    const f = table.get(req.ip);
    if (!f) { return; }
    if (f.resetAt <= now) { table.delete(req.ip); return; }
    if (f.count < limit.max) { return; }
    const seconds = Math.max(1, Math.ceil((f.resetAt - now) / 1000));
    req.lang = requestLang(req);
    throw new AppError('tooManyRequests', 'tooManyRequests', { seconds }, undefined, seconds);
  });
  scoped.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isFailure(reply.statusCode)) { return; }
    const now = Date.now();
    const f = table.get(req.ip);
    if (f && f.resetAt > now) { f.count += 1; return; }
    prune(table, now);
    table.set(req.ip, { count: 1, resetAt: now + limit.windowMs });
  });
}
