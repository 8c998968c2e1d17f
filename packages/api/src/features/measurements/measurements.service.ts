/**
 * Measurements (README "Remote monitoring"): ingestion with exactly-once effect, the reading lists,
 * the office thresholds and the chart series. Values are stored in canonical UCUM units keyed by
 * LOINC code and answered both canonical and in the caller's display units (spec section 9).
 */
import {
  INGEST_MAX_READINGS,
  MEASUREMENTS_CSV_MAX_ROWS,
  SERIES_MAX_DAYS,
  deviceTypes,
  measurementCatalogue,
  toDisplay,
  unitLabelIn,
  unitPreferencesOf,
  type DeviceDefaults,
  type DeviceType,
  type IngestBody,
  type IngestResponse,
  type IngestResult,
  type Lang,
  type Measurement,
  type MeasurementFilterCase,
  type MeasurementPage,
  type MeasurementPageQuery,
  type MeasurementValue,
  type PatientSeries,
  type SeriesPoints,
  type UnitPreferences,
} from '@vigil/contract';
import { checkMedicalDeviceThresholds } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { systemScope, type HubPrincipal, type Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { countReadings } from '../../lib/metrics';
import { raiseMeasurementAlerts, type CommittedReading } from '../notifications/index';
import { checkReading, identityKey, type CheckedReading, type Rejection } from './ingestion';
import { findHubDevices, forgetHubDevices } from './hub-devices';
import { insertMeasurementsBatched } from './insert-batcher';
import * as reads from './measurement-reads.repo';
import * as repo from './measurements.repo';
import { resolveThresholds, severityOfReading, toDisplayThresholds, toEffective, type ThresholdMap } from './thresholds';
import { DAY_MS, localIso, rangeOf, safeTimeZone, startOfLocalDay, zonedMidnight } from './time';
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

// Shaping answers -------------------------------------------------------------------------------

const isDeviceType = (t: string): t is DeviceType => (deviceTypes as readonly string[]).includes(t);

/** Codes of a reading in catalogue order, then any others. */
function orderedCodes(deviceType: string, values: Record<string, number>): string[] {
  const known = isDeviceType(deviceType) ? measurementCatalogue[deviceType].values.map((v) => v.code).filter((c) => c in values) : [];
  return [...known, ...Object.keys(values).filter((c) => !known.includes(c))];
}

const canonicalUnits = new Map(Object.values(measurementCatalogue).flatMap((d) => d.values.map((v) => [v.code, v.unit] as const)));

/** The unit `code` is shown in for `prefs` (the canonical one unless the preferences convert it). */
const displayUnitOf = (code: string, prefs: UnitPreferences) => toDisplay(code, 0, prefs).unit;

function valuesOf(deviceType: string, values: Record<string, number>, prefs: UnitPreferences): MeasurementValue[] {
  return orderedCodes(deviceType, values).map((code) => {
    const display = toDisplay(code, values[code]!, prefs);
    return { code, value: values[code]!, unit: canonicalUnits.get(code) ?? display.unit, displayValue: display.value, displayUnit: display.unit };
  });
}

function toMeasurement(r: reads.MeasurementRow, prefs: UnitPreferences): Measurement {
  return {
    id: r.id,
    patientId: r.patientId,
    patient: { id: r.patientId, firstName: r.firstName, lastName: r.lastName },
    hospitalId: r.hospitalId,
    deviceId: r.deviceId,
    deviceIdentifier: r.deviceIdentifier,
    hubId: r.hubId,
    deviceType: r.deviceType,
    measuredAt: r.measuredAt.toISOString(),
    measuredAtOffset: r.measuredAtOffset,
    measuredAtLocal: localIso(r.measuredAt, r.measuredAtOffset),
    values: valuesOf(r.deviceType, r.valuesJson, prefs),
    severity: r.severity,
    source: r.source,
    isManual: r.isManual,
    isSimulated: r.isSimulated,
    enteredBy: r.enteredBy,
    createdAt: r.createdAt.toISOString(),
  };
}

async function callerPrefs(ctx: AppContext, scope: Scope): Promise<UnitPreferences> {
  return unitPreferencesOf(await reads.getCallerSettings(tenantDb(scope, ctx.db)));
}

async function page(ctx: AppContext, scope: Scope, f: reads.MeasurementListFilter, q: MeasurementPageQuery): Promise<MeasurementPage> {
  const [{ rows, total }, prefs] = await Promise.all([reads.findMeasurements(tenantDb(scope, ctx.db), f, q), callerPrefs(ctx, scope)]);
  return { items: rows.map((r) => toMeasurement(r, prefs)), total, page: q.page, pageSize: q.pageSize };
}

// Reading lists ---------------------------------------------------------------------------------

/**
 * `getmeasurementsforpatientsforhospital`: the office's readings measured in month `month` of
 * `year` in the office's time zone, paged (default newest first). 404 when the office is not the
 * caller's.
 */
export async function findForHospitalMonth(ctx: AppContext, scope: Scope, hospitalId: number, year: number, month: number, q: MeasurementPageQuery) {
  const office = await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  const tz = safeTimeZone(office.timeZone);
  return page(ctx, scope, { hospitalId, from: zonedMidnight(year, month, 1, tz), to: zonedMidnight(year, month + 1, 1, tz) }, q);
}

/** The start of a filter period (TODAY since local midnight in `tz`; WEEK/MONTH/THREE_MONTHS the last 7/30/90 days). */
export function periodStart(filter: MeasurementFilterCase, now: Date, tz: string): Date | undefined {
  switch (filter) {
    case 'TODAY':
      return startOfLocalDay(now, tz);
    case 'WEEK':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'MONTH':
      return new Date(now.getTime() - 30 * DAY_MS);
    case 'THREE_MONTHS':
      return new Date(now.getTime() - 90 * DAY_MS);
    case 'ALL':
      return undefined;
  }
}

async function patientByIdentifier(ctx: AppContext, scope: Scope, identifier: string) {
  const patient = await reads.findVisiblePatientByIdentifier(tenantDb(scope, ctx.db), identifier);
  if (!patient) { throw AppError.notFound(); }
  return patient;
}

/**
 * `getmeasurementsforpatientbyidentifier`: a patient's readings for a period, in the patient's
 * time zone. 404 when no visible patient has that identifier (or user id).
 */
export async function findForPatientIdentifier(ctx: AppContext, scope: Scope, identifier: string, filter: MeasurementFilterCase, q: MeasurementPageQuery) {
  const patient = await patientByIdentifier(ctx, scope, identifier);
  const from = periodStart(filter, new Date(), safeTimeZone(patient.userTimezone));
  return page(ctx, scope, { patientId: patient.id, ...(from ? { from } : {}) }, q);
}

/**
 * `getmeasurementsforpatientbyidentifiercustomdate`: a patient's readings from `start` to `end`
 * (days in the patient's time zone, both whole; or instants). 400 `enddate` when it precedes the start.
 */
export async function findForPatientIdentifierRange(ctx: AppContext, scope: Scope, identifier: string, start: string, end: string, q: MeasurementPageQuery) {
  const patient = await patientByIdentifier(ctx, scope, identifier);
  const range = rangeOf(start, end, safeTimeZone(patient.userTimezone));
  if (range.to.getTime() <= range.from.getTime()) { throw AppError.badRequest('validationFailed', { enddate: 'invalid' }); }
  return page(ctx, scope, { patientId: patient.id, from: range.from, to: range.to }, q);
}

/** A from / to pair of days or instants in `tz`; either end may be open. 400 `to` when it precedes `from`. */
function openRange(from: string | undefined, to: string | undefined, tz: string): { from?: Date; to?: Date } {
  const f = from ? rangeOf(from, from, tz).from : undefined;
  const t = to ? rangeOf(to, to, tz).to : undefined;
  if (f && t && t.getTime() <= f.getTime()) { throw AppError.badRequest('validationFailed', { to: 'invalid' }); }
  return { ...(f ? { from: f } : {}), ...(t ? { to: t } : {}) };
}

/**
 * Chosen `getmeasurementsfordevice`: one device's readings (from / to: days in the device's office
 * time zone, or instants), paged. 404 when the device is not the caller's.
 */
export async function findForDevice(ctx: AppContext, scope: Scope, deviceId: number, q: MeasurementPageQuery & { from?: string; to?: string }) {
  const device = await reads.getDeviceInScope(tenantDb(scope, ctx.db), deviceId);
  if (!device) { throw AppError.notFound(); }
  return page(ctx, scope, { deviceId, ...openRange(q.from, q.to, safeTimeZone(device.timeZone)) }, q);
}

/**
 * The CSV export of a device's readings (every reading of the range, at most 50,000 rows): one
 * row per reading with its local time (device offset), type, each value in the caller's units
 * (column titles in the caller's language), severity and the manual / simulated marks.
 */
export async function deviceCsv(ctx: AppContext, scope: Scope, deviceId: number, q: { from?: string; to?: string; sort?: string }, lang: Lang) {
  const device = await reads.getDeviceInScope(tenantDb(scope, ctx.db), deviceId);
  if (!device) { throw AppError.notFound(); }
  const [rows, prefs] = await Promise.all([
    reads.findAllMeasurements(tenantDb(scope, ctx.db), { deviceId, ...openRange(q.from, q.to, safeTimeZone(device.timeZone)) }, q.sort, MEASUREMENTS_CSV_MAX_ROWS),
    callerPrefs(ctx, scope),
  ]);
  const codes = isDeviceType(device.deviceType) ? measurementCatalogue[device.deviceType].values : [];
  const severityText = lang === 'es' ? ['normal', 'precaución', 'crítico'] : ['normal', 'caution', 'critical'];
  const yes = lang === 'es' ? 'sí' : 'yes';
  const header = [
    lang === 'es' ? 'Fecha y hora' : 'Measured at',
    lang === 'es' ? 'Tipo' : 'Type',
    ...codes.map((v) => `${v.label[lang]} (${unitLabelIn(displayUnitOf(v.code, prefs), lang)})`),
    lang === 'es' ? 'Gravedad' : 'Severity',
    'Manual',
    lang === 'es' ? 'Simulada' : 'Simulated',
  ];
  const records = rows.map((r) => [
    localIso(r.measuredAt, r.measuredAtOffset),
    r.deviceType,
    ...codes.map((v) => (r.valuesJson[v.code] === undefined ? '' : toDisplay(v.code, r.valuesJson[v.code]!, prefs).value)),
    severityText[r.severity] ?? String(r.severity),
    r.isManual ? yes : '',
    r.isSimulated ? yes : '',
  ]);
  return { header, records };
}

// Thresholds ------------------------------------------------------------------------------------

function defaultsOf(hospitalId: number, deviceType: DeviceType, stored: { json: unknown; updatedAt: Date } | undefined, prefs: UnitPreferences): DeviceDefaults {
  const def = measurementCatalogue[deviceType];
  const { thresholds, sources } = resolveThresholds(deviceType, stored?.json);
  return {
    hospitalId,
    deviceType,
    title: def.title,
    isOfficeOverride: stored !== undefined,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
    values: def.values.map((v) => ({
      code: v.code,
      label: v.label,
      unit: v.unit,
      displayUnit: displayUnitOf(v.code, prefs),
      min: v.min,
      max: v.max,
      source: sources[v.code] ?? 'catalogue',
      thresholds: toEffective(thresholds[v.code]),
      displayThresholds: toDisplayThresholds(v.code, thresholds[v.code], prefs),
    })),
  };
}

/**
 * `getdevicedefaultsforhospital`: for every device type of the catalogue, the office's effective
 * limits per value (the catalogue's, with the office's own laid over them code by code), canonical
 * and in the caller's units. 404 when the office is not the caller's.
 */
export async function getOfficeDefaults(ctx: AppContext, scope: Scope, hospitalId: number): Promise<DeviceDefaults[]> {
  if (!(await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId))) { throw AppError.notFound(); }
  const [rows, prefs] = await Promise.all([repo.findOfficeDefaultRows(tenantDb(scope, ctx.db), hospitalId), callerPrefs(ctx, scope)]);
  const stored = new Map(rows.map((r) => [r.deviceType, r]));
  return deviceTypes.map((t) => defaultsOf(hospitalId, t, stored.get(t), prefs));
}

