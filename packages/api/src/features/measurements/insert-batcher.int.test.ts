import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { devices, measurements as measurementsApi } from '@vigil/contract';
import { callerFor, type CallInput } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, type TestApp } from '../../../test/setup';
import { hubs, measurements, medicalDevices } from '../../db/schema/index';
import { issueHubCredential } from '../devices/hub-credentials';
import { pgCode } from '../../db/query-helpers';
import { localIso } from './time';
import { HUB_DEVICE_TTL_MS, findHubDevices, forgetHubDevices } from './hub-devices';
import { InsertBatcher, batcherOf } from './insert-batcher';
import type { NewMeasurement } from './measurements.repo';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let hub: { id: number; token: string };
const callAs = callerFor(() => t);
const dev: Record<string, number> = {};

/**
 * The database seen through a gate: counts the raw statements (`execute`: ingestion's INSERTs; the
 * query builders do not use it) and the `select` builders, and can hold the next statements until
 * released, to line callers up behind a statement in flight.
 */
function gate(db: Db) {
  const state = { statements: 0, selects: 0 };
  let held: { promise: Promise<void>; release: () => void } | null = null;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return async (...args: Parameters<Db['execute']>) => {
          state.statements++;
          if (held) { await held.promise; }
          return target.execute(...args);
        };
      }
      if (prop === 'select') { state.selects++; }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return {
    db: proxy,
    state,
    hold() {
      let release!: () => void;
      const promise = new Promise<void>((resolve) => (release = resolve));
      held = { promise, release };
    },
    release() {
      held?.release();
      held = null;
    },
  };
}

/** Whether a promise has settled by now (after the pending microtasks and one macrotask). */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 20));
  return done;
}

let seq = 0;
const BASE = Date.now() - 7 * 86_400_000;
/** A hub reading row of device `deviceKey` (the hub's BP-1 unless given), at its own instant unless `at` is given. */
function row(opts: { at?: number; systolic?: number; patientId?: number; deviceKey?: number } = {}): NewMeasurement & { measuredAt: Date } {
  const deviceKey = opts.deviceKey ?? dev['BP-1']!;
  return {
    patientId: opts.patientId ?? f.patientA1.id,
    hospitalId: f.a1.id,
    deviceId: deviceKey,
    hubId: hub.id,
    hubKey: hub.id,
    deviceKey,
    deviceType: 'BLOOD_PRESSURE',
    measuredAt: new Date(opts.at ?? BASE + ++seq * 1000),
    measuredAtOffset: '+00:00',
    valuesJson: { '8480-6': opts.systolic ?? 120, '8462-4': 80 },
    source: 'hub',
    severity: 0,
  };
}
const instants = (rows: { measuredAt: Date }[]) => rows.map((r) => r.measuredAt.getTime());

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  const [h] = await t.ctx.db.insert(hubs).values({ hubIdentifier: 'HUB-BATCH', hubName: 'Batch', hospitalId: f.a1.id, assignedToUserId: f.patientA1.id }).returning();
  hub = { id: h!.id, token: await issueHubCredential(t.ctx, h!.id) };
  for (const id of ['BP-1', 'BP-2', 'BP-GONE', 'BP-LIFE']) {
    const [d] = await t.ctx.db.insert(medicalDevices).values({ deviceIdentifier: id, deviceType: 'BLOOD_PRESSURE', hospitalId: f.a1.id, hubId: hub.id, patientId: f.patientA1.id }).returning();
    dev[id] = d!.id;
  }
}, 120_000);
afterAll(async () => t?.close());

