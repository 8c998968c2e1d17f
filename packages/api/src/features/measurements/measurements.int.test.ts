import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { Role, measurements as measurementsApi, users as usersApi, withSeriesReadings, type IngestBody, type PatientSeries } from '@vigil/contract';
import { anonymous, callerFor, invalid, type Caller } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { hospitalDeviceDefaults, hubs, measurements, medicalDevices, patientMetadata, users } from '../../db/schema/index';
import { forgetHubCredentials } from '../../lib/hub-auth';
import { issueHubCredential, revokeHubCredential } from '../devices/hub-credentials';
import { forgetHubDevices } from './hub-devices';
import type { CommittedReading } from '../notifications/alerts';
import { localIso, localParts } from './time';

// The alert hook belongs to the notifications feature: here it is observed (and made to fail once).
const alertCalls = vi.hoisted(() => ({ calls: [] as CommittedReading[][], failNext: false }));
vi.mock('../notifications/alerts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  raiseMeasurementAlerts: async (_ctx: unknown, readings: CommittedReading[]) => {
    alertCalls.calls.push(readings);
    if (alertCalls.failNext) {
      alertCalls.failNext = false;
      throw new Error('socket down');
    }
  },
}));

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let hubA1: { id: number; token: string };
let simHub: { id: number; token: string };
let hubB1: { id: number; token: string };
let revokedToken: string;
const dev: Record<string, { id: number }> = {};

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';

const callAs = callerFor(() => t);
const post = (who: Caller, body: IngestBody) => callAs(who, measurementsApi.postMeasurements, { body });

/** An instant `minutesAgo` before now, written at New York's winter offset. */
const ago = (minutesAgo: number, offset = '-05:00') => localIso(new Date(Date.now() - minutesAgo * 60_000), offset);
const bp = (deviceIdentifier: string, measuredAt: string, sys = 128, dia = 82, pulse?: number) => ({
  deviceIdentifier,
  deviceType: 'BLOOD_PRESSURE',
  measuredAt,
  values: [
    { code: '8480-6', value: sys, unit: 'mm[Hg]' },
    { code: '8462-4', value: dia, unit: 'mm[Hg]' },
    ...(pulse !== undefined ? [{ code: '8867-4', value: pulse, unit: '/min' }] : []),
  ],
});

async function rowsOf(where: ReturnType<typeof eq>) {
  return t.ctx.db.select().from(measurements).where(where);
}
const countRows = async () => (await t.ctx.db.select({ n: count() }).from(measurements))[0]!.n;

async function addHub(identifier: string, hospitalId: number, patientId: number | null) {
  const [h] = await t.ctx.db.insert(hubs).values({ hubIdentifier: identifier, hubName: identifier, hospitalId, assignedToUserId: patientId }).returning();
  return { id: h!.id, token: await issueHubCredential(t.ctx, h!.id) };
}
async function addDevice(deviceIdentifier: string, deviceType: string, hospitalId: number, hubId: number | null, patientId: number | null, json: Record<string, unknown> = {}) {
  const [d] = await t.ctx.db.insert(medicalDevices).values({ deviceIdentifier, deviceType, hospitalId, hubId, patientId, deviceDefaultValuesJson: json }).returning();
  dev[deviceIdentifier] = { id: d!.id };
  return d!;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  await t.ctx.db.update(users).set({ firstName: 'Ana', lastName: 'Alvarez' }).where(eq(users.id, f.patientA1.id));
  await t.ctx.db.insert(patientMetadata).values([
    { userId: f.patientA1.id, patientIdentifier: 'MRN-A1' },
    { userId: f.patientA2.id, patientIdentifier: 'MRN-A2' },
  ]);
  hubA1 = await addHub('HUB-A1', f.a1.id, f.patientA1.id);
  simHub = await addHub('SIM-A1', f.a1.id, f.patientA1.id);
  hubB1 = await addHub('HUB-B1', f.b1.id, f.patientB1.id);
  const revoked = await addHub('HUB-REVOKED', f.a1.id, f.patientA1.id);
  revokedToken = revoked.token;
  await revokeHubCredential(t.ctx, revoked.id);
  await addDevice('BP-A1', 'BLOOD_PRESSURE', f.a1.id, hubA1.id, f.patientA1.id);
  await addDevice('GLU-A1', 'GLUCOSE', f.a1.id, hubA1.id, null); // the hub's patient
  await addDevice('SPO2-A1', 'SPO2', f.a1.id, null, f.patientA1.id); // no hub: of the hub's office and patient
  await addDevice('WEIGHT-A1', 'WEIGHT', f.a1.id, null, f.patientA1.id);
  await addDevice('BP-STRICT-A1', 'BLOOD_PRESSURE', f.a1.id, hubA1.id, f.patientA1.id, { '8480-6': { cautionHigh: 120, criticalHigh: 130 } });
  await addDevice('WEIGHT-A2', 'WEIGHT', f.a2.id, null, f.patientA2.id);
  await addDevice('BP-B1', 'BLOOD_PRESSURE', f.b1.id, hubB1.id, f.patientB1.id);
  await addDevice('SIM-BP-A1', 'BLOOD_PRESSURE', f.a1.id, simHub.id, f.patientA1.id);
  await addDevice('LOOSE-A1', 'BLOOD_PRESSURE', f.a1.id, hubA1.id, null); // no patient: the hub's, while it has one
}, 120_000);
afterAll(async () => t?.close());
beforeEach(() => {
  alertCalls.calls = [];
});

