/**
 * Measurements (README "Remote monitoring"): ingestion with exactly-once effect, graded against the
 * device's and office's limits, alerts raised after commit. The reading lists and chart series are
 * measurement-lists.service.ts, the office limits office-thresholds.service.ts. Values are stored in
 * canonical UCUM units keyed by LOINC code (spec section 9).
 */
import { INGEST_MAX_READINGS, type DeviceType, type IngestBody, type IngestResponse, type IngestResult } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { systemScope, type HubPrincipal, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { countReadings } from '../../lib/metrics';
import { raiseMeasurementAlerts, type CommittedReading } from '../notifications/index';
import { checkReading, identityKey, type CheckedReading, type Rejection } from './ingestion';
import { findHubDevices } from './hub-devices';
import { insertMeasurementsBatched } from './insert-batcher';
import * as repo from './measurements.repo';
import { resolveThresholds, severityOfReading, type ThresholdMap } from './thresholds';
import { tenantDb } from '../../db/handles';

// Ingestion -------------------------------------------------------------------------------------

/**
 * Who posts: a hub with its own credential, a staff member with a session (manual reading), or a
 * patient's Terra connection (a verified Terra webhook, docs/integrations.md): its readings go to
 * that patient and office, marked source 'terra', or 'terra-fda' when an admin marked the source
 * an FDA-cleared device (only those count as device days for billing).
 */
export type IngestCaller =
  | { kind: 'hub'; hub: HubPrincipal }
  | { kind: 'staff'; scope: Scope }
  | { kind: 'terra'; patientId: number; hospitalId: number; fdaCleared: boolean };

/** The identity's hub key of readings from Terra (hubs are >= 1, manual and imported readings 0); the device key is the patient id. */
export const TERRA_HUB_KEY = -1;

/** Identifier prefix of the demo's simulated hubs: only they may mark readings as simulated. */
export const SIMULATED_HUB_PREFIX = 'SIM-';

/** A reading ready to insert, with what its answer and the alert hook need. */
interface Planned {
  index: number;
  row: repo.NewMeasurement & { hubKey: number; deviceKey: number; deviceType: string; measuredAt: Date; severity: 0 | 1 | 2 };
  key: string;
}

function readingsOf(body: IngestBody): { items: unknown[]; batchSimulated: boolean } {
  if (Array.isArray(body)) { return { items: body, batchSimulated: false }; }
  if ('readings' in body && Array.isArray(body.readings)) { return { items: body.readings, batchSimulated: body.simulated === true }; }
  return { items: [body], batchSimulated: false };
}

/**
 * `POST medicaldevicesdata`: stores one reading or a batch with exactly-once effect.
 *
 * Each reading is checked on its own (ingestion.ts), then its device and patient are resolved for
 * the caller: a hub reaches its own devices and the devices of its office assigned to its patient
 * (the reading's patient is the device's, else the hub's; looked up through this process's 5 s
 * cache, hub-devices.ts); a staff member names a patient in scope (and optionally a device of that
 * patient). A refused reading is answered with its reason and nothing of it is stored. The good
 * ones are inserted in ONE statement (insert-batcher.ts: together with other requests' readings
 * when several arrive at once), so they are stored all together or not at all, with ON CONFLICT DO
 * NOTHING on the identity (hub key, device key, type, measured-at): a repeat is answered
 * 'duplicate' with the ORIGINAL row's id and severity (read after the insert committed), so a
 * retried delivery has no second effect; within one request, a later reading of an identity
 * repeats the first. Identity keys: a hub reading (hubId, deviceId); a manual or imported reading
 * hub key 0 and the device id, or minus the patient id without a device, so that two patients'
 * readings taken at the same instant never collide. Severity comes from the thresholds in effect
 * (thresholds.ts). The answer is built after the commit; then `raiseMeasurementAlerts` runs for
 * the stored readings (its failure is logged, never turned into a failure of readings already
 * committed).
 *
 * Errors: 413 `payloadTooLarge` for more than 500 readings; 400 `simulated` when a caller other
 * than a 'SIM-' hub marks readings as simulated; a failed INSERT (e.g. a device deleted by another
 * process within the device cache's 5 s) is thrown (500) and nothing of the request is stored.
 */
export async function ingest(ctx: AppContext, caller: IngestCaller, body: IngestBody): Promise<IngestResponse> {
  const { items, batchSimulated } = readingsOf(body);
  if (items.length > INGEST_MAX_READINGS) { throw new AppError('payloadTooLarge', 'payloadTooLarge'); }
  const now = Date.now();
  const rejections: Rejection[] = [];
  const checked: CheckedReading[] = [];
  let wantsSimulated = batchSimulated;
  for (let index = 0; index < items.length; index++) {
    const outcome = checkReading(items[index], index, now);
    if (!outcome.ok) {
      rejections.push(outcome.rejection);
      continue;
    }
    if (batchSimulated) { outcome.reading.simulated = true; }
    else if (outcome.reading.simulated) { wantsSimulated = true; }
    checked.push(outcome.reading);
  }
  if (wantsSimulated && !(caller.kind === 'hub' && caller.hub.hubIdentifier.startsWith(SIMULATED_HUB_PREFIX))) {
    throw AppError.badRequest('validationFailed', { simulated: 'invalid' });
  }

  const planned =
    caller.kind === 'hub'
      ? await planHubReadings(ctx, caller.hub, checked, rejections)
      : caller.kind === 'terra'
        ? await planTerraReadings(ctx, caller, checked)
        : await planManualReadings(ctx, caller.scope, checked, rejections);

  // The first reading of an identity in the request is inserted; later ones repeat it.
  let toInsert = planned;
  if (planned.length > 1) {
    const keys = new Set<string>();
    toInsert = [];
    for (const p of planned) {
      if (keys.has(p.key)) { continue; }
      keys.add(p.key);
      toInsert.push(p);
    }
  }
  const inserted = await insertMeasurementsBatched(
    ctx,
    toInsert.map((p) => p.row),
  );
  const stored = new Map<string, { id: number; severity: number; isNew: boolean }>();
  for (const r of inserted) { stored.set(identityKey(r.hubKey, r.deviceKey, r.deviceType, r.measuredAt), { id: r.id, severity: r.severity, isNew: true }); }
  if (stored.size < toInsert.length) {
    // Repeats: their originals are committed (ON CONFLICT waited for any insert of them in flight).
    const repeats = toInsert.filter((p) => !stored.has(p.key)).map((p) => p.row);
    for (const r of await repo.findByIdentities(ctx.db, repeats)) {
      stored.set(identityKey(r.hubKey, r.deviceKey, r.deviceType, r.measuredAt), { id: r.id, severity: r.severity, isNew: false });
    }
  }

  const results: IngestResult[] = new Array<IngestResult>(items.length);
  for (const r of rejections) { results[r.index] = { index: r.index, status: 'rejected', reason: r.reason, ...(r.detail ? { detail: r.detail } : {}) }; }
  const committed: CommittedReading[] = [];
  for (const p of planned) {
    const s = stored.get(p.key);
    // Cannot happen unless the original was deleted between the insert and the read: let the client retry.
    if (!s) { throw new Error('reading identity vanished during ingestion'); }
    const isNew = s.isNew;
    // A later reading of the same identity in this request repeats the one just stored.
    s.isNew = false;
    results[p.index] = { index: p.index, status: isNew ? 'stored' : 'duplicate', measurementId: s.id, severity: s.severity as 0 | 1 | 2 };
    if (isNew) {
      committed.push({
        measurementId: s.id,
        patientId: p.row.patientId,
        hospitalId: p.row.hospitalId,
        deviceType: p.row.deviceType,
        severity: p.row.severity,
        valuesJson: p.row.valuesJson,
        measuredAt: p.row.measuredAt,
        isSimulated: p.row.isSimulated ?? false,
      });
    }
  }

  if (committed.length > 0) {
    try {
      await raiseMeasurementAlerts(ctx, committed);
    } catch (err) {
      // The readings are committed; an alert failure must not turn them into a failure. No PHI in the log.
      ctx.log.error({ errName: (err as Error)?.name, readings: committed.length }, 'raiseMeasurementAlerts failed after ingestion commit');
    }
  }

  const answer = { stored: committed.length, duplicates: planned.length - committed.length, rejected: rejections.length, results };
  // docs/operations.md "Metrics": vigil_readings_total by outcome (a refused request, 400/413, is counted by the HTTP metrics).
  countReadings(ctx, caller.kind, answer);
  return answer;
}

async function planHubReadings(ctx: AppContext, hub: HubPrincipal, readings: CheckedReading[], rejections: Rejection[]): Promise<Planned[]> {
  const identifiers =
    readings.length === 1
      ? readings[0]!.deviceIdentifier === undefined
        ? []
        : [readings[0]!.deviceIdentifier]
      : [...new Set(readings.map((r) => r.deviceIdentifier).filter((x): x is string => x !== undefined))];
  const devices = identifiers.length === 0 ? new Map<string, repo.IngestDevice>() : await findHubDevices(ctx, hub, identifiers);
  const out: Planned[] = [];
  for (const r of readings) {
    if (r.deviceIdentifier === undefined) {
      rejections.push({ index: r.index, reason: 'unknown device', detail: 'deviceIdentifier: required' });
      continue;
    }
    const device = devices.get(r.deviceIdentifier);
    if (!device) {
      rejections.push({ index: r.index, reason: 'unknown device' });
      continue;
    }
    if (device.deviceType !== r.deviceType) {
      rejections.push({ index: r.index, reason: 'device type mismatch', detail: `the device is a ${device.deviceType}` });
      continue;
    }
    const patientId = device.patientId ?? hub.assignedToUserId;
    if (patientId === null) {
      rejections.push({ index: r.index, reason: 'no patient', detail: 'neither the device nor the hub is assigned to a patient' });
      continue;
    }
    const target = { patientId, hospitalId: device.hospitalId, deviceId: device.id, hubId: hub.hubId, hubKey: hub.hubId, deviceKey: device.id, enteredBy: null };
    out.push(plan(r, target, deviceThresholds(device, r.deviceType)));
  }
  return out;
}

/** A looked-up device's limits, resolved once per device object (the cached devices are shared by many readings). */
const thresholdsOfDevice = new WeakMap<repo.IngestDevice, ThresholdMap>();
function deviceThresholds(device: repo.IngestDevice, deviceType: DeviceType): ThresholdMap {
  let thresholds = thresholdsOfDevice.get(device);
  if (!thresholds) {
    thresholds = resolveThresholds(deviceType, device.officeThresholdsJson, device.deviceDefaultValuesJson).thresholds;
    thresholdsOfDevice.set(device, thresholds);
  }
  return thresholds;
}

async function planManualReadings(ctx: AppContext, scope: Scope, readings: CheckedReading[], rejections: Rejection[]): Promise<Planned[]> {
  const identifiers = [...new Set(readings.map((r) => r.deviceIdentifier).filter((x): x is string => x !== undefined))];
  const devices = new Map((await repo.findDevicesInScope(tenantDb(scope, ctx.db), identifiers)).map((d) => [d.deviceIdentifier, d]));
  const patientIds = new Set<number>();
  for (const r of readings) {
    if (r.patientId !== undefined) { patientIds.add(r.patientId); }
    const devPatient = r.deviceIdentifier !== undefined ? devices.get(r.deviceIdentifier)?.patientId : null;
    if (devPatient != null) { patientIds.add(devPatient); }
  }
  const patientOffices = await repo.findPatientOfficesInScope(tenantDb(scope, ctx.db), [...patientIds]);

  type Target = { r: CheckedReading; patientId: number; hospitalId: number; device: repo.IngestDevice | null };
  const targets: Target[] = [];
  for (const r of readings) {
    let device: repo.IngestDevice | null = null;
    if (r.deviceIdentifier !== undefined) {
      device = devices.get(r.deviceIdentifier) ?? null;
      if (!device || (r.patientId !== undefined && device.patientId !== r.patientId)) {
        rejections.push({ index: r.index, reason: 'unknown device' });
        continue;
      }
      if (device.deviceType !== r.deviceType) {
        rejections.push({ index: r.index, reason: 'device type mismatch', detail: `the device is a ${device.deviceType}` });
        continue;
      }
    }
    const patientId = r.patientId ?? device?.patientId ?? null;
    if (patientId === null) {
      rejections.push(
        device
          ? { index: r.index, reason: 'no patient', detail: 'the device is not assigned to a patient' }
          : { index: r.index, reason: 'invalid reading', detail: 'patientId' },
      );
      continue;
    }
    const office = patientOffices.get(patientId);
    if (office === undefined) {
      rejections.push({ index: r.index, reason: 'unknown patient' });
      continue;
    }
    targets.push({ r, patientId, hospitalId: device?.hospitalId ?? office, device });
  }

  const deviceless = targets.filter((t) => !t.device);
  const officeDefaults = await repo.findOfficeDefaults(
    tenantDb(scope, ctx.db),
    deviceless.map((t) => t.hospitalId),
    deviceless.map((t) => t.r.deviceType),
  );
  return targets.map(({ r, patientId, hospitalId, device }) => {
    const officeJson = device ? device.officeThresholdsJson : officeDefaults.get(`${hospitalId}|${r.deviceType}`);
    const { thresholds } = resolveThresholds(r.deviceType, officeJson, device?.deviceDefaultValuesJson);
    return plan(
      r,
      { patientId, hospitalId, deviceId: device?.id ?? null, hubId: null, hubKey: 0, deviceKey: device ? device.id : -patientId, enteredBy: scope.userId },
      thresholds,
    );
  });
}

/** Terra readings: the connection's patient and office, the office's thresholds (no device of ours carries overrides). */
async function planTerraReadings(ctx: AppContext, caller: { patientId: number; hospitalId: number; fdaCleared: boolean }, readings: CheckedReading[]): Promise<Planned[]> {
  const officeDefaults = await repo.findOfficeDefaults(
    tenantDb(systemScope, ctx.db),
    readings.map(() => caller.hospitalId),
    readings.map((r) => r.deviceType),
  );
  return readings.map((r) => {
    const { thresholds } = resolveThresholds(r.deviceType, officeDefaults.get(`${caller.hospitalId}|${r.deviceType}`), undefined);
    return plan(
      r,
      { patientId: caller.patientId, hospitalId: caller.hospitalId, deviceId: null, hubId: null, hubKey: TERRA_HUB_KEY, deviceKey: caller.patientId, enteredBy: null },
      thresholds,
      caller.fdaCleared ? 'terra-fda' : 'terra',
    );
  });
}

/**
 * Replaces the stored values of a patient's Terra readings with those of a newer copy of their day
 * (docs/integrations.md "Readings"): each reading of `body` is checked and graded like `ingest`
 * does (the catalogue's rules, the office's thresholds); a stored reading of the same identity
 * whose values differ takes the new values and severity. Readings not stored yet are left to
 * `ingest`, refused readings are left out. In one transaction that first runs `stillCurrent`
 * (the caller locks its copy there and answers whether it is still the newest; when not, nothing
 * changes). After the commit, a changed reading that is abnormal raises its alert like a new one
 * (`revision` tells it from the reading's earlier alerts). Returns the number of readings changed.
 */
export async function restateTerraReadings(
  ctx: AppContext,
  caller: { patientId: number; hospitalId: number; fdaCleared: boolean },
  body: IngestBody,
  revision: string,
  stillCurrent: (tx: Executor) => Promise<boolean>,
): Promise<number> {
  const { items } = readingsOf(body);
  const now = Date.now();
  const checked: CheckedReading[] = [];
  for (let index = 0; index < items.length; index++) {
    const outcome = checkReading(items[index], index, now);
    if (outcome.ok && !outcome.reading.simulated) { checked.push(outcome.reading); }
  }
  if (checked.length === 0) { return 0; }
  // The first reading of an identity counts, as in `ingest`.
  const keys = new Set<string>();
  const rows: repo.NewMeasurement[] = [];
  for (const p of await planTerraReadings(ctx, caller, checked)) {
    if (keys.has(p.key)) { continue; }
    keys.add(p.key);
    rows.push(p.row);
  }
  const changed = await ctx.db.transaction(async (tx) => ((await stillCurrent(tx)) ? repo.updateChangedValues(tx, rows) : []));
  const committed: CommittedReading[] = changed.map((r) => ({
    measurementId: r.id,
    patientId: r.patientId,
    hospitalId: r.hospitalId,
    deviceType: r.deviceType,
    severity: r.severity as 0 | 1 | 2,
    valuesJson: r.valuesJson,
    measuredAt: r.measuredAt,
    isSimulated: r.isSimulated,
    revision,
  }));
  if (committed.length > 0) { await raiseMeasurementAlerts(ctx, committed); }
  return changed.length;
}

function plan(
  r: CheckedReading,
  t: { patientId: number; hospitalId: number; deviceId: number | null; hubId: number | null; hubKey: number; deviceKey: number; enteredBy: number | null },
  thresholds: ThresholdMap,
  sourceOverride?: 'terra' | 'terra-fda',
): Planned {
  const manual = t.enteredBy !== null;
  const severity = severityOfReading(r.values, thresholds);
  return {
    index: r.index,
    key: identityKey(t.hubKey, t.deviceKey, r.deviceType, r.measuredAt),
    row: {
      patientId: t.patientId,
      hospitalId: t.hospitalId,
      deviceId: t.deviceId,
      hubId: t.hubId,
      hubKey: t.hubKey,
      deviceKey: t.deviceKey,
      deviceType: r.deviceType,
      measuredAt: r.measuredAt,
      measuredAtOffset: r.measuredAtOffset,
      valuesJson: r.values,
      source: sourceOverride ?? (manual ? 'manual' : r.simulated ? 'simulated' : 'hub'),
      isManual: manual,
      isSimulated: r.simulated,
      severity,
      enteredBy: t.enteredBy,
    },
  };
}
