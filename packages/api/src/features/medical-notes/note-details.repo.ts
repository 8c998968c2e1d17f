import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CareProgram } from '@vigil/contract';
import { medicalNoteDetails, medicalNotes } from '../../db/schema/index';
import { assertOfficeInScope, officeFilter } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import type { TenantDb } from '../../db/handles';

/**
 * The month notes' details as other writes keep them (the medical-notes feature owns the tables,
 * docs/architecture.md "Table ownership"): the detail written with a time entry, the CCM record's
 * medical notes. The callers have checked the rules (program enabled, author, template).
 */

export interface NewNoteDetail {
  patientId: number;
  hospitalId: number;
  year: number;
  month: number;
  text: string;
  program: CareProgram;
  categoryTemplateId: number | null;
  authorId: number;
}

/**
 * Inside an open transaction: adds a detail to the patient's note of the office and month,
 * creating the note when it is missing (one note per patient, office, year and month: the unique
 * index makes two concurrent first details share one note). Returns both ids.
 */
export async function addDetailToMonthNote(tenant: TenantDb, v: NewNoteDetail): Promise<{ medicalNoteId: number; detailId: number }> {
  const { scope, db: tx } = tenant;
  assertOfficeInScope(scope, v.hospitalId);
  const [note] = await tx
    .insert(medicalNotes)
    .values({ patientId: v.patientId, hospitalId: v.hospitalId, year: v.year, month: v.month, createdBy: v.authorId })
    .onConflictDoUpdate({ target: [medicalNotes.patientId, medicalNotes.hospitalId, medicalNotes.year, medicalNotes.month], set: { month: sql`excluded.month` } })
    .returning({ id: medicalNotes.id });
  const [detail] = await tx
    .insert(medicalNoteDetails)
    .values({ medicalNoteId: note!.id, text: v.text, program: v.program, categoryTemplateId: v.categoryTemplateId, authorId: v.authorId })
    .returning({ id: medicalNoteDetails.id });
  return { medicalNoteId: note!.id, detailId: detail!.id };
}

/** Inside an open transaction: adds a detail to the existing note `medicalNoteId` of the caller's offices (404 otherwise). */
export async function insertDetail(
  tenant: TenantDb,
  v: { medicalNoteId: number; text: string; program: CareProgram; categoryTemplateId: number | null; authorId: number },
): Promise<number> {
  const { scope, db: tx } = tenant;
  const [note] = await tx.select({ id: medicalNotes.id }).from(medicalNotes).where(and(eq(medicalNotes.id, v.medicalNoteId), officeFilter(scope, medicalNotes.hospitalId))).limit(1);
  if (!note) { throw AppError.notFound(); }
  const [detail] = await tx.insert(medicalNoteDetails).values(v).returning({ id: medicalNoteDetails.id });
  return detail!.id;
}

/**
 * Inside an open transaction: deletes the details `detailIds` of notes in the caller's offices,
 * then every note of theirs left without a detail. Returns the ids of the notes deleted.
 */
export async function deleteDetailsAndEmptyNotes(tenant: TenantDb, detailIds: number[]): Promise<number[]> {
  const { scope, db: tx } = tenant;
  if (detailIds.length === 0) { return []; }
  const notesOfDetails = tx
    .select({ id: medicalNotes.id })
    .from(medicalNotes)
    .where(officeFilter(scope, medicalNotes.hospitalId));
  const deleted = await tx
    .delete(medicalNoteDetails)
    .where(and(inArray(medicalNoteDetails.id, detailIds), inArray(medicalNoteDetails.medicalNoteId, notesOfDetails)))
    .returning({ medicalNoteId: medicalNoteDetails.medicalNoteId });
  const noteIds = [...new Set(deleted.map((d) => d.medicalNoteId))];
  if (noteIds.length === 0) { return []; }
  const emptied = await tx
    .delete(medicalNotes)
    .where(
      and(
        inArray(medicalNotes.id, noteIds),
        sql`not exists (select 1 from ${medicalNoteDetails} where ${medicalNoteDetails.medicalNoteId} = ${medicalNotes.id})`,
      ),
    )
    .returning({ id: medicalNotes.id });
  return emptied.map((n) => n.id);
}

/** Inside an open transaction: sets the program of the details `detailIds` (a manual entry and its note move together). */
export async function setDetailsProgram(tenant: TenantDb, detailIds: number[], program: CareProgram): Promise<void> {
  const { scope, db: tx } = tenant;
  if (detailIds.length === 0) { return; }
  const visibleNotes = tx.select({ id: medicalNotes.id }).from(medicalNotes).where(officeFilter(scope, medicalNotes.hospitalId));
  await tx
    .update(medicalNoteDetails)
    .set({ program, updatedAt: new Date() })
    .where(and(inArray(medicalNoteDetails.id, detailIds), inArray(medicalNoteDetails.medicalNoteId, visibleNotes)));
}
