/**
 * Three inputs that once answered 500 (docs/security.md "Bad input"): a truncated ZIP uploaded as a
 * profile picture, a survey template for an office that does not exist (system admin), and a
 * correctly signed Terra delivery nested 100,000 levels deep. Each is refused with a 4xx in the
 * envelope and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { surveyTemplates, terraEvents } from '../src/db/schema/index';
import { signTerraPayload } from '../src/lib/terra-auth';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from './setup';

const SECRET = 'terra-test-signing-secret';
let t: TestApp;
let fx: Awaited<ReturnType<typeof createTenancyFixture>>;

beforeAll(async () => {
  t = await createTestApp({ terra: { apiUrl: 'http://127.0.0.1:9', signingSecret: SECRET, timeoutMs: 1000 } });
  fx = await createTenancyFixture(t);
}, 120_000);
afterAll(async () => t?.close());

function multipart(name: string, type: string, bytes: Buffer) {
  const boundary = '----vigil-named-bad-input';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('inputs that once answered 500', () => {
  it('refuses a truncated ZIP sent as a profile picture with 400', async () => {
    const zip = Buffer.from('504b0304140000000800', 'hex'); // a local file header cut short
    for (const [name, type] of [['photo.png', 'image/png'], ['photo.zip', 'application/zip'], ['photo.jpg', 'image/jpeg']] as const) {
      const body = multipart(name, type, zip);
      const res = await t.app.inject({ method: 'POST', url: '/api/user/uploadmyprofileimage', headers: { ...(await sessionFor(t, fx.nurseA1.id)), 'accept-language': 'es', ...body.headers }, payload: body.payload });
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.json().msg, name).toEqual(expect.any(String));
    }
  });

  it('refuses a survey template for an office that does not exist with 404 and creates nothing', async () => {
    const [before] = await t.ctx.db.select({ n: count() }).from(surveyTemplates);
    for (const hospitalId of [987_654, 2_147_483_647]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/surveytemplate', headers: { ...(await sessionFor(t, fx.sysadmin.id)), 'accept-language': 'en' }, payload: { hospitalId, name: 'Ghost office template' } });
      expect(res.statusCode, String(hospitalId)).toBe(404);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    const [after] = await t.ctx.db.select({ n: count() }).from(surveyTemplates);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a signed Terra delivery nested 100,000 levels deep with 400 and stores nothing', async () => {
    const [before] = await t.ctx.db.select({ n: count() }).from(terraEvents);
    for (const body of ['['.repeat(100_000) + ']'.repeat(100_000), `{"type":"body","data":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/terra/eventhandler',
        headers: { 'content-type': 'application/json', 'terra-signature': signTerraPayload(SECRET, body, Math.floor(Date.now() / 1000)) },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
    }
    const [after] = await t.ctx.db.select({ n: count() }).from(terraEvents);
    expect(after!.n).toBe(before!.n);
  });
});
