import { randomBytes } from 'node:crypto';
import type { CreateSmartClientBody, SmartClient } from '@vigil/contract';
import type { AppContext } from '../../context';
import { tenantDb } from '../../db/handles';
import { isOrganizationInScope, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import * as repo from './fhir-api.repo';

/**
 * The organization's FHIR API clients (docs/fhir.md "Registering a client"): a system admin or
 * the organization's admin registers a SMART Backend Services client with its public JWKS and
 * allowed system scopes, and revokes it (its tokens stop at once). Both calls are recorded in the
 * audit trail (the contract's `audit` declarations).
 */

/** `GET fhirclients`: the clients of the organization; 404 for an organization the caller does not administer. */
export async function findClients(ctx: AppContext, scope: Scope, organizationId: number): Promise<SmartClient[]> {
  if (!isOrganizationInScope(scope, organizationId)) { throw AppError.notFound(); }
  return repo.findClients(tenantDb(scope, ctx.db), organizationId);
}

/** `POST fhirclients`: registers a client; its `client_id` is 128 random bits. 404 out of scope. */
export async function createClient(ctx: AppContext, scope: Scope, body: CreateSmartClientBody): Promise<SmartClient> {
  if (!isOrganizationInScope(scope, body.organizationId)) { throw AppError.notFound(); }
  const id = await repo.insertClient(tenantDb(scope, ctx.db), {
    organizationId: body.organizationId,
    clientId: `vgc_${randomBytes(16).toString('base64url')}`,
    name: body.name,
    jwks: body.jwks as { keys: Array<Record<string, unknown>> },
    scopes: [...new Set(body.scopes)],
    createdBy: scope.userId,
  });
  return (await repo.getClient(tenantDb(scope, ctx.db), id))!;
}

/** `DELETE fhirclients/{id}`: revokes the client and its tokens. 404 out of scope. */
export async function revokeClient(ctx: AppContext, scope: Scope, id: number): Promise<SmartClient> {
  if (!(await repo.getClient(tenantDb(scope, ctx.db), id))) { throw AppError.notFound(); }
  await ctx.db.transaction(async (tx) => repo.revokeClient(tenantDb(scope, tx), id, scope.userId, new Date()));
  return (await repo.getClient(tenantDb(scope, ctx.db), id))!;
}
