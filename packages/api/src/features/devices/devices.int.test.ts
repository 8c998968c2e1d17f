import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, devices, measurementCatalogue } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { hubs, measurements, medicalDeviceTemplates, medicalDevices, tabletInfos, treatmentPlanDevices, treatmentPlans } from '../../db/schema/index';
import { seedDeviceTemplates } from '../../db/seed/device-templates';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
/** A patient of both a1 and a2. */
let patientA1A2: { id: number; firstName: string; lastName: string };
let hubA1: number;
let hubA2: number;
let hubB1: number;

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';
const INVALID_ID = 'Invalid id';

const callAs = callerFor(() => t);

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
    const res = await callAs(f.nurseA1, devices.createMedicalDevice, {
      body: {
        deviceIdentifier,
        deviceType: 'BLOOD_PRESSURE',
        templateId: await templateId('5 Series BP7250'),
        hospitalId: f.a1.id,
        patientId: f.patientA1.id,
        hubId: hubA1,
        deviceDefaultValuesJson: '{"8480-6":{"cautionHigh":135,"criticalHigh":170}}',
      },
    });
    expect(res.status, res.reply.body).toBe(201);
    const device = res.body;
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
    const res = await callAs(f.nurseA1, devices.createMedicalDevice, { body: invalid({ deviceType: 'BLOOD_SUGAR', hospitalId: f.a1.id, patientId: 'x' }) });
    expect(res.status).toBe(400);
    expect(res.reply.json()).toMatchObject({ resFlag: false, errors: { deviceIdentifier: REQUIRED, deviceType: FORMAT, patientId: FORMAT } });
  });

  it('refuses a template of another device type, and thresholds whose critical limit is inside the caution limit', async () => {
    const base = { deviceType: 'WEIGHT', hospitalId: f.a1.id } as const;
    const template = await callAs(f.nurseA1, devices.createMedicalDevice, { body: { ...base, deviceIdentifier: ident(), templateId: await templateId('Accu-Chek Guide') } });
    expect(template.status).toBe(400);
    expect(template.errors).toEqual({ templateId: INVALID_ID });
    const limits = await callAs(f.nurseA1, devices.createMedicalDevice, {
      body: { ...base, deviceIdentifier: ident(), deviceDefaultValuesJson: { '29463-7': { cautionHigh: 120, criticalHigh: 110 } } },
    });
    expect(limits.status).toBe(400);
    expect(limits.reply.json()).toMatchObject({ msg: 'Critical limits must lie outside the caution limits', errors: { 'deviceDefaultValuesJson.29463-7': 'Critical limits must lie outside the caution limits' } });
  });

  it("refuses a patient or a hub of another of the caller's offices (400 on the field)", async () => {
    const patient = await callAs(f.orgAdminA, devices.createMedicalDevice, { body: { deviceIdentifier: ident(), deviceType: 'SPO2', hospitalId: f.a1.id, patientId: f.patientA2.id } });
    expect(patient.status).toBe(400);
    expect(patient.errors).toEqual({ patientId: INVALID_ID });
    const hub = await callAs(f.orgAdminA, devices.createMedicalDevice, { body: { deviceIdentifier: ident(), deviceType: 'SPO2', hospitalId: f.a1.id, hubId: hubA2 } });
    expect(hub.status).toBe(400);
    expect(hub.errors).toEqual({ hubId: INVALID_ID });
  });

  it('refuses a device identifier already registered, also by another organization (409)', async () => {
    const other = await insertDevice({ hospitalId: f.b1.id });
    const res = await callAs(f.nurseA1, devices.createMedicalDevice, { body: { deviceIdentifier: other.deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id } });
    expect(res.status).toBe(409);
    expect(res.reply.json()).toMatchObject({ resFlag: false, msg: 'This device identifier is already registered', code: 'deviceIdentifierInUse' });
  });

  it("answers 404 for another office, another organization's patient or hub, and stores nothing", async () => {
    const deviceIdentifier = ident();
    const cases = [
      { who: f.officeAdminA2, body: { deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id } },
      { who: f.doctorB1, body: { deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id } },
      { who: f.doctorA1, body: { deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id, patientId: f.patientB1.id } },
      { who: f.doctorA1, body: { deviceIdentifier, deviceType: 'GLUCOSE', hospitalId: f.a1.id, hubId: hubB1 } },
    ] as const;
    for (const c of cases) {
      const res = await callAs(c.who, devices.createMedicalDevice, { body: c.body });
      expect(res.status).toBe(404);
      expect(res.msg).toBe(INVALID_ID);
    }
    expect(await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.deviceIdentifier, deviceIdentifier))).toHaveLength(0);
  });
});

