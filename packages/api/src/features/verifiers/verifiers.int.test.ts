import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Role, verifierDomains, verifiers as verifiersApi, type Verifier } from '@vigil/contract';
import { callerFor, invalid, type CallInput, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { doctorMetadata, doctorSpecializations, verifiers } from '../../db/schema/index';
import { seedVerifierRows, seedVerifiers } from '../../db/seed/verifiers';
import { icd10cmChapters, inChapterRange } from '../../db/seed/data/icd10cm';
import { listTimeZones } from './verifiers.service';

let t: TestApp;
let fx: Awaited<ReturnType<typeof createTenancyFixture>>;
let verifierUser: CallUser;

const callAs = callerFor(() => t, { signIn: 'api' });

beforeAll(async () => {
  t = await createTestApp();
  fx = await createTenancyFixture(t);
  verifierUser = await createUser(t, { role: Role.VERIFIER });
});
afterAll(async () => t.close());

type VerifierBody = NonNullable<CallInput<typeof verifiersApi.createVerifier>['body']>;
const newVerifier = (over: Partial<VerifierBody> = {}): VerifierBody => ({
  rvDomain: 'TEST_DOMAIN',
  lowValue: `V${Math.random().toString(36).slice(2, 10)}`,
  longDescription: 'A test value',
  longDescriptionEsp: 'Un valor de prueba',
  ...over,
});

async function createAs(who: CallUser, over: Partial<VerifierBody> = {}): Promise<Verifier> {
  const res = await callAs(who, verifiersApi.createVerifier, { body: newVerifier(over) });
  expect(res.status).toBe(201);
  return res.body;
}

describe('seeded reference values', () => {
  it('lists all nine domains the spec names in verifier/dinstinctDomains, alphabetically', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getDistinctDomains);
    expect(res.status).toBe(200);
    const domains = res.body as string[];
    for (const d of verifierDomains) { expect(domains).toContain(d); }
    expect(domains).toEqual([...domains].sort());
  });

  it('seeds real values with English and Spanish descriptions in every domain', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getVerifiersForMultipleDomains, { query: { domains: verifierDomains.join(',') } });
    expect(res.status).toBe(200);
    const byDomain = res.body as Record<string, Verifier[]>;
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
    await createAs(fx.sysadmin, { rvDomain: 'BRAND_NEW_DOMAIN' });
    expect((await callAs(fx.doctorA1, verifiersApi.getDistinctDomains)).body).toContain('BRAND_NEW_DOMAIN');
  });
});

describe('GET verifier/getallverifiers', () => {
  it('pages, filters by domain and search, and sorts on the server', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getAllVerifiers, { query: { domain: 'ICD_10_MAIN_CODES', search: 'hypertens', pageSize: 3, sort: 'lowValue' } });
    expect(res.status).toBe(200);
    const page = res.body;
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(3);
    expect(page.total).toBe(8); // I10, I11, I12, I13, I15, I16, O10, O13
    expect(page.items.map((v: Verifier) => v.lowValue)).toEqual(['I10', 'I11', 'I12']);
    const second = (await callAs(fx.doctorA1, verifiersApi.getAllVerifiers, { query: { domain: 'ICD_10_MAIN_CODES', search: 'hypertens', pageSize: 3, page: 2, sort: 'lowValue' } })).body;
    expect(second.items.map((v: Verifier) => v.lowValue)).toEqual(['I13', 'I15', 'I16']);
    const desc = (await callAs(fx.doctorA1, verifiersApi.getAllVerifiers, { query: { domain: 'BILLING_MONITORING_TYPE', sort: '-lowValue' } })).body;
    expect(desc.items.map((v: Verifier) => v.lowValue)).toEqual(['RTM', 'RPM', 'PCM', 'CPM', 'CCM', 'BHI', 'APCM']);
  });

  it('searches Spanish descriptions and treats % and _ literally', async () => {
    const es = (await callAs(fx.doctorA1, verifiersApi.getAllVerifiers, { query: { search: 'Cardiología intervencionista' } })).body;
    expect(es.items.map((v: Verifier) => v.lowValue)).toEqual(['207RI0011X']);
    const literal = (await callAs(fx.doctorA1, verifiersApi.getAllVerifiers, { query: { search: '%_%' } })).body;
    expect(literal.total).toBe(0);
  });

  it('answers 400 with the form messages for a bad domain or page size', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getAllVerifiers, { query: { domain: 'bad-domain', pageSize: 500 } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ domain: 'This field needs to be formatted', pageSize: 'This field needs to be formatted' });
  });
});

