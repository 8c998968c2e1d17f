import type { Hub, HubCredential, HubDetail, HubPage, HubPageQuery, TrustedHub } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { getOfficeInScope, getVisiblePatient } from '../../db/visible';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import { forgetHubCredentials } from '../../lib/hub-auth';
import { forgetHubDevices } from '../measurements/index';
import { issueHubCredential, revokeHubCredential } from './hub-credentials';
import * as devicesRepo from './devices.repo';
import * as repo from './hubs.repo';
import { tenantDb } from '../../db/handles';

/** Forgets this process's cached hub credentials (lib/hub-auth.ts) and hub devices (measurements/hub-devices.ts) after a hub changed. */
function forgetHubCaches(ctx: AppContext): void {
  forgetHubCredentials(ctx);
  forgetHubDevices(ctx);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The hubs `ids` as the API shows them (spec section 3, "Hub": with assignedMedicalDevicesList and
 * the readings of the last 24 hours), in the order given, from a few set queries (no query per hub).
 */
async function viewsOf(scope: Scope, db: Executor, ids: number[]): Promise<Hub[]> {
  const [rows, links, readings] = await Promise.all([
    repo.findHubRows(tenantDb(scope, db), ids),
    devicesRepo.findDeviceIdsOfHubs(tenantDb(scope, db), ids),
    repo.countReadingsSinceByHub(tenantDb(scope, db), ids, new Date(Date.now() - DAY_MS)),
  ]);
  const devices = await devicesRepo.loadDeviceViews(tenantDb(scope, db), links.map((l) => l.id));
  const byId = new Map(rows.map((r) => [r.hub.id, r]));
  return ids.flatMap((id): Hub[] => {
    const r = byId.get(id);
    if (!r) { return []; }
    const h = r.hub;
    return [
      {
        id: h.id,
        hubIdentifier: h.hubIdentifier,
        hubMAC: h.hubMac,
        hubName: h.hubName,
        status: h.status,
        hospitalId: h.hospitalId,
        hospitalName: r.hospitalName,
        assignedToUserId: h.assignedToUserId,
        assignedToUserFullname: r.patientFirstName === null ? null : `${r.patientFirstName} ${r.patientLastName ?? ''}`.trim(),
        hasCredential: h.credentialHash !== null && h.credentialRevokedAt === null,
        lastCheckInAt: h.lastCheckInAt?.toISOString() ?? null,
        readingsLast24Hours: readings.get(h.id) ?? 0,
        createdAt: h.createdAt.toISOString(),
        assignedMedicalDevicesList: devices.filter((d) => d.hubId === h.id),
      },
    ];
  });
}

/** One hub with its health (last check-in, readings measured in the last 24 hours, devices); 404 when not the caller's. */
async function detailOf(scope: Scope, db: Executor, id: number): Promise<HubDetail> {
  const [hub] = await viewsOf(scope, db, [id]);
  if (!hub) { throw AppError.notFound(); }
  return {
    ...hub,
    health: {
      lastCheckInAt: hub.lastCheckInAt,
      readingsLast24Hours: hub.readingsLast24Hours,
      deviceCount: hub.assignedMedicalDevicesList.length,
      credentialActive: hub.hasCredential,
    },
  };
}

/**
 * A hub's assigned patient must be a patient of the hub's office: 404 when the caller cannot see
 * the patient, 400 `assignedToUserId` when the patient is of another office.
 */
async function checkAssignedPatient(scope: Scope, db: Executor, hospitalId: number, patientId: number | null): Promise<void> {
  if (patientId === null) { return; }
  if (!(await getVisiblePatient(tenantDb(scope, db), patientId))) { throw AppError.notFound(); }
  if (!(await devicesRepo.isPatientOfOffice(tenantDb(scope, db), patientId, hospitalId))) {
    throw AppError.badRequest('validationFailed', { assignedToUserId: 'invalidId' });
  }
}

async function checkIdentifierFree(db: Executor, hubIdentifier: string, exceptId?: number): Promise<void> {
  if (await repo.isHubIdentifierTaken(db, hubIdentifier, exceptId)) { throw AppError.conflict('hubIdentifierInUse'); }
}

/** Chosen `GET hub`: a page of the caller's hubs (of office `hospitalId` when given; another office's gives an empty page). */
export async function findHubs(ctx: AppContext, scope: Scope, hospitalId: number | undefined, query: HubPageQuery): Promise<HubPage> {
  const { ids, total } = await repo.findHubIdsPage(tenantDb(scope, ctx.db), hospitalId, query);
  return { items: await viewsOf(scope, ctx.db, ids), total, page: query.page, pageSize: query.pageSize };
}

/** Chosen `GET hub/{id}`: the hub with its devices and health; 404 when not the caller's. */
export function getHub(ctx: AppContext, scope: Scope, id: number): Promise<HubDetail> {
  return detailOf(scope, ctx.db, id);
}

/**
 * Chosen `POST hub`: registers a hub in office `hospitalId` (404 when not the caller's), with a
 * validated MAC address, optionally assigned to a patient of that office. 409
 * `hubIdentifierInUse` when the identifier is taken. The hub has no credential until one is issued.
 */
export async function createHub(
  ctx: AppContext,
  scope: Scope,
  body: { hubIdentifier: string; hubMAC: string; hubName: string; hospitalId: number; assignedToUserId?: number | null },
): Promise<HubDetail> {
  const db = ctx.db;
  if (!(await getOfficeInScope(tenantDb(scope, db), body.hospitalId))) { throw AppError.notFound(); }
  await checkAssignedPatient(scope, db, body.hospitalId, body.assignedToUserId ?? null);
  await checkIdentifierFree(db, body.hubIdentifier);
  let id: number;
  try {
    id = await repo.insertHub(tenantDb(scope, db), {
      hubIdentifier: body.hubIdentifier,
      hubMac: body.hubMAC,
      hubName: body.hubName,
      hospitalId: body.hospitalId,
      assignedToUserId: body.assignedToUserId ?? null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) { throw AppError.conflict('hubIdentifierInUse'); }
    throw err;
  }
  return detailOf(scope, db, id);
}

/**
 * Chosen `PUT hub/{id}`: changes the fields given (404 when not the caller's). A new office must
 * be the caller's (404) and may not leave the hub's devices in another office (400 `hospitalId`);
 * the patient that ends up assigned must be of the hub's office. Status 0 stops ingestion.
 */
export async function updateHub(
  ctx: AppContext,
  scope: Scope,
  id: number,
  body: { hubIdentifier?: string; hubMAC?: string; hubName?: string; hospitalId?: number; assignedToUserId?: number | null; status?: 0 | 1 },
): Promise<HubDetail> {
  const db = ctx.db;
  const row = await repo.getHubRow(tenantDb(scope, db), id);
  if (!row) { throw AppError.notFound(); }
  const hospitalId = body.hospitalId ?? row.hospitalId;
  const officeChanged = hospitalId !== row.hospitalId;
  if (officeChanged) {
    if (!(await getOfficeInScope(tenantDb(scope, db), hospitalId))) { throw AppError.notFound(); }
    if ((await devicesRepo.countHubDevicesOutsideOffice(tenantDb(scope, db), id, hospitalId)) > 0) {
      throw AppError.badRequest('validationFailed', { hospitalId: 'invalid' });
    }
  }
  const assigned = body.assignedToUserId !== undefined ? body.assignedToUserId : row.assignedToUserId;
  if (officeChanged || body.assignedToUserId !== undefined) { await checkAssignedPatient(scope, db, hospitalId, assigned); }
  if (body.hubIdentifier !== undefined && body.hubIdentifier !== row.hubIdentifier) { await checkIdentifierFree(db, body.hubIdentifier, id); }
  try {
    await repo.updateHub(tenantDb(scope, db), id, {
      ...(body.hubIdentifier !== undefined ? { hubIdentifier: body.hubIdentifier } : {}),
      ...(body.hubMAC !== undefined ? { hubMac: body.hubMAC } : {}),
      ...(body.hubName !== undefined ? { hubName: body.hubName } : {}),
      ...(officeChanged ? { hospitalId } : {}),
      ...(body.assignedToUserId !== undefined ? { assignedToUserId: body.assignedToUserId } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    });
  } catch (err) {
    if (isUniqueViolation(err)) { throw AppError.conflict('hubIdentifierInUse'); }
    throw err;
  } finally {
    forgetHubCaches(ctx); // cached credentials and hub devices must see the hub's new office, patient and status
  }
  return detailOf(scope, db, id);
}

/**
 * Chosen `DELETE hub/{id}`: deletes a hub without readings (404 when not the caller's); its
 * devices and tablets are unassigned from it. 409 `hubHasReadings` when it has readings.
 */
export async function deleteHub(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  const db = ctx.db;
  if (!(await repo.getHubRow(tenantDb(scope, db), id))) { throw AppError.notFound(); }
  if (await repo.hubHasReadings(tenantDb(scope, db), id)) { throw AppError.conflict('hubHasReadings'); }
  try {
    if (!(await repo.deleteHub(tenantDb(scope, db), id))) { throw AppError.notFound(); }
    forgetHubCaches(ctx);
  } catch (err) {
    if (isForeignKeyViolation(err)) { throw AppError.conflict('hubHasReadings'); }
    throw err;
  }
  return { id };
}

/**
 * Chosen `POST hub/{id}/credential`: issues (or rotates: the previous one stops working) the
 * hub's ingestion credential and answers it once; only its SHA-256 is stored. 404 when the hub is
 * not the caller's. The credential works while the hub's status is 1.
 */
export async function issueCredential(ctx: AppContext, scope: Scope, id: number): Promise<HubCredential> {
  const row = await repo.getHubRow(tenantDb(scope, ctx.db), id);
  if (!row) { throw AppError.notFound(); }
  const credential = await issueHubCredential(ctx, row.id);
  forgetHubDevices(ctx);
  return { hubId: row.id, hubIdentifier: row.hubIdentifier, credential };
}

/** Chosen `DELETE hub/{id}/credential`: revokes the hub's credential (its next reading answers 401). 404 when not the caller's. */
export async function revokeCredential(ctx: AppContext, scope: Scope, id: number): Promise<{ hubId: number; revokedAt: string }> {
  if (!(await repo.getHubRow(tenantDb(scope, ctx.db), id))) { throw AppError.notFound(); }
  await revokeHubCredential(ctx, id);
  forgetHubDevices(ctx);
  const row = await repo.getHubRow(tenantDb(scope, ctx.db), id);
  return { hubId: id, revokedAt: (row?.credentialRevokedAt ?? new Date()).toISOString() };
}

// Trusted hubs ----------------------------------------------------------------------------------

/**
 * The patient's offices, or 404 when the caller cannot see the patient. Trusted hubs must be hubs
 * of one of these offices.
 */
async function officesOfVisiblePatient(scope: Scope, db: Executor, patientId: number): Promise<number[]> {
  if (!(await getVisiblePatient(tenantDb(scope, db), patientId))) { throw AppError.notFound(); }
  return repo.findOfficeIdsOfPatient(tenantDb(scope, db), patientId);
}

/**
 * `POST trustedhub`: the patient trusts a hub (no change when already trusted). 404 when the
 * patient or the hub is not the caller's; 400 `hubId` when the hub is not of one of the patient's
 * offices.
 */
export async function createTrustedHub(ctx: AppContext, scope: Scope, patientId: number, hubId: number): Promise<TrustedHub> {
  const db = ctx.db;
  const offices = await officesOfVisiblePatient(scope, db, patientId);
  const [hub] = await repo.findHubsInOffices(tenantDb(scope, db), [hubId]);
  if (!hub) { throw AppError.notFound(); }
  if (!offices.includes(hub.hospitalId)) { throw AppError.badRequest('validationFailed', { hubId: 'invalidId' }); }
  await repo.addTrustedHubs(tenantDb(scope, db), patientId, [hubId]);
  const trusted = (await repo.findTrustedHubs(tenantDb(scope, db), patientId)).find((t) => t.hubId === hubId);
  if (!trusted) { throw AppError.notFound(); }
  return trusted;
}

/**
 * `PUT trustedhub/updatetrustedhubforpatient`: the patient's trusted hubs among the caller's
 * offices become exactly `hubIds`, in one transaction. 404 when the patient or a hub is not the
 * caller's; 400 `hubIds` when a hub is not of one of the patient's offices.
 */
export async function updateTrustedHubs(ctx: AppContext, scope: Scope, patientId: number, hubIds: number[]): Promise<TrustedHub[]> {
  const db = ctx.db;
  const offices = await officesOfVisiblePatient(scope, db, patientId);
  const hubs = await repo.findHubsInOffices(tenantDb(scope, db), hubIds);
  // A hub outside the caller's offices (or none) reads as not found (docs/first-day.md).
  if (hubs.length !== new Set(hubIds).size) { throw AppError.notFound(); }
  if (hubs.some((h) => !offices.includes(h.hospitalId))) {
    throw AppError.badRequest('validationFailed', { hubIds: 'invalidId' });
  }
  await db.transaction(async (tx) => {
    await repo.removeTrustedHubsExcept(tenantDb(scope, tx), patientId, hubIds);
    await repo.addTrustedHubs(tenantDb(scope, tx), patientId, hubIds);
  });
  return repo.findTrustedHubs(tenantDb(scope, db), patientId);
}

/** `DELETE trustedhub/deletetrustedhubforpatient`: 404 when the patient or hub is not the caller's, or the hub is not trusted. */
export async function deleteTrustedHub(ctx: AppContext, scope: Scope, patientId: number, hubId: number): Promise<{ id: number }> {
  await officesOfVisiblePatient(scope, ctx.db, patientId);
  const id = await repo.removeTrustedHub(tenantDb(scope, ctx.db), patientId, hubId);
  if (id === null) { throw AppError.notFound(); }
  return { id };
}