describe('GET medicaldevice/{id}', () => {
  it('answers a device to staff of its office and to its own patient', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id, deviceType: 'GLUCOSE', isManualMeasurement: true });
    for (const who of [f.doctorA1, f.caregiverA1, f.orgAdminA, f.patientA1]) {
      const res = await callAs(who, devices.getMedicalDevice, { params: { id: device.id } });
      expect(res.status, res.reply.body).toBe(200);
      expect(res.body).toMatchObject({ id: device.id, deviceIdentifier: device.deviceIdentifier, deviceType: 'GLUCOSE', deviceTypeTitle: 'Blood glucose', isManualMeasurement: true, deviceDefaultValuesJson: '{}' });
    }
  });

  it('refuses an id that is not a positive number', async () => {
    const res = await callAs(f.doctorA1, devices.getMedicalDevice, { params: { id: invalid('abc') } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ id: FORMAT });
  });

  it("answers 404 to another office, another organization and another patient", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: patientA1A2.id });
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB, f.patientA1]) {
      const res = await callAs(who, devices.getMedicalDevice, { params: { id: device.id } });
      expect(res.status).toBe(404);
    }
  });
});

describe('PUT medicaldevice/{id}', () => {
  it('changes identifier, hub, manual flag and status, and unassigns the patient with null', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id });
    const deviceIdentifier = ident('NEW');
    const res = await callAs(f.doctorA1, devices.updateMedicalDevice, { params: { id: device.id }, body: { deviceIdentifier, hubId: hubA1, patientId: null, isManualMeasurement: true, status: 0 } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ id: device.id, deviceIdentifier, hubId: hubA1, patientId: null, patientFullname: null, isManualMeasurement: true, status: 0 });
  });

  it("moves a device to another of the caller's offices only with a patient of that office", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id });
    const refused = await callAs(f.orgAdminA, devices.updateMedicalDevice, { params: { id: device.id }, body: { hospitalId: f.a2.id } });
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ patientId: INVALID_ID });
    const moved = await callAs(f.orgAdminA, devices.updateMedicalDevice, { params: { id: device.id }, body: { hospitalId: f.a2.id, patientId: patientA1A2.id } });
    expect(moved.status, moved.reply.body).toBe(200);
    expect(moved.body).toMatchObject({ hospitalId: f.a2.id, patientId: patientA1A2.id });
  });

  it('refuses a changed device type, a bad status and a taken identifier', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    const other = await insertDevice({ hospitalId: f.a1.id });
    const params = { id: device.id };
    const bad = await callAs(f.doctorA1, devices.updateMedicalDevice, { params, body: { status: invalid(5) } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ status: FORMAT });
    expect((await callAs(f.doctorA1, devices.updateMedicalDevice, { params, body: invalid({ deviceType: 'WEIGHT' }) })).status).toBe(400);
    const taken = await callAs(f.doctorA1, devices.updateMedicalDevice, { params, body: { deviceIdentifier: other.deviceIdentifier } });
    expect(taken.status).toBe(409);
    expect(taken.code).toBe('deviceIdentifierInUse');
  });

  it("answers 404 for another office's or organization's device and leaves it unchanged", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    for (const who of [f.officeAdminA2, f.doctorB1]) { expect((await callAs(who, devices.updateMedicalDevice, { params: { id: device.id }, body: { status: 0 } })).status).toBe(404); }
    // Moving one's own device into an office one does not have is a 404 too.
    const own = await insertDevice({ hospitalId: f.a2.id });
    expect((await callAs(f.officeAdminA2, devices.updateMedicalDevice, { params: { id: own.id }, body: { hospitalId: f.a1.id } })).status).toBe(404);
    const [row] = await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id));
    expect(row!.status).toBe(1);
  });
});

