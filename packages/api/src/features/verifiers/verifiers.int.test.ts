import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Role, verifierDomains, type Verifier } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, signInAs, type TestApp } from '../../../test/setup';
import { doctorMetadata, doctorSpecializations, verifiers } from '../../db/schema/index';
import { seedVerifierRows, seedVerifiers } from '../../db/seed/verifiers';
import { icd10cmChapters, inChapterRange } from '../../db/seed/data/icd10cm';
import { listTimeZones } from './verifiers.service';

let t: TestApp;
let fx: Awaited<ReturnType<typeof createTenancyFixture>>;
type Headers = Record<string, string>;
let sysadmin: Headers;
let verifierUser: Headers;
let doctorA: Headers;
let doctorB: Headers;
let officeAdmin: Headers;
let partner: Headers;

beforeAll(async () => {
  t = await createTestApp();
  fx = await createTenancyFixture(t);
  sysadmin = await signInAs(t, fx.sysadmin.username);
  verifierUser = await signInAs(t, (await createUser(t, { role: Role.VERIFIER })).username);
  doctorA = await signInAs(t, fx.doctorA1.username);
  doctorB = await signInAs(t, fx.doctorB1.username);
  officeAdmin = await signInAs(t, fx.officeAdminA1.username);
  partner = await signInAs(t, (await createUser(t, { role: Role.PARTNER, organizationId: fx.orgA.id })).username);
});
afterAll(async () => t.close());

