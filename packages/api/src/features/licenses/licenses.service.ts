import { parse } from 'csv-parse/sync';
import {
  createLicenseBodySchema,
  fieldErrors,
  LICENSE_CSV_MAX_ROWS,
  type CreateLicenseBody,
  type License,
  type LicenseAssignBody,
  type LicenseAssignment,
  type LicenseBulkReport,
  type LicenseListQuery,
  type UpdateLicenseBody,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { systemScope, type Scope } from '../../db/scope';
import { getOfficeInScope, getVisiblePatient } from '../../db/visible';
import { isUniqueViolation } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import { isLicenseExpired, latestPossiblyExpiredDate, licenseExpiresAt } from './license-rules';
import * as repo from './licenses.repo';
import { tenantDb } from '../../db/handles';

/**
 * Licences of an office and their assignment to patients (portal-spec.md sections 3 and 4
 * "Licence"; docs/licenses.md). Statuses: active and inactive are chosen by staff; assigned while a
 * patient holds the licence; expired from the day after the expiration date in the office's time
 * zone (the `license-expiry` job). A patient holds at most one current licence of a type.
 */

async function visibleLicense(scope: Scope, db: Executor, id: number, forUpdate = false): Promise<License> {
  const license = await repo.getLicense(tenantDb(scope, db), id, { forUpdate });
  if (!license) { throw AppError.notFound(); }
  return license;
}

const valuesOf = (b: UpdateLicenseBody | CreateLicenseBody): repo.LicenseValues => ({
  name: b.name,
  description: b.description ?? '',
  content: b.content ?? '',
  type: b.type,
  priceCents: b.priceCents,
  expirationDate: b.expirationDate,
});

/** `GET licenses`: a page of the licences of the caller's offices. */
export async function findLicenses(ctx: AppContext, scope: Scope, q: LicenseListQuery) {
  const { items, total } = await repo.findLicenses(tenantDb(scope, ctx.db), q);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** `GET licenses/{id}`: 404 out of scope. */
export function getLicense(ctx: AppContext, scope: Scope, id: number): Promise<License> {
  return visibleLicense(scope, ctx.db, id);
}

/** The status a new or edited licence starts with: expired when its date has passed in the office's zone. */
const statusAt = (wanted: 'active' | 'inactive', expirationDate: string, timeZone: string, now: Date) => (isLicenseExpired(expirationDate, timeZone, now) ? 'expired' : wanted);

/** `POST licenses`: a licence in office `hospitalId` (404 out of scope); already expired when its date has passed. */
export async function createLicense(ctx: AppContext, scope: Scope, body: CreateLicenseBody, now = new Date()): Promise<License> {
  const office = await getOfficeInScope(tenantDb(scope, ctx.db), body.hospitalId);
  if (!office) { throw AppError.notFound(); }
  const [id] = await repo.insertLicenses(tenantDb(scope, ctx.db), body.hospitalId, [{ ...valuesOf(body), status: statusAt(body.status, body.expirationDate, office.timeZone, now) }], scope.userId);
  return visibleLicense(scope, ctx.db, id!);
}

/**
 * `PUT licenses/{id}`: edits a licence. 404 out of scope; 409 licenseAssigned when an assigned
 * licence would be deactivated or change type. A new date in the future revives an expired licence
 * (active); a past one expires it.
 */
export async function updateLicense(ctx: AppContext, scope: Scope, id: number, body: UpdateLicenseBody, now = new Date()): Promise<License> {
  await ctx.db.transaction(async (tx) => {
    const license = await visibleLicense(scope, tx, id, true);
    const office = (await getOfficeInScope(tenantDb(scope, tx), license.hospitalId))!;
    if (license.status === 'assigned' && (body.status === 'inactive' || body.type !== license.type)) { throw AppError.conflict('licenseAssigned'); }
    const values = valuesOf(body);
    if (license.status === 'assigned') {
      if (isLicenseExpired(body.expirationDate, office.timeZone, now)) {
        await repo.updateLicense(tenantDb(scope, tx), id, values);
        await repo.expireLicenses(tenantDb(scope, tx), [id], now);
        return;
      }
      await repo.updateLicense(tenantDb(scope, tx), id, values);
      return;
    }
    const wanted = body.status ?? (license.status === 'inactive' ? 'inactive' : 'active');
    await repo.updateLicense(tenantDb(scope, tx), id, { ...values, status: statusAt(wanted, body.expirationDate, office.timeZone, now) });
  });
  return visibleLicense(scope, ctx.db, id);
}

/** `DELETE licenses/{id}`: deletes a licence never assigned. 404 out of scope; 409 licenseAssigned otherwise (its history stays). */
export async function deleteLicense(ctx: AppContext, scope: Scope, id: number): Promise<{ id: number }> {
  await ctx.db.transaction(async (tx) => {
    await visibleLicense(scope, tx, id, true);
    if (await repo.wasEverAssigned(tenantDb(scope, tx), id)) { throw AppError.conflict('licenseAssigned'); }
    await repo.deleteLicense(tenantDb(scope, tx), id);
  });
  return { id };
}

/** The CSV columns of a bulk insert (docs/licenses.md "Bulk insert"); `price` is in dollars with at most two decimals. */
export const LICENSE_CSV_COLUMNS = ['name', 'description', 'content', 'type', 'price', 'expirationDate'] as const;

/** '12', '12.5', '12.50', '$1,234.56' as cents, exactly (no float); null when not money. */
export function parseDollars(text: string): number | null {
  const m = text.trim().replace(/^\$/, '').replace(/,/g, '').match(/^(\d{1,9})(?:\.(\d{1,2}))?$/);
  if (!m) { return null; }
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * `POST licenses/bulkinsert`: inserts the rows of a CSV (header row with LICENSE_CSV_COLUMNS, any
 * order, case-insensitive; comma or semicolon) into office `hospitalId`. Each row is validated like
 * `POST licenses`; valid rows are inserted in one transaction, invalid rows reported with their
 * field messages and left out. 404 out of scope; 400 malformedUpload for a file that is not CSV
 * or has no name/type/price/expirationDate columns, or more than LICENSE_CSV_MAX_ROWS rows.
 */
export async function bulkInsertLicenses(ctx: AppContext, scope: Scope, hospitalId: number, file: Buffer, now = new Date()): Promise<LicenseBulkReport> {
  const office = await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  let records: Record<string, string>[];
  try {
    const text = file.toString('utf8').replace(/^\uFEFF/, '');
    const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
    const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      bom: true,
    }) as Record<string, string>[];
  } catch {
    throw AppError.badRequest('malformedUpload');
  }
  if (records.length > LICENSE_CSV_MAX_ROWS) { throw AppError.badRequest('malformedUpload'); }
  const first = records[0];
  if (first && !['name', 'type', 'price', 'expirationdate'].every((c) => c in first)) { throw AppError.badRequest('malformedUpload'); }

  const rows: LicenseBulkReport['rows'] = [];
  const valid: { index: number; values: repo.LicenseValues }[] = [];
  records.forEach((rec, n) => {
    const price = parseDollars(rec.price ?? '');
    const input = {
      hospitalId,
      name: rec.name ?? '',
      description: rec.description || undefined,
      content: rec.content || undefined,
      type: (rec.type ?? '').toUpperCase(),
      priceCents: price ?? -1,
      expirationDate: rec.expirationdate ?? '',
    };
    const parsed = createLicenseBodySchema.safeParse(input);
    rows.push({ row: n + 1, name: rec.name ?? '', status: 'failed', licenseId: null, errors: {} });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error, input, scope.lang);
      if ('priceCents' in errors) {
        errors.price = errors.priceCents!;
        delete errors.priceCents;
      }
      rows[n]!.errors = errors;
      return;
    }
    valid.push({ index: n, values: { ...valuesOf(parsed.data), status: statusAt('active', parsed.data.expirationDate, office.timeZone, now) } });
  });
  const ids = await ctx.db.transaction((tx) =>
    repo.insertLicenses(
      tenantDb(scope, tx),
      hospitalId,
      valid.map((v) => v.values),
      scope.userId,
    ),
  );
  valid.forEach((v, k) => Object.assign(rows[v.index]!, { status: 'inserted', licenseId: ids[k] }));
  return { inserted: ids.length, failed: rows.length - ids.length, rows };
}