describe('DELETE medicaldevice/{id}', () => {
  it('deletes a device without readings', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    const res = await callAs(f.nurseA1, devices.deleteMedicalDevice, { params: { id: device.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: device.id });
    expect(await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id))).toHaveLength(0);
  });

  it('refuses to delete a device with readings (409) and keeps it', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id });
    await t.ctx.db.insert(measurements).values({ patientId: f.patientA1.id, hospitalId: f.a1.id, deviceId: device.id, deviceKey: device.id, deviceType: 'BLOOD_PRESSURE', measuredAt: new Date(), valuesJson: { '8480-6': 120, '8462-4': 80 } });
    const res = await callAs(f.nurseA1, devices.deleteMedicalDevice, { params: { id: device.id } });
    expect(res.status).toBe(409);
    expect(res.reply.json()).toMatchObject({ code: 'deviceHasReadings', msg: 'This device has readings and cannot be deleted; unassign it instead' });
    expect(await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id))).toHaveLength(1);
  });

  it('refuses an id of 0', async () => {
    expect((await callAs(f.nurseA1, devices.deleteMedicalDevice, { params: { id: invalid(0) } })).status).toBe(400);
  });

  it("answers 404 for another office's or organization's device and keeps it", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    for (const who of [f.officeAdminA2, f.orgAdminB]) { expect((await callAs(who, devices.deleteMedicalDevice, { params: { id: device.id } })).status).toBe(404); }
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
  const forPatient = [devices.getMedicalDevicesForPatient, devices.getMedicalDevicesForPatientV2] as const;

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
    const res = await callAs(f.doctorA1, devices.getMedicalDevicesForPatient, { headers: { patientid: patient.id } });
    expect(res.status, res.reply.body).toBe(200);
    const list = res.body;
    expect(list.map((d) => d.id)).toEqual([bp.id, glucose.id, spo2.id]);
    expect(JSON.parse(list[0]!.deviceDefaultValuesJson)).toEqual({ '8480-6': { cautionHigh: 130 } });
    // The organization admin sees the a2 device too.
    const org = await callAs(f.orgAdminA, devices.getMedicalDevicesForPatient, { rawQuery: { patientId: patient.id } });
    expect(org.body.map((d) => d.id)).toEqual([bp.id, glucose.id, spo2.id, other.id]);
  });

  it('adds monitoringDetails from the active plan: the entry naming the device, else the entry of its type, else null', async () => {
    const res = await callAs(f.nurseA1, devices.getMedicalDevicesForPatientV2, { headers: { patientid: patient.id } });
    expect(res.status, res.reply.body).toBe(200);
    const byId = new Map(res.body.map((d) => [d.id, d]));
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
      expect((await callAs(who, devices.getMedicalDevicesForPatientV2, { headers: { patientid: patient.id } })).status).toBe(404);
    }
    // A patient of a1 only: a2's staff may not see them.
    expect((await callAs(f.doctorA2, devices.getMedicalDevicesForPatientV2, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
    const bare = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id] });
    const res = await callAs(f.nurseA1, devices.getMedicalDevicesForPatientV2, { headers: { patientid: bare.id } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('lists the same devices in the same order as the first version, for an office role and the organization admin', async () => {
    for (const who of [f.doctorA1, f.orgAdminA]) {
      const v1 = (await callAs(who, devices.getMedicalDevicesForPatient, { headers: { patientid: patient.id } })).body;
      const v2 = (await callAs(who, devices.getMedicalDevicesForPatientV2, { headers: { patientid: patient.id } })).body;
      expect(v2.map(({ monitoringDetails: _details, ...device }) => device)).toEqual(v1);
    }
  });

  it('lets a patient read their own devices', async () => {
    const own = await insertDevice({ hospitalId: f.a1.id, patientId: f.patientA1.id, deviceType: 'TEMPERATURE' });
    const res = await callAs(f.patientA1, devices.getMedicalDevicesForPatientV2, { headers: { patientid: f.patientA1.id } });
    expect(res.status).toBe(200);
    expect(res.body.map((d) => d.id)).toContain(own.id);
  });

  it('requires a numeric patientId header', async () => {
    for (const endpoint of forPatient) {
      expect((await callAs(f.doctorA1, endpoint)).errors, endpoint.path).toEqual({ patientid: REQUIRED });
      expect((await callAs(f.doctorA1, endpoint, { headers: { patientid: invalid('x') } })).errors, endpoint.path).toEqual({ patientid: FORMAT });
    }
  });

  it("answers 404 for a patient of another organization, and another patient's own call", async () => {
    for (const endpoint of forPatient) {
      for (const who of [f.doctorB1, f.orgAdminB, f.patientA1]) {
        const res = await callAs(who, endpoint, { headers: { patientid: patient.id } });
        expect(res.status, endpoint.path).toBe(404);
      }
    }
  });

  it("leaves out devices of another office (a2's doctor sees only the a2 device)", async () => {
    const res = await callAs(f.doctorA2, devices.getMedicalDevicesForPatientV2, { headers: { patientid: patient.id } });
    expect(res.body.map((d) => d.id)).toEqual([other.id]);
  });
});

describe('GET medicaldevice/getmedicaldevicesforhospital (chosen)', () => {
  const forHospital = devices.getMedicalDevicesForHospital;
  const run = `LST${Date.now().toString(36)}`.toUpperCase();
  let bpA1: { id: number; deviceIdentifier: string };
  let scaleA1: { id: number; deviceIdentifier: string };
  let spareA1: { id: number; deviceIdentifier: string };
  let glucoseA2: { id: number; deviceIdentifier: string };
  const ids = (res: { body: { items: { id: number }[] } }) => res.body.items.map((d) => d.id);

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
    const res = await callAs(f.orgAdminA, forHospital, { query: { search: run.toLowerCase() } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(ids(res)).toEqual([scaleA1.id, spareA1.id, bpA1.id, glucoseA2.id]);
    const bp = res.body.items.find((d) => d.id === bpA1.id);
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
    const spare = res.body.items.find((d) => d.id === spareA1.id);
    expect(spare).toMatchObject({ patientId: null, patientFullname: null, hubId: null, hubIdentifier: null, modelName: '' });
  });

  it('sorts by device type or creation, pages, and filters by office, device type and patient', async () => {
    const q = { search: run };
    const byType = await callAs(f.orgAdminA, forHospital, { query: { ...q, sort: '-deviceType' } });
    expect(ids(byType)).toEqual([scaleA1.id, glucoseA2.id, spareA1.id, bpA1.id]);
    const newest = await callAs(f.orgAdminA, forHospital, { query: { ...q, sort: '-createdAt', pageSize: 2, page: 1 } });
    expect(newest.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(ids(newest)).toEqual([glucoseA2.id, spareA1.id]);
    const office = await callAs(f.orgAdminA, forHospital, { headers: { hospitalid: f.a2.id }, query: q });
    expect(ids(office)).toEqual([glucoseA2.id]);
    const asQuery = await callAs(f.orgAdminA, forHospital, { query: q, rawQuery: { hospitalId: f.a1.id } });
    expect(ids(asQuery)).toEqual([scaleA1.id, spareA1.id, bpA1.id]);
    const type = await callAs(f.orgAdminA, forHospital, { query: { ...q, devicetype: 'WEIGHT' } });
    expect(ids(type)).toEqual([scaleA1.id]);
    const patient = await callAs(f.orgAdminA, forHospital, { query: { ...q, patientid: patientA1A2.id } });
    expect(ids(patient)).toEqual([scaleA1.id, glucoseA2.id]);
    const both = await callAs(f.orgAdminA, forHospital, { headers: { hospitalid: f.a1.id }, query: { ...q, patientid: patientA1A2.id } });
    expect(ids(both)).toEqual([scaleA1.id]);
  });

  it('lists the devices no patient holds (what enrolment can hand out), office by office', async () => {
    const free = await callAs(f.orgAdminA, forHospital, { query: { search: run, unassigned: 'true' } });
    expect(ids(free)).toEqual([spareA1.id]);
    const a2 = await callAs(f.orgAdminA, forHospital, { headers: { hospitalid: f.a2.id }, query: { search: run, unassigned: 'true' } });
    expect(ids(a2)).toEqual([]);
  });

  it('shows a patient only the devices assigned to them', async () => {
    const res = await callAs(f.patientA1, forHospital, { query: { search: run } });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([bpA1.id]);
  });

  it('refuses a page size above 200, an unknown sort, device type or office, and a malformed patient id', async () => {
    const res = await callAs(f.doctorA1, forHospital, {
      query: { pageSize: 500, sort: invalid('patient'), devicetype: invalid('XRAY'), patientid: invalid('x') },
      headers: { hospitalid: invalid('a1') },
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ pageSize: FORMAT, sort: FORMAT, devicetype: FORMAT, patientid: FORMAT, hospitalid: FORMAT });
  });

  it("leaves out another office's and another organization's devices; another office's filter gives an empty page", async () => {
    const a2 = await callAs(f.doctorA2, forHospital, { query: { search: run } });
    expect(ids(a2)).toEqual([glucoseA2.id]);
    const b1 = await callAs(f.doctorB1, forHospital, { query: { search: run } });
    expect(b1.body.items.map((d) => d.deviceIdentifier)).toEqual([`${run}-E-OTHER-ORG`]);
    const filtered = await callAs(f.doctorB1, forHospital, { headers: { hospitalid: f.a1.id }, query: { search: run } });
    expect(filtered.body).toMatchObject({ total: 0, items: [] });
    const a2OnA1 = await callAs(f.officeAdminA2, forHospital, { headers: { hospitalid: f.a1.id } });
    expect(a2OnA1.body).toMatchObject({ total: 0, items: [] });
  });
});

describe('GET medicaldevice/getmedicaldevicebydeviceidentifier', () => {
  const byIdentifier = devices.getMedicalDeviceByDeviceIdentifier;

  it('finds a device by its identifier', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, deviceType: 'WEIGHT' });
    const res = await callAs(f.doctorA1, byIdentifier, { headers: { deviceidentifier: device.deviceIdentifier } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: device.id, deviceType: 'WEIGHT', deviceTypeTitle: 'Weight' });
  });

  it('requires a well-formed identifier', async () => {
    expect((await callAs(f.doctorA1, byIdentifier)).errors).toEqual({ deviceidentifier: REQUIRED });
    expect((await callAs(f.doctorA1, byIdentifier, { headers: { deviceidentifier: 'a b' } })).errors).toEqual({ deviceidentifier: FORMAT });
  });

  it("answers 404 for another office's and another organization's device", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, byIdentifier, { headers: { deviceidentifier: device.deviceIdentifier } })).status).toBe(404);
    }
  });
});