/** Calls the API in English unless the headers say otherwise. */
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/${url}`, headers: { 'accept-language': 'en', ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

const newVerifier = (over: Record<string, unknown> = {}) => ({
  rvDomain: 'TEST_DOMAIN',
  lowValue: `V${Math.random().toString(36).slice(2, 10)}`,
  longDescription: 'A test value',
  longDescriptionEsp: 'Un valor de prueba',
  ...over,
});

async function createAs(headers: Headers, over: Record<string, unknown> = {}): Promise<Verifier> {
  const res = await call('POST', 'verifier', headers, newVerifier(over));
  expect(res.statusCode).toBe(201);
  return res.json().data as Verifier;
}

describe('seeded reference values', () => {
  it('lists all nine domains the spec names in verifier/dinstinctDomains, alphabetically', async () => {
    const res = await call('GET', 'verifier/dinstinctDomains', doctorA);
    expect(res.statusCode).toBe(200);
    const domains = res.json().data as string[];
    for (const d of verifierDomains) { expect(domains).toContain(d); }
    expect(domains).toEqual([...domains].sort());
  });

  it('seeds real values with English and Spanish descriptions in every domain', async () => {
    const res = await call('GET', `verifier/getverifiersformultipledomains?domains=${verifierDomains.join(',')}`, doctorA);
    expect(res.statusCode).toBe(200);
    const byDomain = res.json().data as Record<string, Verifier[]>;
    for (const d of verifierDomains) {
      expect(byDomain[d]!.length).toBeGreaterThan(0);
      for (const v of byDomain[d]!) { expect(v.longDescriptionEsp).not.toBe(''); }
    }
    const find = (d: string, low: string) => byDomain[d]!.find((v) => v.lowValue === low);
    expect(find('SPECIALIZATION_TYPE', '207RC0000X')).toMatchObject({ longDescription: 'Cardiology (Cardiovascular Disease)', longDescriptionEsp: 'Cardiología' });
    expect(find('SPECIALIZATION_TYPE', '208D00000X')?.longDescription).toBe('General Practice');
    expect(byDomain.SPECIALIZATION_TYPE!.length).toBeGreaterThanOrEqual(25);
    expect(find('MENTAL_HEALTH_CATEGORY', 'PHQ9')).toMatchObject({ longDescription: 'Depression (PHQ-9)', highValue: '27' });
    expect(find('MENTAL_HEALTH_CATEGORY', 'MDQ')?.highValue).toBe('13');
    expect(find('SURVEY_ANSWER_TYPE', '4')?.highValue).toBe('CALCULATED_SCORE');
    expect(byDomain.FILTER_TYPES![0]).toMatchObject({ lowValue: 'TODAY', longDescription: 'Today', longDescriptionEsp: 'Hoy' });
    expect(find('SURVEY_RECURRENCER_RULE', 'WEEKLY')?.highValue).toBe('FREQ=WEEKLY');
    expect(byDomain.BILLING_MONITORING_TYPE!.map((v) => v.lowValue)).toEqual(['RPM', 'RTM', 'CCM', 'PCM', 'APCM', 'BHI', 'CPM']);
    expect(find('BILLING_MONITORING_TYPE', 'RPM')?.highValue.split(',')).toEqual(expect.arrayContaining(['99453', '99454', '99457', '99458']));
    expect(find('HEALTH_INSURANCE_PROGRAM', 'MEDICARE_ADVANTAGE')?.longDescription).toBe('Medicare Advantage (Part C)');
    expect(find('MEDICAL_NOTE_CATEGORY_TYPE', 'MEDICATION_RECONCILIATION')?.longDescriptionEsp).toBe('Conciliación de medicamentos');
    expect(find('ICD_10_MAIN_CODES', 'I10')).toMatchObject({ longDescription: 'Essential (primary) hypertension', parentLowValue: 'I00-I99' });
  });

  it('seeds the 22 ICD-10-CM chapters, each category inside its chapter and the chronic RPM/CCM conditions present', () => {
    expect(icd10cmChapters).toHaveLength(22);
    expect(icd10cmChapters.map((c) => c.chapter)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    for (const chapter of icd10cmChapters) { for (const cat of chapter.categories) { expect(inChapterRange(cat.code, chapter.range), cat.code).toBe(true); } }
    const codes = new Set(icd10cmChapters.flatMap((c) => c.categories.map((x) => x.code)));
    for (const code of ['I10', 'I11', 'I12', 'I13', 'I15', 'I16', 'I50', 'E08', 'E09', 'E10', 'E11', 'E13', 'J44', 'J45', 'N18', 'E66', 'I48', 'E78', 'F32', 'F33']) {
      expect(codes.has(code), code).toBe(true);
    }
    const rows = seedVerifierRows();
    expect(new Set(rows.map((r) => `${r.rvDomain}|${r.lowValue}`)).size).toBe(rows.length);
  });

  it('is idempotent: seeding twice more leaves counts and ids unchanged, restores seeded text, keeps added values and deactivations', async () => {
    const total = async () => (await t.ctx.db.select({ n: count() }).from(verifiers))[0]!.n;
    const added = await createAs(verifierUser, { rvDomain: 'SEED_TEST', lowValue: 'ADDED_BY_ADMIN' });
    const [i10] = await t.ctx.db.select().from(verifiers).where(eq(verifiers.lowValue, 'I10'));
    await t.ctx.db.update(verifiers).set({ longDescription: 'edited', status: 0 }).where(eq(verifiers.id, i10!.id));
    const before = await total();
    await seedVerifiers(t.ctx.db);
    await seedVerifiers(t.ctx.db);
    expect(await total()).toBe(before);
    const [after] = await t.ctx.db.select().from(verifiers).where(eq(verifiers.lowValue, 'I10'));
    expect(after).toMatchObject({ id: i10!.id, longDescription: 'Essential (primary) hypertension', status: 0 });
    expect((await t.ctx.db.select().from(verifiers).where(eq(verifiers.id, added.id)))[0]?.lowValue).toBe('ADDED_BY_ADMIN');
    await t.ctx.db.update(verifiers).set({ status: 1 }).where(eq(verifiers.id, i10!.id));
  });
});

describe('GET verifier/dinstinctDomains', () => {
  it('includes a domain an administrator created', async () => {
    await createAs(sysadmin, { rvDomain: 'BRAND_NEW_DOMAIN' });
    expect((await call('GET', 'verifier/dinstinctDomains', doctorA)).json().data).toContain('BRAND_NEW_DOMAIN');
  });

  it('refuses a role without verifiers.read with 403, and a call without a session with 401', async () => {
    expect((await call('GET', 'verifier/dinstinctDomains', partner)).statusCode).toBe(403);
    expect((await call('GET', 'verifier/dinstinctDomains', {})).statusCode).toBe(401);
  });
});

describe('GET verifier/getallverifiers', () => {
  it('pages, filters by domain and search, and sorts on the server', async () => {
    const res = await call('GET', 'verifier/getallverifiers?domain=ICD_10_MAIN_CODES&search=hypertens&pageSize=3&sort=lowValue', doctorA);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(3);
    expect(page.total).toBe(8); // I10, I11, I12, I13, I15, I16, O10, O13
    expect(page.items.map((v: Verifier) => v.lowValue)).toEqual(['I10', 'I11', 'I12']);
    const second = (await call('GET', 'verifier/getallverifiers?domain=ICD_10_MAIN_CODES&search=hypertens&pageSize=3&page=2&sort=lowValue', doctorA)).json().data;
    expect(second.items.map((v: Verifier) => v.lowValue)).toEqual(['I13', 'I15', 'I16']);
    const desc = (await call('GET', 'verifier/getallverifiers?domain=BILLING_MONITORING_TYPE&sort=-lowValue', doctorA)).json().data;
    expect(desc.items.map((v: Verifier) => v.lowValue)).toEqual(['RTM', 'RPM', 'PCM', 'CPM', 'CCM', 'BHI', 'APCM']);
  });

  it('searches Spanish descriptions and treats % and _ literally', async () => {
    const es = (await call('GET', 'verifier/getallverifiers?search=Cardiolog%C3%ADa%20intervencionista', doctorA)).json().data;
    expect(es.items.map((v: Verifier) => v.lowValue)).toEqual(['207RI0011X']);
    const literal = (await call('GET', `verifier/getallverifiers?search=${encodeURIComponent('%_%')}`, doctorA)).json().data;
    expect(literal.total).toBe(0);
  });

  it('answers 400 with the form messages for a bad domain or page size', async () => {
    const res = await call('GET', 'verifier/getallverifiers?domain=bad-domain&pageSize=500', doctorA);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ domain: 'This field needs to be formatted', pageSize: 'This field needs to be formatted' });
  });

  it('refuses a role without verifiers.read with 403', async () => {
    expect((await call('GET', 'verifier/getallverifiers', partner)).statusCode).toBe(403);
  });
});

describe('GET verifier/getverifiersfordomain', () => {
  it('answers the active values of the header domain by sortOrder then description', async () => {
    const res = await call('GET', 'verifier/getverifiersfordomain', { ...doctorA, domainvalue: 'FILTER_TYPES' });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as Verifier[];
    expect(items.slice(0, 4).map((v) => v.lowValue)).toEqual(['TODAY', 'YESTERDAY', 'WEEK', 'MONTH']);
    const keys = items.map((v) => [v.sortOrder, v.longDescription] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])));
  });

  it('accepts the domain as a query parameter, leaves out inactive values, and answers [] for an unknown domain', async () => {
    const hidden = await createAs(verifierUser, { rvDomain: 'SURVEY_ANSWER_TYPE', lowValue: '99', status: 0 });
    const res = await call('GET', 'verifier/getverifiersfordomain?domainValue=SURVEY_ANSWER_TYPE', doctorA);
    expect(res.statusCode).toBe(200);
    const lows = (res.json().data as Verifier[]).map((v) => v.lowValue);
    expect(lows).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(lows).not.toContain(hidden.lowValue);
    expect((await call('GET', 'verifier/getverifiersfordomain', { ...doctorA, domainvalue: 'NO_SUCH_DOMAIN' })).json().data).toEqual([]);
  });

  it('answers 400 "This field is required" without the header and the regex message for a lower-case domain', async () => {
    const missing = await call('GET', 'verifier/getverifiersfordomain', doctorA);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ domainvalue: 'This field is required' });
    const lower = await call('GET', 'verifier/getverifiersfordomain', { ...doctorA, domainvalue: 'filter_types', 'accept-language': 'es' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors).toEqual({ domainvalue: 'Este campo necesita tener el formato correcto' });
  });

  it('refuses a role without verifiers.read with 403', async () => {
    expect((await call('GET', 'verifier/getverifiersfordomain', { ...partner, domainvalue: 'FILTER_TYPES' })).statusCode).toBe(403);
  });
});

describe('GET verifier/getverifiersformultipledomains', () => {
  it('answers a map of every requested domain to its values, [] for an unknown one', async () => {
    const res = await call('GET', 'verifier/getverifiersformultipledomains', { ...doctorA, domains: 'SURVEY_RECURRENCER_RULE, FILTER_TYPES,NO_SUCH_DOMAIN' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, Verifier[]>;
    expect(Object.keys(data)).toEqual(['SURVEY_RECURRENCER_RULE', 'FILTER_TYPES', 'NO_SUCH_DOMAIN']);
    expect(data.SURVEY_RECURRENCER_RULE!.map((v) => v.lowValue)).toEqual(['ONCE', 'DAILY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY']);
    expect(data.FILTER_TYPES![0]!.rvDomain).toBe('FILTER_TYPES');
    expect(data.NO_SUCH_DOMAIN).toEqual([]);
  });

  it('answers 400 with the regex message for a malformed list and "required" without one', async () => {
    const bad = await call('GET', 'verifier/getverifiersformultipledomains?domains=FILTER_TYPES,bad%20one', doctorA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ domains: 'This field needs to be formatted' });
    const missing = await call('GET', 'verifier/getverifiersformultipledomains', doctorA);
    expect(missing.json().errors).toEqual({ domains: 'This field is required' });
  });

  it('refuses a role without verifiers.read with 403', async () => {
    expect((await call('GET', 'verifier/getverifiersformultipledomains?domains=FILTER_TYPES', partner)).statusCode).toBe(403);
  });
});

describe('GET verifier/gettimezones', () => {
  it('lists IANA time zones with their current UTC offset, by offset then name', async () => {
    const res = await call('GET', 'verifier/gettimezones', doctorA);
    expect(res.statusCode).toBe(200);
    const zones = res.json().data as { id: string; label: string; offset: string }[];
    expect(zones.length).toBeGreaterThan(300);
    const ny = zones.find((z) => z.id === 'America/New_York');
    expect(ny?.label).toMatch(/^\(UTC-0[45]:00\) America\/New_York$/);
    expect(zones.find((z) => z.id === 'Europe/Madrid')?.label).toMatch(/^\(UTC\+0[12]:00\) Europe\/Madrid$/);
    expect(zones.find((z) => z.id === 'UTC')?.label).toBe('(UTC+00:00) UTC');
    const minutes = zones.map((z) => (z.offset.startsWith('-') ? -1 : 1) * (Number(z.offset.slice(1, 3)) * 60 + Number(z.offset.slice(4))));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  it('shows the offset in force at the time asked: standard time in January, daylight time in July', () => {
    const at = (iso: string) => Object.fromEntries(listTimeZones(new Date(iso)).map((z) => [z.id, z.label]));
    expect(at('2026-01-15T12:00:00Z')['America/New_York']).toBe('(UTC-05:00) America/New_York');
    expect(at('2026-07-15T12:00:00Z')['America/New_York']).toBe('(UTC-04:00) America/New_York');
    expect(at('2026-01-15T12:00:00Z')['Europe/Madrid']).toBe('(UTC+01:00) Europe/Madrid');
    expect(at('2026-07-15T12:00:00Z')['Europe/Madrid']).toBe('(UTC+02:00) Europe/Madrid');
    expect(at('2026-01-15T12:00:00Z')['Asia/Kolkata']).toBe('(UTC+05:30) Asia/Kolkata');
    expect(at('2026-01-15T12:00:00Z')['Europe/Kyiv']).toBe('(UTC+02:00) Europe/Kyiv');
    expect(at('2026-01-15T12:00:00Z')).not.toHaveProperty('Asia/Calcutta');
  });

  it('refuses a role without verifiers.read with 403', async () => {
    expect((await call('GET', 'verifier/gettimezones', partner)).statusCode).toBe(403);
  });
});

describe('GET verifier/getdiagnosesbycategorycode', () => {
  it("lists a chapter's categories by code: I00-I99 includes I10", async () => {
    const res = await call('GET', 'verifier/getdiagnosesbycategorycode', { ...doctorA, categorycode: 'I00-I99' });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as Verifier[];
    expect(items[0]).toMatchObject({ lowValue: 'I10', longDescription: 'Essential (primary) hypertension', longDescriptionEsp: 'Hipertensión esencial (primaria)', parentLowValue: 'I00-I99' });
    expect(items.map((v) => v.lowValue)).toEqual(expect.arrayContaining(['I11', 'I48', 'I50']));
    expect(items.every((v) => v.parentLowValue === 'I00-I99')).toBe(true);
    const lows = items.map((v) => v.lowValue);
    expect(lows).toEqual([...lows].sort());
  });

  it('answers a category with itself then its billable codes of the loaded release, in any case, also from the query string', async () => {
    const res = await call('GET', 'verifier/getdiagnosesbycategorycode?categoryCode=e11', doctorA);
    expect(res.statusCode).toBe(200);
    const [head, ...codes] = res.json().data as Verifier[];
    expect(head).toMatchObject({ rvDomain: 'ICD_10_MAIN_CODES', lowValue: 'E11', longDescription: 'Type 2 diabetes mellitus', parentLowValue: 'E00-E89' });
    expect(codes.find((c) => c.lowValue === 'E11.9')).toMatchObject({ id: 0, rvDomain: 'ICD10CM_CODE', highValue: 'billable', longDescription: 'Type 2 diabetes mellitus without complications', parentLowValue: 'E11' });
    expect(codes.every((c) => c.rvDomain === 'ICD10CM_CODE' && c.lowValue.startsWith('E11.'))).toBe(true);
    expect(codes.some((c) => c.lowValue === 'E11.6')).toBe(false); // a subcategory with children is not billable
  });

  it('answers a category the verifiers do not list from the loaded release (A00, cholera)', async () => {
    const res = await call('GET', 'verifier/getdiagnosesbycategorycode', { ...doctorA, categorycode: 'A00' });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Verifier[]).map((v) => v.lowValue)).toEqual(['A00', 'A00.0', 'A00.1', 'A00.9']);
  });

  it('answers 404 "No diagnosis data!" for a code that is not seeded', async () => {
    const res = await call('GET', 'verifier/getdiagnosesbycategorycode', { ...doctorA, categorycode: 'Z00-Z01' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('No diagnosis data!');
  });

  it('answers 400 with the form messages for a malformed or missing code', async () => {
    const bad = await call('GET', 'verifier/getdiagnosesbycategorycode', { ...doctorA, categorycode: 'hypertension' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ categorycode: 'This field needs to be formatted' });
    const missing = await call('GET', 'verifier/getdiagnosesbycategorycode', doctorA);
    expect(missing.json().errors).toEqual({ categorycode: 'This field is required' });
  });

  it('refuses a role without verifiers.read with 403', async () => {
    expect((await call('GET', 'verifier/getdiagnosesbycategorycode', { ...partner, categorycode: 'I10' })).statusCode).toBe(403);
  });
});

describe('GET verifier/{id}', () => {
  it('answers one verifier, the same for callers of every organization (global reference data)', async () => {
    const created = await createAs(sysadmin, { highValue: 'H', parentLowValue: 'P', sortOrder: 7 });
    const a = await call('GET', `verifier/${created.id}`, doctorA);
    const b = await call('GET', `verifier/${created.id}`, doctorB);
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toEqual({ ...created, highValue: 'H', parentLowValue: 'P', sortOrder: 7, status: 1 });
    expect(b.json().data).toEqual(a.json().data);
  });

  it('answers 404 "Invalid id" for an unknown id and 400 for a non-numeric one', async () => {
    const missing = await call('GET', 'verifier/99999999', doctorA);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('Invalid id');
    const bad = await call('GET', 'verifier/abc', doctorA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ id: 'This field needs to be formatted' });
  });

  it('refuses a role without verifiers.read with 403', async () => {
    const created = await createAs(sysadmin);
    expect((await call('GET', `verifier/${created.id}`, partner)).statusCode).toBe(403);
  });
});

describe('POST verifier', () => {
  it('creates a verifier for the verifier role and the system admin, with defaults for optional fields', async () => {
    const res = await call('POST', 'verifier', verifierUser, { rvDomain: 'HEALTH_INSURANCE_PROGRAM', lowValue: 'STATE_PLAN', longDescription: 'State health plan' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      rvDomain: 'HEALTH_INSURANCE_PROGRAM',
      lowValue: 'STATE_PLAN',
      highValue: '',
      longDescription: 'State health plan',
      longDescriptionEsp: '',
      parentLowValue: '',
      sortOrder: 0,
      status: 1,
    });
    expect((await call('POST', 'verifier', sysadmin, newVerifier())).statusCode).toBe(201);
  });

  it('answers 400 with the spec form messages for each invalid field', async () => {
    const res = await call('POST', 'verifier', sysadmin, { rvDomain: 'lower_case', lowValue: '', longDescription: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      rvDomain: 'This field needs to be formatted',
      lowValue: 'This field is required',
      longDescription: 'This field must be 500 characters or less',
    });
    const long = await call('POST', 'verifier', sysadmin, { rvDomain: 'TEST_DOMAIN', lowValue: 'x'.repeat(51) });
    expect(long.json().errors).toEqual({ lowValue: 'This field must be 50 characters or less', longDescription: 'This field is required' });
  });

  it('answers 409 for a lowValue the domain already has', async () => {
    const res = await call('POST', 'verifier', verifierUser, { rvDomain: 'FILTER_TYPES', lowValue: 'TODAY', longDescription: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ resFlag: false, msg: 'This domain already has a value with this low value', errors: { lowValue: 'This domain already has a value with this low value' } });
  });

  it('refuses a doctor and an office admin with 403', async () => {
    expect((await call('POST', 'verifier', doctorA, newVerifier())).statusCode).toBe(403);
    expect((await call('POST', 'verifier', officeAdmin, newVerifier())).statusCode).toBe(403);
  });
});

describe('PUT verifier/{id}', () => {
  it('updates a verifier; optional fields left out keep their value', async () => {
    const created = await createAs(verifierUser, { highValue: 'KEEP', sortOrder: 3 });
    const res = await call('PUT', `verifier/${created.id}`, verifierUser, {
      id: created.id,
      rvDomain: 'TEST_DOMAIN',
      lowValue: created.lowValue,
      longDescription: 'Renamed',
      status: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...created, longDescription: 'Renamed', status: 0, highValue: 'KEEP', sortOrder: 3 });
    expect((await call('GET', `verifier/${created.id}`, doctorB)).json().data.longDescription).toBe('Renamed');
  });

  it('answers 404 for an unknown id, 400 for a body id that names another verifier', async () => {
    const body = { rvDomain: 'TEST_DOMAIN', lowValue: 'NOPE', longDescription: 'x' };
    expect((await call('PUT', 'verifier/99999999', sysadmin, body)).statusCode).toBe(404);
    const created = await createAs(sysadmin);
    const mismatch = await call('PUT', `verifier/${created.id}`, sysadmin, { ...body, id: created.id + 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ id: 'Invalid' });
  });

  it('answers 400 with the form messages for invalid fields', async () => {
    const created = await createAs(sysadmin);
    const res = await call('PUT', `verifier/${created.id}`, sysadmin, { rvDomain: 'TEST DOMAIN', lowValue: created.lowValue, longDescription: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ rvDomain: 'This field needs to be formatted', longDescription: 'This field is required' });
  });

  it('answers 409 when the new lowValue is already taken in the domain', async () => {
    const a = await createAs(sysadmin);
    const b = await createAs(sysadmin);
    const res = await call('PUT', `verifier/${b.id}`, sysadmin, { rvDomain: a.rvDomain, lowValue: a.lowValue, longDescription: 'clash' });
    expect(res.statusCode).toBe(409);
  });

  it('refuses a doctor with 403 and leaves the value unchanged', async () => {
    const created = await createAs(sysadmin);
    const res = await call('PUT', `verifier/${created.id}`, doctorA, { rvDomain: created.rvDomain, lowValue: created.lowValue, longDescription: 'hacked' });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', `verifier/${created.id}`, sysadmin)).json().data.longDescription).toBe(created.longDescription);
  });
});

describe('DELETE verifier/{id}', () => {
  it('deletes a verifier, which then reads as 404', async () => {
    const created = await createAs(verifierUser);
    const res = await call('DELETE', `verifier/${created.id}`, verifierUser);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: created.id });
    expect((await call('GET', `verifier/${created.id}`, sysadmin)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await call('DELETE', 'verifier/99999999', sysadmin)).statusCode).toBe(404);
    expect((await call('DELETE', 'verifier/0', sysadmin)).statusCode).toBe(400);
  });

  it('answers 409 for a SPECIALIZATION_TYPE value a doctor has, and will not move it to another domain', async () => {
    const spec = await createAs(sysadmin, { rvDomain: 'SPECIALIZATION_TYPE', lowValue: '207RA0000X', longDescription: 'Adolescent Medicine' });
    const [meta] = await t.ctx.db.insert(doctorMetadata).values({ userId: fx.doctorA2.id }).returning();
    await t.ctx.db.insert(doctorSpecializations).values({ doctorMetadataId: meta!.id, verifierId: spec.id });
    const res = await call('DELETE', `verifier/${spec.id}`, sysadmin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('This value is in use and cannot be deleted or moved');
    const move = await call('PUT', `verifier/${spec.id}`, sysadmin, { rvDomain: 'FILTER_TYPES', lowValue: spec.lowValue, longDescription: 'moved' });
    expect(move.statusCode).toBe(409);
    const rename = await call('PUT', `verifier/${spec.id}`, sysadmin, { rvDomain: 'SPECIALIZATION_TYPE', lowValue: spec.lowValue, longDescription: 'Adolescent Medicine (IM)' });
    expect(rename.statusCode).toBe(200);
    expect((await call('GET', `verifier/${spec.id}`, sysadmin)).statusCode).toBe(200);
  });

  it('refuses a doctor with 403 and keeps the value', async () => {
    const created = await createAs(sysadmin);
    expect((await call('DELETE', `verifier/${created.id}`, doctorA)).statusCode).toBe(403);
    expect((await call('GET', `verifier/${created.id}`, doctorA)).statusCode).toBe(200);
  });
});
