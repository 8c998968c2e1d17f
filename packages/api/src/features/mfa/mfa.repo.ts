import { and, count, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { MfaFactor, MfaFactorKind, MfaPolicy, RoleId } from '@vigil/contract';
import type { Executor } from '../../db/client';
import type { TenantDb } from '../../db/handles';
import { userFilter } from '../../db/scope';
import { mfaFactors, mfaOrganizationPolicies, mfaRecoveryCodes, mfaRememberedDevices, users } from '../../db/schema/index';

/**
 * The mfa feature's rows. Two kinds of callers:
 * - the signed-in holder of the factors and their administrators: a `TenantDb`, filtered to the
 *   caller's own rows (`eq(user_id, scope.userId)`) or to users the caller sees (`userFilter`);
 * - the sign-in steps, which run before there is a caller: an executor and the account's user id,
 *   like auth.repo.ts's sign-in lookups (the account is the subject).
 */

export type FactorRow = typeof mfaFactors.$inferSelect;

export const toFactor = (r: FactorRow): MfaFactor => ({
  id: r.id,
  kind: r.kind as MfaFactorKind,
  label: r.label,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

// ---- Sign-in (no caller yet) -----------------------------------------------------------------

/** The confirmed factors of `userId`, oldest first. */
export async function confirmedFactorsOf(db: Executor, userId: number): Promise<FactorRow[]> {
  return db.select().from(mfaFactors).where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.confirmedAt))).orderBy(mfaFactors.id);
}

/** The user's organization's policy ('optional' without an organization or a row). */
export async function policyOfUser(db: Executor, userId: number): Promise<MfaPolicy> {
  const [row] = await db
    .select({ policy: mfaOrganizationPolicies.policy })
    .from(users)
    .innerJoin(mfaOrganizationPolicies, eq(mfaOrganizationPolicies.organizationId, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  return (row?.policy as MfaPolicy | undefined) ?? 'optional';
}

/**
 * Accepts TOTP time step `step` for factor `id` only if it is later than the last accepted one
 * (one conditional UPDATE, so two requests with the same code cannot both pass). True when accepted.
 */
export async function acceptTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaFactors)
    .set({ lastStep: step, lastUsedAt: new Date() })
    .where(and(eq(mfaFactors.id, id), sql`coalesce(${mfaFactors.lastStep}, -1) < ${step}`))
    .returning({ id: mfaFactors.id });
  return rows.length === 1;
}

/** The unused recovery codes of `userId` (id and hash). */
export async function unusedRecoveryCodes(db: Executor, userId: number) {
  return db.select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash }).from(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
}

/** Marks recovery code `id` used, once: false when it already was. */
export async function useRecoveryCode(db: Executor, id: number): Promise<boolean> {
  const rows = await db.update(mfaRecoveryCodes).set({ usedAt: new Date() }).where(and(eq(mfaRecoveryCodes.id, id), isNull(mfaRecoveryCodes.usedAt))).returning({ id: mfaRecoveryCodes.id });
  return rows.length === 1;
}

/** Stores a passkey's new signature counter after an assertion. */
export async function updatePasskeyCounter(db: Executor, id: number, counter: number) {
  await db.update(mfaFactors).set({ counter, lastUsedAt: new Date() }).where(eq(mfaFactors.id, id));
}

/** Whether browser `deviceHash` is remembered for `userId` now. */
export async function isDeviceRemembered(db: Executor, userId: number, deviceHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mfaRememberedDevices.id })
    .from(mfaRememberedDevices)
    .where(and(eq(mfaRememberedDevices.userId, userId), eq(mfaRememberedDevices.deviceHash, deviceHash), gt(mfaRememberedDevices.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}

/** Remembers browser `deviceHash` for `userId` until `expiresAt` (renewing an earlier entry). */
export async function rememberDevice(db: Executor, userId: number, deviceHash: string, expiresAt: Date) {
  await db
    .insert(mfaRememberedDevices)
    .values({ userId, deviceHash, expiresAt })
    .onConflictDoUpdate({ target: [mfaRememberedDevices.userId, mfaRememberedDevices.deviceHash], set: { expiresAt } });
}

/** A pending TOTP factor of `userId` (confirmed_at null), or null. */
export async function getPendingTotp(db: Executor, userId: number, id: number): Promise<FactorRow | null> {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId), eq(mfaFactors.kind, 'totp'), isNull(mfaFactors.confirmedAt)))
    .limit(1);
  return row ?? null;
}

/** Inserts an enrolment in progress of `userId`, dropping their older ones (older than `staleBefore`). */
export async function insertPendingFactor(db: Executor, values: { userId: number; kind: MfaFactorKind; label: string; secretSealed?: string; challenge?: string }, staleBefore: Date) {
  await db.delete(mfaFactors).where(and(eq(mfaFactors.userId, values.userId), isNull(mfaFactors.confirmedAt), lt(mfaFactors.createdAt, staleBefore)));
  const [row] = await db.insert(mfaFactors).values(values).returning();
  return row!;
}

