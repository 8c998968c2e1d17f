import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { Role, treatmentPlans as treatmentPlansApi, type In } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createOffice, createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { medicalDevices, treatmentPlanDevices, treatmentPlanPatients, treatmentPlans } from '../../db/schema/index';
import type { Scope } from '../../db/scope';
import { expectedMeasurementTimes } from './schedule';
import { findActivePlanSchedules } from './treatment-plans.service';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
/** A user without treatmentPlans.read (partner). */
let partner: { id: number };

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';
const INVALID_ID = 'Invalid id';
const DUPLICATE_TYPE = 'This device type is already in the plan';

const bp = { deviceType: 'BLOOD_PRESSURE', time1: '08:00', time2: '20:00', measurementPeriod: 'DAILY', measurementsCount: 2 } as const;
const weight = { deviceType: 'WEIGHT', time1: '07:30', measurementPeriod: 'WEEKLY', measurementsCount: 1 } as const;
const glucose = { deviceType: 'GLUCOSE', time1: '06:00', time2: '12:00', time3: '18:00', measurementPeriod: 'DAILY', measurementsCount: 3 } as const;
/** A plan's devices as the create call takes them. */
type PlanDevices = NonNullable<In<typeof treatmentPlansApi.createTreatmentPlan.body>['devices']>;

const callAs = callerFor(() => t);

async function newPatient(offices: number[], org = f.orgA.id) {
  return createUser(t, { role: Role.PATIENT, organizationId: org, offices });
}

interface PlanView {
  id: number;
  title: string;
  description: string;
  status: number;
  sortOrder: number;
  patientId: number | null;
  hospitalId: number;
  isClientMonitoringPlan: boolean;
  isDefault: boolean;
  createdBy: number | null;
  devices: { id: number; treatmentPlanDeviceId: number; deviceType: string; time1: string | null; time2: string | null; time3: string | null; time4: string | null; measurementPeriod: string; measurementsCount: number; medicalDeviceId: number | null }[];
  patientAssignments: { treatmentPlanId: number; patientUserId: number }[];
  assignedPatientsCount: number;
}

