/**
 * The external care platform for staff (portal-spec.md section 7 "ECP"; docs/integrations.md "ECP"):
 * location mappings, ECP logs beside Vigil records, automatic mapping (exact identifiers first, then
 * name and birth date, never merging when two candidates match), creating a Vigil record from a
 * log, and sending reviewed readings (queued once, each with its idempotency key).
 */
import { can, Role, type EcpLocation, type EcpLog, type EcpOrganization, type EcpOutbound } from '@vigil/contract';
import type { AppContext } from '../../context';
import { isOrganizationInScope, systemScope, type Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import * as repo from './ecp.repo';
import { systemDb, tenantDb } from '../../db/handles';
import { parseJsonWithin } from '../../lib/input-guard';

const STAFF_ROLES = [Role.ECP_USER, Role.DOCTOR, Role.NURSE, Role.HOSPITAL_ADMIN];

function toLog(r: repo.EcpLogRow): EcpLog {
  return {
    id: r.id,
    kind: r.kind as EcpLog['kind'],
    ecpId: r.ecpId,
    ecpCommunityId: r.ecpCommunityId,
    hospitalId: r.hospitalId,
    firstName: r.firstName,
    lastName: r.lastName,
    birthdate: r.birthdate,
    email: r.email,
    status: r.status as EcpLog['status'],
    reason: r.reason,
    vigilUserId: r.vigilUserId,
    vigilUserName: r.vigilUserName,
    receivedAt: r.receivedAt.toISOString(),
  };
}

function toOutbound(r: repo.OutboundRow): EcpOutbound {
  return {
    id: r.id,
    measurementId: r.measurementId,
    ecpLogId: r.ecpLogId,
    residentName: r.residentName,
    status: r.status as EcpOutbound['status'],
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

async function officeOrThrow(ctx: AppContext, scope: Scope, hospitalId: number) {
  const office = await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  return office;
}

/** `getecpmappinglocation`: the communities mapped to office `hospitalId` (404 out of scope). */
export async function locations(ctx: AppContext, scope: Scope, hospitalId: number): Promise<EcpLocation[]> {
  await officeOrThrow(ctx, scope, hospitalId);
  return repo.findLocations(tenantDb(scope, ctx.db), hospitalId);
}

/**
 * `ecp/setlocationmapping`: maps a community to an office in scope (the call is on the audit trail).
 * 404 for an office out of scope; 409 when the community is mapped to an office out of scope; 409
 * ecpCommunityHoldsRecords when the community is not mapped yet but the ECP has already sent records
 * for it and the caller may not claim such a community (`ecp.claimHeldCommunity`, system admins):
 * whoever maps it first would read those residents, so its owner is confirmed by a system admin
 * (docs/integrations.md "Claiming a community").
 */
export async function setLocation(
  ctx: AppContext,
  scope: Scope,
  body: { ecpCommunityId: string; ecpOrganizationId?: string; ecpOrganizationName?: string; name?: string; hospitalId: number },
): Promise<EcpLocation> {
  await officeOrThrow(ctx, scope, body.hospitalId);
  const row = await ctx.db.transaction(async (tx) => {
    if (!can(scope.role, 'ecp.claimHeldCommunity') && (await repo.communityHoldsUnclaimedRecords(systemDb(tx), body.ecpCommunityId))) {
      throw AppError.conflict('ecpCommunityHoldsRecords');
    }
    return repo.upsertLocation(tenantDb(scope, tx), {
      ecpCommunityId: body.ecpCommunityId,
      ecpOrganizationId: body.ecpOrganizationId ?? null,
      ecpOrganizationName: body.ecpOrganizationName,
      name: body.name ?? '',
      hospitalId: body.hospitalId,
    });
  });
  if (!row) { throw AppError.conflict(); }
  return row;
}

// ECP organizations (/organizationMapping) ------------------------------------------------------

function toOrganization(r: repo.EcpOrganizationRow): EcpOrganization {
  return {
    id: r.id,
    ecpOrganizationId: r.ecpOrganizationId,
    name: r.name,
    communities: r.communities,
    status: r.status as EcpOrganization['status'],
    reason: r.reason,
    organizationId: r.organizationId,
    organizationName: r.organizationName,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** `ecp/organizations`: the ECP organizations the caller sees (repo `ecpOrganizationFilter`), review first. */
export async function ecpOrganizations(ctx: AppContext, scope: Scope): Promise<EcpOrganization[]> {
  return (await repo.findEcpOrganizations(tenantDb(scope, ctx.db))).map(toOrganization);
}

/**
 * `ecp/doautomaticecporganizationsmapping`: each ECP organization in scope not yet mapped is matched
 * with the Vigil organization of the offices its communities map to (reason 'communities') when
 * that organization is in scope; communities in two or more Vigil organizations go to review with
 * the reason and never merge; none stays new ('no match'). Several ECP organizations may map to one
 * Vigil organization (an operator with several ECP tenants).
 */
export async function automaticOrganizationMapping(ctx: AppContext, scope: Scope) {
  return ctx.db.transaction(async (tx) => {
    let mapped = 0;
    let review = 0;
    let unmatched = 0;
    for (const row of await repo.findEcpOrganizations(tenantDb(scope, tx))) {
      if (row.status === 'mapped') { continue; }
      const ids = await repo.findOrganizationCandidates(tenantDb(scope, tx), row.ecpOrganizationId);
      if (ids.length === 1 && isOrganizationInScope(scope, ids[0]!)) {
        await repo.updateEcpOrganization(tenantDb(scope, tx), row.id, { status: 'mapped', organizationId: ids[0]!, reason: 'communities' });
        mapped++;
      } else if (ids.length > 1) {
        await repo.updateEcpOrganization(tenantDb(scope, tx), row.id, { status: 'review', organizationId: null, reason: `${ids.length} candidates match by communities: choose one` });
        review++;
      } else {
        await repo.updateEcpOrganization(tenantDb(scope, tx), row.id, { status: 'new', reason: 'no match' });
        unmatched++;
      }
    }
    return { mapped, review, unmatched };
  });
}

/**
 * `ecp/organizations/{id}/mapping`: confirm a Vigil organization (in scope) or unmap (null). 404
 * for an ECP organization the caller does not see, one mapped to an organization out of scope, or
 * an organization out of scope; nothing changes then.
 */
export async function setOrganizationMapping(ctx: AppContext, scope: Scope, id: number, organizationId: number | null): Promise<EcpOrganization> {
  const row = await repo.findEcpOrganization(tenantDb(scope, ctx.db), id);
  if (!row || (row.organizationId !== null && !isOrganizationInScope(scope, row.organizationId))) { throw AppError.notFound(); }
  if (organizationId === null) {
    await ctx.db.transaction((tx) => repo.updateEcpOrganization(tenantDb(scope, tx), id, { status: 'new', organizationId: null, reason: 'unmapped' }));
  } else {
    if (!(await repo.findOrganizationInScope(tenantDb(scope, ctx.db), organizationId))) { throw AppError.notFound(); }
    await ctx.db.transaction((tx) => repo.updateEcpOrganization(tenantDb(scope, tx), id, { status: 'mapped', organizationId, reason: 'confirmed' }));
  }
  return toOrganization((await repo.findEcpOrganization(tenantDb(scope, ctx.db), id))!);
}

/** `ecp/logs`: an office's residents or users from the ECP (404 out of scope). */
export async function logs(ctx: AppContext, scope: Scope, hospitalId: number, kind: 'resident' | 'user'): Promise<EcpLog[]> {
  await officeOrThrow(ctx, scope, hospitalId);
  return (await repo.findLogs(tenantDb(scope, ctx.db), hospitalId, kind)).map(toLog);
}

/**
 * `doautomaticecpresidentsmapping` / `doautomaticecpusersmapping`: each log not yet mapped is
 * matched among the office's patients (residents) or staff (users) not mapped to another log: one
 * candidate by an exact identifier (MRN / e-mail) maps with reason 'identifier'; else one candidate
 * by name (and birth date for residents) maps with reason 'name and birth date' / 'name'; two or
 * more go to review with the reason; none stays new. 404 for an office out of scope.
 */
export async function automaticMapping(ctx: AppContext, scope: Scope, hospitalId: number, kind: 'resident' | 'user') {
  await officeOrThrow(ctx, scope, hospitalId);
  const roles = kind === 'resident' ? [Role.PATIENT] : STAFF_ROLES;
  return ctx.db.transaction(async (tx) => {
    const taken = await repo.mappedUserIds(tenantDb(scope, tx), kind, hospitalId);
    let mapped = 0;
    let review = 0;
    let unmatched = 0;
    for (const log of await repo.findLogs(tenantDb(scope, tx), hospitalId, kind)) {
      if (log.status === 'mapped') { continue; }
      const found = await repo.findCandidates(tenantDb(scope, tx), log, roles);
      const ids = found.ids.filter((id) => !taken.has(id));
      if (ids.length === 1) {
        taken.add(ids[0]!);
        await repo.updateLog(tenantDb(scope, tx), log.id, { status: 'mapped', vigilUserId: ids[0]!, reason: found.by === 'identifier' ? (kind === 'resident' ? 'medical record number' : 'e-mail') : kind === 'resident' ? 'name and birth date' : 'name' });
        mapped++;
      } else if (ids.length > 1) {
        await repo.updateLog(tenantDb(scope, tx), log.id, { status: 'review', vigilUserId: null, reason: `${ids.length} candidates match by ${found.by === 'identifier' ? 'identifier' : 'name'}: choose one` });
        review++;
      } else {
        await repo.updateLog(tenantDb(scope, tx), log.id, { status: 'new', reason: 'no match' });
        unmatched++;
      }
    }
    return { mapped, review, unmatched };
  });
}

async function logOrThrow(ctx: AppContext, scope: Scope, id: number, kind?: string) {
  const log = await repo.findLog(tenantDb(scope, ctx.db), id);
  if (!log || log.hospitalId === null || (kind && log.kind !== kind)) { throw AppError.notFound(); }
  return log;
}

/** `ecp/logs/{id}/mapping`: confirm (a patient / staff user of the log's office, else 400) or unmap (null). 404 out of scope. */
export async function setMapping(ctx: AppContext, scope: Scope, id: number, vigilUserId: number | null): Promise<EcpLog> {
  const log = await logOrThrow(ctx, scope, id);
  if (vigilUserId === null) {
    await ctx.db.transaction((tx) => repo.updateLog(tenantDb(scope, tx), id, { status: 'new', vigilUserId: null, reason: 'unmapped' }));
  } else {
    const roles = log.kind === 'resident' ? [Role.PATIENT] : STAFF_ROLES;
    if (!(await repo.findOfficeUser(tenantDb(scope, ctx.db), vigilUserId, log.hospitalId!, roles))) { throw AppError.badRequest('validationFailed', { vigilUserId: 'invalidId' }); }
    await ctx.db.transaction((tx) => repo.updateLog(tenantDb(scope, tx), id, { status: 'mapped', vigilUserId, reason: 'confirmed' }));
  }
  return toLog((await repo.findLog(tenantDb(scope, ctx.db), id))!);
}

/** `createresidentfromecplog` / `createuserfromecplog`: 404 out of scope or another kind; 409 when the log is already mapped. */
export async function createFromLog(ctx: AppContext, scope: Scope, id: number, kind: 'resident' | 'user'): Promise<EcpLog> {
  const log = await logOrThrow(ctx, scope, id, kind);
  if (log.status === 'mapped') { throw AppError.conflict(); }
  await ctx.db.transaction(async (tx) => {
    const userId = await repo.insertUserFromLog(tenantDb(scope, tx), log, kind === 'resident' ? Role.PATIENT : Role.ECP_USER);
    if (userId === null) { throw AppError.notFound(); }
    await repo.updateLog(tenantDb(scope, tx), id, { status: 'mapped', vigilUserId: userId, reason: 'created' });
  });
  return toLog((await repo.findLog(tenantDb(scope, ctx.db), id))!);
}

/**
 * `dofinalizemeasurmentsautomatically`: the caller reviews the office's readings of mapped residents;
 * each not queued before is queued once (idempotency key 'vigil-reading-<id>') and its send job
 * enqueued after the commit. 404 out of scope.
 */
export async function finalize(ctx: AppContext, scope: Scope, hospitalId: number) {
  await officeOrThrow(ctx, scope, hospitalId);
  const { ids, alreadyQueued } = await ctx.db.transaction((tx) => repo.queueReviewedReadings(tenantDb(scope, tx), hospitalId, scope.userId));
  for (const id of ids) { await ctx.jobs.enqueue('ecp-send', { outboundId: id }); }
  return { queued: ids.length, alreadyQueued };
}

/** `ecp/outbound`: an office's sends, or its dead letters (`status` dead). 404 out of scope. */
export async function outbound(ctx: AppContext, scope: Scope, hospitalId: number, status: string | undefined): Promise<EcpOutbound[]> {
  await officeOrThrow(ctx, scope, hospitalId);
  return (await repo.findOutbound(tenantDb(scope, ctx.db), hospitalId, null, status)).map(toOutbound);
}

/** `ecp/outbound/{id}/retry`: a dead letter goes back to the queue with its same key. 404 out of scope; 409 when it is not dead. */
export async function retry(ctx: AppContext, scope: Scope, id: number): Promise<EcpOutbound> {
  const [row] = await repo.findOutbound(tenantDb(scope, ctx.db), null, id, undefined);
  if (!row) { throw AppError.notFound(); }
  if (!(await ctx.db.transaction((tx) => repo.updateOutbound(tenantDb(scope, tx), id, { status: 'queued', lastError: null }, 'dead')))) { throw AppError.conflict(); }
  await ctx.jobs.enqueue('ecp-send', { outboundId: id });
  return toOutbound((await repo.findOutbound(tenantDb(scope, ctx.db), null, id, undefined))[0]!);
}

type Json = Record<string, unknown>;
const text = (v: unknown, max = 200): string | null => (typeof v === 'string' && v.trim().length > 0 && v.length <= max && !v.includes('\u0000') ? v.trim() : null);

/**
 * The ECP webhook (after lib/ecp-client.ts verified the signature): a resident or user record
 * `{ type: 'resident' | 'user', communityId, record: { id, firstName, lastName, birthDate?, email?,
 * medicalRecordNumber?, updatedAt? } }` stored as its ECP log (a repeated identical delivery changes
 * nothing). Deliveries are ordered by `record.updatedAt`: once a log holds one, a delivery that is
 * not newer (older, the same, or without it: a replay) changes nothing and answers `changed:
 * false`. 400 "No event data!" otherwise (also for an `updatedAt` that is not a date-time).
 */
export async function receiveWebhook(ctx: AppContext, raw: Buffer) {
  let payload: Json | null = null;
  const parsed = parseJsonWithin(raw.toString('utf8'));
  payload = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : null;
  const record = payload?.record !== null && typeof payload?.record === 'object' ? (payload.record as Json) : null;
  const kind = payload?.type === 'resident' || payload?.type === 'user' ? payload.type : null;
  const ecpId = text(record?.id, 100) ?? (typeof record?.id === 'number' ? String(record.id) : null);
  const communityId = text(payload?.communityId, 100);
  const firstName = text(record?.firstName);
  const lastName = text(record?.lastName);
  const birth = text(record?.birthDate, 10);
  // The delivery's order (docs/integrations.md "ECP"): record.updatedAt, an ISO 8601 date-time.
  const updatedAtText = record?.updatedAt === undefined ? null : text(record.updatedAt, 40);
  const updatedAt = updatedAtText !== null && /^\d{4}-\d{2}-\d{2}T/.test(updatedAtText) && !Number.isNaN(Date.parse(updatedAtText)) ? new Date(updatedAtText) : null;
  if (!payload || !record || !kind || !ecpId || !communityId || !firstName || !lastName || (birth !== null && !/^\d{4}-\d{2}-\d{2}$/.test(birth)) || raw.toString('utf8').includes('\\u0000') || (record.updatedAt !== undefined && updatedAt === null)) {
    throw AppError.badRequest('noEventData');
  }
  const stored = await repo.upsertLogFromWebhook(tenantDb(systemScope, ctx.db), {
    kind,
    ecpId,
    ecpCommunityId: communityId,
    firstName,
    lastName,
    birthdate: birth,
    email: text(record.email),
    medicalRecordNumber: text(record.medicalRecordNumber, 100),
    payload,
  }, updatedAt);
  return { ecpLogId: stored.id, changed: stored.changed };
}