/**
 * Chosen `updatedevicedefaultsforhospital`: replaces the office's limits of one device type
 * (`{}` removes them: the catalogue's apply). Hub readings are graded by them at once in this
 * process, in another API process within 5 s (the hub device cache, hub-devices.ts). 404 when the
 * office is not the caller's; 400 per code (`thresholds.<code>`) for a code of another type, a
 * limit outside the plausible range, or limits out of order (the same rules as a device's
 * overrides).
 */
export async function updateOfficeDefaults(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  body: { deviceType: DeviceType; thresholds: Parameters<typeof checkMedicalDeviceThresholds>[1] },
): Promise<DeviceDefaults> {
  if (!(await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId))) { throw AppError.notFound(); }
  const { value, issues } = checkMedicalDeviceThresholds(body.deviceType, body.thresholds, 'thresholds');
  if (Object.keys(issues).length > 0) { throw AppError.badRequest('validationFailed', issues); }
  await repo.saveOfficeDefaults(tenantDb(scope, ctx.db), hospitalId, body.deviceType, Object.keys(value).length === 0 ? null : value);
  forgetHubDevices(ctx); // the hub device cache holds each device's office defaults: grade the next reading by the new ones
  const all = await getOfficeDefaults(ctx, scope, hospitalId);
  return all.find((d) => d.deviceType === body.deviceType)!;
}

