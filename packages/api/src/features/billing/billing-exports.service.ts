import { strToU8, zipSync } from 'fflate';
import { billingCsvColumns, type BillingClient, type BillingCsvData, type BillingCsvQuery, type BillingCsvRow, type BillingPeriodHeaders } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { buildCsv, numericText, type CsvValue } from '../../lib/csv';
import * as repo from './billing-exports.repo';
import { tenantDb } from '../../db/handles';

/** The office or the organization a billing request is about, the offices it covers in the caller's scope, and its month. */
export interface BillingTarget {
  kind: 'hospital' | 'organization';
  id: number;
  name: string;
  organizationId: number;
  /** The offices covered: the office itself, or the organization's offices in the caller's scope. */
  offices: repo.OfficeRow[];
  year: number;
  month: number;
  /** Whether the month is later than the current month (see {@link isUpcoming}). */
  upcoming: boolean;
}

/** The calendar year and month (1-12) of `now` in `timeZone` (IANA; an unknown zone counts as UTC). */
export function currentYearMonth(timeZone: string, now: Date = new Date()): { year: number; month: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'numeric' }).formatToParts(now);
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month') };
}

const monthKey = (year: number, month: number) => year * 12 + (month - 1);

/**
 * The current month of a set of offices: the latest of their current months, so that a month has
 * begun as soon as it has begun in one of them (months are calendar months in the office's time
 * zone, billing brief). No office: UTC.
 */
export function currentMonthOf(timeZones: string[], now: Date = new Date()): { year: number; month: number } {
  const months = (timeZones.length ? timeZones : ['UTC']).map((tz) => currentYearMonth(tz, now));
  return months.reduce((a, b) => (monthKey(b.year, b.month) > monthKey(a.year, a.month) ? b : a));
}

/** Whether (year, month) is after `current`: an upcoming month, whose CSV cannot be downloaded (spec section 5). */
export function isUpcoming(year: number, month: number, current: { year: number; month: number }): boolean {
  return monthKey(year, month) > monthKey(current.year, current.month);
}

/** 400 'CSV cannot be downloaded for upcoming months' (spec section 5) on the month field. */
export const upcomingMonthError = () => AppError.badRequest('csvFutureMonth', { month: 'csvFutureMonth' });

/**
 * Resolves the spec's billing headers (hospitalId or organizationId, month, year) for the caller:
 * the office (404 'Invalid id' unless in scope; with an organization too, it must belong to it),
 * or the organization (404 unless it is the caller's) with its offices in the caller's scope.
 * Month and year default to the current month of those offices (spec: "the billing month defaults
 * to the current YYYY-MM"). With `refuseUpcoming`, a month that has not begun in any of the
 * offices answers 400 'CSV cannot be downloaded for upcoming months'.
 */
export async function resolveBillingTarget(
  ctx: AppContext,
  scope: Scope,
  headers: BillingPeriodHeaders,
  opts: { refuseUpcoming: boolean; now?: Date },
): Promise<BillingTarget> {
  const now = opts.now ?? new Date();
  let target: Omit<BillingTarget, 'year' | 'month' | 'upcoming'>;
  let timeZones: string[];
  if (headers.hospitalid !== undefined) {
    const office = await getOfficeInScope(tenantDb(scope, ctx.db), headers.hospitalid);
    if (!office) { throw AppError.notFound(); }
    if (headers.organizationid !== undefined && headers.organizationid !== office.organizationId) { throw AppError.notFound(); }
    target = { kind: 'hospital', id: office.id, name: office.hospitalName, organizationId: office.organizationId, offices: [office] };
    timeZones = [office.timeZone];
  } else {
    const organizationId = headers.organizationid!;
    const organization = await repo.getOrganizationInScope(tenantDb(scope, ctx.db), organizationId);
    if (!organization) { throw AppError.notFound(); }
    const offices = await repo.findOfficesOfOrganization(tenantDb(scope, ctx.db), organizationId);
    target = { kind: 'organization', id: organization.id, name: organization.institutionName, organizationId, offices };
    timeZones = await repo.findTimeZonesOfOrganization(tenantDb(scope, ctx.db), organizationId);
  }
  const current = currentMonthOf(timeZones, now);
  const year = headers.year ?? current.year;
  const month = headers.month ?? current.month;
  const upcoming = isUpcoming(year, month, current);
  if (opts.refuseUpcoming && upcoming) { throw upcomingMonthError(); }
  return { ...target, year, month, upcoming };
}

