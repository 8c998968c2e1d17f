import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auth, referenceData, Role, type SignInBody } from '@vigil/contract';
import { anonymous, callerFor, invalid } from '../../../test/call-as';
import { createOffice, createOrganization, createTestApp, createUser, signInAs, TEST_PASSWORD, type TestApp } from '../../../test/setup';
import { sessions, systemLogs, users } from '../../db/schema/index';
import { newToken, tokenHash } from '../../lib/crypto';
import { insertUserToken } from './auth.repo';
import { SIGN_IN_TOKEN_PURPOSE } from './auth.service';

let t: TestApp;
let officeId: number;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp({ signInMaxFailures: 3 });
  orgId = (await createOrganization(t)).id;
  officeId = (await createOffice(t, orgId)).id;
});
afterAll(async () => t.close());

// Staff sessions open through POST auth/signinv3, as a real sign-in does.
const callAs = callerFor(() => t, { signIn: 'api' });

const signIn = (body: SignInBody) => callAs(anonymous, auth.signInV3, { body });
// Raw: the sign-in limit counts per address, and only a raw call sets the client's remoteAddress.
const signInFrom = (remoteAddress: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signinv3', payload, headers, remoteAddress });

describe('POST auth/signinv3', () => {
  it('signs a nurse in by username or e-mail and returns session, environment and user', async () => {
    const nurse = await createUser(t, { role: Role.NURSE, organizationId: orgId, offices: [officeId] });
    for (const login of [nurse.username, nurse.email!.toUpperCase()]) {
      const res = await signIn({ username: login, password: TEST_PASSWORD, ip: 'IP: 10.1.2.3' });
      expect(res.status).toBe(200);
      const body = res.reply.json();
      expect(body.resFlag).toBe(true);
      expect(body.data.session.sessionGuid).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.data.session.ip).toBe('IP: 10.1.2.3');
      expect(body.data.systemEnvironmentName).toBe('DEMO');
      expect(body.data.user.id).toBe(nurse.id);
      expect(body.data.user.hospitalsAssignedData[0].id).toBe(officeId);
      expect(body.data.user).not.toHaveProperty('passwordHash');
    }
  });

  it('stores only a hash of the session token', async () => {
    const u = await createUser(t, { role: Role.DOCTOR, organizationId: orgId, offices: [officeId] });
    const { sessionguid } = await signInAs(t, u.username);
    const stored = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(sessionguid);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers "Invalid username or password" for a wrong password and for an unknown user', async () => {
    const u = await createUser(t, { role: Role.DOCTOR, organizationId: orgId });
    const wrong = await signIn({ username: u.username, password: 'nope-nope-nope' });
    const unknown = await signIn({ username: 'nobody-here', password: 'nope-nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.reply.json()).toMatchObject({ resFlag: false, data: null, msg: 'Invalid username or password' });
    }
  });

  it('rejects a null username or password with the required-field message, in Spanish when asked', async () => {
    const res = await callAs(anonymous, auth.signInV3, { body: invalid({ username: null, password: null }), extraHeaders: { 'accept-language': 'es-ES' } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ username: 'Este campo es obligatorio', password: 'Este campo es obligatorio' });
  });

  it('refuses patients with the spec message, and caregivers and ECP users', async () => {
    const patient = await createUser(t, { role: Role.PATIENT, organizationId: orgId, offices: [officeId] });
    const res = await signIn({ username: patient.username, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.msg).toBe('You cannot authenticate as a Patient!');
    for (const role of [Role.CARE_GIVER, Role.ECP_USER]) {
      const u = await createUser(t, { role, organizationId: orgId });
      const r = await signIn({ username: u.username, password: TEST_PASSWORD });
      expect(r.status).toBe(403);
      expect(r.reply.json().resFlag).toBe(false);
    }
  });

  it('refuses an API user with the generic sign-in error, by password and by one-time token, and records the refusal', async () => {
    // docs/api-keys.md: an API user authenticates only with its keys.
    const apiUser = await createUser(t, { role: Role.API_USER, organizationId: orgId });
    const res = await signIn({ username: apiUser.username, password: TEST_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.reply.json()).toMatchObject({ resFlag: false, data: null, msg: 'Invalid username or password' });
    for (const endpoint of [auth.signInWithToken, auth.signInWithTokenV2]) {
      const token = newToken(); // one-time: one per call
      await insertUserToken(t.ctx.db, { userId: apiUser.id, purpose: SIGN_IN_TOKEN_PURPOSE, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + 300_000) });
      const viaToken = await callAs(anonymous, endpoint, { body: { token, ip: '10.0.0.1' } });
      expect(viaToken.status, endpoint.path).toBe(401);
      expect(viaToken.reply.json()).toMatchObject({ resFlag: false, data: null, msg: 'Error' });
    }
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, apiUser.id))).toHaveLength(0);
    // the system log is written beside the answer, not before it
    await vi.waitFor(async () => {
      const refusals = await t.ctx.db.select().from(systemLogs).where(and(eq(systemLogs.userId, apiUser.id), eq(systemLogs.kind, 'signInRefused')));
      expect(refusals.map((r) => r.source).sort()).toEqual(['POST auth/signinv3', 'POST auth/signinwithtoken', 'POST auth/signinwithtoken']);
    });
  });

  it('limits repeated failures per account and address with 429 and Retry-After; the user from another address still signs in', async () => {
    const u = await createUser(t, { role: Role.NURSE, organizationId: orgId });
    for (let i = 0; i < 3; i++) { expect((await signInFrom('198.51.100.7', { username: u.username, password: 'bad-password-1' })).statusCode).toBe(401); }
    // A forged X-Forwarded-For does not escape the limit: the proxy is not trusted by default.
    const forged = await signInFrom('198.51.100.7', { username: u.username, password: TEST_PASSWORD }, { 'x-forwarded-for': '203.0.113.50' });
    expect(forged.statusCode).toBe(429);
    const limited = await signInFrom('198.51.100.7', { username: u.username, password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const realUser = await signInFrom('203.0.113.9', { username: u.username, password: TEST_PASSWORD });
    expect(realUser.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET auth/checkauthentication answers true for a live session and false after sign-out', async () => {
    const u = await createUser(t, { role: Role.DOCTOR, organizationId: orgId, offices: [officeId] });
    const live = await callAs(u, auth.checkAuthentication);
    expect(live.body.authenticated).toBe(true);
    expect((await callAs(u, auth.signOut)).status).toBe(200);
    const after = await callAs(u, auth.checkAuthentication);
    expect(after.body).toEqual({ authenticated: false, expiresAt: null, idleExpiresAt: null });
    expect((await callAs(u, auth.signOut)).status).toBe(401);
  });

  it('ends a session idle longer than the limit and one past its absolute end', async () => {
    const u = await createUser(t, { role: Role.DOCTOR, organizationId: orgId, offices: [officeId] });
    await callAs.sessionOf(u); // the idle session
    const old = new Date(Date.now() - 31 * 60_000);
    await t.ctx.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, u.id));
    expect((await callAs(u, auth.checkAuthentication)).body.authenticated).toBe(false);
    callAs.forget(u);
    await callAs.sessionOf(u); // a new sign-in: the expired session
    await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, u.id));
    expect((await callAs(u, auth.checkAuthentication)).body.authenticated).toBe(false);
  });

  it('ends the sessions of a disabled user', async () => {
    const u = await createUser(t, { role: Role.NURSE, organizationId: orgId, offices: [officeId] });
    await callAs.sessionOf(u);
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, u.id));
    expect((await callAs(u, auth.checkAuthentication)).body.authenticated).toBe(false);
  });

  it('POST auth/signinwithtoken answers "Error" for an unknown token', async () => {
    const res = await callAs(anonymous, auth.signInWithToken, { body: { token: 'x'.repeat(43) } });
    expect(res.status).toBe(401);
    expect(res.msg).toBe('Error');
  });
});

