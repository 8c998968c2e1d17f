/**
 * The ECP's rows (docs/integrations.md "ECP"). Scope first: office rows through `officeFilter`,
 * users through `userFilter`; the webhook and the send job use `systemScope` (a delivery names an
 * ECP community, not a tenant: the location mapping decides the office).
 */
import { and, desc, eq, exists, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Role, type RoleId } from '@vigil/contract';
import { officeFilter, officeRowFilter, organizationFilter, type Scope } from '../../db/scope';
import { ecpLocations, ecpLogs, ecpOrganizations, ecpOutbound, hospitals, measurements, organizations, patientMetadata, terraConnections, userHospitals, users } from '../../db/schema/index';
import type { SystemDb, TenantDb } from '../../db/handles';
import { createUserFromRecord } from '../users/index';
import { setPatientRegistrationNumber } from '../metadata/index';

export type EcpLogRow = typeof ecpLogs.$inferSelect & { vigilUserName: string | null };
export type OutboundRow = typeof ecpOutbound.$inferSelect & { residentName: string };

const logColumns = { log: ecpLogs, first: users.firstName, last: users.lastName };
const withName = (r: { log: typeof ecpLogs.$inferSelect; first: string | null; last: string | null }): EcpLogRow => ({
  ...r.log,
  vigilUserName: r.first !== null ? `${r.first} ${r.last ?? ''}`.trim() : null,
});

export async function findLocations(tenant: TenantDb, hospitalId: number) {
    const { scope, db } = tenant;
  return db
    .select()
    .from(ecpLocations)
    .where(and(eq(ecpLocations.hospitalId, hospitalId), officeFilter(scope, ecpLocations.hospitalId)))
    .orderBy(ecpLocations.name, ecpLocations.id);
}

/**
 * Whether community `ecpCommunityId` is not mapped to any office yet while the ECP has already sent
 * records for it (logs kept without an office). A yes or no across tenants, without any record:
 * the system handle (docs/integrations.md "Claiming a community").
 */
export async function communityHoldsUnclaimedRecords(system: SystemDb, ecpCommunityId: string): Promise<boolean> {
  const { db } = system;
  const [mapped] = await db.select({ id: ecpLocations.id }).from(ecpLocations).where(eq(ecpLocations.ecpCommunityId, ecpCommunityId)).limit(1);
  if (mapped) { return false; }
  const [held] = await db.select({ id: ecpLogs.id }).from(ecpLogs).where(and(eq(ecpLogs.ecpCommunityId, ecpCommunityId), isNull(ecpLogs.hospitalId))).limit(1);
  return held !== undefined;
}

/** Maps a community to office `hospitalId` (in scope, checked by the caller); a community already mapped to an office out of scope is left alone (null). */
export async function upsertLocation(
  tenant: TenantDb,
  values: { ecpCommunityId: string; ecpOrganizationId: string | null; ecpOrganizationName?: string; name: string; hospitalId: number },
) {
    const { scope, db } = tenant;
  // The ECP organization belongs to the tenant it is mapped to (docs/integrations.md "ECP"): a
  // community of an office of another Vigil organization may not join it (409), and only offices
  // of that organization (or, while it is unmapped, of the one all its communities are in) may
  // rename it.
  let mayRename = true;
  if (values.ecpOrganizationId !== null) {
    const [office] = await db.select({ organizationId: hospitals.organizationId }).from(hospitals).where(eq(hospitals.id, values.hospitalId)).limit(1);
    const [known] = await db.select({ organizationId: ecpOrganizations.organizationId }).from(ecpOrganizations).where(eq(ecpOrganizations.ecpOrganizationId, values.ecpOrganizationId)).limit(1);
    if (known?.organizationId != null && known.organizationId !== office?.organizationId) { return null; }
    const foreign = await db
      .select({ id: ecpLocations.id })
      .from(ecpLocations)
      .innerJoin(hospitals, eq(hospitals.id, ecpLocations.hospitalId))
      .where(and(eq(ecpLocations.ecpOrganizationId, values.ecpOrganizationId), sql`${hospitals.organizationId} is distinct from ${office?.organizationId ?? null}`, sql`${ecpLocations.ecpCommunityId} <> ${values.ecpCommunityId}`))
      .limit(1);
    mayRename = foreign.length === 0 || (known?.organizationId != null && known.organizationId === office?.organizationId);
  }
  const [row] = await db
    .insert(ecpLocations)
    .values({ ecpCommunityId: values.ecpCommunityId, ecpOrganizationId: values.ecpOrganizationId, name: values.name, hospitalId: values.hospitalId })
    .onConflictDoUpdate({ target: ecpLocations.ecpCommunityId, set: { ecpOrganizationId: values.ecpOrganizationId, name: values.name, hospitalId: values.hospitalId }, setWhere: officeFilter(scope, ecpLocations.hospitalId) })
    .returning();
  if (row && values.ecpOrganizationId !== null) {
    // The ECP organization becomes known (/organizationMapping); a name given replaces the one kept.
    await db
      .insert(ecpOrganizations)
      .values({ ecpOrganizationId: values.ecpOrganizationId, name: values.ecpOrganizationName ?? '' })
      .onConflictDoUpdate({ target: ecpOrganizations.ecpOrganizationId, set: { name: mayRename ? sql`coalesce(nullif(excluded.name, ''), ${ecpOrganizations.name})` : sql`${ecpOrganizations.name}` } });
  }
  if (row) {
    // Logs of the community that arrived before the mapping now belong to the office.
    await db.update(ecpLogs).set({ hospitalId: values.hospitalId }).where(and(eq(ecpLogs.ecpCommunityId, values.ecpCommunityId), isNull(ecpLogs.vigilUserId)));
  }
  return row ?? null;
}