describe('POST medicaldevicesdata: a hub posts readings', () => {
  it('stores one reading with its offset, canonical values and identity, and answers after the commit', async () => {
    const at = ago(300);
    const res = await post({ hubtoken: hubA1.token }, bp('BP-A1', at, 128, 82, 71));
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({ stored: 1, duplicates: 0, rejected: 0 });
    expect(data.results).toEqual([{ index: 0, status: 'stored', measurementId: expect.any(Number), severity: 0 }]);
    const [row] = await rowsOf(eq(measurements.id, data.results[0]!.measurementId!));
    expect(row).toMatchObject({
      patientId: f.patientA1.id,
      hospitalId: f.a1.id,
      deviceId: dev['BP-A1']!.id,
      hubId: hubA1.id,
      hubKey: hubA1.id,
      deviceKey: dev['BP-A1']!.id,
      deviceType: 'BLOOD_PRESSURE',
      measuredAtOffset: '-05:00',
      valuesJson: { '8480-6': 128, '8462-4': 82, '8867-4': 71 },
      source: 'hub',
      isManual: false,
      isSimulated: false,
      severity: 0,
      enteredBy: null,
    });
    expect(row!.measuredAt.toISOString()).toBe(new Date(at).toISOString());
    expect(alertCalls.calls).toEqual([[expect.objectContaining({ measurementId: row!.id, patientId: f.patientA1.id, hospitalId: f.a1.id, severity: 0 })]]);
  });

  it('answers a repeat of the same identity as a duplicate with the ORIGINAL id and severity, storing nothing twice', async () => {
    const at = ago(290);
    const first = await post({ hubtoken: hubA1.token }, bp('BP-A1', at, 185, 95));
    const original = first.body.results[0];
    expect(original).toMatchObject({ status: 'stored', severity: 2 });
    const before = await countRows();
    // The same instant written in UTC, values differing (a device re-sending its memory) — still the same reading.
    const again = await post({ hubtoken: hubA1.token }, bp('BP-A1', new Date(at).toISOString(), 120, 80));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ stored: 0, duplicates: 1, rejected: 0, results: [{ index: 0, status: 'duplicate', measurementId: original!.measurementId, severity: 2 }] });
    expect(await countRows()).toBe(before);
    expect(alertCalls.calls).toHaveLength(1); // only the first delivery raised alerts
  });

  it('stores a reading delivered five times at once exactly once, every delivery answered with its id', async () => {
    const reading = bp('BP-A1', ago(285), 131, 84);
    const before = await countRows();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post({ hubtoken: hubA1.token }, reading)));
    const results = answers.map((a) => a.body.results[0]);
    expect(results.filter((r) => r!.status === 'stored')).toHaveLength(1);
    expect(results.filter((r) => r!.status === 'duplicate')).toHaveLength(4);
    expect(new Set(results.map((r) => r!.measurementId)).size).toBe(1);
    expect(await countRows()).toBe(before + 1);
  });

  it('answers every reading of a batch on its own: good ones stored, bad ones refused with their reason, in one transaction', async () => {
    const before = await countRows();
    const dupAt = ago(280);
    const res = await post(
      { hubtoken: hubA1.token },
      {
        readings: [
          bp('BP-A1', dupAt, 150, 85),
          { deviceIdentifier: 'SPO2-A1', deviceType: 'SPO2', measuredAt: ago(279), values: [{ code: '59408-5', value: 101, unit: '%' }] },
          bp('NO-SUCH-DEVICE', ago(278)),
          { ...bp('BP-A1', ago(277)), values: [{ code: '8480-6', value: 120, unit: 'mmHg' }, { code: '8462-4', value: 80, unit: 'mm[Hg]' }] },
          { ...bp('BP-A1', ago(276)), values: [{ code: '8480-6', value: 120, unit: 'mm[Hg]' }] },
          { deviceIdentifier: 'WEIGHT-A2', deviceType: 'WEIGHT', measuredAt: ago(275), values: [{ code: '29463-7', value: 70, unit: 'kg' }] },
          { deviceIdentifier: 'SPO2-A1', deviceType: 'SPO2', measuredAt: ago(274), values: [{ code: '2708-6', value: 91, unit: '%' }, { code: '8867-4', value: 88, unit: '/min' }] },
          { deviceIdentifier: 'GLU-A1', deviceType: 'GLUCOSE', measuredAt: ago(273), values: [{ code: '2339-0', value: 5.5, unit: 'mmol/L' }] },
          bp('BP-A1', dupAt, 150, 85),
          { deviceIdentifier: 'GLU-A1', deviceType: 'BLOOD_PRESSURE', measuredAt: ago(272), values: bp('x', '').values },
          bp('BP-B1', ago(271)),
          { deviceType: 'WEIGHT', measuredAt: ago(270) },
        ],
      },
    );
    expect(res.status, res.reply.body).toBe(200);
    const { results, stored, duplicates, rejected } = res.body;
    expect({ stored, duplicates, rejected }).toEqual({ stored: 3, duplicates: 1, rejected: 8 });
    expect(results.map((r: { status: string; reason?: string }) => r.reason ?? r.status)).toEqual([
      'stored',
      'impossible value',
      'unknown device',
      'wrong unit',
      'missing value',
      'unknown device', // a device of another office
      'stored',
      'stored',
      'duplicate',
      'device type mismatch',
      'unknown device', // another organization's device
      'invalid reading',
    ]);
    expect(results[1]).toEqual({ index: 1, status: 'rejected', reason: 'impossible value', detail: '59408-5: outside 50-100 %' });
    expect(results[3]!.detail).toBe("8480-6: 'mmHg' is not accepted (mm[Hg], kPa)");
    expect(results[8]!.measurementId).toBe(results[0]!.measurementId);
    expect(results[6]).toMatchObject({ status: 'stored', severity: 1 }); // SpO2 91: caution
    expect(await countRows()).toBe(before + 3);
    const [glucose] = await rowsOf(eq(measurements.id, results[7]!.measurementId!));
    expect(glucose).toMatchObject({ valuesJson: { '2339-0': 99.09 }, patientId: f.patientA1.id, deviceId: dev['GLU-A1']!.id });
    const [spo2] = await rowsOf(eq(measurements.id, results[6]!.measurementId!));
    expect(spo2!.valuesJson).toEqual({ '59408-5': 91, '8867-4': 88 });
    expect(alertCalls.calls[0]!.map((c) => c.measurementId).sort()).toEqual([results[0], results[6], results[7]].map((r) => r!.measurementId).sort());
  });

  it('accepts a bare array and out-of-order readings (older after newer)', async () => {
    const res = await post({ hubtoken: hubA1.token }, [bp('BP-A1', ago(100)), bp('BP-A1', ago(2000))]);
    expect(res.body.stored).toBe(2);
    const late = await post({ hubtoken: hubA1.token }, bp('BP-A1', ago(5000)));
    expect(late.body.results[0]!.status).toBe('stored');
  });

  it("grades with the device's overrides over the office's defaults over the catalogue's", async () => {
    // Catalogue: systolic 125 is normal; this device flags above 120 (caution) and 130 (critical).
    const strict = await post({ hubtoken: hubA1.token }, [bp('BP-STRICT-A1', ago(260), 125, 80), bp('BP-STRICT-A1', ago(259), 135, 80)]);
    expect(strict.body.results.map((r) => r.severity)).toEqual([1, 2]);
    // The office lowers the glucose caution to 150 mg/dL: 160 is caution (the catalogue says normal).
    await t.ctx.db.insert(hospitalDeviceDefaults).values({ hospitalId: f.a1.id, deviceType: 'GLUCOSE', thresholdsJson: { '2339-0': { cautionHigh: 150, criticalHigh: 300 } } });
    forgetHubDevices(t.ctx); // written past the measurements service: drop this process's cached hub devices (and their office defaults)
    try {
      const g = await post({ hubtoken: hubA1.token }, { deviceIdentifier: 'GLU-A1', deviceType: 'GLUCOSE', measuredAt: ago(258), values: [{ code: '2339-0', value: 160, unit: 'mg/dL' }] });
      expect(g.body.results[0]).toMatchObject({ status: 'stored', severity: 1 });
    } finally {
      await t.ctx.db.delete(hospitalDeviceDefaults).where(eq(hospitalDeviceDefaults.hospitalId, f.a1.id));
      forgetHubDevices(t.ctx);
    }
  });

  it('refuses a reading of a device whose hub and device have no patient', async () => {
    await t.ctx.db.update(hubs).set({ assignedToUserId: null }).where(eq(hubs.id, hubA1.id));
    // Written past the hubs service: drop this process's cached credential and hub devices.
    forgetHubCredentials(t.ctx);
    forgetHubDevices(t.ctx);
    try {
      const res = await post({ hubtoken: hubA1.token }, bp('LOOSE-A1', ago(250)));
      expect(res.body.results[0]).toMatchObject({ status: 'rejected', reason: 'no patient' });
    } finally {
      await t.ctx.db.update(hubs).set({ assignedToUserId: f.patientA1.id }).where(eq(hubs.id, hubA1.id));
      forgetHubCredentials(t.ctx);
      forgetHubDevices(t.ctx);
    }
  });

  it('keeps a committed reading when the alert hook fails', async () => {
    alertCalls.failNext = true;
    const res = await post({ hubtoken: hubA1.token }, bp('BP-A1', ago(245), 190, 100));
    expect(res.status).toBe(200);
    const id = res.body.results[0]!.measurementId!;
    expect(await rowsOf(eq(measurements.id, id))).toHaveLength(1);
  });

  it('marks readings of a SIM- hub as simulated, and refuses the flag from any other caller (400)', async () => {
    const res = await post({ hubtoken: simHub.token }, { readings: [bp('SIM-BP-A1', ago(240))], simulated: true });
    expect(res.status, res.reply.body).toBe(200);
    const [row] = await rowsOf(eq(measurements.id, res.body.results[0]!.measurementId!));
    expect(row).toMatchObject({ isSimulated: true, source: 'simulated', hubId: simHub.id });
    const before = await countRows();
    const real = await post({ hubtoken: hubA1.token }, { ...bp('BP-A1', ago(239)), simulated: true });
    expect(real.status).toBe(400);
    expect(real.errors).toEqual({ simulated: 'Invalid' });
    const staff = await post(f.nurseA1, { readings: [{ ...bp('BP-A1', ago(238)), patientId: f.patientA1.id }], simulated: true });
    expect(staff.status).toBe(400);
    expect(await countRows()).toBe(before);
  });

  it('answers 401 for an unknown or revoked hub credential and for a caller with neither hub nor session', async () => {
    for (const who of [{ hubtoken: 'not-a-credential' }, { hubtoken: revokedToken }, anonymous] as Caller[]) {
      const res = await post(who, bp('BP-A1', ago(230)));
      expect(res.status).toBe(401);
    }
  });

  it("moves a hub's last check-in only when its credential is accepted, never on a refused one", async () => {
    const patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id] });
    const hub = await addHub('HUB-CHECKIN', f.a1.id, patient.id);
    await addDevice('BP-CHECKIN', 'BLOOD_PRESSURE', f.a1.id, hub.id, patient.id);
    const lastCheckIn = async () => (await t.ctx.db.select({ at: hubs.lastCheckInAt }).from(hubs).where(eq(hubs.id, hub.id)))[0]!.at;
    // The credential on an endpoint that takes no hub credential: refused, no check-in.
    expect((await callAs({ hubtoken: hub.token }, usersApi.findUsers)).status).toBe(401);
    // A malformed batch: refused, no check-in.
    expect((await post({ hubtoken: hub.token }, [])).status).toBe(400);
    // The hub disabled: its credential is refused.
    await t.ctx.db.update(hubs).set({ status: 0 }).where(eq(hubs.id, hub.id));
    forgetHubCredentials(t.ctx);
    expect((await post({ hubtoken: hub.token }, bp('BP-CHECKIN', ago(300)))).status).toBe(401);
    // Revoked: refused.
    await t.ctx.db.update(hubs).set({ status: 1 }).where(eq(hubs.id, hub.id));
    const revoked = await addHub('HUB-CHECKIN-REVOKED', f.a1.id, patient.id);
    await revokeHubCredential(t.ctx, revoked.id);
    expect((await post({ hubtoken: revoked.token }, bp('BP-CHECKIN', ago(299)))).status).toBe(401);
    const revokedCheckIn = (await t.ctx.db.select({ at: hubs.lastCheckInAt }).from(hubs).where(eq(hubs.id, revoked.id)))[0]!.at;
    expect(revokedCheckIn).toBeNull();
    expect(await lastCheckIn()).toBeNull();
    // Accepted: the check-in is recorded.
    const before = Date.now();
    expect((await post({ hubtoken: hub.token }, bp('BP-CHECKIN', ago(298)))).status).toBe(200);
    expect((await lastCheckIn())!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await t.ctx.db.delete(measurements).where(eq(measurements.deviceId, dev['BP-CHECKIN']!.id)); // other tests count the office's readings
  });

  it('names the hub credential, not the session, when a HubToken does not resolve (English and Spanish)', async () => {
    for (const token of ['not-a-credential', revokedToken]) {
      const res = await post({ hubtoken: token }, bp('BP-A1', ago(229)));
      expect(res.status).toBe(401);
      expect(res.reply.json()).toMatchObject({ resFlag: false, msg: 'The hub credential is not valid or was revoked' });
    }
    const es = await callAs({ hubtoken: revokedToken }, measurementsApi.postMeasurements, { body: bp('BP-A1', ago(228)), lang: 'es' });
    expect(es.status).toBe(401);
    expect(es.msg).toBe('La credencial del hub no es válida o fue revocada');
    const noCaller = await post(anonymous, bp('BP-A1', ago(227)));
    expect(noCaller.msg).toBe('Your session has ended. Please sign in again.');
  });

  it('answers 413 for a batch over 500 readings and stores none of it', async () => {
    const before = await countRows();
    const readings = Array.from({ length: 501 }, (_, i) => bp('BP-A1', ago(10_000 + i)));
    const res = await post({ hubtoken: hubA1.token }, { readings });
    expect(res.status).toBe(413);
    expect(res.reply.json()).toMatchObject({ resFlag: false, code: 'payloadTooLarge' });
    expect(await countRows()).toBe(before);
    const ok = await post({ hubtoken: hubA1.token }, { readings: readings.slice(0, 500) });
    expect(ok.body.stored).toBe(500);
  });

  it('answers 400 for an empty batch or a body that is not a reading', async () => {
    const empty = await post({ hubtoken: hubA1.token }, { readings: [] });
    expect(empty.status).toBe(400);
    const text = await callAs({ hubtoken: hubA1.token }, measurementsApi.postMeasurements, { payload: '"hello"', extraHeaders: { 'content-type': 'application/json' } });
    expect(text.status).toBe(400);
  });
});

