import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
import { hubs, measurements, medicalDevices, tabletInfos, trustedHubs } from '../../db/schema/index';
import { resolveHubToken } from '../../lib/hub-auth';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let partner: { id: number };

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';
const INVALID_ID = 'Invalid id';

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
async function call(method: Method, path: string, who: { id: number } | null, opts: { headers?: Record<string, string | number>; payload?: unknown; query?: Record<string, string | number> } = {}) {
  const headers: Record<string, string> = { ...(who ? await as(who) : {}), 'accept-language': 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  const qs = opts.query ? '?' + new URLSearchParams(Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))).toString() : '';
  return t.app.inject({ method, url: `/api/${path}${qs}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

let seq = 0;
const ident = (prefix = 'HUB') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

async function insertHub(hospitalId: number, values: Partial<typeof hubs.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(hubs)
    .values({ hubIdentifier: ident(), hubMac: '00:1B:44:11:3A:B7', hubName: `Hub ${seq}`, hospitalId, ...values })
    .returning();
  return row!;
}

async function insertDevice(hospitalId: number, values: Partial<typeof medicalDevices.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(medicalDevices)
    .values({ deviceIdentifier: ident('DEV'), deviceType: 'BLOOD_PRESSURE', hospitalId, ...values })
    .returning();
  return row!;
}

/** A reading posted through a hub, written straight to the table. */
async function insertReading(hubId: number, deviceId: number, patientId: number, hospitalId: number, measuredAt: Date) {
  await t.ctx.db.insert(measurements).values({
    patientId,
    hospitalId,
    deviceId,
    hubId,
    hubKey: hubId,
    deviceKey: deviceId,
    deviceType: 'BLOOD_PRESSURE',
    measuredAt,
    valuesJson: { '8480-6': 128, '8462-4': 82 },
  });
}

const hubBody = (values: Record<string, unknown> = {}) => ({ hubIdentifier: ident(), hubMAC: '00-1b-44-11-3a-b7', hubName: 'Living room hub', hospitalId: f.a1.id, ...values });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  partner = await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
});
afterAll(async () => t.close());

describe('POST hub (chosen)', () => {
  it('registers a hub with a normalised MAC, assigned to a patient of its office, without a credential', async () => {
    const body = hubBody({ assignedToUserId: f.patientA1.id });
    const res = await call('POST', 'hub', f.officeAdminA1, { payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      hubIdentifier: body.hubIdentifier,
      hubMAC: '00:1B:44:11:3A:B7',
      hubName: 'Living room hub',
      status: 1,
      hospitalId: f.a1.id,
      hospitalName: f.a1.hospitalName,
      assignedToUserId: f.patientA1.id,
      assignedToUserFullname: `${f.patientA1.firstName} ${f.patientA1.lastName}`,
      hasCredential: false,
      lastCheckInAt: null,
      assignedMedicalDevicesList: [],
      health: { lastCheckInAt: null, readingsLast24Hours: 0, deviceCount: 0, credentialActive: false },
    });
  });

  it('refuses a malformed or multicast MAC, a missing name and a malformed identifier', async () => {
    const res = await call('POST', 'hub', f.officeAdminA1, { payload: hubBody({ hubMAC: '01:00:5E:00:00:FB', hubName: '', hubIdentifier: 'has space' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ hubMAC: FORMAT, hubName: REQUIRED, hubIdentifier: FORMAT });
    const mac = await call('POST', 'hub', f.officeAdminA1, { payload: hubBody({ hubMAC: '00:1B:44:11:3A' }) });
    expect(mac.json().errors).toEqual({ hubMAC: FORMAT });
  });

  it('refuses an identifier already registered, also in another organization (409)', async () => {
    const other = await insertHub(f.b1.id);
    const res = await call('POST', 'hub', f.officeAdminA1, { payload: hubBody({ hubIdentifier: other.hubIdentifier }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'hubIdentifierInUse', msg: 'This hub identifier is already registered' });
  });

  it("refuses a patient of another of the caller's offices (400) and answers 404 for another organization's patient", async () => {
    const office = await call('POST', 'hub', f.orgAdminA, { payload: hubBody({ assignedToUserId: f.patientA2.id }) });
    expect(office.statusCode).toBe(400);
    expect(office.json().errors).toEqual({ assignedToUserId: INVALID_ID });
    const org = await call('POST', 'hub', f.orgAdminA, { payload: hubBody({ assignedToUserId: f.patientB1.id }) });
    expect(org.statusCode).toBe(404);
  });

  it('is refused to a caregiver and a patient (403)', async () => {
    for (const who of [f.caregiverA1, f.patientA1]) { expect((await call('POST', 'hub', who, { payload: hubBody() })).statusCode).toBe(403); }
  });

  it('answers 404 for an office of another office admin or organization, and stores nothing', async () => {
    const body = hubBody();
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await call('POST', 'hub', who, { payload: body })).statusCode).toBe(404); }
    expect(await t.ctx.db.select().from(hubs).where(eq(hubs.hubIdentifier, body.hubIdentifier))).toHaveLength(0);
  });
});

describe('GET hub (chosen)', () => {
  let kitchen: { id: number };
  let bedroom: { id: number };
  let ward: { id: number };
  let device: { id: number };
  beforeAll(async () => {
    kitchen = await insertHub(f.a1.id, { hubName: 'Zz Kitchen', hubMac: 'AA:BB:CC:00:00:01', assignedToUserId: f.patientA1.id });
    bedroom = await insertHub(f.a1.id, { hubName: 'Zz Bedroom' });
    ward = await insertHub(f.a2.id, { hubName: 'Zz Ward' });
    await insertHub(f.b1.id, { hubName: 'Zz Other org' });
    device = await insertDevice(f.a1.id, { hubId: kitchen.id, patientId: f.patientA1.id });
  });

  it("pages the hubs of the caller's offices with their devices, searched and sorted", async () => {
    const res = await call('GET', 'hub', f.orgAdminA, { query: { search: 'zz', sort: '-hubName' } });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect((page.items as { hubName: string }[]).map((h) => h.hubName)).toEqual(['Zz Ward', 'Zz Kitchen', 'Zz Bedroom']);
    const k = (page.items as { id: number; assignedMedicalDevicesList: { id: number }[] }[]).find((h) => h.id === kitchen.id)!;
    expect(k.assignedMedicalDevicesList.map((d) => d.id)).toEqual([device.id]);
    const byMac = await call('GET', 'hub', f.doctorA1, { query: { search: 'aa:bb:cc' } });
    expect((byMac.json().data.items as { id: number }[]).map((h) => h.id)).toEqual([kitchen.id]);
    const paged = await call('GET', 'hub', f.orgAdminA, { query: { search: 'zz', pageSize: 1, page: 3 } });
    expect((paged.json().data.items as { id: number }[]).map((h) => h.id)).toEqual([ward.id]);
  });

  it('carries on each row the readings measured through that hub in the last 24 hours', async () => {
    const busy = await insertHub(f.a1.id, { hubName: 'Yy Busy' });
    const quiet = await insertHub(f.a1.id, { hubName: 'Yy Quiet' });
    const idle = await insertHub(f.a1.id, { hubName: 'Yy Idle' });
    const bp = await insertDevice(f.a1.id, { hubId: busy.id, patientId: f.patientA1.id });
    const now = Date.now();
    for (const minutesAgo of [10, 90, 600]) { await insertReading(busy.id, bp.id, f.patientA1.id, f.a1.id, new Date(now - minutesAgo * 60_000)); }
    await insertReading(quiet.id, bp.id, f.patientA1.id, f.a1.id, new Date(now - 20 * 60 * 60_000));
    await insertReading(quiet.id, bp.id, f.patientA1.id, f.a1.id, new Date(now - 30 * 60 * 60_000));
    const res = await call('GET', 'hub', f.nurseA1, { query: { search: 'yy' } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.items as { hubName: string; readingsLast24Hours: number }[];
    expect(rows.map((h) => [h.hubName, h.readingsLast24Hours])).toEqual([
      ['Yy Busy', 3],
      ['Yy Idle', 0],
      ['Yy Quiet', 1],
    ]);
    expect(idle.id).toBeGreaterThan(0);
  });

  it('filters by office', async () => {
    const res = await call('GET', 'hub', f.orgAdminA, { headers: { hospitalid: f.a2.id }, query: { search: 'zz' } });
    expect((res.json().data.items as { id: number }[]).map((h) => h.id)).toEqual([ward.id]);
  });

  it('shows a patient only the hubs assigned to them', async () => {
    const res = await call('GET', 'hub', f.patientA1, { query: { search: 'zz' } });
    expect((res.json().data.items as { id: number }[]).map((h) => h.id)).toEqual([kitchen.id]);
  });

  it('refuses a page size above 200 and an unknown sort', async () => {
    const res = await call('GET', 'hub', f.doctorA1, { query: { pageSize: 500, sort: 'mac' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ pageSize: FORMAT, sort: FORMAT });
  });

  it('is refused to a role without devices.read (403)', async () => {
    expect((await call('GET', 'hub', partner)).statusCode).toBe(403);
  });

  it("gives another office and another organization none of a1's hubs", async () => {
    const a2 = await call('GET', 'hub', f.doctorA2, { query: { search: 'zz' } });
    expect((a2.json().data.items as { id: number }[]).map((h) => h.id)).toEqual([ward.id]);
    const b = await call('GET', 'hub', f.doctorB1, { headers: { hospitalid: f.a1.id } });
    expect(b.json().data).toMatchObject({ total: 0, items: [] });
    expect(bedroom.id).toBeGreaterThan(0);
  });
});

describe('GET hub/{id} (chosen)', () => {
  it('answers the hub with its devices and health: last check-in and readings of the last 24 hours', async () => {
    const checkIn = new Date(Date.now() - 5 * 60_000);
    const hub = await insertHub(f.a1.id, { lastCheckInAt: checkIn });
    const bp = await insertDevice(f.a1.id, { hubId: hub.id, patientId: f.patientA1.id });
    const scale = await insertDevice(f.a1.id, { hubId: hub.id, deviceType: 'WEIGHT' });
    const now = Date.now();
    await insertReading(hub.id, bp.id, f.patientA1.id, f.a1.id, new Date(now - 60 * 60_000));
    await insertReading(hub.id, bp.id, f.patientA1.id, f.a1.id, new Date(now - 23 * 60 * 60_000));
    await insertReading(hub.id, bp.id, f.patientA1.id, f.a1.id, new Date(now - 48 * 60 * 60_000));
    const res = await call('GET', `hub/${hub.id}`, f.nurseA1);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.health).toEqual({ lastCheckInAt: checkIn.toISOString(), readingsLast24Hours: 2, deviceCount: 2, credentialActive: false });
    expect(data.readingsLast24Hours).toBe(2);
    expect((data.assignedMedicalDevicesList as { id: number }[]).map((d) => d.id)).toEqual([bp.id, scale.id]);
  });

  it('refuses an id that is not a number', async () => {
    expect((await call('GET', 'hub/abc', f.nurseA1)).json().errors).toEqual({ id: FORMAT });
  });

  it('is refused to a role without devices.read (403)', async () => {
    const hub = await insertHub(f.a1.id);
    expect((await call('GET', `hub/${hub.id}`, partner)).statusCode).toBe(403);
  });

  it("answers 404 to another office, another organization and a patient it is not assigned to", async () => {
    const hub = await insertHub(f.a1.id);
    for (const who of [f.doctorA2, f.doctorB1, f.patientA1]) { expect((await call('GET', `hub/${hub.id}`, who)).statusCode).toBe(404); }
  });
});

describe('PUT hub/{id} (chosen)', () => {
  it('renames, re-addresses, unassigns and disables a hub', async () => {
    const hub = await insertHub(f.a1.id, { assignedToUserId: f.patientA1.id });
    const res = await call('PUT', `hub/${hub.id}`, f.doctorA1, { payload: { hubName: 'Clinic hub', hubMAC: '0a1b2c3d4e5f', assignedToUserId: null, status: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: hub.id, hubName: 'Clinic hub', hubMAC: '0A:1B:2C:3D:4E:5F', assignedToUserId: null, status: 0 });
  });

  it("refuses moving a hub to another office while its devices stay in the old one, and a patient of another office", async () => {
    const hub = await insertHub(f.a1.id);
    await insertDevice(f.a1.id, { hubId: hub.id });
    const move = await call('PUT', `hub/${hub.id}`, f.orgAdminA, { payload: { hospitalId: f.a2.id } });
    expect(move.statusCode).toBe(400);
    expect(move.json().errors).toEqual({ hospitalId: 'Invalid' });
    const patient = await call('PUT', `hub/${hub.id}`, f.orgAdminA, { payload: { assignedToUserId: f.patientA2.id } });
    expect(patient.statusCode).toBe(400);
    expect(patient.json().errors).toEqual({ assignedToUserId: INVALID_ID });
    const empty = await insertHub(f.a1.id);
    const moved = await call('PUT', `hub/${empty.id}`, f.orgAdminA, { payload: { hospitalId: f.a2.id, assignedToUserId: f.patientA2.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ hospitalId: f.a2.id, assignedToUserId: f.patientA2.id });
  });

  it('refuses a bad MAC and status, and a taken identifier (409)', async () => {
    const hub = await insertHub(f.a1.id);
    const other = await insertHub(f.a1.id);
    const bad = await call('PUT', `hub/${hub.id}`, f.doctorA1, { payload: { hubMAC: 'FF:FF:FF:FF:FF:FF', status: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ hubMAC: FORMAT, status: FORMAT });
    expect((await call('PUT', `hub/${hub.id}`, f.doctorA1, { payload: { hubIdentifier: other.hubIdentifier } })).statusCode).toBe(409);
  });

  it('is refused to a caregiver (403)', async () => {
    const hub = await insertHub(f.a1.id);
    expect((await call('PUT', `hub/${hub.id}`, f.caregiverA1, { payload: { hubName: 'x' } })).statusCode).toBe(403);
  });

  it("answers 404 for another office's or organization's hub and leaves it unchanged", async () => {
    const hub = await insertHub(f.a1.id, { hubName: 'Unchanged' });
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await call('PUT', `hub/${hub.id}`, who, { payload: { hubName: 'Taken over' } })).statusCode).toBe(404); }
    const [row] = await t.ctx.db.select().from(hubs).where(eq(hubs.id, hub.id));
    expect(row!.hubName).toBe('Unchanged');
  });
});

describe('DELETE hub/{id} (chosen)', () => {
  it('deletes a hub without readings; its devices and tablets are unassigned and its trusted-hub rows go', async () => {
    const hub = await insertHub(f.a1.id);
    const device = await insertDevice(f.a1.id, { hubId: hub.id });
    await t.ctx.db.insert(tabletInfos).values({ serialNumber: ident('TAB'), hospitalId: f.a1.id, hubId: hub.id });
    await t.ctx.db.insert(trustedHubs).values({ patientId: f.patientA1.id, hubId: hub.id });
    const res = await call('DELETE', `hub/${hub.id}`, f.officeAdminA1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: hub.id });
    const [d] = await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id));
    expect(d!.hubId).toBeNull();
    expect(await t.ctx.db.select().from(trustedHubs).where(eq(trustedHubs.hubId, hub.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(tabletInfos).where(eq(tabletInfos.hubId, hub.id))).toHaveLength(0);
  });

  it('refuses to delete a hub with readings (409)', async () => {
    const hub = await insertHub(f.a1.id);
    const device = await insertDevice(f.a1.id, { hubId: hub.id, patientId: f.patientA1.id });
    await insertReading(hub.id, device.id, f.patientA1.id, f.a1.id, new Date());
    const res = await call('DELETE', `hub/${hub.id}`, f.officeAdminA1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'hubHasReadings', msg: 'This hub has readings and cannot be deleted; disable it instead' });
    expect(await t.ctx.db.select().from(hubs).where(eq(hubs.id, hub.id))).toHaveLength(1);
  });

  it('refuses an id of 0', async () => {
    expect((await call('DELETE', 'hub/0', f.officeAdminA1)).statusCode).toBe(400);
  });

  it('is refused to a caregiver (403)', async () => {
    const hub = await insertHub(f.a1.id);
    expect((await call('DELETE', `hub/${hub.id}`, f.caregiverA1)).statusCode).toBe(403);
  });

  it("answers 404 for another office's or organization's hub and keeps it", async () => {
    const hub = await insertHub(f.a1.id);
    for (const who of [f.officeAdminA2, f.doctorB1]) { expect((await call('DELETE', `hub/${hub.id}`, who)).statusCode).toBe(404); }
    expect(await t.ctx.db.select().from(hubs).where(eq(hubs.id, hub.id))).toHaveLength(1);
  });
});

describe('hub credential (chosen)', () => {
  const postReading = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/medicaldevicesdata', headers: { hubtoken: token, 'accept-language': 'en' }, payload: { readings: [] } });

  it('issues a credential once that authenticates the hub, and rotating it retires the previous one', async () => {
    const hub = await insertHub(f.a1.id, { assignedToUserId: f.patientA1.id });
    const res = await call('POST', `hub/${hub.id}/credential`, f.nurseA1);
    expect(res.statusCode, res.body).toBe(200);
    const { credential, hubId, hubIdentifier } = res.json().data as { credential: string; hubId: number; hubIdentifier: string };
    expect({ hubId, hubIdentifier }).toEqual({ hubId: hub.id, hubIdentifier: hub.hubIdentifier });
    expect(credential.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.ctx.db.select().from(hubs).where(eq(hubs.id, hub.id));
    expect(row!.credentialHash).not.toBe(credential);
    expect(await resolveHubToken(t.ctx, credential)).toEqual({ hubId: hub.id, hubIdentifier: hub.hubIdentifier, hospitalId: f.a1.id, assignedToUserId: f.patientA1.id });
    expect((await postReading(credential)).statusCode).not.toBe(401);
    const view = await call('GET', `hub/${hub.id}`, f.nurseA1);
    expect(view.json().data).toMatchObject({ hasCredential: true, health: { credentialActive: true } });
    expect(view.body).not.toContain(credential);

    const rotated = await call('POST', `hub/${hub.id}/credential`, f.nurseA1);
    const next = rotated.json().data.credential as string;
    expect(next).not.toBe(credential);
    expect(await resolveHubToken(t.ctx, credential)).toBeNull();
    expect((await resolveHubToken(t.ctx, next))?.hubId).toBe(hub.id);
  });

  it('revokes the credential: the hub no longer authenticates', async () => {
    const hub = await insertHub(f.a1.id);
    const credential = (await call('POST', `hub/${hub.id}/credential`, f.doctorA1)).json().data.credential as string;
    expect((await postReading(credential)).statusCode).not.toBe(401);
    const res = await call('DELETE', `hub/${hub.id}/credential`, f.doctorA1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ hubId: hub.id, revokedAt: expect.any(String) });
    expect(await resolveHubToken(t.ctx, credential)).toBeNull();
    expect((await postReading(credential)).statusCode).toBe(401);
    expect((await call('GET', `hub/${hub.id}`, f.doctorA1)).json().data.hasCredential).toBe(false);
  });

  it('refuses an id that is not a number', async () => {
    for (const method of ['POST', 'DELETE'] as const) { expect((await call(method, 'hub/x/credential', f.doctorA1)).json().errors).toEqual({ id: FORMAT }); }
  });

  it('is refused to a caregiver and a patient (403)', async () => {
    const hub = await insertHub(f.a1.id, { assignedToUserId: f.patientA1.id });
    for (const who of [f.caregiverA1, f.patientA1]) {
      for (const method of ['POST', 'DELETE'] as const) { expect((await call(method, `hub/${hub.id}/credential`, who)).statusCode).toBe(403); }
    }
  });

  it("answers 404 for another office's or organization's hub and issues nothing", async () => {
    const hub = await insertHub(f.a1.id);
    for (const who of [f.officeAdminA2, f.doctorB1]) {
      for (const method of ['POST', 'DELETE'] as const) { expect((await call(method, `hub/${hub.id}/credential`, who)).statusCode).toBe(404); }
    }
    const [row] = await t.ctx.db.select().from(hubs).where(eq(hubs.id, hub.id));
    expect(row!.credentialHash).toBeNull();
    expect(row!.credentialRevokedAt).toBeNull();
  });
});

describe('trusted hubs (failures answer their 4xx with the error body; the web hands the body to the caller, spec section 8)', () => {
  let patient: { id: number };
  let homeHub: { id: number; hubIdentifier: string; hubName: string };
  let clinicHub: { id: number };
  let a2Hub: { id: number };
  let b1Hub: { id: number };
  beforeAll(async () => {
    patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id] });
    homeHub = await insertHub(f.a1.id, { hubName: 'A home' });
    clinicHub = await insertHub(f.a1.id, { hubName: 'B clinic' });
    a2Hub = await insertHub(f.a2.id);
    b1Hub = await insertHub(f.b1.id);
  });
  const trustedOf = async (patientId: number) =>
    (await t.ctx.db.select().from(trustedHubs).where(eq(trustedHubs.patientId, patientId))).map((r) => r.hubId).sort((a, b) => a - b);

  describe('POST trustedhub', () => {
    it('lets a patient trust a hub of their office, once', async () => {
      const res = await call('POST', 'trustedhub', f.nurseA1, { payload: { patientId: patient.id, hubId: homeHub.id } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        resFlag: true,
        data: { patientId: patient.id, hubId: homeHub.id, hubIdentifier: homeHub.hubIdentifier, hubName: 'A home', hospitalId: f.a1.id },
      });
      const again = await call('POST', 'trustedhub', f.nurseA1, { payload: { patientId: patient.id, hubId: homeHub.id } });
      expect(again.json().data.id).toBe(res.json().data.id);
      expect(await trustedOf(patient.id)).toEqual([homeHub.id]);
    });

    it('answers a validation failure with 400, resFlag false and the field messages', async () => {
      const res = await call('POST', 'trustedhub', f.nurseA1, { payload: { patientId: patient.id } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ resFlag: false, data: null, msg: 'Some fields are not valid', code: 'validationFailed', errors: { hubId: REQUIRED } });
    });

    it("answers a hub of another of the caller's offices with 400 and resFlag false", async () => {
      const res = await call('POST', 'trustedhub', f.orgAdminA, { payload: { patientId: patient.id, hubId: a2Hub.id } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resFlag: false, data: null, errors: { hubId: INVALID_ID } });
    });

    it('keeps 401 without a session and 403 without the permission', async () => {
      expect((await call('POST', 'trustedhub', null, { payload: { patientId: patient.id, hubId: homeHub.id } })).statusCode).toBe(401);
      for (const who of [f.caregiverA1, f.patientA1]) {
        const res = await call('POST', 'trustedhub', who, { payload: { patientId: patient.id, hubId: homeHub.id } });
        expect(res.statusCode).toBe(403);
        expect(res.json().resFlag).toBe(false);
      }
    });

    it("answers another office's or organization's patient or hub as not found (resFlag false) and stores nothing", async () => {
      const cases = [
        { who: f.doctorA2, payload: { patientId: patient.id, hubId: a2Hub.id } },
        { who: f.doctorB1, payload: { patientId: patient.id, hubId: b1Hub.id } },
        { who: f.doctorA1, payload: { patientId: patient.id, hubId: b1Hub.id } },
      ];
      for (const c of cases) {
        const res = await call('POST', 'trustedhub', c.who, { payload: c.payload });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ resFlag: false, data: null, msg: INVALID_ID, code: 'invalidId' });
      }
      expect(await trustedOf(patient.id)).toEqual([homeHub.id]);
    });
  });

  describe('PUT trustedhub/updatetrustedhubforpatient', () => {
    const path = 'trustedhub/updatetrustedhubforpatient';

    it("replaces the patient's trusted hubs, and an empty list clears them", async () => {
      const res = await call('PUT', path, f.doctorA1, { headers: { patientid: patient.id }, payload: { hubIds: [clinicHub.id, homeHub.id, clinicHub.id] } });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().data as { hubId: number }[]).map((h) => h.hubId)).toEqual([homeHub.id, clinicHub.id]);
      const only = await call('PUT', path, f.doctorA1, { headers: { patientid: patient.id }, payload: { hubIds: [clinicHub.id] } });
      expect((only.json().data as { hubId: number }[]).map((h) => h.hubId)).toEqual([clinicHub.id]);
      expect(await trustedOf(patient.id)).toEqual([clinicHub.id]);
      const cleared = await call('PUT', path, f.doctorA1, { headers: { patientid: patient.id }, payload: { hubIds: [] } });
      expect(cleared.json()).toMatchObject({ resFlag: true, data: [] });
      expect(await trustedOf(patient.id)).toEqual([]);
    });

    it('answers validation failures with 400 and resFlag false, changing nothing', async () => {
      await call('PUT', path, f.doctorA1, { headers: { patientid: patient.id }, payload: { hubIds: [homeHub.id] } });
      const missing = await call('PUT', path, f.doctorA1, { payload: { hubIds: 'all' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ resFlag: false, errors: { patientid: REQUIRED, hubIds: FORMAT } });
      const foreign = await call('PUT', path, f.doctorA1, { headers: { patientid: patient.id }, payload: { hubIds: [clinicHub.id, b1Hub.id] } });
      // Another tenant's hub reads as not found (docs/first-day.md).
      expect(foreign.statusCode).toBe(404);
      expect(await trustedOf(patient.id)).toEqual([homeHub.id]);
    });

    it('keeps 403 without the permission', async () => {
      expect((await call('PUT', path, f.caregiverA1, { headers: { patientid: patient.id }, payload: { hubIds: [] } })).statusCode).toBe(403);
    });

    it("answers another organization's patient as not found (resFlag false) and changes nothing", async () => {
      for (const who of [f.doctorB1, f.orgAdminB, f.doctorA2]) {
        const res = await call('PUT', path, who, { headers: { patientid: patient.id }, payload: { hubIds: [] } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ resFlag: false, code: 'invalidId' });
      }
      expect(await trustedOf(patient.id)).toEqual([homeHub.id]);
    });
  });

  describe('DELETE trustedhub/deletetrustedhubforpatient', () => {
    const path = 'trustedhub/deletetrustedhubforpatient';

    it('stops the patient trusting a hub; a hub not trusted answers resFlag false', async () => {
      await call('PUT', 'trustedhub/updatetrustedhubforpatient', f.doctorA1, { headers: { patientid: patient.id }, payload: { hubIds: [homeHub.id, clinicHub.id] } });
      const [row] = await t.ctx.db.select().from(trustedHubs).where(and(eq(trustedHubs.patientId, patient.id), eq(trustedHubs.hubId, homeHub.id)));
      const res = await call('DELETE', path, f.doctorA1, { headers: { patientid: patient.id, hubid: homeHub.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ resFlag: true, data: { id: row!.id } });
      expect(await trustedOf(patient.id)).toEqual([clinicHub.id]);
      const again = await call('DELETE', path, f.doctorA1, { headers: { patientid: patient.id, hubid: homeHub.id } });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ resFlag: false, msg: INVALID_ID });
    });

    it('answers a missing header with 400 and resFlag false', async () => {
      const res = await call('DELETE', path, f.doctorA1, { headers: { patientid: patient.id } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resFlag: false, errors: { hubid: REQUIRED } });
    });

    it('keeps 403 without the permission', async () => {
      expect((await call('DELETE', path, f.caregiverA1, { headers: { patientid: patient.id, hubid: clinicHub.id } })).statusCode).toBe(403);
    });

    it("answers another office's or organization's caller as not found (resFlag false) and keeps the row", async () => {
      for (const who of [f.doctorA2, f.doctorB1]) {
        const res = await call('DELETE', path, who, { headers: { patientid: patient.id, hubid: clinicHub.id } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ resFlag: false, code: 'invalidId' });
      }
      expect(await trustedOf(patient.id)).toEqual([clinicHub.id]);
    });
  });
});