describe('InsertBatcher', () => {
  it('writes at once when no statement is in flight (no timer)', async () => {
    const g = gate(t.ctx.db);
    const b = new InsertBatcher(g.db);
    const r = row();
    const pending = b.insert([r]);
    expect(g.state.statements).toBe(1); // started before insert() returned
    const inserted = await pending;
    expect(instants(inserted)).toEqual([r.measuredAt.getTime()]);
  });

  it('combines the rows of callers waiting behind a statement into one statement, each caller getting its own rows, none before its commit', async () => {
    const g = gate(t.ctx.db);
    const b = new InsertBatcher(g.db);
    g.hold();
    const first = b.insert([row()]);
    const rows = [[row()], [row(), row()], [row()], [row()]];
    const waiting = rows.map((r) => b.insert(r));
    expect(g.state.statements).toBe(1);
    expect(await settled(first)).toBe(false); // its statement has not run
    expect(await settled(waiting[0]!)).toBe(false);
    g.release();
    const answers = await Promise.all(waiting);
    expect(await first).toHaveLength(1);
    expect(g.state.statements).toBe(2); // the held one, then ONE for the four waiting callers
    answers.forEach((inserted, i) => expect(instants(inserted)).toEqual(instants(rows[i]!)));
    const ids = answers.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(5);
    const stored = await t.ctx.db.select({ id: measurements.id, measuredAt: measurements.measuredAt }).from(measurements).where(inArray(measurements.id, ids));
    const atOf = new Map(stored.map((s) => [s.id, s.measuredAt.getTime()]));
    for (const inserted of answers.flat()) { expect(atOf.get(inserted.id)).toBe(inserted.measuredAt.getTime()); }
  });

  it('writes a repeated identity of two waiting callers once: the earlier caller stores it, the later gets nothing back', async () => {
    const g = gate(t.ctx.db);
    const b = new InsertBatcher(g.db);
    g.hold();
    const first = b.insert([row()]);
    const at = BASE + ++seq * 1000;
    const earlier = b.insert([row({ at, systolic: 131 })]);
    const later = b.insert([row({ at, systolic: 99 }), row()]);
    g.release();
    await first;
    expect(instants(await earlier)).toEqual([at]);
    expect(instants(await later)).not.toContain(at);
    expect(await later).toHaveLength(1); // its other reading is stored
    const stored = await t.ctx.db.select().from(measurements).where(eq(measurements.measuredAt, new Date(at)));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.valuesJson).toEqual({ '8480-6': 131, '8462-4': 80 });
    expect(g.state.statements).toBe(2);
  });

  it('fails only the request whose rows fail when the combined statement fails; the others of the batch are stored', async () => {
    const g = gate(t.ctx.db);
    const b = new InsertBatcher(g.db);
    g.hold();
    const first = b.insert([row()]);
    const good1 = [row(), row()];
    const bad = [row(), row({ patientId: 2_000_000_000 })]; // no such patient: foreign key violation
    const good2 = [row()];
    const answers = [good1, bad, good2].map((r) => b.insert(r));
    const outcome = Promise.allSettled(answers);
    g.release();
    await first;
    const [a1, a2, a3] = await outcome;
    expect(a1).toMatchObject({ status: 'fulfilled' });
    expect(instants((a1 as PromiseFulfilledResult<{ measuredAt: Date }[]>).value)).toEqual(instants(good1));
    expect(a2!.status).toBe('rejected');
    expect(pgCode((a2 as PromiseRejectedResult).reason)).toBe('23503');
    expect(instants((a3 as PromiseFulfilledResult<{ measuredAt: Date }[]>).value)).toEqual(instants(good2));
    // held + combined (failed) + each request alone
    expect(g.state.statements).toBe(2 + 3);
    const badAt = bad.map((r) => r.measuredAt);
    expect(await t.ctx.db.select().from(measurements).where(inArray(measurements.measuredAt, badAt))).toEqual([]);
  });

  it('caps a combined statement at maxRows without splitting a request, and writes the rest next', async () => {
    const g = gate(t.ctx.db);
    const b = new InsertBatcher(g.db, 3);
    g.hold();
    const first = b.insert([row()]);
    const rows = [[row()], [row()], [row(), row()], [row()], [row()]];
    const waiting = rows.map((r) => b.insert(r));
    g.release();
    await first;
    const answers = await Promise.all(waiting);
    answers.forEach((inserted, i) => expect(instants(inserted)).toEqual(instants(rows[i]!)));
    expect(g.state.statements).toBe(1 + 3); // [1, 1] then [2, 1] then [1]
  });

  it('rejects a lone request whose statement fails and keeps serving the next ones', async () => {
    const b = new InsertBatcher(t.ctx.db);
    await expect(b.insert([row({ patientId: 2_000_000_000 })])).rejects.toSatisfy((err) => pgCode(err) === '23503');
    const r = row();
    expect(instants(await b.insert([r]))).toEqual([r.measuredAt.getTime()]);
  });
});