/** Creates a patient's plan through the API (as the a1 doctor unless told) and returns it. */
async function createPlan(patientId: number, devices: PlanDevices = [bp], opts: { hospitalId?: number; who?: { id: number }; title?: string } = {}) {
  const res = await callAs(opts.who ?? f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: { patientId, hospitalId: opts.hospitalId ?? f.a1.id, title: opts.title ?? 'Hypertension follow-up', description: 'Twice a day', devices } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body as PlanView;
}

async function createTemplate(hospitalId: number, opts: { isDefault?: boolean; title?: string; devices?: PlanDevices; who?: { id: number } } = {}) {
  const res = await callAs(opts.who ?? f.officeAdminA1, treatmentPlansApi.createClientMonitoringPlan, { body: { hospitalId, title: opts.title ?? 'Heart failure', description: 'Office template', isDefault: opts.isDefault ?? false, devices: opts.devices ?? [bp, weight] } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body as PlanView;
}

/** The patient's plans straight from the database: [id, status, sortOrder] by sortOrder. */
async function stored(patientId: number) {
  const rows = await t.ctx.db
    .select({ id: treatmentPlans.id, status: treatmentPlans.status, sortOrder: treatmentPlans.sortOrder })
    .from(treatmentPlans)
    .where(eq(treatmentPlans.patientId, patientId))
    .orderBy(asc(treatmentPlans.sortOrder));
  return rows.map((r) => [r.id, r.status, r.sortOrder]);
}

async function storedDevices(planId: number) {
  return t.ctx.db.select().from(treatmentPlanDevices).where(eq(treatmentPlanDevices.treatmentPlanId, planId)).orderBy(asc(treatmentPlanDevices.id));
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  partner = await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
});
afterAll(async () => t.close());

describe('POST treatmentplan', () => {
  it("creates the patient's plan active and first, with devices titled from the measurement catalogue", async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp, weight]);
    expect(plan).toMatchObject({
      title: 'Hypertension follow-up',
      description: 'Twice a day',
      status: 1,
      sortOrder: 0,
      patientId: patient.id,
      hospitalId: f.a1.id,
      isClientMonitoringPlan: false,
      isDefault: false,
      createdBy: f.doctorA1.id,
      patientAssignments: [{ treatmentPlanId: plan.id, patientUserId: patient.id }],
      assignedPatientsCount: 1,
    });
    expect(plan.devices).toEqual([
      {
        id: plan.devices[0]!.id,
        treatmentPlanDeviceId: plan.devices[0]!.id,
        treatmentPlanId: plan.id,
        deviceType: 'BLOOD_PRESSURE',
        deviceTypeTitle: 'Blood pressure',
        deviceTypeTitleEsp: 'Presión arterial',
        medicalDeviceId: null,
        time1: '08:00',
        time2: '20:00',
        time3: null,
        time4: null,
        measurementPeriod: 'DAILY',
        measurementsCount: 2,
      },
      expect.objectContaining({ deviceType: 'WEIGHT', deviceTypeTitle: 'Weight', deviceTypeTitleEsp: 'Peso', time1: '07:30', time2: null, measurementPeriod: 'WEEKLY', measurementsCount: 1 }),
    ]);
    expect(await stored(patient.id)).toEqual([[plan.id, 1, 0]]);
  });

  it("places each new plan first and sets the patient's previous plans to status 0", async () => {
    const patient = await newPatient([f.a1.id]);
    const p1 = await createPlan(patient.id);
    const p2 = await createPlan(patient.id, [weight], { who: f.nurseA1 });
    const p3 = await createPlan(patient.id, [glucose], { who: f.officeAdminA1 });
    expect(await stored(patient.id)).toEqual([
      [p3.id, 1, 0],
      [p2.id, 0, 1],
      [p1.id, 0, 2],
    ]);
  });

  it("also deactivates the patient's plan in another office: a patient has one active plan", async () => {
    const patient = await newPatient([f.a1.id, f.a2.id]);
    const inA2 = await createPlan(patient.id, [bp], { hospitalId: f.a2.id, who: f.doctorA2 });
    const inA1 = await createPlan(patient.id, [bp]);
    expect(await stored(patient.id)).toEqual([
      [inA1.id, 1, 0],
      [inA2.id, 0, 1],
    ]);
  });

  it('leaves exactly one active plan when several are created at once', async () => {
    const patient = await newPatient([f.a1.id]);
    const results = await Promise.all([1, 2, 3, 4].map((n) => callAs(f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: { patientId: patient.id, hospitalId: f.a1.id, title: `Plan ${n}` } })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const rows = await stored(patient.id);
    expect(rows.filter(([, status]) => status === 1)).toHaveLength(1);
    expect(rows.map(([, , sortOrder]) => sortOrder)).toEqual([0, 1, 2, 3]);
  });

  it("links the patient's own device of the same type and refuses another patient's device", async () => {
    const patient = await newPatient([f.a1.id]);
    const other = await newPatient([f.a1.id]);
    const [mine] = await t.ctx.db.insert(medicalDevices).values({ deviceIdentifier: `BP-${patient.id}`, deviceType: 'BLOOD_PRESSURE', hospitalId: f.a1.id, patientId: patient.id }).returning();
    const [theirs] = await t.ctx.db.insert(medicalDevices).values({ deviceIdentifier: `BP-${other.id}`, deviceType: 'BLOOD_PRESSURE', hospitalId: f.a1.id, patientId: other.id }).returning();
    const plan = await createPlan(patient.id, [{ ...bp, medicalDeviceId: mine!.id }]);
    expect(plan.devices[0]!.medicalDeviceId).toBe(mine!.id);
    for (const device of [{ ...bp, medicalDeviceId: theirs!.id }, { ...weight, medicalDeviceId: mine!.id }]) {
      const res = await callAs(f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: { patientId: patient.id, hospitalId: f.a1.id, title: 'Linked', devices: [device] } });
      expect(res.status).toBe(400);
      expect(res.errors).toEqual({ 'devices.0.medicalDeviceId': INVALID_ID });
    }
  });

  it("refuses a time that is not 'HH:mm' on the 24-hour clock with the spec's message", async () => {
    const patient = await newPatient([f.a1.id]);
    for (const time1 of ['25:00', '8:00', '12:60', 'noon']) {
      const res = await callAs(f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: { patientId: patient.id, hospitalId: f.a1.id, title: 'Bad time', devices: [{ ...bp, time1 }] } });
      expect(res.status).toBe(400);
      expect(res.reply.json()).toMatchObject({ resFlag: false, data: null, code: 'validationFailed', errors: { 'devices.0.time1': FORMAT } });
    }
    const es = await callAs(f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: { patientId: patient.id, hospitalId: f.a1.id, title: 'Bad time', devices: [{ ...bp, time1: '25:00' }] },
      lang: 'es' });
    expect(es.errors).toEqual({ 'devices.0.time1': 'Este campo necesita tener el formato correcto' });
    expect(await stored(patient.id)).toEqual([]);
  });

  it('requires the measurement count to match the times given, and a known period, count and type', async () => {
    const patient = await newPatient([f.a1.id]);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...bp, time2: null }, { 'devices.0.time2': REQUIRED }],
      [{ ...bp, time2: '' }, { 'devices.0.time2': REQUIRED }],
      [{ ...bp, time3: '22:00' }, { 'devices.0.time3': FORMAT }],
      [{ ...bp, time2: '08:00' }, { 'devices.0.time2': FORMAT }],
      [{ ...bp, measurementsCount: 5 }, { 'devices.0.measurementsCount': FORMAT }],
      [{ ...bp, measurementsCount: 0 }, { 'devices.0.measurementsCount': FORMAT }],
      [{ ...bp, measurementPeriod: 'YEARLY' }, { 'devices.0.measurementPeriod': FORMAT }],
      [{ ...bp, deviceType: 'TOASTER' }, { 'devices.0.deviceType': FORMAT }],
      [{ ...bp, deviceType: undefined }, { 'devices.0.deviceType': REQUIRED }],
    ];
    for (const [device, errors] of cases) {
      const res = await callAs(f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: { patientId: patient.id, hospitalId: f.a1.id, title: 'Rules', devices: [invalid(device)] } });
      expect(res.status, JSON.stringify(device)).toBe(400);
      expect(res.errors).toEqual(errors);
    }
    const noTitle = await callAs(f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: { patientId: patient.id, hospitalId: f.a1.id, title: '  ' } });
    expect(noTitle.errors).toEqual({ title: REQUIRED });
    const longTitle = await callAs(f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: { patientId: patient.id, hospitalId: f.a1.id, title: 'x'.repeat(101) } });
    expect(longTitle.errors).toEqual({ title: 'This field must be 100 characters or less' });
    const noIds = await callAs(f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: invalid({ title: 'No ids' }) });
    expect(noIds.errors).toEqual({ patientId: REQUIRED, hospitalId: REQUIRED });
    expect(await stored(patient.id)).toEqual([]);
  });

  it('refuses the same device type twice in one plan', async () => {
    const patient = await newPatient([f.a1.id]);
    const res = await callAs(f.doctorA1, treatmentPlansApi.createTreatmentPlan, { body: { patientId: patient.id, hospitalId: f.a1.id, title: 'Twice', devices: [bp, weight, { ...bp, time1: '09:00', time2: '21:00' }] } });
    expect(res.status).toBe(400);
    expect(res.reply.json()).toMatchObject({ msg: DUPLICATE_TYPE, code: 'duplicatePlanDeviceType', errors: { 'devices.2.deviceType': DUPLICATE_TYPE } });
  });

  it('refuses roles without treatmentPlans.manage with 403', async () => {
    const payload = { patientId: f.patientA1.id, hospitalId: f.a1.id, title: 'Nope' };
    for (const who of [f.caregiverA1, f.patientA1, partner]) {
      const res = await callAs(who, treatmentPlansApi.createTreatmentPlan, { body: payload });
      expect(res.status).toBe(403);
    }
    expect(await stored(f.patientA1.id)).toEqual([]);
  });

  it("answers 404 for another office's or organization's patient or office, 400 for a patient not in the office", async () => {
    const title = 'Out of scope';
    const cases: [{ id: number }, number, number][] = [
      [f.doctorA1, f.patientB1.id, f.a1.id], // patient of another organization
      [f.doctorA1, f.patientA2.id, f.a1.id], // patient of another office
      [f.doctorA1, f.patientA1.id, f.b1.id], // office of another organization
      [f.doctorA1, f.patientA1.id, f.a2.id], // office of the same organization the doctor is not in
      [f.doctorB1, f.patientA1.id, f.a1.id],
    ];
    for (const [who, patientId, hospitalId] of cases) {
      const res = await callAs(who, treatmentPlansApi.createTreatmentPlan, { body: { patientId, hospitalId, title } });
      expect(res.status).toBe(404);
      expect(res.reply.json()).toMatchObject({ msg: INVALID_ID });
    }
    const notInOffice = await callAs(f.orgAdminA, treatmentPlansApi.createTreatmentPlan, { body: { patientId: f.patientA2.id, hospitalId: f.a1.id, title } });
    expect(notInOffice.status).toBe(400);
    expect(notInOffice.errors).toEqual({ patientId: INVALID_ID });
    const staffNotPatient = await callAs(f.orgAdminA, treatmentPlansApi.createTreatmentPlan, { body: { patientId: f.nurseA1.id, hospitalId: f.a1.id, title } });
    expect(staffNotPatient.status).toBe(404);
  });
});

