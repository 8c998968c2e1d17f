import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { billingClaims, ccmCarePlans, ccmConsentForms, ccmRecords, timeEntries, users } from '../../db/schema/index';
import { officeFilter } from '../../db/scope';
import { tenantDb } from '../../db/handles';
import type { TenantDb } from '../../db/handles';

/** Reads of the monthly CCM report and of CCM billing. Every function takes the caller's scope first. */

/** The programs whose billing shows under CCM (and need CCM-style consent). */
export const CCM_FAMILY_PROGRAMS = ['CCM', 'PCM', 'APCM'] as const;

export interface ReportRecordRow {
  patientId: number;
  firstName: string;
  lastName: string;
  ccmRecordId: number;
  recordDate: string;
  complexDecisionMaking: string | null;
}

/** Each patient's latest record in office `hospitalId` dated on or before `lastDay`, by patient name. */
export async function findLatestRecordsOfOffice(tenant: TenantDb, hospitalId: number, lastDay: string): Promise<ReportRecordRow[]> {
  const { scope, db } = tenant;
  const rows = await db
    .selectDistinctOn([ccmRecords.patientId], {
      patientId: ccmRecords.patientId,
      firstName: users.firstName,
      lastName: users.lastName,
      ccmRecordId: ccmRecords.id,
      recordDate: ccmRecords.recordDate,
      complexDecisionMaking: ccmRecords.complexDecisionMaking,
    })
    .from(ccmRecords)
    .innerJoin(users, eq(users.id, ccmRecords.patientId))
    .where(and(eq(ccmRecords.hospitalId, hospitalId), officeFilter(scope, ccmRecords.hospitalId), sql`${ccmRecords.recordDate} <= ${lastDay}`))
    .orderBy(ccmRecords.patientId, desc(ccmRecords.recordDate), desc(ccmRecords.id));
  return rows.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.patientId - b.patientId);
}

/**
 * CCM seconds (all and interactive) of `patientIds` in office `hospitalId` between `from` and `to`:
 * finished time-tracking entries of program CCM, each entry once (a time log entry IS one).
 */
export async function sumCcmSeconds(tenant: TenantDb, hospitalId: number, patientIds: number[], from: Date, to: Date): Promise<Map<number, { seconds: number; interactiveSeconds: number }>> {
  const { scope, db } = tenant;
  if (patientIds.length === 0) { return new Map(); }
  const rows = await db
    .select({
      patientId: timeEntries.patientId,
      seconds: sql<number>`coalesce(sum(${timeEntries.seconds}), 0)::int`,
      interactiveSeconds: sql<number>`coalesce(sum(${timeEntries.seconds}) filter (where ${timeEntries.interactive}), 0)::int`,
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.hospitalId, hospitalId),
        officeFilter(scope, timeEntries.hospitalId),
        inArray(timeEntries.patientId, patientIds),
        eq(timeEntries.program, 'CCM'),
        sql`${timeEntries.endedAt} is not null`,
        sql`${timeEntries.startedAt} >= ${from.toISOString()} and ${timeEntries.startedAt} < ${to.toISOString()}`,
      ),
    )
    .groupBy(timeEntries.patientId);
  return new Map(rows.map((r) => [r.patientId, { seconds: Number(r.seconds), interactiveSeconds: Number(r.interactiveSeconds) }]));
}

/**
 * A consent form in effect in the month ending `lastDay` (docs/billing-engine.md "Consent"):
 * obtained on or before `lastDay`, and active or revoked in that month or later (the month of
 * revocation still bills: CMS, effective at the end of the calendar month).
 */
const inEffect = (lastDay: string) =>
  sql`${ccmConsentForms.consentDate} <= ${lastDay} and (${ccmConsentForms.status} = 'ACTIVE' or ${ccmConsentForms.revokedOn} >= ${`${lastDay.slice(0, 8)}01`})`;

