import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SmartClient } from '@vigil/contract';
import type { SystemDb, TenantDb } from '../../db/handles';
import { assertOrganizationInScope, organizationFilter } from '../../db/scope';
import { smartAssertionJtis, smartClients, smartTokens } from '../../db/schema/index';

/** SMART Backend Services clients and tokens (docs/fhir.md). Client administration takes the caller's tenant handle; the token endpoint, which has no user, the system handle. */

const c = smartClients;
type ClientRow = typeof smartClients.$inferSelect;

const view = (r: ClientRow): SmartClient => ({
  id: r.id,
  organizationId: r.organizationId,
  clientId: r.clientId,
  name: r.name,
  scopes: r.scopes,
  keyCount: r.jwks.keys.length,
  createdAt: r.createdAt.toISOString(),
  revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
});

/** The clients of organization `organizationId` when the caller sees it, newest first. */
export async function findClients(tenant: TenantDb, organizationId: number): Promise<SmartClient[]> {
  const { scope, db } = tenant;
  const rows = await db.select().from(c).where(and(eq(c.organizationId, organizationId), organizationFilter(scope, c.organizationId))).orderBy(desc(c.createdAt), desc(c.id));
  return rows.map(view);
}

/** The client `id` of the caller's organizations, or null. */
export async function getClient(tenant: TenantDb, id: number): Promise<SmartClient | null> {
  const { scope, db } = tenant;
  const [row] = await db.select().from(c).where(and(eq(c.id, id), organizationFilter(scope, c.organizationId))).limit(1);
  return row ? view(row) : null;
}

/** Inserts a client of organization `v.organizationId` (404 unless the caller's); returns its id. */
export async function insertClient(tenant: TenantDb, v: { organizationId: number; clientId: string; name: string; jwks: { keys: Array<Record<string, unknown>> }; scopes: string[]; createdBy: number }): Promise<number> {
  const { scope, db } = tenant;
  assertOrganizationInScope(scope, v.organizationId);
  const [row] = await db.insert(c).values({ ...v, createdBy: v.createdBy || null }).returning({ id: c.id });
  return row!.id;
}

/** Revokes client `id` of the caller's organizations and every token it holds (a revoked client keeps its first revocation time). */
export async function revokeClient(tenant: TenantDb, id: number, by: number, at: Date): Promise<void> {
  const { scope, db } = tenant;
  const [row] = await db
    .update(c)
    .set({ revokedAt: sql`coalesce(${c.revokedAt}, ${at.toISOString()}::timestamptz)`, revokedBy: sql`coalesce(${c.revokedBy}, ${by || null}::int)` })
    .where(and(eq(c.id, id), organizationFilter(scope, c.organizationId)))
    .returning({ id: c.id });
  if (!row) { return; }
  await db.update(smartTokens).set({ revokedAt: at }).where(and(eq(smartTokens.clientId, id), isNull(smartTokens.revokedAt)));
}

/** A client that is not revoked, by its OAuth `client_id`, with its JWKS and allowed scopes; null otherwise. */
export async function activeClientByClientId(handle: SystemDb, clientId: string): Promise<ClientRow | null> {
  const [row] = await handle.db.select().from(c).where(and(eq(c.clientId, clientId), isNull(c.revokedAt))).limit(1);
  return row ?? null;
}

/**
 * Records assertion `jti` of client `clientId` until `expiresAt`; false when it was already used
 * (the unique index decides, so two racing requests cannot both pass). Forgets expired ids first.
 */
export async function claimAssertionJti(handle: SystemDb, clientId: number, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
  await handle.db.delete(smartAssertionJtis).where(lt(smartAssertionJtis.expiresAt, now));
  const rows = await handle.db.insert(smartAssertionJtis).values({ clientId, jti, expiresAt }).onConflictDoNothing().returning({ jti: smartAssertionJtis.jti });
  return rows.length === 1;
}

/** Stores an issued token (its hash only). */
export async function insertToken(handle: SystemDb, v: { clientId: number; organizationId: number; tokenHash: string; scopes: string[]; issuedAt: Date; expiresAt: Date }): Promise<void> {
  await handle.db.insert(smartTokens).values(v);
}

/** The live token with hash `hash` (not expired at `now`, not revoked, its client not revoked): its client, organization and scopes; null otherwise. */
export async function liveToken(handle: SystemDb, hash: string, now: Date): Promise<{ clientId: number; organizationId: number; scopes: string[] } | null> {
  const [row] = await handle.db
    .select({ clientId: smartTokens.clientId, organizationId: smartTokens.organizationId, scopes: smartTokens.scopes })
    .from(smartTokens)
    .innerJoin(c, eq(c.id, smartTokens.clientId))
    .where(and(eq(smartTokens.tokenHash, hash), isNull(smartTokens.revokedAt), gt(smartTokens.expiresAt, now), isNull(c.revokedAt)))
    .limit(1);
  return row ?? null;
}
