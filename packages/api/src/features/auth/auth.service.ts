import { Role, rolesRefusedAtStaffSignIn, type RoleId, type SignInResult } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { newToken, tokenHash, verifyPassword } from '../../lib/crypto';
import { loadUserView } from '../users/users.view';
import * as repo from './auth.repo';
import { cachedSession, rememberSession, sessionGeneration } from './session-cache';

/** Purpose of the one-time tokens that token sign-in accepts. */
export const SIGN_IN_TOKEN_PURPOSE = 'signin';

function refusalFor(role: RoleId): AppError | null {
  if (role === Role.PATIENT) return new AppError('forbidden', 'patientCannotAuthenticate');
  if (rolesRefusedAtStaffSignIn.includes(role)) return new AppError('forbidden', 'roleCannotAuthenticate');
  return null;
}

async function openSession(ctx: AppContext, userId: number, sessionType: string, ip: string): Promise<SignInResult> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ctx.config.sessionMaxHours * 3_600_000);
  const session = await repo.insertSession(ctx.db, { tokenHash: tokenHash(token), userId, sessionType, ip, expiresAt });
  const user = await loadUserView(ctx.db, userId, { withMetadata: true });
  if (!user) throw AppError.unauthorized();
  return {
    session: {
      sessionGuid: token,
      sessionType,
      userId,
      username: user.username,
      ip,
      expiresAt: session.expiresAt.toISOString(),
      webSocketSession: null,
    },
    systemEnvironmentName: ctx.config.environmentName,
    trustedHubs: [],
    user,
  };
}

/**
 * `auth/signinv3`: username or e-mail and password. Failed attempts are limited per account and
 * client address and per client address (429 with Retry-After); a success clears the account's
 * failures. Wrong credentials answer "Invalid username or password" whether or not the account
 * exists; patients, caregivers and ECP users are refused (spec sections 5-6).
 */
export async function signIn(ctx: AppContext, input: { username: string; password: string; ip: string }, remoteIp: string): Promise<SignInResult> {
  const accountKey = input.username.trim().toLowerCase();
  const since = new Date(Date.now() - ctx.config.signInWindowMinutes * 60_000);
  const failures = await repo.countSignInFailures(ctx.db, accountKey, remoteIp, since);
  const limited =
    failures.account.n >= ctx.config.signInMaxFailures
      ? failures.account.oldest
      : failures.ip.n >= ctx.config.signInMaxFailuresPerIp
        ? failures.ip.oldest
        : null;
  if (limited) {
    const retryAfter = Math.max(1, Math.ceil((limited.getTime() + ctx.config.signInWindowMinutes * 60_000 - Date.now()) / 1000));
    throw new AppError('tooManyRequests', 'tooManyAttempts', { seconds: retryAfter }, undefined, retryAfter);
  }
  const user = await repo.findUserForSignIn(ctx.db, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || user.status !== 1) {
    await repo.recordSignInFailure(ctx.db, accountKey, remoteIp);
    throw new AppError('unauthorized', 'invalidCredentials');
  }
  const refused = refusalFor(user.roleId as RoleId);
  if (refused) throw refused;
  await repo.clearSignInFailures(ctx.db, accountKey, remoteIp);
  // The browser sends the spec's "IPv6: N/A IP: N/A" when its lookup failed; the connection address is better then.
  const ipText = input.ip && !input.ip.includes('N/A') ? input.ip : remoteIp;
  return openSession(ctx, user.id, 'WEB', ipText);
}

/**
 * `auth/signinwithtoken(v2)`: exchanges a one-time sign-in token (issued when a user sets a
 * password from an e-mailed link) for a session. A patient's token is refused with "You cannot
 * authenticate as a Patient!"; every other failure answers "Error".
 */
export async function signInWithToken(ctx: AppContext, token: string, ip: string): Promise<SignInResult> {
  const userId = await repo.consumeUserToken(ctx.db, tokenHash(token), SIGN_IN_TOKEN_PURPOSE);
  if (userId === null) throw new AppError('unauthorized', 'tokenSignInFailed');
  const user = await loadUserView(ctx.db, userId);
  if (!user || user.status !== 1) throw new AppError('unauthorized', 'tokenSignInFailed');
  const refused = refusalFor(user.roleId as RoleId);
  if (refused) throw refused;
  return openSession(ctx, userId, 'TOKEN', ip);
}

/** Ends the caller's session. */
export async function signOut(ctx: AppContext, scope: Scope): Promise<void> {
  await repo.endSession(ctx.db, scope.sessionId, 'signout');
}

const TOUCH_EVERY_MS = 15_000;

/**
 * Resolves a SessionGuid to the caller's scope, or null when it is unknown, ended, past its
 * absolute end, idle longer than the limit, or its user is disabled. Refreshes the idle clock
 * (at most every 15 s). A resolved session is kept for `config.sessionCacheMs` (see
 * `session-cache.ts` for how changes reach it); the returned scope is frozen.
 */
export async function resolveSession(ctx: AppContext, token: string): Promise<{ scope: Scope; expiresAt: Date; lastSeenAt: Date } | null> {
  const hash = tokenHash(token);
  const now = Date.now();
  const hit = cachedSession(ctx, hash, now);
  if (hit) {
    if (now - hit.lastSeenAtMs > TOUCH_EVERY_MS) {
      await repo.touchSession(ctx.db, hit.scope.sessionId);
      hit.lastSeenAtMs = now;
    }
    return { scope: hit.scope, expiresAt: new Date(hit.expiresAtMs), lastSeenAt: new Date(hit.lastSeenAtMs) };
  }
  const generation = sessionGeneration(ctx);
  const row = await repo.findLiveSession(ctx.db, hash, ctx.config.sessionIdleMinutes);
  if (!row) return null;
  let lastSeenAt = row.session.lastSeenAt;
  if (now - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    lastSeenAt = new Date(now);
    await repo.touchSession(ctx.db, row.session.id);
  }
  const scope = await repo.buildScope(ctx.db, row.user, row.session.id);
  const resolved = { scope, expiresAt: row.session.expiresAt, lastSeenAt };
  rememberSession(ctx, hash, resolved, now, generation);
  return resolved;
}