describe('PUT treatmentplan/{id}', () => {
  it('updates title and description and makes the device list the one sent, keeping the id of a kept type', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp, weight]);
    const bpId = plan.devices.find((d) => d.deviceType === 'BLOOD_PRESSURE')!.id;
    const res = await callAs(f.nurseA1, treatmentPlansApi.updateTreatmentPlan, { params: { id: plan.id }, body: { title: 'Diabetes', description: '', devices: [{ ...bp, time1: '09:15', time2: null, measurementsCount: 1 }, glucose] } });
    expect(res.status, res.reply.body).toBe(200);
    const updated = res.body as PlanView;
    expect(updated).toMatchObject({ id: plan.id, title: 'Diabetes', description: '', status: 1, sortOrder: 0 });
    expect(updated.devices.map((d) => [d.deviceType, d.time1, d.time2, d.time3, d.measurementsCount])).toEqual([
      ['BLOOD_PRESSURE', '09:15', null, null, 1],
      ['GLUCOSE', '06:00', '12:00', '18:00', 3],
    ]);
    expect(updated.devices[0]!.id).toBe(bpId);
    expect((await storedDevices(plan.id)).map((d) => d.deviceType)).toEqual(['BLOOD_PRESSURE', 'GLUCOSE']);
  });

  it("keeps an older plan's status and place, and leaves devices alone when none are sent", async () => {
    const patient = await newPatient([f.a1.id]);
    const older = await createPlan(patient.id, [bp, weight]);
    const newer = await createPlan(patient.id, [glucose]);
    const res = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlan, { params: { id: older.id }, body: { title: 'Renamed' } });
    expect(res.body).toMatchObject({ title: 'Renamed', description: '', status: 0, sortOrder: 1 });
    expect(res.body.devices).toHaveLength(2);
    expect(await stored(patient.id)).toEqual([
      [newer.id, 1, 0],
      [older.id, 0, 1],
    ]);
  });

  it('validates the title, times and default flag', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id);
    const empty = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlan, { params: { id: plan.id }, body: { title: '' } });
    expect(empty.errors).toEqual({ title: REQUIRED });
    const badTime = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlan, { params: { id: plan.id }, body: { title: 'T', devices: [{ ...bp, time2: '24:00' }] } });
    expect(badTime.errors).toEqual({ 'devices.0.time2': FORMAT });
    const notTemplate = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlan, { params: { id: plan.id }, body: { title: 'T', isDefault: true } });
    expect(notTemplate.status).toBe(400);
    expect(notTemplate.errors).toEqual({ isDefault: FORMAT });
    const badId = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlan, { params: { id: 'abc' }, body: { title: 'T' } });
    expect(badId.status).toBe(400);
    expect(badId.errors).toEqual({ id: FORMAT });
    expect((await callAs(f.doctorA1, treatmentPlansApi.getTreatmentPlan, { params: { id: plan.id } })).body.title).toBe('Hypertension follow-up');
  });

  it('answers 404 for another office or organization', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id);
    for (const who of [f.doctorA2, f.doctorB1, f.officeAdminA2, f.orgAdminB]) {
      const res = await callAs(who, treatmentPlansApi.updateTreatmentPlan, { params: { id: plan.id }, body: { title: 'Stolen' } });
      expect(res.status).toBe(404);
    }
    expect((await callAs(f.doctorA1, treatmentPlansApi.getTreatmentPlan, { params: { id: plan.id } })).body.title).toBe('Hypertension follow-up');
  });
});

