import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Role, type PublicLinkStatus } from '@vigil/contract';
import type { Executor } from '../../db/client';
import {
  hospitalDeviceDefaults,
  hospitals,
  hubs,
  measurements,
  medicalDevices,
  publicLinkAccesses,
  publicLinks,
  trustedHubs,
  userHospitals,
  users,
} from '../../db/schema/index';
import { officeFilter, userFilter, type Scope } from '../../db/scope';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

// Staff functions take the caller's `scope` first and see a link when they created it or when its
// patient is in their scope (userFilter); anything else reads as absent. The public functions act
// for the holder of a link: their "scope" is the `LinkGrant` that the token resolved to, and they
// read only that patient's readings in that office.

/** What a valid public link lets its holder read: one patient's readings in one office, for a period. */
export interface LinkGrant {
  linkId: number;
  patientId: number;
  hospitalId: number;
  periodStart: Date;
  periodEnd: Date;
}

const patient = alias(users, 'patient');
const creator = alias(users, 'creator');

const accessCount = sql<number>`(select count(*) from ${publicLinkAccesses} where ${publicLinkAccesses.publicLinkId} = ${publicLinks.id})::int`;
const lastAccessedAt = sql<Date | null>`(select max(${publicLinkAccesses.accessedAt}) from ${publicLinkAccesses} where ${publicLinkAccesses.publicLinkId} = ${publicLinks.id})`;

const linkColumns = {
  id: publicLinks.id,
  patientId: publicLinks.patientId,
  patientFirstName: patient.firstName,
  patientLastName: patient.lastName,
  hospitalId: publicLinks.hospitalId,
  hospitalName: hospitals.hospitalName,
  timeZone: hospitals.timeZone,
  periodStart: publicLinks.periodStart,
  periodEnd: publicLinks.periodEnd,
  expiresAt: publicLinks.expiresAt,
  revokedAt: publicLinks.revokedAt,
  sharedWithEmail: publicLinks.sharedWithEmail,
  createdBy: publicLinks.createdBy,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  createdAt: publicLinks.createdAt,
  accessCount,
  lastAccessedAt,
};

export interface PublicLinkRow {
  id: number;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
  hospitalId: number;
  hospitalName: string;
  /** The office's IANA zone: the public report and the staff list show the link's dates in it. */
  timeZone: string;
  periodStart: Date;
  periodEnd: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  sharedWithEmail: string | null;
  createdBy: number;
  creatorFirstName: string;
  creatorLastName: string;
  createdAt: Date;
  accessCount: number;
  /** text from some drivers (a subquery's timestamptz): the service normalises it */
  lastAccessedAt: Date | string | null;
}

/** The links a staff caller may see: their own, and those of patients in their scope. */
function visible(scope: Scope): SQL {
  return or(eq(publicLinks.createdBy, scope.userId), userFilter(scope, publicLinks.patientId))!;
}

/** The SQL condition of a link status at `now`. */
function statusCondition(status: PublicLinkStatus, now: Date): SQL {
  switch (status) {
    case 'revoked':
      return isNotNull(publicLinks.revokedAt);
    case 'expired':
      return and(isNull(publicLinks.revokedAt), lte(publicLinks.expiresAt, now))!;
    case 'active':
      return and(isNull(publicLinks.revokedAt), gt(publicLinks.expiresAt, now))!;
  }
}

/**
 * The patient a caller may share: a user with the patient role in the caller's scope, with the
 * first of their offices (lowest id) that the caller also sees — the office the link belongs to.
 * Null when the patient is not visible or has no office in the caller's scope.
 */
export async function getShareablePatient(
  tenant: TenantDb,
  patientId: number,
): Promise<{ id: number; firstName: string; lastName: string; hospitalId: number; hospitalName: string; hospitalNameEsp: string; timeZone: string } | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      hospitalId: hospitals.id,
      hospitalName: hospitals.hospitalName,
      hospitalNameEsp: hospitals.hospitalNameEsp,
      timeZone: hospitals.timeZone,
    })
    .from(users)
    .innerJoin(userHospitals, eq(userHospitals.userId, users.id))
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .where(and(eq(users.id, patientId), eq(users.roleId, Role.PATIENT), userFilter(scope, users.id), officeFilter(scope, hospitals.id)))
    .orderBy(asc(hospitals.id))
    .limit(1);
  return row ?? null;
}