describe('GET verifier/getverifiersfordomain', () => {
  it('answers the active values of the header domain by sortOrder then description', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getVerifiersForDomain, { headers: { domainvalue: 'FILTER_TYPES' } });
    expect(res.status).toBe(200);
    const items = res.body as Verifier[];
    expect(items.slice(0, 4).map((v) => v.lowValue)).toEqual(['TODAY', 'YESTERDAY', 'WEEK', 'MONTH']);
    const keys = items.map((v) => [v.sortOrder, v.longDescription] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])));
  });

  it('accepts the domain as a query parameter, leaves out inactive values, and answers [] for an unknown domain', async () => {
    const hidden = await createAs(verifierUser, { rvDomain: 'SURVEY_ANSWER_TYPE', lowValue: '99', status: 0 });
    const res = await callAs(fx.doctorA1, verifiersApi.getVerifiersForDomain, { rawQuery: { domainValue: 'SURVEY_ANSWER_TYPE' } });
    expect(res.status).toBe(200);
    const lows = (res.body as Verifier[]).map((v) => v.lowValue);
    expect(lows).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(lows).not.toContain(hidden.lowValue);
    expect((await callAs(fx.doctorA1, verifiersApi.getVerifiersForDomain, { headers: { domainvalue: 'NO_SUCH_DOMAIN' } })).body).toEqual([]);
  });

  it('answers 400 "This field is required" without the header and the regex message for a lower-case domain', async () => {
    const missing = await callAs(fx.doctorA1, verifiersApi.getVerifiersForDomain);
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ domainvalue: 'This field is required' });
    const lower = await callAs(fx.doctorA1, verifiersApi.getVerifiersForDomain, { headers: { domainvalue: 'filter_types' }, lang: 'es' });
    expect(lower.status).toBe(400);
    expect(lower.errors).toEqual({ domainvalue: 'Este campo necesita tener el formato correcto' });
  });
});

describe('GET verifier/getverifiersformultipledomains', () => {
  it('answers a map of every requested domain to its values, [] for an unknown one', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getVerifiersForMultipleDomains, { headers: { domains: 'SURVEY_RECURRENCER_RULE, FILTER_TYPES,NO_SUCH_DOMAIN' } });
    expect(res.status).toBe(200);
    const data = res.body as Record<string, Verifier[]>;
    expect(Object.keys(data)).toEqual(['SURVEY_RECURRENCER_RULE', 'FILTER_TYPES', 'NO_SUCH_DOMAIN']);
    expect(data.SURVEY_RECURRENCER_RULE!.map((v) => v.lowValue)).toEqual(['ONCE', 'DAILY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY']);
    expect(data.FILTER_TYPES![0]!.rvDomain).toBe('FILTER_TYPES');
    expect(data.NO_SUCH_DOMAIN).toEqual([]);
  });

  it('answers 400 with the regex message for a malformed list and "required" without one', async () => {
    const bad = await callAs(fx.doctorA1, verifiersApi.getVerifiersForMultipleDomains, { query: { domains: 'FILTER_TYPES,bad one' } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ domains: 'This field needs to be formatted' });
    const missing = await callAs(fx.doctorA1, verifiersApi.getVerifiersForMultipleDomains);
    expect(missing.errors).toEqual({ domains: 'This field is required' });
  });
});

describe('GET verifier/gettimezones', () => {
  it('lists IANA time zones with their current UTC offset, by offset then name', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getTimeZones);
    expect(res.status).toBe(200);
    const zones = res.body as { id: string; label: string; offset: string }[];
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
});