// Chart series ----------------------------------------------------------------------------------

/**
 * The chart points of one device type as columns (`SeriesPoints`): ids, instants, offsets and
 * flags copied, each of the type's values (`codes`, LOINC) in the display units of `prefs`, null
 * where a reading lacks it. `readings` are in time order.
 */
function seriesPointsOf(readings: readonly reads.SeriesReading[], codes: readonly string[], prefs: UnitPreferences): SeriesPoints {
  const n = readings.length;
  const points: SeriesPoints = {
    id: new Array<number>(n),
    measuredAt: new Array<string>(n),
    measuredAtOffset: new Array<string>(n),
    display: {},
    severity: new Array<number>(n),
    isManual: new Array<boolean>(n),
    isSimulated: new Array<boolean>(n),
  };
  const columns = codes.map((code) => {
    const column = new Array<number | null>(n);
    points.display[code] = column;
    return column;
  });
  for (let i = 0; i < n; i++) {
    const [id, measuredAt, measuredAtOffset, , values, severity, isManual, isSimulated] = readings[i]!;
    points.id[i] = id;
    points.measuredAt[i] = measuredAt;
    points.measuredAtOffset[i] = measuredAtOffset;
    points.severity[i] = severity;
    points.isManual[i] = isManual;
    points.isSimulated[i] = isSimulated;
    for (let c = 0; c < codes.length; c++) {
      const canonical = values[codes[c]!];
      columns[c]![i] = typeof canonical === 'number' ? toDisplay(codes[c]!, canonical, prefs).value : null;
    }
  }
  return points;
}

