import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  Role,
  measurementCatalogue,
  type DeviceType,
  type MedicalDevice,
  type MedicalDevicePageQuery,
  type MedicalDeviceTemplate,
  type TabletInfo,
  type TabletInfoPageQuery,
} from '@vigil/contract';
import type { Executor } from '../../db/client';
import {
  hospitals,
  hubs,
  measurements,
  medicalDeviceTemplates,
  medicalDevices,
  tabletInfos,
  treatmentPlanDevices,
  treatmentPlanPatients,
  treatmentPlans,
  userHospitals,
  users,
} from '../../db/schema/index';
import { compiledOnce } from '../../db/compiled';
import { assertOfficeInScope, officeFilter, patientRowFilter, userFilter, type Scope } from '../../db/scope';
import { likeTerm, pageOffset } from '../../db/query-helpers';
import type { CatalogueDb, TenantDb } from '../../db/handles';
import { tenantDb } from '../../db/handles';

/** Most devices one patient's list returns (a patient has a handful; the bound keeps the answer small). */
export const PATIENT_DEVICES_LIMIT = 200;
/** Most templates one template list returns (reference data: tens of models). */
const TEMPLATES_LIMIT = 500;

/**
 * The tenant filter of a device row: its office is one of the caller's, and a patient caller sees
 * only the devices assigned to them.
 */
export function deviceFilter(scope: Scope): SQL {
  return patientRowFilter(scope, medicalDevices.hospitalId, medicalDevices.patientId);
}

// Offices, patients, hubs, templates ---------------------------------------------------------------

const visiblePatientDeviceIds = compiledOnce('visiblePatientDeviceIds', (db, scope, name) => {
  const patientId = sql.placeholder('patientId');
  const ids = db
    .select({ id: medicalDevices.id })
    .from(medicalDevices)
    .where(and(eq(medicalDevices.patientId, patientId), deviceFilter(scope)))
    .orderBy(asc(medicalDevices.deviceType), asc(medicalDevices.id))
    .limit(PATIENT_DEVICES_LIMIT);
  return db
    .select({ ids: sql<number[]>`array(${ids})` })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)))
    .limit(1)
    .prepare(name);
});

/**
 * In one statement: null when `patientId` is not a patient the caller may see (as
 * `getVisiblePatient`), else the ids of the patient's devices in the caller's scope as
 * the patient's page of /patientdetails lists them (by device type, then id; at most PATIENT_DEVICES_LIMIT).
 */
export async function findVisiblePatientDeviceIds(tenant: TenantDb, patientId: number): Promise<number[] | null> {
  const { scope, db } = tenant;
  const [row] = await visiblePatientDeviceIds(scope, db, { patientId });
  return row ? row.ids.map(Number) : null;
}

/** Whether `patientId` is a patient the caller may see who is assigned to office `hospitalId`. */
export async function isPatientOfOffice(tenant: TenantDb, patientId: number, hospitalId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userHospitals, and(eq(userHospitals.userId, users.id), eq(userHospitals.hospitalId, hospitalId)))
    .where(and(eq(users.id, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id), officeFilter(scope, userHospitals.hospitalId)))
    .limit(1);
  return row !== undefined;
}

