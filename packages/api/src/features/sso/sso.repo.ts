import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { TenantDb } from '../../db/handles';
import { hospitals, organizations, sessions, ssoConfigs, ssoFlows, ssoIdentities, ssoSessions, users } from '../../db/schema/index';
import { assertOrganizationInScope, officeRowFilter, organizationFilter } from '../../db/scope';

// The settings screen reads and writes through the caller's scope (organizationFilter). The sign-in
// flow runs before there is a caller: those functions take an executor and act on the
// organization named by the flow, the provider's signed token or the flow cookie, and say so.

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;

/** The SSO settings of organization `organizationId` if the caller sees it, or null. */
export async function getConfig(tenant: TenantDb, organizationId: number): Promise<SsoConfigRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(ssoConfigs)
    .where(and(eq(ssoConfigs.organizationId, organizationId), organizationFilter(scope, ssoConfigs.organizationId)))
    .limit(1);
  return row ?? null;
}

/** Whether the caller sees organization `organizationId`. */
export async function organizationVisible(tenant: TenantDb, organizationId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), organizationFilter(scope, organizations.id)))
    .limit(1);
  return !!row;
}

/** The organization of office `officeId` when the caller sees the office, else null. */
export async function organizationOfOffice(tenant: TenantDb, officeId: number): Promise<number | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ organizationId: hospitals.organizationId })
    .from(hospitals)
    .where(and(eq(hospitals.id, officeId), officeRowFilter(scope, hospitals.id, hospitals.organizationId)))
    .limit(1);
  return row?.organizationId ?? null;
}

/** Inserts or replaces the settings of an organization in the caller's scope (404 outside it). */
export async function upsertConfig(tenant: TenantDb, values: typeof ssoConfigs.$inferInsert): Promise<SsoConfigRow> {
  const { scope, db } = tenant;
  assertOrganizationInScope(scope, values.organizationId);
  const { organizationId: _key, ...changes } = values;
  const [row] = await db
    .insert(ssoConfigs)
    .values(values)
    .onConflictDoUpdate({ target: ssoConfigs.organizationId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

// ---- Before sign-in: the organization is named by the flow -------------------------------------

/** The enabled settings of organization `organizationId` with its name, for a sign-in (no caller yet). */
export async function getEnabledConfig(db: Executor, organizationId: number): Promise<(SsoConfigRow & { organizationName: string }) | null> {
  const [row] = await db
    .select({ config: ssoConfigs, organizationName: organizations.institutionName })
    .from(ssoConfigs)
    .innerJoin(organizations, eq(organizations.id, ssoConfigs.organizationId))
    .where(and(eq(ssoConfigs.organizationId, organizationId), eq(ssoConfigs.enabled, true)))
    .limit(1);
  return row ? { ...row.config, organizationName: row.organizationName } : null;
}

/** The organization whose enabled SSO lists `domain` (lower case) among its e-mail domains, or null. */
export async function findOrganizationByDomain(db: Executor, domain: string): Promise<{ organizationId: number; organizationName: string } | null> {
  const [row] = await db
    .select({ organizationId: ssoConfigs.organizationId, organizationName: organizations.institutionName })
    .from(ssoConfigs)
    .innerJoin(organizations, eq(organizations.id, ssoConfigs.organizationId))
    .where(and(eq(ssoConfigs.enabled, true), sql`${ssoConfigs.emailDomains} @> ${JSON.stringify([domain])}::jsonb`))
    .limit(1);
  return row ?? null;
}

export async function insertFlow(db: Executor, values: typeof ssoFlows.$inferInsert): Promise<void> {
  await db.insert(ssoFlows).values(values);
}

/**
 * Takes the flow of `stateHash` for its one callback: only when it is unexpired, not called back
 * yet and bound to the browser's `cookieHash`. Null otherwise (unknown, replayed, expired or
 * another browser's state).
 */
export async function claimFlowForCallback(db: Executor, stateHash: string, cookieHash: string) {
  const [row] = await db
    .update(ssoFlows)
    .set({ calledBackAt: new Date() })
    .where(and(eq(ssoFlows.stateHash, stateHash), eq(ssoFlows.cookieHash, cookieHash), isNull(ssoFlows.calledBackAt), gt(ssoFlows.expiresAt, new Date())))
    .returning();
  return row ?? null;
}

/** Records what the callback learnt on flow `id`. */
export async function setFlowResult(db: Executor, id: number, values: { userId: number; subject: string; providerSid: string | null; refreshTokenSealed: string | null; provisioned: boolean }) {
  await db.update(ssoFlows).set(values).where(eq(ssoFlows.id, id));
}

/** Takes the finished flow of the browser's `cookieHash` for its one completion, or null. */
export async function claimFlowForCompletion(db: Executor, cookieHash: string) {
  const [row] = await db
    .update(ssoFlows)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoFlows.cookieHash, cookieHash), isNotNull(ssoFlows.calledBackAt), isNotNull(ssoFlows.userId), isNull(ssoFlows.usedAt), gt(ssoFlows.expiresAt, new Date())))
    .returning();
  return row ?? null;
}