/** The range of a series request in time zone `tz` (an open end: up to `now`; no start: 30 days before the end), unchecked. */
function seriesBounds(q: { from?: string; to?: string }, tz: string, now: Date): { from: number; to: number } {
  const to = q.to ? rangeOf(q.to, q.to, tz).to.getTime() : now.getTime() + 1;
  const from = q.from ? rangeOf(q.from, q.from, tz).from.getTime() : to - 30 * DAY_MS;
  return { from, to };
}

/** Longest range a series request may cover (SERIES_MAX_DAYS, and a daylight-saving change). */
const SERIES_MAX_MS = SERIES_MAX_DAYS * DAY_MS + 2 * 3_600_000;
/** How far a day's start in any time zone (UTC-12 to UTC+14) lies from its start in UTC, at most. */
const ZONE_SPAN_MS = 14 * 3_600_000;

/**
 * Chosen `getpatientseries`: the patient's readings from `from` to `to` (days in the patient's
 * time zone or instants; default the last 30 days; at most 400 days) grouped by device type, each
 * type with its value units and the thresholds in effect (the catalogue's, the office's, the
 * patient's device's), the points as columns in the caller's display units. Types with readings in
 * the range or an active device of the patient are listed, in catalogue order. One statement
 * (reads.findSeries): as the patient's time zone comes with it, it reads the range as it would be in
 * any time zone, and the readings outside the patient's own range are left out here. 404 when the
 * patient is not visible; 400 `to` for a reversed or too long range.
 */
