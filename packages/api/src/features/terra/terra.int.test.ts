import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { Role, measurements as measurementsApi, terra as terraApi } from '@vigil/contract';
import { anonymous, callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { startTerraStandIn, type TerraStandIn } from '../../../test/stand-ins/terra';
import { medicalTeamMembers, medicalTeams, measurements, notifications, terraConnections, terraEvents } from '../../db/schema/index';
import { signTerraPayload } from '../../lib/terra-auth';
import { systemScope } from '../../db/scope';
import { findReadingDays } from '../billing/generation.repo';
import { tenantDb } from '../../db/handles';

const SECRET = 'terra-test-signing-secret';
const EXAMPLES = path.join(__dirname, '../../../test/fixtures/terra/webhook-examples');
const TERRA_USER = '40f7b0e1-89e2-43ac-a5b8-1e29c8d47cad';
const REFERENCE = 'your-user-123';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let terra: TerraStandIn;

const callAs = callerFor(() => t);

/** Posts `body` (bytes as given) to the webhook, signed with `secret` at `timestamp` unless a header is given. */
async function deliver(body: string, opts: { secret?: string; timestamp?: number; header?: string; ordering?: string } = {}) {
  const header = opts.header ?? signTerraPayload(opts.secret ?? SECRET, body, opts.timestamp ?? Math.floor(Date.now() / 1000));
  return callAs(anonymous, terraApi.terraEventHandler, {
    extraHeaders: { 'content-type': 'application/json', 'terra-signature': header, ...(opts.ordering ? { 'x-terra-ordering-timestamp': opts.ordering } : {}) },
    payload: body,
  });
}

async function eventCount() {
  const [row] = await t.ctx.db.select({ n: count() }).from(terraEvents);
  return row!.n;
}

/** Waits until delivery `id` has been processed by its job (the tests' queue runs it in the background). */
async function processed(id: number) {
  for (let i = 0; i < 200; i++) {
    const [row] = await t.ctx.db.select().from(terraEvents).where(eq(terraEvents.id, id));
    if (row && row.status !== 'received') { return row; }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`event ${id} was not processed`);
}

async function terraReadings(patientId: number) {
  return t.ctx.db
    .select()
    .from(measurements)
    .where(and(eq(measurements.patientId, patientId), inArray(measurements.source, ['terra', 'terra-fda'])))
    .orderBy(measurements.measuredAt);
}

/** A body payload for `userId` with `n` samples per vital on day `day` (YYYY-MM-DD), blood pressure `bp` mm[Hg] systolic. */
function bodyPayload(userId: string, day: string, n: number, bp = 128) {
  const at = (i: number) => new Date(Date.parse(`${day}T06:00:00Z`) + i * 60_000).toISOString().replace('Z', '+00:00');
  return {
    type: 'body',
    version: '2022-03-16',
    user: { user_id: userId, provider: 'OMRON', reference_id: null, active: true },
    data: [
      {
        metadata: { start_time: `${day}T00:00:00.000000+00:00`, end_time: `${day}T23:59:59.000000+00:00` },
        blood_pressure_data: { blood_pressure_samples: Array.from({ length: n }, (_, i) => ({ timestamp: at(i), systolic_bp: bp, diastolic_bp: 82 })) },
        heart_data: { heart_rate_data: { detailed: { hr_samples: Array.from({ length: n }, (_, i) => ({ timestamp: at(i), bpm: 71 })) } } },
        glucose_data: { blood_glucose_samples: [{ timestamp: at(0), blood_glucose_mg_per_dL: 104 }] },
        oxygen_data: { saturation_samples: [{ timestamp: at(1), percentage: 97 }] },
        temperature_data: { body_temperature_samples: [{ timestamp: at(2), temperature_celsius: 36.8 }] },
      },
    ],
  };
}

beforeAll(async () => {
  terra = await startTerraStandIn();
  t = await createTestApp({ terra: { apiUrl: terra.url, devId: terra.devId, apiKey: terra.apiKey, signingSecret: SECRET, timeoutMs: 2000 } });
  f = await createTenancyFixture(t);
});
afterAll(async () => {
  await t.close();
  await terra.close();
});

describe('POST terra/authorizeterraforgettingdata', () => {
  it('creates a widget session at Terra for a patient in scope and a pending connection named only by an opaque reference', async () => {
    const res = await callAs(f.nurseA1, terraApi.authorizeTerraForGettingData, { body: { patientId: f.patientA1.id } });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data.url).toMatch(/^https:\/\/widget\.tryterra\.co\/session\//);
    expect(data.expiresInSeconds).toBe(900);
    const [row] = await t.ctx.db.select().from(terraConnections).where(eq(terraConnections.patientId, f.patientA1.id));
    expect(row).toMatchObject({ hospitalId: f.a1.id, status: 'pending' });
    // Terra was told the reference id and nothing about the patient.
    expect(terra.requests.at(-1)).toEqual({ method: 'POST', path: '/v2/auth/generateWidgetSession', referenceId: row!.referenceId });
    expect(row!.referenceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('answers 400 for a malformed patient id, 404 for another tenant', async () => {
    const bad = await callAs(f.nurseA1, terraApi.authorizeTerraForGettingData, { body: { patientId: invalid('x') } });
    expect(bad.status).toBe(400);
    const before = terra.requests.length;
    const other = await callAs(f.doctorA1, terraApi.authorizeTerraForGettingData, { body: { patientId: f.patientB1.id } });
    expect(other.status).toBe(404);
    expect(terra.requests.length).toBe(before);
    expect(await t.ctx.db.select().from(terraConnections).where(eq(terraConnections.patientId, f.patientB1.id))).toHaveLength(0);
  });

  it('answers 502 in the caller language when Terra fails, and stores nothing', async () => {
    terra.fail = true;
    try {
      const res = await callAs(f.officeAdminA2, terraApi.authorizeTerraForGettingData, { body: { patientId: f.patientA2.id }, lang: 'es' });
      expect(res.status).toBe(502);
      expect(res.msg).toBe('No se pudo contactar con Terra; inténtelo más tarde');
      expect(await t.ctx.db.select().from(terraConnections).where(eq(terraConnections.patientId, f.patientA2.id))).toHaveLength(0);
    } finally {
      terra.fail = false;
    }
  });

  it('answers 409 when Terra is not configured on the server', async () => {
    const settings = t.ctx.config.terra;
    t.ctx.config.terra = { ...settings, devId: undefined };
    try {
      const res = await callAs(f.nurseA1, terraApi.authorizeTerraForGettingData, { body: { patientId: f.patientA1.id } });
      expect(res.status).toBe(409);
      expect(res.msg).toBe('The Terra connection is not configured on this server');
    } finally {
      t.ctx.config.terra = settings;
    }
  });
});

describe('POST terra/eventhandler', () => {
  beforeAll(async () => {
    // The examples name reference_id 'your-user-123': patient A1's connection is the one Terra was given that reference.
    await t.ctx.db.update(terraConnections).set({ referenceId: REFERENCE }).where(eq(terraConnections.patientId, f.patientA1.id));
  });

  it('accepts and processes every example payload of Terra\'s OpenAPI document, signed', async () => {
    const files = fs.readdirSync(EXAMPLES).filter((n) => n.endsWith('.json'));
    expect(files).toHaveLength(19);
    // The auth event first, as Terra sends it: it gives the connection its Terra user.
    files.sort((a, b) => (a.startsWith('auth--authSuccess') ? -1 : b.startsWith('auth--authSuccess') ? 1 : a.localeCompare(b)));
    const statuses: Record<string, string> = {};
    for (const name of files.filter((n) => n !== 'user_reauth.json' && n !== 'deauth.json' && n !== 'access_revoked.json')) {
      const res = await deliver(fs.readFileSync(path.join(EXAMPLES, name), 'utf8'));
      expect(res.status, `${name}: ${res.reply.body}`).toBe(200);
      expect(res.body.duplicate).toBe(false);
      statuses[name] = (await processed(res.body.eventId)).status;
    }
    expect(statuses['auth--authSuccess.json']).toBe('processed');
    expect(statuses['body.json']).toBe('processed');
    expect(statuses['daily.json']).toBe('processed');
    expect(statuses['activity.json']).toBe('processed');
    expect(statuses['sleep.json']).toBe('processed');
    expect(statuses['connection_error.json']).toBe('processed');
    expect(statuses['nutrition.json']).toBe('ignored');
    expect(statuses['s3_upload.json']).toBe('ignored');
    const [conn] = await t.ctx.db.select().from(terraConnections).where(eq(terraConnections.patientId, f.patientA1.id));
    expect(conn).toMatchObject({ terraUserId: TERRA_USER, provider: 'GARMIN', status: 'error', lastEventType: expect.any(String) });
    // The body example's weight became a reading of the patient, marked with its Terra source.
    const readings = await terraReadings(f.patientA1.id);
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({ deviceType: 'WEIGHT', valuesJson: { '29463-7': 72.4 }, source: 'terra', hospitalId: f.a1.id, isManual: false, hubKey: -1 });
    expect(readings[0]!.measuredAt.toISOString()).toBe('2026-07-01T06:55:02.000Z');

    // The connection events that end a connection: user_reauth moves it to the new Terra user, deauth and access_revoked disconnect it.
    const reauth = await deliver(fs.readFileSync(path.join(EXAMPLES, 'user_reauth.json'), 'utf8'));
    expect((await processed(reauth.body.eventId)).status).toBe('processed');
    expect((await t.ctx.db.select().from(terraConnections).where(eq(terraConnections.patientId, f.patientA1.id)))[0]).toMatchObject({
      terraUserId: '9c8b7a65-4321-4fed-a0b9-87c6d5e4f321',
      status: 'connected',
    });
    await t.ctx.db.update(terraConnections).set({ terraUserId: TERRA_USER }).where(eq(terraConnections.patientId, f.patientA1.id));
    for (const name of ['deauth.json', 'access_revoked.json']) {
      const res = await deliver(fs.readFileSync(path.join(EXAMPLES, name), 'utf8'));
      expect((await processed(res.body.eventId)).status, name).toBe('processed');
      expect((await t.ctx.db.select().from(terraConnections).where(eq(terraConnections.patientId, f.patientA1.id)))[0]!.status).toBe('disconnected');
    }
    // A disconnected connection turns later data into nothing.
    const late = await deliver(JSON.stringify(bodyPayload(TERRA_USER, '2026-07-05', 3)));
    expect((await processed(late.body.eventId)).status).toBe('ignored');
    expect(await terraReadings(f.patientA1.id)).toHaveLength(1);
    await t.ctx.db.update(terraConnections).set({ status: 'connected' }).where(eq(terraConnections.patientId, f.patientA1.id));
  });

  it('answers 401 and stores nothing for a wrong secret, an old timestamp, a changed body, or no signature', async () => {
    const body = fs.readFileSync(path.join(EXAMPLES, 'body.json'), 'utf8');
    const before = await eventCount();
    // Timestamps 60 s beyond the 300 s tolerance, read at each call: a slow machine must not bring
    // a future one back inside the window between reading the clock and sending.
    const nowS = () => Math.floor(Date.now() / 1000);
    const now = nowS();
    const cases = [
      await deliver(body, { secret: 'not-the-secret' }),
      await deliver(body, { timestamp: nowS() - 360 }),
      await deliver(body, { timestamp: nowS() + 360 }),
      await deliver(body.replace('72.4', '92.4'), { header: signTerraPayload(SECRET, body, now) }),
      await deliver(body, { header: '' }),
      await deliver(body, { header: `t=${now},v1=zz` }),
      await callAs(anonymous, terraApi.terraEventHandler, { payload: body, extraHeaders: { 'content-type': 'text/plain' } }),
      await callAs(anonymous, terraApi.terraEventHandler),
    ];
    for (const res of cases) {
      expect(res.status, res.reply.body).toBe(401);
      expect(res.msg).toBe('The Terra signature is not valid');
    }
    expect(await eventCount()).toBe(before);
  });

  it('accepts any of several v1 signatures (a secret being rotated) within 300 s', async () => {
    const body = JSON.stringify({ type: 'large_request_sending', user: { user_id: TERRA_USER } });
    const now = Math.floor(Date.now() / 1000) - 290;
    const good = signTerraPayload(SECRET, body, now).split('v1=')[1];
    const res = await deliver(body, { header: `t=${now},v1=${'0'.repeat(64)},v1=${good}` });
    expect(res.status, res.reply.body).toBe(200);
  });

  it('stores a replayed delivery once', async () => {
    const body = JSON.stringify(bodyPayload(TERRA_USER, '2026-07-10', 2));
    const first = await deliver(body);
    const again = await deliver(body);
    expect(first.status).toBe(200);
    expect(again.body).toEqual({ eventId: first.body.eventId, duplicate: true });
    await processed(first.body.eventId);
    const rows = await t.ctx.db.select().from(terraEvents).where(eq(terraEvents.id, first.body.eventId));
    expect(rows).toHaveLength(1);
  });

  it('answers 400 "No event data!" for a signed delivery that is not an event', async () => {
    for (const body of ['{}', '[]', 'not json', '{"type": 7}']) {
      const res = await deliver(body);
      expect(res.status, body).toBe(400);
      expect(res.msg).toBe('No event data!');
    }
  });

  it('turns body samples into readings once, with thresholds and alerts, and keeps the newest copy of a day', async () => {
    const before = (await terraReadings(f.patientA1.id)).length;
    const day = '2026-08-03';
    const first = await deliver(JSON.stringify(bodyPayload(TERRA_USER, day, 20, 185)), { ordering: '1785000000000' });
    const e1 = await processed(first.body.eventId);
    // 20 blood pressures (with their pulse), a glucose, an SpO2 (with its pulse) and a temperature.
    expect(e1).toMatchObject({ status: 'processed', readingsStored: 23, readingsDuplicate: 0, readingsRejected: 0 });
    const stored = (await terraReadings(f.patientA1.id)).slice(before);
    expect(stored).toHaveLength(23);
    const bp = stored.find((r) => r.deviceType === 'BLOOD_PRESSURE')!;
    expect(bp.valuesJson).toEqual({ '8480-6': 185, '8462-4': 82, '8867-4': 71 });
    expect(bp.severity).toBe(2); // 185 mm[Hg] systolic is critical by the catalogue's default thresholds
    // A newer copy of the same day: the same samples are duplicates, a new one is stored.
    const newer = bodyPayload(TERRA_USER, day, 21, 185);
    const second = await deliver(JSON.stringify(newer), { ordering: '1785000001000' });
    expect(await processed(second.body.eventId)).toMatchObject({ status: 'processed', readingsStored: 1, readingsDuplicate: 23 });
    // An older copy arriving late changes nothing.
    const older = await deliver(JSON.stringify(bodyPayload(TERRA_USER, day, 5, 120)), { ordering: '1784999999000' });
    expect((await processed(older.body.eventId)).status).toBe('superseded');
    expect((await terraReadings(f.patientA1.id)).length).toBe(before + 24);
  });

  it("turns stand-alone heart-rate samples (Terra's example body, with its detailed samples) into heart-rate readings, graded and alerted", async () => {
    const team = (await t.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).onConflictDoNothing().returning())[0];
    if (team) { await t.ctx.db.insert(medicalTeamMembers).values({ medicalTeamId: team.id, userId: f.nurseA1.id }); }
    const example = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'body.json'), 'utf8'));
    const day = example.data[0];
    day.metadata.start_time = '2026-09-01T00:00:00.000000+01:00';
    day.measurements_data.measurements[0].measurement_time = '2026-09-01T07:55:02.000000+01:00';
    // HeartRateDataSample (../shared/data/terra/json-schemas): timestamp, bpm, timer_duration_seconds, context.
    day.heart_data.heart_rate_data.detailed = {
      hr_samples: [
        { timestamp: '2026-09-01T08:00:00.000000+01:00', bpm: 64.4, timer_duration_seconds: 0, context: 0 },
        { timestamp: '2026-09-01T08:01:00.000000+01:00', bpm: 135, timer_duration_seconds: 60, context: 0 },
      ],
    };
    const res = await deliver(JSON.stringify(example), { ordering: '1788000000000' });
    expect(await processed(res.body.eventId)).toMatchObject({ status: 'processed', readingsStored: 3, readingsRejected: 0 });
    const rows = (await terraReadings(f.patientA1.id)).filter((r) => r.measuredAt.toISOString().startsWith('2026-09-01'));
    expect(rows.map((r) => [r.deviceType, r.valuesJson, r.severity, r.source])).toEqual([
      ['WEIGHT', { '29463-7': 72.4 }, 0, 'terra'],
      ['HEART_RATE', { '8867-4': 64 }, 0, 'terra'],
      ['HEART_RATE', { '8867-4': 135 }, 2, 'terra'], // above the pulse's critical 130 /min
    ]);
    const alerts = await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, rows[2]!.id));
    expect(alerts.map((a) => [a.toUserId, a.severity, a.deviceType])).toEqual([[f.nurseA1.id, 2, 'HEART_RATE']]);
    // The patient's chart has a heart-rate series.
    const series = await callAs(f.doctorA1, measurementsApi.getPatientSeries, { query: { from: '2026-08-31', to: '2026-09-02' }, headers: { patientid: f.patientA1.id } });
    expect(series.status, series.reply.body).toBe(200);
    const hr = series.body.series.find((x: { deviceType: string }) => x.deviceType === 'HEART_RATE');
    expect(hr).toMatchObject({ title: { en: 'Heart rate', es: 'Frecuencia cardíaca' }, thresholds: { '8867-4': expect.objectContaining({ criticalHigh: 130 }) } });
    expect(hr!.points.display['8867-4']).toEqual([64, 135]);
  });

  it("replaces a day's readings with a newer copy's changed values (and alerts on them); an older copy arriving late changes nothing", async () => {
    const day = '2026-08-24';
    const valuesOf = async () =>
      (await terraReadings(f.patientA1.id)).filter((r) => r.measuredAt.toISOString().startsWith(day) && r.deviceType === 'BLOOD_PRESSURE').map((r) => [r.valuesJson['8480-6'], r.severity]);
    const first = await deliver(JSON.stringify(bodyPayload(TERRA_USER, day, 2, 128)), { ordering: '1786000001000' });
    expect(await processed(first.body.eventId)).toMatchObject({ status: 'processed', readingsStored: 5 });
    expect(await valuesOf()).toEqual([[128, 0], [128, 0]]);
    const countBefore = (await terraReadings(f.patientA1.id)).length;
    const [bp] = (await terraReadings(f.patientA1.id)).filter((r) => r.measuredAt.toISOString().startsWith(day) && r.deviceType === 'BLOOD_PRESSURE');

    // Newer: the same samples with a critical systolic replace the values; nothing is counted twice.
    const newer = await deliver(JSON.stringify(bodyPayload(TERRA_USER, day, 2, 190)), { ordering: '1786000002000' });
    expect(await processed(newer.body.eventId)).toMatchObject({ status: 'processed', readingsStored: 0, readingsDuplicate: 5 });
    expect(await valuesOf()).toEqual([[190, 2], [190, 2]]);
    expect((await terraReadings(f.patientA1.id)).length).toBe(countBefore);
    const alerts = await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, bp!.id));
    expect(alerts.map((a) => a.severity)).toEqual([2]);
    expect(alerts[0]!.messageEn).toContain('190');

    // Older (between the two, arriving last): superseded, the newer values stay.
    const older = await deliver(JSON.stringify(bodyPayload(TERRA_USER, day, 2, 150)), { ordering: '1786000001500' });
    expect((await processed(older.body.eventId)).status).toBe('superseded');
    expect(await valuesOf()).toEqual([[190, 2], [190, 2]]);
    expect((await t.ctx.db.select().from(notifications).where(eq(notifications.measurementId, bp!.id))).length).toBe(1);
  });

  it('keeps the newest values when the newer copy of a day arrives first', async () => {
    const day = '2026-08-25';
    const valuesOf = async () =>
      (await terraReadings(f.patientA1.id)).filter((r) => r.measuredAt.toISOString().startsWith(day) && r.deviceType === 'BLOOD_PRESSURE').map((r) => r.valuesJson['8480-6']);
    const newer = await deliver(JSON.stringify(bodyPayload(TERRA_USER, day, 3, 135)), { ordering: '1786100002000' });
    expect(await processed(newer.body.eventId)).toMatchObject({ status: 'processed', readingsStored: 6 });
    const older = await deliver(JSON.stringify(bodyPayload(TERRA_USER, day, 4, 120)), { ordering: '1786100001000' });
    expect((await processed(older.body.eventId)).status).toBe('superseded');
    expect(await valuesOf()).toEqual([135, 135, 135]);
  });

  it('dedupes activity and sleep on their summary id', async () => {
    const activity = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'activity.json'), 'utf8'));
    activity.data[0].metadata.summary_id = 'summary-dedupe-1';
    const a = await deliver(JSON.stringify(activity), { ordering: '2000' });
    expect((await processed(a.body.eventId)).status).toBe('processed');
    activity.data[0].metadata.name = 'Morning Run (resent)';
    const b = await deliver(JSON.stringify(activity), { ordering: '1000' });
    expect((await processed(b.body.eventId)).status).toBe('duplicate');
  });

  it('marks deliveries for a Terra user nobody is connected to as unmapped', async () => {
    const res = await deliver(JSON.stringify(bodyPayload('00000000-0000-0000-0000-000000000000', '2026-08-04', 2)));
    expect(await processed(res.body.eventId)).toMatchObject({ status: 'unmapped', error: 'No user mapping data!' });
  });
});

