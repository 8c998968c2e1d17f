import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { formatInvoiceNumber, type Invoice, type InvoiceLine, type InvoiceListQuery, type InvoiceStatus, type InvoiceSummary } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { billingClaims, hospitals, invoiceLines, invoiceNumberCounters, invoices, organizations } from '../../db/schema/index';
import { assertOrganizationInScope, officeFilter, organizationFilter } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { likeTerm, pageOffset, parseSort } from '../../db/query-helpers';
import { percentOf } from './engine/compute';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';

/** Invoices of organizations. Every function takes the caller's scope first and filters by `organizationFilter`. */

const i = invoices;

const summaryColumns = {
  id: i.id,
  organizationId: i.organizationId,
  organizationName: organizations.institutionName,
  year: i.year,
  month: i.month,
  status: i.status,
  number: i.number,
  invoiceDate: i.invoiceDate,
  dueDate: i.dueDate,
  language: i.language,
  unitPriceCents: i.unitPriceCents,
  discountCents: i.discountCents,
  discountBasisPoints: i.discountBasisPoints,
  taxBasisPoints: i.taxBasisPoints,
  subtotalCents: i.subtotalCents,
  discountAmountCents: i.discountAmountCents,
  taxAmountCents: i.taxAmountCents,
  grandTotalCents: i.grandTotalCents,
  paymentMethods: i.paymentMethods,
  terms: i.terms,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
};

/** The invoices joined with their organization's name, unfiltered (callers add the tenant filter). */
const summaries = (db: Executor) => db.select(summaryColumns).from(i).innerJoin(organizations, eq(organizations.id, i.organizationId));
type SummaryRow = Awaited<ReturnType<typeof summaries>>[number];

const summaryView = ({ discountBasisPoints, taxBasisPoints, ...r }: SummaryRow): InvoiceSummary => ({
  ...r,
  status: r.status as InvoiceStatus,
  language: r.language === 'en' ? 'en' : 'es',
  displayNumber: formatInvoiceNumber(r.year, r.number),
  discountPercent: percentOf(discountBasisPoints),
  taxPercent: percentOf(taxBasisPoints),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const lineColumns = {
  id: invoiceLines.id,
  hospitalId: invoiceLines.hospitalId,
  description: invoiceLines.description,
  quantity: invoiceLines.quantity,
  unitPriceCents: invoiceLines.unitPriceCents,
  amountCents: invoiceLines.amountCents,
};

/** The organization `organizationId` when the caller sees it (`organizationFilter`), with the details an invoice prints. */
export async function getOrganization(tenant: TenantDb, organizationId: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({
      id: organizations.id,
      institutionName: organizations.institutionName,
      institutionNameEsp: organizations.institutionNameEsp,
      address: organizations.address,
      city: organizations.city,
      state: organizations.state,
      zip: organizations.zip,
      country: organizations.country,
      contactEmail: organizations.contactEmail,
      contactPhone: organizations.contactPhone,
    })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), organizationFilter(scope, organizations.id)))
    .limit(1);
  return row ?? null;
}
export type InvoiceOrganization = NonNullable<Awaited<ReturnType<typeof getOrganization>>>;

/**
 * Billable patients per office of organization `organizationId` in a month: the distinct patients
 * with at least one billable code in the billing runs' results (billing_claims, docs/billing-engine.md),
 * for the caller's offices of it, by office name.
 */
export async function findBillablePatientsByOffice(
  tenant: TenantDb,
  organizationId: number,
  year: number,
  month: number,
): Promise<{ hospitalId: number; hospitalName: string; patients: number }[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ hospitalId: hospitals.id, hospitalName: hospitals.hospitalName, patients: sql<number>`count(distinct ${billingClaims.patientId})::int` })
    .from(billingClaims)
    .innerJoin(hospitals, eq(hospitals.id, billingClaims.hospitalId))
    .where(
      and(
        eq(hospitals.organizationId, organizationId),
        officeFilter(scope, hospitals.id),
        eq(billingClaims.year, year),
        eq(billingClaims.month, month),
        eq(billingClaims.status, 'billable'),
      ),
    )
    .groupBy(hospitals.id, hospitals.hospitalName)
    .orderBy(asc(hospitals.hospitalName), asc(hospitals.id));
  return rows.map((r) => ({ ...r, patients: Number(r.patients) }));
}