describe('DELETE treatmentplan/{id}', () => {
  it('deletes the active plan with its devices, leaving the patient without an active plan (allowed)', async () => {
    const patient = await newPatient([f.a1.id]);
    const older = await createPlan(patient.id);
    const active = await createPlan(patient.id, [bp, weight]);
    const res = await callAs(f.doctorA1, treatmentPlansApi.deleteTreatmentPlan, { params: { id: active.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: active.id });
    expect(await stored(patient.id)).toEqual([[older.id, 0, 1]]);
    expect(await storedDevices(active.id)).toEqual([]);
    const current = await callAs(f.doctorA1, treatmentPlansApi.getActiveTreatmentPlanForPatient, { headers: { patientid: patient.id } });
    expect(current.body).toBeNull();
    expect((await callAs(f.doctorA1, treatmentPlansApi.deleteTreatmentPlan, { params: { id: active.id } })).status).toBe(404);
  });

  it('answers 400 for a bad id and 404 for another tenant', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id);
    expect((await callAs(f.doctorA1, treatmentPlansApi.deleteTreatmentPlan, { params: { id: 0 } })).errors).toEqual({ id: FORMAT });
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) { expect((await callAs(who, treatmentPlansApi.deleteTreatmentPlan, { params: { id: plan.id } })).status).toBe(404); }
    expect(await stored(patient.id)).toEqual([[plan.id, 1, 0]]);
  });
});

describe('GET treatmentplan/treatmentplan/{id}', () => {
  it('answers the plan to its office staff, caregiver and the patient themselves', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp, weight]);
    for (const who of [f.doctorA1, f.caregiverA1, f.orgAdminA, f.sysadmin, patient]) {
      const res = await callAs(who, treatmentPlansApi.getTreatmentPlan, { params: { id: plan.id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(plan);
    }
  });

  it("answers 404 to another patient, office or organization, 400 to a bad id", async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id);
    for (const who of [f.patientA1, f.doctorA2, f.doctorB1, f.orgAdminB]) {
      const res = await callAs(who, treatmentPlansApi.getTreatmentPlan, { params: { id: plan.id } });
      expect(res.status).toBe(404);
      expect(res.reply.json()).toMatchObject({ resFlag: false, data: null, msg: INVALID_ID });
    }
    expect((await callAs(f.doctorA1, treatmentPlansApi.getTreatmentPlan, { params: { id: '-4' } })).errors).toEqual({ id: FORMAT });
  });
});

