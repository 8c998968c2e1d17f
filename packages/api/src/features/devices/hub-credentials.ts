import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { hubs } from '../../db/schema/index';
import { newToken, tokenHash } from '../../lib/crypto';
import { forgetHubCredentials } from '../../lib/hub-auth';

/**
 * A hub's ingestion credential and check-in as the devices feature, the hubs table's owner,
 * writes them (docs/security.md "Hub credentials"; docs/architecture.md "Table ownership"). The
 * principal that resolves a credential is lib/hub-auth.ts; issuing and revoking forget its cache.
 */

/** Issues a new ingestion credential for hub `hubId` (replacing any previous one); returns the token once. */
export async function issueHubCredential(ctx: AppContext, hubId: number): Promise<string> {
  const token = newToken();
  await ctx.db.update(hubs).set({ credentialHash: tokenHash(token), credentialRevokedAt: null }).where(eq(hubs.id, hubId));
  forgetHubCredentials(ctx);
  return token;
}

/** Revokes hub `hubId`'s credential: its next reading answers 401 (in another API process: within lib/hub-auth.ts HUB_CREDENTIAL_TTL_MS). */
export async function revokeHubCredential(ctx: AppContext, hubId: number): Promise<void> {
  await ctx.db.update(hubs).set({ credentialRevokedAt: new Date() }).where(eq(hubs.id, hubId));
  forgetHubCredentials(ctx);
}

/**
 * Writes hub `hubId`'s last check-in time `at`: the recorder app.ts hands to lib/hub-auth.ts
 * (`useHubCheckInRecorder`), which calls it at most once a minute per hub for an accepted credential.
 */
export async function writeHubCheckIn(ctx: AppContext, hubId: number, at: Date): Promise<void> {
  await ctx.db.update(hubs).set({ lastCheckInAt: at }).where(eq(hubs.id, hubId));
}
