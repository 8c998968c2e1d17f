/**
 * Invoices, licences and API keys (docs/invoices.md, docs/licenses.md, docs/api-keys.md). Money is
 * integer cents; percentages are basis points (1250 = 12.50 %).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hospitals, organizations, users } from './core';

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

/** A licence of an office. `status` is active, inactive, assigned or expired. */
export const licenses = pgTable(
  'licenses',
  {
    id: serial('id').primaryKey(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    type: text('type').notNull(),
    status: text('status').notNull().default('active'),
    priceCents: integer('price_cents').notNull().default(0),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('licenses_hospital_idx').on(t.hospitalId, t.status),
    index('licenses_expiry_idx').on(t.expirationDate).where(sql`status in ('active', 'assigned')`),
    check('licenses_status_ck', sql`status in ('active', 'inactive', 'assigned', 'expired')`),
  ],
);

/**
 * A licence held by a patient. While `ended_at` is null the assignment holds: one per licence, and
 * one per patient and licence type (the type is copied here for that index).
 */
export const licenseAssignments = pgTable(
  'license_assignments',
  {
    id: serial('id').primaryKey(),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    licenseType: text('license_type').notNull(),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('license_assignments_license_uq').on(t.licenseId).where(sql`ended_at is null`),
    uniqueIndex('license_assignments_patient_type_uq').on(t.patientId, t.licenseType).where(sql`ended_at is null`),
    index('license_assignments_patient_idx').on(t.patientId),
  ],
);

/**
 * An API user's key: 256 random bits shown once, stored as SHA-256. `access` is `read` or
 * `ingest`; the key acts in its organization only (docs/api-keys.md).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    access: text('access').notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(120),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_user_idx').on(t.userId), check('api_keys_access_ck', sql`access in ('read', 'ingest')`)],
);
