import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from '../../test/setup';
import { comparable } from './address-lookup';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const WARN_EN = 'The address could not be validated. Check the ZIP code, city and state; you can still save.';

async function lookup(query: Record<string, string>, lang: 'en' | 'es' = 'en', who: { id: number } | null = f.officeAdminA1) {
  const headers: Record<string, string> = { 'accept-language': lang, ...(who ? await sessionFor(t, who.id) : {}) };
  return t.app.inject({ method: 'GET', url: `/api/address/lookup?${new URLSearchParams(query)}`, headers });
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t?.close());

describe('GET address/lookup (offline ZIP data)', () => {
  it("validates a ZIP code with its city and state and gives its coordinates and the IANA time zone", async () => {
    const res = await lookup({ zip: '02118', city: 'boston', state: 'ma' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ validated: true, zip: '02118', city: 'Boston', state: 'MA', timeZone: 'America/New_York', source: 'offline', message: null });
    expect(data.latitude).toBeCloseTo(42.34, 1);
    expect(data.longitude).toBeCloseTo(-71.07, 1);
    const phoenix = (await lookup({ zip: '85004-1234' })).json().data;
    expect(phoenix).toMatchObject({ validated: true, city: 'Phoenix', state: 'AZ', timeZone: 'America/Phoenix' });
  });

  it('warns, in the caller\'s language, when the city or state is not the ZIP code\'s, and still fills its data', async () => {
    const wrongCity = (await lookup({ zip: '02118', city: 'Chicago', state: 'MA' })).json().data;
    expect(wrongCity).toMatchObject({ validated: false, city: 'Boston', timeZone: 'America/New_York', message: WARN_EN });
    const wrongState = (await lookup({ zip: '02118', city: 'Boston', state: 'IL' }, 'es')).json().data;
    expect(wrongState.validated).toBe(false);
    expect(wrongState.message).toMatch(/^No se pudo validar la dirección/);
  });

  it('warns for a ZIP code that does not exist', async () => {
    const res = await lookup({ zip: '00000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ validated: false, city: null, latitude: null, timeZone: null, source: 'none', message: WARN_EN });
  });

  it('refuses a malformed ZIP code and a caller without a session', async () => {
    expect((await lookup({ zip: '2118' })).statusCode).toBe(400);
    expect((await lookup({ zip: '<script>' })).statusCode).toBe(400);
    expect((await lookup({ zip: '02118' }, 'en', null)).statusCode).toBe(401);
  });

  it('compares city names without case, accents, punctuation or Saint/St.', () => {
    expect(comparable('St. Louis')).toBe(comparable('saint louis'));
    expect(comparable('Cañon City')).toBe(comparable('canon city'));
  });
});
