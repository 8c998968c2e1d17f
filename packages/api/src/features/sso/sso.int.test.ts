/**
 * Single sign-on against a real OpenID provider (test/oidc-provider.ts: node-oidc-provider on
 * 127.0.0.1) driven over plain HTTP like a browser (docs/security.md "Single sign-on"). Nothing of
 * the client library is mocked: Vigil listens on a real port so the provider can call its
 * back-channel logout URL.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auth, Role, sso, type SignInResult } from '@vigil/contract';
import { anonymous, callerFor, type CallInput, type CallUser } from '../../../test/call-as';
import { createOffice, createOrganization, createTestApp, createUser, signInAs, TEST_PASSWORD, type TestApp } from '../../../test/setup';
import { formOf, startTestProvider, TestBrowser, type TestProvider } from '../../../test/oidc-provider';
import { auditEvents, sessions, ssoConfigs, ssoFlows, ssoSessions, userHospitals, users } from '../../db/schema/index';
import { auditTrail } from '../../lib/audit-trail';
import { refreshDueSessions } from './sso.service';
import { newToken, tokenHash } from '../../lib/crypto';
import { insertUserToken, SIGN_IN_TOKEN_PURPOSE } from '../auth/index';

let t: TestApp;
let op: TestProvider;
let base: string;
let orgId: number;
let officeId: number;
let otherOfficeId: number;
let admin: CallUser;
const callAs = callerFor(() => t);

type Settings = NonNullable<CallInput<typeof sso.saveSsoConfig>['body']>;
const put = (body: Settings, who = admin, org = orgId, lang: 'en' | 'es' = 'en') =>
  callAs(who, sso.saveSsoConfig, { params: { organizationId: org }, body, lang });

const settings = (over: Partial<Settings> = {}): Settings => ({
  enabled: true,
  issuerUrl: op.issuer,
  clientId: op.clientId,
  clientSecret: op.clientSecret,
  claim: 'email',
  emailDomains: ['clinic-sso.test'],
  jitEnabled: false,
  required: false,
  ...over,
});

/** Signs `accountId` in at the provider from Vigil's sign-in start; returns the browser and the answer of `sso/complete`. */
async function ssoSignIn(accountId: string, browser = new TestBrowser()) {
  const toProvider = await browser.follow(`${base}/api/sso/start?org=${orgId}`);
  const login = formOf(await toProvider.res!.text(), toProvider.url);
  const afterLogin = await browser.follow(login.action, { form: { ...login.fields, login: accountId, password: 'anything' } });
  const consent = formOf(await afterLogin.res!.text(), afterLogin.url);
  const back = await browser.follow(consent.action, { form: consent.fields }, (next) => next.pathname === '/sso/complete');
  expect(back.url).toBe(`${base}/sso/complete`);
  const complete = await browser.request(`${base}/api/sso/complete`, { method: 'POST' });
  return { browser, complete, body: (await complete.json()) as { resFlag: boolean; data: SignInResult; msg: string } };
}

/** Starts a sign-in and stops at the provider's redirect back to Vigil's callback (not fetched). */
async function untilCallback(accountId: string, browser = new TestBrowser()) {
  const toProvider = await browser.follow(`${base}/api/sso/start?org=${orgId}`);
  const login = formOf(await toProvider.res!.text(), toProvider.url);
  const afterLogin = await browser.follow(login.action, { form: { ...login.fields, login: accountId, password: 'anything' } });
  const consent = formOf(await afterLogin.res!.text(), afterLogin.url);
  const back = await browser.follow(consent.action, { form: consent.fields }, (next) => next.pathname === '/api/sso/callback');
  return { browser, callbackUrl: back.url };
}

const authenticated = async (sessionguid: string) =>
  (await callAs(anonymous, auth.checkAuthentication, { extraHeaders: { sessionguid } })).body.authenticated;

