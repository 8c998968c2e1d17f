/**
 * The hub principal (docs/security.md "Hub credentials"): a hub's ingestion credential (the
 * `HubToken` header) resolved to its hub, and its check-in. The route chain (lib/route/principal.ts,
 * hub-check-in.ts) calls it for every hub request. The devices feature owns the hubs table: it
 * issues and revokes credentials (features/devices/hub-credentials.ts, forgetting this cache), and
 * writes the check-in through the recorder app.ts hands in here (`useHubCheckInRecorder`; lib
 * imports no feature, docs/architecture.md "Table ownership").
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { perContext } from './per-context';
import type { HubPrincipal } from '../db/scope';
import { hubs } from '../db/schema/index';
import { tokenHash } from './crypto';

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
  expiresAt: number;
}

interface Cache {
  /** Token hash -> resolved hub. */
  entries: Map<string, CachedHub>;
  /** Hub id -> its last recorded check-in (epoch ms; null: never), as read or written by this process. */
  checkIns: Map<number, number | null>;
  /** Bumped by every `forgetHubCredentials`: a lookup that was running across it does not cache what it read before. */
  generation: number;
}

/** Per application context (each test app has its own database). */
const cacheOf = perContext((): Cache => ({ entries: new Map(), checkIns: new Map(), generation: 0 }));

/** Records hub `hubId`'s check-in at `at` (the devices feature's `writeHubCheckIn`). */
export type HubCheckInRecorder = (ctx: AppContext, hubId: number, at: Date) => Promise<void>;

const recorderOf = perContext((): { record: HubCheckInRecorder | null } => ({ record: null }));

/** Hands this context's hub principal the recorder of check-ins (app.ts, before serving). */
export function useHubCheckInRecorder(ctx: AppContext, record: HubCheckInRecorder): void {
  recorderOf(ctx).record = record;
}
const MAX_CACHED = 10_000;

/**
 * Forgets every resolved hub credential of this process after a hub or its credential changed.
 * The devices cached for hubs (features/measurements/hub-devices.ts) are the caller's to forget
 * as well (`forgetHubDevices`, as the devices feature's hubs.service does).
 */
export function forgetHubCredentials(ctx: AppContext): void {
  const cache = cacheOf(ctx);
  cache.entries.clear();
  cache.checkIns.clear();
  cache.generation++;
}

/**
 * Resolves a hub's ingestion credential (the `HubToken` header) to the hub, or null when unknown,
 * revoked or the hub is inactive. Records nothing: the check-in is `recordHubCheckIn`'s, called
 * only once the request is accepted (docs/security.md "Hub credentials"). A resolved credential
 * is cached for HUB_CREDENTIAL_TTL_MS (unknown ones are not cached).
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
    if (!hub || hub.status !== 1) { return null; }
    entry = {
      principal: { hubId: hub.id, hubIdentifier: hub.hubIdentifier, hospitalId: hub.hospitalId, assignedToUserId: hub.assignedToUserId },
      expiresAt: now + HUB_CREDENTIAL_TTL_MS,
    };
    if (generation === cache.generation) {
      if (cache.entries.size >= MAX_CACHED) {
        cache.entries.clear();
        cache.checkIns.clear();
      }
      cache.entries.set(hash, entry);
      if (!cache.checkIns.has(hub.id)) { cache.checkIns.set(hub.id, hub.lastCheckInAt ? hub.lastCheckInAt.getTime() : null); }
    }
  }
  return { ...entry.principal };
}

/**
 * Records a hub's check-in time (at most once a minute per cached credential) once its credential
 * was ACCEPTED for a hub endpoint: signed in as a hub, with a request that passed validation
 * (lib/route/hub-check-in.ts). A refused credential (unknown, revoked, inactive hub, a route that takes no hub
 * credential, a malformed request) never moves the hub's last check-in.
 */
export async function recordHubCheckIn(ctx: AppContext, hub: HubPrincipal): Promise<void> {
  const checkIns = cacheOf(ctx).checkIns;
  const last = checkIns.get(hub.hubId) ?? null;
  if (last !== null && Date.now() - last <= CHECK_IN_EVERY_MS) { return; }
  const record = recorderOf(ctx).record;
  if (!record) { throw new Error('hub principal: no recorder of check-ins; app.ts hands in the devices feature\'s (useHubCheckInRecorder)'); }
  const at = new Date();
  await record(ctx, hub.hubId, at);
  checkIns.set(hub.hubId, at.getTime());
}
