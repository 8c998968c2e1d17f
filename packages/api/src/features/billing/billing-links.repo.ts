import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { billingCodeLinks, hospitals, organizations, users } from '../../db/schema/index';
import { assertOfficeInScope, assertOrganizationInScope, officeOrOrganizationRowFilter, type Scope } from '../../db/scope';
import { pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

// A billing code link belongs to an office (hospitalId) or to a whole organization
// (organizationId). Office links are visible to callers who see the office; organization links to
// those who see the whole organization (its organization admins, system admins), because the
// file behind them covers every office. Anything else reads as absent.

const creator = alias(users, 'creator');
const linkOrganization = alias(organizations, 'link_organization');

/** The SQL condition of the links the caller may see (db/scope.ts `officeOrOrganizationRowFilter`). */
export function linkVisible(scope: Scope): SQL {
  return officeOrOrganizationRowFilter(scope, billingCodeLinks.hospitalId, billingCodeLinks.organizationId);
}

export interface LinkRow {
  id: number;
  hospitalId: number | null;
  hospitalName: string | null;
  hospitalOrganizationId: number | null;
  organizationId: number | null;
  organizationName: string | null;
  year: number;
  month: number;
  title: string;
  email: string | null;
  isEmailDownloaded: boolean;
  expiresAt: Date | null;
  createdBy: number | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  createdAt: Date;
}

function linkQuery(db: Executor) {
  return db
    .select({
      id: billingCodeLinks.id,
      hospitalId: billingCodeLinks.hospitalId,
      hospitalName: hospitals.hospitalName,
      hospitalOrganizationId: hospitals.organizationId,
      organizationId: billingCodeLinks.organizationId,
      organizationName: linkOrganization.institutionName,
      year: billingCodeLinks.year,
      month: billingCodeLinks.month,
      title: billingCodeLinks.title,
      email: billingCodeLinks.email,
      isEmailDownloaded: billingCodeLinks.isEmailDownloaded,
      expiresAt: billingCodeLinks.expiresAt,
      createdBy: billingCodeLinks.createdBy,
      creatorFirstName: creator.firstName,
      creatorLastName: creator.lastName,
      createdAt: billingCodeLinks.createdAt,
    })
    .from(billingCodeLinks)
    .leftJoin(hospitals, eq(hospitals.id, billingCodeLinks.hospitalId))
    .leftJoin(linkOrganization, eq(linkOrganization.id, sql`coalesce(${billingCodeLinks.organizationId}, ${hospitals.organizationId})`))
    .leftJoin(creator, eq(creator.id, billingCodeLinks.createdBy));
}

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const periodKey = sql`(${billingCodeLinks.year} * 12 + ${billingCodeLinks.month})`;
const sortColumns: Record<string, SQL | typeof billingCodeLinks.createdAt> = {
  createdAt: billingCodeLinks.createdAt,
  period: periodKey,
  title: sql`lower(${billingCodeLinks.title})`,
};

/** A page of the visible links, filtered; newest first unless sorted. */
export async function findLinks(
  tenant: TenantDb,
  q: { page: number; pageSize: number; sort?: string; search?: string; hospitalid?: number; organizationid?: number; year?: number; month?: number },
): Promise<{ rows: LinkRow[]; total: number }> {
  const { scope, db } = tenant;
  const term = q.search?.trim();
  const where = and(
    linkVisible(scope),
    q.hospitalid !== undefined ? eq(billingCodeLinks.hospitalId, q.hospitalid) : undefined,
    q.organizationid !== undefined ? or(eq(billingCodeLinks.organizationId, q.organizationid), eq(hospitals.organizationId, q.organizationid)) : undefined,
    q.year !== undefined ? eq(billingCodeLinks.year, q.year) : undefined,
    q.month !== undefined ? eq(billingCodeLinks.month, q.month) : undefined,
    term ? or(ilike(billingCodeLinks.title, containsPattern(term)), ilike(billingCodeLinks.email, containsPattern(term))) : undefined,
  );
  let orderBy: SQL[] = [desc(billingCodeLinks.createdAt), desc(billingCodeLinks.id)];
  if (q.sort) {
    const column = sortColumns[q.sort.replace(/^-/, '')]!;
    orderBy = [q.sort.startsWith('-') ? desc(column) : asc(column), desc(billingCodeLinks.id)];
  }
  const [rows, [totalRow]] = await Promise.all([
    linkQuery(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(billingCodeLinks).leftJoin(hospitals, eq(hospitals.id, billingCodeLinks.hospitalId)).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** The link `id` when visible, else null. */
export async function getLink(tenant: TenantDb, id: number): Promise<LinkRow | null> {
  const { scope, db } = tenant;
  const [row] = await linkQuery(db).where(and(eq(billingCodeLinks.id, id), linkVisible(scope)));
  return row ?? null;
}

/** The visible, unexpired link whose e-mailed token hashes to `tokenHash`, else null. */
export async function getLinkByTokenHash(tenant: TenantDb, tokenHash: string, now: Date): Promise<LinkRow | null> {
  const { scope, db } = tenant;
  const [row] = await linkQuery(db).where(and(eq(billingCodeLinks.tokenHash, tokenHash), gt(billingCodeLinks.expiresAt, now), linkVisible(scope)));
  return row ?? null;
}

/** Inserts a link of one of the caller's offices or of their organization (404 otherwise); returns its id. */
export async function insertLink(
  tenant: TenantDb,
  values: { hospitalId: number | null; organizationId: number | null; year: number; month: number; title: string; email: string | null; createdBy: number },
): Promise<number> {
  const { scope, db } = tenant;
  if (values.hospitalId !== null) { assertOfficeInScope(scope, values.hospitalId); }
  else if (values.organizationId !== null) { assertOrganizationInScope(scope, values.organizationId); }
  const [row] = await db.insert(billingCodeLinks).values(values).returning({ id: billingCodeLinks.id });
  return row!.id;
}

/** Updates a visible link; false when not visible. */
export async function updateLink(
  tenant: TenantDb,
  id: number,
  set: Partial<{ title: string; email: string | null; year: number; month: number; tokenHash: string | null; expiresAt: Date | null; isEmailDownloaded: boolean }>,
): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .update(billingCodeLinks)
    .set(set)
    .where(and(eq(billingCodeLinks.id, id), linkVisible(scope)))
    .returning({ id: billingCodeLinks.id });
  return rows.length > 0;
}

/** Deletes a visible link; false when not visible. */
export async function deleteLink(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(billingCodeLinks)
    .where(and(eq(billingCodeLinks.id, id), linkVisible(scope)))
    .returning({ id: billingCodeLinks.id });
  return rows.length > 0;
}
