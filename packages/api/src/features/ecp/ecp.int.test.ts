import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import { Role, ecp as ecpApi, measurements as measurementsApi, terra } from '@vigil/contract';
import { anonymous, callerFor, invalid, type CallInput, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { startEcpStandIn, type EcpStandIn } from '../../../test/stand-ins/ecp';
import { auditEvents, ecpLogs, ecpOutbound, measurements, patientMetadata, terraConnections, users } from '../../db/schema/index';
import { auditTrail } from '../../lib/audit-trail';

const SECRET = 'ecp-test-webhook-secret';
let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let ecp: EcpStandIn;
let vigilUrl: string;

const callAs = callerFor(() => t);

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
    const res = await callAs(f.officeAdminA1, ecpApi.setEcpLocationMapping, { body: { ecpCommunityId: 'community-a1', ecpOrganizationId: 'org-1', name: 'Sunrise Oaks', hospitalId: f.a1.id } });
    expect(res.status, res.reply.body).toBe(200);
    const list = await callAs(f.doctorA1, ecpApi.getEcpMappingLocation, { headers: { hospitalid: f.a1.id } });
    expect(list.body).toEqual([expect.objectContaining({ ecpCommunityId: 'community-a1', name: 'Sunrise Oaks', hospitalId: f.a1.id })]);
    expect((await callAs(f.officeAdminA1, ecpApi.setEcpLocationMapping, { body: { ecpCommunityId: '', hospitalId: f.a1.id } })).status).toBe(400);
    expect((await callAs(f.officeAdminA1, ecpApi.setEcpLocationMapping, { body: { ecpCommunityId: 'c', hospitalId: f.b1.id } })).status).toBe(404);
    // Another tenant cannot take the community over.
    expect((await callAs(f.orgAdminB, ecpApi.setEcpLocationMapping, { body: { ecpCommunityId: 'community-a1', hospitalId: f.b1.id } })).status).toBe(409);
    expect((await callAs(f.doctorB1, ecpApi.getEcpMappingLocation, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    expect((await callAs(f.doctorA1, ecpApi.getEcpMappingLocation, { headers: { hospitalid: invalid('x') } })).status).toBe(400);
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
    const unsigned = await callAs(anonymous, ecpApi.ecpWebhook, { payload: JSON.stringify(resident('res-4', 'X', 'Y', '1950-01-01')), extraHeaders: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(401);
    const malformed = await ecp.sendWebhook(vigilUrl, SECRET, { type: 'resident', record: {} });
    expect(malformed[0]!.status).toBe(400);
    expect(await t.ctx.db.select().from(ecpLogs)).toHaveLength(4);
  });
});

describe('ECP mapping', () => {
  it('PUT ecp/doautomaticecpresidentsmapping maps by identifier, then name and birth date, and sends ties to review', async () => {
    expect((await callAs(f.officeAdminA2, ecpApi.doAutomaticEcpResidentsMapping, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    const res = await callAs(f.officeAdminA1, ecpApi.doAutomaticEcpResidentsMapping, { headers: { hospitalid: f.a1.id } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toEqual({ mapped: 2, review: 1, unmatched: 0 });
    const list = (await callAs(f.officeAdminA1, ecpApi.getEcpLogs, { query: { kind: 'resident' }, headers: { hospitalid: f.a1.id } })).body as { ecpId: string; status: string; vigilUserId: number | null; reason: string }[];
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
    expect((await callAs(f.officeAdminA1, ecpApi.setEcpLogMapping, { params: { id: log!.id }, body: { vigilUserId: f.patientA2.id } })).status).toBe(400);
    expect((await callAs(f.officeAdminA1, ecpApi.setEcpLogMapping, { params: { id: log!.id }, body: { vigilUserId: invalid('x') } })).status).toBe(400);
    expect((await callAs(f.orgAdminB, ecpApi.setEcpLogMapping, { params: { id: log!.id }, body: { vigilUserId: twinA.id } })).status).toBe(404);
    const ok = await callAs(f.officeAdminA1, ecpApi.setEcpLogMapping, { params: { id: log!.id }, body: { vigilUserId: twinA.id } });
    expect(ok.body).toMatchObject({ status: 'mapped', vigilUserId: twinA.id, reason: 'confirmed' });
    const un = await callAs(f.officeAdminA1, ecpApi.setEcpLogMapping, { params: { id: log!.id }, body: { vigilUserId: null } });
    expect(un.body).toMatchObject({ status: 'new', vigilUserId: null });
  });

  it('POST ecp/createresidentfromecplog creates a patient in the office once; POST ecp/createuserfromecplog an ECP user', async () => {
    const [log] = await t.ctx.db.select().from(ecpLogs).where(eq(ecpLogs.ecpId, 'res-2'));
    expect((await callAs(f.orgAdminB, ecpApi.createResidentFromEcpLog, { body: { ecpLogId: log!.id } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, ecpApi.createResidentFromEcpLog, { body: { ecpLogId: invalid('x') } })).status).toBe(400);
    const res = await callAs(f.officeAdminA1, ecpApi.createResidentFromEcpLog, { body: { ecpLogId: log!.id } });
    expect(res.status, res.reply.body).toBe(200);
    const created = res.body;
    expect(created).toMatchObject({ status: 'mapped', reason: 'created', vigilUserName: 'Ana Diaz' });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, created.vigilUserId!));
    expect(user).toMatchObject({ roleId: Role.PATIENT, birthdate: '1939-01-01', organizationId: f.orgA.id });
    expect((await callAs(f.officeAdminA1, ecpApi.createResidentFromEcpLog, { body: { ecpLogId: log!.id } })).status).toBe(409);
    const [userLog] = await t.ctx.db.select().from(ecpLogs).where(eq(ecpLogs.ecpId, 'ecp-user-9'));
    expect((await callAs(f.officeAdminA1, ecpApi.createResidentFromEcpLog, { body: { ecpLogId: userLog!.id } })).status).toBe(404);
    const staff = await callAs(f.officeAdminA1, ecpApi.createUserFromEcpLog, { body: { ecpLogId: userLog!.id } });
    expect(staff.status, staff.reply.body).toBe(200);
    const [ecpUser] = await t.ctx.db.select().from(users).where(eq(users.id, staff.body.vigilUserId!));
    expect(ecpUser!.roleId).toBe(Role.ECP_USER);
  });

  it('PUT ecp/doautomaticecpusersmapping maps staff by e-mail, never a tie', async () => {
    await ecp.sendWebhook(vigilUrl, SECRET, { type: 'user', communityId: 'community-a1', record: { id: 'ecp-user-10', firstName: 'Nora', lastName: 'Nurse', email: 'NORA@clinic.test' } });
    await t.ctx.db.update(users).set({ email: 'nora@clinic.test' }).where(eq(users.id, f.nurseA1.id));
    const res = await callAs(f.officeAdminA1, ecpApi.doAutomaticEcpUsersMapping, { headers: { hospitalid: f.a1.id } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ mapped: 1 });
    const list = (await callAs(f.officeAdminA1, ecpApi.getEcpLogs, { query: { kind: 'user' }, headers: { hospitalid: f.a1.id } })).body as { ecpId: string; vigilUserId: number }[];
    expect(list.find((l) => l.ecpId === 'ecp-user-10')).toMatchObject({ vigilUserId: f.nurseA1.id, reason: 'e-mail' });
    expect((await callAs(f.officeAdminA1, ecpApi.getEcpLogs, { query: { kind: invalid('other') }, headers: { hospitalid: f.a1.id } })).status).toBe(400);
    expect((await callAs(f.doctorB1, ecpApi.getEcpLogs, { query: { kind: 'user' }, headers: { hospitalid: f.a1.id } })).status).toBe(404);
  });
});

describe('PUT ecp/dofinalizemeasurmentsautomatically', () => {
  it('delivers every reviewed reading to the ECP exactly once through timeouts, 500s, a dropped connection after storing, and repeats', async () => {
    const post = await callAs(f.nurseA1, measurementsApi.postMeasurements, {
      body: {
        readings: Array.from({ length: 6 }, (_, i) => ({
          deviceType: 'WEIGHT',
          patientId: f.patientA1.id,
          measuredAt: new Date(Date.UTC(2026, 9, 1 + i, 13)).toISOString(),
          values: [{ code: '29463-7', value: 70 + i / 10, unit: 'kg' }],
        })),
      },
    });
    expect(post.status, post.reply.body).toBe(200);
    ecp.faults.push('timeout', '500', 'drop-after-store', 'drop-before-store', '500');
    expect((await callAs(f.doctorB1, ecpApi.doFinalizeMeasurementsAutomatically, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    const first = await callAs(f.nurseA1, ecpApi.doFinalizeMeasurementsAutomatically, { headers: { hospitalid: f.a1.id } });
    expect(first.status, first.reply.body).toBe(200);
    expect(first.body).toEqual({ queued: 6, alreadyQueued: 0 });
    // A second review, and a second webhook of the same resident, queue nothing new.
    await ecp.sendWebhook(vigilUrl, SECRET, resident('res-1', 'MARIA', 'lopez', '1941-03-02'), { duplicate: true });
    expect((await callAs(f.doctorA1, ecpApi.doFinalizeMeasurementsAutomatically, { headers: { hospitalid: f.a1.id } })).body).toEqual({ queued: 0, alreadyQueued: 6 });
    await until('every reading sent', async () => {
      const rows = await t.ctx.db.select().from(ecpOutbound);
      return rows.length === 6 && rows.every((r) => r.status === 'sent');
    });
    expect(ecp.readings).toHaveLength(6);
    expect(new Set(ecp.readings.map((r) => r.key)).size).toBe(6);
    expect(ecp.readings.every((r) => r.residentId === 'res-1' && r.communityId === 'community-a1')).toBe(true);
    expect(ecp.attempts).toBeGreaterThan(6);
    const sent = (await callAs(f.nurseA1, ecpApi.getEcpOutbound, { headers: { hospitalid: f.a1.id } })).body as { status: string }[];
    expect(sent).toHaveLength(6);
  });

  it('puts what still fails in the dead-letter list, and its retry sends it once', async () => {
    await t.ctx.db.update(ecpLogs).set({ status: 'mapped', vigilUserId: f.patientA1.id }).where(eq(ecpLogs.ecpId, 'res-1'));
    await callAs(f.nurseA1, measurementsApi.postMeasurements, {
      body: { deviceType: 'WEIGHT', patientId: f.patientA1.id, measuredAt: '2026-10-20T13:00:00Z', values: [{ code: '29463-7', value: 71, unit: 'kg' }] },
    });
    ecp.alwaysFail = true;
    expect((await callAs(f.nurseA1, ecpApi.doFinalizeMeasurementsAutomatically, { headers: { hospitalid: f.a1.id } })).body.queued).toBe(1);
    const dead = await until('a dead letter', async () => {
      const list = (await callAs(f.nurseA1, ecpApi.getEcpOutbound, { query: { status: 'dead' }, headers: { hospitalid: f.a1.id } })).body as { id: number; attempts: number; lastError: string }[];
      return list.length === 1 ? list[0]! : null;
    });
    expect(dead.attempts).toBe(5);
    expect(dead.lastError).toBe('attempt 5: server');
    ecp.alwaysFail = false;
    expect((await callAs(f.orgAdminB, ecpApi.retryEcpOutbound, { params: { id: dead.id } })).status).toBe(404);
    const retried = await callAs(f.officeAdminA1, ecpApi.retryEcpOutbound, { params: { id: dead.id } });
    expect(retried.status, retried.reply.body).toBe(200);
    expect((await callAs(f.officeAdminA1, ecpApi.retryEcpOutbound, { params: { id: dead.id } })).status).toBe(409);
    await until('the retried reading sent', async () => (await t.ctx.db.select().from(ecpOutbound).where(eq(ecpOutbound.id, dead.id)))[0]?.status === 'sent');
    expect(ecp.readings).toHaveLength(7);
    expect(new Set(ecp.readings.map((r) => r.key)).size).toBe(7);
  });

  it("sends a patient's Terra readings only while forwarding to the ECP is on for that patient", async () => {
    const posted = await callAs(f.nurseA1, measurementsApi.postMeasurements, {
      body: [0, 1].map((i) => ({ deviceType: 'WEIGHT', patientId: f.patientA1.id, measuredAt: `2026-10-2${2 + i}T13:00:00Z`, values: [{ code: '29463-7', value: 72 + i, unit: 'kg' }] })),
    });
    expect(posted.status, posted.reply.body).toBe(200);
    // As the Terra ingestion marks them (features/measurements ingest, caller kind 'terra').
    await t.ctx.db.update(measurements).set({ source: 'terra' }).where(and(eq(measurements.patientId, f.patientA1.id), gte(measurements.measuredAt, new Date('2026-10-22T00:00:00Z'))));
    await t.ctx.db.insert(terraConnections).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, referenceId: 'forwarding-test', status: 'connected' });
    expect((await callAs(f.nurseA1, ecpApi.doFinalizeMeasurementsAutomatically, { headers: { hospitalid: f.a1.id } })).body.queued).toBe(0);
    const on = await callAs(f.officeAdminA1, terra.setSendingDataFromTerraToEcp, { headers: { patientid: f.patientA1.id, enablesendingdatatoecp: 'true' } });
    expect(on.status, on.reply.body).toBe(200);
    expect((await callAs(f.nurseA1, ecpApi.doFinalizeMeasurementsAutomatically, { headers: { hospitalid: f.a1.id } })).body.queued).toBe(2);
    await until('the Terra readings sent', async () => (await t.ctx.db.select().from(ecpOutbound)).every((r) => r.status === 'sent'));
    expect(ecp.readings).toHaveLength(9);
  });
});

describe('ECP organizations (/organizationMapping)', () => {
  const map = (who: CallUser, ecpCommunityId: string, ecpOrganizationId: string, hospitalId: number, ecpOrganizationName?: string) =>
    callAs(who, ecpApi.setEcpLocationMapping, { body: { ecpCommunityId, ecpOrganizationId, hospitalId, ...(ecpOrganizationName ? { ecpOrganizationName } : {}) } });
  type Row = { id: number; ecpOrganizationId: string; name: string; communities: number; status: string; reason: string | null; organizationId: number | null; organizationName: string | null };
  const list = async (who: CallUser) => {
    const res = await callAs(who, ecpApi.getEcpOrganizations);
    expect(res.status, res.reply.body).toBe(200);
    return (res.body as Row[]).filter((r) => r.ecpOrganizationId.startsWith('ecp-org-'));
  };

  it('lists the ECP organizations of the communities in scope, maps them by their communities, never merges a split one, and confirms or unmaps in scope only', async () => {
    expect((await map(f.orgAdminA, 'comm-o1', 'ecp-org-sun', f.a1.id, 'Sunrise Living')).status).toBe(200);
    expect((await map(f.orgAdminA, 'comm-o2', 'ecp-org-sun', f.a2.id)).status).toBe(200);
    expect((await map(f.orgAdminA, 'comm-o3', 'ecp-org-split', f.a2.id, 'Twin Pines')).status).toBe(200);
    expect((await map(f.orgAdminB, 'comm-o4', 'ecp-org-split', f.b1.id)).status).toBe(200);

    // What each caller sees: communities counted within their sight; the name kept when a later mapping gives none.
    expect((await list(f.orgAdminA)).map((r) => [r.ecpOrganizationId, r.name, r.communities, r.status])).toEqual([
      ['ecp-org-sun', 'Sunrise Living', 2, 'new'],
      ['ecp-org-split', 'Twin Pines', 1, 'new'],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))));
    expect((await list(f.doctorA1)).map((r) => [r.ecpOrganizationId, r.communities])).toEqual([['ecp-org-sun', 1]]);
    expect((await list(f.orgAdminB)).map((r) => r.ecpOrganizationId)).toEqual(['ecp-org-split']);

    // Automatic: by communities; the one spread over two Vigil organizations goes to review with the reason.
    const auto = await callAs(f.orgAdminA, ecpApi.doAutomaticEcpOrganizationsMapping);
    expect(auto.status, auto.reply.body).toBe(200);
    expect(auto.body).toMatchObject({ review: 1, unmatched: 0 });
    const after = await list(f.orgAdminA);
    const sun = after.find((r) => r.ecpOrganizationId === 'ecp-org-sun')!;
    const split = after.find((r) => r.ecpOrganizationId === 'ecp-org-split')!;
    expect(sun).toMatchObject({ status: 'mapped', reason: 'communities', organizationId: f.orgA.id, organizationName: expect.any(String) });
    expect(split).toMatchObject({ status: 'review', reason: '2 candidates match by communities: choose one', organizationId: null });

    // Confirm: validation, another tenant's organization or record: 404 and nothing changes.
    type MappingBody = NonNullable<CallInput<typeof ecpApi.setEcpOrganizationMapping>['body']>;
    const put = (who: CallUser, id: number, body: MappingBody) => callAs(who, ecpApi.setEcpOrganizationMapping, { params: { id }, body });
    expect((await put(f.orgAdminB, split.id, { organizationId: invalid('x') })).status).toBe(400);
    expect((await put(f.orgAdminB, invalid('abc'), { organizationId: f.orgB.id })).status).toBe(400);
    expect((await put(f.orgAdminB, split.id, invalid({}))).status).toBe(400);
    expect((await put(f.orgAdminB, split.id, { organizationId: f.orgA.id })).status).toBe(404);
    expect((await put(f.orgAdminB, sun.id, { organizationId: null })).status).toBe(404);
    expect((await put(f.orgAdminB, 999_999, { organizationId: f.orgB.id })).status).toBe(404);
    expect((await list(f.orgAdminA)).find((r) => r.id === sun.id)).toMatchObject({ status: 'mapped', organizationId: f.orgA.id });

    const confirmed = await put(f.orgAdminB, split.id, { organizationId: f.orgB.id });
    expect(confirmed.status, confirmed.reply.body).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'mapped', reason: 'confirmed', organizationId: f.orgB.id });
    // Organization A's admin sees it (a community of A) but cannot undo B's mapping.
    expect((await put(f.orgAdminA, split.id, { organizationId: null })).status).toBe(404);
    expect((await list(f.orgAdminB))[0]).toMatchObject({ status: 'mapped', organizationId: f.orgB.id });
    // A second automatic run leaves mapped organizations alone.
    await callAs(f.sysadmin, ecpApi.doAutomaticEcpOrganizationsMapping);
    expect((await list(f.orgAdminB))[0]).toMatchObject({ status: 'mapped', reason: 'confirmed', organizationId: f.orgB.id });

    const unmapped = await put(f.orgAdminA, sun.id, { organizationId: null });
    expect(unmapped.status, unmapped.reply.body).toBe(200);
    expect(unmapped.body).toMatchObject({ status: 'new', reason: 'unmapped', organizationId: null, organizationName: null });
  });

  it("lets no other tenant rename an ECP organization or add a community to one mapped to another organization (409, unchanged)", async () => {
    expect((await map(f.orgAdminA, 'comm-h1', 'ecp-org-held', f.a1.id, 'Harbor Homes')).status).toBe(200);
    const held = (await list(f.orgAdminA)).find((r) => r.ecpOrganizationId === 'ecp-org-held')!;
    // organization B's admin names it on a community of their own: the community maps, the name stays
    expect((await map(f.orgAdminB, 'comm-h2', 'ecp-org-held', f.b1.id, 'Renamed by B')).status).toBe(200);
    expect((await list(f.orgAdminA)).find((r) => r.id === held.id)!.name).toBe('Harbor Homes');
    await callAs(f.orgAdminA, ecpApi.setEcpOrganizationMapping, { params: { id: held.id }, body: { organizationId: null } });
    // once mapped to organization A, a community of B may not join it at all
    expect((await callAs(f.orgAdminA, ecpApi.setEcpOrganizationMapping, { params: { id: held.id }, body: { organizationId: f.orgA.id } })).status).toBe(200);
    const joined = await map(f.orgAdminB, 'comm-h3', 'ecp-org-held', f.b1.id, 'Renamed again');
    expect(joined.status).toBe(409);
    expect((await list(f.orgAdminA)).find((r) => r.id === held.id)).toMatchObject({ name: 'Harbor Homes', status: 'mapped', organizationId: f.orgA.id });
    // organization A's own offices still may rename it
    expect((await map(f.orgAdminA, 'comm-h4', 'ecp-org-held', f.a2.id, 'Harbor Homes North')).status).toBe(200);
    expect((await list(f.orgAdminA)).find((r) => r.id === held.id)!.name).toBe('Harbor Homes North');
  });
  it('a community the ECP already sent residents for is claimed only with a system admin\'s mapping, and the residents reach only that office', async () => {
    const officeAdminB1 = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: f.orgB.id, offices: [f.b1.id] });
    // Residents arrive for a community no office has mapped yet: they wait without an office.
    const held = (id: string, first: string) => ({ ...resident(id, first, 'Held', '1944-04-04'), communityId: 'community-held' });
    expect((await ecp.sendWebhook(vigilUrl, SECRET, held('res-held-1', 'Rosa')))[0]!.status).toBe(200);
    expect((await ecp.sendWebhook(vigilUrl, SECRET, held('res-held-2', 'Luis')))[0]!.status).toBe(200);
    const claim = (who: CallUser, hospitalId: number) => callAs(who, ecpApi.setEcpLocationMapping, { body: { ecpCommunityId: 'community-held', name: 'Held Gardens', hospitalId } });
    // Another organization's admins, and even an admin of an office of the right organization, may
    // not take it first: whoever maps it would read those residents.
    for (const [who, office] of [[f.orgAdminB, f.b1.id], [officeAdminB1, f.b1.id], [f.officeAdminA1, f.a1.id]] as const) {
      const refused = await claim(who, office);
      expect(refused.status, refused.reply.body).toBe(409);
      expect(refused.msg).toBe('The ECP has already sent records for this community: a system administrator must confirm which office it belongs to');
    }
    expect((await callAs(officeAdminB1, ecpApi.getEcpMappingLocation, { headers: { hospitalid: f.b1.id } })).body!.some((l) => l.ecpCommunityId === 'community-held')).toBe(false);
    const spanish = await callAs(f.orgAdminB, ecpApi.setEcpLocationMapping, { body: { ecpCommunityId: 'community-held', hospitalId: f.b1.id }, lang: 'es' });
    expect(spanish.msg).toBe('El ECP ya envió registros de esta comunidad: un administrador del sistema debe confirmar a qué oficina pertenece');
    const held1 = await t.ctx.db.select().from(ecpLogs).where(eq(ecpLogs.ecpCommunityId, 'community-held'));
    expect(held1.map((l) => l.hospitalId)).toEqual([null, null]);

    // The system admin confirms the owner: the residents move to that office, and only there.
    const before = new Date();
    const mapped = await claim(f.sysadmin, f.a1.id);
    expect(mapped.status, mapped.reply.body).toBe(200);
    const residents = (who: CallUser, hospitalId: number) => callAs(who, ecpApi.getEcpLogs, { query: { kind: 'resident' }, headers: { hospitalid: hospitalId } });
    const inA1 = (await residents(f.officeAdminA1, f.a1.id)).body!.filter((l) => l.ecpCommunityId === 'community-held');
    expect(inA1.map((l) => l.firstName).sort()).toEqual(['Luis', 'Rosa']);
    expect((await residents(officeAdminB1, f.a1.id)).status).toBe(404);
    expect((await residents(officeAdminB1, f.b1.id)).body!.some((l) => l.ecpCommunityId === 'community-held')).toBe(false);
    // Once mapped, another tenant is refused as before (mapped to an office out of scope).
    expect((await claim(f.orgAdminB, f.b1.id)).status).toBe(409);
    // The claim is on the audit trail, with who made it.
    await auditTrail(t.ctx).flush();
    const trail = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.endpoint, 'PUT ecp/setlocationmapping'), gte(auditEvents.at, before)));
    expect(trail.map((e) => [e.userId, e.resource, e.outcome])).toContainEqual([f.sysadmin.id, 'Location', 200]);
    // A community with nothing sent yet is still mapped by its office's admin.
    expect((await callAs(f.officeAdminA1, ecpApi.setEcpLocationMapping, { body: { ecpCommunityId: 'community-new', hospitalId: f.a1.id } })).status).toBe(200);
  });
});
