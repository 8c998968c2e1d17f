/**
 * A refused single sign-on returns the browser to the login page (docs/security.md "Single
 * sign-on"): the provider's redirect back and the start are top-level navigations, so a refusal
 * answered as JSON would leave the user on a page of JSON. With `Accept: text/html` the refusal is a
 * 303 to `/auth/login?sso=<key>`, which the login page shows in the user's language; an API caller
 * still gets the envelope, and a refusal sent back still counts against the callback's guess limit.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, sso } from '@vigil/contract';
import { callerFor } from '../../../test/call-as';
import { createOrganization, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { formOf, startTestProvider, TestBrowser, type TestProvider } from '../../../test/oidc-provider';
import { users } from '../../db/schema/index';

let t: TestApp;
let op: TestProvider;
let base: string;
let orgId: number;
const callAs = callerFor(() => t);
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

beforeAll(async () => {
  t = await createTestApp({ sso: { allowHttpIssuer: true, refreshMinutes: 5 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.ctx.config.publicUrl = base;
  orgId = (await createOrganization(t)).id;
  op = await startTestProvider(base, orgId);
  const admin = await createUser(t, { role: Role.ORGANIZATION_ADMIN, organizationId: orgId });
  const saved = await callAs(admin, sso.saveSsoConfig, {
    params: { organizationId: orgId },
    body: { enabled: true, issuerUrl: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, claim: 'email', emailDomains: ['clinic-sso.test'], jitEnabled: false, required: false },
  });
  expect(saved.status, saved.reply.body).toBe(200);
});
afterAll(async () => {
  await op?.close();
  await t?.close();
});

/** Where a refused navigation was sent: the login page's path and its `sso` / `org` parameters. */
function loginTarget(res: Response): { path: string; sso: string | null; org: string | null } {
  expect(res.status).toBe(303);
  const to = new URL(res.headers.get('location')!);
  expect(to.origin).toBe(base);
  return { path: to.pathname, sso: to.searchParams.get('sso'), org: to.searchParams.get('org') };
}

describe('a refused sign-in goes back to the login page', () => {
  it('an account the organization does not have: /auth/login?sso=ssoNoAccount, nothing created', async () => {
    op.accounts.set('idp-stranger', { email: 'stranger@clinic-sso.test', givenName: 'Str', familyName: 'Anger', enabled: true });
    const browser = new TestBrowser();
    const toProvider = await browser.follow(`${base}/api/sso/start?org=${orgId}`);
    const login = formOf(await toProvider.res!.text(), toProvider.url);
    const afterLogin = await browser.follow(login.action, { form: { ...login.fields, login: 'idp-stranger', password: 'anything' } });
    const consent = formOf(await afterLogin.res!.text(), afterLogin.url);
    const back = await browser.follow(consent.action, { form: consent.fields }, (next) => next.pathname === '/api/sso/callback');
    const res = await browser.request(back.url, { headers: html });
    expect(loginTarget(res)).toEqual({ path: '/auth/login', sso: 'ssoNoAccount', org: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'stranger@clinic-sso.test'))).toHaveLength(0);
  });

  it('a callback with a state this browser was not given: /auth/login?sso=ssoFailed', async () => {
    const res = await new TestBrowser().request(`${base}/api/sso/callback?state=forged&code=x`, { headers: html });
    expect(loginTarget(res)).toEqual({ path: '/auth/login', sso: 'ssoFailed', org: null });
  });

  it('a start for an organization without single sign-on: /auth/login?sso=ssoNotAvailable', async () => {
    const other = await createOrganization(t);
    const res = await new TestBrowser().request(`${base}/api/sso/start?org=${other.id}`, { headers: html });
    expect(loginTarget(res)).toEqual({ path: '/auth/login', sso: 'ssoNotAvailable', org: null });
  });

  it('an API caller (no text/html) still gets the envelope', async () => {
    const res = await fetch(`${base}/api/sso/callback?state=forged&code=x`, { redirect: 'manual', headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { msg: string }).msg).toBe('No se pudo iniciar sesión con su organización. Inténtelo de nuevo.');
  });

  it('refusals sent back as redirects still count against the guess limit', async () => {
    const limited = await createTestApp({ sso: { allowHttpIssuer: true, refreshMinutes: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        // Raw: with Accept text/html the answer is a 303 redirect, not JSON.
        statuses.push((await limited.app.inject({ method: 'GET', url: `/api/sso/callback?state=guess-${i}&code=x`, headers: html })).statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 303)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
