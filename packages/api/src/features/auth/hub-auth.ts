import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import type { HubPrincipal } from '../../db/scope';
import { hubs } from '../../db/schema/index';
import { newToken, tokenHash } from '../../lib/crypto';
import { forgetHubDevices } from '../measurements/hub-devices';

const CHECK_IN_EVERY_MS = 60_000;

/**
 * How long a resolved credential is trusted without reading the database again. Revoking or
 * rotating a credential, or changing or deleting a hub, clears this process's cache at once
 * (`forgetHubCredentials`); ANOTHER API process may still accept a revoked credential (or see the
 * hub's previous office, patient or status) for at most this long.
 */
export const HUB_CREDENTIAL_TTL_MS = 5_000;

interface CachedHub {
  principal: HubPrincipal;
  lastCheckInAt: number | null;
  expiresAt: number;
}

interface Cache {
  /** Token hash -> resolved hub. */
  entries: Map<string, CachedHub>;
  /** Bumped by every `forgetHubCredentials`: a lookup that was running across it does not cache what it read before. */
  generation: number;
}

/** Per application context (each test app has its own database). */
const cacheOf = perContext((): Cache => ({ entries: new Map(), generation: 0 }));
const MAX_CACHED = 10_000;

/**
 * Forgets every resolved hub credential of this process, and the devices cached for hubs
 * (measurements/hub-devices.ts), after a hub or its credential changed.
 */
export function forgetHubCredentials(ctx: AppContext): void {
  const cache = cacheOf(ctx);
  cache.entries.clear();
  cache.generation++;
  forgetHubDevices(ctx);
}

/**
 * Resolves a hub's ingestion credential (the `HubToken` header) to the hub, or null when unknown,
 * revoked or the hub is inactive. Records the hub's check-in time (at most once a minute). A
 * resolved credential is cached for HUB_CREDENTIAL_TTL_MS (unknown ones are not cached).
 */
export async function resolveHubToken(ctx: AppContext, token: string): Promise<HubPrincipal | null> {
  const hash = tokenHash(token);
  const cache = cacheOf(ctx);
  const now = Date.now();
  let entry = cache.entries.get(hash);
  if (entry && entry.expiresAt <= now) {
    cache.entries.delete(hash);
    entry = undefined;
  }
  if (!entry) {
    const generation = cache.generation;
    const [hub] = await ctx.db
      .select({ id: hubs.id, hubIdentifier: hubs.hubIdentifier, hospitalId: hubs.hospitalId, assignedToUserId: hubs.assignedToUserId, lastCheckInAt: hubs.lastCheckInAt, status: hubs.status })
      .from(hubs)
      .where(and(eq(hubs.credentialHash, hash), isNull(hubs.credentialRevokedAt)))
      .limit(1);
    if (!hub || hub.status !== 1) return null;
    entry = {
      principal: { hubId: hub.id, hubIdentifier: hub.hubIdentifier, hospitalId: hub.hospitalId, assignedToUserId: hub.assignedToUserId },
      lastCheckInAt: hub.lastCheckInAt ? hub.lastCheckInAt.getTime() : null,
      expiresAt: now + HUB_CREDENTIAL_TTL_MS,
    };
    if (generation === cache.generation) {
      if (cache.entries.size >= MAX_CACHED) cache.entries.clear();
      cache.entries.set(hash, entry);
    }
  }
  if (entry.lastCheckInAt === null || Date.now() - entry.lastCheckInAt > CHECK_IN_EVERY_MS) {
    const at = new Date();
    await ctx.db.update(hubs).set({ lastCheckInAt: at }).where(eq(hubs.id, entry.principal.hubId));
    entry.lastCheckInAt = at.getTime();
  }
  return { ...entry.principal };
}

/** Issues a new ingestion credential for a hub (replacing any previous one); returns the token once. */
export async function issueHubCredential(ctx: AppContext, hubId: number): Promise<string> {
  const token = newToken();
  await ctx.db.update(hubs).set({ credentialHash: tokenHash(token), credentialRevokedAt: null }).where(eq(hubs.id, hubId));
  forgetHubCredentials(ctx);
  return token;
}

/** Revokes a hub's credential: its next reading answers 401 (in another API process: within HUB_CREDENTIAL_TTL_MS). */
export async function revokeHubCredential(ctx: AppContext, hubId: number): Promise<void> {
  await ctx.db.update(hubs).set({ credentialRevokedAt: new Date() }).where(eq(hubs.id, hubId));
  forgetHubCredentials(ctx);
}
