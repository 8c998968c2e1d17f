import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceData, type AddressLookupQuery } from '@vigil/contract';
import { anonymous, callerFor, type Caller } from '../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../test/setup';
import { comparable } from './address-lookup';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t);

const WARN_EN = 'The address could not be validated. Check the ZIP code, city and state; you can still save.';

const lookup = (query: AddressLookupQuery, lang: 'en' | 'es' = 'en', who: Caller = f.officeAdminA1) => callAs(who, referenceData.lookupAddress, { query, lang });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t?.close());

describe('GET address/lookup (offline ZIP data)', () => {
  it("validates a ZIP code with its city and state and gives its coordinates and the IANA time zone", async () => {
    const res = await lookup({ zip: '02118', city: 'boston', state: 'ma' });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({ validated: true, zip: '02118', city: 'Boston', state: 'MA', timeZone: 'America/New_York', source: 'offline', message: null });
    expect(data.latitude).toBeCloseTo(42.34, 1);
    expect(data.longitude).toBeCloseTo(-71.07, 1);
    const phoenix = (await lookup({ zip: '85004-1234' })).body;
    expect(phoenix).toMatchObject({ validated: true, city: 'Phoenix', state: 'AZ', timeZone: 'America/Phoenix' });
  });

  it('warns, in the caller\'s language, when the city or state is not the ZIP code\'s, and still fills its data', async () => {
    const wrongCity = (await lookup({ zip: '02118', city: 'Chicago', state: 'MA' })).body;
    expect(wrongCity).toMatchObject({ validated: false, city: 'Boston', timeZone: 'America/New_York', message: WARN_EN });
    const wrongState = (await lookup({ zip: '02118', city: 'Boston', state: 'IL' }, 'es')).body;
    expect(wrongState.validated).toBe(false);
    expect(wrongState.message).toMatch(/^No se pudo validar la dirección/);
  });

  it('warns for a ZIP code that does not exist', async () => {
    const res = await lookup({ zip: '00000' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ validated: false, city: null, latitude: null, timeZone: null, source: 'none', message: WARN_EN });
  });

  it('refuses a malformed ZIP code and a caller without a session', async () => {
    expect((await lookup({ zip: '2118' })).status).toBe(400);
    expect((await lookup({ zip: '<script>' })).status).toBe(400);
    expect((await lookup({ zip: '02118' }, 'en', anonymous)).status).toBe(401);
  });

  it('compares city names without case, accents, punctuation or Saint/St.', () => {
    expect(comparable('St. Louis')).toBe(comparable('saint louis'));
    expect(comparable('Cañon City')).toBe(comparable('canon city'));
  });
});
