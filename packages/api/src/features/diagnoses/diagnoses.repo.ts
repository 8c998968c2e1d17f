import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DiagnosisListFilter } from '@vigil/contract';
import type { Executor } from '../../db/client';
import { hospitals, patientBillingProfiles, patientDiagnoses, userHospitals } from '../../db/schema/index';
import { officeFilter, userFilter } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/**
 * A patient's diagnoses. The problem list belongs to the patient, not to one office: a row is
 * visible to whoever sees the patient (`userFilter` on the patient: staff of one of the patient's
 * offices, the patient themselves), so another tenant's row reads as not found.
 */

export type DiagnosisRow = typeof patientDiagnoses.$inferSelect;
export type DiagnosisValues = Pick<DiagnosisRow, 'code' | 'description' | 'isPrimary' | 'onsetDate' | 'status'>;

const d = patientDiagnoses;

/** Advisory lock key space: one patient's problem list (one primary, no code twice). */
const LOCK_PATIENT_DIAGNOSES = 730_612;

/** Serialises writes to patient `patientId`'s problem list until the transaction ends. */
export async function lockPatientDiagnoses(tx: Executor, patientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PATIENT_DIAGNOSES}::int, ${patientId}::int)`);
}

/**
 * Patient `patientId`'s diagnoses (of `filter` when given: a status, or 'toBeCoded' for the
 * uncoded ones), primary first, then active before the others, newest onset first, at most `limit`.
 */
export async function findForPatient(tenant: TenantDb, patientId: number, filter: DiagnosisListFilter | undefined, limit: number): Promise<DiagnosisRow[]> {
  const { scope, db } = tenant;
  return db
    .select()
    .from(d)
    .where(
      and(
        eq(d.patientId, patientId),
        userFilter(scope, d.patientId),
        filter === 'toBeCoded' ? isNull(d.code) : filter ? eq(d.status, filter) : undefined,
      ),
    )
    .orderBy(desc(d.isPrimary), sql`${d.status} = 'active' desc`, sql`${d.onsetDate} desc nulls last`, asc(d.id))
    .limit(limit);
}

/** The codes of the active coded diagnoses of each of `patientIds` (the chronic-condition count's input). */
export async function findActiveCodes(tenant: TenantDb, patientIds: number[]): Promise<Map<number, string[]>> {
  const { scope, db } = tenant;
  const out = new Map<number, string[]>();
  if (patientIds.length === 0) { return out; }
  const rows = await db
    .select({ patientId: d.patientId, code: d.code })
    .from(d)
    .where(and(inArray(d.patientId, patientIds), eq(d.status, 'active'), sql`${d.code} is not null`, userFilter(scope, d.patientId)))
    .orderBy(desc(d.isPrimary), asc(d.id));
  for (const r of rows) { out.set(r.patientId, [...(out.get(r.patientId) ?? []), r.code!]); }
  return out;
}

/**
 * The ICD-10-CM codes of each of `patientIds`' billing profile (read: billing owns the profile),
 * for the chronic-condition count (docs/chronic-conditions.md).
 */
export async function findProfileCodes(tenant: TenantDb, patientIds: number[]): Promise<Map<number, string[]>> {
  const { scope, db } = tenant;
  const out = new Map<number, string[]>();
  if (patientIds.length === 0) { return out; }
  const rows = await db
    .select({ patientId: patientBillingProfiles.patientId, codes: patientBillingProfiles.diagnosesJson })
    .from(patientBillingProfiles)
    .where(and(inArray(patientBillingProfiles.patientId, patientIds), userFilter(scope, patientBillingProfiles.patientId)));
  for (const r of rows) { out.set(r.patientId, Array.isArray(r.codes) ? r.codes.map(String) : []); }
  return out;
}

/** One diagnosis when the caller sees its patient; null otherwise. */
export async function getDiagnosis(tenant: TenantDb, id: number): Promise<DiagnosisRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.id, id), userFilter(scope, d.patientId)))
    .limit(1);
  return row ?? null;
}

/** Whether patient `patientId` has a diagnosis with `code` other than `exceptId`. */
export async function hasCode(tenant: TenantDb, patientId: number, code: string, exceptId?: number): Promise<boolean> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.patientId, patientId), eq(d.code, code), exceptId !== undefined ? ne(d.id, exceptId) : undefined, userFilter(scope, d.patientId)))
    .limit(1);
  return row !== undefined;
}

/** Clears the primary flag of patient `patientId`'s diagnoses (before another becomes primary). */
export async function clearPrimary(tenant: TenantDb, patientId: number): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(d)
    .set({ isPrimary: false, updatedAt: new Date() })
    .where(and(eq(d.patientId, patientId), eq(d.isPrimary, true), userFilter(scope, d.patientId)));
}

export async function insertDiagnosis(tenant: TenantDb, patientId: number, values: DiagnosisValues): Promise<number> {
  const { scope, db } = tenant;
  const [row] = await db
    .insert(d)
    .values({ patientId, ...values, source: 'manual', createdBy: scope.userId || null })
    .returning({ id: d.id });
  return row!.id;
}

/** Updates a diagnosis the caller sees; an uncoded problem given a code keeps its source coding for the record. */
export async function updateDiagnosis(tenant: TenantDb, id: number, values: DiagnosisValues): Promise<void> {
  const { scope, db } = tenant;
  await db
    .update(d)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(d.id, id), userFilter(scope, d.patientId)));
}

export async function deleteDiagnosis(tenant: TenantDb, id: number): Promise<void> {
  const { scope, db } = tenant;
  await db.delete(d).where(and(eq(d.id, id), userFilter(scope, d.patientId)));
}

/** The time zone of the patient's first office the caller sees (lowest id); null when none. */
export async function getPatientOfficeTimeZone(tenant: TenantDb, patientId: number): Promise<string | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ timeZone: hospitals.timeZone })
    .from(userHospitals)
    .innerJoin(hospitals, eq(hospitals.id, userHospitals.hospitalId))
    .where(and(eq(userHospitals.userId, patientId), officeFilter(scope, hospitals.id)))
    .orderBy(asc(hospitals.id))
    .limit(1);
  return row?.timeZone ?? null;
}

/** A problem imported from a FHIR Condition (features/import/fhir.conditions.ts), unique per patient and Condition id. */
export interface ImportedDiagnosis {
  fhirId: string;
  code: string | null;
  description: string;
  onsetDate: string | null;
  status: 'active' | 'resolved' | 'inactive';
  sourceSystem: string | null;
  sourceCode: string | null;
}

/**
 * Writes imported problems of patient `patientId` in the caller's transaction: a Condition seen
 * before (same patient and id) is updated in place, so a second import changes nothing.
 */
export async function upsertImported(tenant: TenantDb, patientId: number, rows: ImportedDiagnosis[]): Promise<{ created: number; updated: number }> {
  const { scope, db: tx } = tenant;
  let created = 0;
  let updated = 0;
  for (const r of rows) {
    const [existing] = await tx
      .select({ id: d.id, code: d.code, description: d.description, onsetDate: d.onsetDate, status: d.status })
      .from(d)
      .where(and(eq(d.patientId, patientId), eq(d.fhirId, r.fhirId), userFilter(scope, d.patientId)))
      .limit(1);
    if (!existing) {
      await tx.insert(d).values({ patientId, ...r, source: 'fhir', isPrimary: false, createdBy: scope.userId || null });
      created += 1;
      continue;
    }
    // A clinician may have coded an imported problem since: a re-import does not undo that.
    const code = existing.code ?? r.code;
    const description = existing.code !== null && r.code === null ? existing.description : r.description;
    if (existing.code === code && existing.description === description && existing.onsetDate === r.onsetDate && existing.status === r.status) { continue; }
    await tx
      .update(d)
      .set({ code, description, onsetDate: r.onsetDate, status: r.status, updatedAt: new Date() })
      .where(eq(d.id, existing.id));
    updated += 1;
  }
  return { created, updated };
}