/** Patients of `patientIds` with a consent in effect in the month ending `lastDay` (`inEffect`) in office `hospitalId`, with the consent. */
export async function findConsents(tenant: TenantDb, hospitalId: number, patientIds: number[], lastDay: string): Promise<Map<number, { program: string; consentType: string; consentDate: string; obtainedBy: string }[]>> {
  const { scope, db } = tenant;
  if (patientIds.length === 0) { return new Map(); }
  const rows = await db
    .select({ patientId: ccmConsentForms.patientId, program: ccmConsentForms.program, consentType: ccmConsentForms.consentType, consentDate: ccmConsentForms.consentDate, obtainedBy: ccmConsentForms.obtainedBy })
    .from(ccmConsentForms)
    .where(and(eq(ccmConsentForms.hospitalId, hospitalId), officeFilter(scope, ccmConsentForms.hospitalId), inArray(ccmConsentForms.patientId, patientIds), inEffect(lastDay)))
    .orderBy(ccmConsentForms.consentDate);
  const out = new Map<number, { program: string; consentType: string; consentDate: string; obtainedBy: string }[]>();
  for (const { patientId, ...c } of rows) { out.set(patientId, [...(out.get(patientId) ?? []), c]); }
  return out;
}

/** Per record of `recordIds`: its active care plans' earliest review date. */
export async function findRecordSummaries(tenant: TenantDb, recordIds: number[]): Promise<Map<number, { reviewDate: string | null }>> {
  const { scope, db } = tenant;
  const out = new Map<number, { reviewDate: string | null }>(recordIds.map((id) => [id, { reviewDate: null }]));
  if (recordIds.length === 0) { return out; }
  const reviews = await db
    .select({ id: ccmCarePlans.ccmRecordId, reviewDate: sql<string>`min(${ccmCarePlans.reviewDate})::text` })
    .from(ccmCarePlans)
    .where(and(inArray(ccmCarePlans.ccmRecordId, recordIds), officeFilter(scope, ccmCarePlans.hospitalId), inArray(ccmCarePlans.status, ['draft', 'active', 'on-hold'])))
    .groupBy(ccmCarePlans.ccmRecordId);
  for (const r of reviews) { out.get(r.id)!.reviewDate = r.reviewDate; }
  return out;
}

/** The billing engine's stored lines (billing_claims) of the CCM-family programs for the patient in the caller's offices, optionally of one office and month; newest month first. */
export async function findCcmClaims(tenant: TenantDb, patientId: number, only?: { hospitalId: number; year: number; month: number }) {
  const { scope, db } = tenant;
  return db
    .select({
      id: billingClaims.id,
      patientId: billingClaims.patientId,
      hospitalId: billingClaims.hospitalId,
      year: billingClaims.year,
      month: billingClaims.month,
      program: billingClaims.program,
      code: billingClaims.code,
      units: billingClaims.units,
      status: billingClaims.status,
      reason: billingClaims.reason,
      evidence: billingClaims.evidenceJson,
    })
    .from(billingClaims)
    .where(
      and(
        eq(billingClaims.patientId, patientId),
        officeFilter(scope, billingClaims.hospitalId),
        inArray(billingClaims.program, [...CCM_FAMILY_PROGRAMS]),
        ...(only ? [eq(billingClaims.hospitalId, only.hospitalId), eq(billingClaims.year, only.year), eq(billingClaims.month, only.month)] : []),
      ),
    )
    .orderBy(desc(billingClaims.year), desc(billingClaims.month), billingClaims.code)
    .limit(500);
}

/** A worklist row as the monthly report has it (contract `ccmReportRowSchema`), before its mark. */
export interface WorklistRow extends ReportRecordRow {
  seconds: number;
  interactiveSeconds: number;
  consentOnFile: boolean;
  carePlanReviewDate: string | null;
}

export interface WorklistPageQuery {
  /** consentMissing, reviewDue (due by `lastDay` or no care plan), belowFirstMark (under `firstMarkMinutes`), or all. */
  filter: 'all' | 'consentMissing' | 'reviewDue' | 'belowFirstMark';
  search?: string | undefined;
  sort: 'lastName' | 'minutes' | 'recordDate' | 'carePlanReviewDate';
  descending: boolean;
  limit: number;
  offset: number;
}

/**
 * One page of office `hospitalId`'s CCM worklist for a month, filtered, searched, sorted and paged
 * in ONE statement (docs/ccm.md "Worklist"): each patient's latest record dated on or before
 * `lastDay`, the month's CCM seconds [`from`, `to`) of finished entries of program CCM (each
 * entry once, as `sumCcmSeconds`), CCM consent on file (as `findConsents`) and the active care
 * plans' next review (as `findRecordSummaries`); the chronic conditions are the diagnoses feature's
 * count, added by the service; ties by name, then patient id.
 * `total` counts every row the filter and search keep.
 */