describe('POST medicaldevicesdata: a staff member enters a manual reading', () => {
  it('stores it as manual, with who entered it and an identity of its own patient', async () => {
    const at = ago(200);
    const body = { patientId: f.patientA1.id, deviceType: 'WEIGHT', measuredAt: at, values: [{ code: '29463-7', value: 154, unit: '[lb_av]' }] };
    const res = await post(f.nurseA1, body);
    expect(res.status, res.reply.body).toBe(200);
    const result = res.body.results[0];
    expect(result).toMatchObject({ status: 'stored', severity: 0 });
    const [row] = await rowsOf(eq(measurements.id, result!.measurementId!));
    expect(row).toMatchObject({ isManual: true, source: 'manual', enteredBy: f.nurseA1.id, hubId: null, hubKey: 0, deviceKey: -f.patientA1.id, deviceId: null, hospitalId: f.a1.id, valuesJson: { '29463-7': 69.85 } });
    const again = await post(f.doctorA1, body);
    expect(again.body.results[0]).toEqual({ index: 0, status: 'duplicate', measurementId: result!.measurementId, severity: 0 });
  });

  it("accepts a device of that patient, and refuses another patient's device", async () => {
    const at = ago(190);
    const ok = await post(f.nurseA1, { deviceIdentifier: 'WEIGHT-A1', patientId: f.patientA1.id, deviceType: 'WEIGHT', measuredAt: at, values: [{ code: '29463-7', value: 70, unit: 'kg' }] });
    const [row] = await rowsOf(eq(measurements.id, ok.body.results[0]!.measurementId!));
    expect(row).toMatchObject({ deviceId: dev['WEIGHT-A1']!.id, deviceKey: dev['WEIGHT-A1']!.id, hubKey: 0, isManual: true });
    const other = await post(f.nurseA1, { deviceIdentifier: 'WEIGHT-A1', patientId: f.patientA2.id, deviceType: 'WEIGHT', measuredAt: at, values: [{ code: '29463-7', value: 70, unit: 'kg' }] });
    expect(other.body.results[0]).toMatchObject({ status: 'rejected', reason: 'unknown device' });
  });

  it('refuses patients of another office or organization as unknown, and a reading without a patient', async () => {
    const w = (patientId?: number) => ({ ...(patientId ? { patientId } : {}), deviceType: 'WEIGHT', measuredAt: ago(180), values: [{ code: '29463-7', value: 70, unit: 'kg' }] });
    const res = await post(f.nurseA1, [w(f.patientA2.id), w(f.patientB1.id), w()]);
    expect(res.body.results.map((r) => r.reason)).toEqual(['unknown patient', 'unknown patient', 'invalid reading']);
    const fromA2 = await post(f.officeAdminA2, w(f.patientA1.id));
    expect(fromA2.body.results[0]!.reason).toBe('unknown patient');
  });
});

