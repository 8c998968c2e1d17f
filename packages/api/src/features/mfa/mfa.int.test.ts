/**
 * Multi-factor authentication through the HTTP API (docs/security.md "Multi-factor
 * authentication"): TOTP enrolment with recovery codes, the second sign-in step of password and
 * token sign-in, remember-this-device, the organization's policy, and an administrator's reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { auth, mfa, Role, type MfaChallenge, type SignInResult } from '@vigil/contract';
import { anonymous, callerFor } from '../../../test/call-as';
import { SoftAuthenticator } from '../../../test/soft-authenticator';
import { createTenancyFixture, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../test/setup';
import { mfaFactors, mfaRecoveryCodes, sessions, systemLogs } from '../../db/schema/index';
import { newToken, tokenHash } from '../../lib/crypto';
import { insertUserToken } from '../auth/auth.repo';
import { SIGN_IN_TOKEN_PURPOSE } from '../auth/auth.service';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);

beforeAll(async () => {
  t = await createTestApp({ signInMaxFailures: 4 });
  f = await createTenancyFixture(t);
});
afterAll(async () => t.close());

type User = { id: number; username: string; roleId: number };

/** A first sign-in step's answer, read as either shape: the session (`session`) or the MFA challenge (`challengeToken`, `mfaRequired`, ...). */
type EitherAnswer = Partial<SignInResult> & Partial<MfaChallenge>;
const asEither = <R extends { body: unknown }>(res: R) => ({ ...res, body: res.body as EitherAnswer });

/** The password step of `user`; `extraHeaders` carries the browser's device cookie. */
const signIn = async (user: User, extraHeaders: Record<string, string> = {}) =>
  asEither(await callAs(anonymous, auth.signInV3, { body: { username: user.username, password: TEST_PASSWORD }, extraHeaders }));

/** The TOTP of an enrolment's secret, as the user's authenticator app computes it. */
const appFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** Enrols TOTP for `user` through the profile endpoints; answers the authenticator and the recovery codes. */
async function enrolTotp(user: User) {
  const started = await callAs(user, mfa.startTotp, { body: {} });
  expect(started.status).toBe(200);
  const app = appFor(started.body.secret);
  const confirmed = await callAs(user, mfa.confirmTotp, { body: { factorId: started.body.factorId, code: app.generate() } });
  expect(confirmed.status).toBe(200);
  return { app, recoveryCodes: confirmed.body.recoveryCodes, factorId: started.body.factorId };
}

/** A code of the authenticator's next time step (accepted within the one-step window, never used before). */
const nextCode = (app: OTPAuth.TOTP, steps = 1) => app.generate({ timestamp: Date.now() + steps * 30_000 });

async function newDoctor(orgId = f.orgA.id, officeId = f.a1.id) {
  return createUser(t, { role: Role.DOCTOR, organizationId: orgId, offices: [officeId] });
}

