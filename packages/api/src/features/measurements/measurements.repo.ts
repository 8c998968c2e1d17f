/**
 * Database access of measurements' writes: ingestion, office defaults and the manual readings
 * other features keep (the reading lists, the caller's settings and the chart series are
 * measurement-reads.repo.ts's).
 * Staff functions take the caller's `scope` first and apply the tenant filter of db/scope.ts: a
 * reading belongs to its office (`hospital_id`), and a patient sees only their own. Ingestion by
 * a hub takes the hub principal first instead: a hub reaches only its own devices and the devices
 * of its office assigned to its patient.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { hospitalDeviceDefaults, measurements, medicalDevices, userHospitals, users } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter, patientRowFilter, userFilter, type HubPrincipal, type Scope } from '../../db/scope';
import { isUniqueViolation } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

/** The tenant filter of a reading (`patientRowFilter`): its office is one of the caller's; a patient sees only their own. */
export function measurementFilter(scope: Scope): SQL {
  return patientRowFilter(scope, measurements.hospitalId, measurements.patientId);
}

/** The tenant filter of a device row (`patientRowFilter`, the same rule as the devices feature's). */
export function deviceFilter(scope: Scope): SQL {
  return patientRowFilter(scope, medicalDevices.hospitalId, medicalDevices.patientId);
}

// Ingestion -------------------------------------------------------------------------------------

/** A device as ingestion needs it, with its office's stored defaults for the device's type. */
export interface IngestDevice {
  id: number;
  deviceIdentifier: string;
  deviceType: string;
  hospitalId: number;
  hubId: number | null;
  patientId: number | null;
  deviceDefaultValuesJson: unknown;
  officeThresholdsJson: unknown;
}

const ingestDeviceColumns = {
  id: medicalDevices.id,
  deviceIdentifier: medicalDevices.deviceIdentifier,
  deviceType: medicalDevices.deviceType,
  hospitalId: medicalDevices.hospitalId,
  hubId: medicalDevices.hubId,
  patientId: medicalDevices.patientId,
  deviceDefaultValuesJson: medicalDevices.deviceDefaultValuesJson,
  officeThresholdsJson: hospitalDeviceDefaults.thresholdsJson,
};

/**
 * Of `identifiers`, the active devices the hub may post for: devices of that hub, and devices of
 * the hub's office assigned to the hub's patient. One query, with the office defaults joined.
 */
export async function findDevicesForHub(hub: HubPrincipal, db: Executor, identifiers: string[]): Promise<IngestDevice[]> {
  if (identifiers.length === 0) { return []; }
  const ofPatient =
    hub.assignedToUserId === null ? undefined : and(eq(medicalDevices.hospitalId, hub.hospitalId), eq(medicalDevices.patientId, hub.assignedToUserId));
  return db
    .select(ingestDeviceColumns)
    .from(medicalDevices)
    .leftJoin(
      hospitalDeviceDefaults,
      and(eq(hospitalDeviceDefaults.hospitalId, medicalDevices.hospitalId), eq(hospitalDeviceDefaults.deviceType, medicalDevices.deviceType)),
    )
    .where(and(inArray(medicalDevices.deviceIdentifier, identifiers), eq(medicalDevices.status, 1), or(eq(medicalDevices.hubId, hub.hubId), ofPatient)));
}

/** Of `identifiers`, the active devices of the caller's offices (manual readings), with office defaults. */
export async function findDevicesInScope(tenant: TenantDb, identifiers: string[]): Promise<IngestDevice[]> {
  const { scope, db } = tenant;
  if (identifiers.length === 0) { return []; }
  return db
    .select(ingestDeviceColumns)
    .from(medicalDevices)
    .leftJoin(
      hospitalDeviceDefaults,
      and(eq(hospitalDeviceDefaults.hospitalId, medicalDevices.hospitalId), eq(hospitalDeviceDefaults.deviceType, medicalDevices.deviceType)),
    )
    .where(and(inArray(medicalDevices.deviceIdentifier, identifiers), eq(medicalDevices.status, 1), deviceFilter(scope)));
}

/**
 * Of `patientIds`, the patients the caller may see, each with the first of their offices that is
 * one of the caller's (lowest id): the office a manual reading without a device belongs to.
 */
