import {
  checkMedicalDeviceThresholds,
  deviceTypes,
  measurementCatalogue,
  type AssignedMedicalDevice,
  type DeviceType,
  type MedicalDevice,
  type MedicalDevicePage,
  type MedicalDevicePageQuery,
  type MedicalDeviceTemplate,
  type MedicalDeviceThresholds,
  type MessageKey,
  type PossibleDevice,
  type TabletInfoPageQuery,
  type Thresholds,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { getOfficeInScope, getVisiblePatient } from '../../db/visible';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import { forgetHubDevices } from '../measurements/index';
import * as repo from './devices.repo';
import { catalogueDb, tenantDb } from '../../db/handles';

async function viewOf(scope: Scope, db: Executor, id: number): Promise<MedicalDevice> {
  const [view] = await repo.loadDeviceViews(tenantDb(scope, db), [id]);
  if (!view) { throw AppError.notFound(); }
  return view;
}

/**
 * The assignment rules of a device of office `hospitalId`: a patient must be a
 * patient of that office, a hub a hub of that office. A patient or hub the caller cannot see reads
 * as 404; one of another office of the caller's answers 400 on its field.
 */
async function checkAssignments(scope: Scope, db: Executor, hospitalId: number, patientId: number | null, hubId: number | null): Promise<void> {
  if (patientId !== null) {
    if (!(await getVisiblePatient(tenantDb(scope, db), patientId))) { throw AppError.notFound(); }
    if (!(await repo.isPatientOfOffice(tenantDb(scope, db), patientId, hospitalId))) { throw AppError.badRequest('validationFailed', { patientId: 'invalidId' }); }
  }
  if (hubId !== null) {
    const hub = await repo.getHubInOffices(tenantDb(scope, db), hubId);
    if (!hub) { throw AppError.notFound(); }
    if (hub.hospitalId !== hospitalId) { throw AppError.badRequest('validationFailed', { hubId: 'invalidId' }); }
  }
}

/** 400 `templateId` unless it names an active template of `deviceType`. */
async function checkTemplate(db: Executor, templateId: number, deviceType: string): Promise<void> {
  const template = await repo.getActiveTemplate(catalogueDb(db), templateId);
  if (!template || template.deviceType !== deviceType) { throw AppError.badRequest('validationFailed', { templateId: 'invalidId' }); }
}

/**
 * Per-device threshold overrides checked against the device type (contract
 * `checkMedicalDeviceThresholds`): 400 with a message per offending code, the headline
 * 'thresholdsOutOfOrder' when limits are out of order. Returns the overrides by stored code.
 */
function checkThresholds(deviceType: DeviceType, thresholds: MedicalDeviceThresholds): Record<string, Thresholds> {
  const { value, issues } = checkMedicalDeviceThresholds(deviceType, thresholds);
  const keys = Object.values(issues);
  if (keys.length > 0) {
    const headline: MessageKey = keys.includes('thresholdsOutOfOrder') ? 'thresholdsOutOfOrder' : 'validationFailed';
    throw AppError.badRequest(headline, issues);
  }
  return value;
}

/** 409 `deviceIdentifierInUse` when another device has the identifier. */
async function checkIdentifierFree(db: Executor, deviceIdentifier: string, exceptId?: number): Promise<void> {
  if (await repo.isDeviceIdentifierTaken(db, deviceIdentifier, exceptId)) { throw AppError.conflict('deviceIdentifierInUse'); }
}

/**
 * `POST medicaldevice`: registers a device in office `hospitalId` (404 when not the caller's).
 * 400 on `patientId` / `hubId` of another office, on a `templateId` of another type, on bad
 * thresholds; 409 `deviceIdentifierInUse` when the identifier is taken.
 */
export async function createDevice(
  ctx: AppContext,
  scope: Scope,
  body: {
    deviceIdentifier: string;
    deviceType: DeviceType;
    templateId?: number | null;
    hospitalId: number;
    hubId?: number | null;
    patientId?: number | null;
    isManualMeasurement?: boolean;
    deviceDefaultValuesJson?: MedicalDeviceThresholds;
  },
): Promise<MedicalDevice> {
  const db = ctx.db;
  if (!(await getOfficeInScope(tenantDb(scope, db), body.hospitalId))) { throw AppError.notFound(); }
  await checkAssignments(scope, db, body.hospitalId, body.patientId ?? null, body.hubId ?? null);
  if (body.templateId != null) { await checkTemplate(db, body.templateId, body.deviceType); }
  const overrides = body.deviceDefaultValuesJson ? checkThresholds(body.deviceType, body.deviceDefaultValuesJson) : {};
  await checkIdentifierFree(db, body.deviceIdentifier);
  try {
    const id = await repo.insertDevice(tenantDb(scope, db), {
      deviceIdentifier: body.deviceIdentifier,
      deviceType: body.deviceType,
      templateId: body.templateId ?? null,
      hospitalId: body.hospitalId,
      hubId: body.hubId ?? null,
      patientId: body.patientId ?? null,
      isManualMeasurement: body.isManualMeasurement ?? false,
      deviceDefaultValuesJson: overrides,
    });
    forgetHubDevices(ctx); // ingestion in this process sees the new device at once (hub-devices.ts)
    return await viewOf(scope, db, id);
  } catch (err) {
    if (isUniqueViolation(err)) { throw AppError.conflict('deviceIdentifierInUse'); }
    throw err;
  }
}

/** `GET medicaldevice/{id}`: 404 unless the device is in the caller's scope. */
export function getDevice(ctx: AppContext, scope: Scope, id: number): Promise<MedicalDevice> {
  return viewOf(scope, ctx.db, id);
}

/**
 * `PUT medicaldevice/{id}`: changes the fields given. A new office must be the caller's (404);
 * the patient and hub that end up assigned must be of the device's (new) office (400 on their
 * field); `null` unassigns. 409 `deviceIdentifierInUse` on a taken identifier.
 */
export async function updateDevice(
  ctx: AppContext,
  scope: Scope,
  id: number,
  body: {
    deviceIdentifier?: string;
    templateId?: number | null;
    hospitalId?: number;
    hubId?: number | null;
    patientId?: number | null;
    isManualMeasurement?: boolean;
    status?: 0 | 1;
  },
): Promise<MedicalDevice> {
  const db = ctx.db;
  const row = await repo.getDeviceRow(tenantDb(scope, db), id);
  if (!row) { throw AppError.notFound(); }
  const hospitalId = body.hospitalId ?? row.hospitalId;
  const officeChanged = hospitalId !== row.hospitalId;
  if (officeChanged && !(await getOfficeInScope(tenantDb(scope, db), hospitalId))) { throw AppError.notFound(); }
  const patientId = body.patientId !== undefined ? body.patientId : row.patientId;
  const hubId = body.hubId !== undefined ? body.hubId : row.hubId;
  await checkAssignments(
    scope,
    db,
    hospitalId,
    officeChanged || body.patientId !== undefined ? patientId : null,
    officeChanged || body.hubId !== undefined ? hubId : null,
  );
  if (body.templateId != null) { await checkTemplate(db, body.templateId, row.deviceType); }
  if (body.deviceIdentifier !== undefined && body.deviceIdentifier !== row.deviceIdentifier) { await checkIdentifierFree(db, body.deviceIdentifier, id); }
  try {
    await repo.updateDevice(tenantDb(scope, db), id, {
      ...(body.deviceIdentifier !== undefined ? { deviceIdentifier: body.deviceIdentifier } : {}),
      ...(body.templateId !== undefined ? { templateId: body.templateId } : {}),
      ...(officeChanged ? { hospitalId } : {}),
      ...(body.patientId !== undefined ? { patientId: body.patientId } : {}),
      ...(body.hubId !== undefined ? { hubId: body.hubId } : {}),
      ...(body.isManualMeasurement !== undefined ? { isManualMeasurement: body.isManualMeasurement } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    });
  } catch (err) {
    if (isUniqueViolation(err)) { throw AppError.conflict('deviceIdentifierInUse'); }
    throw err;
  } finally {
    forgetHubDevices(ctx); // ingestion in this process sees the new assignment, office and status at once
  }
  return viewOf(scope, db, id);
}

/**
 * `DELETE medicaldevice/{id}`: deletes a device without readings (404 when not the caller's).
 * 409 `deviceHasReadings` otherwise: its readings keep it; unassign or retire it instead.
 */
export async function deleteDevice(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  const db = ctx.db;
  if (!(await repo.getDeviceRow(tenantDb(scope, db), id))) { throw AppError.notFound(); }
  if (await repo.deviceHasReadings(tenantDb(scope, db), id)) { throw AppError.conflict('deviceHasReadings'); }
  try {
    if (!(await repo.deleteDevice(tenantDb(scope, db), id))) { throw AppError.notFound(); }
    forgetHubDevices(ctx);
  } catch (err) {
    if (isForeignKeyViolation(err)) { throw AppError.conflict('deviceHasReadings'); }
    throw err;
  }
  return { id };
}

async function visiblePatientDevices(scope: Scope, db: Executor, patientId: number): Promise<MedicalDevice[]> {
  const ids = await repo.findVisiblePatientDeviceIds(tenantDb(scope, db), patientId);
  if (ids === null) { throw AppError.notFound(); }
  return repo.loadDeviceViews(tenantDb(scope, db), ids);
}

/** `GET medicaldevice/getmedicaldevicesforpatient`: the patient's devices in the caller's offices; 404 for a patient the caller cannot see. */
export function findDevicesForPatient(ctx: AppContext, scope: Scope, patientId: number): Promise<MedicalDevice[]> {
  return visiblePatientDevices(scope, ctx.db, patientId);
}

/**
 * `GET medicaldevice/getmedicaldevicesforpatientV2`: the patient's devices, each with
 * `monitoringDetails` from the active plan's device entry for it (the entry naming this device,
 * else the first entry of its device type), or null (spec section 3, "Assigned device").
 */
export async function findDevicesForPatientV2(ctx: AppContext, scope: Scope, patientId: number): Promise<AssignedMedicalDevice[]> {
  const found = await repo.findPatientDevicesWithPlan(tenantDb(scope, ctx.db), patientId);
  if (!found) { throw AppError.notFound(); }
  const { devices, planDevices } = found;
  return devices.map((device) => {
    const entry = planDevices.find((p) => p.medicalDeviceId === device.id) ?? planDevices.find((p) => p.deviceType === device.deviceType);
    const title = measurementCatalogue[entry?.deviceType as DeviceType]?.title;
    return {
      ...device,
      monitoringDetails: entry
        ? {
            id: entry.id,
            treatmentPlanId: entry.treatmentPlanId,
            time1: entry.time1,
            time2: entry.time2,
            time3: entry.time3,
            time4: entry.time4,
            measurementPeriod: entry.measurementPeriod,
            measurementsCount: entry.measurementsCount,
            deviceTypeTitle: title?.en ?? entry.deviceType,
            deviceTypeTitleEsp: title?.es ?? entry.deviceType,
          }
        : null,
    };
  });
}

/**
 * Chosen `GET medicaldevice/getmedicaldevicesforhospital`: a page of the devices of the caller's
 * offices (of office `hospitalId` when given: another office's gives an empty page; a patient:
 * their own), searched by identifier, filtered by device type and patient, each as the API shows a
 * device (patient name, hub identifier, template model). Two set queries for the page and one for
 * the views.
 */
export async function findDevicesForOffice(ctx: AppContext, scope: Scope, hospitalId: number | undefined, query: MedicalDevicePageQuery): Promise<MedicalDevicePage> {
  const { ids, total } = await repo.findDeviceIdsPage(tenantDb(scope, ctx.db), hospitalId, query);
  return { items: await repo.loadDeviceViews(tenantDb(scope, ctx.db), ids), total, page: query.page, pageSize: query.pageSize };
}

/** `GET medicaldevice/getmedicaldevicebydeviceidentifier`: 404 unless a device of the caller's scope has it. */
export async function getDeviceByIdentifier(ctx: AppContext, scope: Scope, deviceIdentifier: string): Promise<MedicalDevice> {
  const id = await repo.getDeviceIdByIdentifier(tenantDb(scope, ctx.db), deviceIdentifier);
  if (id === null) { throw AppError.notFound(); }
  return viewOf(scope, ctx.db, id);
}

/** `PUT medicaldevice/updateismanualmeasurementformedicaldevice`: 404 unless the device is the caller's. */
export async function updateIsManualMeasurement(ctx: AppContext, scope: Scope, medicalDeviceId: number, isManualMeasurement: boolean): Promise<MedicalDevice> {
  if (!(await repo.getDeviceRow(tenantDb(scope, ctx.db), medicalDeviceId))) { throw AppError.notFound(); }
  await repo.updateDevice(tenantDb(scope, ctx.db), medicalDeviceId, { isManualMeasurement });
  forgetHubDevices(ctx);
  return viewOf(scope, ctx.db, medicalDeviceId);
}

/**
 * `PUT medicaldevice/updatedevicedefaultvaluesjsonformedicaldevice`: replaces the device's
 * threshold overrides (canonical units). 404 unless the device is the caller's; 400 per code that
 * is not a value of the device's type, lies outside the plausible range, or whose critical limits
 * are not outside its caution limits.
 */
export async function updateDeviceDefaultValues(
  ctx: AppContext,
  scope: Scope,
  medicalDeviceId: number,
  thresholds: MedicalDeviceThresholds,
): Promise<MedicalDevice> {
  const row = await repo.getDeviceRow(tenantDb(scope, ctx.db), medicalDeviceId);
  if (!row) { throw AppError.notFound(); }
  const overrides = checkThresholds(row.deviceType as DeviceType, thresholds);
  await repo.updateDevice(tenantDb(scope, ctx.db), medicalDeviceId, { deviceDefaultValuesJson: overrides });
  forgetHubDevices(ctx); // the next reading of this device is graded by the new limits
  return viewOf(scope, ctx.db, medicalDeviceId);
}

// Templates -------------------------------------------------------------------------------------

/** Active templates, optionally of one type and manufacturer (reference data: no tenant). */
export function findTemplates(ctx: AppContext, filter: { deviceType?: DeviceType; manufacturerId?: number } = {}): Promise<MedicalDeviceTemplate[]> {
  return repo.findTemplates(catalogueDb(ctx.db), filter);
}

/** The first active template of a type (and manufacturer), by manufacturer and model; 404 when none. */
export async function getFirstTemplate(ctx: AppContext, filter: { deviceType: DeviceType; manufacturerId?: number }): Promise<MedicalDeviceTemplate> {
  const [first] = await repo.findTemplates(catalogueDb(ctx.db), filter, 1);
  if (!first) { throw AppError.notFound(); }
  return first;
}

/** Every catalogue device type with its titles, values and the manufacturers of its active templates. */
export async function findPossibleDevices(ctx: AppContext): Promise<PossibleDevice[]> {
  const templates = await repo.findTemplates(catalogueDb(ctx.db));
  return deviceTypes.map((type) => {
    const def = measurementCatalogue[type];
    const ofType = templates.filter((t) => t.deviceType === type);
    const manufacturers = new Map(ofType.map((t) => [t.manufacturerId, t.manufacturerName]));
    return {
      deviceType: type,
      deviceTypeTitle: def.title.en,
      deviceTypeTitleEsp: def.title.es,
      values: def.values.map((v) => ({ code: v.code, unit: v.unit, label: v.label.en, labelEsp: v.label.es, min: v.min, max: v.max })),
      manufacturers: [...manufacturers].map(([manufacturerId, manufacturerName]) => ({ manufacturerId, manufacturerName })),
      templateCount: ofType.length,
    };
  });
}

// Tablets ---------------------------------------------------------------------------------------

/** `GET tabletinfos/getalltabletinfos`: a page of the tablets of the caller's offices (another office's filter gives an empty page). */
export function findTablets(ctx: AppContext, scope: Scope, hospitalId: number | undefined, query: TabletInfoPageQuery) {
  return repo.findTabletPage(tenantDb(scope, ctx.db), hospitalId, query);
}
