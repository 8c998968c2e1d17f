import { Role, rolesRefusedAtStaffSignIn, type MfaChallenge, type RoleId, type SignInAnswer, type SignInResult, type TotpEnrolment } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { newToken, tokenHash, verifyPassword } from '../../lib/crypto';
import { loadUserView } from '../users/index';
import * as repo from './auth.repo';
import { cachedSession, forgetSessions, rememberSession, sessionGeneration } from '../../lib/session-cache';
import { passwordSignInRefusal } from '../sso/index';
import { systemDb } from '../../db/handles';
import { recordSystemLog } from '../../lib/system-log';
import * as mfa from '../mfa/index';

/** Purpose of the one-time tokens that token sign-in accepts. */
export const SIGN_IN_TOKEN_PURPOSE = 'signin';

function refusalFor(role: RoleId): AppError | null {
  if (role === Role.PATIENT) { return new AppError('forbidden', 'patientCannotAuthenticate'); }
  if (rolesRefusedAtStaffSignIn.includes(role)) { return new AppError('forbidden', 'roleCannotAuthenticate'); }
  return null;
}

async function openSession(ctx: AppContext, userId: number, sessionType: string, ip: string): Promise<SignInResult> {
  return (await openSessionWithId(ctx, userId, sessionType, ip)).result;
}

async function openSessionWithId(ctx: AppContext, userId: number, sessionType: string, ip: string): Promise<{ sessionId: number; result: SignInResult }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ctx.config.sessionMaxHours * 3_600_000);
  const session = await repo.insertSession(ctx.db, { tokenHash: tokenHash(token), userId, sessionType, ip, expiresAt });
  const user = await loadUserView(systemDb(ctx.db), userId, { withMetadata: true });
  if (!user) { throw AppError.unauthorized(); }
  const result: SignInResult = {
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
  return { sessionId: session.id, result };
}

/**
 * Opens a session for `userId` whom another sign-in method already proved (single sign-on,
 * features/sso; docs/security.md "Single sign-on"): the same session and answer as a password
 * sign-in, with `sessionType` recorded. A disabled user, an API user, a patient and the roles refused
 * at staff sign-in are refused as in `signIn` (401 invalidCredentials, 403 with the spec message).
 * Returns the new session's id beside the answer, for the caller's own record of it.
 */
export async function openSessionForUser(ctx: AppContext, userId: number, sessionType: string, ip: string): Promise<{ sessionId: number; result: SignInResult }> {
  const user = await loadUserView(systemDb(ctx.db), userId);
  if (!user || user.status !== 1 || user.roleId === Role.API_USER) { throw new AppError('unauthorized', 'invalidCredentials'); }
  const refused = refusalFor(user.roleId as RoleId);
  if (refused) { throw refused; }
  return openSessionWithId(ctx, userId, sessionType, ip);
}

/** Ends session `sessionId` (no-op when already ended) and drops every process's cached scopes, so its next request answers 401 at once. */
export async function endSessionById(ctx: AppContext, sessionId: number, reason: string): Promise<void> {
  await repo.endSession(ctx.db, sessionId, reason);
  await forgetSessions(ctx);
}

/** The device cookie's name and lifetime (README "Sign-in limits"). */
export const DEVICE_COOKIE = 'vigil_device';
export const DEVICE_COOKIE_DAYS = 180;

/** What the sign-in route passes about the browser's device cookie, and how to set a new one. */
export interface DeviceCookie {
  /** The `vigil_device` cookie the browser sent, if any. */
  token?: string;
  /** Sets the cookie (value, lifetime in seconds) on the answer. */
  issue: (token: string, maxAgeSeconds: number) => void;
}

/**
 * Refuses with 429 tooManyAttempts (Retry-After) when the account has VIGIL_SIGNIN_MAX_FAILURES
 * failures under `failureKey` in the window, or (not for a trusted device) the address has
 * VIGIL_SIGNIN_MAX_FAILURES_PER_IP. Password and second-factor failures count alike (README
 * "Sign-in limits"; docs/security.md "Multi-factor authentication").
 */