beforeAll(async () => {
  t = await createTestApp({ sso: { allowHttpIssuer: true, refreshMinutes: 5 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.ctx.config.publicUrl = base;
  orgId = (await createOrganization(t)).id;
  officeId = (await createOffice(t, orgId)).id;
  otherOfficeId = (await createOffice(t, (await createOrganization(t)).id)).id;
  op = await startTestProvider(base, orgId);
  admin = await createUser(t, { role: Role.ORGANIZATION_ADMIN, organizationId: orgId });
});
afterAll(async () => {
  await op?.close();
  await t?.close();
});

describe('SSO settings', () => {
  it('saves the provider, stores the secret sealed and never answers it', async () => {
    const res = await put(settings());
    expect(res.status, res.reply.body).toBe(200);
    expect(res.reply.body).not.toContain(op.clientSecret);
    expect(res.body).toMatchObject({ organizationId: orgId, issuerUrl: op.issuer, hasClientSecret: true, redirectUri: `${base}/api/sso/callback`, backchannelLogoutUri: `${base}/api/sso/backchannel-logout/${orgId}` });
    const [row] = await t.ctx.db.select().from(ssoConfigs).where(eq(ssoConfigs.organizationId, orgId));
    expect(row!.clientSecretSealed).not.toContain(op.clientSecret);
    expect(row!.clientSecretSealed).toMatch(/^v1\./);
    const read = await callAs(admin, sso.getSsoConfig, { params: { organizationId: orgId } });
    expect(read.reply.body).not.toContain(op.clientSecret);
    // A later save without the secret keeps it.
    const { clientSecret: _omit, ...withoutSecret } = settings();
    expect((await put(withoutSecret)).status).toBe(200);
  });

  it('refuses an admin role for just-in-time provisioning, in the caller\'s language', async () => {
    for (const role of [Role.SYSTEM_ADMIN, Role.ORGANIZATION_ADMIN, Role.HOSPITAL_ADMIN]) {
      const res = await put(settings({ jitEnabled: true, jitRoleId: role, jitOfficeId: officeId }));
      expect(res.status, String(role)).toBe(400);
      expect(res.errors?.jitRoleId).toBe('New users from single sign-on cannot get an admin role: choose Doctor, Nurse or Data coordinator');
    }
    const es = await put(settings({ jitEnabled: true, jitRoleId: Role.HOSPITAL_ADMIN, jitOfficeId: officeId }), admin, orgId, 'es');
    expect(es.errors?.jitRoleId).toContain('no pueden tener un rol de administrador');
  });

  it("refuses another organization's office, a missing secret and an unreachable issuer; hides other organizations", async () => {
    // Another organization's office: not found for its admin; named as such for a system admin, who sees it.
    expect((await put(settings({ jitEnabled: true, jitRoleId: Role.NURSE, jitOfficeId: otherOfficeId }))).status).toBe(404);
    const sysadmin = await createUser(t, { role: Role.SYSTEM_ADMIN });
    expect((await put(settings({ jitEnabled: true, jitRoleId: Role.NURSE, jitOfficeId: otherOfficeId }), sysadmin)).errors?.jitOfficeId).toBe('The office must belong to this organization');
    const otherOrg = (await createOrganization(t)).id;
    expect((await put(settings(), admin, otherOrg)).status).toBe(404);
    const otherAdmin = await createUser(t, { role: Role.ORGANIZATION_ADMIN, organizationId: otherOrg });
    const { clientSecret: _omit, ...withoutSecret } = settings();
    expect((await put(withoutSecret, otherAdmin, otherOrg)).errors?.clientSecret).toBe('Enter the client secret');
    expect((await put(settings({ issuerUrl: 'http://127.0.0.1:9/nothing' }), otherAdmin, otherOrg)).errors?.issuerUrl).toBe('The identity provider could not be reached at this issuer URL');
    const doctor = await createUser(t, { role: Role.DOCTOR, organizationId: orgId, offices: [officeId] });
    expect((await put(settings(), doctor)).status).toBe(403);
  });

  it('records the change in the audit trail', async () => {
    await auditTrail(t.ctx).flush();
    const rows = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.endpoint, 'PUT sso/config/{organizationId}'), eq(auditEvents.organizationId, orgId)));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('sign-in through the provider', () => {
  it('finds the organization by e-mail, domain or number', async () => {
    for (const q of ['mary@clinic-sso.test', 'CLINIC-SSO.test', String(orgId)]) {
      const res = await callAs(anonymous, sso.discoverSso, { query: { q } });
      expect(res.body?.organizationId, q).toBe(orgId);
    }
    expect((await callAs(anonymous, sso.discoverSso, { query: { q: 'someone@elsewhere.test' } })).status).toBe(404);
  });

  it('signs an existing nurse in by e-mail, in her office with her role, with an SSO session and an audit record', async () => {
    const nurse = await createUser(t, { role: Role.NURSE, organizationId: orgId, offices: [officeId], values: { email: 'nina@clinic-sso.test' } });
    op.accounts.set('idp-nina', { email: 'Nina@clinic-sso.test', givenName: 'Nina', familyName: 'Ng', enabled: true });
    const { body } = await ssoSignIn('idp-nina');
    expect(body.resFlag, JSON.stringify(body)).toBe(true);
    expect(body.data.user.id).toBe(nurse.id);
    expect(body.data.user.roleId).toBe(Role.NURSE);
    expect(body.data.user.hospitalsAssignedData.map((h) => h.id)).toEqual([officeId]);
    expect(body.data.session.sessionType).toBe('SSO');
    expect(await authenticated(body.data.session.sessionGuid)).toBe(true);
    const [link] = await t.ctx.db.select().from(ssoSessions).where(eq(ssoSessions.userId, nurse.id));
    expect(link!.subject).toBe('idp-nina');
    expect(link!.providerSid).toBeTruthy();
    expect(link!.refreshTokenSealed).toMatch(/^v1\./);
    await auditTrail(t.ctx).flush();
    expect(await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.endpoint, 'POST sso/complete'), eq(auditEvents.userId, nurse.id)))).toHaveLength(1);
  });

  it('refuses a callback replayed, from another browser, or with a state it did not issue', async () => {
    op.accounts.set('idp-replay', { email: 'nina@clinic-sso.test', givenName: 'Nina', familyName: 'Ng', enabled: true });
    const { browser, callbackUrl } = await untilCallback('idp-replay');
    const stranger = new TestBrowser();
    expect((await stranger.request(callbackUrl)).status).toBe(404); // no flow cookie: not this browser's sign-in
    const first = await browser.request(callbackUrl);
    expect(first.status).toBe(303);
    expect((await browser.request(callbackUrl)).status).toBe(404); // used once
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'not-the-state');
    expect((await browser.request(forged.href)).status).toBe(404);
  });

  it("refuses an ID token whose nonce is not the flow's", async () => {
    op.accounts.set('idp-nonce', { email: 'nina@clinic-sso.test', givenName: 'Nina', familyName: 'Ng', enabled: true });
    const { browser, callbackUrl } = await untilCallback('idp-nonce');
    // The flow's nonce no longer matches the one the provider put in the ID token.
    await t.ctx.db.update(ssoFlows).set({ nonce: 'another-nonce' }).where(eq(ssoFlows.organizationId, orgId));
    const res = await browser.request(callbackUrl, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('Sign-in with your organization failed. Please try again.');
    expect((await browser.request(`${base}/api/sso/complete`, { method: 'POST' })).status).toBe(401);
  });

  it('refuses an unknown account when provisioning is off', async () => {
    op.accounts.set('idp-unknown', { email: 'new.person@clinic-sso.test', givenName: 'New', familyName: 'Person', enabled: true });
    const { browser, callbackUrl } = await untilCallback('idp-unknown');
    const res = await browser.request(callbackUrl, { headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { msg: string }).msg).toBe('Ninguna cuenta de Vigil corresponde a la cuenta de su organización. Consulte a su administrador.');
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'new.person@clinic-sso.test'))).toHaveLength(0);
  });

  it("provisions a new user just in time with the admin's role and office, never an admin, and audits it", async () => {
    expect((await put(settings({ jitEnabled: true, jitRoleId: Role.DOCTOR, jitOfficeId: officeId }))).status).toBe(200);
    op.accounts.set('idp-dora', { email: 'dora.diaz@clinic-sso.test', givenName: 'Dora', familyName: 'Díaz', enabled: true });
    const { body } = await ssoSignIn('idp-dora');
    expect(body.resFlag, JSON.stringify(body)).toBe(true);
    const [created] = await t.ctx.db.select().from(users).where(eq(users.email, 'dora.diaz@clinic-sso.test'));
    expect(created).toMatchObject({ roleId: Role.DOCTOR, organizationId: orgId, firstName: 'Dora', lastName: 'Díaz', passwordHash: null, status: 1 });
    expect((await t.ctx.db.select().from(userHospitals).where(eq(userHospitals.userId, created!.id))).map((r) => [r.hospitalId, r.isAdmin])).toEqual([[officeId, false]]);
    expect(body.data.user.roleId).toBe(Role.DOCTOR);
    await auditTrail(t.ctx).flush();
    expect(await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.endpoint, 'GET sso/callback'), eq(auditEvents.userId, created!.id)))).toHaveLength(1);
    // Settings written past the API with an admin role still never make an admin.
    await t.ctx.db.update(ssoConfigs).set({ jitRoleId: Role.ORGANIZATION_ADMIN }).where(eq(ssoConfigs.organizationId, orgId));
    op.accounts.set('idp-eve', { email: 'eve@clinic-sso.test', givenName: 'Eve', familyName: 'Evans', enabled: true });
    const { callbackUrl, browser } = await untilCallback('idp-eve');
    expect((await browser.request(callbackUrl)).status).toBe(403);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'eve@clinic-sso.test'))).toHaveLength(0);
    await t.ctx.db.update(ssoConfigs).set({ jitEnabled: false, jitRoleId: null, jitOfficeId: null }).where(eq(ssoConfigs.organizationId, orgId));
  });
});