describe('findHubDevices', () => {
  it('looks a hub device up once per 5 s (an unknown one too), again after the time to live or forgetHubDevices', async () => {
    const g = gate(t.ctx.db);
    const ctx = { ...t.ctx, db: g.db } as AppContext; // a context of its own: its own cache
    const principal = { hubId: hub.id, hubIdentifier: 'HUB-BATCH', hospitalId: f.a1.id, assignedToUserId: f.patientA1.id };
    const found = await findHubDevices(ctx, principal, ['BP-1', 'NO-SUCH']);
    expect([...found.keys()]).toEqual(['BP-1']);
    expect(g.state.selects).toBe(1);
    expect([...(await findHubDevices(ctx, principal, ['BP-1', 'NO-SUCH'])).keys()]).toEqual(['BP-1']);
    expect(g.state.selects).toBe(1);
    // Another patient on the hub: another answer, looked up afresh.
    await findHubDevices(ctx, { ...principal, assignedToUserId: f.patientA2.id }, ['BP-1']);
    expect(g.state.selects).toBe(2);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + HUB_DEVICE_TTL_MS + 1);
    try {
      await findHubDevices(ctx, principal, ['BP-1']);
      expect(g.state.selects).toBe(3);
    } finally {
      clock.mockRestore();
    }
    forgetHubDevices(ctx);
    await findHubDevices(ctx, principal, ['BP-1']);
    expect(g.state.selects).toBe(4);
    // A lookup running across a forget does not fill the cache with what it read before.
    forgetHubDevices(ctx);
    const running = findHubDevices(ctx, principal, ['BP-1']);
    forgetHubDevices(ctx);
    await running;
    await findHubDevices(ctx, principal, ['BP-1']);
    expect(g.state.selects).toBe(6);
  });
});