export async function findLogs(tenant: TenantDb, hospitalId: number, kind: string): Promise<EcpLogRow[]> {
    const { scope, db } = tenant;
  const rows = await db
    .select(logColumns)
    .from(ecpLogs)
    .leftJoin(users, eq(users.id, ecpLogs.vigilUserId))
    .where(and(eq(ecpLogs.hospitalId, hospitalId), eq(ecpLogs.kind, kind), officeFilter(scope, ecpLogs.hospitalId)))
    .orderBy(sql`case ${ecpLogs.status} when 'review' then 0 when 'new' then 1 else 2 end`, ecpLogs.lastName, ecpLogs.firstName)
    .limit(2000);
  return rows.map(withName);
}

export async function findLog(tenant: TenantDb, id: number): Promise<EcpLogRow | null> {
    const { scope, db } = tenant;
  const [row] = await db.select(logColumns).from(ecpLogs).leftJoin(users, eq(users.id, ecpLogs.vigilUserId)).where(and(eq(ecpLogs.id, id), officeFilter(scope, ecpLogs.hospitalId))).limit(1);
  return row ? withName(row) : null;
}

export async function updateLog(tenant: TenantDb, id: number, values: Partial<typeof ecpLogs.$inferInsert>): Promise<void> {
    const { scope, db } = tenant;
  await db
    .update(ecpLogs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ecpLogs.id, id), officeFilter(scope, ecpLogs.hospitalId)));
}

/** A user of `role` assigned to office `hospitalId` (in scope), or null. */
export async function findOfficeUser(tenant: TenantDb, userId: number, hospitalId: number, roles: RoleId[]) {
    const { scope, db } = tenant;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userHospitals, eq(userHospitals.userId, users.id))
    .where(and(eq(users.id, userId), inArray(users.roleId, roles), eq(userHospitals.hospitalId, hospitalId), officeFilter(scope, userHospitals.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** Candidates for a log among the office's users of `roles`: by an exact identifier (MRN for patients, e-mail for staff), then by name (and birth date for patients). */
export async function findCandidates(tenant: TenantDb, log: typeof ecpLogs.$inferSelect, roles: RoleId[]) {
    const { scope, db } = tenant;
  const base = and(inArray(users.roleId, roles), eq(userHospitals.hospitalId, log.hospitalId!), officeFilter(scope, userHospitals.hospitalId));
  if (log.kind === 'resident' && log.medicalRecordNumber) {
    const byId = await db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userHospitals, eq(userHospitals.userId, users.id))
      .innerJoin(patientMetadata, eq(patientMetadata.userId, users.id))
      .where(and(base, eq(patientMetadata.medicalRegistrationNumber, log.medicalRecordNumber)));
    if (byId.length > 0) { return { by: 'identifier' as const, ids: byId.map((r) => r.id) }; }
  }
  if (log.kind === 'user' && log.email) {
    const byId = await db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userHospitals, eq(userHospitals.userId, users.id))
      .where(and(base, sql`lower(${users.email}) = lower(${log.email})`));
    if (byId.length > 0) { return { by: 'identifier' as const, ids: byId.map((r) => r.id) }; }
  }
  const byName = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userHospitals, eq(userHospitals.userId, users.id))
    .where(
      and(
        base,
        sql`lower(${users.firstName}) = lower(${log.firstName})`,
        sql`lower(${users.lastName}) = lower(${log.lastName})`,
        log.kind === 'resident' ? (log.birthdate ? eq(users.birthdate, log.birthdate) : sql`false`) : undefined,
      ),
    );
  return { by: 'name' as const, ids: byName.map((r) => r.id) };
}

