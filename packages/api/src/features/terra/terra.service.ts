/**
 * Terra for staff (portal-spec.md sections 3, 7 and 8 "Terra"; docs/integrations.md): connecting a
 * patient through a Terra widget session, the mapping table, forwarding to the ECP and the ECP
 * user impersonated, the FDA-cleared mark, disconnecting, and a patient's deliveries.
 */
import { randomUUID } from 'node:crypto';
import type { Lang, TerraEvent, TerraMapping } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { TerraClientError, deauthenticateUser, generateWidgetSession } from '../../lib/terra-client';
import * as repo from './terra.repo';
import { tenantDb } from '../../db/handles';

function toMapping(r: repo.MappingRow): TerraMapping {
  return {
    patientId: r.patientId,
    patientFirstName: r.firstName,
    patientLastName: r.lastName,
    locationId: r.hospitalId,
    status: r.status as TerraMapping['status'],
    provider: r.provider,
    fdaCleared: r.fdaCleared,
    enableSendingDataToECP: r.enableSendingDataToEcp,
    ecpUserInpersonateId: r.ecpUserInpersonateId,
    lastDataAt: r.lastDataAt?.toISOString() ?? null,
    lastEventAt: r.lastEventAt?.toISOString() ?? null,
    lastEventType: r.lastEventType,
  };
}

function terraFailure(err: unknown): never {
  if (err instanceof TerraClientError) {
    if (err.kind === 'notConfigured') { throw new AppError('conflict', 'terraNotConfigured'); }
    throw new AppError('badGateway', 'terraUnreachable');
  }
  throw err;
}

/**
 * `terra/authorizeterraforgettingdata`: a Terra widget session for patient `patientId` (in the
 * caller's offices), named to Terra by a new opaque reference id, and the patient's connection
 * created (pending) or renewed. Errors: 404 for a patient out of scope, 409 `terraNotConfigured`,
 * 502 `terraUnreachable` (nothing is stored then).
 */
export async function authorize(ctx: AppContext, scope: Scope, patientId: number, lang: Lang) {
  const hospitalId = await repo.findPatientOfficeInScope(tenantDb(scope, ctx.db), patientId);
  if (hospitalId === null) { throw AppError.notFound(); }
  const referenceId = randomUUID();
  const session = await generateWidgetSession(ctx.config.terra, referenceId, lang).catch(terraFailure);
  await ctx.db.transaction(async (tx) => repo.upsertPendingConnection(tenantDb(scope, tx), patientId, hospitalId, referenceId));
  return { url: session.url, expiresInSeconds: session.expiresIn, patientId };
}

/** `terra/getterrausermappingtable`: the caller's connections (of office `locationId` when given; 404 for an office out of scope). */
export async function mappingTable(ctx: AppContext, scope: Scope, locationId: number | undefined): Promise<TerraMapping[]> {
  if (locationId !== undefined && !(await getOfficeInScope(tenantDb(scope, ctx.db), locationId))) { throw AppError.notFound(); }
  return (await repo.findMappings(tenantDb(scope, ctx.db), locationId)).map(toMapping);
}

/** `terra/getecpusersforterramappings`: ECP users the caller sees. */
export async function ecpUsers(ctx: AppContext, scope: Scope) {
  return repo.findEcpUsers(tenantDb(scope, ctx.db));
}

async function connectionOrThrow(ctx: AppContext, scope: Scope, patientId: number): Promise<repo.MappingRow> {
  const row = await repo.findConnectionOfPatient(tenantDb(scope, ctx.db), patientId);
  if (!row) { throw AppError.notFound('noUserMappingData'); }
  return row;
}

async function change(ctx: AppContext, scope: Scope, patientId: number, values: Parameters<typeof repo.updateConnection>[2]): Promise<TerraMapping> {
  await connectionOrThrow(ctx, scope, patientId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.updateConnection(tenantDb(scope, tx), patientId, values))) { throw AppError.notFound('noUserMappingData'); }
  });
  return toMapping(await connectionOrThrow(ctx, scope, patientId));
}

/** `terra/setsendingdatafromterratoecp`: 404 "No user mapping data!" without a connection in scope. */
export function setSendingToEcp(ctx: AppContext, scope: Scope, patientId: number, enabled: boolean) {
  return change(ctx, scope, patientId, { enableSendingDataToEcp: enabled });
}

/**
 * `terra/setecpuserinpersonateid`: the ECP user must be an ECP user (role 12) of the patient's
 * office, else 400 `ecpuserinpersonateid` invalid; 404 "No user mapping data!" without a connection.
 */
export async function setImpersonatedEcpUser(ctx: AppContext, scope: Scope, patientId: number, ecpUserId: number) {
  const connection = await connectionOrThrow(ctx, scope, patientId);
  if (!(await repo.isEcpUserOfOffice(tenantDb(scope, ctx.db), ecpUserId, connection.hospitalId))) { throw AppError.badRequest('validationFailed', { ecpuserinpersonateid: 'invalidId' }); }
  return change(ctx, scope, patientId, { ecpUserInpersonateId: ecpUserId });
}

/** `terra/setfdacleared`: readings stored from then on count as device days (docs/integrations.md "Billing"). */
export function setFdaCleared(ctx: AppContext, scope: Scope, patientId: number, cleared: boolean) {
  return change(ctx, scope, patientId, { fdaCleared: cleared, fdaClearedBy: cleared ? scope.userId : null });
}

/**
 * `terra/disconnect`: asks Terra to forget the user (when Terra knows one) and marks the connection
 * disconnected, so later deliveries are not turned into readings. 404 "No user mapping data!"; 409
 * / 502 as `authorize` when Terra must be asked and cannot be.
 */
export async function disconnect(ctx: AppContext, scope: Scope, patientId: number) {
  const connection = await connectionOrThrow(ctx, scope, patientId);
  if (connection.terraUserId && connection.status !== 'disconnected') { await deauthenticateUser(ctx.config.terra, connection.terraUserId).catch(terraFailure); }
  return change(ctx, scope, patientId, { status: 'disconnected' });
}

/** `terra/events`: the latest 50 deliveries of the patient's connection (404 without one in scope). */
export async function events(ctx: AppContext, scope: Scope, patientId: number): Promise<TerraEvent[]> {
  const connection = await connectionOrThrow(ctx, scope, patientId);
  return (await repo.findEventsOfConnection(tenantDb(scope, ctx.db), connection.id)).map((e) => ({
    id: e.id,
    type: e.type,
    status: e.status,
    readingsStored: e.readingsStored,
    readingsDuplicate: e.readingsDuplicate,
    readingsRejected: e.readingsRejected,
    receivedAt: e.receivedAt.toISOString(),
    processedAt: e.processedAt?.toISOString() ?? null,
  }));
}