describe('GET medicaldevicesdata/getmeasurementsforpatientsforhospital', () => {
  let seeded: { glucoseId: number; at: string };
  beforeAll(async () => {
    const at = ago(60);
    const res = await post({ hubtoken: hubA1.token }, { deviceIdentifier: 'GLU-A1', deviceType: 'GLUCOSE', measuredAt: at, values: [{ code: '2339-0', value: 126, unit: 'mg/dL' }] });
    seeded = { glucoseId: res.body.results[0]!.measurementId!, at };
  });
  const monthOf = (iso: string) => localParts(new Date(iso), 'America/New_York');

  it("lists the office's readings of the month, newest first, canonical and in the caller's units", async () => {
    const m = monthOf(seeded.at);
    const res = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientsForHospital, { headers: { hospitalid: f.a1.id, bymonth: m.month, byyear: m.year }, query: { pageSize: 200 } });
    expect(res.status, res.reply.body).toBe(200);
    const page = res.body;
    const total = (await t.ctx.db.select({ n: count() }).from(measurements).where(eq(measurements.hospitalId, f.a1.id)))[0]!.n;
    expect(page.total).toBeGreaterThan(0);
    expect(page.total).toBeLessThanOrEqual(total);
    const glucose = page.items.find((i: { id: number }) => i.id === seeded.glucoseId);
    expect(glucose).toMatchObject({
      patientId: f.patientA1.id,
      patient: { id: f.patientA1.id, firstName: 'Ana', lastName: 'Alvarez' },
      hospitalId: f.a1.id,
      deviceIdentifier: 'GLU-A1',
      deviceType: 'GLUCOSE',
      measuredAtOffset: '-05:00',
      values: [{ code: '2339-0', value: 126, unit: 'mg/dL', displayValue: 7, displayUnit: 'mmol/L' }],
      isManual: false,
      isSimulated: false,
    });
    expect(glucose!.measuredAtLocal.endsWith('-05:00')).toBe(true);
    const times = page.items.map((i: { measuredAt: string }) => i.measuredAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows pounds and mg/dL to a user whose settings ask for imperial units, and pages and searches on the server', async () => {
    await t.ctx.db.update(users).set({ userSettingsJson: { units: { system: 'imperial', glucose: 'mg/dL' } } }).where(eq(users.id, f.nurseA1.id));
    const m = monthOf(seeded.at);
    const headers = { hospitalid: f.a1.id, bymonth: m.month, byyear: m.year };
    const res = await callAs(f.nurseA1, measurementsApi.getMeasurementsForPatientsForHospital, { headers, query: { pageSize: 200, search: 'alvarez' } });
    const weight = res.body.items.find((i: { deviceType: string; values: { value: number }[] }) => i.deviceType === 'WEIGHT' && i.values[0]!.value === 69.85);
    expect(weight!.values[0]).toEqual({ code: '29463-7', value: 69.85, unit: 'kg', displayValue: 154, displayUnit: '[lb_av]' });
    const glucose = res.body.items.find((i: { id: number }) => i.id === seeded.glucoseId);
    expect(glucose!.values[0]).toMatchObject({ displayValue: 126, displayUnit: 'mg/dL' });
    const one = await callAs(f.nurseA1, measurementsApi.getMeasurementsForPatientsForHospital, { headers, query: { pageSize: 1, page: 2 } });
    expect(one.body).toMatchObject({ page: 2, pageSize: 1, total: res.body.total });
    expect(one.body.items).toHaveLength(1);
    const none = await callAs(f.nurseA1, measurementsApi.getMeasurementsForPatientsForHospital, { headers, query: { search: 'nobody-by-this-name' } });
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });

  it('answers an empty page for a month without readings', async () => {
    const res = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientsForHospital, { headers: { hospitalid: f.a1.id, bymonth: 1, byyear: 2001 } });
    expect(res.body).toMatchObject({ items: [], total: 0 });
  });

  it('answers 400 with the field messages for a bad month and a missing office', async () => {
    const res = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientsForHospital, { headers: invalid({ bymonth: 13, byyear: 2026 }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ hospitalid: REQUIRED, bymonth: FORMAT });
  });

  it('answers 404 for an office of another office staff or organization', async () => {
    for (const who of [f.doctorA2, f.doctorB1, f.orgAdminB]) {
      const res = await callAs(who, measurementsApi.getMeasurementsForPatientsForHospital, { headers: { hospitalid: f.a1.id, bymonth: 3, byyear: 2026 } });
      expect(res.status).toBe(404);
    }
  });
});

