import { z } from 'zod';
import { bodyIdSchema, idSchema, intTextSchema } from '../../common/ids';
import { pageQuerySchema, pageOf } from '../../common/envelope';
import { sortQuery } from '../../common/sorting';
import { optionalText } from '../../common/validation';

/**
 * Invoices of an organization for a month (portal-spec.md section 3 "Invoice"; docs/invoices.md).
 * Money is integer cents everywhere (never binary floats); percentages travel as numbers with at
 * most two decimals (12.5 = 12.50 %) and are kept as basis points.
 */

/** Invoice statuses (portal-spec.md section 4 "invoice status"); transitions in `invoiceTransitions`. */
export const invoiceStatuses = ['draft', 'issued', 'paid', 'overdue', 'void'] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/**
 * The allowed status changes (docs/invoices.md "Statuses"): a draft is issued (and numbered); an
 * issued invoice is paid, becomes overdue after its due date, or is voided; an overdue invoice is
 * paid or voided. Paid and void are final. Only a draft is edited or deleted.
 */
export const invoiceTransitions: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['issued'],
  issued: ['paid', 'overdue', 'void'],
  overdue: ['paid', 'void'],
  paid: [],
  void: [],
};

/** The languages an invoice PDF is written in. */
export const invoiceLanguageSchema = z.enum(['en', 'es']);

/** Cents: a whole, non-negative amount up to 100 million dollars. */
export const centsSchema = z.number().int().min(0).max(10_000_000_000);

/** A percentage from 0 to 100 with at most two decimals (12.5 = 12.50 %). */
export const percentSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'regex' });

/** A calendar day 'YYYY-MM-DD' that exists. */
export const invoiceDaySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { message: 'regex' });

export const invoiceLineSchema = z.object({
  id: z.number().int(),
  hospitalId: z.number().int().nullable(),
  description: z.string(),
  /** Billable patients of the office in the month. */
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  status: invoiceStatusSchema,
  /** Gap-free per organization, given when the invoice is issued; null for a draft. */
  number: z.number().int().nullable(),
  /** The number as printed ('2026-000042'); '' for a draft. */
  displayNumber: z.string(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  language: invoiceLanguageSchema,
  unitPriceCents: z.number().int(),
  discountCents: z.number().int(),
  discountPercent: z.number(),
  taxPercent: z.number(),
  subtotalCents: z.number().int(),
  discountAmountCents: z.number().int(),
  taxAmountCents: z.number().int(),
  grandTotalCents: z.number().int(),
  paymentMethods: z.string(),
  terms: z.string(),
  lines: z.array(invoiceLineSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceSortFields = ['period', 'number', 'status', 'grandTotal', 'dueDate'] as const;

export const invoiceListQuerySchema = pageQuerySchema.extend({
  organizationId: idSchema.optional(),
  status: invoiceStatusSchema.optional(),
  year: intTextSchema(2000, 2100).optional(),
  sort: sortQuery(invoiceSortFields),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;
/** A page of invoices, each with its lines (an organization has few offices, so an invoice few lines). */
export const invoicePageSchema = pageOf(invoiceSchema);
export type InvoiceSummary = Omit<Invoice, 'lines'>;

export const invoiceReferencesHeadersSchema = z.object({ organizationid: idSchema });

/** One month of the organization's last 24: its billable patients and the invoice that covers it, if any. */
export const invoiceReferenceSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  billablePatients: z.number().int(),
  invoiceId: z.number().int().nullable(),
  status: invoiceStatusSchema.nullable(),
  displayNumber: z.string(),
});
export type InvoiceReference = z.infer<typeof invoiceReferenceSchema>;

const invoiceTermsFields = {
  unitPriceCents: centsSchema,
  discountCents: centsSchema.default(0),
  discountPercent: percentSchema.default(0),
  taxPercent: percentSchema.default(0),
  invoiceDate: invoiceDaySchema.optional(),
  dueDate: invoiceDaySchema.optional(),
  language: invoiceLanguageSchema.optional(),
  paymentMethods: optionalText(500),
  terms: optionalText(2000),
};

/** A discount is an amount or a percentage, not both. */
const oneDiscount = (v: { discountCents?: number; discountPercent?: number }, ctx: z.RefinementCtx) => {
  if ((v.discountCents ?? 0) > 0 && (v.discountPercent ?? 0) > 0) { ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: 'invalid' }); }
};
const dueAfterDate = (v: { invoiceDate?: string; dueDate?: string }, ctx: z.RefinementCtx) => {
  if (v.invoiceDate && v.dueDate && v.dueDate < v.invoiceDate) { ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'invalid' }); }
};

export const generateInvoiceBodySchema = z
  .strictObject({ organizationId: bodyIdSchema, year: z.number().int().min(2000).max(2100), month: z.number().int().min(1).max(12), ...invoiceTermsFields })
  .superRefine(oneDiscount)
  .superRefine(dueAfterDate);
export type GenerateInvoiceBody = z.output<typeof generateInvoiceBodySchema>;

/**
 * `PUT invoice/updateinvoicefororganization`: either edits a draft's terms (any of the term
 * fields; `refreshLines` re-reads the month's billable patients), or changes the status (`status`
 * alone), never both in one call.
 */
export const updateInvoiceBodySchema = z
  .strictObject({
    id: bodyIdSchema,
    status: invoiceStatusSchema.optional(),
    refreshLines: z.boolean().optional(),
    unitPriceCents: centsSchema.optional(),
    discountCents: centsSchema.optional(),
    discountPercent: percentSchema.optional(),
    taxPercent: percentSchema.optional(),
    invoiceDate: invoiceDaySchema.optional(),
    dueDate: invoiceDaySchema.optional(),
    language: invoiceLanguageSchema.optional(),
    paymentMethods: optionalText(500),
    terms: optionalText(2000),
  })
  .superRefine(oneDiscount)
  .superRefine(dueAfterDate)
  .superRefine((v, ctx) => {
    const edits = Object.entries(v).some(([k, value]) => k !== 'id' && k !== 'status' && value !== undefined);
    if (v.status !== undefined && edits) { ctx.addIssue({ code: 'custom', path: ['status'], message: 'invalid' }); }
  });
export type UpdateInvoiceBody = z.output<typeof updateInvoiceBodySchema>;

export const invoicePdfHeadersSchema = z.object({ invoiceid: idSchema });

/** Formats an issued invoice's number as printed: year of the invoice, then the number in six digits. */
export const formatInvoiceNumber = (year: number, number: number | null): string => (number === null ? '' : `${year}-${String(number).padStart(6, '0')}`);