export async function findPatientOfficesInScope(tenant: TenantDb, patientIds: number[]): Promise<Map<number, number>> {
  const { scope, db } = tenant;
  if (patientIds.length === 0) { return new Map(); }
  const rows = await db
    .select({ patientId: users.id, hospitalId: sql<number>`min(${userHospitals.hospitalId})`.mapWith(Number) })
    .from(users)
    .innerJoin(userHospitals, eq(userHospitals.userId, users.id))
    .where(and(inArray(users.id, patientIds), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id), officeFilter(scope, userHospitals.hospitalId)))
    .groupBy(users.id);
  return new Map(rows.map((r) => [r.patientId, r.hospitalId]));
}

/** The stored office defaults of (office, device type) pairs: key `${hospitalId}|${deviceType}`. */
export async function findOfficeDefaults(tenant: TenantDb, hospitalIds: number[], deviceTypes: string[]): Promise<Map<string, unknown>> {
  const { scope, db } = tenant;
  if (hospitalIds.length === 0 || deviceTypes.length === 0) { return new Map(); }
  const rows = await db
    .select({ hospitalId: hospitalDeviceDefaults.hospitalId, deviceType: hospitalDeviceDefaults.deviceType, json: hospitalDeviceDefaults.thresholdsJson })
    .from(hospitalDeviceDefaults)
    .where(
      and(
        inArray(hospitalDeviceDefaults.hospitalId, [...new Set(hospitalIds)]),
        inArray(hospitalDeviceDefaults.deviceType, [...new Set(deviceTypes)]),
        officeFilter(scope, hospitalDeviceDefaults.hospitalId),
      ),
    );
  return new Map(rows.map((r) => [`${r.hospitalId}|${r.deviceType}`, r.json]));
}

export type NewMeasurement = typeof measurements.$inferInsert;

/** The row a reading's identity names: id and severity (what a repeat is answered with). */
export interface StoredIdentity {
  id: number;
  hubKey: number;
  deviceKey: number;
  deviceType: string;
  measuredAt: Date;
  severity: number;
}

const identityColumns = {
  id: measurements.id,
  hubKey: measurements.hubKey,
  deviceKey: measurements.deviceKey,
  deviceType: measurements.deviceType,
  measuredAt: measurements.measuredAt,
  severity: measurements.severity,
};

/** One array parameter of the INSERT below (sent whole as one bound value). */
const arrayParam = (values: unknown[]) => sql.param(values);

/**
 * Inserts readings in one statement; a reading whose identity (or external reference) is already
 * stored is left alone (ON CONFLICT DO NOTHING). Returns the rows actually inserted. `tx` runs the
 * statement: ingestion's batcher passes the database itself (autocommit: one statement, one
 * commit, insert-batcher.ts); the rows were built from devices and patients already checked
 * against their callers (hub or scope).
 *
 * The rows travel as one array per column through `unnest` (a fixed 16 parameters whatever the
 * batch size), which costs far less to build than a many-row VALUES list. Omitted columns take the
 * table's defaults as before; `created_at` is the statement's `now()`.
 */