describe('GET verifier/getdiagnosesbycategorycode', () => {
  it("lists a chapter's categories by code: I00-I99 includes I10", async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getDiagnosesByCategoryCode, { headers: { categorycode: 'I00-I99' } });
    expect(res.status).toBe(200);
    const items = res.body as Verifier[];
    expect(items[0]).toMatchObject({ lowValue: 'I10', longDescription: 'Essential (primary) hypertension', longDescriptionEsp: 'Hipertensión esencial (primaria)', parentLowValue: 'I00-I99' });
    expect(items.map((v) => v.lowValue)).toEqual(expect.arrayContaining(['I11', 'I48', 'I50']));
    expect(items.every((v) => v.parentLowValue === 'I00-I99')).toBe(true);
    const lows = items.map((v) => v.lowValue);
    expect(lows).toEqual([...lows].sort());
  });

  it('answers a category with itself then its billable codes of the loaded release, in any case, also from the query string', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getDiagnosesByCategoryCode, { rawQuery: { categoryCode: 'e11' } });
    expect(res.status).toBe(200);
    const [head, ...codes] = res.body as Verifier[];
    expect(head).toMatchObject({ rvDomain: 'ICD_10_MAIN_CODES', lowValue: 'E11', longDescription: 'Type 2 diabetes mellitus', parentLowValue: 'E00-E89' });
    expect(codes.find((c) => c.lowValue === 'E11.9')).toMatchObject({ id: 0, rvDomain: 'ICD10CM_CODE', highValue: 'billable', longDescription: 'Type 2 diabetes mellitus without complications', parentLowValue: 'E11' });
    expect(codes.every((c) => c.rvDomain === 'ICD10CM_CODE' && c.lowValue.startsWith('E11.'))).toBe(true);
    expect(codes.some((c) => c.lowValue === 'E11.6')).toBe(false); // a subcategory with children is not billable
  });

  it('answers a category the verifiers do not list from the loaded release (A00, cholera)', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getDiagnosesByCategoryCode, { headers: { categorycode: 'A00' } });
    expect(res.status).toBe(200);
    expect((res.body as Verifier[]).map((v) => v.lowValue)).toEqual(['A00', 'A00.0', 'A00.1', 'A00.9']);
  });

  it('answers 404 "No diagnosis data!" for a code that is not seeded', async () => {
    const res = await callAs(fx.doctorA1, verifiersApi.getDiagnosesByCategoryCode, { headers: { categorycode: 'Z00-Z01' } });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('No diagnosis data!');
  });

  it('answers 400 with the form messages for a malformed or missing code', async () => {
    const bad = await callAs(fx.doctorA1, verifiersApi.getDiagnosesByCategoryCode, { headers: { categorycode: 'hypertension' } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ categorycode: 'This field needs to be formatted' });
    const missing = await callAs(fx.doctorA1, verifiersApi.getDiagnosesByCategoryCode);
    expect(missing.errors).toEqual({ categorycode: 'This field is required' });
  });
});

describe('GET verifier/{id}', () => {
  it('answers one verifier, the same for callers of every organization (global reference data)', async () => {
    const created = await createAs(fx.sysadmin, { highValue: 'H', parentLowValue: 'P', sortOrder: 7 });
    const a = await callAs(fx.doctorA1, verifiersApi.getVerifier, { params: { id: created.id } });
    const b = await callAs(fx.doctorB1, verifiersApi.getVerifier, { params: { id: created.id } });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ ...created, highValue: 'H', parentLowValue: 'P', sortOrder: 7, status: 1 });
    expect(b.body).toEqual(a.body);
  });

  it('answers 404 "Invalid id" for an unknown id and 400 for a non-numeric one', async () => {
    const missing = await callAs(fx.doctorA1, verifiersApi.getVerifier, { params: { id: 99999999 } });
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe('Invalid id');
    const bad = await callAs(fx.doctorA1, verifiersApi.getVerifier, { params: { id: invalid('abc') } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ id: 'This field needs to be formatted' });
  });
});

