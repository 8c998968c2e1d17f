import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { MfaFactor, MfaPolicy, MfaStatus, RoleId, TotpEnrolment } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { tenantDb } from '../../db/handles';
import { isOrganizationInScope, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { linkBase } from '../../lib/public-url';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { recordSystemLog } from '../../lib/system-log';
import { mfaStepFor, policyRequiresFactor, type MfaStep } from './mfa.policy';
import * as repo from './mfa.repo';

/**
 * Second factors (docs/security.md "Multi-factor authentication"): TOTP (RFC 6238, `otpauth`),
 * WebAuthn passkeys (W3C WebAuthn Level 2, `@simplewebauthn/server`) and recovery codes, the
 * organization's policy, and the checks the sign-in steps of features/auth call (index.ts).
 * Every enrolment, removal, reset, policy change and MFA sign-in step is written to the system
 * log (kind `mfa`, never a secret or code): staff credentials, not patient data, so not the PHI trail.
 */

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Vigil';
/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30 s steps. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps of clock drift accepted either side (RFC 6238 section 5.2 recommends at most one). */
const TOTP_WINDOW = 1;
/** How many recovery codes a user holds after (re)generation. */
export const RECOVERY_CODE_COUNT = 10;
/** An enrolment in progress (an unconfirmed secret, a registration challenge) older than this is dropped. */
const PENDING_MINUTES = 15;
const RP_NAME = 'Vigil';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 10 characters of base32 (50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const text = [...bytes].map((b) => BASE32[b & 31]).join('');
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** The form a recovery code is hashed in: lower case, without spaces and dashes (contract recoveryCodeSchema). */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

/** Ten new recovery codes and their argon2id hashes (lib/crypto.ts). */
async function issueRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normalRecoveryCode(c))));
  return { codes, hashes };
}

function totpOf(secretBase32: string, username: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label: username, secret: OTPAuth.Secret.fromBase32(secretBase32), ...TOTP_PARAMS });
}

/**
 * The WebAuthn relying party: the host of VIGIL_WEBAUTHN_ORIGIN, else of VIGIL_PUBLIC_URL
 * (lib/public-url.ts), as rpID, and that origin as the expected origin.
 */
export function relyingParty(ctx: AppContext): { rpID: string; origin: string } {
  const url = new URL(ctx.config.webauthnOrigin ?? linkBase(ctx));
  return { rpID: url.hostname, origin: url.origin };
}

const log = (ctx: AppContext, source: string, message: string, userId: number, details: Record<string, string | number | boolean | null> = {}, level: 'info' | 'warn' = 'info') =>
  void recordSystemLog(ctx.db, { level, kind: 'mfa', source, message, userId, details });

// ---- Enrolment (shared by the profile screen and the enrolment step of a sign-in) ----------------

/**
 * Starts a TOTP enrolment for `userId`: a new 160-bit secret (RFC 4226 section 4), sealed at rest
 * (lib/secret-box.ts), its otpauth:// URI and that URI as a QR code (PNG data URL). The secret is
 * answered only here, never logged. 409 mfaUnavailable in production without VIGIL_SECRET_KEY.
 */
export async function startTotpFor(ctx: AppContext, userId: number, label?: string): Promise<TotpEnrolment> {
  const username = (await repo.usernameOf(ctx.db, userId)) ?? String(userId);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const sealed = sealSecret(ctx.config, secret);
  const row = await repo.insertPendingFactor(ctx.db, { userId, kind: 'totp', label: label ?? 'Authenticator app', secretSealed: sealed }, new Date(Date.now() - PENDING_MINUTES * 60_000));
  const uri = totpOf(secret, username).toString();
  return { factorId: row.id, secret, uri, qrDataUrl: await QRCode.toDataURL(uri) };
}

/**
 * Confirms TOTP enrolment `factorId` of `userId` with a first valid code. The user's first factor
 * also issues RECOVERY_CODE_COUNT recovery codes (answered once, stored as argon2id hashes); later
 * factors keep the codes held. 400 mfaEnrolmentExpired for an unknown, confirmed or stale
 * enrolment, 400 mfaCodeInvalid for a wrong code.
 */