async function refuseIfLimited(ctx: AppContext, accountKey: string, failureKey: string, trusted: boolean, source: string, remoteIp: string): Promise<void> {
  const since = new Date(Date.now() - ctx.config.signInWindowMinutes * 60_000);
  const failures = await repo.countSignInFailures(ctx.db, accountKey, failureKey, since);
  const limited =
    failures.account.n >= ctx.config.signInMaxFailures
      ? failures.account.oldest
      : !trusted && failures.ip.n >= ctx.config.signInMaxFailuresPerIp
        ? failures.ip.oldest
        : null;
  if (limited) {
    const retryAfter = Math.max(1, Math.ceil((limited.getTime() + ctx.config.signInWindowMinutes * 60_000 - Date.now()) / 1000));
    void recordSystemLog(ctx.db, { level: 'warn', kind: 'signInRefused', source, message: 'Sign-in refused: too many attempts', details: { reason: 'tooManyAttempts', ip: remoteIp } });
    throw new AppError('tooManyRequests', 'tooManyAttempts', { seconds: retryAfter }, undefined, retryAfter);
  }
}

/** What a sign-in that passed its first step carries to its session. */
interface PendingSignIn {
  userId: number;
  accountKey: string;
  /** The key its failures count under: the address, or `device:<hash>` for a trusted device. */
  failureKey: string;
  sessionType: string;
  ip: string;
}

/** How long the second step of a sign-in may take (minutes), and how many wrong factors one challenge takes. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_MAX_FAILURES = 5;

/** Answers the MFA challenge of a sign-in: a single-use token, stored as its SHA-256, CHALLENGE_MINUTES long. */
async function openChallenge(ctx: AppContext, pending: PendingSignIn, step: 'verify' | 'enrol', methods: MfaChallenge['methods']): Promise<MfaChallenge> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
  await repo.insertSignInChallenge(ctx.db, { ...pending, tokenHash: tokenHash(token), purpose: step, expiresAt });
  return { mfaRequired: true, challengeToken: token, methods: step === 'enrol' ? [] : methods, enrolRequired: step === 'enrol', expiresAt: expiresAt.toISOString() };
}

/**
 * The end of a successful sign-in: clears the failures it was limited by, gives a browser without
 * a valid device cookie for the account a new one, remembers the browser for the second step when
 * asked (`rememberDevice`, VIGIL_MFA_REMEMBER_DAYS) and opens the session.
 */
async function completeSignIn(ctx: AppContext, pending: PendingSignIn, device: DeviceCookie | undefined, trusted: boolean, rememberDevice = false): Promise<SignInResult> {
  await repo.clearSignInFailures(ctx.db, pending.accountKey, pending.failureKey);
  let deviceHash = trusted && device?.token ? tokenHash(device.token) : null;
  if (device && !trusted) {
    const token = newToken();
    deviceHash = tokenHash(token);
    await repo.insertUserToken(ctx.db, { userId: pending.userId, purpose: 'device', tokenHash: deviceHash, expiresAt: new Date(Date.now() + DEVICE_COOKIE_DAYS * 86_400_000) });
    device.issue(token, DEVICE_COOKIE_DAYS * 86_400);
  }
  if (rememberDevice && deviceHash) { await mfa.rememberDevice(ctx, pending.userId, deviceHash); }
  return openSession(ctx, pending.userId, pending.sessionType, pending.ip);
}

/**
 * `auth/signinv3`: username or e-mail and password. Wrong credentials answer "Invalid username or
 * password" whether or not the account exists; patients, caregivers and ECP users are refused
 * (spec sections 5-6). Failed attempts are limited (429 with Retry-After), with OWASP's device
 * cookies ("Slow Down Online Guessing Attacks with Device Cookies"; README "Sign-in limits"):
 * - a browser that signed in to THIS account before sends its device cookie (an opaque 256-bit
 *   token, stored hashed as a 'device' user token, so it cannot be forged or moved to another
 *   account): it is limited per account and device (VIGIL_SIGNIN_MAX_FAILURES), and NOT by the
 *   per-address limit, so one person's wrong passwords cannot lock a clinic behind one address out;
 * - any other attempt is limited per account and address (VIGIL_SIGNIN_MAX_FAILURES) and per
 *   address (VIGIL_SIGNIN_MAX_FAILURES_PER_IP), as before.
 * A success clears the failures it was limited by, and gives a browser without a valid device
 * cookie for the account a new one (DEVICE_COOKIE_DAYS).
 *
 * A user who holds a second factor, or whose organization's policy requires one, gets no session
 * here but an MFA challenge (`openChallenge`; docs/security.md "Multi-factor authentication"):
 * the failures are cleared and the device cookie issued only when the second step succeeds.
 */