/** Billable patients of organization `organizationId` per month from (year, month) `from` on: key `year-month`. */
export async function countBillablePatientsByMonth(tenant: TenantDb, organizationId: number, from: { year: number; month: number }): Promise<Map<string, number>> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ year: billingClaims.year, month: billingClaims.month, patients: sql<number>`count(distinct ${billingClaims.patientId})::int` })
    .from(billingClaims)
    .innerJoin(hospitals, eq(hospitals.id, billingClaims.hospitalId))
    .where(
      and(
        eq(hospitals.organizationId, organizationId),
        officeFilter(scope, hospitals.id),
        eq(billingClaims.status, 'billable'),
        sql`(${billingClaims.year} * 12 + ${billingClaims.month}) >= ${from.year * 12 + from.month}`,
      ),
    )
    .groupBy(billingClaims.year, billingClaims.month);
  return new Map(rows.map((r) => [`${r.year}-${r.month}`, Number(r.patients)]));
}

const sortColumns = {
  period: [i.year, i.month],
  number: [i.number],
  status: [i.status],
  grandTotal: [i.grandTotalCents],
  dueDate: [i.dueDate],
} as const;

/** A page of the invoices the caller sees, filtered by organization, status and year. Newest period first by default. */
export async function findInvoices(tenant: TenantDb, q: InvoiceListQuery): Promise<{ items: Invoice[]; total: number }> {
  const { scope, db } = tenant;
  const where = and(
    organizationFilter(scope, i.organizationId),
    q.organizationId !== undefined ? eq(i.organizationId, q.organizationId) : undefined,
    q.status !== undefined ? eq(i.status, q.status) : undefined,
    q.year !== undefined ? eq(i.year, q.year) : undefined,
    q.search ? sql`(${organizations.institutionName} ilike ${likeTerm(q.search)} or ${i.number}::text = ${q.search.replace(/^\d{4}-0*/, '')})` : undefined,
  );
  const sort = q.sort ? parseSort(q.sort as never, 'period') : { field: 'period' as const, descending: true };
  const dir = (c: SQL | AnyColumn) => (sort.descending ? desc(c) : asc(c));
  const cols: readonly AnyColumn[] = sortColumns[sort.field as keyof typeof sortColumns] ?? sortColumns.period;
  const order = [...cols.map((c) => dir(c)), desc(i.id)];
  const [items, [count]] = await Promise.all([
    summaries(db)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(i).innerJoin(organizations, eq(organizations.id, i.organizationId)).where(where),
  ]);
  const lines = items.length === 0 ? [] : await db.select({ invoiceId: invoiceLines.invoiceId, ...lineColumns }).from(invoiceLines).where(inArray(invoiceLines.invoiceId, items.map((r) => r.id))).orderBy(asc(invoiceLines.sortOrder), asc(invoiceLines.id));
  return { items: items.map((r) => ({ ...summaryView(r), lines: lines.filter((l) => l.invoiceId === r.id).map(({ invoiceId: _, ...l }) => l) })), total: Number(count?.n ?? 0) };
}

/** The invoices of organization `organizationId` the caller sees, for the months given (`year * 12 + month` from `fromKey` on), not void. */
export async function findOrganizationInvoicesSince(tenant: TenantDb, organizationId: number, fromKey: number): Promise<InvoiceSummary[]> {
  const { scope, db } = tenant;
  const rows = await summaries(db).where(and(organizationFilter(scope, i.organizationId), eq(i.organizationId, organizationId), sql`${i.status} <> 'void'`, sql`(${i.year} * 12 + ${i.month}) >= ${fromKey}`));
  return rows.map(summaryView);
}

