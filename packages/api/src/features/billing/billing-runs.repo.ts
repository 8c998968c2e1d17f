/**
 * Billing runs and their claims (docs/billing-engine.md "Runs"): a run's row (started, counted,
 * finished, read when the caller sees it) and the replacement of a batch's billing_claims rows,
 * in one transaction per batch. The facts the engine reads are generation.repo.ts's.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { billingRuns, userHospitals } from '../../db/schema/index';
import { assertOfficeInScope, assertOrganizationInScope, officeFilter, organizationFilter, type Scope } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/** One billing_claims row to write. */
export interface ClaimRow {
  patient_id: number;
  program: string;
  code: string;
  units: number;
  status: 'billable' | 'suppressed';
  reason: string;
  practitioner_user_id: number | null;
  dates_of_service: string[];
  evidence_json: Record<string, unknown>;
  amount_cents: number | null;
}

/**
 * Replaces the office-month rows of the given patients with `rows`, in one transaction, and adds
 * the batch to the run's progress. The rows travel as ONE jsonb parameter expanded by
 * jsonb_to_recordset (a single round trip per batch, no parameter limit).
 */
export async function replaceClaims(
  tenant: TenantDb,
  input: { runId: number; hospitalId: number; year: number; month: number; patientIds: number[]; rows: ClaimRow[] },
): Promise<void> {
  const { scope, db } = tenant;
  const { runId, hospitalId, year, month, patientIds, rows } = input;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from billing_claims where hospital_id = ${hospitalId} and ${officeFilter(scope, sql`hospital_id`)} and year = ${year} and month = ${month}
            and patient_id = any(${sql.param(patientIds)}::int[])`,
    );
    if (rows.length > 0) {
      await tx.execute(
        sql`insert into billing_claims (run_id, patient_id, hospital_id, year, month, program, code, units, status, reason, practitioner_user_id, dates_of_service, evidence_json, amount_cents)
            select ${runId}, r.patient_id, ${hospitalId}, ${year}, ${month}, r.program, r.code, r.units, r.status, r.reason, r.practitioner_user_id,
                   coalesce(r.dates_of_service, '[]'::jsonb), coalesce(r.evidence_json, '{}'::jsonb), r.amount_cents
              from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(patient_id int, program text, code text, units int, status text, reason text,
                   practitioner_user_id int, dates_of_service jsonb, evidence_json jsonb, amount_cents int)`,
      );
    }
    await tx.update(billingRuns).set({ done: sql`${billingRuns.done} + ${patientIds.length}` }).where(eq(billingRuns.id, runId));
  });
}

export type RunRow = typeof billingRuns.$inferSelect;

/**
 * The runs the caller sees: an office's run when the office is theirs, an organization's when the
 * organization is, a patient's when the patient is assigned to one of their offices.
 */
const runVisible = (scope: Scope): SQL =>
  or(
    and(eq(billingRuns.scopeKind, 'hospital'), officeFilter(scope, billingRuns.scopeId)),
    and(eq(billingRuns.scopeKind, 'organization'), organizationFilter(scope, billingRuns.scopeId)),
    and(eq(billingRuns.scopeKind, 'patient'), sql`exists (select 1 from ${userHospitals} where ${userHospitals.userId} = ${billingRuns.scopeId} and ${officeFilter(scope, userHospitals.hospitalId)})`),
  )!;

/** Starts a run (status 'running') the caller may start: of one of their offices, their organization or a patient they see (404 otherwise). */
export async function createRun(
  tenant: TenantDb,
  values: { scopeKind: 'patient' | 'hospital' | 'organization'; scopeId: number; year: number; month: number; total: number; startedBy: number },
): Promise<RunRow> {
  const { scope, db } = tenant;
  if (values.scopeKind === 'hospital') { assertOfficeInScope(scope, values.scopeId); }
  if (values.scopeKind === 'organization') { assertOrganizationInScope(scope, values.scopeId); }
  const [row] = await db.insert(billingRuns).values({ ...values, status: 'running', done: 0 }).returning();
  return row!;
}

/** Sets a run's total (after counting the patients). */
export async function setRunTotal(tenant: TenantDb, runId: number, total: number): Promise<void> {
  const { scope, db } = tenant;
  await db.update(billingRuns).set({ total }).where(and(eq(billingRuns.id, runId), runVisible(scope)));
}

/**
 * Ends a run as done or failed (the error text is generic: no PHI). Its end is the database's
 * clock, like the assignments' `created_at` it is compared with (`findGeneratedAt`).
 */
export async function finishRun(tenant: TenantDb, runId: number, status: 'done' | 'failed', error?: string): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(billingRuns)
    .set({ status, finishedAt: sql`now()`, error: error ?? null })
    .where(and(eq(billingRuns.id, runId), runVisible(scope)));
}

/** A run by id, when the caller sees it (`runVisible`), or null. */
export async function getRun(tenant: TenantDb, runId: number): Promise<RunRow | null> {
  const { scope, db } = tenant;
  const [row] = await db.select().from(billingRuns).where(and(eq(billingRuns.id, runId), runVisible(scope)));
  return row ?? null;
}