describe('API hygiene', () => {
  it('sets security headers and no-store on API answers', async () => {
    const { headers } = (await callAs(anonymous, referenceData.getCountries)).reply;
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['referrer-policy']).toBe('no-referrer');
    // On refusals and unknown paths as well.
    const refused = (await callAs(anonymous, referenceData.getRoles)).reply;
    // Raw: /api/nothing-here is no contract endpoint.
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    for (const [name, other] of [['refusal', refused], ['unknown path', unknown]] as const) {
      expect(other.headers['x-content-type-options'], name).toBe('nosniff');
      expect(other.headers['content-security-policy'], name).toContain("default-src 'self'");
    }
  });

  it('answers 401 without a session and 404 in the envelope for an unknown API path', async () => {
    expect((await callAs(anonymous, referenceData.getRoles)).status).toBe(401);
    // Raw: /api/nothing-here is no contract endpoint.
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ resFlag: false, data: null });
  });

  it('answers 413 for an oversized body and 415 for an unsupported content type', async () => {
    const big = await signIn({ username: 'x'.repeat(2_000_000), password: 'y' });
    expect(big.status).toBe(413);
    const xml = await callAs(anonymous, auth.signInV3, { payload: '<a/>', extraHeaders: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
  });

  it('lists countries with the United States first, then alphabetically', async () => {
    const list = (await callAs(anonymous, referenceData.getCountries)).body;
    expect(list[0]!.countryName).toBe('United States');
    const rest = list.slice(1).map((c) => c.countryName);
    expect(rest).toEqual([...rest].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.length).toBeGreaterThan(240);
  });

  it('serves the OpenAPI 3.1 document generated from the contract', async () => {
    // Raw: the OpenAPI document is no contract endpoint.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/auth/signinv3'].post['x-permission']).toBe('public');
  });
});