describe('TOTP enrolment', () => {
  it('answers a secret, its otpauth URI and a QR code, stores the secret sealed, and confirms with a first valid code', async () => {
    const doctor = await newDoctor();
    const started = await callAs(doctor, mfa.startTotp, { body: { label: 'My phone' } });
    expect(started.status).toBe(200);
    expect(started.body.uri).toMatch(new RegExp(`^otpauth://totp/Vigil:${doctor.username}\\?`));
    expect(started.body.uri).toContain(`secret=${started.body.secret}`);
    expect(started.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.ctx.db.select().from(mfaFactors).where(eq(mfaFactors.id, started.body.factorId));
    expect(row!.secretSealed).toMatch(/^v1\./);
    expect(row!.secretSealed).not.toContain(started.body.secret);
    expect(row!.confirmedAt).toBeNull();

    const wrong = await callAs(doctor, mfa.confirmTotp, { body: { factorId: started.body.factorId, code: '000000' === appFor(started.body.secret).generate() ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toBe('The code is not valid');

    const ok = await callAs(doctor, mfa.confirmTotp, { body: { factorId: started.body.factorId, code: appFor(started.body.secret).generate() } });
    expect(ok.status).toBe(200);
    expect(ok.body.factor).toMatchObject({ kind: 'totp', label: 'My phone' });
    expect(ok.body.recoveryCodes).toHaveLength(10);
    for (const c of ok.body.recoveryCodes!) { expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/); }
    const hashes = await t.ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, doctor.id));
    expect(hashes).toHaveLength(10);
    for (const h of hashes) { expect(h.codeHash).toMatch(/^\$argon2id\$/); }

    const status = await callAs(doctor, mfa.getMyMfa);
    expect(status.body).toMatchObject({ recoveryCodesLeft: 10, policy: 'optional', required: false });
    expect(status.body.factors.map((x) => x.kind)).toEqual(['totp']);
  });

  it('answers the wrong-code message in Spanish when asked', async () => {
    const doctor = await newDoctor();
    const started = await callAs(doctor, mfa.startTotp, { body: {} });
    const code = appFor(started.body.secret).generate() === '123456' ? '654321' : '123456';
    const wrong = await callAs(doctor, mfa.confirmTotp, { body: { factorId: started.body.factorId, code }, lang: 'es' });
    expect(wrong.msg).toBe('El código no es válido');
  });

  it('refuses a malformed code with 400, not 500', async () => {
    const doctor = await newDoctor();
    const started = await callAs(doctor, mfa.startTotp, { body: {} });
    const res = await callAs(doctor, mfa.confirmTotp, { body: { factorId: started.body.factorId, code: '12ab' } });
    expect(res.status).toBe(400);
  });

  it('lets a user hold several factors, issuing recovery codes only with the first', async () => {
    const doctor = await newDoctor();
    await enrolTotp(doctor);
    const second = await enrolTotp(doctor);
    expect(second.recoveryCodes).toBeNull();
    expect((await callAs(doctor, mfa.getMyMfa)).body.factors).toHaveLength(2);
  });
});

describe('sign-in of a user with TOTP', () => {
  it('never gives a session for the password alone: the answer is a challenge and no session row exists', async () => {
    const doctor = await newDoctor();
    await enrolTotp(doctor);
    const before = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, doctor.id));
    const res = await signIn(doctor);
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({ mfaRequired: true, enrolRequired: false, methods: ['totp', 'recovery'] });
    expect(data).not.toHaveProperty('session');
    const after = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, doctor.id));
    expect(after.length).toBe(before.length);
    // The challenge token is not a session.
    const asSession = await callAs(anonymous, mfa.getMyMfa, { extraHeaders: { sessionguid: data.challengeToken! } });
    expect(asSession.status).toBe(401);
  });

  it('obeys the same policy for token sign-in (signinwithtoken and signinwithtokenv2)', async () => {
    const doctor = await newDoctor();
    await enrolTotp(doctor);
    for (const endpoint of [auth.signInWithToken, auth.signInWithTokenV2]) {
      const token = newToken();
      await insertUserToken(t.ctx.db, { userId: doctor.id, purpose: SIGN_IN_TOKEN_PURPOSE, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + 60_000) });
      const res = asEither(await callAs(anonymous, endpoint, { body: { token } }));
      expect(res.status).toBe(200);
      expect(res.body.mfaRequired).toBe(true);
      expect(res.body).not.toHaveProperty('session');
    }
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, doctor.id));
    expect(rows.filter((r) => r.sessionType === 'TOKEN')).toHaveLength(0);
  });

  it('gives the session for a valid TOTP code, once per challenge, and refuses the same code again', async () => {
    const doctor = await newDoctor();
    const { app } = await enrolTotp(doctor);
    const challenge = (await signIn(doctor)).body.challengeToken!;
    const code = nextCode(app);
    const ok = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: challenge, code } });
    expect(ok.status).toBe(200);
    expect(ok.body.session.userId).toBe(doctor.id);
    const sessionOk = await callAs(anonymous, mfa.getMyMfa, { extraHeaders: { sessionguid: ok.body.session.sessionGuid } });
    expect(sessionOk.status).toBe(200);

    const reused = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: challenge, code: nextCode(app, -1) } });
    expect(reused.status).toBe(401);
    expect(reused.msg).toBe('This sign-in step has expired. Sign in again.');

    const challenge2 = (await signIn(doctor)).body.challengeToken!;
    const replay = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: challenge2, code } });
    expect(replay.status).toBe(401);
    expect(replay.msg).toBe('The code is not valid');
  });

  it('accepts each recovery code once', async () => {
    const doctor = await newDoctor();
    const { recoveryCodes } = await enrolTotp(doctor);
    const code = recoveryCodes![3]!.toUpperCase();
    const first = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: (await signIn(doctor)).body.challengeToken!, recoveryCode: code } });
    expect(first.status).toBe(200);
    const again = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: (await signIn(doctor)).body.challengeToken!, recoveryCode: code } });
    expect(again.status).toBe(401);
    expect((await callAs(doctor, mfa.getMyMfa)).body.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes like wrong passwords: past the limit even the right password and code answer 429', async () => {
    const doctor = await newDoctor();
    const { app } = await enrolTotp(doctor);
    const challenge = (await signIn(doctor)).body.challengeToken!;
    const wrongCode = app.generate() === '000000' ? '999999' : '000000';
    for (let i = 0; i < 4; i++) {
      const r = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: challenge, code: wrongCode } });
      expect(r.status).toBe(401);
    }
    const limited = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: challenge, code: app.generate() } });
    expect(limited.status).toBe(429);
    expect(limited.reply.headers['retry-after']).toBeDefined();
    expect((await signIn(doctor)).status).toBe(429);
    const logged = await t.ctx.db.select().from(systemLogs).where(and(eq(systemLogs.kind, 'mfa'), eq(systemLogs.userId, doctor.id)));
    expect(logged.filter((l) => l.message === 'MFA sign-in refused: invalid factor')).toHaveLength(4);
  });

  it('refuses a body with two factors or none with 400', async () => {
    const doctor = await newDoctor();
    await enrolTotp(doctor);
    const challengeToken = (await signIn(doctor)).body.challengeToken!;
    expect((await callAs(anonymous, auth.mfaVerify, { body: { challengeToken } })).status).toBe(400);
    expect((await callAs(anonymous, auth.mfaVerify, { body: { challengeToken, code: '123456', recoveryCode: 'aaaaa-bbbbb' } })).status).toBe(400);
  });

  it('remembers this device for the second step when asked, tied to the device cookie', async () => {
    const doctor = await newDoctor();
    const { app } = await enrolTotp(doctor);
    const first = await signIn(doctor);
    expect(first.reply.headers['set-cookie']).toBeUndefined(); // no device cookie before the second step
    const verified = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: first.body.challengeToken!, code: nextCode(app), rememberDevice: true } });
    expect(verified.status).toBe(200);
    const cookie = String(verified.reply.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^vigil_device=/);

    const remembered = await signIn(doctor, { cookie });
    expect(remembered.body.session?.userId).toBe(doctor.id);
    const otherBrowser = await signIn(doctor);
    expect(otherBrowser.body.mfaRequired).toBe(true);

    // A reset by the organization's admin forgets the device: after a new enrolment the step is asked again.
    expect((await callAs(f.orgAdminA, mfa.resetUserFactors, { params: { userId: doctor.id } })).status).toBe(200);
    callAs.forget(doctor);
    await enrolTotp(doctor);
    expect((await signIn(doctor, { cookie })).body.mfaRequired).toBe(true);
  });

  it('does not remember a device when not asked', async () => {
    const doctor = await newDoctor();
    const { app } = await enrolTotp(doctor);
    const verified = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: (await signIn(doctor)).body.challengeToken!, code: nextCode(app) } });
    const cookie = String(verified.reply.headers['set-cookie']).split(';')[0]!;
    expect((await signIn(doctor, { cookie })).body.mfaRequired).toBe(true);
  });
});