/** The invoice `id` with its lines when the caller sees it; null otherwise. `forUpdate` locks its row until the transaction ends. */
export async function getInvoice(tenant: TenantDb, id: number, opts: { forUpdate?: boolean } = {}): Promise<Invoice | null> {
  const { scope, db } = tenant;
  const base = summaries(db)
    .where(and(eq(i.id, id), organizationFilter(scope, i.organizationId)))
    .limit(1);
  const [row] = opts.forUpdate ? await base.for('update', { of: i }) : await base;
  if (!row) { return null; }
  const lines = await db
    .select(lineColumns)
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.sortOrder), asc(invoiceLines.id));
  return { ...summaryView(row), lines: lines satisfies InvoiceLine[] };
}

export interface InvoiceValues {
  unitPriceCents: number;
  discountCents: number;
  discountBasisPoints: number;
  taxBasisPoints: number;
  subtotalCents: number;
  discountAmountCents: number;
  taxAmountCents: number;
  grandTotalCents: number;
  invoiceDate: string | null;
  dueDate: string | null;
  language: 'en' | 'es';
  paymentMethods: string;
  terms: string;
}

export interface LineValues {
  hospitalId: number | null;
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
}

/** Inserts a draft invoice of organization `organizationId` (the caller's, checked by the service) with its lines; returns its id. */
export async function insertDraft(
  tenant: TenantDb,
  v: { organizationId: number; year: number; month: number; createdBy: number } & InvoiceValues,
  lines: LineValues[],
): Promise<number> {
  const { scope, db } = tenant;
  assertOrganizationInScope(scope, v.organizationId);
  const [row] = await db.insert(i).values({ ...v, status: 'draft' }).returning({ id: i.id });
  await replaceLines(tenantDb(scope, db), row!.id, lines);
  return row!.id;
}

/** Replaces the lines of invoice `invoiceId` of the caller's organizations (404 otherwise). */
export async function replaceLines(tenant: TenantDb, invoiceId: number, lines: LineValues[]): Promise<void> {
  const { scope, db } = tenant;
  const [own] = await db.select({ id: i.id }).from(i).where(and(eq(i.id, invoiceId), organizationFilter(scope, i.organizationId))).limit(1);
  if (!own) { throw AppError.notFound(); }
  await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length > 0) { await db.insert(invoiceLines).values(lines.map((l, n) => ({ ...l, invoiceId, sortOrder: n }))); }
}

/** Updates invoice `id` in the caller's organizations. */
export async function updateInvoice(tenant: TenantDb, id: number, values: Partial<InvoiceValues> & { status?: InvoiceStatus; number?: number; issuedAt?: Date; paidAt?: Date }): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(i)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(i.id, id), organizationFilter(scope, i.organizationId)));
}

/**
 * The next invoice number of organization `organizationId`, inside the caller's transaction: the
 * counter row is created or incremented in one statement, which holds its row lock until the
 * transaction ends, so concurrent issuers wait for each other and a rolled-back issue gives its
 * number back (gap-free, docs/invoices.md "Numbers").
 */
export async function takeNextNumber(tenant: TenantDb, organizationId: number): Promise<number> {
  const { scope, db: tx } = tenant;
  assertOrganizationInScope(scope, organizationId);
  const [row] = await tx
    .insert(invoiceNumberCounters)
    .values({ organizationId, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceNumberCounters.organizationId, set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + 1` } })
    .returning({ n: invoiceNumberCounters.lastNumber });
  return row!.n;
}

/** Deletes invoice `id` in the caller's organizations when it is a draft; false when nothing was deleted. */
export async function deleteDraft(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(i)
    .where(and(eq(i.id, id), eq(i.status, 'draft'), organizationFilter(scope, i.organizationId)))
    .returning({ id: i.id });
  return rows.length > 0;
}
