import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, measurementCatalogue } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
import { hubs, measurements, medicalDeviceTemplates, medicalDevices, tabletInfos, treatmentPlanDevices, treatmentPlans } from '../../db/schema/index';
import { seedDeviceTemplates } from '../../db/seed/device-templates';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
/** A partner: holds no devices permission at all. */
let partner: { id: number };
/** A patient of both a1 and a2. */
let patientA1A2: { id: number; firstName: string; lastName: string };
let hubA1: number;
let hubA2: number;
let hubB1: number;

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';
const INVALID_ID = 'Invalid id';
const FORBIDDEN = 'You do not have permission to do this';

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
async function call(method: Method, path: string, who: { id: number }, opts: { headers?: Record<string, string | number>; payload?: unknown; query?: Record<string, string | number> } = {}) {
  const headers: Record<string, string> = { ...(await as(who)), 'accept-language': 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  const qs = opts.query ? '?' + new URLSearchParams(Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))).toString() : '';
  return t.app.inject({ method, url: `/api/${path}${qs}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

let seq = 0;
const ident = (prefix = 'DEV') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** A device row written straight to the table (fixtures for reads and other tenants). */
async function insertDevice(values: Partial<typeof medicalDevices.$inferInsert> & { hospitalId: number }) {
  const [row] = await t.ctx.db
    .insert(medicalDevices)
    .values({ deviceIdentifier: ident(), deviceType: 'BLOOD_PRESSURE', ...values })
    .returning();
  return row!;
}

async function insertHub(hospitalId: number, values: Partial<typeof hubs.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(hubs)
    .values({ hubIdentifier: ident('HUB'), hubMac: '00:1B:44:11:3A:B7', hubName: 'Hub', hospitalId, ...values })
    .returning();
  return row!.id;
}

async function templateId(modelName: string) {
  const [row] = await t.ctx.db.select().from(medicalDeviceTemplates).where(eq(medicalDeviceTemplates.modelName, modelName));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  partner = await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
  patientA1A2 = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id, f.a2.id], values: { firstName: 'Grace', lastName: 'Hopper' } });
  hubA1 = await insertHub(f.a1.id, { hubName: 'Home hub A1' });
  hubA2 = await insertHub(f.a2.id);
  hubB1 = await insertHub(f.b1.id);
});
afterAll(async () => t.close());

describe('device templates seed', () => {
  it('seeds real models of every hub device type (a heart rate comes from wearables) with values and default thresholds, and re-running changes nothing', async () => {
    await seedDeviceTemplates(t.ctx.db);
    const rows = await t.ctx.db.select().from(medicalDeviceTemplates);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.deviceType))).toEqual(new Set(['BLOOD_PRESSURE', 'WEIGHT', 'GLUCOSE', 'SPO2', 'TEMPERATURE']));
    const omron = rows.find((r) => r.modelName === '5 Series BP7250')!;
    expect(omron).toMatchObject({ manufacturerId: 1, manufacturerName: 'Omron Healthcare', deviceTypeTitle: 'Blood pressure', deviceTypeTitleEsp: 'Presión arterial' });
    expect(omron.measurementsJson).toEqual([
      { code: '8480-6', unit: 'mm[Hg]', label: 'Systolic', labelEsp: 'Sistólica', min: 40, max: 300 },
      { code: '8462-4', unit: 'mm[Hg]', label: 'Diastolic', labelEsp: 'Diastólica', min: 20, max: 200 },
      { code: '8867-4', unit: '/min', label: 'Pulse', labelEsp: 'Pulso', min: 20, max: 300 },
    ]);
    expect(omron.defaultValuesJson).toEqual(measurementCatalogue.BLOOD_PRESSURE.defaultThresholds);
  });
});

describe('POST medicaldevice', () => {
  it('registers a device of an office assigned to a patient and a hub of that office, with its template and overrides', async () => {
    const deviceIdentifier = ident('OMRON');
    const res = await call('POST', 'medicaldevice', f.nurseA1, {
      payload: {
        deviceIdentifier,
        deviceType: 'BLOOD_PRESSURE',
        templateId: await templateId('5 Series BP7250'),
        hospitalId: f.a1.id,
        patientId: f.patientA1.id,
        hubId: hubA1,
        deviceDefaultValuesJson: '{"8480-6":{"cautionHigh":135,"criticalHigh":170}}',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const device = res.json().data;
    expect(device).toMatchObject({
      deviceIdentifier,
      deviceType: 'BLOOD_PRESSURE',
      deviceTypeTitle: 'Blood pressure',
      deviceTypeTitleEsp: 'Presión arterial',
      manufacturerName: 'Omron Healthcare',
      modelName: '5 Series BP7250',
      hospitalId: f.a1.id,
      hospitalName: f.a1.hospitalName,
      hubId: hubA1,
      patientId: f.patientA1.id,
      patientFullname: `${f.patientA1.firstName} ${f.patientA1.lastName}`,
      isManualMeasurement: false,
      status: 1,
    });
    expect(JSON.parse(device.deviceDefaultValuesJson)).toEqual({ '8480-6': { cautionHigh: 135, criticalHigh: 170 } });
    const [row] = await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id));
    expect(row!.deviceDefaultValuesJson).toEqual({ '8480-6': { cautionHigh: 135, criticalHigh: 170 } });
  });

  it("refuses missing and malformed fields with the spec's form messages", async () => {
    const res = await call('POST', 'medicaldevice', f.nurseA1, { payload: { deviceType: 'BLOOD_SUGAR', hospitalId: f.a1.id, patientId: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resFlag: false, errors: { deviceIdentifier: REQUIRED, deviceType: FORMAT, patientId: FORMAT } });
  });

  it('refuses a template of another device type, and thresholds whose critical limit is inside the caution limit', async () => {
    const base = { deviceType: 'WEIGHT', hospitalId: f.a1.id };
    const template = await call('POST', 'medicaldevice', f.nurseA1, { payload: { ...base, deviceIdentifier: ident(), templateId: await templateId('Accu-Chek Guide') } });
    expect(template.statusCode).toBe(400);
    expect(template.json().errors).toEqual({ templateId: INVALID_ID });
    const limits = await call('POST', 'medicaldevice', f.nurseA1, {
      payload: { ...base, deviceIdentifier: ident(), deviceDefaultValuesJson: { '29463-7': { cautionHigh: 120, criticalHigh: 110 } } },
    });
    expect(limits.statusCode).toBe(400);
    expect(limits.json()).toMatchObject({ msg: 'Critical limits must lie outside the caution limits', errors: { 'deviceDefaultValuesJson.29463-7': 'Critical limits must lie outside the caution limits' } });
  });

  it("refuses a patient or a hub of another of the caller's offices (400 on the field)", async () => {
    const patient = await call('POST', 'medicaldevice', f.orgAdminA, { payload: { deviceIdentifier: ident(), deviceType: 'SPO2', hospitalId: f.a1.id, patientId: f.patientA2.id } });
    expect(patient.statusCode).toBe(400);
    expect(patient.json().errors).toEqual({ patientId: INVALID_ID });
    const hub = await call('POST', 'medicaldevice', f.orgAdminA, { payload: { deviceIdentifier: ident(), deviceType: 'SPO2', hospitalId: f.a1.id, hubId: hubA2 } });
    expect(hub.statusCode).toBe(400);
    expect(hub.json().errors).toEqual({ hubId: INVALID_ID });
  });

  it('refuses a device identifier already registered, also by another organization (409)', async () => {
    const other = await insertDevice({ hospitalId: f.b1.id });
    const res = await call('POST', 'medicaldevice', f.nurseA1, { payload: { deviceIdentifier: other.deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ resFlag: false, msg: 'This device identifier is already registered', code: 'deviceIdentifierInUse' });
  });

  it('is refused to a caregiver and a patient (403)', async () => {
    for (const who of [f.caregiverA1, f.patientA1]) {
      const res = await call('POST', 'medicaldevice', who, { payload: { deviceIdentifier: ident(), deviceType: 'GLUCOSE', hospitalId: f.a1.id } });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(FORBIDDEN);
    }
  });

  it("answers 404 for another office, another organization's patient or hub, and stores nothing", async () => {
    const deviceIdentifier = ident();
    const cases = [
      { who: f.officeAdminA2, payload: { deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id } },
      { who: f.doctorB1, payload: { deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id } },
      { who: f.doctorA1, payload: { deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id, patientId: f.patientB1.id } },
      { who: f.doctorA1, payload: { deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id, hubId: hubB1 } },
    ];
    for (const c of cases) {
      const res = await call('POST', 'medicaldevice', c.who, { payload: c.payload });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(INVALID_ID);
    }
    expect(await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.deviceIdentifier, deviceIdentifier))).toHaveLength(0);
  });
});

describe('GET medicaldevice/{id}', () => {
  it('answers a device to staff of its office and to its own patient', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id, deviceType: 'GLUCOSE', isManualMeasurement: true });
    for (const who of [f.doctorA1, f.caregiverA1, f.orgAdminA, f.patientA1]) {
      const res = await call('GET', `medicaldevice/${device.id}`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: device.id, deviceIdentifier: device.deviceIdentifier, deviceType: 'GLUCOSE', deviceTypeTitle: 'Blood glucose', isManualMeasurement: true, deviceDefaultValuesJson: '{}' });
    }
  });

  it('refuses an id that is not a positive number', async () => {
    const res = await call('GET', 'medicaldevice/abc', f.doctorA1);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ id: FORMAT });
  });

  it('is refused to a role without devices.read (403)', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    expect((await call('GET', `medicaldevice/${device.id}`, partner)).statusCode).toBe(403);
  });

  it("answers 404 to another office, another organization and another patient", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: patientA1A2.id });
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB, f.patientA1]) {
      const res = await call('GET', `medicaldevice/${device.id}`, who);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('PUT medicaldevice/{id}', () => {
  it('changes identifier, hub, manual flag and status, and unassigns the patient with null', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id });
    const deviceIdentifier = ident('NEW');
    const res = await call('PUT', `medicaldevice/${device.id}`, f.doctorA1, { payload: { deviceIdentifier, hubId: hubA1, patientId: null, isManualMeasurement: true, status: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: device.id, deviceIdentifier, hubId: hubA1, patientId: null, patientFullname: null, isManualMeasurement: true, status: 0 });
  });

  it("moves a device to another of the caller's offices only with a patient of that office", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id });
    const refused = await call('PUT', `medicaldevice/${device.id}`, f.orgAdminA, { payload: { hospitalId: f.a2.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ patientId: INVALID_ID });
    const moved = await call('PUT', `medicaldevice/${device.id}`, f.orgAdminA, { payload: { hospitalId: f.a2.id, patientId: patientA1A2.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ hospitalId: f.a2.id, patientId: patientA1A2.id });
  });

  it('refuses a changed device type, a bad status and a taken identifier', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    const other = await insertDevice({ hospitalId: f.a1.id });
    const bad = await call('PUT', `medicaldevice/${device.id}`, f.doctorA1, { payload: { status: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: FORMAT });
    expect((await call('PUT', `medicaldevice/${device.id}`, f.doctorA1, { payload: { deviceType: 'WEIGHT' } })).statusCode).toBe(400);
    const taken = await call('PUT', `medicaldevice/${device.id}`, f.doctorA1, { payload: { deviceIdentifier: other.deviceIdentifier } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('deviceIdentifierInUse');
  });

  it('is refused to a caregiver (403)', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    expect((await call('PUT', `medicaldevice/${device.id}`, f.caregiverA1, { payload: { status: 0 } })).statusCode).toBe(403);
  });

  it("answers 404 for another office's or organization's device and leaves it unchanged", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    for (const who of [f.officeAdminA2, f.doctorB1]) { expect((await call('PUT', `medicaldevice/${device.id}`, who, { payload: { status: 0 } })).statusCode).toBe(404); }
    // Moving one's own device into an office one does not have is a 404 too.
    const own = await insertDevice({ hospitalId: f.a2.id });
    expect((await call('PUT', `medicaldevice/${own.id}`, f.officeAdminA2, { payload: { hospitalId: f.a1.id } })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id));
    expect(row!.status).toBe(1);
  });
});

describe('DELETE medicaldevice/{id}', () => {
  it('deletes a device without readings', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    const res = await call('DELETE', `medicaldevice/${device.id}`, f.nurseA1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: device.id });
    expect(await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id))).toHaveLength(0);
  });

  it('refuses to delete a device with readings (409) and keeps it', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id });
    await t.ctx.db.insert(measurements).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, deviceId: device.id, deviceKey: device.id, deviceType: 'BLOOD_PRESSURE', measuredAt: new Date(), valuesJson: { '8480-6': 120, '8462-4': 80 } });
    const res = await call('DELETE', `medicaldevice/${device.id}`, f.nurseA1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'deviceHasReadings', msg: 'This device has readings and cannot be deleted; unassign it instead' });
    expect(await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id))).toHaveLength(1);
  });

  it('refuses an id of 0', async () => {
    expect((await call('DELETE', 'medicaldevice/0', f.nurseA1)).statusCode).toBe(400);
  });

  it('is refused to a caregiver (403)', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    expect((await call('DELETE', `medicaldevice/${device.id}`, f.caregiverA1)).statusCode).toBe(403);
  });

  it("answers 404 for another office's or organization's device and keeps it", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await call('DELETE', `medicaldevice/${device.id}`, who)).statusCode).toBe(404); }
    expect(await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id))).toHaveLength(1);
  });
});

describe('GET medicaldevice/getmedicaldevicesforpatient and ...V2', () => {
  let patient: { id: number };
  let bp: { id: number };
  let glucose: { id: number };
  let spo2: { id: number };
  let other: { id: number };
  let planDeviceBp: number;
  let planId: number;

  beforeAll(async () => {
    patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id, f.a2.id] });
    glucose = await insertDevice({ hospitalId: f.a1.id, patientId: patient.id, deviceType: 'GLUCOSE' });
    bp = await insertDevice({ hospitalId: f.a1.id, patientId: patient.id, deviceType: 'BLOOD_PRESSURE', deviceDefaultValuesJson: { '8480-6': { cautionHigh: 130 } } });
    spo2 = await insertDevice({ hospitalId: f.a1.id, patientId: patient.id, deviceType: 'SPO2' });
    other = await insertDevice({ hospitalId: f.a2.id, patientId: patient.id, deviceType: 'WEIGHT' });
    // An old plan (inactive) and the active plan, with a device entry for blood pressure and one for glucose.
    const [old] = await t.ctx.db.insert(treatmentPlans).values({ patientId: patient.id, hospitalId: f.a1.id, title: 'Old', status: 0, sortOrder: 1 }).returning();
    await t.ctx.db.insert(treatmentPlanDevices).values({ treatmentPlanId: old!.id, deviceType: 'SPO2', time1: '07:00' });
    const [plan] = await t.ctx.db.insert(treatmentPlans).values({ patientId: patient.id, hospitalId: f.a1.id, title: 'Hypertension', status: 1, sortOrder: 0 }).returning();
    planId = plan!.id;
    const [entry] = await t.ctx.db
      .insert(treatmentPlanDevices)
      .values({ treatmentPlanId: planId, deviceType: 'BLOOD_PRESSURE', time1: '08:00', time2: '20:00', measurementPeriod: 'DAILY', measurementsCount: 2 })
      .returning();
    planDeviceBp = entry!.id;
    await t.ctx.db.insert(treatmentPlanDevices).values({ treatmentPlanId: planId, deviceType: 'GLUCOSE', medicalDeviceId: glucose.id, time1: '07:30' });
  });

  it("lists the patient's devices of the caller's offices by device type", async () => {
    const res = await call('GET', 'medicaldevice/getmedicaldevicesforpatient', f.doctorA1, { headers: { patientid: patient.id } });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { id: number; deviceType: string; deviceDefaultValuesJson: string }[];
    expect(list.map((d) => d.id)).toEqual([bp.id, glucose.id, spo2.id]);
    expect(JSON.parse(list[0]!.deviceDefaultValuesJson)).toEqual({ '8480-6': { cautionHigh: 130 } });
    // The organization admin sees the a2 device too.
    const org = await call('GET', 'medicaldevice/getmedicaldevicesforpatient', f.orgAdminA, { query: { patientId: patient.id } });
    expect((org.json().data as { id: number }[]).map((d) => d.id)).toEqual([bp.id, glucose.id, spo2.id, other.id]);
  });

  it('adds monitoringDetails from the active plan: the entry naming the device, else the entry of its type, else null', async () => {
    const res = await call('GET', 'medicaldevice/getmedicaldevicesforpatientV2', f.nurseA1, { headers: { patientid: patient.id } });
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map((res.json().data as { id: number; monitoringDetails: unknown; deviceDefaultValuesJson: string }[]).map((d) => [d.id, d]));
    expect(byId.get(bp.id)!.monitoringDetails).toEqual({
      id: planDeviceBp,
      treatmentPlanId: planId,
      time1: '08:00',
      time2: '20:00',
      time3: null,
      time4: null,
      measurementPeriod: 'DAILY',
      measurementsCount: 2,
      deviceTypeTitle: 'Blood pressure',
      deviceTypeTitleEsp: 'Presión arterial',
    });
    expect(typeof byId.get(bp.id)!.deviceDefaultValuesJson).toBe('string');
    expect(byId.get(glucose.id)!.monitoringDetails).toMatchObject({ treatmentPlanId: planId, time1: '07:30', deviceTypeTitleEsp: 'Glucosa en sangre' });
    // SpO2 is only in the inactive plan.
    expect(byId.get(spo2.id)!.monitoringDetails).toBeNull();
  });

  it('answers 404 for a patient the caller may not see, and an empty list for a visible patient without devices', async () => {
    for (const who of [f.doctorB1, f.patientA2]) {
      expect((await call('GET', 'medicaldevice/getmedicaldevicesforpatientV2', who, { headers: { patientid: patient.id } })).statusCode).toBe(404);
    }
    // A patient of a1 only: a2's staff may not see them.
    expect((await call('GET', 'medicaldevice/getmedicaldevicesforpatientV2', f.doctorA2, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(404);
    const bare = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id] });
    const res = await call('GET', 'medicaldevice/getmedicaldevicesforpatientV2', f.nurseA1, { headers: { patientid: bare.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('lists the same devices in the same order as the first version, for an office role and the organization admin', async () => {
    for (const who of [f.doctorA1, f.orgAdminA]) {
      const v1 = (await call('GET', 'medicaldevice/getmedicaldevicesforpatient', who, { headers: { patientid: patient.id } })).json().data as { id: number }[];
      const v2 = (await call('GET', 'medicaldevice/getmedicaldevicesforpatientV2', who, { headers: { patientid: patient.id } })).json().data as { id: number; monitoringDetails: unknown }[];
      expect(v2.map(({ monitoringDetails: _details, ...device }) => device)).toEqual(v1);
    }
  });

  it('lets a patient read their own devices', async () => {
    const own = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id, deviceType: 'TEMPERATURE' });
    const res = await call('GET', 'medicaldevice/getmedicaldevicesforpatientV2', f.patientA1, { headers: { patientid: f.patientA1.id } });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { id: number }[]).map((d) => d.id)).toContain(own.id);
  });

  it('requires a numeric patientId header', async () => {
    for (const path of ['getmedicaldevicesforpatient', 'getmedicaldevicesforpatientV2']) {
      expect((await call('GET', `medicaldevice/${path}`, f.doctorA1)).json().errors).toEqual({ patientid: REQUIRED });
      expect((await call('GET', `medicaldevice/${path}`, f.doctorA1, { headers: { patientid: 'x' } })).json().errors).toEqual({ patientid: FORMAT });
    }
  });

  it('is refused to a role without devices.read (403)', async () => {
    for (const path of ['getmedicaldevicesforpatient', 'getmedicaldevicesforpatientV2']) {
      expect((await call('GET', `medicaldevice/${path}`, partner, { headers: { patientid: patient.id } })).statusCode).toBe(403);
    }
  });

  it("answers 404 for a patient of another organization, and another patient's own call", async () => {
    for (const path of ['getmedicaldevicesforpatient', 'getmedicaldevicesforpatientV2']) {
      for (const who of [f.doctorB1, f.orgAdminB, f.patientA1]) {
        const res = await call('GET', `medicaldevice/${path}`, who, { headers: { patientid: patient.id } });
        expect(res.statusCode).toBe(404);
      }
    }
  });

  it("leaves out devices of another office (a2's doctor sees only the a2 device)", async () => {
    const res = await call('GET', 'medicaldevice/getmedicaldevicesforpatientV2', f.doctorA2, { headers: { patientid: patient.id } });
    expect((res.json().data as { id: number }[]).map((d) => d.id)).toEqual([other.id]);
  });
});

describe('GET medicaldevice/getmedicaldevicesforhospital (chosen)', () => {
  const path = 'medicaldevice/getmedicaldevicesforhospital';
  const run = `LST${Date.now().toString(36)}`.toUpperCase();
  let bpA1: { id: number; deviceIdentifier: string };
  let scaleA1: { id: number; deviceIdentifier: string };
  let spareA1: { id: number; deviceIdentifier: string };
  let glucoseA2: { id: number; deviceIdentifier: string };
  const ids = (res: { json: () => { data: { items: { id: number }[] } } }) => res.json().data.items.map((d) => d.id);

  beforeAll(async () => {
    bpA1 = await insertDevice({
      deviceIdentifier: `${run}-C-BP`,
      hospitalId: f.a1.id,
      patientId: f.patientA1.id,
      hubId: hubA1,
      templateId: await templateId('5 Series BP7250'),
    });
    scaleA1 = await insertDevice({ deviceIdentifier: `${run}-A-SCALE`, hospitalId: f.a1.id, deviceType: 'WEIGHT', patientId: patientA1A2.id });
    spareA1 = await insertDevice({ deviceIdentifier: `${run}-B-SPARE`, hospitalId: f.a1.id });
    glucoseA2 = await insertDevice({ deviceIdentifier: `${run}-D-GLU`, hospitalId: f.a2.id, deviceType: 'GLUCOSE', patientId: patientA1A2.id });
    await insertDevice({ deviceIdentifier: `${run}-E-OTHER-ORG`, hospitalId: f.b1.id });
  });

  it("pages the devices of the caller's offices with patient name, hub identifier and model, searched by identifier", async () => {
    const res = await call('GET', path, f.orgAdminA, { query: { search: run.toLowerCase() } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(ids(res)).toEqual([scaleA1.id, spareA1.id, bpA1.id, glucoseA2.id]);
    const bp = res.json().data.items.find((d: { id: number }) => d.id === bpA1.id);
    expect(bp).toMatchObject({
      deviceIdentifier: `${run}-C-BP`,
      deviceType: 'BLOOD_PRESSURE',
      deviceTypeTitle: 'Blood pressure',
      hospitalId: f.a1.id,
      hospitalName: f.a1.hospitalName,
      hubId: hubA1,
      hubIdentifier: expect.stringMatching(/^HUB-/),
      patientId: f.patientA1.id,
      patientFullname: `${f.patientA1.firstName} ${f.patientA1.lastName}`,
      manufacturerName: 'Omron Healthcare',
      modelName: '5 Series BP7250',
    });
    const spare = res.json().data.items.find((d: { id: number }) => d.id === spareA1.id);
    expect(spare).toMatchObject({ patientId: null, patientFullname: null, hubId: null, hubIdentifier: null, modelName: '' });
  });

  it('sorts by device type or creation, pages, and filters by office, device type and patient', async () => {
    const q = { search: run };
    const byType = await call('GET', path, f.orgAdminA, { query: { ...q, sort: '-deviceType' } });
    expect(ids(byType)).toEqual([scaleA1.id, glucoseA2.id, spareA1.id, bpA1.id]);
    const newest = await call('GET', path, f.orgAdminA, { query: { ...q, sort: '-createdAt', pageSize: 2, page: 1 } });
    expect(newest.json().data).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(ids(newest)).toEqual([glucoseA2.id, spareA1.id]);
    const office = await call('GET', path, f.orgAdminA, { headers: { hospitalid: f.a2.id }, query: q });
    expect(ids(office)).toEqual([glucoseA2.id]);
    const asQuery = await call('GET', path, f.orgAdminA, { query: { ...q, hospitalId: f.a1.id } });
    expect(ids(asQuery)).toEqual([scaleA1.id, spareA1.id, bpA1.id]);
    const type = await call('GET', path, f.orgAdminA, { query: { ...q, devicetype: 'WEIGHT' } });
    expect(ids(type)).toEqual([scaleA1.id]);
    const patient = await call('GET', path, f.orgAdminA, { query: { ...q, patientid: patientA1A2.id } });
    expect(ids(patient)).toEqual([scaleA1.id, glucoseA2.id]);
    const both = await call('GET', path, f.orgAdminA, { headers: { hospitalid: f.a1.id }, query: { ...q, patientid: patientA1A2.id } });
    expect(ids(both)).toEqual([scaleA1.id]);
  });

  it('lists the devices no patient holds (what enrolment can hand out), office by office', async () => {
    const free = await call('GET', path, f.orgAdminA, { query: { search: run, unassigned: 'true' } });
    expect(ids(free)).toEqual([spareA1.id]);
    const a2 = await call('GET', path, f.orgAdminA, { headers: { hospitalid: f.a2.id }, query: { search: run, unassigned: 'true' } });
    expect(ids(a2)).toEqual([]);
  });

  it('shows a patient only the devices assigned to them', async () => {
    const res = await call('GET', path, f.patientA1, { query: { search: run } });
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([bpA1.id]);
  });

  it('refuses a page size above 200, an unknown sort, device type or office, and a malformed patient id', async () => {
    const res = await call('GET', path, f.doctorA1, { query: { pageSize: 500, sort: 'patient', devicetype: 'XRAY', patientid: 'x' }, headers: { hospitalid: 'a1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ pageSize: FORMAT, sort: FORMAT, devicetype: FORMAT, patientid: FORMAT, hospitalid: FORMAT });
  });

  it('is refused to a role without devices.read (403)', async () => {
    const res = await call('GET', path, partner);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(FORBIDDEN);
  });

  it("leaves out another office's and another organization's devices; another office's filter gives an empty page", async () => {
    const a2 = await call('GET', path, f.doctorA2, { query: { search: run } });
    expect(ids(a2)).toEqual([glucoseA2.id]);
    const b1 = await call('GET', path, f.doctorB1, { query: { search: run } });
    expect(b1.json().data.items.map((d: { deviceIdentifier: string }) => d.deviceIdentifier)).toEqual([`${run}-E-OTHER-ORG`]);
    const filtered = await call('GET', path, f.doctorB1, { headers: { hospitalid: f.a1.id }, query: { search: run } });
    expect(filtered.json().data).toMatchObject({ total: 0, items: [] });
    const a2OnA1 = await call('GET', path, f.officeAdminA2, { headers: { hospitalid: f.a1.id } });
    expect(a2OnA1.json().data).toMatchObject({ total: 0, items: [] });
  });
});

describe('GET medicaldevice/getmedicaldevicebydeviceidentifier', () => {
  it('finds a device by its identifier', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, deviceType: 'WEIGHT' });
    const res = await call('GET', 'medicaldevice/getmedicaldevicebydeviceidentifier', f.doctorA1, { headers: { deviceidentifier: device.deviceIdentifier } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: device.id, deviceType: 'WEIGHT', deviceTypeTitle: 'Weight' });
  });

  it('requires a well-formed identifier', async () => {
    expect((await call('GET', 'medicaldevice/getmedicaldevicebydeviceidentifier', f.doctorA1)).json().errors).toEqual({ deviceidentifier: REQUIRED });
    expect((await call('GET', 'medicaldevice/getmedicaldevicebydeviceidentifier', f.doctorA1, { headers: { deviceidentifier: 'a b' } })).json().errors).toEqual({ deviceidentifier: FORMAT });
  });

  it('is refused to a role without devices.read (403)', async () => {
    expect((await call('GET', 'medicaldevice/getmedicaldevicebydeviceidentifier', partner, { headers: { deviceidentifier: 'X1' } })).statusCode).toBe(403);
  });

  it("answers 404 for another office's and another organization's device", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await call('GET', 'medicaldevice/getmedicaldevicebydeviceidentifier', who, { headers: { deviceidentifier: device.deviceIdentifier } })).statusCode).toBe(404);
    }
  });
});

describe('PUT medicaldevice/updateismanualmeasurementformedicaldevice', () => {
  const path = 'medicaldevice/updateismanualmeasurementformedicaldevice';

  it('sets and clears the manual-measurement flag', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    const on = await call('PUT', path, f.nurseA1, { payload: { medicalDeviceId: device.id, isManualMeasurement: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.isManualMeasurement).toBe(true);
    const off = await call('PUT', path, f.nurseA1, { payload: { medicalDeviceId: device.id, isManualMeasurement: false } });
    expect(off.json().data.isManualMeasurement).toBe(false);
  });

  it('requires the device id and the flag', async () => {
    const res = await call('PUT', path, f.nurseA1, { payload: { medicalDeviceId: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ isManualMeasurement: REQUIRED });
  });

  it('is refused to a caregiver (403)', async () => {
    expect((await call('PUT', path, f.caregiverA1, { payload: { medicalDeviceId: 1, isManualMeasurement: true } })).statusCode).toBe(403);
  });

  it("answers 404 for another office's device and leaves it unchanged", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    for (const who of [f.doctorA2, f.doctorB1]) { expect((await call('PUT', path, who, { payload: { medicalDeviceId: device.id, isManualMeasurement: true } })).statusCode).toBe(404); }
    const [row] = await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id));
    expect(row!.isManualMeasurement).toBe(false);
  });
});

describe('PUT medicaldevice/updatedevicedefaultvaluesjsonformedicaldevice', () => {
  const path = 'medicaldevice/updatedevicedefaultvaluesjsonformedicaldevice';

  it('replaces the overrides from the JSON string the spec sends, storing aliases under the catalogue code', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, deviceType: 'SPO2', deviceDefaultValuesJson: { '8867-4': { cautionHigh: 110 } } });
    const res = await call('PUT', path, f.doctorA1, { payload: { medicalDeviceId: device.id, deviceDefaultValuesJson: JSON.stringify({ '2708-6': { cautionLow: 92, criticalLow: 88 } }) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.json().data.deviceDefaultValuesJson)).toEqual({ '59408-5': { criticalLow: 88, cautionLow: 92 } });
    const cleared = await call('PUT', path, f.doctorA1, { payload: { medicalDeviceId: device.id, deviceDefaultValuesJson: {} } });
    expect(cleared.json().data.deviceDefaultValuesJson).toBe('{}');
  });

  it("refuses codes of another device type, limits out of order, and text that is not JSON", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, deviceType: 'GLUCOSE' });
    const code = await call('PUT', path, f.doctorA1, { payload: { medicalDeviceId: device.id, deviceDefaultValuesJson: { '8480-6': { cautionHigh: 140 } } } });
    expect(code.statusCode).toBe(400);
    expect(code.json().errors).toEqual({ 'deviceDefaultValuesJson.8480-6': 'Invalid' });
    const order = await call('PUT', path, f.doctorA1, { payload: { medicalDeviceId: device.id, deviceDefaultValuesJson: { '2339-0': { criticalLow: 80, cautionLow: 70 } } } });
    expect(order.statusCode).toBe(400);
    expect(order.json().msg).toBe('Critical limits must lie outside the caution limits');
    const json = await call('PUT', path, f.doctorA1, { payload: { medicalDeviceId: device.id, deviceDefaultValuesJson: '{oops' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ deviceDefaultValuesJson: FORMAT });
    const [row] = await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id));
    expect(row!.deviceDefaultValuesJson).toEqual({});
  });

  it('is refused to a caregiver (403)', async () => {
    expect((await call('PUT', path, f.caregiverA1, { payload: { medicalDeviceId: 1, deviceDefaultValuesJson: {} } })).statusCode).toBe(403);
  });

  it("answers 404 for another office's device", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, deviceType: 'GLUCOSE' });
    for (const who of [f.doctorA2, f.orgAdminB]) {
      expect((await call('PUT', path, who, { payload: { medicalDeviceId: device.id, deviceDefaultValuesJson: { '2339-0': { cautionHigh: 200 } } } })).statusCode).toBe(404);
    }
  });
});

describe('medicaldevicetemplate', () => {
  it('lists every active template by type, manufacturer and model, with values and default thresholds', async () => {
    const res = await call('GET', 'medicaldevicetemplate', f.caregiverA1);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { deviceType: string; manufacturerName: string; modelName: string; defaultValuesJson: unknown }[];
    expect(list.map((x) => `${x.deviceType}/${x.modelName}`)).toEqual([
      'BLOOD_PRESSURE/UA-651BLE',
      'BLOOD_PRESSURE/5 Series BP7250',
      'GLUCOSE/Contour Next One',
      'GLUCOSE/Accu-Chek Guide',
      'SPO2/MightySat Rx',
      'SPO2/3230 Bluetooth Smart',
      'TEMPERATURE/ThermoScan 7 IRT6520',
      'TEMPERATURE/Thermo',
      'WEIGHT/UC-352BLE',
      'WEIGHT/Body+',
    ]);
    expect(list.find((x) => x.modelName === 'Contour Next One')!.defaultValuesJson).toEqual({ '2339-0': { cautionHigh: 180, criticalHigh: 300, cautionLow: 70, criticalLow: 54 } });
  });

  it('answers the same reference data to a patient and to another organization', async () => {
    const a = await call('GET', 'medicaldevicetemplate', f.patientA1);
    const b = await call('GET', 'medicaldevicetemplate', f.doctorB1);
    expect(a.json().data).toEqual(b.json().data);
  });

  it('lists the possible device types with the manufacturers of their templates', async () => {
    const res = await call('GET', 'medicaldevicetemplate/getpossibledevices', f.doctorA1);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { deviceType: string; manufacturers: unknown[]; templateCount: number; values: { code: string }[] }[];
    expect(list.map((x) => x.deviceType)).toEqual(['BLOOD_PRESSURE', 'WEIGHT', 'GLUCOSE', 'SPO2', 'TEMPERATURE', 'HEART_RATE']);
    expect(list[2]).toMatchObject({
      deviceTypeTitle: 'Blood glucose',
      deviceTypeTitleEsp: 'Glucosa en sangre',
      templateCount: 2,
      manufacturers: [
        { manufacturerId: 4, manufacturerName: 'Ascensia Diabetes Care' },
        { manufacturerId: 5, manufacturerName: 'Roche Diabetes Care' },
      ],
    });
    expect(list[3]!.values.map((v) => v.code)).toEqual(['59408-5', '8867-4']);
    expect(list[5]).toMatchObject({ deviceType: 'HEART_RATE', deviceTypeTitle: 'Heart rate', deviceTypeTitleEsp: 'Frecuencia cardíaca', templateCount: 0 });
    expect(list[5]!.values.map((v) => v.code)).toEqual(['8867-4']);
  });

  it('answers the first template of a type, and of a type and manufacturer (404 when none)', async () => {
    const first = await call('GET', 'medicaldevicetemplate/getbydevicetype', f.doctorA1, { headers: { devicetype: 'GLUCOSE' } });
    expect(first.json().data).toMatchObject({ deviceType: 'GLUCOSE', manufacturerName: 'Ascensia Diabetes Care', modelName: 'Contour Next One' });
    const byMaker = await call('GET', 'medicaldevicetemplate/getbydevicetypeandmanifacturerid', f.doctorA1, { headers: { devicetype: 'GLUCOSE', manufacturerid: 5 } });
    expect(byMaker.json().data).toMatchObject({ manufacturerId: 5, modelName: 'Accu-Chek Guide' });
    const none = await call('GET', 'medicaldevicetemplate/getbydevicetypeandmanifacturerid', f.doctorA1, { headers: { devicetype: 'WEIGHT', manufacturerid: 5 } });
    expect(none.statusCode).toBe(404);
  });

  it('lists the templates of a type, and of a type and manufacturer', async () => {
    const byType = await call('GET', 'medicaldevicetemplate/getbydevicetemplatesbytype', f.nurseA1, { query: { deviceType: 'SPO2' } });
    expect((byType.json().data as { modelName: string }[]).map((x) => x.modelName)).toEqual(['MightySat Rx', '3230 Bluetooth Smart']);
    const byMaker = await call('GET', 'medicaldevicetemplate/getbydevicetemplatesbytypeandmanufacturer', f.nurseA1, { headers: { devicetype: 'TEMPERATURE', manufacturerid: 3 } });
    expect((byMaker.json().data as { modelName: string }[]).map((x) => x.modelName)).toEqual(['Thermo']);
    const empty = await call('GET', 'medicaldevicetemplate/getbydevicetemplatesbytypeandmanufacturer', f.nurseA1, { headers: { devicetype: 'TEMPERATURE', manufacturerid: 1 } });
    expect(empty.json().data).toEqual([]);
  });

  it('refuses a missing or unknown device type and a malformed manufacturer id', async () => {
    for (const path of ['getbydevicetype', 'getbydevicetemplatesbytype']) {
      expect((await call('GET', `medicaldevicetemplate/${path}`, f.doctorA1)).json().errors).toEqual({ devicetype: REQUIRED });
      expect((await call('GET', `medicaldevicetemplate/${path}`, f.doctorA1, { headers: { devicetype: 'BLOOD_SUGAR' } })).json().errors).toEqual({ devicetype: FORMAT });
    }
    for (const path of ['getbydevicetypeandmanifacturerid', 'getbydevicetemplatesbytypeandmanufacturer']) {
      const res = await call('GET', `medicaldevicetemplate/${path}`, f.doctorA1, { headers: { devicetype: 'GLUCOSE', manufacturerid: 'abc' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ manufacturerid: FORMAT });
    }
  });

  it('is refused to a role without devices.read (403)', async () => {
    const paths = [
      'medicaldevicetemplate',
      'medicaldevicetemplate/getpossibledevices',
      'medicaldevicetemplate/getbydevicetype?devicetype=GLUCOSE',
      'medicaldevicetemplate/getbydevicetypeandmanifacturerid?devicetype=GLUCOSE&manufacturerid=4',
      'medicaldevicetemplate/getbydevicetemplatesbytype?devicetype=GLUCOSE',
      'medicaldevicetemplate/getbydevicetemplatesbytypeandmanufacturer?devicetype=GLUCOSE&manufacturerid=4',
    ];
    for (const path of paths) { expect((await call('GET', path, partner)).statusCode, path).toBe(403); }
  });
});

describe('GET tabletinfos/getalltabletinfos', () => {
  const path = 'tabletinfos/getalltabletinfos';
  beforeAll(async () => {
    await t.ctx.db.insert(tabletInfos).values([
      { serialNumber: 'TAB-A1-001', model: 'Galaxy Tab A8', hospitalId: f.a1.id, patientId: f.patientA1.id, hubId: hubA1, lastSeenAt: new Date('2025-01-02T10:00:00Z') },
      { serialNumber: 'TAB-A1-002', model: 'iPad 10', hospitalId: f.a1.id },
      { serialNumber: 'TAB-A2-001', model: 'Galaxy Tab A8', hospitalId: f.a2.id },
      { serialNumber: 'TAB-B1-001', model: 'Galaxy Tab A8', hospitalId: f.b1.id },
    ]);
  });

  it("pages the tablets of the caller's offices, filtered by office and searched by serial or model", async () => {
    const a1 = await call('GET', path, f.doctorA1);
    expect(a1.statusCode).toBe(200);
    expect(a1.json().data).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(a1.json().data.items[0]).toEqual({
      id: expect.any(Number),
      serialNumber: 'TAB-A1-001',
      model: 'Galaxy Tab A8',
      osVersion: '',
      appVersion: '',
      hospitalId: f.a1.id,
      patientId: f.patientA1.id,
      hubId: hubA1,
      lastSeenAt: '2025-01-02T10:00:00.000Z',
    });
    const org = await call('GET', path, f.orgAdminA, { query: { search: 'galaxy', sort: '-serialNumber' } });
    expect((org.json().data.items as { serialNumber: string }[]).map((x) => x.serialNumber)).toEqual(['TAB-A2-001', 'TAB-A1-001']);
    const filtered = await call('GET', path, f.orgAdminA, { headers: { hospitalid: f.a2.id } });
    expect((filtered.json().data.items as { serialNumber: string }[]).map((x) => x.serialNumber)).toEqual(['TAB-A2-001']);
    const paged = await call('GET', path, f.orgAdminA, { query: { pageSize: 1, page: 2 } });
    expect(paged.json().data).toMatchObject({ total: 3, items: [{ serialNumber: 'TAB-A1-002' }] });
  });

  it('shows a patient only their own tablet', async () => {
    const res = await call('GET', path, f.patientA1);
    expect((res.json().data.items as { serialNumber: string }[]).map((x) => x.serialNumber)).toEqual(['TAB-A1-001']);
  });

  it('refuses a page size above 200 and an unknown sort', async () => {
    const res = await call('GET', path, f.doctorA1, { query: { pageSize: 500, sort: 'model' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['pageSize', 'sort']);
  });

  it('is refused to a role without devices.read (403)', async () => {
    expect((await call('GET', path, partner)).statusCode).toBe(403);
  });

  it("gives another organization and another office's filter none of the tablets", async () => {
    const b = await call('GET', path, f.doctorB1);
    expect((b.json().data.items as { serialNumber: string }[]).map((x) => x.serialNumber)).toEqual(['TAB-B1-001']);
    const other = await call('GET', path, f.doctorA1, { headers: { hospitalid: f.b1.id } });
    expect(other.json().data).toMatchObject({ total: 0, items: [] });
  });
});
