/**
 * Database reads of the billing summary and details endpoints: the paged list of an office's (or
 * organization's) patients with their stored amounts, and the stored billing_claims rows of a page.
 * Every function takes the caller's scope first and applies the office filter.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { billingClaims } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter } from '../../db/scope';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';

const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
/** One row of the summary list: a patient in an office, with the stored billable amount and codes of the month. */
export interface SummaryRow {
  patientId: number;
  firstName: string;
  lastName: string;
  hospitalId: number;
  hospitalName: string;
  amountCents: number;
  codes: number;
}

const sorts: Record<string, SQL> = {
  name: sql`last_name asc, first_name asc, patient_id asc, hospital_id asc`,
  '-name': sql`last_name desc, first_name desc, patient_id desc, hospital_id desc`,
  amount: sql`amount asc, last_name asc, patient_id asc`,
  '-amount': sql`amount desc, last_name asc, patient_id asc`,
  codes: sql`codes asc, last_name asc, patient_id asc`,
  '-codes': sql`codes desc, last_name asc, patient_id asc`,
};

/**
 * The patients of `officeIds` (each patient once per office), paged and sorted in SQL, with the
 * stored billable amount and number of codes of the month; `search` matches first or last name.
 */
export async function findSummaryPage(
  tenant: TenantDb,
  officeIds: number[],
  year: number,
  month: number,
  q: { page: number; pageSize: number; sort?: string; search?: string },
): Promise<{ rows: SummaryRow[]; total: number; totalAmountCents: number; codesWithoutAmount: number }> {
  const { scope, db } = tenant;
  if (officeIds.length === 0) { return { rows: [], total: 0, totalAmountCents: 0, codesWithoutAmount: 0 }; }
  const search = q.search?.trim()
    ? sql`and (u.first_name || ' ' || u.last_name) ilike ${'%' + escapeLike(q.search.trim()) + '%'}`
    : sql``;
  const order = sorts[q.sort ?? 'name'] ?? sorts.name!;
  const rows = await rowsOf<{
    patient_id: number;
    first_name: string;
    last_name: string;
    hospital_id: number;
    hospital_name: string;
    amount: number;
    codes: number;
    total: number;
  }>(
    db,
    sql`select p.*, count(*) over() as total from (
          select u.id as patient_id, u.first_name, u.last_name, h.id as hospital_id, h.hospital_name,
                 coalesce(c.amount, 0)::int as amount, coalesce(c.codes, 0)::int as codes
            from user_hospitals uh
            join users u on u.id = uh.user_id and u.role_id = ${Role.PATIENT}
            join hospitals h on h.id = uh.hospital_id
            left join lateral (
              select sum(amount_cents) filter (where status = 'billable') as amount, count(*) filter (where status = 'billable') as codes
                from billing_claims c
               where c.patient_id = u.id and c.hospital_id = h.id and c.year = ${year} and c.month = ${month}) c on true
           where uh.hospital_id = any(${sql.param(officeIds)}::int[]) and ${officeFilter(scope, sql`uh.hospital_id`)} ${search}
        ) p
        order by ${order}
        limit ${q.pageSize} offset ${pageOffset(q)}`,
  );
  const [sum] = await rowsOf<{ amount: number | null; without_amount: number | null }>(
    db,
    sql`select sum(amount_cents)::bigint as amount, count(*) filter (where amount_cents is null)::int as without_amount from billing_claims
         where hospital_id = any(${sql.param(officeIds)}::int[]) and ${officeFilter(scope, sql`hospital_id`)}
           and year = ${year} and month = ${month} and status = 'billable'`,
  );
  const total = rows[0] ? Number(rows[0].total) : await countSummary(tenantDb(scope, db), officeIds, search);
  return {
    rows: rows.map((r) => ({
      patientId: Number(r.patient_id),
      firstName: r.first_name,
      lastName: r.last_name,
      hospitalId: Number(r.hospital_id),
      hospitalName: r.hospital_name,
      amountCents: Number(r.amount),
      codes: Number(r.codes),
    })),
    total,
    totalAmountCents: Number(sum?.amount ?? 0),
    codesWithoutAmount: Number(sum?.without_amount ?? 0),
  };
}

