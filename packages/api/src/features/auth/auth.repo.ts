import { and, count, eq, gt, inArray, isNull, min, or, sql, type SQL } from 'drizzle-orm';
import { Role, languageFromStored, type RoleId } from '@vigil/contract';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { hospitals, sessions, signInChallenges, signInFailures, userHospitals, userTokens, users } from '../../db/schema/index';
import type { TenantDb } from '../../db/handles';

/** Sign-in lookups run before there is a caller, so they take no scope: the account is the subject. */
export async function findUserForSignIn(db: Executor, login: string) {
  const key = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, key), eq(sql`lower(${users.email})`, key)))
    .limit(1);
  return row ?? null;
}

export async function insertSession(
  db: Executor,
  values: { tokenHash: string; userId: number; sessionType: string; ip: string; expiresAt: Date },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/** The live session matching `key` with its user, or null when ended, expired, idle too long or the user is disabled. */
async function findLive(db: Executor, key: SQL, idleMinutes: number) {
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - idleMinutes * 60_000);
  const [row] = await db
    .select({ session: sessions, user: { id: users.id, roleId: users.roleId, organizationId: users.organizationId, status: users.status, language: users.language } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(key, isNull(sessions.endedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
    .limit(1);
  if (!row || row.user.status !== 1) { return null; }
  return row;
}

/** The live session for a token hash with its user, or null when ended, expired, idle too long or the user is disabled. */
export function findLiveSession(db: Executor, hash: string, idleMinutes: number) {
  return findLive(db, eq(sessions.tokenHash, hash), idleMinutes);
}

/** The live session `sessionId` (the same rule as `findLiveSession`) with its user, or null. */
export function findLiveSessionById(db: Executor, sessionId: number, idleMinutes: number) {
  return findLive(db, eq(sessions.id, sessionId), idleMinutes);
}

export async function touchSession(db: Executor, sessionId: number) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function endSession(db: Executor, sessionId: number, reason: string) {
  await db.update(sessions).set({ endedAt: new Date(), endReason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a user (password change, disabled user). */
export async function endSessionsOfUser(db: Executor, userId: number, reason: string, exceptSessionId?: number) {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.endedAt), exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : sql`true`),
    );
}

/** Stores the hash of a new real-time socket token on the caller's current session. */
export async function setSessionWebSocketTokenHash(tenant: TenantDb, hash: string) {
  const { scope, db } = tenant;
  await db
    .update(sessions)
    .set({ webSocketTokenHash: hash })
    .where(and(eq(sessions.id, scope.sessionId), eq(sessions.userId, scope.userId)));
}

/** Builds the caller's scope: the offices they see and, for a patient, themselves. */
export async function buildScope(
  db: Executor,
  user: { id: number; roleId: number; organizationId: number | null; language: string },
  sessionId: number,
): Promise<Scope> {
  const role = user.roleId as RoleId;
  let officeIds: number[] = [];
  if (role === Role.ORGANIZATION_ADMIN && user.organizationId !== null) {
    const rows = await db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.organizationId, user.organizationId));
    officeIds = rows.map((r) => r.id);
  } else if (role !== Role.SYSTEM_ADMIN) {
    const rows = await db.select({ id: userHospitals.hospitalId }).from(userHospitals).where(eq(userHospitals.userId, user.id));
    officeIds = rows.map((r) => r.id);
  }
  return {
    userId: user.id,
    role,
    organizationId: user.organizationId,
    officeIds,
    ...(role === Role.PATIENT ? { patientId: user.id } : {}),
    sessionId,
    lang: languageFromStored(user.language),
  };
}

/**
 * The user a device token was issued to (purpose 'device' in user_tokens, auth.service.ts "device
 * cookies"), while it has not expired; else null.
 */
export async function findDeviceTokenUser(db: Executor, hash: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hash), eq(userTokens.purpose, 'device'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
    .limit(1);
  return row?.userId ?? null;
}

export async function recordSignInFailure(db: Executor, accountKey: string, ip: string) {
  await db.insert(signInFailures).values({ accountKey, ip });
}

export async function clearSignInFailures(db: Executor, accountKey: string, ip: string) {
  await db.delete(signInFailures).where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.ip, ip)));
}

/** Failures in the window for this account from this IP, and for this IP overall, with the oldest times. */
export async function countSignInFailures(db: Executor, accountKey: string, ip: string, since: Date) {
  const [acct] = await db
    .select({ n: count(), oldest: min(signInFailures.createdAt) })
    .from(signInFailures)
    .where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.ip, ip), gt(signInFailures.createdAt, since)));
  const [perIp] = await db
    .select({ n: count(), oldest: min(signInFailures.createdAt) })
    .from(signInFailures)
    .where(and(eq(signInFailures.ip, ip), gt(signInFailures.createdAt, since)));
  return { account: { n: acct?.n ?? 0, oldest: acct?.oldest ?? null }, ip: { n: perIp?.n ?? 0, oldest: perIp?.oldest ?? null } };
}

/** Consumes a one-time token of `purpose`: marks it used and returns its user id, or null. */
export async function consumeUserToken(db: Executor, hash: string, purpose: string): Promise<number | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.tokenHash, hash), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

export async function insertUserToken(db: Executor, values: { userId: number; purpose: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(userTokens).values(values);
}

/** Marks the account's other unused tokens of `purposes` used, so that one set password retires every link. */
export async function retireUserTokens(tx: Executor, userId: number, purposes: string[]) {
  await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), inArray(userTokens.purpose, purposes), isNull(userTokens.usedAt)));
}

/** A new MFA sign-in challenge (auth.tables.ts `signInChallenges`). */
export async function insertSignInChallenge(
  db: Executor,
  values: { tokenHash: string; userId: number; purpose: 'verify' | 'enrol'; accountKey: string; failureKey: string; sessionType: string; ip: string; expiresAt: Date },
) {
  await db.insert(signInChallenges).values(values);
}

/** The unused, unexpired challenge of token hash `hash` and `purpose`, or null. */
export async function findLiveSignInChallenge(db: Executor, hash: string, purpose: 'verify' | 'enrol') {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, hash), eq(signInChallenges.purpose, purpose), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Keeps the WebAuthn challenge of the passkey assertion asked for on challenge `id`. */
export async function setSignInChallengeWebauthn(db: Executor, id: number, challenge: string) {
  await db.update(signInChallenges).set({ webauthnChallenge: challenge }).where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt)));
}

/** Counts a failed factor on challenge `id`, and ends the challenge once it has `max` failures. */
export async function failSignInChallenge(db: Executor, id: number, max: number) {
  await db
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1`, usedAt: sql`case when ${signInChallenges.failures} + 1 >= ${max} then now() else null end` })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt)));
}

/** Uses challenge `id` up (single use): false when it was already used or has expired meanwhile. */
export async function consumeSignInChallenge(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, new Date())))
    .returning({ id: signInChallenges.id });
  return rows.length === 1;
}