export async function findWorklistPage(tenant: TenantDb, hospitalId: number, lastDay: string, from: Date, to: Date, firstMarkMinutes: number, q: WorklistPageQuery): Promise<{ rows: WorklistRow[]; total: number }> {
  const { scope, db } = tenant;
  const search = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = [
    q.filter === 'consentMissing' ? sql`not w.consent_on_file` : q.filter === 'reviewDue' ? sql`(w.review_date is null or w.review_date <= ${lastDay})` : q.filter === 'belowFirstMark' ? sql`w.seconds / 60 < ${firstMarkMinutes}` : sql`true`,
    search ? sql`(w.first_name || ' ' || w.last_name) ilike ${search}` : sql`true`,
  ];
  const dir = q.descending ? sql`desc` : sql`asc`;
  const key = { lastName: sql`lower(w.last_name) ${dir}, lower(w.first_name) ${dir}`, minutes: sql`w.seconds / 60 ${dir}`, recordDate: sql`w.record_date ${dir}`, carePlanReviewDate: sql`coalesce(w.review_date, '') ${dir}` }[q.sort];
  const result = (await db.execute(sql`
    with latest as (
      select distinct on (${ccmRecords.patientId}) ${ccmRecords.patientId} as patient_id, ${ccmRecords.id} as ccm_record_id, ${ccmRecords.recordDate}::text as record_date,
        ${ccmRecords.complexDecisionMaking} as complex_decision_making, ${users.firstName} as first_name, ${users.lastName} as last_name
      from ${ccmRecords} inner join ${users} on ${users.id} = ${ccmRecords.patientId}
      where ${ccmRecords.hospitalId} = ${hospitalId} and ${officeFilter(scope, ccmRecords.hospitalId)} and ${ccmRecords.recordDate} <= ${lastDay}
      order by ${ccmRecords.patientId}, ${ccmRecords.recordDate} desc, ${ccmRecords.id} desc
    ), w as (
      select l.*, t.seconds, t.interactive_seconds,
        exists (select 1 from ${ccmConsentForms} where ${ccmConsentForms.hospitalId} = ${hospitalId} and ${ccmConsentForms.patientId} = l.patient_id and ${ccmConsentForms.program} = 'CCM' and ${inEffect(lastDay)}) as consent_on_file,
        (select min(${ccmCarePlans.reviewDate})::text from ${ccmCarePlans} where ${ccmCarePlans.ccmRecordId} = l.ccm_record_id and ${ccmCarePlans.status} in ('draft', 'active', 'on-hold')) as review_date
      from latest l
      cross join lateral (
        select coalesce(sum(${timeEntries.seconds}), 0)::int as seconds, coalesce(sum(${timeEntries.seconds}) filter (where ${timeEntries.interactive}), 0)::int as interactive_seconds
        from ${timeEntries}
        where ${timeEntries.hospitalId} = ${hospitalId} and ${timeEntries.patientId} = l.patient_id and ${timeEntries.program} = 'CCM' and ${timeEntries.endedAt} is not null
          and ${timeEntries.startedAt} >= ${from.toISOString()} and ${timeEntries.startedAt} < ${to.toISOString()}
      ) t
    )
    select w.*, count(*) over () as total from w
    where ${sql.join(where, sql` and `)}
    order by ${key}, lower(w.last_name), lower(w.first_name), w.patient_id
    limit ${q.limit} offset ${q.offset}`)) as unknown as {
    rows: { patient_id: number; ccm_record_id: number; record_date: string; complex_decision_making: string | null; first_name: string; last_name: string; seconds: number; interactive_seconds: number; consent_on_file: boolean; review_date: string | null; total: string | number }[];
  };
  const rows = result.rows.map((r) => ({
    patientId: Number(r.patient_id),
    firstName: r.first_name,
    lastName: r.last_name,
    ccmRecordId: Number(r.ccm_record_id),
    recordDate: r.record_date,
    complexDecisionMaking: r.complex_decision_making,
    seconds: Number(r.seconds),
    interactiveSeconds: Number(r.interactive_seconds),
    consentOnFile: r.consent_on_file === true || String(r.consent_on_file) === 't',
    carePlanReviewDate: r.review_date,
  }));
  let total = result.rows.length > 0 ? Number(result.rows[0]!.total) : 0;
  if (result.rows.length === 0 && q.offset > 0) { total = (await findWorklistPage(tenantDb(scope, db), hospitalId, lastDay, from, to, firstMarkMinutes, { ...q, limit: 1, offset: 0 })).total; }
  return { rows, total };
}