export async function getPatientSeries(ctx: AppContext, scope: Scope, patientId: number, q: { from?: string; to?: string }): Promise<PatientSeries> {
  const now = new Date();
  const invalid = () => AppError.badRequest('validationFailed', { to: 'invalid' });
  const wide = seriesBounds(q, 'UTC', now);
  wide.from -= ZONE_SPAN_MS;
  wide.to += ZONE_SPAN_MS;
  // Reversed or too long in every time zone: refused before reading anything.
  if (wide.to <= wide.from || wide.to - wide.from > SERIES_MAX_MS + 4 * ZONE_SPAN_MS) { throw invalid(); }
  const found = await reads.findSeries(tenantDb(scope, ctx.db), patientId, new Date(wide.from), new Date(wide.to));
  if (!found) { throw AppError.notFound(); }
  const range = seriesBounds(q, safeTimeZone(found.userTimezone), now);
  if (range.to <= range.from || range.to - range.from > SERIES_MAX_MS) { throw invalid(); }
  const from = new Date(range.from).toISOString();
  const to = new Date(range.to).toISOString();
  // ISO 8601 UTC instants of one format compare as strings.
  const readings = found.readings.filter((r) => r[1] >= from && r[1] < to);
  const { devices, offices, officeDefaults } = found;
  const prefs = unitPreferencesOf(found.callerSettings);
  const present = new Set<string>([...readings.map((r) => r[3]), ...devices.map((d) => d.deviceType)]);
  const types = deviceTypes.filter((t) => present.has(t));
  // Thresholds: the type's newest device of the patient (its office and overrides), else the patient's first office.
  const deviceOfType = new Map<string, (typeof devices)[number]>();
  for (const d of devices) { if (!deviceOfType.has(d.deviceType)) { deviceOfType.set(d.deviceType, d); } }
  const officeOf = (t: string) => deviceOfType.get(t)?.hospitalId ?? offices[0];

  const byType = new Map<string, typeof readings>();
  for (const r of readings) {
    const list = byType.get(r[3]);
    if (list) { list.push(r); }
    else { byType.set(r[3], [r]); }
  }

  return {
    patientId,
    from,
    to,
    series: types.map((t) => {
      const def = measurementCatalogue[t];
      const office = officeOf(t);
      const { thresholds } = resolveThresholds(t, office === undefined ? undefined : officeDefaults.get(`${office}|${t}`), deviceOfType.get(t)?.json);
      const codes = def.values.map((v) => v.code);
      return {
        deviceType: t,
        title: def.title,
        values: def.values.map((v) => ({ code: v.code, label: v.label, unit: v.unit, displayUnit: displayUnitOf(v.code, prefs) })),
        thresholds: Object.fromEntries(codes.map((c) => [c, toEffective(thresholds[c])])),
        displayThresholds: Object.fromEntries(codes.map((c) => [c, toDisplayThresholds(c, thresholds[c], prefs)])),
        points: seriesPointsOf(byType.get(t) ?? [], codes, prefs),
      };
    }),
  };
}