/** A hub of the caller's offices (id and office), or null. */
export async function getHubInOffices(tenant: TenantDb, hubId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: hubs.id, hospitalId: hubs.hospitalId })
    .from(hubs)
    .where(and(eq(hubs.id, hubId), officeFilter(scope, hubs.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** An active device template (templates are reference data shared by every tenant), or null. */
export async function getActiveTemplate({ db }: CatalogueDb, templateId: number) {
  const [row] = await db
    .select({ id: medicalDeviceTemplates.id, deviceType: medicalDeviceTemplates.deviceType })
    .from(medicalDeviceTemplates)
    .where(and(eq(medicalDeviceTemplates.id, templateId), eq(medicalDeviceTemplates.status, 1)))
    .limit(1);
  return row ?? null;
}

// Devices ---------------------------------------------------------------------------------------

export type DeviceRow = typeof medicalDevices.$inferSelect;

/** A device row in the caller's scope, or null. */
export async function getDeviceRow(tenant: TenantDb, id: number): Promise<DeviceRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(medicalDevices)
    .where(and(eq(medicalDevices.id, id), deviceFilter(scope)))
    .limit(1);
  return row ?? null;
}

/** The id of the device with `deviceIdentifier` in the caller's scope, or null. */
export async function getDeviceIdByIdentifier(tenant: TenantDb, deviceIdentifier: string): Promise<number | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: medicalDevices.id })
    .from(medicalDevices)
    .where(and(eq(medicalDevices.deviceIdentifier, deviceIdentifier), deviceFilter(scope)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Whether another device already has `deviceIdentifier`. Deliberately not tenant-filtered: the
 * identifier is unique across the installation (a physical device reports it to any hub), so a
 * clash with another tenant's device must be refused too; the answer says only "taken".
 */
export async function isDeviceIdentifierTaken(db: Executor, deviceIdentifier: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: medicalDevices.id })
    .from(medicalDevices)
    .where(and(eq(medicalDevices.deviceIdentifier, deviceIdentifier), exceptId !== undefined ? ne(medicalDevices.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

type DeviceValues = Omit<typeof medicalDevices.$inferInsert, 'id' | 'createdAt'>;

/** Inserts a device; its office must be the caller's (checked again here). Returns the id. */
export async function insertDevice(tenant: TenantDb, values: DeviceValues): Promise<number> {
  const { scope, db } = tenant;
  assertOfficeInScope(scope, values.hospitalId);
  const [row] = await db.insert(medicalDevices).values(values).returning({ id: medicalDevices.id });
  return row!.id;
}

/** Updates a device in the caller's scope; a new office must be the caller's too. */
export async function updateDevice(tenant: TenantDb, id: number, values: Partial<DeviceValues>): Promise<void> {
  const { scope, db } = tenant;
  if (values.hospitalId !== undefined) { assertOfficeInScope(scope, values.hospitalId); }
  if (Object.keys(values).length === 0) { return; }
  await db
    .update(medicalDevices)
    .set(values)
    .where(and(eq(medicalDevices.id, id), deviceFilter(scope)));
}

/** Deletes a device in the caller's scope; true when a row went. */
export async function deleteDevice(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(medicalDevices)
    .where(and(eq(medicalDevices.id, id), deviceFilter(scope)))
    .returning({ id: medicalDevices.id });
  return rows.length > 0;
}

/** Whether a device of the caller's scope has any reading. */
export async function deviceHasReadings(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: measurements.id })
    .from(measurements)
    .innerJoin(medicalDevices, eq(medicalDevices.id, measurements.deviceId))
    .where(and(eq(measurements.deviceId, id), deviceFilter(scope)))
    .limit(1);
  return row !== undefined;
}

/**
 * One page of device ids in the caller's scope (`deviceFilter`; of office `hospitalId` when given),
 * searched by identifier, filtered by device type and assigned patient (or none: `unassigned`), sorted in SQL (identifier,
 * device type or creation; then id), with the total.
 */
export async function findDeviceIdsPage(tenant: TenantDb, hospitalId: number | undefined, query: MedicalDevicePageQuery) {
  const { scope, db } = tenant;
  const term = query.search?.trim();
  const where = and(
    deviceFilter(scope),
    hospitalId !== undefined ? eq(medicalDevices.hospitalId, hospitalId) : undefined,
    query.devicetype !== undefined ? eq(medicalDevices.deviceType, query.devicetype) : undefined,
    query.patientid !== undefined ? eq(medicalDevices.patientId, query.patientid) : undefined,
    query.unassigned === 'true' ? and(isNull(medicalDevices.patientId), eq(medicalDevices.status, 1)) : undefined,
    term ? sql`${medicalDevices.deviceIdentifier} ilike ${likeTerm(term)}` : undefined,
  );
  const sort = query.sort ?? 'deviceIdentifier';
  const dir = sort.startsWith('-') ? desc : asc;
  const order: SQL[] = sort.endsWith('deviceType')
    ? [dir(medicalDevices.deviceType), asc(medicalDevices.deviceIdentifier)]
    : sort.endsWith('createdAt')
      ? [dir(medicalDevices.createdAt), dir(medicalDevices.id)]
      : [dir(medicalDevices.deviceIdentifier)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: medicalDevices.id })
      .from(medicalDevices)
      .where(where)
      .orderBy(...order, asc(medicalDevices.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(medicalDevices).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** The ids of the devices assigned to `hubIds` in the caller's scope, by hub, type and id. */
export async function findDeviceIdsOfHubs(tenant: TenantDb, hubIds: number[]): Promise<{ id: number; hubId: number }[]> {
  const { scope, db } = tenant;
  if (hubIds.length === 0) { return []; }
  const rows = await db
    .select({ id: medicalDevices.id, hubId: medicalDevices.hubId })
    .from(medicalDevices)
    .where(and(inArray(medicalDevices.hubId, hubIds), deviceFilter(scope)))
    .orderBy(asc(medicalDevices.hubId), asc(medicalDevices.deviceType), asc(medicalDevices.id))
    .limit(PATIENT_DEVICES_LIMIT * Math.max(1, hubIds.length));
  return rows.map((r) => ({ id: r.id, hubId: r.hubId! }));
}

/**
 * Number of devices on hub `hubId` (a hub of the caller's offices) that belong to an office other
 * than `hospitalId`, whatever their office: used to refuse moving a hub away from its devices.
 */
export async function countHubDevicesOutsideOffice(tenant: TenantDb, hubId: number, hospitalId: number): Promise<number> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ n: count() })
    .from(medicalDevices)
    .innerJoin(hubs, eq(hubs.id, medicalDevices.hubId))
    .where(and(eq(medicalDevices.hubId, hubId), ne(medicalDevices.hospitalId, hospitalId), officeFilter(scope, hubs.hospitalId)));
  return row?.n ?? 0;
}

/**
 * The devices `ids` as the API shows them (office name, hub identifier, patient name, template's
 * manufacturer and model, overrides as a JSON string), in the order given. Ids outside the
 * caller's scope (`deviceFilter`) are left out.
 */
/** The columns of a device as the API shows it (with its office, hub, patient and template). */
const deviceViewColumns = {
  device: medicalDevices,
  hospitalName: hospitals.hospitalName,
  hubIdentifier: hubs.hubIdentifier,
  patientFirstName: users.firstName,
  patientLastName: users.lastName,
  manufacturerName: medicalDeviceTemplates.manufacturerName,
  modelName: medicalDeviceTemplates.modelName,
};
type DeviceViewRow = {
  device: typeof medicalDevices.$inferSelect;
  hospitalName: string;
  hubIdentifier: string | null;
  patientFirstName: string | null;
  patientLastName: string | null;
  manufacturerName: string | null;
  modelName: string | null;
};

/** A device as the API shows it (office name, hub identifier, patient name, template's manufacturer and model, overrides as a JSON string). */
function deviceViewOf(r: DeviceViewRow): MedicalDevice {
  const d = r.device;
  const def = measurementCatalogue[d.deviceType as DeviceType];
  return {
    id: d.id,
    deviceIdentifier: d.deviceIdentifier,
    deviceType: d.deviceType as DeviceType,
    deviceTypeTitle: def?.title.en ?? d.deviceType,
    deviceTypeTitleEsp: def?.title.es ?? d.deviceType,
    templateId: d.templateId,
    manufacturerName: r.manufacturerName ?? '',
    modelName: r.modelName ?? '',
    hospitalId: d.hospitalId,
    hospitalName: r.hospitalName,
    hubId: d.hubId,
    hubIdentifier: r.hubIdentifier,
    patientId: d.patientId,
    patientFullname: r.patientFirstName === null ? null : `${r.patientFirstName} ${r.patientLastName ?? ''}`.trim(),
    deviceDefaultValuesJson: JSON.stringify(d.deviceDefaultValuesJson ?? {}),
    isManualMeasurement: d.isManualMeasurement,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
  };
}

const deviceViewRows = compiledOnce('deviceViewRows', (db, scope, name) =>
  db
    .select(deviceViewColumns)
    .from(medicalDevices)
    .innerJoin(hospitals, eq(hospitals.id, medicalDevices.hospitalId))
    .leftJoin(hubs, eq(hubs.id, medicalDevices.hubId))
    .leftJoin(users, eq(users.id, medicalDevices.patientId))
    .leftJoin(medicalDeviceTemplates, eq(medicalDeviceTemplates.id, medicalDevices.templateId))
    .where(and(sql`${medicalDevices.id} = any(${sql.placeholder('ids')})`, deviceFilter(scope)))
    .prepare(name),
);

export async function loadDeviceViews(tenant: TenantDb, ids: number[]): Promise<MedicalDevice[]> {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  const rows = await deviceViewRows(scope, db, { ids });
  const byId = new Map(rows.map((r): [number, MedicalDevice] => [r.device.id, deviceViewOf(r)]));
  return ids.map((id) => byId.get(id)).filter((v): v is MedicalDevice => v !== undefined);
}

// Monitoring plan devices -----------------------------------------------------------------------

/** One device entry of a patient's active monitoring plan (what `monitoringDetails` shows). */
export interface ActivePlanDevice {
  id: number;
  treatmentPlanId: number;
  deviceType: string;
  medicalDeviceId: number | null;
  time1: string | null;
  time2: string | null;
  time3: string | null;
  time4: string | null;
  measurementPeriod: string;
  measurementsCount: number;
}

/**
 * The device entries of the patient's active monitoring plan, as a scalar subquery giving a JSON
 * array (null when none): the patient's own plan with status 1 (the first by sort order, then the
 * newest: spec section 4, a new plan is placed first and the previous one set to 0), else an
 * active client monitoring plan of an office the patient is assigned to; both in the caller's offices.
 */
function activePlanDevicesJson(tenant: TenantDb, patientId: Placeholder) {
  const { scope, db } = tenant;
  const own = db
    .select({ id: treatmentPlans.id })
    .from(treatmentPlans)
    .where(
      and(
        eq(treatmentPlans.patientId, patientId),
        eq(treatmentPlans.status, 1),
        eq(treatmentPlans.isClientMonitoringPlan, false),
        officeFilter(scope, treatmentPlans.hospitalId),
      ),
    )
    .orderBy(asc(treatmentPlans.sortOrder), desc(treatmentPlans.createdAt), desc(treatmentPlans.id))
    .limit(1);
  const client = db
    .select({ id: treatmentPlans.id })
    .from(treatmentPlanPatients)
    .innerJoin(treatmentPlans, eq(treatmentPlans.id, treatmentPlanPatients.treatmentPlanId))
    .where(and(eq(treatmentPlanPatients.patientUserId, patientId), eq(treatmentPlans.status, 1), officeFilter(scope, treatmentPlans.hospitalId)))
    .orderBy(desc(treatmentPlanPatients.createdAt), desc(treatmentPlans.id))
    .limit(1);
  const d = treatmentPlanDevices;
  return sql<ActivePlanDevice[] | null>`(
    select json_agg(json_build_object('id', ${d.id}, 'treatmentPlanId', ${d.treatmentPlanId}, 'deviceType', ${d.deviceType}, 'medicalDeviceId', ${d.medicalDeviceId},
      'time1', ${d.time1}, 'time2', ${d.time2}, 'time3', ${d.time3}, 'time4', ${d.time4},
      'measurementPeriod', ${d.measurementPeriod}, 'measurementsCount', ${d.measurementsCount}) order by ${d.id})
    from ${d} where ${d.treatmentPlanId} = coalesce((${own}), (${client})))`;
}

const patientDevicesWithPlan = compiledOnce('patientDevicesWithPlan', (db, scope, name) => {
  const patientId = sql.placeholder('patientId');
  return db
    .select({ ...deviceViewColumns, planDevices: activePlanDevicesJson(tenantDb(scope, db), patientId) })
    .from(users)
    .leftJoin(medicalDevices, and(eq(medicalDevices.patientId, users.id), deviceFilter(scope)))
    .leftJoin(hospitals, eq(hospitals.id, medicalDevices.hospitalId))
    .leftJoin(hubs, eq(hubs.id, medicalDevices.hubId))
    .leftJoin(medicalDeviceTemplates, eq(medicalDeviceTemplates.id, medicalDevices.templateId))
    .where(and(eq(users.id, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)))
    .orderBy(asc(medicalDevices.deviceType), asc(medicalDevices.id))
    .limit(PATIENT_DEVICES_LIMIT)
    .prepare(name);
});

/**
 * In one statement: null when `patientId` is not a patient the caller may see (as
 * `getVisiblePatient`), else the patient's devices in the caller's scope as the API shows them (by
 * device type, then id; at most PATIENT_DEVICES_LIMIT) and the device entries of the patient's
 * active monitoring plan (see `activePlanDevicesJson`).
 */
export async function findPatientDevicesWithPlan(tenant: TenantDb, patientId: number): Promise<{ devices: MedicalDevice[]; planDevices: ActivePlanDevice[] } | null> {
  const { scope, db } = tenant;
  const rows = await patientDevicesWithPlan(scope, db, { patientId });
  if (rows.length === 0) { return null; }
  const devices = rows.flatMap((r) => (r.device ? [deviceViewOf({ ...r, device: r.device, hospitalName: r.hospitalName ?? '' })] : []));
  return { devices, planDevices: rows[0]!.planDevices ?? [] };
}

// Templates -------------------------------------------------------------------------------------

/**
 * Active device templates (reference data shared by every tenant), optionally of one type and
 * manufacturer, by type, manufacturer name and model. `limit` 1 gives "the first".
 */
export async function findTemplates(
  { db }: CatalogueDb,
  filter: { deviceType?: DeviceType; manufacturerId?: number } = {},
  limit = TEMPLATES_LIMIT,
): Promise<MedicalDeviceTemplate[]> {
  const rows = await db
    .select()
    .from(medicalDeviceTemplates)
    .where(
      and(
        eq(medicalDeviceTemplates.status, 1),
        filter.deviceType !== undefined ? eq(medicalDeviceTemplates.deviceType, filter.deviceType) : undefined,
        filter.manufacturerId !== undefined ? eq(medicalDeviceTemplates.manufacturerId, filter.manufacturerId) : undefined,
      ),
    )
    .orderBy(asc(medicalDeviceTemplates.deviceType), asc(medicalDeviceTemplates.manufacturerName), asc(medicalDeviceTemplates.modelName), asc(medicalDeviceTemplates.id))
    .limit(Math.min(limit, TEMPLATES_LIMIT));
  return rows.map((r) => ({
    id: r.id,
    deviceType: r.deviceType as DeviceType,
    deviceTypeTitle: r.deviceTypeTitle,
    deviceTypeTitleEsp: r.deviceTypeTitleEsp,
    manufacturerId: r.manufacturerId,
    manufacturerName: r.manufacturerName,
    modelName: r.modelName,
    measurementsJson: r.measurementsJson as MedicalDeviceTemplate['measurementsJson'],
    defaultValuesJson: r.defaultValuesJson as MedicalDeviceTemplate['defaultValuesJson'],
    status: r.status,
  }));
}

// Tablets ---------------------------------------------------------------------------------------

/**
 * One page of the tablets of the caller's offices (of `hospitalId` when given; a patient caller:
 * their own), searched by serial number or model and sorted in SQL, with the total.
 */
export async function findTabletPage(tenant: TenantDb, hospitalId: number | undefined, query: TabletInfoPageQuery) {
  const { scope, db } = tenant;
  const term = query.search?.trim();
  const where = and(
    patientRowFilter(scope, tabletInfos.hospitalId, tabletInfos.patientId),
    hospitalId !== undefined ? eq(tabletInfos.hospitalId, hospitalId) : undefined,
    term ? or(sql`${tabletInfos.serialNumber} ilike ${likeTerm(term)}`, sql`${tabletInfos.model} ilike ${likeTerm(term)}`) : undefined,
  );
  const sort = query.sort ?? 'serialNumber';
  const dir = sort.startsWith('-') ? desc : asc;
  const order: SQL[] = sort.endsWith('lastSeenAt')
    ? [sort.startsWith('-') ? sql`${tabletInfos.lastSeenAt} desc nulls last` : sql`${tabletInfos.lastSeenAt} asc nulls first`]
    : [dir(tabletInfos.serialNumber)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tabletInfos)
      .where(where)
      .orderBy(...order, asc(tabletInfos.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(tabletInfos).where(where),
  ]);
  const items: TabletInfo[] = rows.map((r) => ({
    id: r.id,
    serialNumber: r.serialNumber,
    model: r.model,
    osVersion: r.osVersion,
    appVersion: r.appVersion,
    hospitalId: r.hospitalId,
    patientId: r.patientId,
    hubId: r.hubId,
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
  }));
  return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
