import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApiKey, ApiKeyListQuery } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { apiKeys, users } from '../../db/schema/index';
import { assertOrganizationInScope, organizationFilter, userFilter } from '../../db/scope';
import { pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

/** API keys of the caller's organizations. Every function takes the caller's scope first. */

const k = apiKeys;
const keys = (db: Executor) =>
  db
    .select({
      id: k.id,
      userId: k.userId,
      userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      organizationId: k.organizationId,
      name: k.name,
      prefix: k.prefix,
      access: k.access,
      rateLimitPerMinute: k.rateLimitPerMinute,
      createdAt: k.createdAt,
      lastUsedAt: k.lastUsedAt,
      revokedAt: k.revokedAt,
    })
    .from(k)
    .innerJoin(users, eq(users.id, k.userId));
type Row = Awaited<ReturnType<typeof keys>>[number];

const view = (r: Row): ApiKey => ({
  ...r,
  access: r.access === 'ingest' ? 'ingest' : 'read',
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
  revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
});

/** A page of the keys of the caller's organizations (of `userId`, of `organizationId`), newest first. */
export async function findKeys(tenant: TenantDb, q: ApiKeyListQuery): Promise<{ items: ApiKey[]; total: number }> {
  const { scope, db } = tenant;
  const where = and(
    organizationFilter(scope, k.organizationId),
    q.userId !== undefined ? eq(k.userId, q.userId) : undefined,
    q.organizationId !== undefined ? eq(k.organizationId, q.organizationId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    keys(db).where(where).orderBy(desc(k.createdAt), desc(k.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(k).where(where),
  ]);
  return { items: rows.map(view), total: Number(count?.n ?? 0) };
}

/** The key `id` of the caller's organizations, or null. */
export async function getKey(tenant: TenantDb, id: number): Promise<ApiKey | null> {
  const { scope, db } = tenant;
  const [row] = await keys(db)
    .where(and(eq(k.id, id), organizationFilter(scope, k.organizationId)))
    .limit(1);
  return row ? view(row) : null;
}

/** Inserts a key (its hash only) for API user `userId` of organization `organizationId` (both checked by the service); returns its id. */
export async function insertKey(
  tenant: TenantDb,
  v: { userId: number; organizationId: number; name: string; prefix: string; keyHash: string; access: 'read' | 'ingest'; rateLimitPerMinute: number; createdBy: number },
): Promise<number> {
  const { scope, db } = tenant;
  assertOrganizationInScope(scope, v.organizationId);
  const [row] = await db.insert(k).values(v).returning({ id: k.id });
  return row!.id;
}

/** Revokes key `id` of the caller's organizations (once: a revoked key keeps its first revocation time). */
export async function revokeKey(tenant: TenantDb, id: number, at: Date): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(k)
    .set({ revokedAt: sql`coalesce(${k.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(k.id, id), organizationFilter(scope, k.organizationId)));
}

/** The organization of user `userId` when the caller sees the user (userFilter), else null. */
export async function organizationOfUser(tenant: TenantDb, userId: number): Promise<number | null> {
  const { scope, db } = tenant;
  const [row] = await db.select({ organizationId: users.organizationId }).from(users).where(and(eq(users.id, userId), userFilter(scope, users.id))).limit(1);
  return row?.organizationId ?? null;
}