describe('Terra mappings', () => {
  it('GET terra/getterrausermappingtable lists the connections in scope, by office', async () => {
    const res = await callAs(f.officeAdminA1, terraApi.getTerraUserMappingTable);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ patientId: f.patientA1.id, locationId: f.a1.id, provider: 'GARMIN', fdaCleared: false, enableSendingDataToECP: false })]);
    expect((await callAs(f.orgAdminA, terraApi.getTerraUserMappingTable, { query: { locationId: f.a1.id } })).body).toHaveLength(1);
    expect((await callAs(f.doctorB1, terraApi.getTerraUserMappingTable)).body).toEqual([]);
    expect((await callAs(f.officeAdminA1, terraApi.getTerraUserMappingTable, { query: { locationId: f.b1.id } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, terraApi.getTerraUserMappingTable, { query: { locationId: invalid('abc') } })).status).toBe(400);
  });

  it('GET terra/getecpusersforterramappings lists the ECP users of the caller\'s offices', async () => {
    const ecpA1 = await createUser(t, { role: Role.ECP_USER, organizationId: f.orgA.id, offices: [f.a1.id] });
    const ecpB1 = await createUser(t, { role: Role.ECP_USER, organizationId: f.orgB.id, offices: [f.b1.id] });
    const a = (await callAs(f.nurseA1, terraApi.getEcpUsersForTerraMappings)).body as { id: number }[];
    expect(a.map((u) => u.id)).toContain(ecpA1.id);
    expect(a.map((u) => u.id)).not.toContain(ecpB1.id);

    // PUT terra/setecpuserinpersonateid: an ECP user of the patient's office only.
    const ok = await callAs(f.nurseA1, terraApi.setEcpUserInpersonateId, { headers: { patientid: f.patientA1.id, ecpuserinpersonateid: ecpA1.id } });
    expect(ok.status, ok.reply.body).toBe(200);
    expect(ok.body.ecpUserInpersonateId).toBe(ecpA1.id);
    expect((await callAs(f.nurseA1, terraApi.setEcpUserInpersonateId, { headers: { patientid: f.patientA1.id, ecpuserinpersonateid: ecpB1.id } })).status).toBe(400);
    expect((await callAs(f.nurseA1, terraApi.setEcpUserInpersonateId, { headers: { patientid: f.patientA1.id, ecpuserinpersonateid: invalid('x') } })).status).toBe(400);
    const other = await callAs(f.doctorB1, terraApi.setEcpUserInpersonateId, { headers: { patientid: f.patientA1.id, ecpuserinpersonateid: ecpB1.id } });
    expect(other.status).toBe(404);
    expect(other.msg).toBe('No user mapping data!');
  });

  it('PUT terra/setsendingdatafromterratoecp turns forwarding on and off for a connection in scope', async () => {
    const on = await callAs(f.doctorA1, terraApi.setSendingDataFromTerraToEcp, { headers: { patientid: f.patientA1.id, enablesendingdatatoecp: 'true' } });
    expect(on.status, on.reply.body).toBe(200);
    expect(on.body.enableSendingDataToECP).toBe(true);
    expect((await callAs(f.doctorA1, terraApi.setSendingDataFromTerraToEcp, { headers: { patientid: f.patientA1.id, enablesendingdatatoecp: invalid('maybe') } })).status).toBe(400);
    const other = await callAs(f.doctorB1, terraApi.setSendingDataFromTerraToEcp, { headers: { patientid: f.patientA1.id, enablesendingdatatoecp: 'false' } });
    expect(other.status).toBe(404);
    const [row] = await t.ctx.db.select().from(terraConnections).where(eq(terraConnections.patientId, f.patientA1.id));
    expect(row!.enableSendingDataToEcp).toBe(true);
    // No connection at all reads "No user mapping data!".
    const none = await callAs(f.doctorA2, terraApi.setSendingDataFromTerraToEcp, { headers: { patientid: f.patientA2.id, enablesendingdatatoecp: 'true' } });
    expect(none.status).toBe(404);
    expect(none.msg).toBe('No user mapping data!');
  });

  it('PUT terra/setfdacleared: an admin marks a source FDA-cleared, and its later readings are marked so', async () => {
    expect((await callAs(f.officeAdminA2, terraApi.setTerraFdaCleared, { headers: { patientid: f.patientA1.id, fdacleared: 'true' } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, terraApi.setTerraFdaCleared, { headers: { patientid: f.patientA1.id, fdacleared: invalid('x') } })).status).toBe(400);
    const res = await callAs(f.officeAdminA1, terraApi.setTerraFdaCleared, { headers: { patientid: f.patientA1.id, fdacleared: 'true' } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.fdaCleared).toBe(true);
    const ev = await deliver(JSON.stringify(bodyPayload(TERRA_USER, '2026-08-20', 1)));
    await processed(ev.body.eventId);
    const readings = await terraReadings(f.patientA1.id);
    expect(readings.filter((r) => r.source === 'terra-fda').length).toBeGreaterThan(0);
    expect(readings.filter((r) => r.source === 'terra-fda').every((r) => r.measuredAt.toISOString().startsWith('2026-08-20'))).toBe(true);
    // The billing engine's facts: the FDA-cleared day counts (w), the earlier Terra days do not count as automatic.
    const office = { id: f.a1.id, organizationId: f.orgA.id, name: 'a1', timeZone: 'America/New_York' };
    const facts = (await findReadingDays(tenantDb(systemScope, t.ctx.db), office, [f.patientA1.id], { from: new Date('2026-07-01T00:00:00Z'), to: new Date('2026-09-01T00:00:00Z') })).get(f.patientA1.id)!;
    expect(facts.find((d) => d.day === '2026-08-20')).toMatchObject({ automatic: false, fdaClearedWearable: true });
    expect(facts.find((d) => d.day === '2026-08-03')).toMatchObject({ automatic: false, fdaClearedWearable: false });
  });

  it('GET terra/events lists a patient\'s deliveries; POST terra/disconnect tells Terra and stops readings', async () => {
    const list = await callAs(f.nurseA1, terraApi.getTerraEvents, { headers: { patientid: f.patientA1.id } });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(5);
    expect((await callAs(f.doctorB1, terraApi.getTerraEvents, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
    expect((await callAs(f.nurseA1, terraApi.getTerraEvents, { headers: { patientid: invalid('x') } })).status).toBe(400);
    expect((await callAs(f.doctorB1, terraApi.disconnectTerra, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
    const res = await callAs(f.nurseA1, terraApi.disconnectTerra, { headers: { patientid: f.patientA1.id } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body.status).toBe('disconnected');
    expect(terra.requests.at(-1)).toEqual({ method: 'DELETE', path: '/v2/auth/deauthenticateUser', userId: TERRA_USER });
  });
});