export async function confirmTotpFor(ctx: AppContext, userId: number, factorId: number, code: string, source: string): Promise<{ factor: MfaFactor; recoveryCodes: string[] | null }> {
  const pending = await repo.getPendingTotp(ctx.db, userId, factorId);
  if (!pending || !pending.secretSealed || pending.createdAt.getTime() < Date.now() - PENDING_MINUTES * 60_000) {
    throw AppError.badRequest('mfaEnrolmentExpired');
  }
  const username = (await repo.usernameOf(ctx.db, userId)) ?? String(userId);
  const totp = totpOf(openSecret(ctx.config, pending.secretSealed), username);
  const delta = totp.validate({ token: code, window: TOTP_WINDOW });
  if (delta === null) {
    log(ctx, source, 'TOTP enrolment refused: invalid code', userId, {}, 'warn');
    throw AppError.badRequest('mfaCodeInvalid', { code: 'mfaCodeInvalid' });
  }
  const issued = (await repo.confirmedFactorsOf(ctx.db, userId)).length === 0 ? await issueRecoveryCodes() : null;
  const factor = await ctx.db.transaction(async (tx) => {
    const row = await repo.confirmFactor(tx, userId, factorId, { lastStep: totp.counter() + delta });
    if (!row) { throw AppError.badRequest('mfaEnrolmentExpired'); }
    if (issued) { await repo.replaceRecoveryCodes(tx, userId, issued.hashes); }
    return row;
  });
  log(ctx, source, 'TOTP factor enrolled', userId, { factorId: factor.id, recoveryCodesIssued: issued !== null });
  return { factor: repo.toFactor(factor), recoveryCodes: issued?.codes ?? null };
}

// ---- The sign-in steps (called by features/auth) -------------------------------------------------

/**
 * The step a sign-in of `user` takes after its password or one-time token (mfa.policy.ts
 * `mfaStepFor`), with the methods the user can verify with: 'totp' and 'passkey' for the
 * factors held, 'recovery' while unused recovery codes remain. `deviceHash`: the SHA-256 of the
 * browser's device cookie, when it sent one.
 */
export async function signInStepOf(ctx: AppContext, user: { id: number; roleId: number }, deviceHash: string | null): Promise<{ step: MfaStep; methods: ('totp' | 'recovery' | 'passkey')[] }> {
  const [factors, policy] = await Promise.all([repo.confirmedFactorsOf(ctx.db, user.id), repo.policyOfUser(ctx.db, user.id)]);
  const deviceRemembered = deviceHash !== null && factors.length > 0 && ctx.config.mfaRememberDays > 0 && (await repo.isDeviceRemembered(ctx.db, user.id, deviceHash));
  const step = mfaStepFor({ policy, role: user.roleId as RoleId, hasFactor: factors.length > 0, deviceRemembered });
  const methods: ('totp' | 'recovery' | 'passkey')[] = [];
  if (factors.some((f) => f.kind === 'totp')) { methods.push('totp'); }
  if (factors.some((f) => f.kind === 'passkey')) { methods.push('passkey'); }
  if (methods.length > 0 && (await repo.countUnusedRecoveryCodes(ctx.db, user.id)) > 0) { methods.push('recovery'); }
  return { step, methods };
}

/**
 * Whether `code` is a current TOTP code of one of `userId`'s TOTP factors not used before (each
 * time step is accepted once per factor, RFC 6238 section 5.2).
 */
export async function verifyTotpCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const username = (await repo.usernameOf(ctx.db, userId)) ?? String(userId);
  for (const f of await repo.confirmedFactorsOf(ctx.db, userId)) {
    if (f.kind !== 'totp' || !f.secretSealed) { continue; }
    const totp = totpOf(openSecret(ctx.config, f.secretSealed), username);
    const delta = totp.validate({ token: code, window: TOTP_WINDOW });
    if (delta !== null && (await repo.acceptTotpStep(ctx.db, f.id, totp.counter() + delta))) { return true; }
  }
  return false;
}

/** Whether `code` is one of `userId`'s unused recovery codes; a match is used up at once. */
export async function useRecoveryCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const normal = normalRecoveryCode(code);
  for (const row of await repo.unusedRecoveryCodes(ctx.db, userId)) {
    if (await verifyPassword(row.codeHash, normal)) { return repo.useRecoveryCode(ctx.db, row.id); }
  }
  return false;
}