export async function signIn(
  ctx: AppContext,
  input: { username: string; password: string; ip: string },
  remoteIp: string,
  device?: DeviceCookie,
): Promise<SignInAnswer> {
  const accountKey = input.username.trim().toLowerCase();
  const user = await repo.findUserForSignIn(ctx.db, input.username);
  const deviceHash = device?.token && device.token.length <= 200 ? tokenHash(device.token) : null;
  const trusted = deviceHash !== null && user !== null && (await repo.findDeviceTokenUser(ctx.db, deviceHash)) === user.id;
  // A trusted device's failures are counted under its own key, not the address.
  const failureKey = trusted ? `device:${deviceHash}` : remoteIp;
  await refuseIfLimited(ctx, accountKey, failureKey, trusted, 'POST auth/signinv3', remoteIp);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || user.status !== 1) {
    await repo.recordSignInFailure(ctx.db, accountKey, failureKey);
    // The typed account name is not logged (it may be an e-mail address), nor the password.
    void recordSystemLog(ctx.db, { level: 'warn', kind: 'signInRefused', source: 'POST auth/signinv3', message: 'Sign-in refused: invalid credentials', details: { reason: 'invalidCredentials', ip: remoteIp } });
    throw new AppError('unauthorized', 'invalidCredentials');
  }
  // docs/security.md "Single sign-on": an organization that requires SSO refuses its users' passwords.
  const ssoRefusal = await passwordSignInRefusal(ctx.db, user);
  if (ssoRefusal) {
    void recordSystemLog(ctx.db, { level: 'warn', kind: 'signInRefused', source: 'POST auth/signinv3', message: 'Sign-in refused: the organization requires single sign-on', userId: user.id, details: { reason: 'ssoRequired', ip: remoteIp } });
    throw ssoRefusal;
  }
  if (user.roleId === Role.API_USER) {
    // docs/api-keys.md "Principals": an API user authenticates only with its keys. The answer is the
    // generic one of a wrong password, so it does not tell that the password was right.
    void recordSystemLog(ctx.db, { level: 'warn', kind: 'signInRefused', source: 'POST auth/signinv3', message: 'Sign-in refused: an API user signs in only with its API keys', userId: user.id, details: { reason: 'apiUser', ip: remoteIp } });
    throw new AppError('unauthorized', 'invalidCredentials');
  }
  const refused = refusalFor(user.roleId as RoleId);
  if (refused) {
    void recordSystemLog(ctx.db, { level: 'warn', kind: 'signInRefused', source: 'POST auth/signinv3', message: 'Sign-in refused: role not allowed in the staff app', userId: user.id, details: { reason: 'roleRefused', ip: remoteIp } });
    throw refused;
  }
  // The browser sends the spec's "IPv6: N/A IP: N/A" when its lookup failed; the connection address is better then.
  const ipText = input.ip && !input.ip.includes('N/A') ? input.ip : remoteIp;
  const pending = { userId: user.id, accountKey, failureKey, sessionType: 'WEB', ip: ipText };
  const { step, methods } = await mfa.signInStepOf(ctx, user, deviceHash);
  if (step !== 'none') { return openChallenge(ctx, pending, step, methods); }
  return completeSignIn(ctx, pending, device, trusted);
}

/**
 * `auth/signinwithtoken(v2)`: exchanges a one-time sign-in token (issued when a user sets a
 * password from an e-mailed link) for a session. A patient's token is refused with "You cannot
 * authenticate as a Patient!"; an API user's (it authenticates only with its keys, docs/api-keys.md)
 * answers "Error" like every other failure, and is recorded in the system log (signInRefused).
 * A user who holds a second factor (or must enrol one) gets the MFA challenge instead of a session,
 * exactly as a password sign-in does: the token proves the same thing a password does.
 */