describe('GET treatmentplan/gettreatmentplansforpatient', () => {
  it("lists the patient's plans newest first, and a patient may read their own", async () => {
    const patient = await newPatient([f.a1.id]);
    const p1 = await createPlan(patient.id, [bp], { title: 'First' });
    const p2 = await createPlan(patient.id, [weight], { title: 'Second' });
    for (const who of [f.doctorA1, patient]) {
      const res = await callAs(who, treatmentPlansApi.getTreatmentPlansForPatient, { headers: { patientid: patient.id } });
      expect(res.status).toBe(200);
      expect(res.body.map((p: PlanView) => [p.id, p.title, p.status, p.sortOrder])).toEqual([
        [p2.id, 'Second', 1, 0],
        [p1.id, 'First', 0, 1],
      ]);
    }
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/treatmentplan/gettreatmentplansforpatient?patientId=${patient.id}`, headers: await callAs.sessionOf(f.doctorA1) });
    expect(byQuery.json().data).toHaveLength(2);
  });

  it("shows another office's staff only the plans of their own office", async () => {
    const patient = await newPatient([f.a1.id, f.a2.id]);
    const inA2 = await createPlan(patient.id, [bp], { hospitalId: f.a2.id, who: f.doctorA2 });
    await createPlan(patient.id, [bp]);
    const res = await callAs(f.doctorA2, treatmentPlansApi.getTreatmentPlansForPatient, { headers: { patientid: patient.id } });
    expect(res.body.map((p: PlanView) => p.id)).toEqual([inA2.id]);
  });

  it('answers 404 for a patient out of scope, 400 without the header', async () => {
    const patient = await newPatient([f.a1.id]);
    await createPlan(patient.id);
    for (const who of [f.patientA1, f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, treatmentPlansApi.getTreatmentPlansForPatient, { headers: { patientid: patient.id } })).status).toBe(404);
    }
    const missing = await callAs(f.doctorA1, treatmentPlansApi.getTreatmentPlansForPatient);
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ patientid: REQUIRED });
  });
});

describe('GET treatmentplan/getactivetreatmentplanforpatient', () => {
  it('answers the active plan, or null when the patient has none', async () => {
    const patient = await newPatient([f.a1.id]);
    const none = await callAs(f.doctorA1, treatmentPlansApi.getActiveTreatmentPlanForPatient, { headers: { patientid: patient.id } });
    expect(none.status).toBe(200);
    expect(none.reply.json()).toEqual({ resFlag: true, data: null, msg: 'OK' });
    await createPlan(patient.id, [bp], { title: 'Old' });
    const current = await createPlan(patient.id, [glucose], { title: 'Current' });
    for (const who of [f.nurseA1, patient]) {
      const res = await callAs(who, treatmentPlansApi.getActiveTreatmentPlanForPatient, { headers: { patientid: patient.id } });
      expect(res.body).toMatchObject({ id: current.id, title: 'Current', status: 1 });
    }
  });

  it('answers 404 for a patient out of scope, 400 for a bad header', async () => {
    for (const who of [f.doctorB1, f.doctorA2, f.patientA2]) {
      expect((await callAs(who, treatmentPlansApi.getActiveTreatmentPlanForPatient, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
    }
    const bad = await callAs(f.doctorA1, treatmentPlansApi.getActiveTreatmentPlanForPatient, { headers: { patientid: 'x' } });
    expect(bad.errors).toEqual({ patientid: FORMAT });
  });
});

describe('POST treatmentplan/assigndevice', () => {
  it('adds a device type with its times to a plan', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp]);
    const res = await callAs(f.nurseA1, treatmentPlansApi.assignTreatmentPlanDevice, { body: { treatmentPlanId: plan.id, ...glucose } });
    expect(res.status).toBe(201);
    const device = res.body;
    expect(device).toMatchObject({ treatmentPlanId: plan.id, deviceType: 'GLUCOSE', deviceTypeTitle: 'Blood glucose', deviceTypeTitleEsp: 'Glucosa en sangre', time1: '06:00', time2: '12:00', time3: '18:00', time4: null, measurementsCount: 3 });
    expect(device.treatmentPlanDeviceId).toBe(device.id);
    expect((await storedDevices(plan.id)).map((d) => d.deviceType)).toEqual(['BLOOD_PRESSURE', 'GLUCOSE']);
  });

  it('refuses a type the plan has (409) and a malformed time (400)', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp]);
    const dup = await callAs(f.doctorA1, treatmentPlansApi.assignTreatmentPlanDevice, { body: { treatmentPlanId: plan.id, ...bp } });
    expect(dup.status).toBe(409);
    expect(dup.reply.json()).toMatchObject({ msg: DUPLICATE_TYPE, code: 'duplicatePlanDeviceType' });
    const bad = await callAs(f.doctorA1, treatmentPlansApi.assignTreatmentPlanDevice, { body: { treatmentPlanId: plan.id, ...weight, time1: '25:00' } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ time1: FORMAT });
    const noPlan = await callAs(f.doctorA1, treatmentPlansApi.assignTreatmentPlanDevice, { body: invalid({ ...weight }) });
    expect(noPlan.errors).toEqual({ treatmentPlanId: REQUIRED });
    expect(await storedDevices(plan.id)).toHaveLength(1);
  });

  it('answers 404 for a plan of another tenant', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp]);
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, treatmentPlansApi.assignTreatmentPlanDevice, { body: { treatmentPlanId: plan.id, ...weight } })).status).toBe(404);
    }
    expect(await storedDevices(plan.id)).toHaveLength(1);
  });
});

describe('DELETE treatmentplan/deassigndevice', () => {
  it('removes a device from its plan', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp, weight]);
    const target = plan.devices[1]!;
    const res = await callAs(f.doctorA1, treatmentPlansApi.deassignTreatmentPlanDevice, { headers: { treatmentplandeviceid: target.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: target.id, treatmentPlanId: plan.id });
    expect((await storedDevices(plan.id)).map((d) => d.deviceType)).toEqual(['BLOOD_PRESSURE']);
    expect((await callAs(f.doctorA1, treatmentPlansApi.deassignTreatmentPlanDevice, { headers: { treatmentplandeviceid: target.id } })).status).toBe(404);
  });

  it('answers 400 without the header, 404 for another tenant', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp]);
    const id = plan.devices[0]!.id;
    expect((await callAs(f.doctorA1, treatmentPlansApi.deassignTreatmentPlanDevice)).errors).toEqual({ treatmentplandeviceid: REQUIRED });
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, treatmentPlansApi.deassignTreatmentPlanDevice, { headers: { treatmentplandeviceid: id } })).status).toBe(404);
    }
    expect(await storedDevices(plan.id)).toHaveLength(1);
  });
});

describe('PUT treatmentplan/updatetreatmanplandevice', () => {
  it("changes a device's times, period and count", async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp]);
    const id = plan.devices[0]!.id;
    const res = await callAs(f.nurseA1, treatmentPlansApi.updateTreatmentPlanDevice, { body: { treatmentPlanDeviceId: id, time1: '07:00', time2: '13:00', time3: '19:00', time4: '23:00', measurementPeriod: 'MONTHLY', measurementsCount: 4 } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ id, deviceType: 'BLOOD_PRESSURE', time1: '07:00', time2: '13:00', time3: '19:00', time4: '23:00', measurementPeriod: 'MONTHLY', measurementsCount: 4 });
    const [row] = await storedDevices(plan.id);
    expect([row!.time4, row!.measurementPeriod, row!.measurementsCount]).toEqual(['23:00', 'MONTHLY', 4]);
  });

  it('changes the type unless the plan has that type on another device (409)', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp, weight]);
    const [bpDevice, weightDevice] = plan.devices;
    const ok = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlanDevice, { body: { treatmentPlanDeviceId: weightDevice!.id, ...glucose } });
    expect(ok.body).toMatchObject({ id: weightDevice!.id, deviceType: 'GLUCOSE', deviceTypeTitle: 'Blood glucose' });
    const clash = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlanDevice, { body: { treatmentPlanDeviceId: bpDevice!.id, ...glucose } });
    expect(clash.status).toBe(409);
    expect(clash.code).toBe('duplicatePlanDeviceType');
  });

  it('answers 400 for an inconsistent schedule, 404 for another tenant', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp]);
    const id = plan.devices[0]!.id;
    const bad = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlanDevice, { body: { treatmentPlanDeviceId: id, time1: '08:00', measurementPeriod: 'DAILY', measurementsCount: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ time2: REQUIRED });
    const payload = { treatmentPlanDeviceId: id, time1: '10:00', measurementPeriod: 'DAILY', measurementsCount: 1 } as const;
    for (const who of [f.doctorA2, f.doctorB1]) { expect((await callAs(who, treatmentPlansApi.updateTreatmentPlanDevice, { body: payload })).status).toBe(404); }
    expect((await storedDevices(plan.id))[0]!.time1).toBe('08:00');
  });
});

describe('PUT treatmentplan/updatetitledescription', () => {
  it("changes a plan's title and description only", async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp]);
    const res = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlanTitleDescription, { body: { treatmentPlanId: plan.id, title: 'COPD', description: 'SpO2 and pulse' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: plan.id, title: 'COPD', description: 'SpO2 and pulse', status: 1, devices: plan.devices });
  });

  it('answers 400 without a title, 404 for another tenant', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id, [bp]);
    const bad = await callAs(f.doctorA1, treatmentPlansApi.updateTreatmentPlanTitleDescription, { body: invalid({ treatmentPlanId: plan.id, description: 'x'.repeat(1001) }) });
    expect(bad.errors).toEqual({ title: REQUIRED, description: 'This field must be 1000 characters or less' });
    const payload = { treatmentPlanId: plan.id, title: 'Stolen' };
    for (const who of [f.doctorA2, f.doctorB1]) { expect((await callAs(who, treatmentPlansApi.updateTreatmentPlanTitleDescription, { body: payload })).status).toBe(404); }
  });
});

describe('GET treatmentplan/duplicatetreatmentplan', () => {
  it("copies an older plan with its devices as the patient's new active plan, placed first", async () => {
    const patient = await newPatient([f.a1.id]);
    const original = await createPlan(patient.id, [bp, glucose], { title: 'Original' });
    const later = await createPlan(patient.id, [weight], { title: 'Later' });
    const res = await callAs(f.doctorA1, treatmentPlansApi.duplicateTreatmentPlan, { headers: { treatmentplanid: original.id } });
    expect(res.status).toBe(200);
    const copy = res.body as PlanView;
    expect(copy).toMatchObject({ title: 'Original', description: 'Twice a day', status: 1, sortOrder: 0, patientId: patient.id, hospitalId: f.a1.id });
    expect(copy.id).not.toBe(original.id);
    const schedule = (p: PlanView) => p.devices.map(({ deviceType, time1, time2, time3, time4, measurementPeriod, measurementsCount }) => ({ deviceType, time1, time2, time3, time4, measurementPeriod, measurementsCount }));
    expect(schedule(copy)).toEqual(schedule(original));
    expect(copy.devices.map((d) => d.id)).not.toEqual(original.devices.map((d) => d.id));
    expect(await stored(patient.id)).toEqual([
      [copy.id, 1, 0],
      [later.id, 0, 1],
      [original.id, 0, 2],
    ]);
    expect((await storedDevices(original.id)).map((d) => d.deviceType)).toEqual(['BLOOD_PRESSURE', 'GLUCOSE']);
  });

  it('copies a client monitoring plan as a new template that is not the default and has no patients', async () => {
    const office = await createOffice(t, f.orgA.id);
    const template = await createTemplate(office.id, { isDefault: true, who: f.orgAdminA });
    const res = await callAs(f.orgAdminA, treatmentPlansApi.duplicateTreatmentPlan, { headers: { treatmentplanid: template.id } });
    expect(res.body).toMatchObject({ isClientMonitoringPlan: true, isDefault: false, patientId: null, hospitalId: office.id, patientAssignments: [], assignedPatientsCount: 0 });
    expect(res.body.devices.map((d: { deviceType: string }) => d.deviceType)).toEqual(['BLOOD_PRESSURE', 'WEIGHT']);
  });

  it('answers 400 without the header, 404 for another tenant', async () => {
    const patient = await newPatient([f.a1.id]);
    const plan = await createPlan(patient.id);
    expect((await callAs(f.doctorA1, treatmentPlansApi.duplicateTreatmentPlan)).errors).toEqual({ treatmentplanid: REQUIRED });
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, treatmentPlansApi.duplicateTreatmentPlan, { headers: { treatmentplanid: plan.id } })).status).toBe(404);
    }
    expect(await stored(patient.id)).toEqual([[plan.id, 1, 0]]);
  });
});

describe('client monitoring plans', () => {
  let office: { id: number };
  let otherOffice: { id: number };
  let admin: { id: number };
  let doctor: { id: number };

  beforeAll(async () => {
    office = await createOffice(t, f.orgA.id);
    otherOffice = await createOffice(t, f.orgA.id);
    admin = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: f.orgA.id, offices: [office.id] });
    doctor = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [office.id] });
  });

  describe('POST treatmentplan/createclientmonitoringplan', () => {
    it("creates an office template; a new default replaces the office's previous default", async () => {
      const first = await createTemplate(office.id, { isDefault: true, title: 'Default A', who: admin });
      expect(first).toMatchObject({ patientId: null, hospitalId: office.id, isClientMonitoringPlan: true, isDefault: true, status: 1, patientAssignments: [], assignedPatientsCount: 0 });
      expect(first.devices.map((d) => [d.deviceType, d.time1])).toEqual([
        ['BLOOD_PRESSURE', '08:00'],
        ['WEIGHT', '07:30'],
      ]);
      const second = await createTemplate(office.id, { isDefault: true, title: 'Default B', who: admin });
      const otherDefault = await createTemplate(otherOffice.id, { isDefault: true, who: f.orgAdminA });
      const defaults = await t.ctx.db.select({ id: treatmentPlans.id, hospitalId: treatmentPlans.hospitalId }).from(treatmentPlans).where(eq(treatmentPlans.isDefault, true));
      expect(defaults.filter((d) => d.hospitalId === office.id).map((d) => d.id)).toEqual([second.id]);
      expect(defaults.filter((d) => d.hospitalId === otherOffice.id).map((d) => d.id)).toEqual([otherDefault.id]);
    });

    it('validates the body and refuses a linked patient device on a template', async () => {
      const bad = await callAs(admin, treatmentPlansApi.createClientMonitoringPlan, { body: { hospitalId: office.id, title: '', isDefault: invalid('yes'), devices: [{ ...bp, time1: '25:00' }] } });
      expect(bad.status).toBe(400);
      expect(bad.errors).toEqual({ title: REQUIRED, isDefault: FORMAT, 'devices.0.time1': FORMAT });
      const linked = await callAs(admin, treatmentPlansApi.createClientMonitoringPlan, { body: { hospitalId: office.id, title: 'Linked', devices: [{ ...bp, medicalDeviceId: 1 }] } });
      expect(linked.status).toBe(400);
      expect(linked.errors).toEqual({ 'devices.0.medicalDeviceId': INVALID_ID });
    });

    it('answers 404 for an office of another tenant', async () => {
      const payload = { hospitalId: f.a1.id, title: 'Template' };
      for (const [who, hospitalId] of [
        [f.officeAdminA2, f.a1.id],
        [f.orgAdminB, f.a1.id],
        [f.officeAdminA1, f.b1.id],
      ] as const) {
        expect((await callAs(who, treatmentPlansApi.createClientMonitoringPlan, { body: { ...payload, hospitalId } })).status).toBe(404);
      }
    });
  });

  describe('POST treatmentplan/assignpatienttodefaultclientmonitoringplan', () => {
    it("assigns the patient to the office's default plan and gives them an active copy, placed first", async () => {
      const template = await createTemplate(office.id, { isDefault: true, title: 'Default C', devices: [glucose], who: admin });
      const patient = await newPatient([office.id]);
      const previous = await createPlan(patient.id, [bp], { hospitalId: office.id, who: doctor });
      const res = await callAs(doctor, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: { patientUserId: patient.id, hospitalId: office.id } });
      expect(res.status, res.reply.body).toBe(201);
      const copy = res.body as PlanView;
      expect(copy).toMatchObject({ title: 'Default C', description: 'Office template', patientId: patient.id, hospitalId: office.id, status: 1, sortOrder: 0, isClientMonitoringPlan: false, isDefault: false });
      expect(copy.devices.map((d) => [d.deviceType, d.time1, d.time2, d.time3, d.measurementsCount])).toEqual([['GLUCOSE', '06:00', '12:00', '18:00', 3]]);
      expect(await stored(patient.id)).toEqual([
        [copy.id, 1, 0],
        [previous.id, 0, 1],
      ]);
      const assigned = await t.ctx.db.select().from(treatmentPlanPatients).where(eq(treatmentPlanPatients.patientUserId, patient.id));
      expect(assigned.map((a) => a.treatmentPlanId)).toEqual([template.id]);
      const active = await callAs(patient, treatmentPlansApi.getActiveTreatmentPlanForPatient, { headers: { patientid: patient.id } });
      expect(active.body?.id).toBe(copy.id);
    });

    it('answers 400 when the office has no default plan or the patient is not in the office', async () => {
      const noDefaultOffice = await createOffice(t, f.orgA.id);
      const patient = await newPatient([noDefaultOffice.id]);
      const res = await callAs(f.orgAdminA, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: { patientUserId: patient.id, hospitalId: noDefaultOffice.id } });
      expect(res.status).toBe(400);
      expect(res.reply.json()).toMatchObject({ msg: 'The office has no default monitoring plan', code: 'noDefaultMonitoringPlan', errors: { hospitalId: 'The office has no default monitoring plan' } });
      const es = await callAs(f.orgAdminA, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: { patientUserId: patient.id, hospitalId: noDefaultOffice.id }, lang: 'es' });
      expect(es.msg).toBe('La oficina no tiene un plan de monitorización predeterminado');
      const elsewhere = await callAs(f.orgAdminA, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: { patientUserId: patient.id, hospitalId: office.id } });
      expect(elsewhere.errors).toEqual({ patientUserId: INVALID_ID });
      const missing = await callAs(f.orgAdminA, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: invalid({ hospitalId: office.id }) });
      expect(missing.errors).toEqual({ patientUserId: REQUIRED });
      expect(await stored(patient.id)).toEqual([]);
    });

    it('answers 404 for a patient or office of another tenant', async () => {
      const patient = await newPatient([office.id]);
      const payload = { patientUserId: patient.id, hospitalId: office.id };
      for (const who of [f.doctorA1, f.orgAdminB, f.doctorB1]) {
        expect((await callAs(who, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: payload })).status).toBe(404);
      }
      expect((await callAs(doctor, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: { patientUserId: f.patientB1.id, hospitalId: office.id } })).status).toBe(404);
      expect(await stored(patient.id)).toEqual([]);
    });
  });

  describe('GET treatmentplan/relatedclientmonitoringplans', () => {
    it("lists the office's templates, the default first, with devices and assigned patient counts; no patient plans", async () => {
      const listOffice = await createOffice(t, f.orgA.id);
      const plain = await createTemplate(listOffice.id, { title: 'Aaa plain', devices: [weight], who: f.orgAdminA });
      const def = await createTemplate(listOffice.id, { title: 'Zzz default', isDefault: true, who: f.orgAdminA });
      await createTemplate(otherOffice.id, { title: 'Elsewhere', who: f.orgAdminA });
      const p1 = await newPatient([listOffice.id]);
      const p2 = await newPatient([listOffice.id]);
      for (const p of [p1, p2]) {
        const r = await callAs(f.orgAdminA, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: { patientUserId: p.id, hospitalId: listOffice.id } });
        expect(r.status).toBe(201);
      }
      const res = await callAs(f.orgAdminA, treatmentPlansApi.getRelatedClientMonitoringPlans, { headers: { hospitalid: listOffice.id } });
      expect(res.status).toBe(200);
      const list = res.body as PlanView[];
      expect(list.map((p) => [p.id, p.title, p.isDefault, p.assignedPatientsCount])).toEqual([
        [def.id, 'Zzz default', true, 2],
        [plain.id, 'Aaa plain', false, 0],
      ]);
      expect(list[0]!.patientAssignments).toEqual(expect.arrayContaining([{ treatmentPlanId: def.id, patientUserId: p1.id }, { treatmentPlanId: def.id, patientUserId: p2.id }]));
      expect(list[0]!.devices.map((d) => d.deviceType)).toEqual(['BLOOD_PRESSURE', 'WEIGHT']);
      expect(list[1]!.devices.map((d) => d.deviceType)).toEqual(['WEIGHT']);
    });

    it('gives a patient an empty list, 404 for an office out of scope, 400 without the header', async () => {
      await createTemplate(f.a1.id, { title: 'A1 template' });
      const patientView = await callAs(f.patientA1, treatmentPlansApi.getRelatedClientMonitoringPlans, { headers: { hospitalid: f.a1.id } });
      expect(patientView.body).toEqual([]);
      const caregiverView = await callAs(f.caregiverA1, treatmentPlansApi.getRelatedClientMonitoringPlans, { headers: { hospitalid: f.a1.id } });
      expect(caregiverView.body.map((p: PlanView) => p.title)).toContain('A1 template');
      for (const [who, hospitalId] of [
        [f.doctorA2, f.a1.id],
        [f.doctorB1, f.a1.id],
        [f.doctorA1, f.b1.id],
      ] as const) {
        expect((await callAs(who, treatmentPlansApi.getRelatedClientMonitoringPlans, { headers: { hospitalid: hospitalId } })).status).toBe(404);
      }
      expect((await callAs(f.doctorA1, treatmentPlansApi.getRelatedClientMonitoringPlans)).errors).toEqual({ hospitalid: REQUIRED });
    });
  });

  describe('DELETE treatmentplan/deassignpatientfromclientmonitoringplan', () => {
    it("removes the patient from the template and keeps the patient's copied plan", async () => {
      const template = await createTemplate(office.id, { isDefault: true, title: 'Default D', who: admin });
      const patient = await newPatient([office.id]);
      const copy = (await callAs(doctor, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: { patientUserId: patient.id, hospitalId: office.id } })).body;
      const res = await callAs(doctor, treatmentPlansApi.deassignPatientFromClientMonitoringPlan, { body: { treatmentPlanId: template.id, patientUserId: patient.id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ treatmentPlanId: template.id, patientUserId: patient.id });
      expect(await t.ctx.db.select().from(treatmentPlanPatients).where(eq(treatmentPlanPatients.patientUserId, patient.id))).toEqual([]);
      expect(await stored(patient.id)).toEqual([[copy.id, 1, 0]]);
      expect((await callAs(doctor, treatmentPlansApi.deassignPatientFromClientMonitoringPlan, { body: { treatmentPlanId: template.id, patientUserId: patient.id } })).status).toBe(404);
    });

    it("answers 404 for a patient's own plan and for another tenant, 400 for a bad body", async () => {
      const template = await createTemplate(office.id, { isDefault: true, title: 'Default E', who: admin });
      const patient = await newPatient([office.id]);
      const copy = (await callAs(doctor, treatmentPlansApi.assignPatientToDefaultClientMonitoringPlan, { body: { patientUserId: patient.id, hospitalId: office.id } })).body;
      const notTemplate = await callAs(doctor, treatmentPlansApi.deassignPatientFromClientMonitoringPlan, { body: { treatmentPlanId: copy.id, patientUserId: patient.id } });
      expect(notTemplate.status).toBe(404);
      const payload = { treatmentPlanId: template.id, patientUserId: patient.id };
      for (const who of [f.doctorA1, f.doctorB1, f.orgAdminB]) {
        expect((await callAs(who, treatmentPlansApi.deassignPatientFromClientMonitoringPlan, { body: payload })).status).toBe(404);
      }
      const bad = await callAs(doctor, treatmentPlansApi.deassignPatientFromClientMonitoringPlan, { body: invalid({ treatmentPlanId: 'x' }) });
      expect(bad.errors).toEqual({ treatmentPlanId: FORMAT, patientUserId: REQUIRED });
      expect(await t.ctx.db.select().from(treatmentPlanPatients).where(eq(treatmentPlanPatients.patientUserId, patient.id))).toHaveLength(1);
    });
  });
});

describe('active plan schedules for the scheduled jobs', () => {
  it("gives each active plan's devices, office time zone and start day, ready for expectedMeasurementTimes", async () => {
    const madrid = await createOffice(t, f.orgA.id, { timeZone: 'Europe/Madrid' });
    const patient = await newPatient([madrid.id]);
    await createPlan(patient.id, [weight], { hospitalId: madrid.id, who: f.orgAdminA });
    const active = await createPlan(patient.id, [bp], { hospitalId: madrid.id, who: f.orgAdminA });
    const system: Scope = { userId: f.sysadmin.id, role: Role.SYSTEM_ADMIN, organizationId: null, officeIds: [], sessionId: 0, lang: 'en' };
    const all = [];
    for (let after = 0, guard = 0; guard < 100; guard++) {
      const batch = await findActivePlanSchedules(t.ctx, system, after, 50);
      if (batch.length === 0) { break; }
      all.push(...batch);
      after = batch[batch.length - 1]!.treatmentPlanId;
    }
    const mine = all.filter((s) => s.patientId === patient.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ treatmentPlanId: active.id, hospitalId: madrid.id, timeZone: 'Europe/Madrid' });
    expect(mine[0]!.periodStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const due = expectedMeasurementTimes(mine[0]!.devices, '2024-07-15', mine[0]!.timeZone);
    expect(due.map((d) => d.at.toISOString())).toEqual(['2024-07-15T06:00:00.000Z', '2024-07-15T18:00:00.000Z']);
    // An office-scoped caller sees only its offices' plans.
    const a2Scope: Scope = { userId: f.doctorA2.id, role: Role.DOCTOR, organizationId: f.orgA.id, officeIds: [f.a2.id], sessionId: 0, lang: 'en' };
    expect((await findActivePlanSchedules(t.ctx, a2Scope, 0, 1000)).every((s) => s.hospitalId === f.a2.id)).toBe(true);
  });
});
