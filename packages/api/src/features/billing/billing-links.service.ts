import { BILLING_LINK_EXPIRY_DAYS, type BillingCodeLink, type EndpointBody, type EndpointQuery, type Lang } from '@vigil/contract';
import type { billing as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import { seesWholeOrganization, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { newToken, tokenHash } from '../../lib/crypto';
import { billingFile, resolveBillingTarget, type BillingFile, type BillingTarget } from './billing-exports.service';
import { billingLinkEmail } from './billing-links.emails';
import * as repo from './billing-links.repo';
import { linkBase } from '../../lib/public-url';
import { tenantDb } from '../../db/handles';

const DAY_MS = 86_400_000;

type CreateBody = EndpointBody<typeof contract.createBillingCodeLink>;
type UpdateBody = EndpointBody<typeof contract.updateBillingCodeLink>;
type FindQuery = EndpointQuery<typeof contract.findBillingCodeLinks>;

function toLink(row: repo.LinkRow): BillingCodeLink {
  return {
    id: row.id,
    hospitalId: row.hospitalId,
    hospitalName: row.hospitalName,
    organizationId: row.organizationId ?? row.hospitalOrganizationId,
    organizationName: row.organizationName,
    year: row.year,
    month: row.month,
    title: row.title,
    email: row.email,
    isEmailDownloaded: row.isEmailDownloaded,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    createdBy: row.createdBy,
    createdByName: [row.creatorFirstName, row.creatorLastName].filter(Boolean).join(' '),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The billing target of a link (office or organization) for `year`/`month`, as the caller sees
 * it. An organization link needs a caller who sees the whole organization (404 otherwise), since
 * its file covers every office. 400 'CSV cannot be downloaded for upcoming months' when the month
 * has not begun (spec section 5): a link to a file that cannot exist yet is refused.
 */
async function targetOf(
  ctx: AppContext,
  scope: Scope,
  where: { hospitalId: number | null; organizationId: number | null },
  year: number,
  month: number,
): Promise<BillingTarget> {
  if (where.hospitalId === null && (where.organizationId === null || !seesWholeOrganization(scope, where.organizationId))) { throw AppError.notFound(); }
  return resolveBillingTarget(
    ctx,
    scope,
    where.hospitalId !== null ? { hospitalid: where.hospitalId, year, month } : { organizationid: where.organizationId!, year, month },
    { refuseUpcoming: true },
  );
}

async function visibleLink(ctx: AppContext, scope: Scope, id: number): Promise<repo.LinkRow> {
  const row = await repo.getLink(tenantDb(scope, ctx.db), id);
  if (!row) { throw AppError.notFound(); }
  return row;
}

/** GET billingcodelink: a page of the visible links (office links of offices in scope; organization links for organization-wide callers), newest first. */
export async function findLinks(ctx: AppContext, scope: Scope, query: FindQuery) {
  const { rows, total } = await repo.findLinks(tenantDb(scope, ctx.db), query);
  return { items: rows.map(toLink), total, page: query.page, pageSize: query.pageSize };
}

/**
 * POST billingcodelink: a link to the billing file of an office (hospitalId) or organization for
 * a month that has begun. 404 when the office or organization is not the caller's; 400
 * 'CSV cannot be downloaded for upcoming months'.
 */
export async function createLink(ctx: AppContext, scope: Scope, body: CreateBody): Promise<BillingCodeLink> {
  const where = { hospitalId: body.hospitalId ?? null, organizationId: body.organizationId ?? null };
  await targetOf(ctx, scope, where, body.year, body.month);
  const id = await repo.insertLink(tenantDb(scope, ctx.db), {
    ...where,
    year: body.year,
    month: body.month,
    title: body.title ?? '',
    email: body.email ?? null,
    createdBy: scope.userId,
  });
  return toLink((await repo.getLink(tenantDb(scope, ctx.db), id))!);
}

/**
 * PUT billingcodelink/{id}: title, recipient and month. A new month or recipient invalidates the
 * e-mailed token (it was sent for the old file or to the old address) and resets
 * isEmailDownloaded. 404 when not visible; 400 for an upcoming month.
 */
export async function updateLink(ctx: AppContext, scope: Scope, id: number, body: UpdateBody): Promise<BillingCodeLink> {
  const row = await visibleLink(ctx, scope, id);
  const year = body.year ?? row.year;
  const month = body.month ?? row.month;
  const periodChanged = year !== row.year || month !== row.month;
  if (periodChanged) { await targetOf(ctx, scope, row, year, month); }
  const emailChanged = body.email !== undefined && body.email !== row.email;
  const set: Parameters<typeof repo.updateLink>[2] = { year, month };
  if (body.title !== undefined) { set.title = body.title; }
  if (body.email !== undefined) { set.email = body.email; }
  if (periodChanged || emailChanged) { Object.assign(set, { tokenHash: null, expiresAt: null, isEmailDownloaded: false }); }
  if (!(await repo.updateLink(tenantDb(scope, ctx.db), id, set))) { throw AppError.notFound(); }
  return toLink((await repo.getLink(tenantDb(scope, ctx.db), id))!);
}

/** DELETE billingcodelink/{id}: deletes the link (its e-mailed URL stops working); answers the deleted link. 404 when not visible. */
export async function deleteLink(ctx: AppContext, scope: Scope, id: number): Promise<BillingCodeLink> {
  const row = await visibleLink(ctx, scope, id);
  if (!(await repo.deleteLink(tenantDb(scope, ctx.db), id))) { throw AppError.notFound(); }
  return toLink(row);
}

/**
 * POST billingcodelink/sendemail (header billingcodelinkid): e-mails the link to its recipient in
 * `lang` (default: the caller's language). Each send makes a new 256-bit token (only its SHA-256
 * is stored; the previous e-mail's URL stops working), valid BILLING_LINK_EXPIRY_DAYS days, and
 * resets isEmailDownloaded. The URL opens the app (`{publicUrl}/billings#billinglink=<token>`, the token in the fragment, which no browser sends to a server),
 * which downloads through GET billingcodelink/download once the recipient has signed in. 400
 * 'This field is required' on email when the link has no recipient; 404 when not visible. When the
 * mail fails, the token is cleared and the error propagates.
 */
export async function sendLinkEmail(ctx: AppContext, scope: Scope, id: number, lang: Lang): Promise<{ link: BillingCodeLink; emailed: true }> {
  const row = await visibleLink(ctx, scope, id);
  if (!row.email) { throw AppError.badRequest('validationFailed', { email: 'required' }); }
  const target = await targetOf(ctx, scope, row, row.year, row.month);
  const token = newToken();
  const expiresAt = new Date(Date.now() + BILLING_LINK_EXPIRY_DAYS * DAY_MS);
  await repo.updateLink(tenantDb(scope, ctx.db), id, { tokenHash: tokenHash(token), expiresAt, isEmailDownloaded: false });
  const url = `${linkBase(ctx)}/billings#billinglink=${token}`;
  try {
    await ctx.mailer.send(billingLinkEmail(lang, row.email, { clientName: target.name, year: row.year, month: row.month, title: row.title, url, expiresAt }));
  } catch (err) {
    await repo.updateLink(tenantDb(scope, ctx.db), id, { tokenHash: null, expiresAt: null });
    throw err;
  }
  return { link: toLink((await repo.getLink(tenantDb(scope, ctx.db), id))!), emailed: true };
}

/**
 * Chosen GET billingcodelink/download (header linktoken; a token in the query string is refused, docs/security.md): the file behind an e-mailed
 * link — the office's CSV or the organization's ZIP — for a signed-in caller who sees the link's
 * office or organization, and marks the link isEmailDownloaded. The token alone grants nothing:
 * the file holds PHI. 404 'This billing link is not valid or has expired' for an unknown, expired
 * or replaced token, or a link outside the caller's scope.
 */
export async function downloadLink(ctx: AppContext, scope: Scope, token: string): Promise<BillingFile> {
  const row = await repo.getLinkByTokenHash(tenantDb(scope, ctx.db), tokenHash(token), new Date());
  if (!row) { throw AppError.notFound('billingLinkInvalid'); }
  const target = await targetOf(ctx, scope, row, row.year, row.month);
  const file = await billingFile(ctx, scope, target);
  await repo.updateLink(tenantDb(scope, ctx.db), row.id, { isEmailDownloaded: true });
  return file;
}