export async function signInWithToken(ctx: AppContext, token: string, ip: string): Promise<SignInAnswer> {
  const userId = await repo.consumeUserToken(ctx.db, tokenHash(token), SIGN_IN_TOKEN_PURPOSE);
  if (userId === null) { throw new AppError('unauthorized', 'tokenSignInFailed'); }
  const user = await loadUserView(systemDb(ctx.db), userId);
  if (!user || user.status !== 1) { throw new AppError('unauthorized', 'tokenSignInFailed'); }
  if (user.roleId === Role.API_USER) {
    void recordSystemLog(ctx.db, { level: 'warn', kind: 'signInRefused', source: 'POST auth/signinwithtoken', message: 'Sign-in refused: an API user signs in only with its API keys', userId: user.id, details: { reason: 'apiUser', ip } });
    throw new AppError('unauthorized', 'tokenSignInFailed');
  }
  const refused = refusalFor(user.roleId as RoleId);
  if (refused) { throw refused; }
  // A one-time token stands for the password (docs/security.md "Single sign-on"): an organization
  // that requires SSO refuses it as it refuses the password.
  const ssoRefusal = await passwordSignInRefusal(ctx.db, { organizationId: user.organizationId ?? null });
  if (ssoRefusal) {
    void recordSystemLog(ctx.db, { level: 'warn', kind: 'signInRefused', source: 'POST auth/signinwithtoken', message: 'Sign-in refused: the organization requires single sign-on', userId: user.id, details: { reason: 'ssoRequired', ip } });
    throw ssoRefusal;
  }
  // The same MFA policy as a password sign-in: a one-time token stands for the password only.
  const pending = { userId, accountKey: user.username.toLowerCase(), failureKey: ip, sessionType: 'TOKEN', ip };
  const { step, methods } = await mfa.signInStepOf(ctx, user, null);
  if (step !== 'none') { return openChallenge(ctx, pending, step, methods); }
  return openSession(ctx, userId, 'TOKEN', ip);
}

/** Ends the caller's session. */
export async function signOut(ctx: AppContext, scope: Scope): Promise<void> {
  await repo.endSession(ctx.db, scope.sessionId, 'signout');
}

const TOUCH_EVERY_MS = 15_000;

/**
 * The scope of live session `sessionId` as the database holds it now (role, organization, offices),
 * never from the session cache and without refreshing the idle clock; null when the session ended,
 * expired, is idle too long or its user is disabled. For a long-lived connection that must follow
 * the user's current access (realtime/socket.ts: every visit room join and re-check).
 */
export async function currentScopeOfSession(ctx: AppContext, sessionId: number): Promise<Scope | null> {
  const row = await repo.findLiveSessionById(ctx.db, sessionId, ctx.config.sessionIdleMinutes);
  return row ? repo.buildScope(ctx.db, row.user, row.session.id) : null;
}

/**
 * Resolves a SessionGuid to the caller's scope, or null when it is unknown, ended, past its
 * absolute end, idle longer than the limit, or its user is disabled. Refreshes the idle clock
 * (at most every 15 s). A resolved session is kept for `config.sessionCacheMs` (see
 * `lib/session-cache.ts` for how changes reach it); the returned scope is frozen.
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
  if (!row) { return null; }
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

/** The live challenge of `token` for `purpose`, or 401 mfaChallengeExpired. */
async function liveChallenge(ctx: AppContext, token: string, purpose: 'verify' | 'enrol') {
  const row = await repo.findLiveSignInChallenge(ctx.db, tokenHash(token), purpose);
  if (!row) { throw new AppError('unauthorized', 'mfaChallengeExpired'); }
  return row;
}

/** Whether the browser's device cookie is a valid device token of `userId`. */
async function isTrustedDevice(ctx: AppContext, userId: number, device?: DeviceCookie): Promise<boolean> {
  if (!device?.token || device.token.length > 200) { return false; }
  return (await repo.findDeviceTokenUser(ctx.db, tokenHash(device.token))) === userId;
}

/** Counts a failed second factor like a failed password (sign_in_failures), and on the challenge. */
async function countFactorFailure(ctx: AppContext, challenge: { id: number; userId: number; accountKey: string; failureKey: string }, method: string, remoteIp: string): Promise<void> {
  await repo.recordSignInFailure(ctx.db, challenge.accountKey, challenge.failureKey);
  await repo.failSignInChallenge(ctx.db, challenge.id, CHALLENGE_MAX_FAILURES);
  mfa.recordMfaSignIn(ctx, challenge.userId, 'failure', method, remoteIp);
}

/**
 * `auth/mfa/verify`: the second step of a sign-in. Exactly one of a TOTP code (each time step
 * once), a recovery code (used up) or a passkey assertion over the challenge's WebAuthn
 * challenge (`auth/mfa/passkey`). The sign-in limits of `signIn` apply (429 tooManyAttempts),
 * and a wrong factor counts as a failed sign-in; a challenge takes CHALLENGE_MAX_FAILURES wrong
 * factors, then ends. 401 mfaChallengeExpired for an unknown, used, ended or expired challenge,
 * 401 mfaCodeInvalid for a wrong factor. A success uses the challenge up and opens the session;
 * `rememberDevice` skips the second step in this browser for VIGIL_MFA_REMEMBER_DAYS.
 */