describe('POST medicaldevicesdata through the batcher and the hub device cache', () => {
  // The application's own database handle is replaced by a gated one (before this app's first
  // ingestion creates its batcher, which keeps the handle it was given).
  let g: ReturnType<typeof gate>;
  beforeAll(async () => {
    g = gate(t.ctx.db);
    (t.ctx as AppContext).db = g.db;
    // The staff session opened here, not in the middle of a test's counted (or held) statements.
    await callAs.sessionOf(f.officeAdminA1);
  });

  const reading = (deviceIdentifier: string, at: number, systolic = 120) => ({
    deviceIdentifier,
    deviceType: 'BLOOD_PRESSURE',
    measuredAt: localIso(new Date(at), '-05:00'),
    values: [
      { code: '8480-6', value: systolic, unit: 'mm[Hg]' },
      { code: '8462-4', value: 80, unit: 'mm[Hg]' },
    ],
  });
  const post = (body: CallInput<typeof measurementsApi.postMeasurements>['body']) => callAs({ hubtoken: hub.token }, measurementsApi.postMeasurements, { body });
  const updateDevice = (id: number, body: CallInput<typeof devices.updateMedicalDevice>['body']) => callAs(f.officeAdminA1, devices.updateMedicalDevice, { params: { id }, body });
  const resultOf = async (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.status, res.reply.body).toBe(200);
    return res.body.results[0]!;
  };

  it('answers concurrent requests from one combined statement: each its own reading, a repeat a duplicate of the original', async () => {
    const at = (i: number) => BASE - 86_400_000 + i * 1000;
    g.hold();
    const before = g.state.statements;
    const first = post(reading('BP-1', at(0)));
    await vi.waitFor(() => expect(g.state.statements).toBe(before + 1));
    const bodies = [
      reading('BP-1', at(1)),
      reading('BP-2', at(1)),
      { readings: [reading('BP-1', at(2)), reading('BP-2', at(2))] },
      reading('BP-1', at(3)), // delivered twice at once: stored once
      reading('BP-1', at(3)),
      reading('BP-1', at(0)), // a repeat of the reading in flight
    ];
    const answers = bodies.map((b) => post(b));
    await vi.waitFor(() => expect(batcherOf(t.ctx).waiting).toBe(bodies.length));
    g.release();
    const firstResult = await resultOf(await first);
    const results = await Promise.all(answers.map(async (a) => (await a).body.results as { status: string; measurementId: number }[]));
    expect(g.state.statements).toBe(before + 2);

    expect(firstResult.status).toBe('stored');
    expect(results[0]![0]!.status).toBe('stored');
    expect(results[1]![0]!.status).toBe('stored');
    expect(results[2]!.map((r) => r.status)).toEqual(['stored', 'stored']);
    const twice = [results[3]![0]!, results[4]![0]!];
    expect(twice.map((r) => r.status).sort()).toEqual(['duplicate', 'stored']);
    expect(twice[0]!.measurementId).toBe(twice[1]!.measurementId);
    expect(results[5]![0]).toMatchObject({ status: 'duplicate', measurementId: firstResult.measurementId });
    const ids = [firstResult.measurementId!, ...results.slice(0, 4).flatMap((r) => r.map((x) => x.measurementId))];
    expect(new Set(ids).size).toBe(6);
    const stored = await t.ctx.db.select({ id: measurements.id, deviceId: measurements.deviceId }).from(measurements).where(inArray(measurements.id, ids));
    expect(stored).toHaveLength(6);
  });

  it("fails only the request of a device deleted past this process's cache; the others of its statement are stored", async () => {
    const at = BASE - 2 * 86_400_000;
    // Looked up (and cached) by a refused reading, then deleted as another API process would.
    const refused = await resultOf(await post({ ...reading('BP-GONE', at), deviceType: 'WEIGHT', values: [{ code: '29463-7', value: 70, unit: 'kg' }] }));
    expect(refused.reason).toBe('device type mismatch');
    await t.ctx.db.delete(medicalDevices).where(eq(medicalDevices.id, dev['BP-GONE']!));
    g.hold();
    const before = g.state.statements;
    const first = post(reading('BP-1', at));
    await vi.waitFor(() => expect(g.state.statements).toBe(before + 1));
    const good1 = post(reading('BP-1', at + 1000));
    const gone = post(reading('BP-GONE', at + 1000));
    const good2 = post(reading('BP-2', at + 1000));
    await vi.waitFor(() => expect(batcherOf(t.ctx).waiting).toBe(3));
    g.release();
    expect((await resultOf(await first)).status).toBe('stored');
    expect((await resultOf(await good1)).status).toBe('stored');
    expect((await resultOf(await good2)).status).toBe('stored');
    // The device's row is gone: the foreign key refuses the reading, answered 404 (plugins/errors.ts).
    expect((await gone).status).toBe(404);
    expect(await t.ctx.db.select().from(measurements).where(eq(measurements.deviceKey, dev['BP-GONE']!))).toEqual([]);
    forgetHubDevices(t.ctx);
    expect((await resultOf(await post(reading('BP-GONE', at + 2000)))).reason).toBe('unknown device');
  });

  it("sees a device's change through the API at once in this process: retired, re-activated, new limits, reassigned, registered", async () => {
    const at = BASE - 4 * 86_400_000;
    const id = dev['BP-LIFE']!;
    expect((await resultOf(await post(reading('BP-LIFE', at, 150)))).severity).toBe(1); // cached now
    expect((await updateDevice(id, { status: 0 })).status).toBe(200);
    expect((await resultOf(await post(reading('BP-LIFE', at + 1000)))).reason).toBe('unknown device');
    expect((await updateDevice(id, { status: 1 })).status).toBe(200);
    expect((await resultOf(await post(reading('BP-LIFE', at + 2000)))).status).toBe('stored');

    const limits = { '8480-6': { cautionHigh: 160, criticalHigh: 200 } };
    expect((await callAs(f.officeAdminA1, devices.updateDeviceDefaultValuesJsonForMedicalDevice, { body: { medicalDeviceId: id, deviceDefaultValuesJson: limits } })).status).toBe(200);
    expect((await resultOf(await post(reading('BP-LIFE', at + 3000, 150)))).severity).toBe(0);

    expect((await updateDevice(id, { patientId: null })).status).toBe(200);
    const unassigned = await resultOf(await post(reading('BP-LIFE', at + 4000)));
    const [row4] = await t.ctx.db.select().from(measurements).where(eq(measurements.id, unassigned.measurementId!));
    expect(row4).toMatchObject({ patientId: f.patientA1.id, deviceId: id }); // the hub's patient now
    expect((await updateDevice(id, { hubId: null })).status).toBe(200);
    expect((await resultOf(await post(reading('BP-LIFE', at + 5000)))).reason).toBe('unknown device'); // neither the hub's nor its patient's

    expect((await resultOf(await post(reading('BP-NEW', at)))).reason).toBe('unknown device'); // cached as absent
    const created = await callAs(f.officeAdminA1, devices.createMedicalDevice, { body: { deviceIdentifier: 'BP-NEW', deviceType: 'BLOOD_PRESSURE', hospitalId: f.a1.id, hubId: hub.id } });
    expect(created.status, created.reply.body).toBe(201);
    expect((await resultOf(await post(reading('BP-NEW', at + 1000)))).status).toBe('stored');
  });

  it("sees an office's new default limits at once in this process", async () => {
    const at = BASE - 5 * 86_400_000;
    expect((await resultOf(await post(reading('BP-2', at, 150)))).severity).toBe(1);
    const ok = await callAs(f.officeAdminA1, measurementsApi.updateDeviceDefaultsForHospital, {
      headers: { hospitalid: f.a1.id },
      body: { deviceType: 'BLOOD_PRESSURE', thresholds: { '8480-6': { cautionHigh: 145, criticalHigh: 149 } } },
    });
    expect(ok.status, ok.reply.body).toBe(200);
    expect((await resultOf(await post(reading('BP-2', at + 1000, 150)))).severity).toBe(2);
  });
});