/** WebAuthn authentication options naming `userId`'s passkeys; the caller keeps `options.challenge` for the verification. */
export async function passkeyAssertionOptions(ctx: AppContext, userId: number) {
  const passkeys = (await repo.confirmedFactorsOf(ctx.db, userId)).filter((f) => f.kind === 'passkey' && f.credentialId);
  const { rpID } = relyingParty(ctx);
  return generateAuthenticationOptions({
    rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId!, transports: p.transports ? p.transports.split(',') : undefined })),
    userVerification: 'preferred',
  });
}

/**
 * Whether `response` is a valid assertion of one of `userId`'s passkeys over `expectedChallenge`
 * for this portal's rpID and origin; stores the authenticator's new signature counter. A
 * malformed response counts as a failed one.
 */
export async function verifyPasskeyAssertion(ctx: AppContext, userId: number, response: Record<string, unknown>, expectedChallenge: string): Promise<boolean> {
  const id = typeof response.id === 'string' ? response.id : null;
  const passkey = (await repo.confirmedFactorsOf(ctx.db, userId)).find((f) => f.kind === 'passkey' && f.credentialId === id);
  if (!passkey || !passkey.publicKey) { return false; }
  const { rpID, origin } = relyingParty(ctx);
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.credentialId!, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports ? passkey.transports.split(',') : undefined },
    });
    if (!result.verified) { return false; }
    await repo.updatePasskeyCounter(ctx.db, passkey.id, result.authenticationInfo.newCounter);
    return true;
  } catch {
    return false;
  }
}

/** Remembers the browser of device-cookie hash `deviceHash` for `userId` for VIGIL_MFA_REMEMBER_DAYS (nothing when 0). */
export async function rememberDevice(ctx: AppContext, userId: number, deviceHash: string): Promise<void> {
  if (ctx.config.mfaRememberDays <= 0) { return; }
  await repo.rememberDevice(ctx.db, userId, deviceHash, new Date(Date.now() + ctx.config.mfaRememberDays * 86_400_000));
}

/** Writes an MFA sign-in step's outcome to the system log (kind `mfa`; never the code). */
export function recordMfaSignIn(ctx: AppContext, userId: number, outcome: 'success' | 'failure', method: string, ip: string): void {
  log(ctx, 'POST auth/mfa/verify', outcome === 'success' ? 'MFA sign-in succeeded' : 'MFA sign-in refused: invalid factor', userId, { method, ip }, outcome === 'success' ? 'info' : 'warn');
}

// ---- The caller's own factors ----------------------------------------------------------------------

async function requiredFor(db: Executor, userId: number, policy: MfaPolicy): Promise<boolean> {
  const role = await repo.roleOf(db, userId);
  return role !== null && policyRequiresFactor(policy, role);
}

async function statusOf(db: Executor, userId: number): Promise<MfaStatus> {
  const [factors, left, policy] = await Promise.all([repo.confirmedFactorsOf(db, userId), repo.countUnusedRecoveryCodes(db, userId), repo.policyOfUser(db, userId)]);
  return { factors: factors.map(repo.toFactor), recoveryCodesLeft: left, policy, required: await requiredFor(db, userId, policy) };
}

/** `GET mfa/factors`: the caller's confirmed factors, unused recovery codes and policy. */
export async function getMyStatus(ctx: AppContext, scope: Scope): Promise<MfaStatus> {
  return statusOf(ctx.db, scope.userId);
}

/** `POST mfa/totp`: starts a TOTP enrolment of the caller (see `startTotpFor`). */
export function startMyTotp(ctx: AppContext, scope: Scope, label?: string): Promise<TotpEnrolment> {
  return startTotpFor(ctx, scope.userId, label);
}

/** `POST mfa/totp/confirm`: confirms the caller's TOTP enrolment (see `confirmTotpFor`). */
export function confirmMyTotp(ctx: AppContext, scope: Scope, factorId: number, code: string) {
  return confirmTotpFor(ctx, scope.userId, factorId, code, 'POST mfa/totp/confirm');
}

/**
 * `POST mfa/passkeys/options`: WebAuthn registration options for a new passkey of the caller:
 * rpID and origin from VIGIL_PUBLIC_URL, no attestation, a discoverable credential preferred,
 * the caller's passkeys excluded. The challenge is kept on a pending factor row for
 * `finishMyPasskey` (PENDING_MINUTES).
 */