export async function verifyMfa(
  ctx: AppContext,
  input: { challengeToken: string; code?: string; recoveryCode?: string; assertion?: Record<string, unknown>; rememberDevice: boolean },
  remoteIp: string,
  device?: DeviceCookie,
): Promise<SignInResult> {
  const challenge = await liveChallenge(ctx, input.challengeToken, 'verify');
  const trusted = challenge.failureKey.startsWith('device:') && (await isTrustedDevice(ctx, challenge.userId, device));
  await refuseIfLimited(ctx, challenge.accountKey, challenge.failureKey, trusted, 'POST auth/mfa/verify', remoteIp);
  const method = input.code !== undefined ? 'totp' : input.recoveryCode !== undefined ? 'recovery' : 'passkey';
  const ok =
    input.code !== undefined
      ? await mfa.verifyTotpCode(ctx, challenge.userId, input.code)
      : input.recoveryCode !== undefined
        ? await mfa.useRecoveryCode(ctx, challenge.userId, input.recoveryCode)
        : input.assertion !== undefined && challenge.webauthnChallenge !== null
          ? await mfa.verifyPasskeyAssertion(ctx, challenge.userId, input.assertion, challenge.webauthnChallenge)
          : false;
  if (!ok) {
    await countFactorFailure(ctx, challenge, method, remoteIp);
    throw new AppError('unauthorized', 'mfaCodeInvalid');
  }
  if (!(await repo.consumeSignInChallenge(ctx.db, challenge.id))) { throw new AppError('unauthorized', 'mfaChallengeExpired'); }
  mfa.recordMfaSignIn(ctx, challenge.userId, 'success', method, remoteIp);
  return completeSignIn(ctx, challenge, device, trusted, input.rememberDevice);
}

/** `auth/mfa/passkey`: WebAuthn authentication options for a challenge's user; their challenge is kept on the sign-in challenge. 401 mfaChallengeExpired. */
export async function passkeyOptions(ctx: AppContext, challengeToken: string): Promise<Record<string, unknown>> {
  const challenge = await liveChallenge(ctx, challengeToken, 'verify');
  const options = await mfa.passkeyAssertionOptions(ctx, challenge.userId);
  await repo.setSignInChallengeWebauthn(ctx.db, challenge.id, options.challenge);
  return options as unknown as Record<string, unknown>;
}

/** `auth/mfa/enrol/totp`: starts the TOTP enrolment a policy requires, within an enrolment challenge. 401 mfaChallengeExpired. */
export async function startEnrolment(ctx: AppContext, challengeToken: string): Promise<TotpEnrolment> {
  const challenge = await liveChallenge(ctx, challengeToken, 'enrol');
  return mfa.startTotpFor(ctx, challenge.userId);
}

/**
 * `auth/mfa/enrol/totp/confirm`: confirms the enrolment with a first valid code, uses the
 * challenge up and opens the session; answers the recovery codes once. A wrong code counts as a
 * failed sign-in (400 mfaCodeInvalid); the sign-in limits apply (429).
 */
export async function confirmEnrolment(
  ctx: AppContext,
  input: { challengeToken: string; factorId: number; code: string },
  remoteIp: string,
  device?: DeviceCookie,
): Promise<{ signIn: SignInResult; recoveryCodes: string[] }> {
  const challenge = await liveChallenge(ctx, input.challengeToken, 'enrol');
  const trusted = challenge.failureKey.startsWith('device:') && (await isTrustedDevice(ctx, challenge.userId, device));
  await refuseIfLimited(ctx, challenge.accountKey, challenge.failureKey, trusted, 'POST auth/mfa/enrol/totp/confirm', remoteIp);
  let confirmed;
  try {
    confirmed = await mfa.confirmTotpFor(ctx, challenge.userId, input.factorId, input.code, 'POST auth/mfa/enrol/totp/confirm');
  } catch (err) {
    if (err instanceof AppError && err.messageKey === 'mfaCodeInvalid') { await countFactorFailure(ctx, challenge, 'totp', remoteIp); }
    throw err;
  }
  if (!(await repo.consumeSignInChallenge(ctx.db, challenge.id))) { throw new AppError('unauthorized', 'mfaChallengeExpired'); }
  mfa.recordMfaSignIn(ctx, challenge.userId, 'success', 'enrolment', remoteIp);
  return { signIn: await completeSignIn(ctx, challenge, device, trusted), recoveryCodes: confirmed.recoveryCodes ?? [] };
}