export async function insertMeasurements(tx: Executor, rows: NewMeasurement[]): Promise<StoredIdentity[]> {
  if (rows.length === 0) { return []; }
  const n = rows.length;
  const patientId = new Array<number>(n);
  const hospitalId = new Array<number>(n);
  const deviceId = new Array<number | null>(n);
  const hubId = new Array<number | null>(n);
  const hubKey = new Array<number>(n);
  const deviceKey = new Array<number>(n);
  const deviceType = new Array<string>(n);
  const measuredAt = new Array<string>(n);
  const measuredAtOffset = new Array<string>(n);
  const valuesJson = new Array<string>(n);
  const source = new Array<string>(n);
  const isManual = new Array<boolean>(n);
  const isSimulated = new Array<boolean>(n);
  const severity = new Array<number>(n);
  const enteredBy = new Array<number | null>(n);
  const externalRef = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    patientId[i] = r.patientId;
    hospitalId[i] = r.hospitalId;
    deviceId[i] = r.deviceId ?? null;
    hubId[i] = r.hubId ?? null;
    hubKey[i] = r.hubKey ?? 0;
    deviceKey[i] = r.deviceKey ?? 0;
    deviceType[i] = r.deviceType;
    measuredAt[i] = r.measuredAt.toISOString();
    measuredAtOffset[i] = r.measuredAtOffset ?? '+00:00';
    valuesJson[i] = JSON.stringify(r.valuesJson);
    source[i] = r.source ?? 'hub';
    isManual[i] = r.isManual ?? false;
    isSimulated[i] = r.isSimulated ?? false;
    severity[i] = r.severity ?? 0;
    enteredBy[i] = r.enteredBy ?? null;
    externalRef[i] = r.externalRef ?? null;
  }
  const result = await tx.execute(sql`
    insert into measurements (patient_id, hospital_id, device_id, hub_id, hub_key, device_key, device_type, measured_at,
      measured_at_offset, values_json, source, is_manual, is_simulated, severity, entered_by, external_ref)
    select * from unnest(${arrayParam(patientId)}::int[], ${arrayParam(hospitalId)}::int[], ${arrayParam(deviceId)}::int[], ${arrayParam(hubId)}::int[],
      ${arrayParam(hubKey)}::int[], ${arrayParam(deviceKey)}::int[], ${arrayParam(deviceType)}::text[], ${arrayParam(measuredAt)}::timestamptz[],
      ${arrayParam(measuredAtOffset)}::text[], ${arrayParam(valuesJson)}::jsonb[], ${arrayParam(source)}::text[], ${arrayParam(isManual)}::boolean[],
      ${arrayParam(isSimulated)}::boolean[], ${arrayParam(severity)}::smallint[], ${arrayParam(enteredBy)}::int[], ${arrayParam(externalRef)}::text[])
    on conflict do nothing
    returning id::float8 as id, hub_key as "hubKey", device_key as "deviceKey", device_type as "deviceType",
      (extract(epoch from measured_at) * 1000)::float8 as "measuredAtMs", severity::int as severity`);
  const inserted = (result as unknown as { rows: { id: number; hubKey: number; deviceKey: number; deviceType: string; measuredAtMs: number; severity: number }[] }).rows;
  return inserted.map((r) => ({
    id: Number(r.id),
    hubKey: Number(r.hubKey),
    deviceKey: Number(r.deviceKey),
    deviceType: r.deviceType,
    measuredAt: new Date(Number(r.measuredAtMs)),
    severity: Number(r.severity),
  }));
}

/** The stored rows of identities (hub key, device key, type, measured-at): the originals of repeats. */
export async function findByIdentities(
  tx: Executor,
  identities: { hubKey: number; deviceKey: number; deviceType: string; measuredAt: Date }[],
): Promise<StoredIdentity[]> {
  if (identities.length === 0) { return []; }
  const tuples = identities.map((i) => sql`(${i.hubKey}::int, ${i.deviceKey}::int, ${i.deviceType}::text, ${i.measuredAt.toISOString()}::timestamptz)`);
  return tx
    .select(identityColumns)
    .from(measurements)
    .where(sql`(${measurements.hubKey}, ${measurements.deviceKey}, ${measurements.deviceType}, ${measurements.measuredAt}) in (${sql.join(tuples, sql`, `)})`);
}

/** A reading whose stored values were replaced (`updateChangedValues`), as the alert hook takes it. */
export interface RestatedReading {
  id: number;
  patientId: number;
  hospitalId: number;
  deviceType: string;
  severity: number;
  valuesJson: Record<string, number>;
  measuredAt: Date;
  isSimulated: boolean;
}

/**
 * Replaces the values and severity of the stored readings of `rows`' identities (hub key, device
 * key, type, measured-at) whose values differ; identities not stored and readings with the same
 * values are left alone. Returns the rows it changed. Runs in `tx` (the caller holds the lock that
 * makes its copy the current one, docs/integrations.md "Readings"); the chart point follows by its
 * trigger.
 */
export async function updateChangedValues(tx: Executor, rows: NewMeasurement[]): Promise<RestatedReading[]> {
  if (rows.length === 0) { return []; }
  const hubKey = rows.map((r) => r.hubKey ?? 0);
  const deviceKey = rows.map((r) => r.deviceKey ?? 0);
  const deviceType = rows.map((r) => r.deviceType);
  const measuredAt = rows.map((r) => r.measuredAt.toISOString());
  const valuesJson = rows.map((r) => JSON.stringify(r.valuesJson));
  const severity = rows.map((r) => r.severity ?? 0);
  const result = await tx.execute(sql`
    update measurements m set values_json = v.values_json, severity = v.severity
    from unnest(${arrayParam(hubKey)}::int[], ${arrayParam(deviceKey)}::int[], ${arrayParam(deviceType)}::text[], ${arrayParam(measuredAt)}::timestamptz[],
      ${arrayParam(valuesJson)}::jsonb[], ${arrayParam(severity)}::smallint[]) as v(hub_key, device_key, device_type, measured_at, values_json, severity)
    where m.hub_key = v.hub_key and m.device_key = v.device_key and m.device_type = v.device_type and m.measured_at = v.measured_at
      and m.values_json is distinct from v.values_json
    returning m.id::float8 as id, m.patient_id as "patientId", m.hospital_id as "hospitalId", m.device_type as "deviceType", m.severity::int as severity,
      m.values_json as "valuesJson", (extract(epoch from m.measured_at) * 1000)::float8 as "measuredAtMs", m.is_simulated as "isSimulated"`);
  const changed = (result as unknown as { rows: (Omit<RestatedReading, 'measuredAt'> & { measuredAtMs: number })[] }).rows;
  return changed.map(({ measuredAtMs, ...r }) => ({ ...r, id: Number(r.id), severity: Number(r.severity), measuredAt: new Date(Number(measuredAtMs)) }));
}

