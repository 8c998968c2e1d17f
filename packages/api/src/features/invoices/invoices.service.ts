import {
  formatInvoiceNumber,
  invoiceTransitions,
  type GenerateInvoiceBody,
  type Invoice,
  type InvoiceListQuery,
  type InvoiceReference,
  type InvoiceStatus,
  type UpdateInvoiceBody,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../db/query-helpers';
import { addDays } from '../../lib/office-calendar';
import { basisPointsOf, computeInvoice, type InvoiceFacts } from './engine/compute';
import { renderInvoicePdf } from './invoice-pdf';
import * as repo from './invoices.repo';
import { tenantDb } from '../../db/handles';

/**
 * Invoices of an organization for a month (issue "Invoices"; portal-spec.md section 3 "Invoice";
 * docs/invoices.md). Lines come from the month's billable patients per office (the billing runs'
 * results); totals from the pure engine (engine/compute.ts). Only a draft is edited or deleted;
 * statuses move along `invoiceTransitions`; issuing gives the next gap-free number.
 */

/** Days from invoice date to due date when no due date is given ("Net 30"). */
export const DEFAULT_PAYMENT_DAYS = 30;

/** Today's date in UTC ('YYYY-MM-DD'). Invoices are dated in UTC: they span offices in several time zones. */
const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

async function visibleInvoice(scope: Scope, db: Executor, id: number, forUpdate = false): Promise<Invoice> {
  const invoice = await repo.getInvoice(tenantDb(scope, db), id, { forUpdate });
  if (!invoice) { throw AppError.notFound(); }
  return invoice;
}

async function visibleOrganization(scope: Scope, db: Executor, organizationId: number): Promise<repo.InvoiceOrganization> {
  const org = await repo.getOrganization(tenantDb(scope, db), organizationId);
  if (!org) { throw AppError.notFound(); }
  return org;
}

/** The facts of the engine for the month's lines at `unitPriceCents` and the discount and tax given. */
async function linesOfMonth(scope: Scope, db: Executor, organizationId: number, year: number, month: number, unitPriceCents: number): Promise<InvoiceFacts['lines']> {
  const offices = await repo.findBillablePatientsByOffice(tenantDb(scope, db), organizationId, year, month);
  return offices.filter((o) => o.patients > 0).map((o) => ({ hospitalId: o.hospitalId, description: o.hospitalName, quantity: o.patients, unitPriceCents }));
}

/** Runs the engine; 400 invoiceDiscountTooLarge when an amount discount exceeds the subtotal. */
function totalsOf(facts: InvoiceFacts) {
  const computed = computeInvoice(facts);
  if (!computed.ok) { throw AppError.badRequest(computed.reason === 'discountExceedsSubtotal' ? 'invoiceDiscountTooLarge' : 'validationFailed', { discountCents: 'invoiceDiscountTooLarge' }); }
  return computed.totals;
}

const linesOf = (totals: ReturnType<typeof totalsOf>): repo.LineValues[] =>
  totals.lines.map((l) => ({ hospitalId: l.hospitalId, description: l.description, quantity: l.quantity, unitPriceCents: l.unitPriceCents, amountCents: l.amountCents }));

/**
 * `GET invoice/getinvoicereferencesfororganization`: the organization's last 24 months up to the
 * current one, newest first, each with its billable patients and the invoice covering it (not
 * void), if any. 404 for an organization out of scope.
 */
export async function findInvoiceReferences(ctx: AppContext, scope: Scope, organizationId: number, now = new Date()): Promise<InvoiceReference[]> {
  await visibleOrganization(scope, ctx.db, organizationId);
  const currentKey = now.getUTCFullYear() * 12 + now.getUTCMonth(); // (year * 12 + month - 1)
  const fromKey = currentKey - 23;
  const from = { year: Math.floor(fromKey / 12), month: (fromKey % 12) + 1 };
  const [patients, invoices] = await Promise.all([
    repo.countBillablePatientsByMonth(tenantDb(scope, ctx.db), organizationId, from),
    repo.findOrganizationInvoicesSince(tenantDb(scope, ctx.db), organizationId, from.year * 12 + from.month),
  ]);
  const byMonth = new Map(invoices.map((inv) => [`${inv.year}-${inv.month}`, inv]));
  const out: InvoiceReference[] = [];
  for (let key = currentKey; key >= fromKey; key--) {
    const year = Math.floor(key / 12);
    const month = (key % 12) + 1;
    const inv = byMonth.get(`${year}-${month}`);
    out.push({ year, month, billablePatients: patients.get(`${year}-${month}`) ?? 0, invoiceId: inv?.id ?? null, status: inv?.status ?? null, displayNumber: inv?.displayNumber ?? '' });
  }
  return out;
}

/** `GET invoice/getinvoices`: a page of the invoices in scope. */
export async function findInvoices(ctx: AppContext, scope: Scope, q: InvoiceListQuery): Promise<{ items: Invoice[]; total: number; page: number; pageSize: number }> {
  const { items, total } = await repo.findInvoices(tenantDb(scope, ctx.db), q);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * `POST invoice/generateinvoicefororganization`: a draft for the organization and month, one line
 * per office with billable patients. 404 for an organization out of scope; 400 invoiceMonthUpcoming
 * for a month after the current one; 400 "No summary!" (noSummary) when the month has no billable
 * patient (run the billing first); 400 invoiceDiscountTooLarge; 409 invoiceExistsForMonth when
 * the month already has an invoice that is not void.
 */
export async function generateInvoice(ctx: AppContext, scope: Scope, body: GenerateInvoiceBody, now = new Date()): Promise<Invoice> {
  if (body.year * 12 + body.month - 1 > now.getUTCFullYear() * 12 + now.getUTCMonth()) { throw AppError.badRequest('invoiceMonthUpcoming', { month: 'invoiceMonthUpcoming' }); }
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      await visibleOrganization(scope, tx, body.organizationId);
      const lines = await linesOfMonth(scope, tx, body.organizationId, body.year, body.month, body.unitPriceCents);
      if (lines.length === 0) { throw AppError.badRequest('noSummary'); }
      const discountBasisPoints = basisPointsOf(body.discountPercent);
      const taxBasisPoints = basisPointsOf(body.taxPercent);
      const totals = totalsOf({ lines, discountCents: body.discountCents, discountBasisPoints, taxBasisPoints });
      const invoiceDate = body.invoiceDate ?? todayUtc(now);
      return repo.insertDraft(
        tenantDb(scope, tx),
        {
          organizationId: body.organizationId,
          year: body.year,
          month: body.month,
          createdBy: scope.userId,
          unitPriceCents: body.unitPriceCents,
          discountCents: discountBasisPoints > 0 ? 0 : body.discountCents,
          discountBasisPoints,
          taxBasisPoints,
          subtotalCents: totals.subtotalCents,
          discountAmountCents: totals.discountAmountCents,
          taxAmountCents: totals.taxAmountCents,
          grandTotalCents: totals.grandTotalCents,
          invoiceDate,
          dueDate: body.dueDate ?? addDays(invoiceDate, DEFAULT_PAYMENT_DAYS),
          language: body.language ?? scope.lang,
          paymentMethods: body.paymentMethods ?? '',
          terms: body.terms ?? '',
        },
        linesOf(totals),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) { throw AppError.conflict('invoiceExistsForMonth'); }
    throw error;
  }
  return visibleInvoice(scope, ctx.db, id);
}

/** Edits the terms of a draft (in its transaction, the row locked) and recomputes its totals. */
async function editDraft(scope: Scope, tx: Executor, invoice: Invoice, body: UpdateInvoiceBody): Promise<void> {
  if (invoice.status !== 'draft') { throw AppError.conflict('invoiceNotDraft'); }
  const unitPriceCents = body.unitPriceCents ?? invoice.unitPriceCents;
  // A new percentage replaces an amount discount and the other way round (one discount at a time).
  let discountBasisPoints = body.discountPercent !== undefined ? basisPointsOf(body.discountPercent) : basisPointsOf(invoice.discountPercent);
  let discountCents = body.discountCents ?? invoice.discountCents;
  if (body.discountCents !== undefined && body.discountCents > 0 && body.discountPercent === undefined) { discountBasisPoints = 0; }
  if (discountBasisPoints > 0) { discountCents = 0; }
  const taxBasisPoints = body.taxPercent !== undefined ? basisPointsOf(body.taxPercent) : basisPointsOf(invoice.taxPercent);
  const lines = body.refreshLines
    ? await linesOfMonth(scope, tx, invoice.organizationId, invoice.year, invoice.month, unitPriceCents)
    : invoice.lines.map((l) => ({ hospitalId: l.hospitalId, description: l.description, quantity: l.quantity, unitPriceCents }));
  const totals = totalsOf({ lines, discountCents, discountBasisPoints, taxBasisPoints });
  const invoiceDate = body.invoiceDate ?? invoice.invoiceDate;
  const dueDate = body.dueDate ?? invoice.dueDate;
  if (invoiceDate && dueDate && dueDate < invoiceDate) { throw AppError.badRequest('validationFailed', { dueDate: 'invalid' }); }
  await repo.updateInvoice(tenantDb(scope, tx), invoice.id, {
    unitPriceCents,
    discountCents,
    discountBasisPoints,
    taxBasisPoints,
    subtotalCents: totals.subtotalCents,
    discountAmountCents: totals.discountAmountCents,
    taxAmountCents: totals.taxAmountCents,
    grandTotalCents: totals.grandTotalCents,
    invoiceDate,
    dueDate,
    language: body.language ?? invoice.language,
    paymentMethods: body.paymentMethods ?? invoice.paymentMethods,
    terms: body.terms ?? invoice.terms,
  });
  await repo.replaceLines(tenantDb(scope, tx), invoice.id, linesOf(totals));
}

/**
 * Moves an invoice to `to` along `invoiceTransitions` (409 invoiceTransitionNotAllowed otherwise).
 * Issuing takes the organization's next number in the same transaction (gap-free) and dates a
 * draft without a date today; overdue needs the due date to have passed (409 invoiceNotYetOverdue).
 */
async function changeStatus(scope: Scope, tx: Executor, invoice: Invoice, to: InvoiceStatus, now: Date): Promise<void> {
  if (!invoiceTransitions[invoice.status].includes(to)) { throw new AppError('conflict', 'invoiceTransitionNotAllowed', { from: invoice.status, to }); }
  if (to === 'issued') {
    if (invoice.lines.length === 0) { throw AppError.badRequest('noSummary'); }
    const number = await repo.takeNextNumber(tenantDb(scope, tx), invoice.organizationId);
    const invoiceDate = invoice.invoiceDate ?? todayUtc(now);
    await repo.updateInvoice(tenantDb(scope, tx), invoice.id, { status: 'issued', number, issuedAt: now, invoiceDate, dueDate: invoice.dueDate ?? addDays(invoiceDate, DEFAULT_PAYMENT_DAYS) });
    return;
  }
  if (to === 'overdue' && !(invoice.dueDate && invoice.dueDate < todayUtc(now))) { throw AppError.conflict('invoiceNotYetOverdue'); }
  await repo.updateInvoice(tenantDb(scope, tx), invoice.id, { status: to, ...(to === 'paid' ? { paidAt: now } : {}) });
}

/**
 * `PUT invoice/updateinvoicefororganization`: edits a draft, or changes the status (see
 * `changeStatus`). 404 out of scope; 409 invoiceNotDraft for an edit of an issued invoice.
 */
export async function updateInvoice(ctx: AppContext, scope: Scope, body: UpdateInvoiceBody, now = new Date()): Promise<Invoice> {
  await ctx.db.transaction(async (tx) => {
    const invoice = await visibleInvoice(scope, tx, body.id, true);
    if (body.status !== undefined) { await changeStatus(scope, tx, invoice, body.status, now); }
    else { await editDraft(scope, tx, invoice, body); }
  });
  return visibleInvoice(scope, ctx.db, body.id);
}

/** `DELETE invoice/{id}`: deletes a draft. 404 out of scope; 409 invoiceNotDraft for an issued invoice (void it instead). */
export async function deleteInvoice(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  await ctx.db.transaction(async (tx) => {
    const invoice = await visibleInvoice(scope, tx, id, true);
    if (invoice.status !== 'draft') { throw AppError.conflict('invoiceNotDraft'); }
    await repo.deleteDraft(tenantDb(scope, tx), id);
  });
  return { id };
}

/** A rendered invoice file. */
export interface InvoiceFile {
  fileName: string;
  body: Buffer;
}

/** `GET invoice/getinvoicepdf`: the invoice as a PDF in its language. 404 "No summary!" for an invoice out of scope. */
export async function invoicePdf(ctx: AppContext, scope: Scope, id: number): Promise<InvoiceFile> {
  const invoice = await repo.getInvoice(tenantDb(scope, ctx.db), id);
  if (!invoice) { throw AppError.notFound('noSummary'); }
  const org = await visibleOrganization(scope, ctx.db, invoice.organizationId);
  const body = await renderInvoicePdf(invoice, org);
  const name = invoice.number === null ? `invoice-draft-${invoice.id}` : `invoice-${formatInvoiceNumber(invoice.year, invoice.number)}`;
  return { fileName: `${name}.pdf`, body };
}