describe('PUT medicaldevice/updateismanualmeasurementformedicaldevice', () => {
  const setManual = devices.updateIsManualMeasurementForMedicalDevice;

  it('sets and clears the manual-measurement flag', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    const on = await callAs(f.nurseA1, setManual, { body: { medicalDeviceId: device.id, isManualMeasurement: true } });
    expect(on.status).toBe(200);
    expect(on.body.isManualMeasurement).toBe(true);
    const off = await callAs(f.nurseA1, setManual, { body: { medicalDeviceId: device.id, isManualMeasurement: false } });
    expect(off.body.isManualMeasurement).toBe(false);
  });

  it('requires the device id and the flag', async () => {
    const res = await callAs(f.nurseA1, setManual, { body: invalid({ medicalDeviceId: 1 }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ isManualMeasurement: REQUIRED });
  });

  it("answers 404 for another office's device and leaves it unchanged", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id });
    for (const who of [f.doctorA2, f.doctorB1]) { expect((await callAs(who, setManual, { body: { medicalDeviceId: device.id, isManualMeasurement: true } })).status).toBe(404); }
    const [row] = await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id));
    expect(row!.isManualMeasurement).toBe(false);
  });
});

describe('PUT medicaldevice/updatedevicedefaultvaluesjsonformedicaldevice', () => {
  const setDefaults = devices.updateDeviceDefaultValuesJsonForMedicalDevice;

  it('replaces the overrides from the JSON string the spec sends, storing aliases under the catalogue code', async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, deviceType: 'SPO2', deviceDefaultValuesJson: { '8867-4': { cautionHigh: 110 } } });
    const res = await callAs(f.doctorA1, setDefaults, { body: { medicalDeviceId: device.id, deviceDefaultValuesJson: JSON.stringify({ '2708-6': { cautionLow: 92, criticalLow: 88 } }) } });
    expect(res.status, res.reply.body).toBe(200);
    expect(JSON.parse(res.body.deviceDefaultValuesJson)).toEqual({ '59408-5': { criticalLow: 88, cautionLow: 92 } });
    const cleared = await callAs(f.doctorA1, setDefaults, { body: { medicalDeviceId: device.id, deviceDefaultValuesJson: {} } });
    expect(cleared.body.deviceDefaultValuesJson).toBe('{}');
  });

  it("refuses codes of another device type, limits out of order, and text that is not JSON", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, deviceType: 'GLUCOSE' });
    const code = await callAs(f.doctorA1, setDefaults, { body: { medicalDeviceId: device.id, deviceDefaultValuesJson: { '8480-6': { cautionHigh: 140 } } } });
    expect(code.status).toBe(400);
    expect(code.errors).toEqual({ 'deviceDefaultValuesJson.8480-6': 'Invalid' });
    const order = await callAs(f.doctorA1, setDefaults, { body: { medicalDeviceId: device.id, deviceDefaultValuesJson: { '2339-0': { criticalLow: 80, cautionLow: 70 } } } });
    expect(order.status).toBe(400);
    expect(order.msg).toBe('Critical limits must lie outside the caution limits');
    const json = await callAs(f.doctorA1, setDefaults, { body: { medicalDeviceId: device.id, deviceDefaultValuesJson: '{oops' } });
    expect(json.status).toBe(400);
    expect(json.errors).toEqual({ deviceDefaultValuesJson: FORMAT });
    const [row] = await t.ctx.db.select().from(medicalDevices).where(eq(medicalDevices.id, device.id));
    expect(row!.deviceDefaultValuesJson).toEqual({});
  });

  it("answers 404 for another office's device", async () => {
    const device = await insertDevice({ hospitalId: f.a1.id, deviceType: 'GLUCOSE' });
    for (const who of [f.doctorA2, f.orgAdminB]) {
      expect((await callAs(who, setDefaults, { body: { medicalDeviceId: device.id, deviceDefaultValuesJson: { '2339-0': { cautionHigh: 200 } } } })).status).toBe(404);
    }
  });
});