async function visiblePatientOfLicense(scope: Scope, db: Executor, license: License, patientId: number): Promise<void> {
  if (!(await getVisiblePatient(tenantDb(scope, db), patientId)) || !(await repo.isPatientOfOffice(tenantDb(scope, db), patientId, license.hospitalId))) { throw AppError.notFound(); }
}

/** `GET licenseassignments/getforpatient`: 404 for a patient out of scope. */
export async function findAssignmentsForPatient(ctx: AppContext, scope: Scope, patientId: number): Promise<LicenseAssignment[]> {
  if (!(await getVisiblePatient(tenantDb(scope, ctx.db), patientId))) { throw AppError.notFound(); }
  return repo.findAssignmentsForPatient(tenantDb(scope, ctx.db), patientId);
}

/**
 * `POST licenseassignments/assign`: the licence becomes the patient's (status assigned). 404 when
 * the licence or the patient is out of scope or the patient is not of the licence's office; 409
 * licenseNotAssignable unless the licence is active; 409 licenseTypeAlreadyAssigned when the
 * patient already holds a current licence of its type (the unique index decides under concurrency).
 */
export async function assignLicense(ctx: AppContext, scope: Scope, body: LicenseAssignBody, now = new Date()): Promise<LicenseAssignment> {
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const license = await visibleLicense(scope, tx, body.licenseId, true);
      await visiblePatientOfLicense(scope, tx, license, body.patientId);
      const office = (await getOfficeInScope(tenantDb(scope, tx), license.hospitalId))!;
      if (license.status !== 'active' || isLicenseExpired(license.expirationDate, office.timeZone, now)) { throw AppError.conflict('licenseNotAssignable'); }
      const newId = await repo.insertAssignment(tenantDb(scope, tx), license, body.patientId, scope.userId);
      await repo.updateLicense(tenantDb(scope, tx), license.id, { status: 'assigned' });
      return newId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) { throw AppError.conflict('licenseTypeAlreadyAssigned'); }
    throw error;
  }
  return (await repo.getAssignment(tenantDb(scope, ctx.db), id))!;
}