describe('organization policy', () => {
  it('is set by the organization admin only, audited, and walks a user without a factor through enrolment at sign-in', async () => {
    const nurse = await callAs(f.nurseA1, mfa.setMfaPolicy, { body: { policy: 'everyone' } });
    expect(nurse.status).toBe(403);
    const set = await callAs(f.orgAdminB, mfa.setMfaPolicy, { body: { policy: 'everyone' } });
    expect(set.body).toEqual({ organizationId: f.orgB.id, policy: 'everyone' });
    expect((await callAs(f.orgAdminB, mfa.getMfaPolicy)).body.policy).toBe('everyone');
    expect((await callAs(f.orgAdminA, mfa.getMfaPolicy)).body.policy).toBe('optional');
    // The system log is written after the answer (mfa.service.ts, not awaited): wait for it.
    const policyLog = async () => (await t.ctx.db.select().from(systemLogs).where(and(eq(systemLogs.kind, 'mfa'), eq(systemLogs.message, 'MFA policy changed'), eq(systemLogs.organizationId, f.orgB.id))))[0]?.details;
    await expect.poll(policyLog, { timeout: 10_000 }).toMatchObject({ from: 'optional', to: 'everyone' });

    const doctorB = await newDoctor(f.orgB.id, f.b1.id);
    const res = (await signIn(doctorB)).body;
    expect(res).toMatchObject({ mfaRequired: true, enrolRequired: true, methods: [] });
    // The enrolment challenge is not a verify challenge.
    expect((await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: res.challengeToken!, code: '123456' } })).status).toBe(401);
    const started = await callAs(anonymous, auth.mfaEnrolTotp, { body: { challengeToken: res.challengeToken! } });
    expect(started.status).toBe(200);
    const app = appFor(started.body.secret);
    const done = await callAs(anonymous, auth.mfaEnrolTotpConfirm, { body: { challengeToken: res.challengeToken!, factorId: started.body.factorId, code: app.generate() } });
    expect(done.status).toBe(200);
    expect(done.body.signIn.session.userId).toBe(doctorB.id);
    expect(done.body.recoveryCodes).toHaveLength(10);
    // From now on the factor is asked for.
    expect((await signIn(doctorB)).body).toMatchObject({ mfaRequired: true, enrolRequired: false });

    // The policy keeps the last factor: removing it answers 409.
    const status = await callAs(doctorB, mfa.getMyMfa);
    expect(status.body.required).toBe(true);
    const removed = await callAs(doctorB, mfa.deleteMyFactor, { params: { id: status.body.factors[0]!.id } });
    expect(removed.status).toBe(409);
    expect(removed.msg).toBe('Your organization requires multi-factor authentication: keep at least one factor');

    // Another organization's users are not affected.
    const doctorA = await newDoctor();
    expect((await signIn(doctorA)).body.session?.userId).toBe(doctorA.id);
    await callAs(f.orgAdminB, mfa.setMfaPolicy, { body: { policy: 'optional' } });
  });

  it('under admins requires the office admin and not the doctor', async () => {
    await callAs(f.orgAdminA, mfa.setMfaPolicy, { body: { policy: 'admins' } });
    const officeAdmin = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: f.orgA.id, offices: [f.a1.id] });
    expect((await signIn(officeAdmin)).body.enrolRequired).toBe(true);
    const doctor = await newDoctor();
    expect((await signIn(doctor)).body.session?.userId).toBe(doctor.id);
    await callAs(f.orgAdminA, mfa.setMfaPolicy, { body: { policy: 'optional' } });
  });
});

