/**
 * Sign-in limits with device cookies (README "Sign-in limits"; OWASP "Slow Down Online Guessing
 * Attacks with Device Cookies"): one person's wrong passwords must not lock a whole clinic behind
 * one address out, while the per-account limit stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@vigil/contract';
import { createOffice, createOrganization, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../test/setup';

const CLINIC = '198.51.100.20';
let t: TestApp;
let orgId: number;
let officeId: number;

beforeAll(async () => {
  t = await createTestApp({ signInMaxFailures: 3, signInMaxFailuresPerIp: 5 });
  orgId = (await createOrganization(t)).id;
  officeId = (await createOffice(t, orgId)).id;
});
afterAll(async () => t.close());

// Raw: the limits count per client address, and only a raw call sets the remoteAddress.
const signIn = (username: string, password: string, cookie?: string, remoteAddress = CLINIC) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signinv3', payload: { username, password }, headers: cookie ? { cookie } : {}, remoteAddress });

/** The `vigil_device=...` pair of a sign-in answer's Set-Cookie, or undefined. */
function deviceCookieOf(res: Awaited<ReturnType<typeof signIn>>): { pair: string; header: string } | undefined {
  const raw = res.headers['set-cookie'];
  const header = (Array.isArray(raw) ? raw : raw ? [raw] : []).find((c) => c.startsWith('vigil_device='));
  return header ? { pair: header.split(';')[0]!, header } : undefined;
}

describe('sign-in limits with device cookies', () => {
  it('lets a browser that signed in before past the per-address limit, and nobody else', async () => {
    const nurse = await createUser(t, { role: Role.NURSE, organizationId: orgId, offices: [officeId] });
    const doctor = await createUser(t, { role: Role.DOCTOR, organizationId: orgId, offices: [officeId] });
    const first = await signIn(nurse.username, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    expect(device!.header).toMatch(/HttpOnly/i);
    expect(device!.header).toMatch(/SameSite=Strict/i);
    expect(device!.header).toMatch(/Path=\/api\/auth/i);

    // Someone behind the clinic's address guesses passwords for accounts that do not exist.
    for (let i = 0; i < 5; i++) { expect((await signIn(`nobody${i}`, 'wrong-password-x')).statusCode).toBe(401); }
    // The address is now limited for browsers without a device cookie ...
    expect((await signIn(doctor.username, TEST_PASSWORD)).statusCode).toBe(429);
    // ... but the nurse's browser, which signed in before, still signs in.
    const again = await signIn(nurse.username, TEST_PASSWORD, device!.pair);
    expect(again.statusCode).toBe(200);
    // The nurse's cookie is hers: it does not let the doctor's sign-in past the address limit,
    expect((await signIn(doctor.username, TEST_PASSWORD, device!.pair)).statusCode).toBe(429);
    // and a made-up cookie does not either.
    expect((await signIn(doctor.username, TEST_PASSWORD, 'vigil_device=made-up-value')).statusCode).toBe(429);
  });

  it('keeps the per-account limit for a trusted browser too', async () => {
    const nurse = await createUser(t, { role: Role.NURSE, organizationId: orgId, offices: [officeId] });
    const device = deviceCookieOf(await signIn(nurse.username, TEST_PASSWORD, undefined, '203.0.113.77'))!;
    for (let i = 0; i < 3; i++) { expect((await signIn(nurse.username, 'wrong-password-y', device.pair, '203.0.113.77')).statusCode).toBe(401); }
    const limited = await signIn(nurse.username, TEST_PASSWORD, device.pair, '203.0.113.77');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The device's wrong passwords did not count against its address.
    const colleague = await createUser(t, { role: Role.NURSE, organizationId: orgId, offices: [officeId] });
    expect((await signIn(colleague.username, TEST_PASSWORD, undefined, '203.0.113.77')).statusCode).toBe(200);
  });
});