/** Vigil users already mapped from another log of the same kind (a Vigil record maps to one ECP record). */
export async function mappedUserIds(tenant: TenantDb, kind: string, hospitalId: number): Promise<Set<number>> {
    const { scope, db } = tenant;
  const rows = await db
    .select({ id: ecpLogs.vigilUserId })
    .from(ecpLogs)
    .where(and(eq(ecpLogs.kind, kind), eq(ecpLogs.hospitalId, hospitalId), eq(ecpLogs.status, 'mapped'), officeFilter(scope, ecpLogs.hospitalId)));
  return new Set(rows.map((r) => r.id).filter((x): x is number => x !== null));
}

/**
 * Creates a user of `role` in office `hospitalId` (in scope) from a log through the users feature,
 * and a patient's medical record number through the metadata feature (docs/architecture.md "Table
 * ownership"); answers its id, or null when the office is not in scope.
 */
export async function insertUserFromLog(tenant: TenantDb, log: typeof ecpLogs.$inferSelect, role: RoleId): Promise<number | null> {
  const userId = await createUserFromRecord(tenant, {
    hospitalId: log.hospitalId!,
    roleId: role,
    firstName: log.firstName,
    lastName: log.lastName,
    birthdate: log.birthdate,
    username: `ecp-${log.kind}-${log.id}-${Date.now().toString(36)}`,
    externalRef: `ecp:${log.kind}:${log.ecpId}`,
  });
  if (userId === null) { return null; }
  if (role === Role.PATIENT && log.medicalRecordNumber) { await setPatientRegistrationNumber(tenant, userId, log.medicalRecordNumber); }
  return userId;
}

// Outbound vital readings -----------------------------------------------------------------------

/**
 * Queues every reading of the office's mapped residents not queued before, reviewed by `reviewerId`,
 * in one statement (the unique measurement id makes a second finalize queue nothing). Answers the
 * new rows' ids and how many were already queued.
 */
export async function queueReviewedReadings(tenant: TenantDb, hospitalId: number, reviewerId: number): Promise<{ ids: number[]; alreadyQueued: number }> {
    const { scope, db } = tenant;
  const inserted = await db.execute<{ id: number }>(sql`
    insert into ecp_outbound (measurement_id, hospital_id, ecp_log_id, idempotency_key, reviewed_by)
    select m.id, m.hospital_id, l.id, 'vigil-reading-' || m.id, ${reviewerId}
      from ${measurements} m
      join ${ecpLogs} l on l.vigil_user_id = m.patient_id and l.kind = 'resident' and l.status = 'mapped' and l.hospital_id = m.hospital_id
     where m.hospital_id = ${hospitalId} and ${officeFilter(scope, sql`m.hospital_id`)} and not m.is_simulated
       -- A reading that came from Terra goes to the ECP only while the patient's forwarding is on
       -- (terra/setsendingdatafromterratoecp, docs/integrations.md "Forwarding to the ECP").
       and (m.source not in ('terra', 'terra-fda')
            or exists (select 1 from ${terraConnections} c where c.patient_id = m.patient_id and c.enable_sending_data_to_ecp))
    on conflict (measurement_id) do nothing
    returning id`);
  const rows = (inserted as unknown as { rows?: { id: number }[] }).rows ?? (inserted as unknown as { id: number }[]);
  const [already] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ecpOutbound)
    .where(and(eq(ecpOutbound.hospitalId, hospitalId), officeFilter(scope, ecpOutbound.hospitalId)));
  const ids = rows.map((r) => Number(r.id));
  return { ids, alreadyQueued: (already?.n ?? 0) - ids.length };
}

