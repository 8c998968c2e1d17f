import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, apiKeys as apiKeysApi, licenses, measurements, organizations, users } from '@vigil/contract';
import { anonymous, callerFor, invalid, type CallInput } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { apiKeys } from '../../db/schema/index';
import { tokenHash } from '../../lib/crypto';
import type { EndpointDef } from '@vigil/contract';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let apiUserA: { id: number };
let apiUserB: { id: number };

const callAs = callerFor(() => t);

/** A call that authenticates with an API key (header `x-api-key`) instead of a session. */
const withKey = <D extends EndpointDef>(key: string, endpoint: D, input: CallInput<D> = {}) =>
  callAs(anonymous, endpoint, { ...input, extraHeaders: { 'x-api-key': key, ...input.extraHeaders } });

type IssueBody = NonNullable<CallInput<typeof apiKeysApi.createApiKey>['body']>;
async function issue(who: { id: number }, body: Partial<IssueBody> & { userId: number }) {
  const res = await callAs(who, apiKeysApi.createApiKey, { body: { name: 'Integration', access: 'read', ...body } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

const patientsOfOrg = (key: string, organizationid: number) =>
  withKey(key, organizations.findOrganizationPatients, { headers: { organizationid } });

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
    const list = await callAs(f.orgAdminA, apiKeysApi.findApiKeys, { query: { userId: apiUserA.id } });
    expect(list.status).toBe(200);
    expect(list.reply.body).not.toContain(key);
    expect(list.body.items.map((k) => k.id)).toContain(apiKey.id);
  });

  it('a read key reads its organization\'s patients, is refused another organization\'s, and cannot write', async () => {
    const { key, apiKey } = await issue(f.sysadmin, { userId: apiUserA.id });
    const mine = await patientsOfOrg(key, f.orgA.id);
    expect(mine.status, mine.reply.body).toBe(200);
    const ids = mine.body.items.map((p) => p.userId);
    expect(ids).toContain(f.patientA1.id);
    expect(ids).not.toContain(f.patientB1.id);
    const other = await patientsOfOrg(key, f.orgB.id);
    expect(other.status).toBe(404);
    expect(other.reply.body).not.toContain(String(f.patientB1.lastName));
    const patientB = await withKey(key, users.getUser, { params: { id: f.patientB1.id } });
    expect(patientB.status).toBe(404);
    // Not in the key's access (ingestion) nor in the API user's role (licences): 403.
    expect((await withKey(key, measurements.postMeasurements, { body: invalid({ readings: [] }) })).status).toBe(403);
    expect((await withKey(key, licenses.findLicenses)).status).toBe(403);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('an ingestion key cannot read patients', async () => {
    const { key } = await issue(f.orgAdminA, { userId: apiUserA.id, access: 'ingest' });
    expect((await patientsOfOrg(key, f.orgA.id)).status).toBe(403);
  });

  it('a revoked or unknown key answers 401 with its own message', async () => {
    const { key, apiKey } = await issue(f.orgAdminA, { userId: apiUserA.id });
    const revoke = await callAs(f.orgAdminA, apiKeysApi.revokeApiKey, { params: { id: apiKey.id } });
    expect(revoke.status).toBe(200);
    expect(revoke.body.revokedAt).not.toBeNull();
    const res = await patientsOfOrg(key, f.orgA.id);
    expect(res.status).toBe(401);
    expect(res.msg).toBe('The API key is not valid or was revoked');
    expect((await withKey('vgk_made-up', licenses.findLicenses)).status).toBe(401);
    expect((await withKey('x'.repeat(500), licenses.findLicenses)).status).toBe(401);
  });

  it('limits each key per minute (429 with Retry-After)', async () => {
    const { key } = await issue(f.orgAdminA, { userId: apiUserA.id, rateLimitPerMinute: 3 });
    for (let n = 0; n < 3; n++) { expect((await patientsOfOrg(key, f.orgA.id)).status).toBe(200); }
    const limited = await patientsOfOrg(key, f.orgA.id);
    expect(limited.status).toBe(429);
    expect(Number(limited.reply.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same user has its own limit.
    const { key: other } = await issue(f.orgAdminA, { userId: apiUserA.id });
    expect((await patientsOfOrg(other, f.orgA.id)).status).toBe(200);
  });

  it('keeps another organization\'s API users and keys out of reach (404)', async () => {
    const { apiKey } = await issue(f.orgAdminB, { userId: apiUserB.id });
    expect((await callAs(f.orgAdminA, apiKeysApi.createApiKey, { body: { userId: apiUserB.id, name: 'x', access: 'read' } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, apiKeysApi.revokeApiKey, { params: { id: apiKey.id } })).status).toBe(404);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.revokedAt).toBeNull();
    const listA = await callAs(f.orgAdminA, apiKeysApi.findApiKeys, { query: { pageSize: 200 } });
    expect(listA.status).toBe(200);
    expect(listA.body.items.map((k) => k.id)).not.toContain(apiKey.id);
    // A user who is not an API user gets no key.
    expect((await callAs(f.orgAdminA, apiKeysApi.createApiKey, { body: { userId: f.doctorA1.id, name: 'x', access: 'read' } })).status).toBe(404);
    // Non-admins' 403 on the key endpoints is proven by test/authorization-matrix.int.test.ts.
    const bad = await callAs(f.orgAdminA, apiKeysApi.createApiKey, { body: invalid({ userId: apiUserA.id, name: '', access: 'write' }) });
    expect(bad.status).toBe(400);
    expect(bad.errors).toBeDefined();
  });

  it('lists API users and an organization\'s partners through the user endpoints', async () => {
    await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
    const api = await callAs(f.orgAdminA, users.getApiUsers);
    expect(api.status).toBe(200);
    expect(api.body.items.map((u) => u.id)).toEqual([apiUserA.id]);
    const partners = await callAs(f.orgAdminA, users.getOrganizationPartners, { headers: { organizationid: f.orgA.id } });
    expect(partners.status).toBe(200);
    expect(partners.body.total).toBe(1);
  });
});
