/**
 * Measurements' reads for the staff screens: the caller's unit settings, a patient by identifier,
 * a device in scope, the reading lists (paged, sorted, searched; the CSV export's rows), the chart
 * series and a patient's offices. Each applies the tenant filter of db/scope.ts (a reading
 * belongs to its office; a patient sees only their own).
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { compiledOnce } from '../../db/compiled';
import { hospitalDeviceDefaults, hospitals, measurements, medicalDevices, patientMetadata, userHospitals, users } from '../../db/schema/index';
import { officeFilter, userFilter, type Scope } from '../../db/scope';
import { getVisiblePatient } from '../../db/visible';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';
import { deviceFilter, measurementFilter } from './measurements.repo';

/** The caller's `userSettingsJson` (unit preferences live there). */
export async function getCallerSettings(tenant: TenantDb): Promise<unknown> {
  const { scope, db } = tenant;
  const [row] = await db.select({ s: users.userSettingsJson }).from(users).where(eq(users.id, scope.userId)).limit(1);
  return row?.s ?? {};
}

/**
 * A patient the caller may see named by `patient_metadata.patientIdentifier`, else (when the text
 * is a number) by user id; null when neither is visible. An identifier shared by several visible
 * patients names none (null): a list must never mix two people.
 */
export async function findVisiblePatientByIdentifier(tenant: TenantDb, identifier: string) {
  const { scope, db } = tenant;
  const byIdentifier = await db
    .select({ id: users.id, userTimezone: users.userTimezone })
    .from(patientMetadata)
    .innerJoin(users, eq(users.id, patientMetadata.userId))
    .where(and(eq(patientMetadata.patientIdentifier, identifier), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)))
    .limit(2);
  if (byIdentifier.length === 1) { return byIdentifier[0]!; }
  if (byIdentifier.length > 1) { return null; }
  if (!/^\d{1,9}$/.test(identifier)) { return null; }
  return getVisiblePatient(tenantDb(scope, db), Number(identifier));
}

/** A device of the caller's offices (a patient: their own), with its office's time zone, or null. */
export async function getDeviceInScope(tenant: TenantDb, deviceId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: medicalDevices.id, deviceType: medicalDevices.deviceType, hospitalId: medicalDevices.hospitalId, timeZone: hospitals.timeZone })
    .from(medicalDevices)
    .innerJoin(hospitals, eq(hospitals.id, medicalDevices.hospitalId))
    .where(and(eq(medicalDevices.id, deviceId), deviceFilter(scope)))
    .limit(1);
  return row ?? null;
}

/** What a reading list may be narrowed to (all optional, combined with AND). */
export interface MeasurementListFilter {
  hospitalId?: number;
  patientId?: number;
  deviceId?: number;
  from?: Date;
  to?: Date;
}

const listColumns = {
  id: measurements.id,
  patientId: measurements.patientId,
  firstName: users.firstName,
  lastName: users.lastName,
  hospitalId: measurements.hospitalId,
  deviceId: measurements.deviceId,
  deviceIdentifier: medicalDevices.deviceIdentifier,
  hubId: measurements.hubId,
  deviceType: measurements.deviceType,
  measuredAt: measurements.measuredAt,
  measuredAtOffset: measurements.measuredAtOffset,
  valuesJson: measurements.valuesJson,
  severity: measurements.severity,
  source: measurements.source,
  isManual: measurements.isManual,
  isSimulated: measurements.isSimulated,
  enteredBy: measurements.enteredBy,
  createdAt: measurements.createdAt,
};
/** A reading as lists read it, with the patient's name and the device's identifier. */
export interface MeasurementRow {
  id: number;
  patientId: number;
  firstName: string;
  lastName: string;
  hospitalId: number;
  deviceId: number | null;
  deviceIdentifier: string | null;
  hubId: number | null;
  deviceType: string;
  measuredAt: Date;
  measuredAtOffset: string;
  valuesJson: Record<string, number>;
  severity: number;
  source: string;
  isManual: boolean;
  isSimulated: boolean;
  enteredBy: number | null;
  createdAt: Date;
}