/** Stores a new link (its token only as the SHA-256 hash) and returns its id. */
export async function insertPublicLink(
  tenant: TenantDb,
  values: { tokenHash: string; patientId: number; hospitalId: number; periodStart: Date; periodEnd: Date; expiresAt: Date; sharedWithEmail: string | null },
): Promise<number> {
  const { scope, db } = tenant;
  const [row] = await db
    .insert(publicLinks)
    .values({ ...values, createdBy: scope.userId })
    .returning({ id: publicLinks.id });
  return row!.id;
}

/** One link the caller may see, or null. */
export async function getVisiblePublicLink(tenant: TenantDb, id: number): Promise<PublicLinkRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select(linkColumns)
    .from(publicLinks)
    .innerJoin(patient, eq(patient.id, publicLinks.patientId))
    .innerJoin(creator, eq(creator.id, publicLinks.createdBy))
    .innerJoin(hospitals, eq(hospitals.id, publicLinks.hospitalId))
    .where(and(eq(publicLinks.id, id), visible(scope)))
    .limit(1);
  return row ?? null;
}

export interface PublicLinkFilter {
  patientId?: number;
  status?: PublicLinkStatus;
  /** Matched against the patient's name and the e-mail, case-insensitively. */
  search?: string;
  now: Date;
}

const sortColumns = {
  createdAt: publicLinks.createdAt,
  expiresAt: publicLinks.expiresAt,
  periodStart: publicLinks.periodStart,
  periodEnd: publicLinks.periodEnd,
  patientName: patient.lastName,
} as const;

/**
 * One page of the links the caller may see, filtered and sorted in SQL (default: newest first;
 * `sort` is a key of `sortColumns`, '-' prefixed for descending), with the total count.
 */
