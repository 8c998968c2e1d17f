import { Role, type ApiKey, type ApiKeyListQuery, type CreateApiKeyBody } from '@vigil/contract';
import type { AppContext } from '../../context';
import { isOrganizationInScope, type Scope } from '../../db/scope';
import { getVisibleUserOfRole } from '../../db/visible';
import { forgetApiKeys, newApiKey } from '../../lib/api-key-auth';
import { AppError } from '../../lib/app-error';
import * as repo from './api-keys.repo';
import { tenantDb } from '../../db/handles';

/**
 * API users' keys (issue "Partners and API users"; docs/api-keys.md). A system admin or the
 * organization's admin issues a key to an API user (role 9) of the organization: read-only or
 * ingestion, with a per-minute limit. The key is answered once and stored as SHA-256; revoking
 * stops it at once in this process (within lib/api-key-auth.ts API_KEY_TTL_MS in another).
 */

/** `GET apikeys`: a page of the keys of the caller's organizations. */
export async function findKeys(ctx: AppContext, scope: Scope, q: ApiKeyListQuery) {
  const { items, total } = await repo.findKeys(tenantDb(scope, ctx.db), q);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * `POST apikeys`: issues a key to API user `userId`. 404 when the user is not an API user the
 * caller sees or not of one of the caller's organizations; 400 apiUserRequired for a user without
 * an organization.
 */
export async function createKey(ctx: AppContext, scope: Scope, body: CreateApiKeyBody): Promise<{ key: string; apiKey: ApiKey }> {
  const id = await ctx.db.transaction(async (tx) => {
    const user = await getVisibleUserOfRole(tenantDb(scope, tx), body.userId, Role.API_USER);
    if (!user) { throw AppError.notFound(); }
    const organizationId = await repo.organizationOfUser(tenantDb(scope, tx), user.id);
    if (organizationId === null) { throw AppError.badRequest('apiUserRequired', { userId: 'apiUserRequired' }); }
    if (!isOrganizationInScope(scope, organizationId)) { throw AppError.notFound(); }
    const issued = newApiKey();
    const keyId = await repo.insertKey(tenantDb(scope, tx), {
      userId: user.id,
      organizationId,
      name: body.name,
      prefix: issued.prefix,
      keyHash: issued.hash,
      access: body.access,
      rateLimitPerMinute: body.rateLimitPerMinute,
      createdBy: scope.userId,
    });
    return { keyId, key: issued.key };
  });
  forgetApiKeys(ctx);
  return { key: id.key, apiKey: (await repo.getKey(tenantDb(scope, ctx.db), id.keyId))! };
}

/** `DELETE apikeys/{id}`: revokes the key. 404 out of scope. */
export async function revokeKey(ctx: AppContext, scope: Scope, id: number): Promise<ApiKey> {
  if (!(await repo.getKey(tenantDb(scope, ctx.db), id))) { throw AppError.notFound(); }
  await repo.revokeKey(tenantDb(scope, ctx.db), id, new Date());
  forgetApiKeys(ctx);
  return (await repo.getKey(tenantDb(scope, ctx.db), id))!;
}