describe('factor removal and reset', () => {
  it('lets the holder remove a factor under the optional policy, dropping the recovery codes with the last', async () => {
    const doctor = await newDoctor();
    const { factorId } = await enrolTotp(doctor);
    const removed = await callAs(doctor, mfa.deleteMyFactor, { params: { id: factorId } });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
    expect((await signIn(doctor)).body.session?.userId).toBe(doctor.id);
  });

  it("answers 404 for another user's factor", async () => {
    const doctor = await newDoctor();
    const { factorId } = await enrolTotp(doctor);
    const other = await newDoctor();
    expect((await callAs(other, mfa.deleteMyFactor, { params: { id: factorId } })).status).toBe(404);
  });

  it('regenerates recovery codes, invalidating the old ones', async () => {
    const doctor = await newDoctor();
    const { recoveryCodes } = await enrolTotp(doctor);
    const fresh = await callAs(doctor, mfa.regenerateRecoveryCodes);
    expect(fresh.body.codes).toHaveLength(10);
    const old = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: (await signIn(doctor)).body.challengeToken!, recoveryCode: recoveryCodes![0]! } });
    expect(old.status).toBe(401);
    const ok = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: (await signIn(doctor)).body.challengeToken!, recoveryCode: fresh.body.codes[0]! } });
    expect(ok.status).toBe(200);
  });

  it("lets the organization's admin list and reset a user's factors, recorded in the system log; another organization's admin gets 404", async () => {
    const doctor = await newDoctor();
    await enrolTotp(doctor);
    expect((await callAs(f.orgAdminB, mfa.getUserFactors, { params: { userId: doctor.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminB, mfa.resetUserFactors, { params: { userId: doctor.id } })).status).toBe(404);
    expect((await callAs(f.doctorA1, mfa.resetUserFactors, { params: { userId: doctor.id } })).status).toBe(403);
    expect((await callAs(f.orgAdminA, mfa.getUserFactors, { params: { userId: doctor.id } })).body).toHaveLength(1);
    const reset = await callAs(f.orgAdminA, mfa.resetUserFactors, { params: { userId: doctor.id } });
    expect(reset.body).toEqual({ removed: 1 });
    expect((await signIn(doctor)).body.session?.userId).toBe(doctor.id);
    const logged = await t.ctx.db.select().from(systemLogs).where(and(eq(systemLogs.kind, 'mfa'), eq(systemLogs.userId, f.orgAdminA.id), eq(systemLogs.message, 'Factors reset by an administrator')));
    expect(logged.some((l) => (l.details as { targetUserId?: number }).targetUserId === doctor.id)).toBe(true);
  });
});