/** The "CSV client info" of a target (spec section 3: clientName, clientId, selectedYear, selectedMonth). */
export function clientOf(target: BillingTarget): BillingClient {
  return { clientKind: target.kind, clientId: target.id, clientName: target.name, selectedYear: target.year, selectedMonth: target.month };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM'. */
export const yearMonthText = (year: number, month: number) => `${year}-${pad2(month)}`;

/** Integer cents as dollars with two decimals ('1234' -> '12.34'); '' when unknown. */
export function dollars(cents: number | null): string {
  if (cents === null) { return ''; }
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${pad2(abs % 100)}`;
}

function personName(first: string | null, last: string | null): string {
  return [last, first].filter((p) => p && p.trim()).join(', ');
}

/** A claim row as the CSV and its preview show it. */
export function toCsvRow(r: repo.BillableClaimRow): BillingCsvRow {
  return {
    billingMonth: yearMonthText(r.year, r.month),
    patientId: r.patientId,
    patientName: personName(r.patientFirstName, r.patientLastName),
    patientIdentifier: r.patientIdentifier ?? '',
    mrn: r.mrn ?? '',
    dateOfBirth: r.birthdate,
    hospitalId: r.hospitalId,
    hospitalName: r.hospitalName,
    practitionerId: r.practitionerId,
    practitionerName: personName(r.practitionerFirstName, r.practitionerLastName),
    practitionerNpi: r.practitionerNpi ?? '',
    program: r.program,
    code: r.code,
    units: r.units,
    datesOfService: [...(r.datesOfService ?? [])].sort(),
    diagnoses: r.diagnoses ?? [],
    amountCents: r.amountCents,
  };
}

/** A row's cells in column order; text cells are neutralised by lib/csv.ts, units stay a number. */
function csvCells(row: BillingCsvRow): CsvValue[] {
  const byKey: Record<(typeof billingCsvColumns)[number]['key'], CsvValue> = {
    billingMonth: row.billingMonth,
    patientName: row.patientName,
    patientIdentifier: row.patientIdentifier,
    mrn: row.mrn,
    dateOfBirth: row.dateOfBirth ?? '',
    hospitalName: row.hospitalName,
    practitionerName: row.practitionerName,
    practitionerNpi: row.practitionerNpi,
    program: row.program,
    code: row.code,
    units: row.units,
    datesOfService: row.datesOfService.join(';'),
    diagnoses: row.diagnoses.join(';'),
    amount: row.amountCents === null ? null : numericText(dollars(row.amountCents)),
  };
  return billingCsvColumns.map((c) => byKey[c.key]);
}

/**
 * The billing CSV (docs/billing-csv.md): UTF-8 with a byte-order mark (spreadsheets then read
 * accents right), a header row of the documented column titles, one row per billable code, CRLF
 * line ends (RFC 4180); every cell through lib/csv.ts (formula text neutralised).
 */
export function buildBillingCsv(rows: BillingCsvRow[]): string {
  return buildCsv(
    billingCsvColumns.map((c) => c.header),
    rows.map(csvCells),
    { crlf: true },
  );
}

/** A file-name-safe ASCII slug of a name ("Clínica Norte #2" -> "clinica-norte-2"), at most 40 characters. */
export function slug(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'office'
  );
}

/** The CSV file name of an office's month: billing-YYYY-MM-office-<id>-<slug>.csv. */
export const officeCsvName = (office: { id: number; hospitalName: string }, year: number, month: number) =>
  `billing-${yearMonthText(year, month)}-office-${office.id}-${slug(office.hospitalName)}.csv`;

/**
 * GET billing/getcsvdataformonth: the CSV's rows for the office or organization and month as
 * JSON, one page (default order: office, patient, program, code), with the count, units and
 * amount of all rows. 404 outside scope; 400 for an upcoming month.
 */
export async function getCsvData(ctx: AppContext, scope: Scope, headers: BillingPeriodHeaders, query: BillingCsvQuery): Promise<BillingCsvData> {
  const target = await resolveBillingTarget(ctx, scope, headers, { refuseUpcoming: true });
  const page = await repo.findBillableClaimPage(
    tenantDb(scope, ctx.db),
    target.offices.map((o) => o.id),
    target.year,
    target.month,
    query,
  );
  return {
    ...clientOf(target),
    items: page.rows.map(toCsvRow),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    totalUnits: page.totalUnits,
    totalAmountCents: page.totalAmountCents,
  };
}

/** A file to send: its name, media type and bytes. */
export interface BillingFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The CSV of one office's month (the rows of `target`, which must be an office). */
async function officeFile(ctx: AppContext, scope: Scope, target: BillingTarget): Promise<BillingFile> {
  const office = target.offices[0]!;
  const rows = await repo.findBillableClaims(tenantDb(scope, ctx.db), [office.id], target.year, target.month);
  return {
    fileName: officeCsvName(office, target.year, target.month),
    contentType: 'text/csv; charset=utf-8',
    body: Buffer.from(buildBillingCsv(rows.map(toCsvRow)), 'utf8'),
  };
}

/**
 * A ZIP archive with one CSV per office of the organization in the caller's scope, each named as
 * {@link officeCsvName}; an office without billable codes gets a CSV with the header row only, so
 * the archive always says which offices it covers. Read in one query; a month of 10,000 patients
 * is a few megabytes of CSV, so the archive is built in memory.
 */
async function organizationFile(ctx: AppContext, scope: Scope, target: BillingTarget): Promise<BillingFile> {
  const rows = await repo.findBillableClaims(
    tenantDb(scope, ctx.db),
    target.offices.map((o) => o.id),
    target.year,
    target.month,
  );
  const byOffice = new Map<number, BillingCsvRow[]>(target.offices.map((o) => [o.id, []]));
  for (const r of rows) { byOffice.get(r.hospitalId)?.push(toCsvRow(r)); }
  const entries: Record<string, Uint8Array> = {};
  for (const office of target.offices) {
    entries[officeCsvName(office, target.year, target.month)] = strToU8(buildBillingCsv(byOffice.get(office.id) ?? []));
  }
  const zip = zipSync(entries, { level: 6, mtime: new Date() });
  return {
    fileName: `billing-${yearMonthText(target.year, target.month)}-organization-${target.id}-${slug(target.name)}.zip`,
    contentType: 'application/zip',
    body: Buffer.from(zip),
  };
}

/** The billing file of a resolved target: an office's CSV, or an organization's ZIP of office CSVs. */
export function billingFile(ctx: AppContext, scope: Scope, target: BillingTarget): Promise<BillingFile> {
  return target.kind === 'hospital' ? officeFile(ctx, scope, target) : organizationFile(ctx, scope, target);
}

/**
 * GET billing/generatemultiplecsvhospitalpatientsformonthV2: the office's CSV for the month.
 * Requires hospitalid (400 'This field is required' without it); 404 outside scope; 400 for an
 * upcoming month.
 */
export async function officeCsv(ctx: AppContext, scope: Scope, headers: BillingPeriodHeaders): Promise<BillingFile> {
  if (headers.hospitalid === undefined) { throw AppError.badRequest('validationFailed', { hospitalid: 'required' }); }
  const target = await resolveBillingTarget(ctx, scope, headers, { refuseUpcoming: true });
  return officeFile(ctx, scope, target);
}

/**
 * GET billing/generatemultiplecsvorganizationpatientsformonthV2: a ZIP with one CSV per office of
 * the organization that the caller sees. Requires organizationid; 404 unless it is the caller's;
 * 400 for an upcoming month.
 */
export async function organizationZip(ctx: AppContext, scope: Scope, headers: BillingPeriodHeaders): Promise<BillingFile> {
  if (headers.organizationid === undefined) { throw AppError.badRequest('validationFailed', { organizationid: 'required' }); }
  const target = await resolveBillingTarget(ctx, scope, { ...headers, hospitalid: undefined }, { refuseUpcoming: true });
  return organizationFile(ctx, scope, target);
}