async function countSummary(tenant: TenantDb, officeIds: number[], search: SQL): Promise<number> {
  const { scope, db } = tenant;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_hospitals uh join users u on u.id = uh.user_id and u.role_id = ${Role.PATIENT}
         where uh.hospital_id = any(${sql.param(officeIds)}::int[]) and ${officeFilter(scope, sql`uh.hospital_id`)} ${search}`,
  );
  return Number(row?.n ?? 0);
}

/** The number of patients assigned to an office (a run's total before it starts). */
export async function countOfficePatients(tenant: TenantDb, officeIds: number[]): Promise<number> {
  const { scope, db } = tenant;
  return countSummary(tenantDb(scope, db), officeIds, sql``);
}

export type StoredClaim = typeof billingClaims.$inferSelect;

/** Stored claims of the month for (patient, office) pairs, oldest first. */
export async function findStoredClaims(tenant: TenantDb, pairs: { patientId: number; hospitalId: number }[], year: number, month: number): Promise<StoredClaim[]> {
  const { scope, db } = tenant;
  if (pairs.length === 0) { return []; }
  const patientIds = [...new Set(pairs.map((p) => p.patientId))];
  const hospitalIds = [...new Set(pairs.map((p) => p.hospitalId))];
  const wanted = new Set(pairs.map((p) => `${p.patientId}|${p.hospitalId}`));
  const rows = await db
    .select()
    .from(billingClaims)
    .where(
      and(
        inArray(billingClaims.patientId, patientIds),
        inArray(billingClaims.hospitalId, hospitalIds),
        eq(billingClaims.year, year),
        eq(billingClaims.month, month),
        officeFilter(scope, billingClaims.hospitalId),
      ),
    )
    .orderBy(billingClaims.id);
  return rows.filter((r) => wanted.has(`${r.patientId}|${r.hospitalId}`));
}

/**
 * When each (patient, office) month was last generated as a whole, keyed `patientId|hospitalId`
 * (absent: never): the latest finished ('done') run of the office, or of its organization when that
 * run reached the office (its starter saw the whole organization, or was assigned to the office:
 * billing-runs.ts runs the offices its starter sees), finished after the patient joined the office.
 * A patient for whom the engine found no code at all has no stored claim, yet that run generated
 * their month (docs/billing-engine.md, "Storage"). `pairs` are already checked against the scope.
 */
export async function findGeneratedAt(tenant: TenantDb, pairs: { patientId: number; hospitalId: number }[], year: number, month: number): Promise<Map<string, Date>> {
  const { scope, db } = tenant;
  for (const pair of pairs) { assertOfficeInScope(scope, pair.hospitalId); }
  const out = new Map<string, Date>();
  if (pairs.length === 0) { return out; }
  const rows = await rowsOf<{ patient_id: number; hospital_id: number; finished_at: string | Date }>(
    db,
    sql`select uh.user_id as patient_id, h.id as hospital_id, max(r.finished_at) as finished_at
          from user_hospitals uh
          join hospitals h on h.id = uh.hospital_id
          join billing_runs r on r.status = 'done' and r.year = ${year} and r.month = ${month} and r.finished_at >= uh.created_at
           and ((r.scope_kind = 'hospital' and r.scope_id = h.id)
             or (r.scope_kind = 'organization' and r.scope_id = h.organization_id
                 and exists (select 1 from users s where s.id = r.started_by
                              and (s.role_id in (${Role.SYSTEM_ADMIN}, ${Role.ORGANIZATION_ADMIN})
                                   or exists (select 1 from user_hospitals sh where sh.user_id = s.id and sh.hospital_id = h.id)))))
         where uh.user_id = any(${sql.param([...new Set(pairs.map((p) => p.patientId))])}::int[])
           and uh.hospital_id = any(${sql.param([...new Set(pairs.map((p) => p.hospitalId))])}::int[])
         group by uh.user_id, h.id`,
  );
  for (const r of rows) { out.set(`${Number(r.patient_id)}|${Number(r.hospital_id)}`, new Date(r.finished_at)); }
  return out;
}

/** Whether the patient is assigned to one of the caller's offices (a patient-scoped run). */
export async function patientInScope(tenant: TenantDb, patientId: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await rowsOf<{ ok: number }>(
    db,
    sql`select 1 as ok from user_hospitals uh where uh.user_id = ${patientId} and ${officeFilter(scope, sql`uh.hospital_id`)} limit 1`,
  );
  return rows.length > 0;
}
