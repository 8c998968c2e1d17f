import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billingClaims, ccmCarePlans, ccmConditions, ccmConsentForms, ccmRecords, timeEntries, users } from '../../db/schema/index';
import { officeFilter, type Scope } from '../../db/scope';

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
export async function findLatestRecordsOfOffice(scope: Scope, db: Executor, hospitalId: number, lastDay: string): Promise<ReportRecordRow[]> {
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
export async function sumCcmSeconds(scope: Scope, db: Executor, hospitalId: number, patientIds: number[], from: Date, to: Date): Promise<Map<number, { seconds: number; interactiveSeconds: number }>> {
  if (patientIds.length === 0) return new Map();
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

/** Patients of `patientIds` with an active consent to `program` in office `hospitalId` dated on or before `lastDay`, with the consent. */
export async function findConsents(scope: Scope, db: Executor, hospitalId: number, patientIds: number[], lastDay: string): Promise<Map<number, { program: string; consentType: string; consentDate: string; obtainedBy: string }[]>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .select({ patientId: ccmConsentForms.patientId, program: ccmConsentForms.program, consentType: ccmConsentForms.consentType, consentDate: ccmConsentForms.consentDate, obtainedBy: ccmConsentForms.obtainedBy })
    .from(ccmConsentForms)
    .where(and(eq(ccmConsentForms.hospitalId, hospitalId), officeFilter(scope, ccmConsentForms.hospitalId), inArray(ccmConsentForms.patientId, patientIds), eq(ccmConsentForms.status, 'ACTIVE'), sql`${ccmConsentForms.consentDate} <= ${lastDay}`))
    .orderBy(ccmConsentForms.consentDate);
  const out = new Map<number, { program: string; consentType: string; consentDate: string; obtainedBy: string }[]>();
  for (const { patientId, ...c } of rows) out.set(patientId, [...(out.get(patientId) ?? []), c]);
  return out;
}

/** Per record of `recordIds`: the number of its conditions and its active care plans' earliest review date. */
export async function findRecordSummaries(scope: Scope, db: Executor, recordIds: number[]): Promise<Map<number, { conditions: number; reviewDate: string | null }>> {
  const out = new Map<number, { conditions: number; reviewDate: string | null }>(recordIds.map((id) => [id, { conditions: 0, reviewDate: null }]));
  if (recordIds.length === 0) return out;
  const counts = await db
    .select({ id: ccmConditions.ccmRecordId, n: sql<number>`count(*)::int` })
    .from(ccmConditions)
    .where(and(inArray(ccmConditions.ccmRecordId, recordIds), officeFilter(scope, ccmConditions.hospitalId), sql`${ccmConditions.historyStatus} <> 'RESOLVED'`))
    .groupBy(ccmConditions.ccmRecordId);
  for (const c of counts) out.get(c.id)!.conditions = Number(c.n);
  const reviews = await db
    .select({ id: ccmCarePlans.ccmRecordId, reviewDate: sql<string>`min(${ccmCarePlans.reviewDate})::text` })
    .from(ccmCarePlans)
    .where(and(inArray(ccmCarePlans.ccmRecordId, recordIds), officeFilter(scope, ccmCarePlans.hospitalId), inArray(ccmCarePlans.status, ['draft', 'active', 'on-hold'])))
    .groupBy(ccmCarePlans.ccmRecordId);
  for (const r of reviews) out.get(r.id)!.reviewDate = r.reviewDate;
  return out;
}

/** The billing engine's stored lines (billing_claims) of the CCM-family programs for the patient in the caller's offices, optionally of one office and month; newest month first. */
export async function findCcmClaims(scope: Scope, db: Executor, patientId: number, only?: { hospitalId: number; year: number; month: number }) {
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
