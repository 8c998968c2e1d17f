/**
 * The FHIR R4 API played by an EHR's backend (docs/fhir.md): an organization admin registers a
 * SMART Backend Services client with a key pair made here with jose, the client obtains a token
 * with a signed assertion, reads and searches its organization's patients (every resource checked
 * with the R4 validator), and is refused another organization's patient, replayed, expired and
 * far-future assertions, and its token once the client is revoked.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, like, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createTenancyFixture, createTestApp, sessionFor, type TestApp } from '../../../test/setup';
import { fhirR4Validator } from '../../../test/fhir-r4';
import { auditEvents, smartTokens, users } from '../../db/schema/index';
import { auditTrail } from '../../lib/audit-trail';
import { tokenHash } from '../../lib/crypto';
import { US_CORE_PATIENT } from './fhir.resources';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let validate: (resource: unknown) => void;
const TOKEN_URL = 'https://portal.vigil.test/fhir/R4/auth/token';

async function api(method: 'GET' | 'POST' | 'DELETE', path: string, who: { id: number }, payload?: object) {
  return t.app.inject({ method, url: `/api/${path}`, headers: { ...(await sessionFor(t, who.id)), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
}

interface Client { id: number; clientId: string; key: CryptoKey; alg: 'RS384' | 'ES384' }

async function register(who: { id: number }, organizationId: number, alg: 'RS384' | 'ES384', scopes = ['system/*.rs']): Promise<Client> {
  const { publicKey, privateKey } = await generateKeyPair(alg);
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg };
  const res = await api('POST', 'fhirclients', who, { organizationId, name: 'EHR backend', jwks: { keys: [jwk] }, scopes });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { id: number; clientId: string };
  return { id: data.id, clientId: data.clientId, key: privateKey, alg };
}

async function assertion(c: Client, o: { jti?: string; expSeconds?: number; aud?: string } = {}) {
  return new SignJWT({})
    .setProtectedHeader({ alg: c.alg, kid: 'k1', typ: 'JWT' })
    .setIssuer(c.clientId)
    .setSubject(c.clientId)
    .setAudience(o.aud ?? TOKEN_URL)
    .setJti(o.jti ?? randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + (o.expSeconds ?? 240))
    .sign(c.key);
}

const tokenRequest = (jwt: string, scope = 'system/Patient.rs') =>
  t.app.inject({
    method: 'POST',
    url: '/fhir/R4/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', scope, client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: jwt }).toString(),
  });

async function token(c: Client, scope?: string): Promise<string> {
  const res = await tokenRequest(await assertion(c), scope);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

const fhirGet = (url: string, access?: string) => t.app.inject({ method: 'GET', url: `/fhir/R4/${url}`, headers: access ? { authorization: `Bearer ${access}` } : {} });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  await t.ctx.db.update(users).set({ firstName: 'Ada', lastName: 'Lovelace', gender: 'female', birthdate: '1950-12-10' }).where(eq(users.id, f.patientA1.id));
  validate = await fhirR4Validator();
}, 180_000); // the R4 definitions load slowly on a busy machine
afterAll(async () => t?.close());

describe('SMART Backend Services', () => {
  it('publishes the SMART configuration and a valid CapabilityStatement without a token', async () => {
    const smart = await fhirGet('.well-known/smart-configuration');
    expect(smart.statusCode).toBe(200);
    expect(smart.json()).toMatchObject({ token_endpoint: TOKEN_URL, token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'], grant_types_supported: ['client_credentials'] });
    const meta = await fhirGet('metadata?_format=json');
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['content-type']).toContain('application/fhir+json');
    const cs = meta.json();
    validate(cs);
    expect(cs.fhirVersion).toBe('4.0.1');
    expect(cs.rest[0].resource.map((r: { type: string }) => r.type)).toEqual(['Patient']);
    expect((await fhirGet('metadata?_format=xml')).statusCode).toBe(400);
  });

  it('lets only the organization admin register, list and revoke the organization\'s clients', async () => {
    expect((await api('POST', 'fhirclients', f.orgAdminB, { organizationId: f.orgA.id, name: 'x', jwks: { keys: [{ kty: 'EC', crv: 'P-384', x: 'a', y: 'b' }] }, scopes: ['system/*.rs'] })).statusCode).toBe(404);
    expect((await api('POST', 'fhirclients', f.doctorA1, { organizationId: f.orgA.id, name: 'x', jwks: { keys: [{ kty: 'EC', crv: 'P-384', x: 'a', y: 'b' }] }, scopes: ['system/*.rs'] })).statusCode).toBe(403);
    const bad = await api('POST', 'fhirclients', f.orgAdminA, { organizationId: f.orgA.id, name: 'x', jwks: { keys: [{ kty: 'EC', crv: 'P-384', x: 'a', y: 'b', d: 'secret' }] }, scopes: ['patient/*.rs'] });
    expect(bad.statusCode).toBe(400);
    const c = await register(f.orgAdminA, f.orgA.id, 'ES384');
    const list = await api('GET', `fhirclients?organizationId=${f.orgA.id}`, f.orgAdminA);
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(c.id);
    expect((await api('GET', `fhirclients?organizationId=${f.orgA.id}`, f.orgAdminB)).statusCode).toBe(404);
    expect((await api('DELETE', `fhirclients/${c.id}`, f.orgAdminB)).statusCode).toBe(404);
  });

  it('plays an EHR: token, read and search of its own patients, 404 for another organization\'s patient', async () => {
    const c = await register(f.orgAdminA, f.orgA.id, 'RS384');
    const res = await tokenRequest(await assertion(c), 'system/Patient.rs system/Observation.read patient/*.rs');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: 'system/Patient.rs system/Observation.read' });
    const access = res.json().access_token as string;
    const [row] = await t.ctx.db.select().from(smartTokens).where(eq(smartTokens.tokenHash, tokenHash(access)));
    expect(row!.organizationId).toBe(f.orgA.id);

    const read = await fhirGet(`Patient/${f.patientA1.id}`, access);
    expect(read.statusCode, read.body).toBe(200);
    const patient = read.json();
    validate(patient);
    expect(patient).toMatchObject({ resourceType: 'Patient', id: String(f.patientA1.id), meta: { profile: [US_CORE_PATIENT] }, gender: 'female', birthDate: '1950-12-10', name: [{ family: 'Lovelace', given: ['Ada'] }] });

    const other = await fhirGet(`Patient/${f.patientB1.id}`, access);
    expect(other.statusCode).toBe(404);
    expect(other.json().resourceType).toBe('OperationOutcome');
    // A staff member of the organization is not a patient: 404 too.
    expect((await fhirGet(`Patient/${f.doctorA1.id}`, access)).statusCode).toBe(404);

    const search = await fhirGet(`Patient?_id=${f.patientA1.id},${f.patientA2.id},${f.patientB1.id}&_count=1`, access);
    expect(search.statusCode, search.body).toBe(200);
    const bundle = search.json();
    validate(bundle);
    expect(bundle.total).toBe(2);
    expect(bundle.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([String(f.patientA1.id)]);
    const next = bundle.link.find((l: { relation: string }) => l.relation === 'next').url as string;
    const second = (await fhirGet(next.replace('https://portal.vigil.test/fhir/R4/', ''), access)).json();
    expect(second.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([String(f.patientA2.id)]);
    expect(second.link.some((l: { relation: string }) => l.relation === 'next')).toBe(false);
    for (const e of [...bundle.entry, ...second.entry]) { validate(e.resource); }

    for (const url of ['Patient?name=Ada', 'Patient?_id=1&_count=0', 'Patient?_id=1&_count=abc', `Patient/${f.patientA1.id}?_format=xml`, 'Patient?_id=1&_id=2']) {
      const r = await fhirGet(url, access);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().resourceType, url).toBe('OperationOutcome');
    }
    expect((await fhirGet('Observation?patient=1', access)).statusCode).toBe(404);
  });

  it('records every patient a read or a search answered in the PHI audit trail', async () => {
    const c = await register(f.orgAdminA, f.orgA.id, 'ES384');
    const access = await token(c);
    await auditTrail(t.ctx).flush();
    const last = ((await t.ctx.db.execute(sql`select coalesce(max(id), 0)::int as last from audit_events`)) as unknown as { rows: { last: number }[] }).rows[0]!.last;
    expect((await fhirGet(`Patient/${f.patientA1.id}`, access)).statusCode).toBe(200);
    expect((await fhirGet(`Patient/${f.patientB1.id}`, access)).statusCode).toBe(404);
    expect((await fhirGet(`Patient?_id=${f.patientA1.id},${f.patientA2.id}`, access)).statusCode).toBe(200);
    await auditTrail(t.ctx).flush();
    const rows = await t.ctx.db
      .select({ id: auditEvents.id, userId: auditEvents.userId, organizationId: auditEvents.organizationId, patientId: auditEvents.patientId, resource: auditEvents.resource, action: auditEvents.action, endpoint: auditEvents.endpoint, outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(like(auditEvents.endpoint, 'GET fhir/R4/%'))
      .orderBy(asc(auditEvents.id));
    const e = (patientId: number | null, endpoint: string, outcome: number) => ({ userId: 0, organizationId: f.orgA.id, patientId, resource: 'Patient', action: 'R', endpoint, outcome });
    expect(rows.filter((r) => r.id > last).map(({ id: _id, ...r }) => r)).toEqual([
      e(f.patientA1.id, 'GET fhir/R4/Patient/{id}', 200),
      e(null, 'GET fhir/R4/Patient/{id}', 404),
      e(f.patientA1.id, 'GET fhir/R4/Patient', 200),
      e(f.patientA2.id, 'GET fhir/R4/Patient', 200),
    ]);
  });

  it('refuses a missing, unknown or under-scoped token', async () => {
    const c = await register(f.orgAdminA, f.orgA.id, 'ES384', ['system/Observation.rs']);
    expect((await fhirGet(`Patient/${f.patientA1.id}`)).statusCode).toBe(401);
    expect((await fhirGet(`Patient/${f.patientA1.id}`, 'not-a-token')).statusCode).toBe(401);
    expect((await tokenRequest(await assertion(c), 'system/Patient.rs')).json()).toMatchObject({ error: 'invalid_scope' });
    const obsOnly = await token(c, 'system/Observation.rs');
    const r = await fhirGet(`Patient/${f.patientA1.id}`, obsOnly);
    expect(r.statusCode).toBe(403);
    expect(r.json().resourceType).toBe('OperationOutcome');
  });

  it('refuses a replayed, expired, far-future, wrongly addressed or foreign-signed assertion', async () => {
    const c = await register(f.orgAdminA, f.orgA.id, 'RS384');
    const jwt = await assertion(c);
    expect((await tokenRequest(jwt)).statusCode).toBe(200);
    const replay = await tokenRequest(jwt);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'invalid_client' });
    expect((await tokenRequest(await assertion(c, { expSeconds: -10 }))).statusCode).toBe(401);
    expect((await tokenRequest(await assertion(c, { expSeconds: 600 }))).statusCode).toBe(401);
    expect((await tokenRequest(await assertion(c, { aud: 'https://elsewhere.test/token' }))).statusCode).toBe(401);
    const stranger = { ...c, key: (await generateKeyPair('RS384')).privateKey };
    expect((await tokenRequest(await assertion(stranger))).statusCode).toBe(401);
    const form = await t.app.inject({ method: 'POST', url: '/fhir/R4/auth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=password' });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const json = await t.app.inject({ method: 'POST', url: '/fhir/R4/auth/token', payload: { grant_type: 'client_credentials' } });
    expect(json.statusCode).toBe(400);
  });

  it('stops a revoked client\'s token and its new assertions at once', async () => {
    const c = await register(f.orgAdminA, f.orgA.id, 'ES384');
    const access = await token(c);
    expect((await fhirGet(`Patient/${f.patientA1.id}`, access)).statusCode).toBe(200);
    const revoked = await api('DELETE', `fhirclients/${c.id}`, f.orgAdminA);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    expect((await fhirGet(`Patient/${f.patientA1.id}`, access)).statusCode).toBe(401);
    expect((await tokenRequest(await assertion(c))).statusCode).toBe(401);
  });
});

describe('limits', () => {
  it('answers 429 OperationOutcome after 20 unknown tokens from one address', async () => {
    const own = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        statuses.push((await own.app.inject({ method: 'GET', url: '/fhir/R4/Patient/1', headers: { authorization: `Bearer guess-${i}` } })).statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      const last = await own.app.inject({ method: 'GET', url: '/fhir/R4/Patient/1', headers: { authorization: 'Bearer guess-last' } });
      expect(last.statusCode).toBe(429);
      expect(last.headers['retry-after']).toMatch(/^\d+$/);
      expect(last.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'throttled' }] });
    } finally {
      await own.close();
    }
  });
});
