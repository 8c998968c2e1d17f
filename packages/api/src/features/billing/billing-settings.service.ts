import type { FastifyRequest } from 'fastify';
import { parse } from 'csv-parse/sync';
import {
  FEE_SCHEDULE_MAX_ROWS,
  can,
  FEE_SCHEDULE_UPLOAD_MAX_BYTES,
  feeScheduleInputRowSchema,
  type BillingSetting,
  type BillingSettingsView,
  type EndpointBody,
  type FeeScheduleRow,
  type FeeScheduleUpdateResult,
  type MessageKey,
} from '@vigil/contract';
import type { billing as contract } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { billingSettingDefs, citationOf, parseBillingSettingValue } from './engine/settings';
import { getOrganizationInScope } from './billing-exports.repo';
import * as repo from './billing-settings.repo';
import { readSingleUpload } from '../../lib/upload';
import { catalogueDb, tenantDb } from '../../db/handles';

const NATIONAL = 'NATIONAL';

/**
 * The organization whose settings a call is about: the given one (404 unless it is the caller's;
 * any for a system admin), else the caller's own (null = global only, for a system admin).
 */
async function organizationOf(ctx: AppContext, scope: Scope, organizationId: number | undefined): Promise<number | null> {
  if (organizationId === undefined) { return scope.organizationId; }
  if (!(await getOrganizationInScope(tenantDb(scope, ctx.db), organizationId))) { throw AppError.notFound(); }
  return organizationId;
}

/**
 * Chosen GET billing/getbillingsettings (header organizationid, default the caller's): every
 * setting of the engine's billingSettingDefs (the rules the reference marks UNCONFIRMED, billing
 * brief) in display order, with value = the organization's row, else the global row, else the
 * default, and `source` saying which; descriptions in en and es and the reference section.
 * Stored values that no longer validate are ignored (the next layer applies).
 */