describe('SSO required', () => {
  it("refuses the organization's users their password with a clear message; a system admin still signs in", async () => {
    const nurse = await createUser(t, { role: Role.NURSE, organizationId: orgId, offices: [officeId] });
    const sysadmin = await createUser(t, { role: Role.SYSTEM_ADMIN });
    expect((await put(settings({ required: true }))).status).toBe(200);
    try {
      for (const [lang, msg] of [['en', 'Your organization requires you to sign in with your organization account (single sign-on)'], ['es', 'Su organización exige que inicie sesión con la cuenta de su organización (inicio de sesión único)']] as const) {
        const res = await callAs(anonymous, auth.signInV3, { body: { username: nurse.username, password: TEST_PASSWORD }, lang });
        expect(res.status).toBe(403);
        expect(res.msg).toBe(msg);
      }
      // A wrong password still answers the generic message: the SSO rule tells nothing without the password.
      const wrong = await callAs(anonymous, auth.signInV3, { body: { username: nurse.username, password: 'wrong-password-1' } });
      expect(wrong.msg).toBe('Invalid username or password');
      await expect(signInAs(t, sysadmin.username)).resolves.toHaveProperty('sessionguid');
      // The one-time token of a reset or validation link stands for the password: refused the same way.
      for (const endpoint of [auth.signInWithToken, auth.signInWithTokenV2]) {
        const token = newToken();
        await insertUserToken(t.ctx.db, { userId: nurse.id, purpose: SIGN_IN_TOKEN_PURPOSE, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + 300_000) });
        const viaToken = await callAs(anonymous, endpoint, { body: { token, ip: '10.0.0.1' } });
        expect(viaToken.status, endpoint.path).toBe(403);
        expect(viaToken.code, endpoint.path).toBe('ssoRequired');
      }
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, nurse.id))).toHaveLength(0);
    } finally {
      expect((await put(settings({ required: false }))).status).toBe(200);
    }
    await expect(signInAs(t, nurse.username)).resolves.toHaveProperty('sessionguid');
  });
});