describe('office thresholds: GET getdevicedefaultsforhospital and the chosen PUT updatedevicedefaultsforhospital', () => {

  it("answers the catalogue's limits for every device type of an office without its own", async () => {
    const res = await callAs(f.doctorA1, measurementsApi.getDeviceDefaultsForHospital, { headers: { hospitalid: f.a1.id } });
    expect(res.status, res.reply.body).toBe(200);
    const list = res.body;
    expect(list.map((d: { deviceType: string }) => d.deviceType)).toEqual(['BLOOD_PRESSURE', 'WEIGHT', 'GLUCOSE', 'SPO2', 'TEMPERATURE', 'HEART_RATE']);
    const glucose = list.find((d: { deviceType: string }) => d.deviceType === 'GLUCOSE');
    expect(glucose).toMatchObject({ hospitalId: f.a1.id, isOfficeOverride: false, updatedAt: null });
    expect(glucose!.values[0]).toMatchObject({
      code: '2339-0',
      unit: 'mg/dL',
      displayUnit: 'mmol/L',
      source: 'catalogue',
      thresholds: { cautionLow: 70, cautionHigh: 180, criticalLow: 54, criticalHigh: 300 },
      displayThresholds: { cautionLow: 3.9, cautionHigh: 10, criticalLow: 3, criticalHigh: 16.7 },
    });
  });

  it("sets an office's limits of one type, which then grade new readings, and {} restores the catalogue's", async () => {
    const res = await callAs(f.officeAdminA1, measurementsApi.updateDeviceDefaultsForHospital, { headers: { hospitalid: f.a1.id }, body: { deviceType: 'SPO2', thresholds: { '2708-6': { criticalLow: 85, cautionLow: 90 } } } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ deviceType: 'SPO2', isOfficeOverride: true });
    expect(res.body.values[0]).toMatchObject({ code: '59408-5', source: 'office', thresholds: { cautionLow: 90, criticalLow: 85, cautionHigh: null, criticalHigh: null } });
    expect(res.body.values[1]).toMatchObject({ code: '8867-4', source: 'catalogue' });
    const [stored] = await t.ctx.db.select().from(hospitalDeviceDefaults).where(and(eq(hospitalDeviceDefaults.hospitalId, f.a1.id), eq(hospitalDeviceDefaults.deviceType, 'SPO2')));
    expect(stored).toMatchObject({ thresholdsJson: { '59408-5': { criticalLow: 85, cautionLow: 90 } }, updatedBy: f.officeAdminA1.id });
    // SpO2 92: caution by the catalogue (< 94), normal by this office (>= 90).
    const r = await post({ hubtoken: hubA1.token }, { deviceIdentifier: 'SPO2-A1', deviceType: 'SPO2', measuredAt: ago(150), values: [{ code: '59408-5', value: 92, unit: '%' }] });
    expect(r.body.results[0]!.severity).toBe(0);
    const cleared = await callAs(f.doctorA1, measurementsApi.updateDeviceDefaultsForHospital, { headers: { hospitalid: f.a1.id }, body: { deviceType: 'SPO2', thresholds: {} } });
    expect(cleared.body).toMatchObject({ isOfficeOverride: false });
    expect(cleared.body.values[0]!.source).toBe('catalogue');
  });

  it('answers 400 per code for limits out of order, outside the plausible range or of another type', async () => {
    const res = await callAs(f.officeAdminA1, measurementsApi.updateDeviceDefaultsForHospital, {
      headers: { hospitalid: f.a1.id },
      body: { deviceType: 'BLOOD_PRESSURE', thresholds: { '8480-6': { cautionHigh: 190, criticalHigh: 180 }, '8462-4': { criticalHigh: 500 }, '2339-0': { cautionHigh: 1 } } },
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({
      'thresholds.8480-6': 'Critical limits must lie outside the caution limits',
      'thresholds.8462-4': FORMAT,
      'thresholds.2339-0': 'Invalid',
    });
    const missing = await callAs(f.officeAdminA1, measurementsApi.updateDeviceDefaultsForHospital, { headers: { hospitalid: f.a1.id }, body: invalid({ thresholds: {} }) });
    expect(missing.errors).toEqual({ deviceType: REQUIRED });
  });

  it("answers 404 for another office's or organization's office", async () => {
    for (const who of [f.officeAdminA2, f.doctorB1]) {
      expect((await callAs(who, measurementsApi.getDeviceDefaultsForHospital, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
      expect((await callAs(who, measurementsApi.updateDeviceDefaultsForHospital, { headers: { hospitalid: f.a1.id }, body: { deviceType: 'WEIGHT', thresholds: {} } })).status).toBe(404);
    }
  });
});

describe('GET getmeasurementsforpatientbyidentifier and ...customdate', () => {
  let todayId: number;
  let oldId: number;
  beforeAll(async () => {
    const res = await post({ hubtoken: hubA1.token }, [bp('BP-A1', ago(1)), bp('BP-A1', ago(60 * 24 * 20))]);
    const stored = res.body.results.map((r) => r.measurementId!);
    todayId = stored[0]!;
    oldId = stored[1]!;
  });

  it('finds the patient by patientIdentifier or by user id and filters by period', async () => {
    const newest = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientByIdentifier, { headers: { patientidentifier: 'MRN-A1', filtercase: 'ALL' }, query: { pageSize: 5 } });
    expect(newest.status, newest.reply.body).toBe(200);
    expect(newest.body.items[0]!.id).toBe(todayId);
    const oldest = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientByIdentifier, { headers: { patientidentifier: String(f.patientA1.id), filtercase: 'ALL' }, query: { pageSize: 200, sort: 'measuredAt' } });
    expect(oldest.body.items[0]!.id).toBe(oldId);
    expect(oldest.body.items.every((i: { patientId: number }) => i.patientId === f.patientA1.id)).toBe(true);
    const total = oldest.body.total;
    // WEEK leaves out the 20-day-old reading; MONTH keeps it; TODAY keeps the reading of a minute ago.
    const week = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientByIdentifier, { headers: { patientidentifier: 'MRN-A1', filtercase: 'week' }, query: { pageSize: 1, sort: 'measuredAt' } });
    expect(week.body.total).toBeLessThan(total);
    expect(Date.parse(week.body.items[0]!.measuredAt)).toBeGreaterThan(Date.now() - 7 * 86_400_000);
    const month = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientByIdentifier, { headers: { patientidentifier: 'MRN-A1', filtercase: 'MONTH' }, query: { pageSize: 1, sort: 'measuredAt' } });
    expect(month.body.items[0]!.id).toBe(oldId);
    const today = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientByIdentifier, { headers: { patientidentifier: 'MRN-A1' }, query: { pageSize: 200 } });
    expect(today.body.items.map((i: { id: number }) => i.id)).toContain(todayId);
    expect(today.body.total).toBeLessThan(week.body.total);
  });

  it('lets a patient read their own readings, and nobody else', async () => {
    const own = await callAs(f.patientA1, measurementsApi.getMeasurementsForPatientByIdentifier, { headers: { patientidentifier: 'MRN-A1', filtercase: 'ALL' } });
    expect(own.status).toBe(200);
    expect(own.body.total).toBeGreaterThan(0);
    expect((await callAs(f.patientA2, measurementsApi.getMeasurementsForPatientByIdentifier, { headers: { patientidentifier: 'MRN-A1', filtercase: 'ALL' } })).status).toBe(404);
  });

  it('reads a custom day range in the patient\'s time zone, both days whole', async () => {
    const day = localParts(new Date(Date.now() - 60 * 24 * 20 * 60_000), 'America/New_York');
    const d = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
    const res = await callAs(f.nurseA1, measurementsApi.getMeasurementsForPatientByIdentifierCustomDate, { headers: { patientidentifier: 'MRN-A1', startdate: d, enddate: d }, query: { pageSize: 200 } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.items.map((i: { id: number }) => i.id)).toContain(oldId);
    expect(res.body.items.map((i: { id: number }) => i.id)).not.toContain(todayId);
  });

  it('answers 400 for a bad period, a bad date and a reversed range', async () => {
    const bad = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientByIdentifier, { headers: { patientidentifier: 'MRN-A1', filtercase: invalid('YEAR') } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ filtercase: FORMAT });
    const date = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientByIdentifierCustomDate, { headers: { patientidentifier: 'MRN-A1', startdate: '2026-02-30', enddate: '2026-03-01' } });
    expect(date.errors).toEqual({ startdate: FORMAT });
    const reversed = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientByIdentifierCustomDate, { headers: { patientidentifier: 'MRN-A1', startdate: '2026-03-05', enddate: '2026-03-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.errors).toEqual({ enddate: 'Invalid' });
    const missing = await callAs(f.doctorA1, measurementsApi.getMeasurementsForPatientByIdentifierCustomDate, { headers: invalid({ startdate: '2026-03-01', enddate: '2026-03-02' }) });
    expect(missing.errors).toEqual({ patientidentifier: REQUIRED });
  });

  it('answers 404 to another office and organization', async () => {
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, measurementsApi.getMeasurementsForPatientByIdentifier, { headers: { patientidentifier: 'MRN-A1', filtercase: 'ALL' } })).status).toBe(404);
      expect((await callAs(who, measurementsApi.getMeasurementsForPatientByIdentifierCustomDate, { headers: { patientidentifier: String(f.patientA1.id), startdate: '2026-01-01', enddate: '2026-12-31' } })).status).toBe(404);
    }
  });
});