/** `POST licenseassignments/deassign`: ends the assignment; the licence is active again. 404 out of scope; 409 licenseNotAssignedToPatient. */
export async function deassignLicense(ctx: AppContext, scope: Scope, body: LicenseAssignBody, now = new Date()): Promise<LicenseAssignment> {
  const id = await ctx.db.transaction(async (tx) => {
    const license = await visibleLicense(scope, tx, body.licenseId, true);
    await visiblePatientOfLicense(scope, tx, license, body.patientId);
    const ended = await repo.endAssignment(tenantDb(scope, tx), license.id, body.patientId, now);
    if (ended === null) { throw AppError.conflict('licenseNotAssignedToPatient'); }
    if (license.status === 'assigned') { await repo.updateLicense(tenantDb(scope, tx), license.id, { status: 'active' }); }
    return ended;
  });
  return (await repo.getAssignment(tenantDb(scope, ctx.db), id))!;
}

/**
 * The `license-expiry` job (docs/licenses.md, docs/jobs.md): every active or assigned licence whose
 * expiration date has passed in its office's time zone becomes expired, and its assignment ends at
 * that instant. Idempotent: an expired licence is not read again.
 */
export async function expireDueLicenses(ctx: AppContext, now = new Date()): Promise<{ expired: number }> {
  const candidates = await repo.findExpiryCandidates(tenantDb(systemScope, ctx.db), latestPossiblyExpiredDate(now));
  const due = candidates.filter((c) => isLicenseExpired(c.expirationDate, c.timeZone, now));
  let expired = 0;
  // Each licence's assignment ends at its own expiry instant.
  const byInstant = new Map<number, number[]>();
  for (const c of due) {
    const at = licenseExpiresAt(c.expirationDate, c.timeZone).getTime();
    byInstant.set(at, [...(byInstant.get(at) ?? []), c.id]);
  }
  for (const [at, ids] of byInstant) { expired += await ctx.db.transaction((tx) => repo.expireLicenses(tenantDb(systemScope, tx), ids, new Date(at))); }
  return { expired };
}