describe('medicaldevicetemplate', () => {
  it('lists every active template by type, manufacturer and model, with values and default thresholds', async () => {
    const res = await callAs(f.caregiverA1, devices.getMedicalDeviceTemplates);
    expect(res.status).toBe(200);
    const list = res.body;
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
    const a = await callAs(f.patientA1, devices.getMedicalDeviceTemplates);
    const b = await callAs(f.doctorB1, devices.getMedicalDeviceTemplates);
    expect(a.body).toEqual(b.body);
  });

  it('lists the possible device types with the manufacturers of their templates', async () => {
    const res = await callAs(f.doctorA1, devices.getPossibleDevices);
    expect(res.status).toBe(200);
    const list = res.body;
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
    const first = await callAs(f.doctorA1, devices.getMedicalDeviceTemplateByDeviceType, { headers: { devicetype: 'GLUCOSE' } });
    expect(first.body).toMatchObject({ deviceType: 'GLUCOSE', manufacturerName: 'Ascensia Diabetes Care', modelName: 'Contour Next One' });
    const byMaker = await callAs(f.doctorA1, devices.getMedicalDeviceTemplateByDeviceTypeAndManufacturerId, { headers: { devicetype: 'GLUCOSE', manufacturerid: 5 } });
    expect(byMaker.body).toMatchObject({ manufacturerId: 5, modelName: 'Accu-Chek Guide' });
    const none = await callAs(f.doctorA1, devices.getMedicalDeviceTemplateByDeviceTypeAndManufacturerId, { headers: { devicetype: 'WEIGHT', manufacturerid: 5 } });
    expect(none.status).toBe(404);
  });

  it('lists the templates of a type, and of a type and manufacturer', async () => {
    const byType = await callAs(f.nurseA1, devices.getMedicalDeviceTemplatesByType, { rawQuery: { deviceType: 'SPO2' } });
    expect(byType.body.map((x) => x.modelName)).toEqual(['MightySat Rx', '3230 Bluetooth Smart']);
    const byMaker = await callAs(f.nurseA1, devices.getMedicalDeviceTemplatesByTypeAndManufacturer, { headers: { devicetype: 'TEMPERATURE', manufacturerid: 3 } });
    expect(byMaker.body.map((x) => x.modelName)).toEqual(['Thermo']);
    const empty = await callAs(f.nurseA1, devices.getMedicalDeviceTemplatesByTypeAndManufacturer, { headers: { devicetype: 'TEMPERATURE', manufacturerid: 1 } });
    expect(empty.body).toEqual([]);
  });

  it('refuses a missing or unknown device type and a malformed manufacturer id', async () => {
    for (const endpoint of [devices.getMedicalDeviceTemplateByDeviceType, devices.getMedicalDeviceTemplatesByType] as const) {
      expect((await callAs(f.doctorA1, endpoint)).errors, endpoint.path).toEqual({ devicetype: REQUIRED });
      expect((await callAs(f.doctorA1, endpoint, { headers: { devicetype: invalid('BLOOD_SUGAR') } })).errors, endpoint.path).toEqual({ devicetype: FORMAT });
    }
    for (const endpoint of [devices.getMedicalDeviceTemplateByDeviceTypeAndManufacturerId, devices.getMedicalDeviceTemplatesByTypeAndManufacturer] as const) {
      const res = await callAs(f.doctorA1, endpoint, { headers: { devicetype: 'GLUCOSE', manufacturerid: invalid('abc') } });
      expect(res.status, endpoint.path).toBe(400);
      expect(res.errors, endpoint.path).toEqual({ manufacturerid: FORMAT });
    }
  });
});

