import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role, devices, measurements as measurementsApi } from '@vigil/contract';
import { anonymous, callerFor, invalid, type CallInput } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { hubs, measurements, medicalDevices, tabletInfos, trustedHubs } from '../../db/schema/index';
import { resolveHubToken } from '../../lib/hub-auth';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';
const INVALID_ID = 'Invalid id';

const callAs = callerFor(() => t);

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

type HubBody = NonNullable<CallInput<typeof devices.createHub>['body']>;
const hubBody = (values: Partial<HubBody> = {}): HubBody => ({ hubIdentifier: ident(), hubMAC: '00-1b-44-11-3a-b7', hubName: 'Living room hub', hospitalId: f.a1.id, ...values });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t.close());

describe('POST hub (chosen)', () => {
  it('registers a hub with a normalised MAC, assigned to a patient of its office, without a credential', async () => {
    const body = hubBody({ assignedToUserId: f.patientA1.id });
    const res = await callAs(f.officeAdminA1, devices.createHub, { body });
    expect(res.status, res.reply.body).toBe(201);
    expect(res.body).toMatchObject({
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
    const res = await callAs(f.officeAdminA1, devices.createHub, { body: hubBody({ hubMAC: '01:00:5E:00:00:FB', hubName: '', hubIdentifier: 'has space' }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ hubMAC: FORMAT, hubName: REQUIRED, hubIdentifier: FORMAT });
    const mac = await callAs(f.officeAdminA1, devices.createHub, { body: hubBody({ hubMAC: '00:1B:44:11:3A' }) });
    expect(mac.errors).toEqual({ hubMAC: FORMAT });
  });

  it('refuses an identifier already registered, also in another organization (409)', async () => {
    const other = await insertHub(f.b1.id);
    const res = await callAs(f.officeAdminA1, devices.createHub, { body: hubBody({ hubIdentifier: other.hubIdentifier }) });
    expect(res.status).toBe(409);
    expect(res.reply.json()).toMatchObject({ code: 'hubIdentifierInUse', msg: 'This hub identifier is already registered' });
  });

  it("refuses a patient of another of the caller's offices (400) and answers 404 for another organization's patient", async () => {
    const office = await callAs(f.orgAdminA, devices.createHub, { body: hubBody({ assignedToUserId: f.patientA2.id }) });
    expect(office.status).toBe(400);
    expect(office.errors).toEqual({ assignedToUserId: INVALID_ID });
    const org = await callAs(f.orgAdminA, devices.createHub, { body: hubBody({ assignedToUserId: f.patientB1.id }) });
    expect(org.status).toBe(404);
  });

  it('answers 404 for an office of another office admin or organization, and stores nothing', async () => {
    const body = hubBody();
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await callAs(who, devices.createHub, { body })).status).toBe(404); }
    expect(await t.ctx.db.select().from(hubs).where(eq(hubs.hubIdentifier, body.hubIdentifier))).toHaveLength(0);
  });
});

