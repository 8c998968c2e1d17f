/**
 * Bad input never answers 500 and nothing private reaches the logs (docs/security.md "Bad input",
 * "Logs", "Headers"): ids past the int4 range and booleans for ids are refused before the
 * database, NUL bytes in any field answer 400 in the caller's language, over-long paths and
 * headers answer in the envelope with the security headers, a failing query logs its code and
 * the request id but never its parameters, and e-mail links name the address the portal is
 * reached at.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadTestConfig } from '../src/config/index';
import { emailOutbox } from '../src/db/schema/index';
import { assertPublicUrlConfigured } from '../src/lib/public-url';
import { createTenancyFixture, createTestApp, openTestDatabase, sessionFor, type TestApp } from './setup';

let t: TestApp;
let fx: Awaited<ReturnType<typeof createTenancyFixture>>;
let admin: { sessionguid: string };

beforeAll(async () => {
  t = await createTestApp();
  fx = await createTenancyFixture(t);
  admin = await sessionFor(t, fx.sysadmin.id);
}, 120_000);
afterAll(async () => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { headers?: Record<string, string>; payload?: unknown } = {}) =>
  t.app.inject({ method, url, headers: { 'accept-language': 'en', ...admin, ...opts.headers }, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });

describe('ids', () => {
  it('refuses ids past 2147483647 in a path, a header, a query and a body with 400, before the database', async () => {
    for (const id of ['2147483648', '9007199254740991', '99999999999999999999']) {
      expect((await inject('GET', `/api/user/${id}`)).statusCode, `path ${id}`).toBe(400);
      expect((await inject('GET', '/api/user/getuserbyidminimal', { headers: { userid: id } })).statusCode, `header ${id}`).toBe(400);
      expect((await inject('GET', `/api/user?hospitalId=${id}`)).statusCode, `query ${id}`).toBe(400);
    }
    const body = await inject('POST', '/api/trustedhub', { payload: { patientId: 2_147_483_648, hubId: 1 } });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual({ patientId: 'This field needs to be formatted' });
    // The largest int4 is a valid id that names no row.
    expect((await inject('GET', '/api/user/2147483647')).statusCode).toBe(404);
  });

  it('never reads JSON true as id 1 in a body, nor "true" as one in a header', async () => {
    const res = await inject('POST', '/api/trustedhub', { payload: { patientId: true, hubId: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ patientId: 'This field needs to be formatted', hubId: 'This field needs to be formatted' });
    // Decimal text is for headers and query strings only: a body id is a JSON integer.
    expect((await inject('POST', '/api/trustedhub', { payload: { patientId: String(fx.patientA1.id), hubId: 1 } })).statusCode).toBe(400);
    for (const text of ['true', '1e0', '0x1', '1.0', ' 1']) {
      expect((await inject('GET', '/api/user/getuserbyidminimal', { headers: { userid: text } })).statusCode, text).toBe(400);
    }
    expect((await inject('GET', '/api/user/getuserbyidminimal', { headers: { userid: String(fx.nurseA1.id) } })).statusCode).toBe(200);
  });
});

describe('NUL bytes', () => {
  it('answers 400 in the caller\'s language for a NUL in the sign-in body, a list search and a body field, changing nothing', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signinv3', headers: { 'accept-language': 'es' }, payload: { username: 'sys\u0000admin', password: 'x'.repeat(12) } });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({ resFlag: false, data: null, errors: { username: 'Este campo contiene caracteres no permitidos' } });
    const search = await inject('GET', `/api/user?search=${encodeURIComponent('Ana\u0000')}`);
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual({ search: 'This field contains characters that are not allowed' });
    const before = await t.ctx.db.select().from(emailOutbox);
    const nested = await inject('POST', '/api/user/sendvalidationlinkbyemail', { payload: { email: 'x\u0000@example.test' } });
    expect(nested.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(emailOutbox)).toEqual(before);
  });
});

describe('over-long requests and security headers', () => {
  it('answers a path longer than 4096 characters with 414 in the envelope with the security headers', async () => {
    const res = await inject('GET', `/api/user?search=${'a'.repeat(5000)}`, { headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ resFlag: false, data: null, msg: 'La dirección es demasiado larga', code: 'uriTooLong' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a path parameter longer than the router allows with 414 in the envelope with the security headers', async () => {
    const res = await inject('PUT', `/api/timetracking/${'7'.repeat(200)}`, { headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ resFlag: false, data: null, msg: 'La dirección es demasiado larga', code: 'uriTooLong' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers headers larger than node allows with 431 in the envelope with the security headers (a real socket)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/api/country', headers: { 'x-big': 'b'.repeat(20_000), 'accept-language': 'es' } }, (r) => {
          let body = '';
          r.on('data', (c: Buffer) => (body += c.toString()));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({ resFlag: false, data: null, msg: 'Las cabeceras de la solicitud son demasiado grandes', code: 'headersTooLarge' });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await t.app.server.close();
    }
  });

  it("says DENY in X-Frame-Options as the CSP's frame-ancestors 'none' does", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/country' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps the public report page and its API out of search engines', async () => {
    for (const url of ['/measurements?link=abc', '/api/publiclink/getmeasurementsfromlink?link=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    expect((await t.app.inject({ method: 'GET', url: '/auth/login' })).headers['x-robots-tag']).toBeUndefined();
  });
});

describe('tokens in query strings', () => {
  it('answer 400 tokenInQuery for every public token (survey, invitation, share, billing, session) and never log it', async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const built = await buildApp(loadTestConfig({ logLevel: 'info' }), database, { logStream: { write: (line) => void lines.push(line) } });
    await built.app.ready();
    const secret = 'Q'.repeat(43);
    try {
      const cases: Array<[string, string, string]> = [
        ['GET', '/api/surveylink/getsurvey', 'surveytoken'],
        ['POST', '/api/surveylink/saveanswers', 'surveytoken'],
        ['GET', '/api/visit/invitation', 'visitinvitation'],
        ['GET', '/api/visit/iceservers', 'visitinvitation'],
        ['GET', '/api/publiclink/getmeasurementsforhub', 'linkid'],
        ['GET', '/api/billingcodelink/download', 'linktoken'],
        ['GET', '/api/country', 'sessionguid'],
        ['GET', '/api/timetracking/1', 'token'],
      ];
      for (const [method, path, name] of cases) {
        const res = await built.app.inject({ method: method as 'GET', url: `${path}?${name}=${secret}&x=1`, headers: { 'accept-language': 'en' }, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, path).toBe(400);
        expect(res.json(), path).toEqual({ resFlag: false, data: null, msg: `A token is not accepted in the address: send it in its header (${name})`, code: 'tokenInQuery' });
        expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      }
      // a query without a token, and the e-mailed link's page (its token is in the fragment; an older link's ?token= still opens)
      expect((await built.app.inject({ method: 'GET', url: '/api/country?x=1' })).statusCode).toBe(200);
      expect((await built.app.inject({ method: 'GET', url: `/api/user/validatetoken?token=${secret}` })).statusCode).not.toBe(400);
      expect(lines.join('')).toContain('/api/visit/invitation');
      expect(lines.join('')).not.toContain(secret);
    } finally {
      await built.app.close();
      await database.drop();
    }
  });
});

describe('links in e-mails', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'accept-language': 'en' };

  it('name only the configured origin: a forged Host or X-Forwarded-Host on a reset or validation request never reaches the link', async () => {
    // docs/security.md "Links in e-mails" (OWASP "password reset poisoning"); a proxy-trusting portal as well.
    const trusting = await createTestApp({ trustProxy: true, publicUrl: 'https://portal.example.org' });
    try {
      for (const [app, { nurseA1, officeAdminA1 }] of [[t, fx], [trusting, await createTenancyFixture(trusting)]] as const) {
        const origin = app.ctx.config.publicUrl!;
        const mailOf = async () => (await app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, nurseA1.email!)).orderBy(desc(emailOutbox.id)).limit(1))[0]!;
        // forgot password (public): a reset link
        const reset = await app.app.inject({ method: 'POST', url: '/api/user/sendvalidationlinkbyemail', headers: forged, payload: { email: nurseA1.email! } });
        expect(reset.statusCode).toBe(200);
        expect((await mailOf()).bodyText).toContain(`${origin}/api/user/validatetoken#token=`);
        expect((await mailOf()).bodyText).not.toContain('evil.example');
        // an admin sends an account-validation link
        const validation = await app.app.inject({ method: 'POST', url: '/api/user/sendvalidationlinkbyemail', headers: { ...forged, ...(await sessionFor(app, officeAdminA1.id)) }, payload: { userId: nurseA1.id } });
        expect(validation.statusCode, validation.body).toBe(200);
        expect((await mailOf()).subject).not.toBe('Reset your Vigil password');
        expect((await mailOf()).bodyText).toContain(`${origin}/api/user/validatetoken#token=`);
        expect((await mailOf()).bodyText).not.toContain('evil.example');
      }
    } finally {
      await trusting.close();
    }
  });

  it('name http://localhost:<PORT> when no origin is configured outside production, and refuse to start in production without one', async () => {
    const bare = await createTestApp({ publicUrl: undefined });
    try {
      const nurse = (await createTenancyFixture(bare)).nurseA1;
      await bare.app.inject({ method: 'POST', url: '/api/user/sendvalidationlinkbyemail', headers: forged, payload: { email: nurse.email! } });
      const mail = (await bare.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, nurse.email!)).orderBy(desc(emailOutbox.id)).limit(1))[0]!;
      expect(mail.bodyText).toContain(`http://localhost:${bare.ctx.config.port}/api/user/validatetoken#token=`);
      expect(mail.bodyText).not.toContain('evil.example');
    } finally {
      await bare.close();
    }
    expect(assertPublicUrlConfigured({ publicUrl: undefined, port: 8080, production: false })).toContain('VIGIL_PUBLIC_URL is not set');
    expect(assertPublicUrlConfigured({ publicUrl: 'https://portal.example.org', port: 8080, production: true })).toBeNull();
    expect(() => assertPublicUrlConfigured({ publicUrl: undefined, port: 8080, production: true })).toThrow(/VIGIL_PUBLIC_URL is not set.*production/);
  });
});

describe('logs', () => {
  it("log a failing query's code and request id, never its parameters or a patient's name", async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const built = await buildApp(loadTestConfig({ logLevel: 'info' }), database, { logStream: { write: (line) => void lines.push(line) } });
    const name = 'Zebulon Quixotewright';
    // A query that fails inside the database with the patient's name among its parameters.
    built.app.get('/test/failing-query', { config: { public: true } }, async (req) => {
      const q = (req.query as { name?: string }).name ?? '';
      await built.ctx.db.execute(sql`select 1 / 0 where ${q} = ${q}`);
      return 'unreachable';
    });
    built.app.get('/test/bad-cast', { config: { public: true } }, async (req) => {
      await built.ctx.db.execute(sql`select ${(req.query as { name?: string }).name ?? ''}::int`);
      return 'unreachable';
    });
    await built.app.ready();
    try {
      const res = await built.app.inject({ method: 'GET', url: `/test/failing-query?name=${encodeURIComponent(name)}` });
      expect(res.statusCode).toBe(500);
      const requestId = res.json().requestId as string;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const cast = await built.app.inject({ method: 'GET', url: `/test/bad-cast?name=${encodeURIComponent(name)}` });
      expect(cast.statusCode).toBe(400); // bad input the database refused: 400, never 500
      const log = lines.join('');
      expect(log).toContain('22012'); // division_by_zero: the code
      expect(log).toContain('22P02'); // invalid_text_representation: the code
      expect(log).toContain(requestId);
      expect(log).not.toContain('Zebulon');
      expect(log).not.toContain('Quixotewright');
      expect(log).not.toMatch(/params/i);
      expect(log).not.toContain('select 1 / 0');
    } finally {
      await built.app.close();
      await database.drop();
    }
  });
});