describe('POST verifier', () => {
  it('creates a verifier for the verifier role and the system admin, with defaults for optional fields', async () => {
    const res = await callAs(verifierUser, verifiersApi.createVerifier, { body: { rvDomain: 'HEALTH_INSURANCE_PROGRAM', lowValue: 'STATE_PLAN', longDescription: 'State health plan' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rvDomain: 'HEALTH_INSURANCE_PROGRAM',
      lowValue: 'STATE_PLAN',
      highValue: '',
      longDescription: 'State health plan',
      longDescriptionEsp: '',
      parentLowValue: '',
      sortOrder: 0,
      status: 1,
    });
    expect((await callAs(fx.sysadmin, verifiersApi.createVerifier, { body: newVerifier() })).status).toBe(201);
  });

  it('answers 400 with the spec form messages for each invalid field', async () => {
    const res = await callAs(fx.sysadmin, verifiersApi.createVerifier, { body: { rvDomain: 'lower_case', lowValue: '', longDescription: 'x'.repeat(501) } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({
      rvDomain: 'This field needs to be formatted',
      lowValue: 'This field is required',
      longDescription: 'This field must be 500 characters or less',
    });
    const long = await callAs(fx.sysadmin, verifiersApi.createVerifier, { body: invalid({ rvDomain: 'TEST_DOMAIN', lowValue: 'x'.repeat(51) }) });
    expect(long.errors).toEqual({ lowValue: 'This field must be 50 characters or less', longDescription: 'This field is required' });
  });

  it('answers 409 for a lowValue the domain already has', async () => {
    const res = await callAs(verifierUser, verifiersApi.createVerifier, { body: { rvDomain: 'FILTER_TYPES', lowValue: 'TODAY', longDescription: 'Again' } });
    expect(res.status).toBe(409);
    expect(res.reply.json()).toMatchObject({ resFlag: false, msg: 'This domain already has a value with this low value', errors: { lowValue: 'This domain already has a value with this low value' } });
  });
});

describe('PUT verifier/{id}', () => {
  it('updates a verifier; optional fields left out keep their value', async () => {
    const created = await createAs(verifierUser, { highValue: 'KEEP', sortOrder: 3 });
    const res = await callAs(verifierUser, verifiersApi.updateVerifier, { params: { id: created.id }, body: {
      id: created.id,
      rvDomain: 'TEST_DOMAIN',
      lowValue: created.lowValue,
      longDescription: 'Renamed',
      status: 0,
    } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, longDescription: 'Renamed', status: 0, highValue: 'KEEP', sortOrder: 3 });
    expect((await callAs(fx.doctorB1, verifiersApi.getVerifier, { params: { id: created.id } })).body.longDescription).toBe('Renamed');
  });

  it('answers 404 for an unknown id, 400 for a body id that names another verifier', async () => {
    const body = { rvDomain: 'TEST_DOMAIN', lowValue: 'NOPE', longDescription: 'x' };
    expect((await callAs(fx.sysadmin, verifiersApi.updateVerifier, { params: { id: 99999999 }, body })).status).toBe(404);
    const created = await createAs(fx.sysadmin);
    const mismatch = await callAs(fx.sysadmin, verifiersApi.updateVerifier, { params: { id: created.id }, body: { ...body, id: created.id + 1 } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.errors).toEqual({ id: 'Invalid' });
  });

  it('answers 400 with the form messages for invalid fields', async () => {
    const created = await createAs(fx.sysadmin);
    const res = await callAs(fx.sysadmin, verifiersApi.updateVerifier, { params: { id: created.id }, body: { rvDomain: 'TEST DOMAIN', lowValue: created.lowValue, longDescription: '' } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ rvDomain: 'This field needs to be formatted', longDescription: 'This field is required' });
  });

  it('answers 409 when the new lowValue is already taken in the domain', async () => {
    const a = await createAs(fx.sysadmin);
    const b = await createAs(fx.sysadmin);
    const res = await callAs(fx.sysadmin, verifiersApi.updateVerifier, { params: { id: b.id }, body: { rvDomain: a.rvDomain, lowValue: a.lowValue, longDescription: 'clash' } });
    expect(res.status).toBe(409);
  });
});

describe('DELETE verifier/{id}', () => {
  it('deletes a verifier, which then reads as 404', async () => {
    const created = await createAs(verifierUser);
    const res = await callAs(verifierUser, verifiersApi.deleteVerifier, { params: { id: created.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: created.id });
    expect((await callAs(fx.sysadmin, verifiersApi.getVerifier, { params: { id: created.id } })).status).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await callAs(fx.sysadmin, verifiersApi.deleteVerifier, { params: { id: 99999999 } })).status).toBe(404);
    expect((await callAs(fx.sysadmin, verifiersApi.deleteVerifier, { params: { id: invalid(0) } })).status).toBe(400);
  });

  it('answers 409 for a SPECIALIZATION_TYPE value a doctor has, and will not move it to another domain', async () => {
    const spec = await createAs(fx.sysadmin, { rvDomain: 'SPECIALIZATION_TYPE', lowValue: '207RA0000X', longDescription: 'Adolescent Medicine' });
    const [meta] = await t.ctx.db.insert(doctorMetadata).values({ userId: fx.doctorA2.id }).returning();
    await t.ctx.db.insert(doctorSpecializations).values({ doctorMetadataId: meta!.id, verifierId: spec.id });
    const res = await callAs(fx.sysadmin, verifiersApi.deleteVerifier, { params: { id: spec.id } });
    expect(res.status).toBe(409);
    expect(res.msg).toBe('This value is in use and cannot be deleted or moved');
    const move = await callAs(fx.sysadmin, verifiersApi.updateVerifier, { params: { id: spec.id }, body: { rvDomain: 'FILTER_TYPES', lowValue: spec.lowValue, longDescription: 'moved' } });
    expect(move.status).toBe(409);
    const rename = await callAs(fx.sysadmin, verifiersApi.updateVerifier, { params: { id: spec.id }, body: { rvDomain: 'SPECIALIZATION_TYPE', lowValue: spec.lowValue, longDescription: 'Adolescent Medicine (IM)' } });
    expect(rename.status).toBe(200);
    expect((await callAs(fx.sysadmin, verifiersApi.getVerifier, { params: { id: spec.id } })).status).toBe(200);
  });
});