// Office defaults -------------------------------------------------------------------------------

/** The office's stored defaults, one row per device type that has them. */
export async function findOfficeDefaultRows(tenant: TenantDb, hospitalId: number) {
  const { scope, db } = tenant;
  return db
    .select({ deviceType: hospitalDeviceDefaults.deviceType, json: hospitalDeviceDefaults.thresholdsJson, updatedAt: hospitalDeviceDefaults.updatedAt })
    .from(hospitalDeviceDefaults)
    .where(and(eq(hospitalDeviceDefaults.hospitalId, hospitalId), officeFilter(scope, hospitalDeviceDefaults.hospitalId)));
}

/** Sets (or, with null, removes) the office's defaults of one device type. */
export async function saveOfficeDefaults(
  tenant: TenantDb,
  hospitalId: number,
  deviceType: string,
  thresholds: Record<string, unknown> | null,
): Promise<void> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, hospitalId);
  const where = and(eq(hospitalDeviceDefaults.hospitalId, hospitalId), eq(hospitalDeviceDefaults.deviceType, deviceType));
  if (thresholds === null) {
    await db.delete(hospitalDeviceDefaults).where(where);
    return;
  }
  await db
    .insert(hospitalDeviceDefaults)
    .values({ hospitalId, deviceType, thresholdsJson: thresholds, updatedBy: scope.userId, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [hospitalDeviceDefaults.hospitalId, hospitalDeviceDefaults.deviceType],
      set: { thresholdsJson: thresholds, updatedBy: scope.userId, updatedAt: new Date() },
    });
}


// Manual readings written for other features (manual-readings.ts) ------------------------------

const manualReadingOf = (scope: Scope, id: number, patientId: number) =>
  and(eq(measurements.id, id), eq(measurements.patientId, patientId), eq(measurements.isManual, true), officeFilter(scope, measurements.hospitalId));

/** Values, instant and severity of manual reading `id` of `patientId` in the caller's offices; null otherwise. */
export async function getManualReading(tenant: TenantDb, id: number, patientId: number): Promise<{ valuesJson: Record<string, number>; measuredAt: Date; severity: number } | null> {
  const { scope, db: tx } = tenant;
  const [row] = await tx
    .select({ valuesJson: measurements.valuesJson, measuredAt: measurements.measuredAt, severity: measurements.severity })
    .from(measurements)
    .where(manualReadingOf(scope, id, patientId))
    .limit(1);
  return row ?? null;
}

/** Replaces manual reading `id` of `patientId` in the caller's offices: 'taken' when the new identity is another reading's, 'missing' when there is no such reading. */
export async function updateManualReading(
  tenant: TenantDb,
  id: number,
  patientId: number,
  v: { deviceType: string; measuredAt: Date; measuredAtOffset: string; valuesJson: Record<string, number>; severity: number },
): Promise<'updated' | 'taken' | 'missing'> {
  const { scope, db: tx } = tenant;
  try {
    const rows = await tx.update(measurements).set(v).where(manualReadingOf(scope, id, patientId)).returning({ id: measurements.id });
    return rows.length > 0 ? 'updated' : 'missing';
  } catch (e) {
    if (isUniqueViolation(e) || String((e as Error).message).includes('measurements_identity_uq')) { return 'taken'; }
    throw e;
  }
}

/** Deletes manual reading `id` of `patientId` in the caller's offices. */
export async function deleteManualReading(tenant: TenantDb, id: number, patientId: number): Promise<void> {
  const { scope, db: tx } = tenant;
  await tx.delete(measurements).where(manualReadingOf(scope, id, patientId));
}