function listWhere(scope: Scope, f: MeasurementListFilter, search?: string): SQL {
  const term = search?.trim();
  return and(
    measurementFilter(scope),
    f.hospitalId !== undefined ? eq(measurements.hospitalId, f.hospitalId) : undefined,
    f.patientId !== undefined ? eq(measurements.patientId, f.patientId) : undefined,
    f.deviceId !== undefined ? eq(measurements.deviceId, f.deviceId) : undefined,
    f.from ? gte(measurements.measuredAt, f.from) : undefined,
    f.to ? lt(measurements.measuredAt, f.to) : undefined,
    term ? sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${'%' + escapeLike(term) + '%'}` : undefined,
  )!;
}

function orderOf(sort: string | undefined): SQL[] {
  switch (sort) {
    case 'measuredAt':
      return [asc(measurements.measuredAt), asc(measurements.id)];
    case 'severity':
      return [asc(measurements.severity), desc(measurements.measuredAt), desc(measurements.id)];
    case '-severity':
      return [desc(measurements.severity), desc(measurements.measuredAt), desc(measurements.id)];
    case 'patientName':
      return [asc(users.lastName), asc(users.firstName), desc(measurements.measuredAt), desc(measurements.id)];
    case '-patientName':
      return [desc(users.lastName), desc(users.firstName), desc(measurements.measuredAt), desc(measurements.id)];
    default:
      return [desc(measurements.measuredAt), desc(measurements.id)];
  }
}

/**
 * A page of readings in the caller's scope narrowed by `f`, sorted (default newest first) and
 * searched by patient name in SQL, with the total.
 */
export async function findMeasurements(
  tenant: TenantDb,
  f: MeasurementListFilter,
  q: { page: number; pageSize: number; sort?: string; search?: string },
): Promise<{ rows: MeasurementRow[]; total: number }> {
  const { scope, db } = tenant;
  const where = listWhere(scope, f, q.search);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(listColumns)
      .from(measurements)
      .innerJoin(users, eq(users.id, measurements.patientId))
      .leftJoin(medicalDevices, eq(medicalDevices.id, measurements.deviceId))
      .where(where)
      .orderBy(...orderOf(q.sort))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(measurements).innerJoin(users, eq(users.id, measurements.patientId)).where(where),
  ]);
  return { rows: rows as MeasurementRow[], total: totalRow?.n ?? 0 };
}

/** Every reading of a device in the range (CSV export), at most `limit`, in the list's order. */
export async function findAllMeasurements(tenant: TenantDb, f: MeasurementListFilter, sort: string | undefined, limit: number): Promise<MeasurementRow[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select(listColumns)
    .from(measurements)
    .innerJoin(users, eq(users.id, measurements.patientId))
    .leftJoin(medicalDevices, eq(medicalDevices.id, measurements.deviceId))
    .where(listWhere(scope, f))
    .orderBy(...orderOf(sort))
    .limit(limit);
  return rows as MeasurementRow[];
}

/** What a patient's chart series needs besides the readings (see `findSeries`). */
export interface SeriesContext {
  userTimezone: string;
  /** The caller's `userSettingsJson` (unit preferences). */
  callerSettings: unknown;
  /** The patient's active devices in scope, newest first, with their threshold overrides. */
  devices: { id: number; deviceType: string; hospitalId: number; json: unknown }[];
  /** The patient's offices the caller sees, lowest id first. */
  offices: number[];
  /** Stored office defaults of the patient's and the devices' offices: key `${hospitalId}|${deviceType}`. */
  officeDefaults: Map<string, unknown>;
}

const seriesContext = compiledOnce('seriesContext', (db, scope, name) => {
  const patientId = sql.placeholder('patientId');
  const ownOffices = officeFilter(scope, userHospitals.hospitalId);
  const ownDefaults = officeFilter(scope, hospitalDeviceDefaults.hospitalId);
  return db
    .select({
      userTimezone: users.userTimezone,
      callerSettings: sql<unknown>`(select caller.user_settings_json from users caller where caller.id = ${scope.userId})`,
      devices: sql<SeriesContext['devices']>`coalesce((
        select json_agg(json_build_object('id', ${medicalDevices.id}, 'deviceType', ${medicalDevices.deviceType}, 'hospitalId', ${medicalDevices.hospitalId},
                                          'json', ${medicalDevices.deviceDefaultValuesJson}) order by ${medicalDevices.id} desc)
        from ${medicalDevices}
        where ${medicalDevices.patientId} = ${patientId} and ${medicalDevices.status} = 1 and ${deviceFilter(scope)}
      ), '[]'::json)`,
      offices: sql<number[]>`coalesce((
        select json_agg(${userHospitals.hospitalId} order by ${userHospitals.hospitalId})
        from ${userHospitals}
        where ${userHospitals.userId} = ${patientId} and ${ownOffices}
      ), '[]'::json)`,
      officeDefaults: sql<{ hospitalId: number; deviceType: string; json: unknown }[]>`coalesce((
        select json_agg(json_build_object('hospitalId', ${hospitalDeviceDefaults.hospitalId}, 'deviceType', ${hospitalDeviceDefaults.deviceType}, 'json', ${hospitalDeviceDefaults.thresholdsJson}))
        from ${hospitalDeviceDefaults}
        where ${hospitalDeviceDefaults.hospitalId} in (select uh.hospital_id from user_hospitals uh where uh.user_id = ${patientId}
                                                       union select md.hospital_id from medical_devices md where md.patient_id = ${patientId})
          and ${ownDefaults}
      ), '[]'::json)`,
      // The readings of [from, to) (see `findSeries`); the only table of this subquery names its columns.
      readings: sql<string>`(
        select '[' || coalesce(string_agg(${measurements.chartPoint}, ',' order by ${measurements.measuredAt}, ${measurements.id}), '') || ']'
        from ${measurements}
        where ${measurements.patientId} = ${patientId} and ${measurements.measuredAt} >= ${sql.placeholder('from')}::timestamptz
          and ${measurements.measuredAt} < ${sql.placeholder('to')}::timestamptz and ${measurementFilter(scope)})`,
    })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)))
    .prepare(name);
});

/**
 * A reading of a chart series as PostgreSQL hands it over (kept as the tuple: no object per
 * reading): the instant in ISO 8601 UTC with milliseconds (as Date#toISOString writes it), the
 * device's UTC offset, the device type, the canonical values by LOINC code, severity and flags.
 */
export type SeriesReading = [
  id: number,
  measuredAt: string,
  measuredAtOffset: string,
  deviceType: string,
  values: Record<string, number>,
  severity: number,
  isManual: boolean,
  isSimulated: boolean,
];

/**
 * In ONE statement (one round trip instead of six): the patient visible to the caller (role 5,
 * `userFilter`) with their time zone, the caller's settings, the patient's active devices
 * (`deviceFilter`), offices (`officeFilter`; a patient: their own offices), the stored office
 * defaults of those offices and of the devices' offices, and the patient's readings in [from, to)
 * in time order (`measurementFilter`, on the (patient_id, measured_at) index). The same tenant
 * filters as `getVisiblePatient`, `findPatientDevices`, `findPatientOffices` and
 * `findOfficeDefaultsForPatient`. The readings come as ONE JSON array joined from the readings'
 * stored chart points (`measurements.chart_point`: [id, ISO 8601 UTC instant, offset, type,
 * values, severity, manual, simulated]), parsed by V8's native JSON.parse, rather than as
 * hundreds of rows that the driver parses field by field in JavaScript. Null when the patient is
 * not visible.
 */
export async function findSeries(tenant: TenantDb, patientId: number, from: Date, to: Date): Promise<(SeriesContext & { readings: SeriesReading[] }) | null> {
  const { scope, db } = tenant;
  const [row] = await seriesContext(scope, db, { patientId, from: from.toISOString(), to: to.toISOString() });
  if (!row) { return null; }
  const readings = JSON.parse(row.readings) as SeriesReading[];
  return {
    userTimezone: row.userTimezone,
    callerSettings: row.callerSettings ?? {},
    devices: row.devices,
    offices: row.offices,
    officeDefaults: new Map(row.officeDefaults.map((d) => [`${d.hospitalId}|${d.deviceType}`, d.json])),
    readings,
  };
}

/** The patient's offices that the caller sees (a patient: their own offices), lowest id first. */
export async function findPatientOffices(tenant: TenantDb, patientId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: userHospitals.hospitalId })
    .from(userHospitals)
    .where(and(eq(userHospitals.userId, patientId), officeFilter(scope, userHospitals.hospitalId)))
    .orderBy(asc(userHospitals.hospitalId));
  return rows.map((r) => r.id);
}

