import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { tenantDb } from '../../db/handles';
import * as repo from './auth.repo';

/**
 * What the auth feature, owner of sessions and one-time user tokens (docs/architecture.md "Table
 * ownership"), offers the users feature for invitations, password resets, disabled accounts and
 * the real-time socket's token. Tokens are stored as hashes only (lib/crypto.ts `tokenHash`,
 * docs/security.md "Tokens"); each call runs in the caller's executor (its transaction when it has one).
 */

/** Stores a one-time token of `purpose` (its hash) for user `userId`, valid until `expiresAt`. */
export async function insertUserToken(db: Executor, values: { userId: number; purpose: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await repo.insertUserToken(db, values);
}

/** Consumes an unexpired, unused token of `purpose` by its hash: marks it used and returns its user id, or null. */
export function consumeUserToken(db: Executor, hash: string, purpose: string): Promise<number | null> {
  return repo.consumeUserToken(db, hash, purpose);
}

/** Marks user `userId`'s unused tokens of `purposes` used, so that one set password retires every link. */
export async function retireUserTokens(tx: Executor, userId: number, purposes: string[]): Promise<void> {
  await repo.retireUserTokens(tx, userId, purposes);
}

/**
 * Ends every open session of user `userId` (a password change keeps `exceptSessionId`, the
 * caller's own), recording `reason`. Cached scopes of those sessions are dropped when the write's
 * answer is sent (lib/route/session-refresh.ts).
 */
export async function endSessionsOfUser(db: Executor, userId: number, reason: string, exceptSessionId?: number): Promise<void> {
  await repo.endSessionsOfUser(db, userId, reason, exceptSessionId);
}

/** Stores the hash of a new real-time socket token on the caller's current session. */
export async function setSessionWebSocketTokenHash(scope: Scope, db: Executor, hash: string): Promise<void> {
  await repo.setSessionWebSocketTokenHash(tenantDb(scope, db), hash);
}