/** What one send needs: the row, its reading, its resident and the impersonated ECP user's own id. */
export async function findSend(tenant: TenantDb, outboundId: number) {
    const { scope, db } = tenant;
  void scope;
  const [row] = await db
    .select({ out: ecpOutbound, log: ecpLogs, m: measurements })
    .from(ecpOutbound)
    .innerJoin(ecpLogs, eq(ecpLogs.id, ecpOutbound.ecpLogId))
    .innerJoin(measurements, eq(measurements.id, ecpOutbound.measurementId))
    .where(eq(ecpOutbound.id, outboundId))
    .limit(1);
  if (!row) { return null; }
  const [impersonated] = await db
    .select({ ecpId: ecpLogs.ecpId })
    .from(terraConnections)
    .innerJoin(ecpLogs, and(eq(ecpLogs.vigilUserId, terraConnections.ecpUserInpersonateId), eq(ecpLogs.kind, 'user')))
    .where(eq(terraConnections.patientId, row.m.patientId))
    .limit(1);
  return { ...row, onBehalfOf: impersonated?.ecpId ?? null };
}

export async function updateOutbound(tenant: TenantDb, id: number, values: Partial<typeof ecpOutbound.$inferInsert>, onlyStatus?: string): Promise<boolean> {
    const { scope, db } = tenant;
  const rows = await db
    .update(ecpOutbound)
    .set(values)
    .where(and(eq(ecpOutbound.id, id), officeFilter(scope, ecpOutbound.hospitalId), onlyStatus ? eq(ecpOutbound.status, onlyStatus) : undefined))
    .returning({ id: ecpOutbound.id });
  return rows.length > 0;
}

export async function findOutbound(tenant: TenantDb, hospitalId: number | null, id: number | null, status: string | undefined): Promise<OutboundRow[]> {
    const { scope, db } = tenant;
  const rows = await db
    .select({ out: ecpOutbound, first: ecpLogs.firstName, last: ecpLogs.lastName })
    .from(ecpOutbound)
    .innerJoin(ecpLogs, eq(ecpLogs.id, ecpOutbound.ecpLogId))
    .where(
      and(
        hospitalId !== null ? eq(ecpOutbound.hospitalId, hospitalId) : undefined,
        id !== null ? eq(ecpOutbound.id, id) : undefined,
        status ? eq(ecpOutbound.status, status) : undefined,
        officeFilter(scope, ecpOutbound.hospitalId),
      ),
    )
    .orderBy(desc(ecpOutbound.id))
    .limit(500);
  return rows.map((r) => ({ ...r.out, residentName: `${r.first} ${r.last}` }));
}

// The webhook (systemScope) ------------------------------------------------------------------------

/**
 * Stores or refreshes the ECP log of one record (kind, ECP id): its office from the community's
 * mapping. A delivery identical to the stored one changes nothing (`changed` false).
 */
export async function upsertLogFromWebhook(
  tenant: TenantDb,
  values: { kind: string; ecpId: string; ecpCommunityId: string; firstName: string; lastName: string; birthdate: string | null; email: string | null; medicalRecordNumber: string | null; payload: Record<string, unknown> },
  updatedAt: Date | null = null,
): Promise<{ id: number; changed: boolean }> {
    const { scope, db } = tenant;
  void scope;
  const [location] = await db.select({ hospitalId: ecpLocations.hospitalId }).from(ecpLocations).where(eq(ecpLocations.ecpCommunityId, values.ecpCommunityId)).limit(1);
  const [row] = await db
    .insert(ecpLogs)
    .values({ ...values, hospitalId: location?.hospitalId ?? null })
    .onConflictDoUpdate({
      target: [ecpLogs.kind, ecpLogs.ecpId],
      set: { ...values, hospitalId: location?.hospitalId ?? null, receivedAt: new Date(), updatedAt: new Date() },
      // An older delivery (record.updatedAt) never overwrites a newer one; one without it never
      // overwrites a log that has one (ecp.service.ts receiveWebhook).
      setWhere: sql`${ecpLogs.payload} is distinct from ${JSON.stringify(values.payload)}::jsonb and (
        ${ecpLogs.payload} -> 'record' ->> 'updatedAt' is null
        or (${updatedAt ? updatedAt.toISOString() : null}::timestamptz is not null
          and ${updatedAt ? updatedAt.toISOString() : null}::timestamptz > (${ecpLogs.payload} -> 'record' ->> 'updatedAt')::timestamptz))`,
    })
    .returning({ id: ecpLogs.id });
  if (row) { return { id: row.id, changed: true }; }
  const [existing] = await db.select({ id: ecpLogs.id }).from(ecpLogs).where(and(eq(ecpLogs.kind, values.kind), eq(ecpLogs.ecpId, values.ecpId))).limit(1);
  return { id: existing!.id, changed: false };
}