describe('GET medicaldevicesdata/getmeasurementsfordevice (chosen)', () => {

  it("pages one device's readings in a range", async () => {
    const res = await callAs(f.doctorA1, measurementsApi.getMeasurementsForDevice, { headers: { deviceid: dev['SPO2-A1']!.id }, query: { pageSize: 2 } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    const n = (await t.ctx.db.select({ n: count() }).from(measurements).where(eq(measurements.deviceId, dev['SPO2-A1']!.id)))[0]!.n;
    expect(data).toMatchObject({ total: n, page: 1, pageSize: 2 });
    expect(data.items.every((i) => i.deviceId === dev['SPO2-A1']!.id)).toBe(true);
    const future = await callAs(f.doctorA1, measurementsApi.getMeasurementsForDevice, { headers: { deviceid: dev['SPO2-A1']!.id }, query: { from: '2099-01-01' } });
    expect(future.body).toMatchObject({ items: [], total: 0 });
  });

  it("exports a CSV file with local times and the caller's units", async () => {
    const res = await callAs(f.doctorA1, measurementsApi.getMeasurementsForDevice, { headers: { deviceid: dev['SPO2-A1']!.id }, query: { format: 'csv', sort: 'measuredAt' } });
    expect(res.status).toBe(200);
    expect(res.reply.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.reply.headers['content-disposition']).toBe(`attachment; filename="device-${dev['SPO2-A1']!.id}-measurements.csv"`);
    const lines = res.reply.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Measured at,Type,SpO2 (%),Pulse (bpm),Severity,Manual,Simulated');
    expect(lines.slice(1).some((l) => /-05:00,SPO2,91,88,caution,,$/.test(l))).toBe(true);
    const es = await callAs(f.doctorA1, measurementsApi.getMeasurementsForDevice, { headers: { deviceid: dev['SPO2-A1']!.id }, query: { format: 'csv' }, lang: 'es' });
    expect(es.reply.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Fecha y hora,Tipo,SpO2 (%),Pulso (lpm),Gravedad,Manual,Simulada');
  });

  it('answers 400 for a bad date or format and 404 for another tenant', async () => {
    const bad = await callAs(f.doctorA1, measurementsApi.getMeasurementsForDevice, { headers: { deviceid: dev['SPO2-A1']!.id }, query: { from: 'yesterday', format: invalid('xml') } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ from: FORMAT, format: FORMAT });
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, measurementsApi.getMeasurementsForDevice, { headers: { deviceid: dev['SPO2-A1']!.id } })).status).toBe(404);
      expect((await callAs(who, measurementsApi.getMeasurementsForDevice, { headers: { deviceid: dev['SPO2-A1']!.id }, query: { format: 'csv' } })).status).toBe(404);
    }
  });
});