/** Confirms pending factor `id` of `userId`, with the TOTP step just used or a passkey's credential. Null when it was not pending. */
export async function confirmFactor(
  db: Executor,
  userId: number,
  id: number,
  values: { lastStep?: number; credentialId?: string; publicKey?: string; counter?: number; transports?: string; label?: string },
): Promise<FactorRow | null> {
  const now = new Date();
  const [row] = await db
    .update(mfaFactors)
    .set({ ...values, challenge: null, confirmedAt: now, lastUsedAt: now })
    .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId), isNull(mfaFactors.confirmedAt)))
    .returning();
  return row ?? null;
}

/** Replaces the recovery codes of `userId` with `hashes`. */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (hashes.length > 0) { await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash }))); }
}

/** How many unused recovery codes `userId` holds. */
export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ---- The caller's own factors ----------------------------------------------------------------

/** The caller's pending passkey registration `id`, or null. */
export async function getOwnPendingPasskey(tenant: TenantDb, id: number): Promise<FactorRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, scope.userId), eq(mfaFactors.kind, 'passkey'), isNull(mfaFactors.confirmedAt), isNotNull(mfaFactors.challenge)))
    .limit(1);
  return row ?? null;
}

/** Deletes the caller's confirmed factor `id`; false when there is none. */
export async function deleteOwnFactor(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db.delete(mfaFactors).where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, scope.userId), isNotNull(mfaFactors.confirmedAt))).returning({ id: mfaFactors.id });
  return rows.length === 1;
}

// ---- Administrators ----------------------------------------------------------------------------

/** The organization of user `userId` if the caller sees that user (db/scope.ts userFilter), else undefined. */
export async function visibleUserOrganization(tenant: TenantDb, userId: number): Promise<{ organizationId: number | null } | undefined> {
  const { scope, db } = tenant;
  const [row] = await db.select({ organizationId: users.organizationId }).from(users).where(and(eq(users.id, userId), userFilter(scope, users.id))).limit(1);
  return row;
}

/** The confirmed factors of a user the caller sees (userFilter), newest first. */
export async function factorsOfVisibleUser(tenant: TenantDb, userId: number): Promise<FactorRow[]> {
  const { scope, db } = tenant;
  return db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.confirmedAt), userFilter(scope, mfaFactors.userId)))
    .orderBy(desc(mfaFactors.id));
}

/** Removes every factor (pending too), recovery code and remembered device of a user the caller sees; the count of factors removed. */
export async function resetFactorsOfVisibleUser(tenant: TenantDb, userId: number): Promise<number> {
  const { scope, db } = tenant;
  const removed = await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), userFilter(scope, mfaFactors.userId)))
    .returning({ id: mfaFactors.id, confirmedAt: mfaFactors.confirmedAt });
  await db.delete(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, userId), userFilter(scope, mfaRecoveryCodes.userId)));
  await db.delete(mfaRememberedDevices).where(and(eq(mfaRememberedDevices.userId, userId), userFilter(scope, mfaRememberedDevices.userId)));
  return removed.filter((r) => r.confirmedAt !== null).length;
}

/** The policy of organization `organizationId` (no row: 'optional'). */
export async function getOrganizationPolicy(db: Executor, organizationId: number): Promise<MfaPolicy> {
  const [row] = await db.select({ policy: mfaOrganizationPolicies.policy }).from(mfaOrganizationPolicies).where(eq(mfaOrganizationPolicies.organizationId, organizationId)).limit(1);
  return (row?.policy as MfaPolicy | undefined) ?? 'optional';
}

/** Sets the policy of the caller's organization. */
export async function setOwnOrganizationPolicy(tenant: TenantDb, policy: MfaPolicy) {
  const { scope, db } = tenant;
  if (scope.organizationId === null) { return; }
  await db
    .insert(mfaOrganizationPolicies)
    .values({ organizationId: scope.organizationId, policy, updatedBy: scope.userId, updatedAt: new Date() })
    .onConflictDoUpdate({ target: mfaOrganizationPolicies.organizationId, set: { policy, updatedBy: scope.userId, updatedAt: new Date() } });
}

/** The username of `userId` (the TOTP account label and the WebAuthn user name), or null. */
export async function usernameOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.username ?? null;
}

/** The role of `userId` as stored (the policy applies to the account's role), or null. */
export async function roleOf(db: Executor, userId: number): Promise<RoleId | null> {
  const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId)).limit(1);
  return (row?.roleId as RoleId | undefined) ?? null;
}