describe('the provider ends the session', () => {
  it('ends the Vigil session when the provider sends a back-channel logout', async () => {
    const nurse = await createUser(t, { role: Role.NURSE, organizationId: orgId, offices: [officeId], values: { email: 'olga@clinic-sso.test' } });
    op.accounts.set('idp-olga', { email: 'olga@clinic-sso.test', givenName: 'Olga', familyName: 'Ortiz', enabled: true });
    const { browser, body } = await ssoSignIn('idp-olga');
    expect(body.data.user.id).toBe(nurse.id);
    const guid = body.data.session.sessionGuid;
    expect(await authenticated(guid)).toBe(true);
    // The user signs out at the provider: its end-session page, confirmed.
    const page = await browser.follow(`${op.issuer}/session/end`);
    const form = formOf(await page.res!.text(), page.url);
    const done = await browser.follow(form.action, { form: { ...form.fields, logout: 'yes' } });
    expect(done.url).toBe(`${op.issuer}/session/end/success`);
    await vi.waitFor(async () => expect(await authenticated(guid)).toBe(false));
    const [s] = await t.ctx.db.select().from(sessions).innerJoin(ssoSessions, eq(ssoSessions.sessionId, sessions.id)).where(eq(sessions.userId, nurse.id));
    expect(s!.sessions.endReason).toBe('ssoBackchannelLogout');
  });

  it('refuses a logout token not signed by the provider', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'logout+jwt' })).toString('base64url');
    const claims = Buffer.from(JSON.stringify({ iss: op.issuer, aud: op.clientId, iat: Math.floor(Date.now() / 1000), jti: 'x', sub: 'idp-nina', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } })).toString('base64url');
    const res = await fetch(`${base}/api/sso/backchannel-logout/${orgId}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `logout_token=${header}.${claims}.` });
    expect(res.status).toBe(400);
  });

  it('ends the Vigil session of a user disabled at the provider at the next refresh, and keeps the others', async () => {
    op.accounts.set('idp-paul', { email: 'paul@clinic-sso.test', givenName: 'Paul', familyName: 'Park', enabled: true });
    op.accounts.set('idp-rita', { email: 'rita@clinic-sso.test', givenName: 'Rita', familyName: 'Ruiz', enabled: true });
    const paulUser = await createUser(t, { role: Role.DOCTOR, organizationId: orgId, offices: [officeId], values: { email: 'paul@clinic-sso.test' } });
    await createUser(t, { role: Role.NURSE, organizationId: orgId, offices: [officeId], values: { email: 'rita@clinic-sso.test' } });
    const paul = (await ssoSignIn('idp-paul')).body.data.session.sessionGuid;
    const rita = (await ssoSignIn('idp-rita')).body.data.session.sessionGuid;
    op.accounts.get('idp-paul')!.enabled = false; // the directory disables Paul
    // Nothing is due yet: both stay.
    expect((await refreshDueSessions(t.ctx)).ended).toBe(0);
    const later = new Date(Date.now() + 6 * 60_000);
    const result = await refreshDueSessions(t.ctx, later);
    expect(result.ended).toBeGreaterThanOrEqual(1);
    expect(result.refreshed).toBeGreaterThanOrEqual(1); // Rita's (and the earlier tests' live sessions)
    expect(await authenticated(paul)).toBe(false);
    expect(await authenticated(rita)).toBe(true);
    const [ended] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, paulUser.id));
    expect(ended!.endReason).toBe('ssoRefreshRefused');
  });
});

describe('throttling', () => {
  it('answers 429 after repeated failed callbacks from one address', async () => {
    let last = 0;
    for (let i = 0; i < 22; i++) { last = (await fetch(`${base}/api/sso/callback?state=guess-${i}&code=x`, { redirect: 'manual' })).status; }
    expect(last).toBe(429);
  });
});
