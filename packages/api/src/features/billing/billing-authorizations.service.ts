import {
  BILLING_PROGRAMS,
  Role,
  type BillingAuthorizationTemplate,
  type BillingProgram,
  type EndpointBody,
  type EndpointQuery,
  type RoleId,
  type UserBillingAuthorization,
} from '@vigil/contract';
import type { billing as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import { seesWholeOrganization, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import * as repo from './billing-authorizations.repo';
import { getOrganizationInScope } from './billing-exports.repo';
import { tenantDb } from '../../db/handles';

/** Staff who may be authorised to bill: doctors (billing practitioners), nurses (clinical staff time) and office admins. */
export const BILLABLE_STAFF_ROLES: readonly RoleId[] = [Role.DOCTOR, Role.NURSE, Role.HOSPITAL_ADMIN];

/** Stored program lists are trusted only as far as they name known programs, in canonical order. */
const programsOf = (stored: string[]): BillingProgram[] => BILLING_PROGRAMS.filter((p) => stored.includes(p));

function toTemplate(row: repo.TemplateRow): BillingAuthorizationTemplate {
  return {
    id: row.id,
    organizationId: row.organizationId ?? 0,
    organizationName: row.organizationName ?? '',
    name: row.name,
    programs: programsOf(row.programs),
    usedBy: Number(row.usedBy),
    createdAt: row.createdAt.toISOString(),
  };
}

function toAuthorization(row: repo.AuthorizationRow): UserBillingAuthorization {
  return {
    id: row.id,
    userId: row.userId,
    userFullname: `${row.firstName} ${row.lastName}`.trim(),
    roleId: row.roleId,
    hospitalId: row.hospitalId,
    hospitalName: row.hospitalName,
    templateId: row.templateId,
    templateName: row.templateName,
    programs: programsOf(row.programs),
    createdAt: row.createdAt.toISOString(),
  };
}

async function visibleTemplate(ctx: AppContext, scope: Scope, id: number): Promise<repo.TemplateRow> {
  const row = await repo.getTemplate(tenantDb(scope, ctx.db), id);
  if (!row) { throw AppError.notFound(); }
  return row;
}

const duplicateName = () => new AppError('conflict', 'conflict', {}, { name: 'conflict' });

/**
 * A template belongs to a whole organization, so only who sees the whole organization (its
 * organization admin, a system admin) creates, changes or deletes it; an office admin, whose
 * `billing.authorizations` covers the authorizations of their offices, gets 403 (docs/security.md
 * "Inbound principals"). Office staff still read the templates to apply them to their staff.
 */
function assertManagesTemplates(scope: Scope, organizationId: number): void {
  if (!seesWholeOrganization(scope, organizationId)) { throw AppError.forbidden(); }
}

/** GET billingauthorizationtemplate: a page of the templates of the caller's organization (any, or query organizationid, for a system admin), by name. */
export async function findTemplates(ctx: AppContext, scope: Scope, query: EndpointQuery<typeof contract.findBillingAuthorizationTemplates>) {
  const { rows, total } = await repo.findTemplates(tenantDb(scope, ctx.db), query);
  return { items: rows.map(toTemplate), total, page: query.page, pageSize: query.pageSize };
}

/** GET billingauthorizationtemplate/{id}: 404 outside the caller's organization. */
export async function getTemplate(ctx: AppContext, scope: Scope, id: number): Promise<BillingAuthorizationTemplate> {
  return toTemplate(await visibleTemplate(ctx, scope, id));
}

/**
 * POST billingauthorizationtemplate: a named set of programs for an organization — body
 * organizationId, defaulting to the caller's (a system admin must give it: 400 'required'). 404
 * for another organization; 403 for an office admin (`assertManagesTemplates`); 409 when the
 * organization already has a template of that name.
 */
export async function createTemplate(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.createBillingAuthorizationTemplate>): Promise<BillingAuthorizationTemplate> {
  const organizationId = body.organizationId ?? scope.organizationId;
  if (organizationId === null) { throw AppError.badRequest('validationFailed', { organizationId: 'required' }); }
  if (!(await getOrganizationInScope(tenantDb(scope, ctx.db), organizationId))) { throw AppError.notFound(); }
  assertManagesTemplates(scope, organizationId);
  if (await repo.templateNameTaken(tenantDb(scope, ctx.db), organizationId, body.name)) { throw duplicateName(); }
  const id = await repo.insertTemplate(tenantDb(scope, ctx.db), { organizationId, name: body.name, programs: body.programs });
  return toTemplate((await repo.getTemplate(tenantDb(scope, ctx.db), id))!);
}

/** PUT billingauthorizationtemplate/{id}: name and/or programs. Authorizations made from it keep their own programs. 404 / 409 as for create. */
export async function updateTemplate(
  ctx: AppContext,
  scope: Scope,
  id: number,
  body: EndpointBody<typeof contract.updateBillingAuthorizationTemplate>,
): Promise<BillingAuthorizationTemplate> {
  const row = await visibleTemplate(ctx, scope, id);
  assertManagesTemplates(scope, row.organizationId!);
  if (body.name !== undefined && row.organizationId !== null && (await repo.templateNameTaken(tenantDb(scope, ctx.db), row.organizationId, body.name, id))) { throw duplicateName(); }
  if (!(await repo.updateTemplate(tenantDb(scope, ctx.db), id, body))) { throw AppError.notFound(); }
  return toTemplate((await repo.getTemplate(tenantDb(scope, ctx.db), id))!);
}

/** DELETE billingauthorizationtemplate/{id}: answers the deleted template; authorizations made from it keep their programs. */
export async function deleteTemplate(ctx: AppContext, scope: Scope, id: number): Promise<BillingAuthorizationTemplate> {
  const row = await visibleTemplate(ctx, scope, id);
  assertManagesTemplates(scope, row.organizationId!);
  if (!(await repo.deleteTemplate(tenantDb(scope, ctx.db), id))) { throw AppError.notFound(); }
  return toTemplate(row);
}

// User billing authorizations -------------------------------------------------------------------

async function visibleAuthorization(ctx: AppContext, scope: Scope, id: number): Promise<repo.AuthorizationRow> {
  const row = await repo.getAuthorization(tenantDb(scope, ctx.db), id);
  if (!row) { throw AppError.notFound(); }
  return row;
}

/** A template usable in `organizationId`'s offices, or 404 on templateId. */
async function templateFor(ctx: AppContext, scope: Scope, templateId: number, organizationId: number): Promise<repo.TemplateRow> {
  const template = await repo.getTemplate(tenantDb(scope, ctx.db), templateId);
  if (!template || template.organizationId !== organizationId) { throw new AppError('notFound', 'invalidId', {}, { templateId: 'invalidId' }); }
  return template;
}

/** GET billingusersauthorization: a page of the authorizations of offices in scope (query hospitalid, userid, program), by staff name. */
export async function findAuthorizations(ctx: AppContext, scope: Scope, query: EndpointQuery<typeof contract.findUserBillingAuthorizations>) {
  const { rows, total } = await repo.findAuthorizations(tenantDb(scope, ctx.db), query);
  return { items: rows.map(toAuthorization), total, page: query.page, pageSize: query.pageSize };
}

/** GET billingusersauthorization/{id}: 404 outside the caller's offices. */
export async function getAuthorization(ctx: AppContext, scope: Scope, id: number): Promise<UserBillingAuthorization> {
  return toAuthorization(await visibleAuthorization(ctx, scope, id));
}

/**
 * POST billingusersauthorization: lets a staff member bill programs in an office. The office must
 * be in scope and the user assigned to it (404 otherwise), a doctor, nurse or office admin (400
 * 'Invalid' on userId otherwise); the template, when given, of the office's organization (404).
 * Programs: those given, else the template's. 409 when the user already has an authorization for
 * the office (one per user and office).
 */
export async function createAuthorization(
  ctx: AppContext,
  scope: Scope,
  body: EndpointBody<typeof contract.createUserBillingAuthorization>,
): Promise<UserBillingAuthorization> {
  const office = await repo.getOffice(tenantDb(scope, ctx.db), body.hospitalId);
  if (!office) { throw AppError.notFound(); }
  const user = await repo.getStaffOfOffice(tenantDb(scope, ctx.db), body.userId, office.id);
  if (!user) { throw AppError.notFound(); }
  if (!BILLABLE_STAFF_ROLES.includes(user.roleId as RoleId)) { throw AppError.badRequest('validationFailed', { userId: 'invalid' }); }
  const template = body.templateId ? await templateFor(ctx, scope, body.templateId, office.organizationId) : null;
  const programs = body.programs ?? programsOf(template!.programs);
  if (await repo.authorizationExists(tenantDb(scope, ctx.db), user.id, office.id)) { throw AppError.conflict(); }
  const id = await repo.insertAuthorization(tenantDb(scope, ctx.db), { userId: user.id, hospitalId: office.id, templateId: template?.id ?? null, programs });
  return toAuthorization((await repo.getAuthorization(tenantDb(scope, ctx.db), id))!);
}

/**
 * PUT billingusersauthorization/{id}: a new template (its programs apply unless programs are
 * given; null detaches it and keeps the programs) and/or programs. 404 when not visible or for a
 * template of another organization.
 */
export async function updateAuthorization(
  ctx: AppContext,
  scope: Scope,
  id: number,
  body: EndpointBody<typeof contract.updateUserBillingAuthorization>,
): Promise<UserBillingAuthorization> {
  const row = await visibleAuthorization(ctx, scope, id);
  const set: { templateId?: number | null; programs?: BillingProgram[] } = {};
  if (body.templateId !== undefined) {
    set.templateId = body.templateId;
    if (body.templateId !== null) {
      const office = await repo.getOffice(tenantDb(scope, ctx.db), row.hospitalId);
      if (!office) { throw AppError.notFound(); }
      const template = await templateFor(ctx, scope, body.templateId, office.organizationId);
      set.programs = programsOf(template.programs);
    }
  }
  if (body.programs !== undefined) { set.programs = body.programs; }
  if (Object.keys(set).length > 0 && !(await repo.updateAuthorization(tenantDb(scope, ctx.db), id, set))) { throw AppError.notFound(); }
  return toAuthorization((await repo.getAuthorization(tenantDb(scope, ctx.db), id))!);
}

/** DELETE billingusersauthorization/{id}: answers the removed authorization; 404 when not visible. */
export async function deleteAuthorization(ctx: AppContext, scope: Scope, id: number): Promise<UserBillingAuthorization> {
  const row = await visibleAuthorization(ctx, scope, id);
  if (!(await repo.deleteAuthorization(tenantDb(scope, ctx.db), id))) { throw AppError.notFound(); }
  return toAuthorization(row);
}
