import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { HubPrincipal } from '../../db/scope';
import { hubs } from '../../db/schema/index';
import { newToken, tokenHash } from '../../lib/crypto';

const CHECK_IN_EVERY_MS = 60_000;

/**
 * Resolves a hub's ingestion credential (the `HubToken` header) to the hub, or null when unknown,
 * revoked or the hub is inactive. Records the hub's check-in time (at most once a minute).
 */
export async function resolveHubToken(ctx: AppContext, token: string): Promise<HubPrincipal | null> {
  const [hub] = await ctx.db
    .select({ id: hubs.id, hubIdentifier: hubs.hubIdentifier, hospitalId: hubs.hospitalId, assignedToUserId: hubs.assignedToUserId, lastCheckInAt: hubs.lastCheckInAt, status: hubs.status })
    .from(hubs)
    .where(and(eq(hubs.credentialHash, tokenHash(token)), isNull(hubs.credentialRevokedAt)))
    .limit(1);
  if (!hub || hub.status !== 1) return null;
  if (!hub.lastCheckInAt || Date.now() - hub.lastCheckInAt.getTime() > CHECK_IN_EVERY_MS) {
    await ctx.db.update(hubs).set({ lastCheckInAt: new Date() }).where(eq(hubs.id, hub.id));
  }
  return { hubId: hub.id, hubIdentifier: hub.hubIdentifier, hospitalId: hub.hospitalId, assignedToUserId: hub.assignedToUserId };
}

/** Issues a new ingestion credential for a hub (replacing any previous one); returns the token once. */
export async function issueHubCredential(ctx: AppContext, hubId: number): Promise<string> {
  const token = newToken();
  await ctx.db.update(hubs).set({ credentialHash: tokenHash(token), credentialRevokedAt: null }).where(eq(hubs.id, hubId));
  return token;
}

/** Revokes a hub's credential: its next reading answers 401. */
export async function revokeHubCredential(ctx: AppContext, hubId: number): Promise<void> {
  await ctx.db.update(hubs).set({ credentialRevokedAt: new Date() }).where(eq(hubs.id, hubId));
}