/** Deletes flows past their end (they are used once within minutes). */
export async function deleteExpiredFlows(db: Executor, before: Date): Promise<void> {
  await db.delete(ssoFlows).where(lte(ssoFlows.expiresAt, before));
}

/** The Vigil user linked to the provider's `subject` in the organization, or null. */
export async function findIdentityUser(db: Executor, organizationId: number, subject: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.organizationId, organizationId), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
}

/** Links the provider's `subject` in the organization to `userId` (kept when already linked). */
export async function linkIdentity(db: Executor, organizationId: number, subject: string, userId: number): Promise<void> {
  await db.insert(ssoIdentities).values({ organizationId, subject, userId }).onConflictDoNothing();
}

/** The user of organization `organizationId` with e-mail `email` (case-insensitive), or null. */
export async function findUserByEmail(db: Executor, organizationId: number, email: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

/** A user's organization, role and status (for the flow's checks). */
export async function getUserBasics(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, organizationId: users.organizationId, roleId: users.roleId, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The time zone of office `officeId` of organization `organizationId`, or null when it is not the organization's. */
export async function officeTimeZone(db: Executor, officeId: number, organizationId: number): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: hospitals.timeZone })
    .from(hospitals)
    .where(and(eq(hospitals.id, officeId), eq(hospitals.organizationId, organizationId)))
    .limit(1);
  return row?.timeZone ?? null;
}

// ---- SSO sessions: named by the Vigil session, the provider's token or the refresh schedule ------

export async function insertSsoSession(db: Executor, values: typeof ssoSessions.$inferInsert): Promise<void> {
  await db.insert(ssoSessions).values(values);
}

/** Open SSO sessions of the organization matching the logout token's `sid` and/or `sub` (at least one given). */
export async function findOpenSsoSessions(db: Executor, organizationId: number, match: { sid?: string; sub?: string }) {
  return db
    .select({ sessionId: ssoSessions.sessionId, userId: ssoSessions.userId, roleId: users.roleId })
    .from(ssoSessions)
    .innerJoin(users, eq(users.id, ssoSessions.userId))
    .where(
      and(
        eq(ssoSessions.organizationId, organizationId),
        isNull(ssoSessions.endedAt),
        match.sid !== undefined ? eq(ssoSessions.providerSid, match.sid) : sql`true`,
        match.sub !== undefined ? eq(ssoSessions.subject, match.sub) : sql`true`,
      ),
    );
}

/** Marks SSO session `sessionId` ended with `reason` (no-op when already ended). */
export async function endSsoSession(db: Executor, sessionId: number, reason: string): Promise<void> {
  await db.update(ssoSessions).set({ endedAt: new Date(), endReason: reason }).where(and(eq(ssoSessions.sessionId, sessionId), isNull(ssoSessions.endedAt)));
}

/** Open SSO sessions whose refresh is due at `now`, with whether the Vigil session itself is still open. */
export async function findDueRefreshes(db: Executor, now: Date, limit: number) {
  return db
    .select({
      sessionId: ssoSessions.sessionId,
      organizationId: ssoSessions.organizationId,
      userId: ssoSessions.userId,
      roleId: users.roleId,
      refreshTokenSealed: ssoSessions.refreshTokenSealed,
      vigilOpen: sql<boolean>`(${sessions.endedAt} is null and ${sessions.expiresAt} > ${now})`,
    })
    .from(ssoSessions)
    .innerJoin(sessions, eq(sessions.id, ssoSessions.sessionId))
    .innerJoin(users, eq(users.id, ssoSessions.userId))
    .where(and(isNull(ssoSessions.endedAt), isNotNull(ssoSessions.refreshTokenSealed), lte(ssoSessions.refreshDueAt, now)))
    .orderBy(ssoSessions.refreshDueAt)
    .limit(limit);
}

/** After a successful refresh: the (possibly rotated) refresh token and the next due time. */
export async function setRefreshed(db: Executor, sessionId: number, refreshTokenSealed: string, refreshDueAt: Date): Promise<void> {
  await db.update(ssoSessions).set({ refreshTokenSealed, refreshDueAt }).where(eq(ssoSessions.sessionId, sessionId));
}

/** Postpones a refresh that could not reach the provider (the provider did not refuse it). */
export async function postponeRefresh(db: Executor, sessionId: number, refreshDueAt: Date): Promise<void> {
  await db.update(ssoSessions).set({ refreshDueAt }).where(eq(ssoSessions.sessionId, sessionId));
}
