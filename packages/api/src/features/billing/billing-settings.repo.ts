import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { billingSettings, feeSchedule } from '../../db/schema/index';
import { isOrganizationInScope, isSystemAdmin } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import type { CatalogueDb, TenantDb } from '../../db/handles';

// Billing settings: global rows (organization null) apply to everybody and are read by every
// caller; an organization's rows only by its members (system admins: all). The fee schedule is
// national reference data (no tenant column): everybody with billing.read reads it, only system
// admins write it (the service checks).

export interface SettingRow {
  organizationId: number | null;
  key: string;
  valueJson: unknown;
}

/** The global rows and, when given and the caller's (any for a system admin), the organization's rows. */
export function findSettingRows(tenant: TenantDb, organizationId: number | null): Promise<SettingRow[]> {
  const { scope, db } = tenant;
  const orgVisible = organizationId !== null && isOrganizationInScope(scope, organizationId);
  return db
    .select({ organizationId: billingSettings.organizationId, key: billingSettings.key, valueJson: billingSettings.valueJson })
    .from(billingSettings)
    .where(orgVisible ? or(isNull(billingSettings.organizationId), eq(billingSettings.organizationId, organizationId)) : isNull(billingSettings.organizationId))
    .orderBy(asc(billingSettings.key));
}

/**
 * Sets (value) or removes (null) the rows of `organizationId` (null = global) for each key, in one
 * transaction. The unique index on (organization_id, key) does not cover NULL organizations, so
 * each key is deleted and re-inserted rather than upserted.
 */
export async function writeSettings(
  tenant: TenantDb,
  organizationId: number | null,
  values: Record<string, unknown>,
  updatedBy: number,
): Promise<void> {
  const { scope, db } = tenant;
  // The global rows (null) are the system admins'; an organization's rows its own (404 otherwise).
  if (organizationId === null ? !isSystemAdmin(scope) : !isOrganizationInScope(scope, organizationId)) { throw AppError.notFound(); }
  const keys = Object.keys(values);
  if (keys.length === 0) { return; }
  await db.transaction(async (tx) => {
    const owner = organizationId === null ? isNull(billingSettings.organizationId) : eq(billingSettings.organizationId, organizationId);
    await tx.delete(billingSettings).where(and(owner, inArray(billingSettings.key, keys)));
    const rows = keys
      .filter((key) => values[key] !== null)
      .map((key) => ({ organizationId, key, valueJson: values[key], updatedBy, updatedAt: new Date() }));
    if (rows.length > 0) { await tx.insert(billingSettings).values(rows); }
  });
}

export type FeeRow = typeof feeSchedule.$inferSelect;

/** The fee schedule of a year (optionally one locality), by code then locality. */
export function findFees({ db }: CatalogueDb, year: number, locality?: string): Promise<FeeRow[]> {
  return db
    .select()
    .from(feeSchedule)
    .where(and(eq(feeSchedule.year, year), locality ? eq(feeSchedule.locality, locality) : undefined))
    .orderBy(asc(feeSchedule.code), asc(feeSchedule.locality));
}

/**
 * Inserts or updates fee rows of a year by (code, locality) in one transaction (rows are unique by
 * code and locality: the service keeps the last of duplicates). An empty description keeps the
 * saved one. Answers how many rows were new and how many replaced a saved amount.
 */
export async function upsertFees(
  { db }: CatalogueDb,
  year: number,
  rows: { code: string; locality: string; amountCents: number; facilityAmountCents?: number | null; description: string }[],
): Promise<{ inserted: number; updated: number }> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ code: feeSchedule.code, locality: feeSchedule.locality })
      .from(feeSchedule)
      .where(and(eq(feeSchedule.year, year), inArray(feeSchedule.code, [...new Set(rows.map((r) => r.code))])));
    const known = new Set(existing.map((r) => `${r.code}|${r.locality}`));
    const inserted = rows.filter((r) => !known.has(`${r.code}|${r.locality}`)).length;
    const CHUNK = 500;
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(feeSchedule)
        .values(rows.slice(i, i + CHUNK).map((r) => ({ year, ...r, facilityAmountCents: r.facilityAmountCents ?? null })))
        .onConflictDoUpdate({
          target: [feeSchedule.year, feeSchedule.code, feeSchedule.locality],
          set: {
            amountCents: sql`excluded.amount_cents`,
            facilityAmountCents: sql`excluded.facility_amount_cents`,
            description: sql`case when excluded.description <> '' then excluded.description else ${feeSchedule.description} end`,
          },
        });
    }
    return { inserted, updated: rows.length - inserted };
  });
}