export async function startMyPasskey(ctx: AppContext, scope: Scope): Promise<{ factorId: number; options: Record<string, unknown> }> {
  const username = (await repo.usernameOf(ctx.db, scope.userId)) ?? String(scope.userId);
  const existing = (await repo.confirmedFactorsOf(ctx.db, scope.userId)).filter((f) => f.kind === 'passkey' && f.credentialId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(ctx).rpID,
    userName: username,
    userID: new TextEncoder().encode(`vigil-user-${scope.userId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId!, transports: p.transports ? p.transports.split(',') : undefined })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const row = await repo.insertPendingFactor(ctx.db, { userId: scope.userId, kind: 'passkey', label: 'Passkey', challenge: options.challenge }, new Date(Date.now() - PENDING_MINUTES * 60_000));
  return { factorId: row.id, options: options as unknown as Record<string, unknown> };
}

/**
 * `POST mfa/passkeys`: verifies the authenticator's registration response against the pending
 * challenge and stores the credential (id, COSE public key, counter, transports). The caller's
 * first factor also issues recovery codes. 400 mfaEnrolmentExpired for an unknown or stale
 * registration, 400 passkeyInvalid when the response does not verify.
 */
export async function finishMyPasskey(ctx: AppContext, scope: Scope, factorId: number, response: Record<string, unknown>, label?: string): Promise<{ factor: MfaFactor; recoveryCodes: string[] | null }> {
  const tenant = tenantDb(scope, ctx.db);
  const pending = await repo.getOwnPendingPasskey(tenant, factorId);
  if (!pending || !pending.challenge || pending.createdAt.getTime() < Date.now() - PENDING_MINUTES * 60_000) { throw AppError.badRequest('mfaEnrolmentExpired'); }
  const { rpID, origin } = relyingParty(ctx);
  let info;
  try {
    const result = await verifyRegistrationResponse({ response: response as unknown as RegistrationResponseJSON, expectedChallenge: pending.challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false });
    info = result.verified ? result.registrationInfo : null;
  } catch {
    info = null;
  }
  if (!info) {
    log(ctx, 'POST mfa/passkeys', 'Passkey registration refused: response did not verify', scope.userId, {}, 'warn');
    throw AppError.badRequest('passkeyInvalid');
  }
  const issued = (await repo.confirmedFactorsOf(ctx.db, scope.userId)).length === 0 ? await issueRecoveryCodes() : null;
  const cred = info.credential;
  const factor = await ctx.db.transaction(async (tx) => {
    const row = await repo.confirmFactor(tx, scope.userId, factorId, {
      credentialId: cred.id,
      publicKey: Buffer.from(cred.publicKey).toString('base64url'),
      counter: cred.counter,
      transports: (cred.transports ?? []).join(','),
      label: label ?? 'Passkey',
    });
    if (!row) { throw AppError.badRequest('mfaEnrolmentExpired'); }
    if (issued) { await repo.replaceRecoveryCodes(tx, scope.userId, issued.hashes); }
    return row;
  });
  log(ctx, 'POST mfa/passkeys', 'Passkey factor enrolled', scope.userId, { factorId: factor.id, recoveryCodesIssued: issued !== null });
  return { factor: repo.toFactor(factor), recoveryCodes: issued?.codes ?? null };
}

/**
 * `DELETE mfa/factors/{id}`: removes one of the caller's factors. 404 when it is not theirs; 409
 * mfaLastFactorRequired when their policy requires a factor and it is the last. Removing the
 * last factor also drops the recovery codes (they recover a factor that no longer exists).
 */
export async function deleteMyFactor(ctx: AppContext, scope: Scope, id: number): Promise<MfaStatus> {
  await ctx.db.transaction(async (tx) => {
    const factors = await repo.confirmedFactorsOf(tx, scope.userId);
    if (!factors.some((f) => f.id === id)) { throw AppError.notFound(); }
    const policy = await repo.policyOfUser(tx, scope.userId);
    if (factors.length === 1 && (await requiredFor(tx, scope.userId, policy))) { throw new AppError('conflict', 'mfaLastFactorRequired'); }
    if (!(await repo.deleteOwnFactor(tenantDb(scope, tx), id))) { throw AppError.notFound(); }
    if (factors.length === 1) { await repo.replaceRecoveryCodes(tx, scope.userId, []); }
  });
  log(ctx, 'DELETE mfa/factors/{id}', 'Factor removed by its holder', scope.userId, { factorId: id });
  return statusOf(ctx.db, scope.userId);
}

/** `POST mfa/recoverycodes`: ten new recovery codes for the caller, replacing the old ones. 409 mfaNoFactor without a factor. */
export async function regenerateMyRecoveryCodes(ctx: AppContext, scope: Scope): Promise<{ codes: string[] }> {
  if ((await repo.confirmedFactorsOf(ctx.db, scope.userId)).length === 0) { throw new AppError('conflict', 'mfaNoFactor'); }
  const issued = await issueRecoveryCodes();
  await ctx.db.transaction((tx) => repo.replaceRecoveryCodes(tx, scope.userId, issued.hashes));
  log(ctx, 'POST mfa/recoverycodes', 'Recovery codes regenerated', scope.userId);
  return { codes: issued.codes };
}

// ---- The organization's administrators -------------------------------------------------------------

/** `GET mfa/policy`: the policy of the caller's organization. 404 for a caller without one (a system admin). */
export async function getPolicy(ctx: AppContext, scope: Scope): Promise<{ organizationId: number; policy: MfaPolicy }> {
  if (scope.organizationId === null) { throw AppError.notFound(); }
  return { organizationId: scope.organizationId, policy: await repo.getOrganizationPolicy(ctx.db, scope.organizationId) };
}

/** `PUT mfa/policy`: sets the policy of the caller's organization (system log kind `mfa` with the old and new policy). 404 without an organization. */
export async function setPolicy(ctx: AppContext, scope: Scope, policy: MfaPolicy): Promise<{ organizationId: number; policy: MfaPolicy }> {
  if (scope.organizationId === null) { throw AppError.notFound(); }
  const organizationId = scope.organizationId;
  const before = await ctx.db.transaction(async (tx) => {
    const old = await repo.getOrganizationPolicy(tx, organizationId);
    await repo.setOwnOrganizationPolicy(tenantDb(scope, tx), policy);
    return old;
  });
  void recordSystemLog(ctx.db, { level: 'info', kind: 'mfa', source: 'PUT mfa/policy', message: 'MFA policy changed', userId: scope.userId, organizationId, details: { from: before, to: policy } });
  return { organizationId, policy };
}

async function assertUserOfMyOrganization(ctx: AppContext, scope: Scope, userId: number): Promise<void> {
  const target = await repo.visibleUserOrganization(tenantDb(scope, ctx.db), userId);
  if (!target || target.organizationId === null || !isOrganizationInScope(scope, target.organizationId)) { throw AppError.notFound(); }
}

/** `GET mfa/users/{userId}/factors`: the factors of a user of the caller's organization. 404 otherwise. */
export async function getUserFactors(ctx: AppContext, scope: Scope, userId: number): Promise<MfaFactor[]> {
  await assertUserOfMyOrganization(ctx, scope, userId);
  return (await repo.factorsOfVisibleUser(tenantDb(scope, ctx.db), userId)).map(repo.toFactor);
}

/**
 * `DELETE mfa/users/{userId}/factors`: an administrator of the user's organization removes every
 * factor, recovery code and remembered device of the user (a lost phone or key); if their policy
 * requires a factor they enrol again at their next sign-in. 404 for a user outside the caller's
 * organization. System log kind `mfa` names the administrator and the user.
 */
export async function resetUserFactors(ctx: AppContext, scope: Scope, userId: number): Promise<{ removed: number }> {
  await assertUserOfMyOrganization(ctx, scope, userId);
  const removed = await ctx.db.transaction((tx) => repo.resetFactorsOfVisibleUser(tenantDb(scope, tx), userId));
  void recordSystemLog(ctx.db, { level: 'info', kind: 'mfa', source: 'DELETE mfa/users/{userId}/factors', message: 'Factors reset by an administrator', userId: scope.userId, organizationId: scope.organizationId, details: { targetUserId: userId, removed } });
  return { removed };
}
