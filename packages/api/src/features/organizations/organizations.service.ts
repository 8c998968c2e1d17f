import { toE164, type EndpointBody, type EndpointQuery, type Organization, type OrganizationPatientEntry, type User } from '@vigil/contract';
import type { organizations as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import { assertOrganizationInScope, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { loadUserViews } from '../users/index';
import * as repo from './organizations.repo';
import { tenantDb } from '../../db/handles';

type OrganizationBody = EndpointBody<typeof contract.createOrganization>;
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The stored columns of a validated body: the contact phone in E.164 ('' when missing). */
function valuesOf(body: OrganizationBody) {
  return {
    institutionName: body.institutionName,
    institutionNameEsp: body.institutionNameESP ?? '',
    contactPhone: toE164(body.contactPhone, body.country),
    contactEmail: body.contactEmail ?? '',
    address: body.address ?? '',
    city: body.city ?? '',
    state: body.state ?? '',
    zip: body.zip ?? '',
    country: body.country,
    status: body.status,
  };
}

/** GET medicalinstitution: a system admin sees every organization, anyone else only their own. */
export async function findOrganizations(
  ctx: AppContext,
  scope: Scope,
  q: EndpointQuery<typeof contract.findOrganizations>,
): Promise<Page<Organization>> {
  const { items, total } = await repo.findOrganizations(tenantDb(scope, ctx.db), q);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** GET medicalinstitution/{id}; 404 'invalidId' when it is not in the caller's scope. */
export async function getOrganization(ctx: AppContext, scope: Scope, id: number): Promise<Organization> {
  const org = await repo.getOrganization(tenantDb(scope, ctx.db), id);
  if (!org) { throw AppError.notFound(); }
  return org;
}

/**
 * POST medicalinstitution (organizations.manage). The contact phone was validated for `country`
 * by the contract; it is stored in E.164 (spec section 5).
 */
export async function createOrganization(ctx: AppContext, scope: Scope, body: OrganizationBody): Promise<Organization> {
  const row = await repo.insertOrganization(tenantDb(scope, ctx.db), valuesOf(body));
  return getOrganization(ctx, scope, row.id);
}

/**
 * PUT medicalinstitution/{id} (organizations.update): an organization admin only their own, a
 * system admin any. 404 when out of scope.
 */
export async function updateOrganization(ctx: AppContext, scope: Scope, id: number, body: OrganizationBody): Promise<Organization> {
  const updated = await repo.updateOrganization(tenantDb(scope, ctx.db), id, valuesOf(body));
  if (!updated) { throw AppError.notFound(); }
  return getOrganization(ctx, scope, id);
}

/**
 * DELETE medicalinstitution/{id} (organizations.manage). Refused with 409 'conflict' while the
 * organization still has offices or users (their history must not be orphaned); 404 when out of scope.
 */
export async function deleteOrganization(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const org = await repo.getOrganization(tenantDb(scope, tx), id);
    if (!org) { throw AppError.notFound(); }
    const dependents = await repo.countDependents(tenantDb(scope, tx), id);
    if (dependents.offices > 0 || dependents.users > 0) { throw AppError.conflict(); }
    await repo.deleteOrganization(tenantDb(scope, tx), id);
    return { id };
  });
}

/**
 * GET medicalinstitution/getrelatedorganizationpatients (header organizationid): the spec's
 * organization patient list entries for the offices of that organization the caller sees.
 * 404 when the organization is not the caller's.
 */
export async function findOrganizationPatients(
  ctx: AppContext,
  scope: Scope,
  organizationId: number,
  q: EndpointQuery<typeof contract.findOrganizationPatients>,
): Promise<Page<OrganizationPatientEntry>> {
  assertOrganizationInScope(scope, organizationId);
  const { items, total } = await repo.findOrganizationPatients(tenantDb(scope, ctx.db), organizationId, q);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * GET medicalinstitution/getrelatedorganizationmedicalstaffV2 (header organizationid): doctors,
 * nurses, office admins and caregivers of the organization's offices, as User shapes. 404 when the
 * organization is not the caller's.
 */
export async function findOrganizationMedicalStaff(
  ctx: AppContext,
  scope: Scope,
  organizationId: number,
  q: EndpointQuery<typeof contract.findOrganizationMedicalStaffV2>,
): Promise<Page<User>> {
  assertOrganizationInScope(scope, organizationId);
  const { ids, total } = await repo.findOrganizationStaffIds(tenantDb(scope, ctx.db), organizationId, q);
  const views = await loadUserViews(tenantDb(scope, ctx.db), ids, { officesVisibleTo: scope });
  return { items: views, total, page: q.page, pageSize: q.pageSize };
}
