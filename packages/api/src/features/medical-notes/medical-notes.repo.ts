import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CareProgram, MedicalNoteDetail, MedicalNotePageQuery, MedicalNoteWithPatient } from '@vigil/contract';
import { medicalNoteCategoryTemplates, medicalNoteDetails, medicalNotes, timeEntries, users } from '../../db/schema/index';
import { officeFilter } from '../../db/scope';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

/**
 * Medical notes and details. A note belongs to an office: the caller sees the notes of their
 * offices (`officeFilter`), whatever happened to the patient's assignments since. Every function
 * takes the caller's scope first. Writes of details shared with the timer live in
 * time-tracking.repo.ts.
 */

export type NoteRow = typeof medicalNotes.$inferSelect;

/** The note `id` in the caller's offices, or null. */
export async function getNote(tenant: TenantDb, id: number): Promise<NoteRow | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select()
    .from(medicalNotes)
    .where(and(eq(medicalNotes.id, id), officeFilter(scope, medicalNotes.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** The id of the patient's note of office `hospitalId` for `year`-`month`, or null. */
export async function getNoteIdForMonth(tenant: TenantDb, f: { patientId: number; hospitalId: number; year: number; month: number }): Promise<number | null> {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ id: medicalNotes.id })
    .from(medicalNotes)
    .where(
      and(
        eq(medicalNotes.patientId, f.patientId),
        eq(medicalNotes.hospitalId, f.hospitalId),
        eq(medicalNotes.year, f.year),
        eq(medicalNotes.month, f.month),
        officeFilter(scope, medicalNotes.hospitalId),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Ids of the patient's notes of office `hospitalId`, newest month first, at most `limit`. */
export async function findNoteIdsOfPatient(tenant: TenantDb, patientId: number, hospitalId: number, limit: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: medicalNotes.id })
    .from(medicalNotes)
    .where(and(eq(medicalNotes.patientId, patientId), eq(medicalNotes.hospitalId, hospitalId), officeFilter(scope, medicalNotes.hospitalId)))
    .orderBy(desc(medicalNotes.year), desc(medicalNotes.month))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * One page of the ids of office `hospitalId`'s notes for `year`-`month`, searched by patient name
 * and sorted in SQL (default: patient last name, first name), with the total.
 */
export async function findNoteIdsPageOfOffice(
  tenant: TenantDb,
  f: { hospitalId: number; year: number; month: number },
  query: MedicalNotePageQuery,
): Promise<{ ids: number[]; total: number }> {
  const { scope, db } = tenant;
  const term = query.search?.trim();
  const where = and(
    eq(medicalNotes.hospitalId, f.hospitalId),
    eq(medicalNotes.year, f.year),
    eq(medicalNotes.month, f.month),
    officeFilter(scope, medicalNotes.hospitalId),
    term ? sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${'%' + escapeLike(term) + '%'}` : undefined,
  );
  const sort = query.sort ?? 'patientName';
  const dir = sort.startsWith('-') ? desc : asc;
  const order: SQL[] = sort.endsWith('createdAt') ? [dir(medicalNotes.createdAt)] : [dir(users.lastName), dir(users.firstName)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: medicalNotes.id })
      .from(medicalNotes)
      .innerJoin(users, eq(users.id, medicalNotes.patientId))
      .where(where)
      .orderBy(...order, asc(medicalNotes.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(medicalNotes).innerJoin(users, eq(users.id, medicalNotes.patientId)).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

const patient = alias(users, 'patient');
const author = alias(users, 'author');

/**
 * The views of notes `ids` (in the caller's offices) with patient and details (oldest first, each
 * with author, template title and the time entry it documents), in the order of `ids`.
 */
export async function loadNoteViews(tenant: TenantDb, ids: number[]): Promise<MedicalNoteWithPatient[]> {
  const { scope, db } = tenant;
  if (ids.length === 0) { return []; }
  const notes = await db
    .select({ n: medicalNotes, firstName: patient.firstName, lastName: patient.lastName })
    .from(medicalNotes)
    .innerJoin(patient, eq(patient.id, medicalNotes.patientId))
    .where(and(inArray(medicalNotes.id, ids), officeFilter(scope, medicalNotes.hospitalId)));
  const visibleIds = notes.map((r) => r.n.id);
  const details =
    visibleIds.length === 0
      ? []
      : await db
          .select({
            d: medicalNoteDetails,
            authorFirstName: author.firstName,
            authorLastName: author.lastName,
            templateTitle: medicalNoteCategoryTemplates.title,
            entryId: timeEntries.id,
            entrySeconds: timeEntries.seconds,
            entryIsAutomatic: timeEntries.isAutomatic,
            entryInteractive: timeEntries.interactive,
            entryProgram: timeEntries.program,
            entryStartedAt: timeEntries.startedAt,
          })
          .from(medicalNoteDetails)
          .innerJoin(author, eq(author.id, medicalNoteDetails.authorId))
          .leftJoin(medicalNoteCategoryTemplates, eq(medicalNoteCategoryTemplates.id, medicalNoteDetails.categoryTemplateId))
          .leftJoin(timeEntries, eq(timeEntries.medicalNoteDetailId, medicalNoteDetails.id))
          .where(inArray(medicalNoteDetails.medicalNoteId, visibleIds))
          .orderBy(asc(medicalNoteDetails.createdAt), asc(medicalNoteDetails.id));
  const detailsByNote = new Map<number, MedicalNoteDetail[]>();
  const seen = new Set<number>();
  for (const r of details) {
    // A detail documents at most one entry through the API; should several point at it, show the first.
    if (seen.has(r.d.id)) { continue; }
    seen.add(r.d.id);
    const list = detailsByNote.get(r.d.medicalNoteId) ?? [];
    list.push({
      id: r.d.id,
      medicalNoteId: r.d.medicalNoteId,
      text: r.d.text,
      program: r.d.program as CareProgram,
      categoryTemplateId: r.d.categoryTemplateId,
      categoryTemplateTitle: r.templateTitle,
      author: { id: r.d.authorId, firstName: r.authorFirstName, lastName: r.authorLastName },
      createdAt: r.d.createdAt.toISOString(),
      updatedAt: r.d.updatedAt.toISOString(),
      timeEntry:
        r.entryId === null
          ? null
          : {
              id: r.entryId,
              seconds: r.entrySeconds,
              isAutomatic: r.entryIsAutomatic!,
              interactive: r.entryInteractive!,
              program: r.entryProgram as CareProgram,
              startedAt: r.entryStartedAt!.toISOString(),
            },
    });
    detailsByNote.set(r.d.medicalNoteId, list);
  }
  const byId = new Map(
    notes.map((r): [number, MedicalNoteWithPatient] => [
      r.n.id,
      {
        medicalNoteId: r.n.id,
        patientId: r.n.patientId,
        hospitalId: r.n.hospitalId,
        month: r.n.month,
        year: r.n.year,
        createdBy: r.n.createdBy,
        createdAt: r.n.createdAt.toISOString(),
        medicalNoteDetails: detailsByNote.get(r.n.id) ?? [],
        patient: { id: r.n.patientId, firstName: r.firstName, lastName: r.lastName },
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The detail `id` of a note in the caller's offices, with its note's office and patient; null otherwise. */
export async function getDetail(tenant: TenantDb, id: number) {
  const { scope, db } = tenant;
  const [row] = await db
    .select({ d: medicalNoteDetails, hospitalId: medicalNotes.hospitalId, patientId: medicalNotes.patientId })
    .from(medicalNoteDetails)
    .innerJoin(medicalNotes, eq(medicalNotes.id, medicalNoteDetails.medicalNoteId))
    .where(and(eq(medicalNoteDetails.id, id), officeFilter(scope, medicalNotes.hospitalId)))
    .limit(1);
  return row ? { ...row.d, hospitalId: row.hospitalId, patientId: row.patientId } : null;
}

/** Ids of the details of note `noteId` (in the caller's offices). */
export async function findDetailIdsOfNote(tenant: TenantDb, noteId: number): Promise<number[]> {
  const { scope, db } = tenant;
  const rows = await db
    .select({ id: medicalNoteDetails.id })
    .from(medicalNoteDetails)
    .innerJoin(medicalNotes, eq(medicalNotes.id, medicalNoteDetails.medicalNoteId))
    .where(and(eq(medicalNoteDetails.medicalNoteId, noteId), officeFilter(scope, medicalNotes.hospitalId)));
  return rows.map((r) => r.id);
}

/** Updates the detail `id` (of a note in the caller's offices) and stamps `updatedAt`. */
export async function updateDetail(
  tenant: TenantDb,
  id: number,
  values: { text: string; program?: CareProgram; categoryTemplateId?: number | null },
): Promise<void> {
  const { scope, db } = tenant;
  const visibleNotes = db.select({ id: medicalNotes.id }).from(medicalNotes).where(officeFilter(scope, medicalNotes.hospitalId));
  await db
    .update(medicalNoteDetails)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(medicalNoteDetails.id, id), inArray(medicalNoteDetails.medicalNoteId, visibleNotes)));
}

/** Deletes the note `id` (in the caller's offices) with its details; false when it was not there. */
export async function deleteNote(tenant: TenantDb, id: number): Promise<boolean> {
  const { scope, db } = tenant;
  const rows = await db
    .delete(medicalNotes)
    .where(and(eq(medicalNotes.id, id), officeFilter(scope, medicalNotes.hospitalId)))
    .returning({ id: medicalNotes.id });
  return rows.length > 0;
}
