import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
import { apiKeys } from '../../db/schema/index';
import { tokenHash } from '../../lib/crypto';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let apiUserA: { id: number };
let apiUserB: { id: number };

const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, path: string, who: { id: number }, opts: { payload?: unknown } = {}) {
  return t.app.inject({ method, url: `/api/${path}`, headers: { ...(await as(who)), 'accept-language': 'en' }, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}
const withKey = (key: string, method: Method, path: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/${path}`, headers: { 'x-api-key': key, 'accept-language': 'en', ...headers }, ...(payload ? { payload } : {}) });

async function issue(who: { id: number }, body: Record<string, unknown>) {
  const res = await call('POST', 'apikeys', who, { payload: { name: 'Integration', access: 'read', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { key: string; apiKey: { id: number; prefix: string; lastUsedAt: string | null } };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  apiUserA = await createUser(t, { role: Role.API_USER, organizationId: f.orgA.id });
  apiUserB = await createUser(t, { role: Role.API_USER, organizationId: f.orgB.id });
}, 60_000);
afterAll(async () => t?.close());

describe('API keys', () => {
  it('issues a key once, stores only its hash, and never lists the key', async () => {
    const { key, apiKey } = await issue(f.orgAdminA, { userId: apiUserA.id });
    expect(key).toMatch(/^vgk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.keyHash).toBe(tokenHash(key));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = await call('GET', `apikeys?userId=${apiUserA.id}`, f.orgAdminA);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.json().data.items.map((k: { id: number }) => k.id)).toContain(apiKey.id);
  });

  it('a read key reads its organization\'s patients, is refused another organization\'s, and cannot write', async () => {
    const { key, apiKey } = await issue(f.sysadmin, { userId: apiUserA.id });
    const mine = await withKey(key, 'GET', 'medicalinstitution/getrelatedorganizationpatients', { organizationid: String(f.orgA.id) });
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = mine.json().data.items.map((p: { userId: number }) => p.userId);
    expect(ids).toContain(f.patientA1.id);
    expect(ids).not.toContain(f.patientB1.id);
    const other = await withKey(key, 'GET', 'medicalinstitution/getrelatedorganizationpatients', { organizationid: String(f.orgB.id) });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(String(f.patientB1.lastName));
    const patientB = await withKey(key, 'GET', `user/${f.patientB1.id}`);
    expect(patientB.statusCode).toBe(404);
    // Not in the key's access (ingestion) nor in the API user's role (licences): 403.
    expect((await withKey(key, 'POST', 'medicaldevicesdata', {}, { readings: [] })).statusCode).toBe(403);
    expect((await withKey(key, 'GET', 'licenses')).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('an ingestion key cannot read patients', async () => {
    const { key } = await issue(f.orgAdminA, { userId: apiUserA.id, access: 'ingest' });
    expect((await withKey(key, 'GET', 'medicalinstitution/getrelatedorganizationpatients', { organizationid: String(f.orgA.id) })).statusCode).toBe(403);
  });

  it('a revoked or unknown key answers 401 with its own message', async () => {
    const { key, apiKey } = await issue(f.orgAdminA, { userId: apiUserA.id });
    const revoke = await call('DELETE', `apikeys/${apiKey.id}`, f.orgAdminA);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data.revokedAt).not.toBeNull();
    const res = await withKey(key, 'GET', 'medicalinstitution/getrelatedorganizationpatients', { organizationid: String(f.orgA.id) });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('The API key is not valid or was revoked');
    expect((await withKey('vgk_made-up', 'GET', 'licenses')).statusCode).toBe(401);
    expect((await withKey('x'.repeat(500), 'GET', 'licenses')).statusCode).toBe(401);
  });

  it('limits each key per minute (429 with Retry-After)', async () => {
    const { key } = await issue(f.orgAdminA, { userId: apiUserA.id, rateLimitPerMinute: 3 });
    const path = 'medicalinstitution/getrelatedorganizationpatients';
    for (let n = 0; n < 3; n++) { expect((await withKey(key, 'GET', path, { organizationid: String(f.orgA.id) })).statusCode).toBe(200); }
    const limited = await withKey(key, 'GET', path, { organizationid: String(f.orgA.id) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same user has its own limit.
    const { key: other } = await issue(f.orgAdminA, { userId: apiUserA.id });
    expect((await withKey(other, 'GET', path, { organizationid: String(f.orgA.id) })).statusCode).toBe(200);
  });

  it('keeps another organization\'s API users and keys out of reach (404) and refuses non-admins (403)', async () => {
    const { apiKey } = await issue(f.orgAdminB, { userId: apiUserB.id });
    expect((await call('POST', 'apikeys', f.orgAdminA, { payload: { userId: apiUserB.id, name: 'x', access: 'read' } })).statusCode).toBe(404);
    expect((await call('DELETE', `apikeys/${apiKey.id}`, f.orgAdminA)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.revokedAt).toBeNull();
    const listA = await call('GET', 'apikeys?pageSize=200', f.orgAdminA);
    expect(listA.json().data.items.map((k: { id: number }) => k.id)).not.toContain(apiKey.id);
    // A user who is not an API user gets no key.
    expect((await call('POST', 'apikeys', f.orgAdminA, { payload: { userId: f.doctorA1.id, name: 'x', access: 'read' } })).statusCode).toBe(404);
    for (const who of [f.officeAdminA1, f.doctorA1]) { expect((await call('GET', 'apikeys', who)).statusCode).toBe(403); }
    expect((await call('POST', 'apikeys', f.orgAdminA, { payload: { userId: apiUserA.id, name: '', access: 'write' } })).statusCode).toBe(400);
  });

  it('lists API users and an organization\'s partners through the user endpoints', async () => {
    await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
    const api = await call('GET', 'user/getapiusers', f.orgAdminA);
    expect(api.statusCode).toBe(200);
    expect(api.json().data.items.map((u: { id: number }) => u.id)).toEqual([apiUserA.id]);
    const partners = await t.app.inject({ method: 'GET', url: '/api/user/getorganizationpartners', headers: { ...(await as(f.orgAdminA)), organizationid: String(f.orgA.id) } });
    expect(partners.statusCode).toBe(200);
    expect(partners.json().data.total).toBe(1);
  });
});