export async function findPublicLinks(
  tenant: TenantDb,
  filter: PublicLinkFilter,
  page: { page: number; pageSize: number; sort?: string },
): Promise<{ rows: PublicLinkRow[]; total: number }> {
  const { scope, db } = tenant;
  const parts: SQL[] = [visible(scope)];
  if (filter.patientId !== undefined) { parts.push(eq(publicLinks.patientId, filter.patientId)); }
  if (filter.status) { parts.push(statusCondition(filter.status, filter.now)); }
  const text = filter.search?.trim();
  if (text) {
    const pattern = `%${escapeLike(text.toLowerCase())}%`;
    parts.push(
      or(
        sql`lower(${patient.firstName} || ' ' || ${patient.lastName}) like ${pattern}`,
        sql`lower(coalesce(${publicLinks.sharedWithEmail}, '')) like ${pattern}`,
      )!,
    );
  }
  const where = and(...parts)!;
  const descending = page.sort?.startsWith('-') ?? false;
  const column = sortColumns[(page.sort?.replace(/^-/, '') ?? '') as keyof typeof sortColumns];
  const order = column ? [descending ? desc(column) : asc(column), desc(publicLinks.id)] : [desc(publicLinks.createdAt), desc(publicLinks.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(linkColumns)
      .from(publicLinks)
      .innerJoin(patient, eq(patient.id, publicLinks.patientId))
      .innerJoin(creator, eq(creator.id, publicLinks.createdBy))
      .innerJoin(hospitals, eq(hospitals.id, publicLinks.hospitalId))
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db
      .select({ n: count() })
      .from(publicLinks)
      .innerJoin(patient, eq(patient.id, publicLinks.patientId))
      .where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Sets `revokedAt` on a link the caller may see (kept when already revoked); false when not visible. */
export async function revokePublicLink(tenant: TenantDb, id: number, at: Date): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(publicLinks)
    .set({ revokedAt: sql`coalesce(${publicLinks.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(publicLinks.id, id), visible(scope)))
    .returning({ id: publicLinks.id });
  return rows.length > 0;
}

// Public reads ---------------------------------------------------------------------------------

/**
 * The link whose token hashes to `hash` (whatever its state: the service decides), with what the
 * report shows of the patient and the office. This is the one lookup by token; it yields the grant.
 */
export async function getLinkByTokenHash(db: Executor, hash: string) {
  const [row] = await db
    .select({
      id: publicLinks.id,
      patientId: publicLinks.patientId,
      hospitalId: publicLinks.hospitalId,
      periodStart: publicLinks.periodStart,
      periodEnd: publicLinks.periodEnd,
      expiresAt: publicLinks.expiresAt,
      revokedAt: publicLinks.revokedAt,
      patientFirstName: users.firstName,
      patientLastName: users.lastName,
      hospitalName: hospitals.hospitalName,
      hospitalNameEsp: hospitals.hospitalNameEsp,
      timeZone: hospitals.timeZone,
    })
    .from(publicLinks)
    .innerJoin(users, eq(users.id, publicLinks.patientId))
    .innerJoin(hospitals, eq(hospitals.id, publicLinks.hospitalId))
    .where(eq(publicLinks.tokenHash, hash))
    .limit(1);
  return row ?? null;
}

/**
 * The hub `hubIdentifier` when it belongs to the granted patient: assigned to them, trusted by
 * them, or the source of one of their readings in the link's office. Null otherwise, so that a
 * link cannot be used to probe other patients' hubs.
 */
export async function getHubOfPatient(grant: LinkGrant, db: Executor, hubIdentifier: string): Promise<{ id: number; hubIdentifier: string } | null> {
  const [row] = await db
    .select({ id: hubs.id, hubIdentifier: hubs.hubIdentifier })
    .from(hubs)
    .where(
      and(
        eq(hubs.hubIdentifier, hubIdentifier),
        or(
          eq(hubs.assignedToUserId, grant.patientId),
          sql`exists (select 1 from ${trustedHubs} where ${trustedHubs.hubId} = ${hubs.id} and ${trustedHubs.patientId} = ${grant.patientId})`,
          sql`exists (select 1 from ${measurements} where ${measurements.hubId} = ${hubs.id} and ${measurements.patientId} = ${grant.patientId} and ${measurements.hospitalId} = ${grant.hospitalId})`,
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface ReadingRow {
  deviceType: string;
  measuredAt: Date;
  measuredAtOffset: string;
  valuesJson: Record<string, number>;
  severity: number;
  isSimulated: boolean;
  isManual: boolean;
}

/**
 * The granted patient's readings in the link's office and period (inclusive), optionally only
 * those posted by `hubId`: the most recent `limit`, returned oldest first.
 */
export async function findGrantedReadings(grant: LinkGrant, db: Executor, opts: { hubId: number | null; limit: number }): Promise<ReadingRow[]> {
  const rows = await db
    .select({
      deviceType: measurements.deviceType,
      measuredAt: measurements.measuredAt,
      measuredAtOffset: measurements.measuredAtOffset,
      valuesJson: measurements.valuesJson,
      severity: measurements.severity,
      isSimulated: measurements.isSimulated,
      isManual: measurements.isManual,
    })
    .from(measurements)
    .where(
      and(
        eq(measurements.patientId, grant.patientId),
        eq(measurements.hospitalId, grant.hospitalId),
        gte(measurements.measuredAt, grant.periodStart),
        lte(measurements.measuredAt, grant.periodEnd),
        opts.hubId === null ? sql`true` : eq(measurements.hubId, opts.hubId),
      ),
    )
    .orderBy(desc(measurements.measuredAt), desc(measurements.id))
    .limit(opts.limit);
  return rows.reverse();
}

/** The office's threshold overrides per device type: { deviceType: { loinc: thresholds } } (canonical units). */
export async function findOfficeThresholds(grant: LinkGrant, db: Executor): Promise<Record<string, Record<string, unknown>>> {
  const rows = await db
    .select({ deviceType: hospitalDeviceDefaults.deviceType, thresholdsJson: hospitalDeviceDefaults.thresholdsJson })
    .from(hospitalDeviceDefaults)
    .where(eq(hospitalDeviceDefaults.hospitalId, grant.hospitalId));
  return Object.fromEntries(rows.map((r) => [r.deviceType, r.thresholdsJson]));
}

/**
 * The patient's own device overrides per device type (canonical units): of several active devices
 * of one type, the one on `hubId` first, then the newest.
 */
export async function findDeviceThresholds(grant: LinkGrant, db: Executor, hubId: number | null): Promise<Record<string, Record<string, unknown>>> {
  const rows = await db
    .select({ deviceType: medicalDevices.deviceType, values: medicalDevices.deviceDefaultValuesJson })
    .from(medicalDevices)
    .where(and(eq(medicalDevices.patientId, grant.patientId), eq(medicalDevices.hospitalId, grant.hospitalId), eq(medicalDevices.status, 1)))
    .orderBy(...(hubId === null ? [] : [sql`(${medicalDevices.hubId} = ${hubId}) desc nulls last`]), desc(medicalDevices.id));
  const out: Record<string, Record<string, unknown>> = {};
  for (const r of rows) { out[r.deviceType] ??= r.values; }
  return out;
}

/** Records one access of the link (client IP and user agent; never the token). */
export async function recordAccess(grant: LinkGrant, db: Executor, client: { ip: string; userAgent: string }): Promise<void> {
  await db.insert(publicLinkAccesses).values({ publicLinkId: grant.linkId, ip: client.ip, userAgent: client.userAgent });
}