describe('GET tabletinfos/getalltabletinfos', () => {
  const tablets = devices.getAllTabletInfos;
  const serials = (res: { body: { items: { serialNumber: string }[] } }) => res.body.items.map((x) => x.serialNumber);
  beforeAll(async () => {
    await t.ctx.db.insert(tabletInfos).values([
      { serialNumber: 'TAB-A1-001', model: 'Galaxy Tab A8', hospitalId: f.a1.id, patientId: f.patientA1.id, hubId: hubA1, lastSeenAt: new Date('2025-01-02T10:00:00Z') },
      { serialNumber: 'TAB-A1-002', model: 'iPad 10', hospitalId: f.a1.id },
      { serialNumber: 'TAB-A2-001', model: 'Galaxy Tab A8', hospitalId: f.a2.id },
      { serialNumber: 'TAB-B1-001', model: 'Galaxy Tab A8', hospitalId: f.b1.id },
    ]);
  });

  it("pages the tablets of the caller's offices, filtered by office and searched by serial or model", async () => {
    const a1 = await callAs(f.doctorA1, tablets);
    expect(a1.status).toBe(200);
    expect(a1.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(a1.body.items[0]).toEqual({
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
    const org = await callAs(f.orgAdminA, tablets, { query: { search: 'galaxy', sort: '-serialNumber' } });
    expect(serials(org)).toEqual(['TAB-A2-001', 'TAB-A1-001']);
    const filtered = await callAs(f.orgAdminA, tablets, { headers: { hospitalid: f.a2.id } });
    expect(serials(filtered)).toEqual(['TAB-A2-001']);
    const paged = await callAs(f.orgAdminA, tablets, { query: { pageSize: 1, page: 2 } });
    expect(paged.body).toMatchObject({ total: 3, items: [{ serialNumber: 'TAB-A1-002' }] });
  });

  it('shows a patient only their own tablet', async () => {
    const res = await callAs(f.patientA1, tablets);
    expect(serials(res)).toEqual(['TAB-A1-001']);
  });

  it('refuses a page size above 200 and an unknown sort', async () => {
    const res = await callAs(f.doctorA1, tablets, { query: { pageSize: 500, sort: invalid('model') } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.errors ?? {}).sort()).toEqual(['pageSize', 'sort']);
  });

  it("gives another organization and another office's filter none of the tablets", async () => {
    const b = await callAs(f.doctorB1, tablets);
    expect(serials(b)).toEqual(['TAB-B1-001']);
    const other = await callAs(f.doctorA1, tablets, { headers: { hospitalid: f.b1.id } });
    expect(other.body).toMatchObject({ total: 0, items: [] });
  });
});
