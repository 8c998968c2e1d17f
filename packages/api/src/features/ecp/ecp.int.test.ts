import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
import { startEcpStandIn, type EcpStandIn } from '../../../test/stand-ins/ecp';
import { ecpLogs, ecpOutbound, measurements, patientMetadata, terraConnections, users } from '../../db/schema/index';

const SECRET = 'ecp-test-webhook-secret';
let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let ecp: EcpStandIn;
let vigilUrl: string;

const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}
async function call(method: 'GET' | 'POST' | 'PUT', url: string, who: { id: number }, opts: { headers?: Record<string, string | number>; payload?: unknown } = {}) {
  const headers: Record<string, string> = { ...(await as(who)), 'accept-language': 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${url}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

const resident = (id: string, firstName: string, lastName: string, birthDate: string, extra: Record<string, unknown> = {}) => ({
  type: 'resident',
  communityId: 'community-a1',
  record: { id, firstName, lastName, birthDate, ...extra },
});

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) { return v; }
    if (Date.now() > end) { throw new Error(`timed out waiting for ${what}`); }
    await new Promise((r) => setTimeout(r, 100));
  }
}

let twinA: { id: number };
let twinB: { id: number };
beforeAll(async () => {
  ecp = await startEcpStandIn();
  t = await createTestApp({
    jobsEnabled: true,
    jobsPollSeconds: 0.5,
    jobsRetryDelaySeconds: 1,
    jobsStopSeconds: 5,
    ecp: { apiUrl: ecp.url, apiKey: ecp.apiKey, webhookSecret: SECRET, timeoutMs: 500 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  vigilUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  f = await createTenancyFixture(t);
  await t.ctx.db.update(users).set({ firstName: 'Maria', lastName: 'Lopez', birthdate: '1941-03-02' }).where(eq(users.id, f.patientA1.id));
  // Two patients with the same name and birth date: never merged automatically.
  twinA = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Ana', lastName: 'Diaz', birthdate: '1939-01-01' } });
  twinB = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Ana', lastName: 'Diaz', birthdate: '1939-01-01' } });
  await t.ctx.db.insert(patientMetadata).values({ userId: twinB.id, medicalRegistrationNumber: 'MRN-777' });
}, 120_000);
afterAll(async () => {
  await t.close();
  await ecp.close();
});

describe('ECP locations and the webhook', () => {
  it('PUT ecp/setlocationmapping and GET ecp/getecpmappinglocation map a community to an office in scope', async () => {
    const res = await call('PUT', 'ecp/setlocationmapping', f.officeAdminA1, { payload: { ecpCommunityId: 'community-a1', ecpOrganizationId: 'org-1', name: 'Sunrise Oaks', hospitalId: f.a1.id } });
    expect(res.statusCode, res.body).toBe(200);
    const list = await call('GET', 'ecp/getecpmappinglocation', f.doctorA1, { headers: { hospitalid: f.a1.id } });
    expect(list.json().data).toEqual([expect.objectContaining({ ecpCommunityId: 'community-a1', name: 'Sunrise Oaks', hospitalId: f.a1.id })]);
    expect((await call('PUT', 'ecp/setlocationmapping', f.officeAdminA1, { payload: { ecpCommunityId: '', hospitalId: f.a1.id } })).statusCode).toBe(400);
    expect((await call('PUT', 'ecp/setlocationmapping', f.doctorA1, { payload: { ecpCommunityId: 'c', hospitalId: f.a1.id } })).statusCode).toBe(403);
    expect((await call('PUT', 'ecp/setlocationmapping', f.officeAdminA1, { payload: { ecpCommunityId: 'c', hospitalId: f.b1.id } })).statusCode).toBe(404);
    // Another tenant cannot take the community over.
    expect((await call('PUT', 'ecp/setlocationmapping', f.orgAdminB, { payload: { ecpCommunityId: 'community-a1', hospitalId: f.b1.id } })).statusCode).toBe(409);
    expect((await call('GET', 'ecp/getecpmappinglocation', f.doctorB1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    expect((await call('GET', 'ecp/getecpmappinglocation', f.doctorA1, { headers: { hospitalid: 'x' } })).statusCode).toBe(400);
  });

  it('never lets a replayed older signed delivery roll a resident back (record.updatedAt); a replay answers changed: false', async () => {
    const older = resident('res-order', 'Old', 'Name', '1940-01-01', { updatedAt: '2026-11-01T10:00:00Z' });
    const newer = resident('res-order', 'New', 'Name', '1941-02-02', { updatedAt: '2026-11-02T10:00:00Z' });
    expect((await ecp.sendWebhook(vigilUrl, SECRET, older))[0]!.status).toBe(200);
    const second = await ecp.sendWebhook(vigilUrl, SECRET, newer);
    expect((second[0]!.body as { data: { changed: boolean } }).data.changed).toBe(true);
    // the attacker replays the older signed body, and one without any order
    for (const replay of [older, resident('res-order', 'Unordered', 'Name', '1939-03-03')]) {
      const res = await ecp.sendWebhook(vigilUrl, SECRET, replay);
      expect(res[0]!.status).toBe(200);
      expect((res[0]!.body as { data: { changed: boolean } }).data.changed).toBe(false);
    }
    const [row] = await t.ctx.db.select().from(ecpLogs).where(eq(ecpLogs.ecpId, 'res-order'));
    expect(row).toMatchObject({ firstName: 'New', birthdate: '1941-02-02' });
    const bad = await ecp.sendWebhook(vigilUrl, SECRET, resident('res-order', 'X', 'Y', '1950-01-01', { updatedAt: 'yesterday' }));
    expect(bad[0]!.status).toBe(400);
    await t.ctx.db.delete(ecpLogs).where(eq(ecpLogs.ecpId, 'res-order'));
  });

  it('stores signed deliveries as ECP logs once, and refuses unsigned ones with 401', async () => {
    const a = await ecp.sendWebhook(vigilUrl, SECRET, resident('res-1', 'MARIA', 'lopez', '1941-03-02'), { duplicate: true });
    expect(a.map((r) => r.status)).toEqual([200, 200]);
    expect((a[1]!.body as { data: { changed: boolean } }).data.changed).toBe(false);
    await ecp.sendWebhook(vigilUrl, SECRET, resident('res-2', 'Ana', 'Diaz', '1939-01-01'));
    await ecp.sendWebhook(vigilUrl, SECRET, resident('res-3', 'Ann', 'Diaz-Other', '1939-01-01', { medicalRecordNumber: 'MRN-777' }));
    await ecp.sendWebhook(vigilUrl, SECRET, { type: 'user', communityId: 'community-a1', record: { id: 'ecp-user-9', firstName: 'Eve', lastName: 'Carer', email: 'eve@ecp.test' } });
    expect(await t.ctx.db.select().from(ecpLogs)).toHaveLength(4);
    const bad = await ecp.sendWebhook(vigilUrl, 'wrong-secret', resident('res-4', 'X', 'Y', '1950-01-01'));
    expect(bad[0]!.status).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/ecp/webhook', payload: resident('res-4', 'X', 'Y', '1950-01-01') });
    expect(unsigned.statusCode).toBe(401);
    const malformed = await ecp.sendWebhook(vigilUrl, SECRET, { type: 'resident', record: {} });
    expect(malformed[0]!.status).toBe(400);
    expect(await t.ctx.db.select().from(ecpLogs)).toHaveLength(4);
  });
});

describe('ECP mapping', () => {
  it('PUT ecp/doautomaticecpresidentsmapping maps by identifier, then name and birth date, and sends ties to review', async () => {
    expect((await call('PUT', 'ecp/doautomaticecpresidentsmapping', f.doctorA1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(403);
    expect((await call('PUT', 'ecp/doautomaticecpresidentsmapping', f.officeAdminA2, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    const res = await call('PUT', 'ecp/doautomaticecpresidentsmapping', f.officeAdminA1, { headers: { hospitalid: f.a1.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ mapped: 2, review: 1, unmatched: 0 });
    const list = (await call('GET', 'ecp/logs?kind=resident', f.officeAdminA1, { headers: { hospitalid: f.a1.id } })).json().data as { ecpId: string; status: string; vigilUserId: number | null; reason: string }[];
    const by = (id: string) => list.find((l) => l.ecpId === id)!;
    expect(by('res-1')).toMatchObject({ status: 'mapped', vigilUserId: f.patientA1.id, reason: 'name and birth date' });
    expect(by('res-3')).toMatchObject({ status: 'mapped', vigilUserId: twinB.id, reason: 'medical record number' });
    // twinB is taken by its identifier, but name + birth date still match both twins: review, never a merge.
    expect(by('res-2')).toMatchObject({ status: 'review', vigilUserId: null });
    expect(by('res-2').reason).toContain('candidates');
    expect(list[0]!.status).toBe('review');
  });

  it('PUT ecp/logs/{id}/mapping confirms a choice of the same office and unmaps', async () => {
    const [log] = await t.ctx.db.select().from(ecpLogs).where(eq(ecpLogs.ecpId, 'res-2'));
    expect((await call('PUT', `ecp/logs/${log!.id}/mapping`, f.officeAdminA1, { payload: { vigilUserId: f.patientA2.id } })).statusCode).toBe(400);
    expect((await call('PUT', `ecp/logs/${log!.id}/mapping`, f.officeAdminA1, { payload: { vigilUserId: 'x' } })).statusCode).toBe(400);
    expect((await call('PUT', `ecp/logs/${log!.id}/mapping`, f.orgAdminB, { payload: { vigilUserId: twinA.id } })).statusCode).toBe(404);
    const ok = await call('PUT', `ecp/logs/${log!.id}/mapping`, f.officeAdminA1, { payload: { vigilUserId: twinA.id } });
    expect(ok.json().data).toMatchObject({ status: 'mapped', vigilUserId: twinA.id, reason: 'confirmed' });
    const un = await call('PUT', `ecp/logs/${log!.id}/mapping`, f.officeAdminA1, { payload: { vigilUserId: null } });
    expect(un.json().data).toMatchObject({ status: 'new', vigilUserId: null });
  });

  it('POST ecp/createresidentfromecplog creates a patient in the office once; POST ecp/createuserfromecplog an ECP user', async () => {
    const [log] = await t.ctx.db.select().from(ecpLogs).where(eq(ecpLogs.ecpId, 'res-2'));
    expect((await call('POST', 'ecp/createresidentfromecplog', f.orgAdminB, { payload: { ecpLogId: log!.id } })).statusCode).toBe(404);
    expect((await call('POST', 'ecp/createresidentfromecplog', f.nurseA1, { payload: { ecpLogId: log!.id } })).statusCode).toBe(403);
    expect((await call('POST', 'ecp/createresidentfromecplog', f.officeAdminA1, { payload: { ecpLogId: 'x' } })).statusCode).toBe(400);
    const res = await call('POST', 'ecp/createresidentfromecplog', f.officeAdminA1, { payload: { ecpLogId: log!.id } });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ status: 'mapped', reason: 'created', vigilUserName: 'Ana Diaz' });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, created.vigilUserId));
    expect(user).toMatchObject({ roleId: Role.PATIENT, birthdate: '1939-01-01', organizationId: f.orgA.id });
    expect((await call('POST', 'ecp/createresidentfromecplog', f.officeAdminA1, { payload: { ecpLogId: log!.id } })).statusCode).toBe(409);
    const [userLog] = await t.ctx.db.select().from(ecpLogs).where(eq(ecpLogs.ecpId, 'ecp-user-9'));
    expect((await call('POST', 'ecp/createresidentfromecplog', f.officeAdminA1, { payload: { ecpLogId: userLog!.id } })).statusCode).toBe(404);
    const staff = await call('POST', 'ecp/createuserfromecplog', f.officeAdminA1, { payload: { ecpLogId: userLog!.id } });
    expect(staff.statusCode, staff.body).toBe(200);
    const [ecpUser] = await t.ctx.db.select().from(users).where(eq(users.id, staff.json().data.vigilUserId));
    expect(ecpUser!.roleId).toBe(Role.ECP_USER);
  });

  it('PUT ecp/doautomaticecpusersmapping maps staff by e-mail, never a tie', async () => {
    await ecp.sendWebhook(vigilUrl, SECRET, { type: 'user', communityId: 'community-a1', record: { id: 'ecp-user-10', firstName: 'Nora', lastName: 'Nurse', email: 'NORA@clinic.test' } });
    await t.ctx.db.update(users).set({ email: 'nora@clinic.test' }).where(eq(users.id, f.nurseA1.id));
    const res = await call('PUT', 'ecp/doautomaticecpusersmapping', f.officeAdminA1, { headers: { hospitalid: f.a1.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ mapped: 1 });
    const list = (await call('GET', 'ecp/logs?kind=user', f.officeAdminA1, { headers: { hospitalid: f.a1.id } })).json().data as { ecpId: string; vigilUserId: number }[];
    expect(list.find((l) => l.ecpId === 'ecp-user-10')).toMatchObject({ vigilUserId: f.nurseA1.id, reason: 'e-mail' });
    expect((await call('GET', 'ecp/logs?kind=other', f.officeAdminA1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(400);
    expect((await call('GET', 'ecp/logs?kind=user', f.doctorB1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
  });
});

describe('PUT ecp/dofinalizemeasurmentsautomatically', () => {
  it('delivers every reviewed reading to the ECP exactly once through timeouts, 500s, a dropped connection after storing, and repeats', async () => {
    const post = await call('POST', 'medicaldevicesdata', f.nurseA1, {
      payload: {
        readings: Array.from({ length: 6 }, (_, i) => ({
          deviceType: 'WEIGHT',
          patientId: f.patientA1.id,
          measuredAt: new Date(Date.UTC(2026, 9, 1 + i, 13)).toISOString(),
          values: [{ code: '29463-7', value: 70 + i / 10, unit: 'kg' }],
        })),
      },
    });
    expect(post.statusCode, post.body).toBe(200);
    ecp.faults.push('timeout', '500', 'drop-after-store', 'drop-before-store', '500');
    expect((await call('PUT', 'ecp/dofinalizemeasurmentsautomatically', f.caregiverA1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(403);
    expect((await call('PUT', 'ecp/dofinalizemeasurmentsautomatically', f.doctorB1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    const first = await call('PUT', 'ecp/dofinalizemeasurmentsautomatically', f.nurseA1, { headers: { hospitalid: f.a1.id } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ queued: 6, alreadyQueued: 0 });
    // A second review, and a second webhook of the same resident, queue nothing new.
    await ecp.sendWebhook(vigilUrl, SECRET, resident('res-1', 'MARIA', 'lopez', '1941-03-02'), { duplicate: true });
    expect((await call('PUT', 'ecp/dofinalizemeasurmentsautomatically', f.doctorA1, { headers: { hospitalid: f.a1.id } })).json().data).toEqual({ queued: 0, alreadyQueued: 6 });
    await until('every reading sent', async () => {
      const rows = await t.ctx.db.select().from(ecpOutbound);
      return rows.length === 6 && rows.every((r) => r.status === 'sent');
    });
    expect(ecp.readings).toHaveLength(6);
    expect(new Set(ecp.readings.map((r) => r.key)).size).toBe(6);
    expect(ecp.readings.every((r) => r.residentId === 'res-1' && r.communityId === 'community-a1')).toBe(true);
    expect(ecp.attempts).toBeGreaterThan(6);
    const sent = (await call('GET', 'ecp/outbound', f.nurseA1, { headers: { hospitalid: f.a1.id } })).json().data as { status: string }[];
    expect(sent).toHaveLength(6);
  });

  it('puts what still fails in the dead-letter list, and its retry sends it once', async () => {
    await t.ctx.db.update(ecpLogs).set({ status: 'mapped', vigilUserId: f.patientA1.id }).where(eq(ecpLogs.ecpId, 'res-1'));
    await call('POST', 'medicaldevicesdata', f.nurseA1, {
      payload: { deviceType: 'WEIGHT', patientId: f.patientA1.id, measuredAt: '2026-10-20T13:00:00Z', values: [{ code: '29463-7', value: 71, unit: 'kg' }] },
    });
    ecp.alwaysFail = true;
    expect((await call('PUT', 'ecp/dofinalizemeasurmentsautomatically', f.nurseA1, { headers: { hospitalid: f.a1.id } })).json().data.queued).toBe(1);
    const dead = await until('a dead letter', async () => {
      const list = (await call('GET', 'ecp/outbound?status=dead', f.nurseA1, { headers: { hospitalid: f.a1.id } })).json().data as { id: number; attempts: number; lastError: string }[];
      return list.length === 1 ? list[0]! : null;
    });
    expect(dead.attempts).toBe(5);
    expect(dead.lastError).toBe('attempt 5: server');
    ecp.alwaysFail = false;
    expect((await call('POST', `ecp/outbound/${dead.id}/retry`, f.nurseA1)).statusCode).toBe(403);
    expect((await call('POST', `ecp/outbound/${dead.id}/retry`, f.orgAdminB)).statusCode).toBe(404);
    const retried = await call('POST', `ecp/outbound/${dead.id}/retry`, f.officeAdminA1);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await call('POST', `ecp/outbound/${dead.id}/retry`, f.officeAdminA1)).statusCode).toBe(409);
    await until('the retried reading sent', async () => (await t.ctx.db.select().from(ecpOutbound).where(eq(ecpOutbound.id, dead.id)))[0]?.status === 'sent');
    expect(ecp.readings).toHaveLength(7);
    expect(new Set(ecp.readings.map((r) => r.key)).size).toBe(7);
  });

  it("sends a patient's Terra readings only while forwarding to the ECP is on for that patient", async () => {
    const posted = await call('POST', 'medicaldevicesdata', f.nurseA1, {
      payload: [0, 1].map((i) => ({ deviceType: 'WEIGHT', patientId: f.patientA1.id, measuredAt: `2026-10-2${2 + i}T13:00:00Z`, values: [{ code: '29463-7', value: 72 + i, unit: 'kg' }] })),
    });
    expect(posted.statusCode, posted.body).toBe(200);
    // As the Terra ingestion marks them (features/measurements ingest, caller kind 'terra').
    await t.ctx.db.update(measurements).set({ source: 'terra' }).where(and(eq(measurements.patientId, f.patientA1.id), gte(measurements.measuredAt, new Date('2026-10-22T00:00:00Z'))));
    await t.ctx.db.insert(terraConnections).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, referenceId: 'forwarding-test', status: 'connected' });
    expect((await call('PUT', 'ecp/dofinalizemeasurmentsautomatically', f.nurseA1, { headers: { hospitalid: f.a1.id } })).json().data.queued).toBe(0);
    const on = await call('PUT', 'terra/setsendingdatafromterratoecp', f.officeAdminA1, { headers: { patientid: f.patientA1.id, enablesendingdatatoecp: 'true' } });
    expect(on.statusCode, on.body).toBe(200);
    expect((await call('PUT', 'ecp/dofinalizemeasurmentsautomatically', f.nurseA1, { headers: { hospitalid: f.a1.id } })).json().data.queued).toBe(2);
    await until('the Terra readings sent', async () => (await t.ctx.db.select().from(ecpOutbound)).every((r) => r.status === 'sent'));
    expect(ecp.readings).toHaveLength(9);
  });
});

describe('ECP organizations (/organizationMapping)', () => {
  const map = (who: { id: number }, ecpCommunityId: string, ecpOrganizationId: string, hospitalId: number, ecpOrganizationName?: string) =>
    call('PUT', 'ecp/setlocationmapping', who, { payload: { ecpCommunityId, ecpOrganizationId, hospitalId, ...(ecpOrganizationName ? { ecpOrganizationName } : {}) } });
  type Row = { id: number; ecpOrganizationId: string; name: string; communities: number; status: string; reason: string | null; organizationId: number | null; organizationName: string | null };
  const list = async (who: { id: number }) => {
    const res = await call('GET', 'ecp/organizations', who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Row[]).filter((r) => r.ecpOrganizationId.startsWith('ecp-org-'));
  };

  it('lists the ECP organizations of the communities in scope, maps them by their communities, never merges a split one, and confirms or unmaps in scope only', async () => {
    expect((await map(f.orgAdminA, 'comm-o1', 'ecp-org-sun', f.a1.id, 'Sunrise Living')).statusCode).toBe(200);
    expect((await map(f.orgAdminA, 'comm-o2', 'ecp-org-sun', f.a2.id)).statusCode).toBe(200);
    expect((await map(f.orgAdminA, 'comm-o3', 'ecp-org-split', f.a2.id, 'Twin Pines')).statusCode).toBe(200);
    expect((await map(f.orgAdminB, 'comm-o4', 'ecp-org-split', f.b1.id)).statusCode).toBe(200);

    // What each caller sees: communities counted within their sight; the name kept when a later mapping gives none.
    expect((await list(f.orgAdminA)).map((r) => [r.ecpOrganizationId, r.name, r.communities, r.status])).toEqual([
      ['ecp-org-sun', 'Sunrise Living', 2, 'new'],
      ['ecp-org-split', 'Twin Pines', 1, 'new'],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))));
    expect((await list(f.doctorA1)).map((r) => [r.ecpOrganizationId, r.communities])).toEqual([['ecp-org-sun', 1]]);
    expect((await list(f.orgAdminB)).map((r) => r.ecpOrganizationId)).toEqual(['ecp-org-split']);
    expect((await call('GET', 'ecp/organizations', f.patientA1)).statusCode).toBe(403);

    // Automatic: by communities; the one spread over two Vigil organizations goes to review with the reason.
    expect((await call('PUT', 'ecp/doautomaticecporganizationsmapping', f.doctorA1)).statusCode).toBe(403);
    const auto = await call('PUT', 'ecp/doautomaticecporganizationsmapping', f.orgAdminA);
    expect(auto.statusCode, auto.body).toBe(200);
    expect(auto.json().data).toMatchObject({ review: 1, unmatched: 0 });
    const after = await list(f.orgAdminA);
    const sun = after.find((r) => r.ecpOrganizationId === 'ecp-org-sun')!;
    const split = after.find((r) => r.ecpOrganizationId === 'ecp-org-split')!;
    expect(sun).toMatchObject({ status: 'mapped', reason: 'communities', organizationId: f.orgA.id, organizationName: expect.any(String) });
    expect(split).toMatchObject({ status: 'review', reason: '2 candidates match by communities: choose one', organizationId: null });

    // Confirm: validation, permission, another tenant's organization or record: 404 and nothing changes.
    const put = (who: { id: number }, id: number | string, payload: unknown) => call('PUT', `ecp/organizations/${id}/mapping`, who, { payload });
    expect((await put(f.orgAdminB, split.id, { organizationId: 'x' })).statusCode).toBe(400);
    expect((await put(f.orgAdminB, 'abc', { organizationId: f.orgB.id })).statusCode).toBe(400);
    expect((await put(f.orgAdminB, split.id, {})).statusCode).toBe(400);
    expect((await put(f.doctorA1, sun.id, { organizationId: null })).statusCode).toBe(403);
    expect((await put(f.orgAdminB, split.id, { organizationId: f.orgA.id })).statusCode).toBe(404);
    expect((await put(f.orgAdminB, sun.id, { organizationId: null })).statusCode).toBe(404);
    expect((await put(f.orgAdminB, 999_999, { organizationId: f.orgB.id })).statusCode).toBe(404);
    expect((await list(f.orgAdminA)).find((r) => r.id === sun.id)).toMatchObject({ status: 'mapped', organizationId: f.orgA.id });

    const confirmed = await put(f.orgAdminB, split.id, { organizationId: f.orgB.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'mapped', reason: 'confirmed', organizationId: f.orgB.id });
    // Organization A's admin sees it (a community of A) but cannot undo B's mapping.
    expect((await put(f.orgAdminA, split.id, { organizationId: null })).statusCode).toBe(404);
    expect((await list(f.orgAdminB))[0]).toMatchObject({ status: 'mapped', organizationId: f.orgB.id });
    // A second automatic run leaves mapped organizations alone.
    await call('PUT', 'ecp/doautomaticecporganizationsmapping', f.sysadmin);
    expect((await list(f.orgAdminB))[0]).toMatchObject({ status: 'mapped', reason: 'confirmed', organizationId: f.orgB.id });

    const unmapped = await put(f.orgAdminA, sun.id, { organizationId: null });
    expect(unmapped.statusCode, unmapped.body).toBe(200);
    expect(unmapped.json().data).toMatchObject({ status: 'new', reason: 'unmapped', organizationId: null, organizationName: null });
  });

  it("lets no other tenant rename an ECP organization or add a community to one mapped to another organization (409, unchanged)", async () => {
    expect((await map(f.orgAdminA, 'comm-h1', 'ecp-org-held', f.a1.id, 'Harbor Homes')).statusCode).toBe(200);
    const held = (await list(f.orgAdminA)).find((r) => r.ecpOrganizationId === 'ecp-org-held')!;
    // organization B's admin names it on a community of their own: the community maps, the name stays
    expect((await map(f.orgAdminB, 'comm-h2', 'ecp-org-held', f.b1.id, 'Renamed by B')).statusCode).toBe(200);
    expect((await list(f.orgAdminA)).find((r) => r.id === held.id)!.name).toBe('Harbor Homes');
    await call('PUT', `ecp/organizations/${held.id}/mapping`, f.orgAdminA, { payload: { organizationId: null } });
    // once mapped to organization A, a community of B may not join it at all
    expect((await call('PUT', `ecp/organizations/${held.id}/mapping`, f.orgAdminA, { payload: { organizationId: f.orgA.id } })).statusCode).toBe(200);
    const joined = await map(f.orgAdminB, 'comm-h3', 'ecp-org-held', f.b1.id, 'Renamed again');
    expect(joined.statusCode).toBe(409);
    expect((await list(f.orgAdminA)).find((r) => r.id === held.id)).toMatchObject({ name: 'Harbor Homes', status: 'mapped', organizationId: f.orgA.id });
    // organization A's own offices still may rename it
    expect((await map(f.orgAdminA, 'comm-h4', 'ecp-org-held', f.a2.id, 'Harbor Homes North')).statusCode).toBe(200);
    expect((await list(f.orgAdminA)).find((r) => r.id === held.id)!.name).toBe('Harbor Homes North');
  });
});