export async function getSettings(ctx: AppContext, scope: Scope, organizationId: number | undefined): Promise<BillingSettingsView> {
  const orgId = await organizationOf(ctx, scope, organizationId);
  const rows = await repo.findSettingRows(tenantDb(scope, ctx.db), orgId);
  const layer = (owner: number | null) =>
    new Map(rows.filter((r) => r.organizationId === owner).map((r) => [r.key, parseBillingSettingValue(r.key, r.valueJson)] as const));
  const global = layer(null);
  const own = orgId === null ? new Map<string, ReturnType<typeof parseBillingSettingValue>>() : layer(orgId);
  const items: BillingSetting[] = billingSettingDefs.map((def) => {
    const globalValue = global.get(def.key) ?? null;
    const organizationValue = own.get(def.key) ?? null;
    const value = organizationValue ?? globalValue ?? def.default;
    return {
      key: def.key,
      type: def.type,
      value,
      defaultValue: def.default,
      globalValue,
      organizationValue,
      source: organizationValue !== null ? 'organization' : globalValue !== null ? 'global' : 'default',
      name: def.name,
      description: def.description,
      reference: def.source,
      citation: { en: citationOf(def.source, 'en'), es: citationOf(def.source, 'es') },
      toBeConfirmed: def.toBeConfirmed,
      ...(def.type === 'integer' ? { min: def.min, max: def.max } : {}),
      ...(def.type === 'enum' ? { options: def.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
    };
  });
  return { organizationId: orgId, items };
}

/**
 * Chosen PUT billing/updatebillingsettings: sets (value) or removes (null) overrides by key for
 * `organizationId` (default: the caller's organization; null = the global values, which only a
 * system admin may change: 403 otherwise, as they apply to every organization). 400 'Invalid' on
 * values.<key> for an unknown key or a value its definition refuses (type, bounds, options); 404
 * for another organization. Answers the effective settings.
 */
export async function updateSettings(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.updateBillingSettings>): Promise<BillingSettingsView> {
  let orgId: number | null;
  if (body.organizationId === null) { orgId = null; }
  else { orgId = await organizationOf(ctx, scope, body.organizationId); }
  if (orgId === null && !can(scope.role, 'billing.globalSettings')) { throw AppError.forbidden(); }
  const fields: Record<string, MessageKey> = {};
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(body.values)) {
    if (raw === null) {
      if (billingSettingDefs.some((d) => d.key === key)) { values[key] = null; }
      else { fields[`values.${key}`] = 'invalid'; }
      continue;
    }
    const parsed = parseBillingSettingValue(key, raw);
    if (parsed === undefined) { fields[`values.${key}`] = 'invalid'; }
    else { values[key] = parsed; }
  }
  if (Object.keys(fields).length > 0) { throw AppError.badRequest('validationFailed', fields); }
  await repo.writeSettings(tenantDb(scope, ctx.db), orgId, values, scope.userId);
  return getSettings(ctx, scope, orgId ?? undefined);
}

// Fee schedule ----------------------------------------------------------------------------------

const toFee = (r: repo.FeeRow): FeeScheduleRow => ({
  id: r.id,
  year: r.year,
  code: r.code,
  locality: r.locality,
  amountCents: r.amountCents,
  facilityAmountCents: r.facilityAmountCents,
  description: r.description,
});

/** Chosen GET billing/getfeeschedule: the amounts (cents) of a year (default the current one), by code and locality. */
export async function getFeeSchedule(ctx: AppContext, query: { year?: number; locality?: string }) {
  const year = query.year ?? new Date().getUTCFullYear();
  return { year, items: (await repo.findFees(catalogueDb(ctx.db), year, query.locality)).map(toFee) };
}

/** The fee schedule is one national table shared by every organization: only a holder of billing.feeSchedule (a system admin) changes it (403 otherwise). */
function assertMayWriteFees(scope: Scope): void {
  if (!can(scope.role, 'billing.feeSchedule')) { throw AppError.forbidden(); }
}

type FeeInput = { code: string; amountCents: number; locality?: string; description?: string };

async function saveFees(ctx: AppContext, year: number, input: FeeInput[]): Promise<FeeScheduleUpdateResult> {
  const unique = new Map<string, { code: string; locality: string; amountCents: number; description: string }>();
  for (const row of input) {
    const locality = row.locality ?? NATIONAL;
    unique.set(`${row.code}|${locality}`, { code: row.code, locality, amountCents: row.amountCents, description: row.description ?? '' });
  }
  const { inserted, updated } = await repo.upsertFees(catalogueDb(ctx.db), year, [...unique.values()]);
  return { year, inserted, updated, items: (await repo.findFees(catalogueDb(ctx.db), year)).map(toFee) };
}

/**
 * Chosen PUT billing/updatefeeschedule: inserts or updates the amounts of a year by code and
 * locality ('NATIONAL' when left out); duplicates in the body: the last wins. Payment amounts come
 * from this table, never from constants in the rules (billing-rules.md section 8:
 * "Do not hard-code these numbers"). 403 unless a system admin.
 */
export async function updateFeeSchedule(ctx: AppContext, scope: Scope, body: EndpointBody<typeof contract.updateFeeSchedule>): Promise<FeeScheduleUpdateResult> {
  assertMayWriteFees(scope);
  return saveFees(ctx, body.year, body.rows);
}

/** '$12.34', '12.3', '12' -> cents; undefined when not a non-negative amount with at most 2 decimals. */
export function dollarsToCents(text: string): number | undefined {
  const m = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!m) { return undefined; }
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

const headerAliases: Record<string, 'code' | 'amount' | 'amountCents' | 'locality' | 'description'> = {
  code: 'code',
  cpt: 'code',
  hcpcs: 'code',
  'cpt/hcpcs': 'code',
  amount: 'amount',
  'amount (usd)': 'amount',
  dollars: 'amount',
  amountcents: 'amountCents',
  amount_cents: 'amountCents',
  cents: 'amountCents',
  locality: 'locality',
  description: 'description',
};

/**
 * Reads a fee-schedule CSV: a header row naming the columns code (or cpt / hcpcs), amount in
 * dollars ('47.43', '$47.43') or amountCents, and optionally locality and description; comma or
 * semicolon separated, UTF-8 with or without a BOM. Returns the rows, or the per-field messages
 * keyed 'rows.<line>.<field>' (line = the CSV line number).
 */
export function parseFeeScheduleCsv(text: string): { rows: FeeInput[]; errors: Record<string, MessageKey> } {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  } catch {
    return { rows: [], errors: { file: 'regex' } };
  }
  const [header, ...lines] = records;
  const columns = (header ?? []).map((h) => headerAliases[h.trim().toLowerCase()]);
  if (!columns.includes('code') || (!columns.includes('amount') && !columns.includes('amountCents'))) { return { rows: [], errors: { file: 'regex' } }; }
  if (lines.length === 0) { return { rows: [], errors: { file: 'required' } }; }
  if (lines.length > FEE_SCHEDULE_MAX_ROWS) { return { rows: [], errors: { file: 'regex' } }; }
  const rows: FeeInput[] = [];
  const errors: Record<string, MessageKey> = {};
  lines.forEach((cells, i) => {
    const line = i + 2;
    const get = (name: string) => {
      const at = columns.indexOf(name as never);
      return at >= 0 ? (cells[at] ?? '') : undefined;
    };
    const cents = get('amountCents');
    const amount = get('amount');
    const amountCents = cents !== undefined && cents !== '' ? (/^\d+$/.test(cents) ? Number(cents) : undefined) : amount !== undefined ? dollarsToCents(amount) : undefined;
    const locality = get('locality');
    const candidate = { code: get('code') ?? '', amountCents, locality: locality ? locality : undefined, description: get('description') };
    const parsed = feeScheduleInputRowSchema.safeParse(candidate);
    if (parsed.success) { rows.push(parsed.data); }
    else { for (const issue of parsed.error.issues) { errors[`rows.${line}.${String(issue.path[0] ?? 'code')}`] ??= candidate[issue.path[0] as keyof typeof candidate] === undefined ? 'required' : 'regex'; } }
  });
  return { rows, errors };
}

/**
 * Chosen POST billing/uploadfeeschedule (query year; multipart field "file", at most 1 MB): loads
 * a fee-schedule CSV (see {@link parseFeeScheduleCsv}) as PUT billing/updatefeeschedule does. 403
 * unless a system admin; 415 without multipart; 400 'This field is required' on file without one,
 * and per-line messages ('rows.<line>.<field>') when a row is not valid: then nothing is saved.
 */
export async function uploadFeeSchedule(ctx: AppContext, scope: Scope, year: number, req: FastifyRequest): Promise<FeeScheduleUpdateResult> {
  assertMayWriteFees(scope);
  const file = await readSingleUpload(req, FEE_SCHEDULE_UPLOAD_MAX_BYTES); // 415 / 413 / 400 malformedUpload (lib/upload.ts)
  if (!file) { throw AppError.badRequest('validationFailed', { file: 'required' }); }
  const buffer = file.data;
  if (buffer.length === 0) { throw AppError.badRequest('validationFailed', { file: 'required' }); }
  const { rows, errors } = parseFeeScheduleCsv(buffer.toString('utf8'));
  if (Object.keys(errors).length > 0) { throw AppError.badRequest('validationFailed', errors); }
  return saveFees(ctx, year, rows);
}