// ECP organizations (/organizationMapping) ------------------------------------------------------

export type EcpOrganizationRow = typeof ecpOrganizations.$inferSelect & { organizationName: string | null; communities: number };

/** The communities of the ECP organization (the outer row) mapped to offices the caller sees. */
const visibleCommunities = (scope: Scope) =>
  sql`(select ${ecpLocations.id} from ${ecpLocations} inner join ${hospitals} on ${hospitals.id} = ${ecpLocations.hospitalId}
    where ${ecpLocations.ecpOrganizationId} = ${ecpOrganizations.ecpOrganizationId} and ${officeRowFilter(scope, hospitals.id, hospitals.organizationId)})`;

/**
 * The tenant filter of an ECP organization: one of its communities maps to an office the caller
 * sees, or it maps to an organization in scope (an ECP organization belongs to no tenant itself).
 */
function ecpOrganizationFilter(scope: Scope): SQL {
  return or(exists(visibleCommunities(scope)), and(isNotNull(ecpOrganizations.organizationId), organizationFilter(scope, ecpOrganizations.organizationId)))!;
}

const organizationColumns = (scope: Scope) => ({
  row: ecpOrganizations,
  organizationName: organizations.institutionName,
  communities: sql<number>`(select count(*) from ${visibleCommunities(scope)} c)::int`,
});
const toOrganizationRow = (r: { row: typeof ecpOrganizations.$inferSelect; organizationName: string | null; communities: number }): EcpOrganizationRow => ({
  ...r.row,
  organizationName: r.organizationName,
  communities: Number(r.communities),
});

/** The ECP organizations the caller sees, review first, then by name. */
export async function findEcpOrganizations(tenant: TenantDb): Promise<EcpOrganizationRow[]> {
    const { scope, db } = tenant;
  const rows = await db
    .select(organizationColumns(scope))
    .from(ecpOrganizations)
    .leftJoin(organizations, eq(organizations.id, ecpOrganizations.organizationId))
    .where(ecpOrganizationFilter(scope))
    .orderBy(sql`case ${ecpOrganizations.status} when 'review' then 0 when 'new' then 1 else 2 end`, ecpOrganizations.name, ecpOrganizations.ecpOrganizationId)
    .limit(2000);
  return rows.map(toOrganizationRow);
}

/** One ECP organization the caller sees, or null. */
export async function findEcpOrganization(tenant: TenantDb, id: number): Promise<EcpOrganizationRow | null> {
    const { scope, db } = tenant;
  const [row] = await db
    .select(organizationColumns(scope))
    .from(ecpOrganizations)
    .leftJoin(organizations, eq(organizations.id, ecpOrganizations.organizationId))
    .where(and(eq(ecpOrganizations.id, id), ecpOrganizationFilter(scope)))
    .limit(1);
  return row ? toOrganizationRow(row) : null;
}

export async function updateEcpOrganization(tenant: TenantDb, id: number, values: Partial<typeof ecpOrganizations.$inferInsert>): Promise<void> {
    const { scope, db } = tenant;
  await db
    .update(ecpOrganizations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ecpOrganizations.id, id), ecpOrganizationFilter(scope)));
}

/** Whether Vigil organization `organizationId` exists and is in scope. */
export async function findOrganizationInScope(tenant: TenantDb, organizationId: number): Promise<boolean> {
    const { scope, db } = tenant;
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), organizationFilter(scope, organizations.id)))
    .limit(1);
  return row !== undefined;
}

/**
 * Candidate Vigil organizations of an ECP organization: the organizations of the offices ALL its
 * communities map to, whoever sees them (a candidate out of the caller's sight still counts, so that
 * an ECP organization spread over two Vigil organizations is never merged into one; only the count
 * leaves this function's caller).
 */
export async function findOrganizationCandidates(tenant: TenantDb, ecpOrganizationId: string): Promise<number[]> {
    const { scope, db } = tenant;
  void scope;
  const rows = await db
    .selectDistinct({ id: hospitals.organizationId })
    .from(ecpLocations)
    .innerJoin(hospitals, eq(hospitals.id, ecpLocations.hospitalId))
    .where(eq(ecpLocations.ecpOrganizationId, ecpOrganizationId));
  return rows.map((r) => r.id);
}