describe('passkeys (WebAuthn)', () => {
  it('registers a passkey for VIGIL_PUBLIC_URL as relying party and completes a sign-in with its assertion', async () => {
    const doctor = await newDoctor();
    const origin = t.ctx.config.publicUrl!;
    const authenticator = new SoftAuthenticator(origin);
    const started = await callAs(doctor, mfa.startPasskey);
    expect(started.status).toBe(200);
    const options = started.body.options as { challenge: string; rp: { id: string } };
    expect(options.rp.id).toBe(new URL(origin).hostname);
    const finished = await callAs(doctor, mfa.finishPasskey, { body: { factorId: started.body.factorId, response: authenticator.register(options) } });
    expect(finished.status).toBe(200);
    expect(finished.body.factor.kind).toBe('passkey');
    expect(finished.body.recoveryCodes).toHaveLength(10);

    const challenge = (await signIn(doctor)).body;
    expect(challenge).toMatchObject({ mfaRequired: true, methods: ['passkey', 'recovery'] });
    const request = await callAs(anonymous, auth.mfaPasskeyOptions, { body: { challengeToken: challenge.challengeToken! } });
    const requestOptions = request.body as { challenge: string; rpId: string; allowCredentials: { id: string }[] };
    expect(requestOptions.allowCredentials.map((c) => c.id)).toEqual([authenticator.credentialId.toString('base64url')]);
    const ok = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: challenge.challengeToken!, assertion: authenticator.assert(requestOptions) } });
    expect(ok.status).toBe(200);
    expect(ok.body.session.userId).toBe(doctor.id);
  });

  it('refuses an assertion over another challenge, and a registration for another origin', async () => {
    const doctor = await newDoctor();
    const authenticator = new SoftAuthenticator(t.ctx.config.publicUrl!);
    const started = await callAs(doctor, mfa.startPasskey);
    await callAs(doctor, mfa.finishPasskey, { body: { factorId: started.body.factorId, response: authenticator.register(started.body.options as { challenge: string; rp: { id: string } }) } });
    const challenge = (await signIn(doctor)).body;
    const request = (await callAs(anonymous, auth.mfaPasskeyOptions, { body: { challengeToken: challenge.challengeToken! } })).body as { challenge: string; rpId: string };
    const forged = await callAs(anonymous, auth.mfaVerify, { body: { challengeToken: challenge.challengeToken!, assertion: authenticator.assert({ ...request, challenge: 'c29tZS1vdGhlci1jaGFsbGVuZ2U' }) } });
    expect(forged.status).toBe(401);

    const phishing = new SoftAuthenticator('https://vigil.example.net');
    const again = await callAs(doctor, mfa.startPasskey);
    const refused = await callAs(doctor, mfa.finishPasskey, { body: { factorId: again.body.factorId, response: phishing.register(again.body.options as { challenge: string; rp: { id: string } }) } });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('The passkey could not be verified');
  });
});