describe('GET hub (chosen)', () => {
  let kitchen: { id: number };
  let bedroom: { id: number };
  let ward: { id: number };
  let device: { id: number };
  const hubIds = (res: { body: { items: { id: number }[] } }) => res.body.items.map((h) => h.id);
  beforeAll(async () => {
    kitchen = await insertHub(f.a1.id, { hubName: 'Zz Kitchen', hubMac: 'AA:BB:CC:00:00:01', assignedToUserId: f.patientA1.id });
    bedroom = await insertHub(f.a1.id, { hubName: 'Zz Bedroom' });
    ward = await insertHub(f.a2.id, { hubName: 'Zz Ward' });
    await insertHub(f.b1.id, { hubName: 'Zz Other org' });
    device = await insertDevice(f.a1.id, { hubId: kitchen.id, patientId: f.patientA1.id });
  });

  it("pages the hubs of the caller's offices with their devices, searched and sorted", async () => {
    const res = await callAs(f.orgAdminA, devices.getHubs, { query: { search: 'zz', sort: '-hubName' } });
    expect(res.status, res.reply.body).toBe(200);
    const page = res.body;
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(page.items.map((h) => h.hubName)).toEqual(['Zz Ward', 'Zz Kitchen', 'Zz Bedroom']);
    const k = page.items.find((h) => h.id === kitchen.id)!;
    expect(k.assignedMedicalDevicesList.map((d) => d.id)).toEqual([device.id]);
    const byMac = await callAs(f.doctorA1, devices.getHubs, { query: { search: 'aa:bb:cc' } });
    expect(hubIds(byMac)).toEqual([kitchen.id]);
    const paged = await callAs(f.orgAdminA, devices.getHubs, { query: { search: 'zz', pageSize: 1, page: 3 } });
    expect(hubIds(paged)).toEqual([ward.id]);
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
    const res = await callAs(f.nurseA1, devices.getHubs, { query: { search: 'yy' } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.items.map((h) => [h.hubName, h.readingsLast24Hours])).toEqual([
      ['Yy Busy', 3],
      ['Yy Idle', 0],
      ['Yy Quiet', 1],
    ]);
    expect(idle.id).toBeGreaterThan(0);
  });

  it('filters by office', async () => {
    const res = await callAs(f.orgAdminA, devices.getHubs, { headers: { hospitalid: f.a2.id }, query: { search: 'zz' } });
    expect(hubIds(res)).toEqual([ward.id]);
  });

  it('shows a patient only the hubs assigned to them', async () => {
    const res = await callAs(f.patientA1, devices.getHubs, { query: { search: 'zz' } });
    expect(hubIds(res)).toEqual([kitchen.id]);
  });

  it('refuses a page size above 200 and an unknown sort', async () => {
    const res = await callAs(f.doctorA1, devices.getHubs, { query: { pageSize: 500, sort: invalid('mac') } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ pageSize: FORMAT, sort: FORMAT });
  });

  it("gives another office and another organization none of a1's hubs", async () => {
    const a2 = await callAs(f.doctorA2, devices.getHubs, { query: { search: 'zz' } });
    expect(hubIds(a2)).toEqual([ward.id]);
    const b = await callAs(f.doctorB1, devices.getHubs, { headers: { hospitalid: f.a1.id } });
    expect(b.body).toMatchObject({ total: 0, items: [] });
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
    const res = await callAs(f.nurseA1, devices.getHub, { params: { id: hub.id } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data.health).toEqual({ lastCheckInAt: checkIn.toISOString(), readingsLast24Hours: 2, deviceCount: 2, credentialActive: false });
    expect(data.readingsLast24Hours).toBe(2);
    expect(data.assignedMedicalDevicesList.map((d) => d.id)).toEqual([bp.id, scale.id]);
  });

  it('refuses an id that is not a number', async () => {
    expect((await callAs(f.nurseA1, devices.getHub, { params: { id: invalid('abc') } })).errors).toEqual({ id: FORMAT });
  });

  it("answers 404 to another office, another organization and a patient it is not assigned to", async () => {
    const hub = await insertHub(f.a1.id);
    for (const who of [f.doctorA2, f.doctorB1, f.patientA1]) { expect((await callAs(who, devices.getHub, { params: { id: hub.id } })).status).toBe(404); }
  });
});

describe('PUT hub/{id} (chosen)', () => {
  it('renames, re-addresses, unassigns and disables a hub', async () => {
    const hub = await insertHub(f.a1.id, { assignedToUserId: f.patientA1.id });
    const res = await callAs(f.doctorA1, devices.updateHub, { params: { id: hub.id }, body: { hubName: 'Clinic hub', hubMAC: '0a1b2c3d4e5f', assignedToUserId: null, status: 0 } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ id: hub.id, hubName: 'Clinic hub', hubMAC: '0A:1B:2C:3D:4E:5F', assignedToUserId: null, status: 0 });
  });

  it("refuses moving a hub to another office while its devices stay in the old one, and a patient of another office", async () => {
    const hub = await insertHub(f.a1.id);
    await insertDevice(f.a1.id, { hubId: hub.id });
    const move = await callAs(f.orgAdminA, devices.updateHub, { params: { id: hub.id }, body: { hospitalId: f.a2.id } });
    expect(move.status).toBe(400);
    expect(move.errors).toEqual({ hospitalId: 'Invalid' });
    const patient = await callAs(f.orgAdminA, devices.updateHub, { params: { id: hub.id }, body: { assignedToUserId: f.patientA2.id } });
    expect(patient.status).toBe(400);
    expect(patient.errors).toEqual({ assignedToUserId: INVALID_ID });
    const empty = await insertHub(f.a1.id);
    const moved = await callAs(f.orgAdminA, devices.updateHub, { params: { id: empty.id }, body: { hospitalId: f.a2.id, assignedToUserId: f.patientA2.id } });
    expect(moved.status, moved.reply.body).toBe(200);
    expect(moved.body).toMatchObject({ hospitalId: f.a2.id, assignedToUserId: f.patientA2.id });
  });

  it('refuses a bad MAC and status, and a taken identifier (409)', async () => {
    const hub = await insertHub(f.a1.id);
    const other = await insertHub(f.a1.id);
    const bad = await callAs(f.doctorA1, devices.updateHub, { params: { id: hub.id }, body: { hubMAC: 'FF:FF:FF:FF:FF:FF', status: invalid(2) } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ hubMAC: FORMAT, status: FORMAT });
    expect((await callAs(f.doctorA1, devices.updateHub, { params: { id: hub.id }, body: { hubIdentifier: other.hubIdentifier } })).status).toBe(409);
  });

  it("answers 404 for another office's or organization's hub and leaves it unchanged", async () => {
    const hub = await insertHub(f.a1.id, { hubName: 'Unchanged' });
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await callAs(who, devices.updateHub, { params: { id: hub.id }, body: { hubName: 'Taken over' } })).status).toBe(404); }
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
    const res = await callAs(f.officeAdminA1, devices.deleteHub, { params: { id: hub.id } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toEqual({ id: hub.id });
    const [d] = await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id));
    expect(d!.hubId).toBeNull();
    expect(await t.ctx.db.select().from(trustedHubs).where(eq(trustedHubs.hubId, hub.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(tabletInfos).where(eq(tabletInfos.hubId, hub.id))).toHaveLength(0);
  });

  it('refuses to delete a hub with readings (409)', async () => {
    const hub = await insertHub(f.a1.id);
    const device = await insertDevice(f.a1.id, { hubId: hub.id, patientId: f.patientA1.id });
    await insertReading(hub.id, device.id, f.patientA1.id, f.a1.id, new Date());
    const res = await callAs(f.officeAdminA1, devices.deleteHub, { params: { id: hub.id } });
    expect(res.status).toBe(409);
    expect(res.reply.json()).toMatchObject({ code: 'hubHasReadings', msg: 'This hub has readings and cannot be deleted; disable it instead' });
    expect(await t.ctx.db.select().from(hubs).where(eq(hubs.id, hub.id))).toHaveLength(1);
  });

  it('refuses an id of 0', async () => {
    expect((await callAs(f.officeAdminA1, devices.deleteHub, { params: { id: invalid(0) } })).status).toBe(400);
  });

  it("answers 404 for another office's or organization's hub and keeps it", async () => {
    const hub = await insertHub(f.a1.id);
    for (const who of [f.officeAdminA2, f.doctorB1]) { expect((await callAs(who, devices.deleteHub, { params: { id: hub.id } })).status).toBe(404); }
    expect(await t.ctx.db.select().from(hubs).where(eq(hubs.id, hub.id))).toHaveLength(1);
  });
});

describe('hub credential (chosen)', () => {
  // An empty batch: once the hub is authenticated it is refused as input (400), so only a 401 tells the credential failed.
  const postReading = (token: string) => callAs({ hubtoken: token }, measurementsApi.postMeasurements, { body: invalid({ readings: [] }) });
  const credentialCalls = [devices.issueHubCredential, devices.revokeHubCredential] as const;

  it('issues a credential once that authenticates the hub, and rotating it retires the previous one', async () => {
    const hub = await insertHub(f.a1.id, { assignedToUserId: f.patientA1.id });
    const res = await callAs(f.nurseA1, devices.issueHubCredential, { params: { id: hub.id } });
    expect(res.status, res.reply.body).toBe(200);
    const { credential, hubId, hubIdentifier } = res.body;
    expect({ hubId, hubIdentifier }).toEqual({ hubId: hub.id, hubIdentifier: hub.hubIdentifier });
    expect(credential.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.ctx.db.select().from(hubs).where(eq(hubs.id, hub.id));
    expect(row!.credentialHash).not.toBe(credential);
    expect(await resolveHubToken(t.ctx, credential)).toEqual({ hubId: hub.id, hubIdentifier: hub.hubIdentifier, hospitalId: f.a1.id, assignedToUserId: f.patientA1.id });
    expect((await postReading(credential)).status).not.toBe(401);
    const view = await callAs(f.nurseA1, devices.getHub, { params: { id: hub.id } });
    expect(view.body).toMatchObject({ hasCredential: true, health: { credentialActive: true } });
    expect(view.reply.body).not.toContain(credential);

    const rotated = await callAs(f.nurseA1, devices.issueHubCredential, { params: { id: hub.id } });
    const next = rotated.body.credential;
    expect(next).not.toBe(credential);
    expect(await resolveHubToken(t.ctx, credential)).toBeNull();
    expect((await resolveHubToken(t.ctx, next))?.hubId).toBe(hub.id);
  });

  it('revokes the credential: the hub no longer authenticates', async () => {
    const hub = await insertHub(f.a1.id);
    const credential = (await callAs(f.doctorA1, devices.issueHubCredential, { params: { id: hub.id } })).body.credential;
    expect((await postReading(credential)).status).not.toBe(401);
    const res = await callAs(f.doctorA1, devices.revokeHubCredential, { params: { id: hub.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hubId: hub.id, revokedAt: expect.any(String) });
    expect(await resolveHubToken(t.ctx, credential)).toBeNull();
    expect((await postReading(credential)).status).toBe(401);
    expect((await callAs(f.doctorA1, devices.getHub, { params: { id: hub.id } })).body.hasCredential).toBe(false);
  });

  it('refuses an id that is not a number', async () => {
    for (const endpoint of credentialCalls) { expect((await callAs(f.doctorA1, endpoint, { params: { id: invalid('x') } })).errors, endpoint.method).toEqual({ id: FORMAT }); }
  });

  it("answers 404 for another office's or organization's hub and issues nothing", async () => {
    const hub = await insertHub(f.a1.id);
    for (const who of [f.officeAdminA2, f.doctorB1]) {
      for (const endpoint of credentialCalls) { expect((await callAs(who, endpoint, { params: { id: hub.id } })).status, endpoint.method).toBe(404); }
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
      const res = await callAs(f.nurseA1, devices.createTrustedHub, { body: { patientId: patient.id, hubId: homeHub.id } });
      expect(res.status, res.reply.body).toBe(200);
      expect(res.reply.json()).toMatchObject({
        resFlag: true,
        data: { patientId: patient.id, hubId: homeHub.id, hubIdentifier: homeHub.hubIdentifier, hubName: 'A home', hospitalId: f.a1.id },
      });
      const again = await callAs(f.nurseA1, devices.createTrustedHub, { body: { patientId: patient.id, hubId: homeHub.id } });
      expect(again.body.id).toBe(res.body.id);
      expect(await trustedOf(patient.id)).toEqual([homeHub.id]);
    });

    it('answers a validation failure with 400, resFlag false and the field messages', async () => {
      const res = await callAs(f.nurseA1, devices.createTrustedHub, { body: invalid({ patientId: patient.id }) });
      expect(res.status).toBe(400);
      expect(res.reply.json()).toEqual({ resFlag: false, data: null, msg: 'Some fields are not valid', code: 'validationFailed', errors: { hubId: REQUIRED } });
    });

    it("answers a hub of another of the caller's offices with 400 and resFlag false", async () => {
      const res = await callAs(f.orgAdminA, devices.createTrustedHub, { body: { patientId: patient.id, hubId: a2Hub.id } });
      expect(res.status).toBe(400);
      expect(res.reply.json()).toMatchObject({ resFlag: false, data: null, errors: { hubId: INVALID_ID } });
    });

    it('keeps 401 without a session', async () => {
      expect((await callAs(anonymous, devices.createTrustedHub, { body: { patientId: patient.id, hubId: homeHub.id } })).status).toBe(401);
    });

    it("answers another office's or organization's patient or hub as not found (resFlag false) and stores nothing", async () => {
      const cases = [
        { who: f.doctorA2, body: { patientId: patient.id, hubId: a2Hub.id } },
        { who: f.doctorB1, body: { patientId: patient.id, hubId: b1Hub.id } },
        { who: f.doctorA1, body: { patientId: patient.id, hubId: b1Hub.id } },
      ];
      for (const c of cases) {
        const res = await callAs(c.who, devices.createTrustedHub, { body: c.body });
        expect(res.status).toBe(404);
        expect(res.reply.json()).toMatchObject({ resFlag: false, data: null, msg: INVALID_ID, code: 'invalidId' });
      }
      expect(await trustedOf(patient.id)).toEqual([homeHub.id]);
    });
  });

  describe('PUT trustedhub/updatetrustedhubforpatient', () => {
    const setTrusted = devices.updateTrustedHubsForPatient;

    it("replaces the patient's trusted hubs, and an empty list clears them", async () => {
      const res = await callAs(f.doctorA1, setTrusted, { headers: { patientid: patient.id }, body: { hubIds: [clinicHub.id, homeHub.id, clinicHub.id] } });
      expect(res.status, res.reply.body).toBe(200);
      expect(res.body.map((h) => h.hubId)).toEqual([homeHub.id, clinicHub.id]);
      const only = await callAs(f.doctorA1, setTrusted, { headers: { patientid: patient.id }, body: { hubIds: [clinicHub.id] } });
      expect(only.body.map((h) => h.hubId)).toEqual([clinicHub.id]);
      expect(await trustedOf(patient.id)).toEqual([clinicHub.id]);
      const cleared = await callAs(f.doctorA1, setTrusted, { headers: { patientid: patient.id }, body: { hubIds: [] } });
      expect(cleared.reply.json()).toMatchObject({ resFlag: true, data: [] });
      expect(await trustedOf(patient.id)).toEqual([]);
    });

    it('answers validation failures with 400 and resFlag false, changing nothing', async () => {
      await callAs(f.doctorA1, setTrusted, { headers: { patientid: patient.id }, body: { hubIds: [homeHub.id] } });
      const missing = await callAs(f.doctorA1, setTrusted, { body: { hubIds: invalid('all') } });
      expect(missing.status).toBe(400);
      expect(missing.reply.json()).toMatchObject({ resFlag: false, errors: { patientid: REQUIRED, hubIds: FORMAT } });
      const foreign = await callAs(f.doctorA1, setTrusted, { headers: { patientid: patient.id }, body: { hubIds: [clinicHub.id, b1Hub.id] } });
      // Another tenant's hub reads as not found (docs/first-day.md).
      expect(foreign.status).toBe(404);
      expect(await trustedOf(patient.id)).toEqual([homeHub.id]);
    });

    it("answers another organization's patient as not found (resFlag false) and changes nothing", async () => {
      for (const who of [f.doctorB1, f.orgAdminB, f.doctorA2]) {
        const res = await callAs(who, setTrusted, { headers: { patientid: patient.id }, body: { hubIds: [] } });
        expect(res.status).toBe(404);
        expect(res.reply.json()).toMatchObject({ resFlag: false, code: 'invalidId' });
      }
      expect(await trustedOf(patient.id)).toEqual([homeHub.id]);
    });
  });

  describe('DELETE trustedhub/deletetrustedhubforpatient', () => {
    const untrust = devices.deleteTrustedHubForPatient;

    it('stops the patient trusting a hub; a hub not trusted answers resFlag false', async () => {
      await callAs(f.doctorA1, devices.updateTrustedHubsForPatient, { headers: { patientid: patient.id }, body: { hubIds: [homeHub.id, clinicHub.id] } });
      const [row] = await t.ctx.db.select().from(trustedHubs).where(and(eq(trustedHubs.patientId, patient.id), eq(trustedHubs.hubId, homeHub.id)));
      const res = await callAs(f.doctorA1, untrust, { headers: { patientid: patient.id, hubid: homeHub.id } });
      expect(res.status).toBe(200);
      expect(res.reply.json()).toMatchObject({ resFlag: true, data: { id: row!.id } });
      expect(await trustedOf(patient.id)).toEqual([clinicHub.id]);
      const again = await callAs(f.doctorA1, untrust, { headers: { patientid: patient.id, hubid: homeHub.id } });
      expect(again.status).toBe(404);
      expect(again.reply.json()).toMatchObject({ resFlag: false, msg: INVALID_ID });
    });

    it('answers a missing header with 400 and resFlag false', async () => {
      const res = await callAs(f.doctorA1, untrust, { headers: invalid({ patientid: patient.id }) });
      expect(res.status).toBe(400);
      expect(res.reply.json()).toMatchObject({ resFlag: false, errors: { hubid: REQUIRED } });
    });

    it("answers another office's or organization's caller as not found (resFlag false) and keeps the row", async () => {
      for (const who of [f.doctorA2, f.doctorB1]) {
        const res = await callAs(who, untrust, { headers: { patientid: patient.id, hubid: clinicHub.id } });
        expect(res.status).toBe(404);
        expect(res.reply.json()).toMatchObject({ resFlag: false, code: 'invalidId' });
      }
      expect(await trustedOf(patient.id)).toEqual([clinicHub.id]);
    });
  });
});
