/**
 * The one rule for what a patient may see (db/scope.ts `patientRowFilter`): rows about themselves
 * in the offices they are assigned to (portal-spec.md section 4: a patient has an assigned office).
 * Two features read the same devices table; both must answer the patient alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { devices, measurements, Role } from '@vigil/contract';
import { callerFor } from '../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../test/setup';
import { medicalDevices } from './schema/index';
import { patientRowFilter, type Scope } from './scope';
import { getOfficeInScope, getVisiblePatient } from './visible';
import { tenantDb } from './handles';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let patient: { id: number };
const callAs = callerFor(() => t);
/** The patient's device in their own office a1. */
let ownDevice: number;
/** A device that still names the patient but belongs to office a2, which the patient is not assigned to. */
let leftOfficeDevice: number;

async function insertDevice(hospitalId: number, patientId: number, identifier: string) {
  const [row] = await t.ctx.db.insert(medicalDevices).values({ deviceIdentifier: identifier, deviceType: 'BLOOD_PRESSURE', hospitalId, patientId }).returning();
  return row!.id;
}

/** The device, and its readings, as the patient asks the devices and the measurements features for them. */
const viaDevices = (id: number) => callAs(patient, devices.getMedicalDevice, { params: { id } });
const viaMeasurements = (id: number) => callAs(patient, measurements.getMeasurementsForDevice, { headers: { deviceid: id } });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id] });
  ownDevice = await insertDevice(f.a1.id, patient.id, `SCOPE-OWN-${patient.id}`);
  leftOfficeDevice = await insertDevice(f.a2.id, patient.id, `SCOPE-LEFT-${patient.id}`);
});
afterAll(async () => t?.close());

describe('patientRowFilter: what a patient sees', () => {
  const patientScope = (): Scope => ({ userId: patient.id, role: Role.PATIENT, organizationId: f.orgA.id, officeIds: [f.a1.id], patientId: patient.id, sessionId: 0, lang: 'en' });

  it('keeps a patient to their own rows of their own offices', async () => {
    const rows = await t.ctx.db
      .select({ id: medicalDevices.id })
      .from(medicalDevices)
      .where(and(eq(medicalDevices.patientId, patient.id), patientRowFilter(patientScope(), medicalDevices.hospitalId, medicalDevices.patientId)));
    expect(rows.map((r) => r.id)).toEqual([ownDevice]);
  });

  it("gives staff every row of their offices, whoever's it is", async () => {
    const staff: Scope = { userId: f.doctorA1.id, role: Role.DOCTOR, organizationId: f.orgA.id, officeIds: [f.a1.id, f.a2.id], sessionId: 0, lang: 'en' };
    const rows = await t.ctx.db
      .select({ id: medicalDevices.id })
      .from(medicalDevices)
      .where(and(eq(medicalDevices.patientId, patient.id), patientRowFilter(staff, medicalDevices.hospitalId, medicalDevices.patientId)));
    expect(rows.map((r) => r.id).sort()).toEqual([ownDevice, leftOfficeDevice].sort());
  });

  it("the devices feature and the measurements feature both refuse the patient the device of an office they are not in", async () => {
    expect((await viaDevices(ownDevice)).status).toBe(200);
    expect((await viaMeasurements(ownDevice)).status).toBe(200);
    const device = await viaDevices(leftOfficeDevice);
    const readings = await viaMeasurements(leftOfficeDevice);
    expect(device.status, device.reply.body).toBe(404);
    expect(readings.status, readings.reply.body).toBe(404);
  });
});

describe('db/visible.ts', () => {
  it('answers an office only inside the caller scope', async () => {
    const doctor: Scope = { userId: f.doctorA1.id, role: Role.DOCTOR, organizationId: f.orgA.id, officeIds: [f.a1.id], sessionId: 0, lang: 'en' };
    expect((await getOfficeInScope(tenantDb(doctor, t.ctx.db), f.a1.id))?.id).toBe(f.a1.id);
    expect(await getOfficeInScope(tenantDb(doctor, t.ctx.db), f.b1.id)).toBeNull();
  });

  it('answers a patient to staff of their office and to themselves, to nobody else', async () => {
    const doctorA1: Scope = { userId: f.doctorA1.id, role: Role.DOCTOR, organizationId: f.orgA.id, officeIds: [f.a1.id], sessionId: 0, lang: 'en' };
    const doctorB1: Scope = { userId: f.doctorA1.id, role: Role.DOCTOR, organizationId: f.orgB.id, officeIds: [f.b1.id], sessionId: 0, lang: 'en' };
    const other: Scope = { userId: f.patientB1.id, role: Role.PATIENT, organizationId: f.orgB.id, officeIds: [f.b1.id], patientId: f.patientB1.id, sessionId: 0, lang: 'en' };
    expect((await getVisiblePatient(tenantDb(doctorA1, t.ctx.db), patient.id))?.id).toBe(patient.id);
    expect(await getVisiblePatient(tenantDb(doctorB1, t.ctx.db), patient.id)).toBeNull();
    expect(await getVisiblePatient(tenantDb(other, t.ctx.db), patient.id)).toBeNull();
    expect(await getVisiblePatient(tenantDb(doctorA1, t.ctx.db), f.doctorA1.id)).toBeNull();
  });
});
