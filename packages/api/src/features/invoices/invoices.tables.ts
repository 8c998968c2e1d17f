/**
 * `invoices`'s tables: the owner is the only writer of their rows (docs/architecture.md "Table
 * ownership"; db/schema/index.ts re-exports them for drizzle-kit and for reads elsewhere).
 *
 * Invoices (docs/invoices.md). Money is integer cents; percentages are basis points (1250 = 12.50 %).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An organization's invoice for a month; `number` is given at issue, gap-free per organization. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    status: text('status').notNull().default('draft'), // draft | issued | paid | overdue | void
    number: integer('number'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    language: text('language').notNull().default('es'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    taxBasisPoints: integer('tax_basis_points').notNull().default(0),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountAmountCents: integer('discount_amount_cents').notNull().default(0),
    taxAmountCents: integer('tax_amount_cents').notNull().default(0),
    grandTotalCents: integer('grand_total_cents').notNull().default(0),
    paymentMethods: text('payment_methods').notNull().default(''),
    terms: text('terms').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    issuedAt: ts('issued_at'),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('invoices_org_number_uq').on(t.organizationId, t.number),
    // One invoice per organization and month, except those voided.
    uniqueIndex('invoices_org_month_uq').on(t.organizationId, t.year, t.month).where(sql`status <> 'void'`),
    index('invoices_status_idx').on(t.status),
    check('invoices_status_ck', sql`status in ('draft', 'issued', 'paid', 'overdue', 'void')`),
    check('invoices_number_ck', sql`(status = 'draft') = (number is null)`),
  ],
);

/** One line of an invoice: an office's billable patients in the month at the unit price. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id').references(() => hospitals.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/** The last invoice number given per organization: issuing takes the next under this row's lock. */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  lastNumber: integer('last_number').notNull(),
});
