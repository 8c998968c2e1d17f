import type { AppContext } from '../context';
import { perContext } from './per-context';
import type { Scope } from '../db/scope';

/** A SessionGuid resolved to its caller: the frozen scope and the session's clocks. */
export interface ResolvedSession {
  scope: Scope;
  expiresAt: Date;
  lastSeenAt: Date;
}

/**
 * Resolves a SessionGuid to its caller, or null (the auth feature's `resolveSession`). The auth
 * plugin and the real-time socket are given it by app.ts: they import no feature
 * (docs/architecture.md "Feature boundaries").
 */
export type SessionResolver = (ctx: AppContext, token: string) => Promise<ResolvedSession | null>;

/** A resolved session as the cache keeps it: the frozen scope and the session's clocks (epoch ms). */
export interface CachedSession {
  scope: Scope;
  expiresAtMs: number;
  lastSeenAtMs: number;
  /** When this entry must be read from the database again (epoch ms). */
  cachedUntilMs: number;
}

interface SessionCache {
  entries: Map<string, CachedSession>;
  /**
   * Bumped by every clear: a lookup that read the database before a change (say, a request racing
   * a sign-out) does not put what it read into the cache after the change cleared it.
   */
  generation: number;
}

const MAX_CACHED = 20_000;

/** Per application context (each test app has its own database): session token hash -> resolved session; emptied when another process reports a change. */
const cacheOf = perContext((ctx): SessionCache => {
  const cache: SessionCache = { entries: new Map(), generation: 0 };
  ctx.realtime.onScopesChanged(() => clear(cache));
  return cache;
});

function clear(cache: SessionCache): void {
  cache.entries.clear();
  cache.generation++;
}

/** The cache's generation: read it before looking a session up in the database, give it to `rememberSession`. */
export function sessionGeneration(ctx: AppContext): number {
  return cacheOf(ctx).generation;
}

/**
 * The session resolved from `tokenHash` within the last `config.sessionCacheMs`, or undefined.
 *
 * Why: every staff request resolves its SessionGuid to a scope (session row, user, offices: two
 * statements). Lists and charts are read far more often than sessions, users or offices change,
 * so the resolved scope is kept for a few seconds (`VIGIL_SESSION_CACHE_MS`, default 3,000; 0
 * turns the cache off). Freshness: every non-GET API request that is not a hub's and is not
 * declared `changesAccess: false` in the contract (sign-out, password change or reset, user
 * disabled or deleted, office assignments, new offices...; not readings, time, notes or CCM
 * sub-records, which cannot change who sees what) clears
 * this process's cache before it answers and tells the other API processes through the real-time
 * bus (`Realtime.scopesChanged`); should a bus message be lost, an entry is still never older
 * than the TTL. The absolute and idle expiry are checked on every hit.
 */
export function cachedSession(ctx: AppContext, tokenHash: string, nowMs: number): CachedSession | undefined {
  if (ctx.config.sessionCacheMs <= 0) { return undefined; }
  const cache = cacheOf(ctx);
  const entry = cache.entries.get(tokenHash);
  if (!entry) { return undefined; }
  if (entry.cachedUntilMs <= nowMs || entry.expiresAtMs <= nowMs || entry.lastSeenAtMs + ctx.config.sessionIdleMinutes * 60_000 <= nowMs) {
    cache.entries.delete(tokenHash);
    return undefined;
  }
  return entry;
}

/**
 * Keeps a session just resolved from the database (its scope is frozen: requests share it),
 * unless the cache was cleared since `generation` was read (the lookup may predate a change).
 */
export function rememberSession(
  ctx: AppContext,
  tokenHash: string,
  session: { scope: Scope; expiresAt: Date; lastSeenAt: Date },
  nowMs: number,
  generation: number,
): void {
  if (ctx.config.sessionCacheMs <= 0) { return; }
  const cache = cacheOf(ctx);
  if (cache.generation !== generation) { return; }
  if (cache.entries.size >= MAX_CACHED) { cache.entries.clear(); }
  Object.freeze(session.scope.officeIds);
  cache.entries.set(tokenHash, {
    scope: Object.freeze(session.scope),
    expiresAtMs: session.expiresAt.getTime(),
    lastSeenAtMs: session.lastSeenAt.getTime(),
    cachedUntilMs: nowMs + ctx.config.sessionCacheMs,
  });
}

/**
 * Drops every cached session of this process at once and tells the other API processes (through
 * the real-time bus) to drop theirs. Called after any request that may have changed sessions,
 * users or offices. Never throws.
 */
export async function forgetSessions(ctx: AppContext): Promise<void> {
  clear(cacheOf(ctx));
  await ctx.realtime.scopesChanged();
}