describe('GET medicaldevicesdata/getpatientseries (chosen)', () => {

  it('answers per device type the readings in time order with the thresholds in effect', async () => {
    const res = await callAs(f.doctorA1, measurementsApi.getPatientSeries, { headers: { patientid: f.patientA1.id } });
    expect(res.status, res.reply.body).toBe(200);
    const answer = res.body as PatientSeries;
    // Points come as columns of one length, one display column per value of the type (LOINC).
    for (const s of answer.series) {
      const n = s.points.id.length;
      for (const column of [s.points.measuredAt, s.points.measuredAtOffset, s.points.severity, s.points.isManual, s.points.isSimulated, ...Object.values(s.points.display)]) {
        expect(column).toHaveLength(n);
      }
      expect(Object.keys(s.points.display)).toEqual(s.values.map((v) => v.code));
    }
    const data = withSeriesReadings(answer);
    expect(data.patientId).toBe(f.patientA1.id);
    expect(data.series.map((s: { deviceType: string }) => s.deviceType)).toEqual(['BLOOD_PRESSURE', 'WEIGHT', 'GLUCOSE', 'SPO2']);
    const glucose = data.series.find((s) => s.deviceType === 'GLUCOSE')!;
    expect(glucose.values).toEqual([{ code: '2339-0', label: { en: 'Glucose', es: 'Glucosa' }, unit: 'mg/dL', displayUnit: 'mmol/L' }]);
    expect(glucose.thresholds['2339-0']).toEqual({ cautionLow: 70, cautionHigh: 180, criticalLow: 54, criticalHigh: 300 });
    // 126 mg/dL stored, shown in the caller's mmol/L; the canonical value is not repeated in a chart point.
    const point = glucose.readings.find((r: { display: Record<string, number> }) => r.display['2339-0'] === 7);
    expect(point).toMatchObject({ display: { '2339-0': 7 }, severity: 0, isManual: false, isSimulated: false, measuredAtOffset: '-05:00' });
    expect(point).not.toHaveProperty('values');
    const bpSeries = data.series.find((s) => s.deviceType === 'BLOOD_PRESSURE')!;
    const times = bpSeries.readings.map((r: { measuredAt: string }) => r.measuredAt);
    expect([...times].sort()).toEqual(times);
    // Instants as Date#toISOString writes them (UTC, milliseconds), whatever the database formatted.
    for (const at of times) { expect(new Date(at).toISOString()).toBe(at); }
    expect(bpSeries.readings.some((r: { isSimulated: boolean }) => r.isSimulated)).toBe(true);
    // The 20-day-old reading is in the default 30 days; a 7-day range leaves it out.
    const week = await callAs(f.doctorA1, measurementsApi.getPatientSeries, { headers: { patientid: f.patientA1.id }, query: { from: new Date(Date.now() - 7 * 86_400_000).toISOString() } });
    const weekBp = (week.body as PatientSeries).series.find((s) => s.deviceType === 'BLOOD_PRESSURE')!;
    expect(weekBp.points.id.length).toBeLessThan(bpSeries.readings.length);
  });

  it("draws the office's thresholds and the patient's device overrides, shown in the caller's units", async () => {
    await callAs(f.officeAdminA1, measurementsApi.updateDeviceDefaultsForHospital, {
      headers: { hospitalid: f.a1.id },
      body: { deviceType: 'WEIGHT', thresholds: { '29463-7': { cautionHigh: 90, criticalHigh: 110 } } },
    });
    await t.ctx.db.update(medicalDevices).set({ deviceDefaultValuesJson: { '8462-4': { cautionHigh: 85, criticalHigh: 100 } } }).where(eq(medicalDevices.id, dev['SIM-BP-A1']!.id));
    try {
      const res = await callAs(f.nurseA1, measurementsApi.getPatientSeries, { headers: { patientid: f.patientA1.id } }); // imperial units
      const byType = Object.fromEntries(res.body.series.map((s) => [s.deviceType, s]));
      expect(byType.WEIGHT!.thresholds['29463-7']).toEqual({ cautionLow: null, cautionHigh: 90, criticalLow: null, criticalHigh: 110 });
      expect(byType.WEIGHT!.displayThresholds['29463-7']).toEqual({ cautionLow: null, cautionHigh: 198.4, criticalLow: null, criticalHigh: 242.5 });
      expect(byType.WEIGHT!.values[0]!.displayUnit).toBe('[lb_av]');
      expect(byType.BLOOD_PRESSURE!.thresholds['8462-4']).toEqual({ cautionLow: null, cautionHigh: 85, criticalLow: null, criticalHigh: 100 });
      expect(byType.BLOOD_PRESSURE!.thresholds['8480-6']).toEqual({ cautionLow: 90, cautionHigh: 140, criticalLow: 80, criticalHigh: 180 });
    } finally {
      await t.ctx.db.update(medicalDevices).set({ deviceDefaultValuesJson: {} }).where(eq(medicalDevices.id, dev['SIM-BP-A1']!.id));
      await t.ctx.db.delete(hospitalDeviceDefaults).where(eq(hospitalDeviceDefaults.hospitalId, f.a1.id));
    }
  });

  it("covers the days of the patient's own time zone, at both ends of the world (UTC+14 and UTC-11)", async () => {
    const cases = [
      { tz: 'Pacific/Kiritimati', offset: '+14:00' },
      { tz: 'Pacific/Pago_Pago', offset: '-11:00' },
    ];
    for (const [i, { tz, offset }] of cases.entries()) {
      const patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id], values: { userTimezone: tz } });
      const hub = await addHub(`HUB-TZ-${i}`, f.a1.id, patient.id);
      await addDevice(`BP-TZ-${i}`, 'BLOOD_PRESSURE', f.a1.id, hub.id, patient.id);
      const at = (local: string) => `${local}${offset}`;
      const inside = [at('2026-10-10T00:10:00.000'), at('2026-10-10T23:50:00.000')];
      const outside = [at('2026-10-09T23:50:00.000'), at('2026-10-11T00:10:00.000')];
      const res = await post({ hubtoken: hub.token }, { readings: [...inside, ...outside].map((m) => bp(`BP-TZ-${i}`, m)) });
      expect(res.body.stored, res.reply.body).toBe(4);
      const series = await callAs(f.nurseA1, measurementsApi.getPatientSeries, { headers: { patientid: patient.id }, query: { from: '2026-10-10', to: '2026-10-10' } });
      expect(series.status, series.reply.body).toBe(200);
      const answer = series.body as PatientSeries;
      const points = answer.series.find((s) => s.deviceType === 'BLOOD_PRESSURE')!.points;
      expect(points.measuredAt, tz).toEqual(inside.map((m) => new Date(m).toISOString()));
      expect(answer.from).toBe(new Date(at('2026-10-10T00:00:00.000')).toISOString());
      expect(answer.to).toBe(new Date(at('2026-10-11T00:00:00.000')).toISOString());
    }
  });

  it('draws each reading from its stored chart point, which follows every change of the row', async () => {
    const patient = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [f.a1.id] });
    const hub = await addHub('HUB-CHART', f.a1.id, patient.id);
    await addDevice('BP-CHART', 'BLOOD_PRESSURE', f.a1.id, hub.id, patient.id);
    const stored = await post({ hubtoken: hub.token }, bp('BP-CHART', ago(90), 128, 82, 71));
    const id = stored.body.results[0]!.measurementId!;
    const [row] = await rowsOf(eq(measurements.id, id));
    expect(JSON.parse(row!.chartPoint)).toEqual([id, row!.measuredAt.toISOString(), '-05:00', 'BLOOD_PRESSURE', { '8480-6': 128, '8462-4': 82, '8867-4': 71 }, 0, false, false]);
    // A later change of the row (here past the API) and a chart point written by hand: the trigger rewrites it from the row.
    await t.ctx.db.update(measurements).set({ severity: 2, valuesJson: { '8480-6': 190, '8462-4': 82, '8867-4': 71 }, chartPoint: '"not a point"' }).where(eq(measurements.id, id));
    const res = await callAs(f.nurseA1, measurementsApi.getPatientSeries, { headers: { patientid: patient.id } });
    const points = (res.body as PatientSeries).series.find((s) => s.deviceType === 'BLOOD_PRESSURE')!.points;
    expect(points.id).toEqual([id]);
    expect(points.severity).toEqual([2]);
    expect(points.display['8480-6']).toEqual([190]);
  });

  it('answers the same chart to every kind of caller who may see the patient: the patient, office staff, the organization and system admins', async () => {
    const pointsOf = async (who: { id: number }) => {
      const res = await callAs(who, measurementsApi.getPatientSeries, { headers: { patientid: f.patientA1.id } });
      expect(res.status, res.reply.body).toBe(200);
      return (res.body as PatientSeries).series.map((s) => ({ deviceType: s.deviceType, ids: s.points.id }));
    };
    const expected = await pointsOf(f.doctorA1);
    expect(expected.flatMap((s) => s.ids).length).toBeGreaterThan(0); // readings posted by the tests above
    for (const who of [f.patientA1, f.officeAdminA1, f.orgAdminA, f.sysadmin]) { expect(await pointsOf(who)).toEqual(expected); }
  });

  it('answers 400 for a reversed or too long range', async () => {
    const reversed = await callAs(f.doctorA1, measurementsApi.getPatientSeries, { headers: { patientid: f.patientA1.id }, query: { from: '2026-03-05', to: '2026-03-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.errors).toEqual({ to: 'Invalid' });
    const long = await callAs(f.doctorA1, measurementsApi.getPatientSeries, { headers: { patientid: f.patientA1.id }, query: { from: '2020-01-01', to: '2026-01-01' } });
    expect(long.status).toBe(400);
    const bad = await callAs(f.doctorA1, measurementsApi.getPatientSeries, { headers: { patientid: invalid('abc') } });
    expect(bad.errors).toEqual({ patientid: FORMAT });
  });

  it('answers 404 for a patient of another office or organization', async () => {
    for (const who of [f.doctorA2, f.doctorB1, f.patientA2]) {
      expect((await callAs(who, measurementsApi.getPatientSeries, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
    }
  });
});
