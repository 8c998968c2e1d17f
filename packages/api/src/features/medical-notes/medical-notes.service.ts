import {
  PATIENT_MEDICAL_NOTES_LIMIT,
  TIME_ENTRY_MAX_SECONDS,
  type AddMedicalNoteDetailBody,
  type CareProgram,
  type CreateMedicalNoteBody,
  type CreateMedicalNoteWithCustomSecondsBody,
  type DeletedMedicalNote,
  type DeletedMedicalNoteDetail,
  type MedicalNote,
  type MedicalNoteDetail,
  type MedicalNotePage,
  type MedicalNotePageQuery,
  type MedicalNoteWithPatient,
  type MedicalNoteWithTimeEntry,
  type UpdateMedicalNoteDetailBody,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../db/scope';
import { type OfficeInScope, getOfficeInScope, getVisiblePatient } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { instantOfLocal, isLaterMonth, localDate, localYearMonth, officeTimeZone } from '../../lib/office-calendar';
import { assertAuthorOrOfficeAdmin, assertProgramEnabled, assertUsableTemplate, officeForPatient } from '../time-tracking/index';
import * as care from '../time-tracking/index';
import * as repo from './medical-notes.repo';
import * as details from './note-details.repo';
import { tenantDb } from '../../db/handles';

/**
 * Medical notes (spec sections 3 "Medical note", 5 "Deleting a medical note is
 * refused when the user is not authorised or the category template is in use", 8 "No medical
 * note for the patient for the month {month} and year {year}!").
 *
 * Rules chosen where the spec is silent (documented in the report and the contract):
 * - A note or detail may be changed or deleted by its author or an office admin (system,
 *   organization or office admin) of its office.
 * - A note is "in use", and cannot be deleted, while one of its details documents a timer
 *   (automatic) time entry: timer entries cannot be edited or deleted (spec section 5), and the
 *   note is their billing evidence (interactive contact, activity). The same holds for a single
 *   detail. A manual entry and the detail written with it (`medicalnotewithcustomseconds`) are one
 *   record: deleting either deletes both.
 * - A note's month and a manual entry's date cannot be in the future (office time zone).
 */

const stripPatient = ({ patient: _patient, ...note }: MedicalNoteWithPatient): MedicalNote => note;

async function noteView(scope: Scope, db: Executor, id: number): Promise<MedicalNote> {
  const [view] = await repo.loadNoteViews(tenantDb(scope, db), [id]);
  if (!view) { throw AppError.notFound(); }
  return stripPatient(view);
}

async function visiblePatient(scope: Scope, db: Executor, patientId: number): Promise<void> {
  if (!(await getVisiblePatient(tenantDb(scope, db), patientId))) { throw AppError.notFound(); }
}

async function visibleOffice(scope: Scope, db: Executor, hospitalId: number): Promise<OfficeInScope> {
  const office = await getOfficeInScope(tenantDb(scope, db), hospitalId);
  if (!office) { throw AppError.notFound(); }
  return office;
}

/**
 * `GET medicalnote/getmedicalnoteforpatientbyid`: the patient's notes in office `hospitalId`,
 * newest month first (at most 120), each with its details. 404 for a patient or office out of scope.
 */
export async function findNotesForPatient(ctx: AppContext, scope: Scope, patientId: number, hospitalId: number): Promise<MedicalNote[]> {
  await visibleOffice(scope, ctx.db, hospitalId);
  await visiblePatient(scope, ctx.db, patientId);
  const ids = await repo.findNoteIdsOfPatient(tenantDb(scope, ctx.db), patientId, hospitalId, PATIENT_MEDICAL_NOTES_LIMIT);
  return (await repo.loadNoteViews(tenantDb(scope, ctx.db), ids)).map(stripPatient);
}

/**
 * `GET medicalnote/getmedicalnoteforpatientbyidandmonth`: the patient's note of office
 * `hospitalId` for `month`/`year` with its details. 404 "No medical note for the patient for the
 * month {month} and year {year}!" when there is none; 404 "Invalid id" for a patient or office
 * out of scope.
 */
export async function getNoteForMonth(ctx: AppContext, scope: Scope, f: { patientId: number; hospitalId: number; month: number; year: number }): Promise<MedicalNote> {
  await visibleOffice(scope, ctx.db, f.hospitalId);
  await visiblePatient(scope, ctx.db, f.patientId);
  const id = await repo.getNoteIdForMonth(tenantDb(scope, ctx.db), f);
  if (id === null) { throw new AppError('notFound', 'noMedicalNoteForMonth', { month: f.month, year: f.year }); }
  return noteView(scope, ctx.db, id);
}

/**
 * `GET medicalnote/getmedicalnoteforhospital`: a page of office `hospitalId`'s notes of
 * `month`/`year` with patient and details, searched by patient name. 404 for an office out of scope.
 */
export async function findNotesForOffice(
  ctx: AppContext,
  scope: Scope,
  f: { hospitalId: number; month: number; year: number },
  query: MedicalNotePageQuery,
): Promise<MedicalNotePage> {
  await visibleOffice(scope, ctx.db, f.hospitalId);
  const page = await repo.findNoteIdsPageOfOffice(tenantDb(scope, ctx.db), f, query);
  return { items: await repo.loadNoteViews(tenantDb(scope, ctx.db), page.ids), total: page.total, page: query.page, pageSize: query.pageSize };
}

/**
 * Checks a new detail for office `office`: the program is enabled there (400 "The {program}
 * program is not enabled for this office") and the template, when given, is an active template
 * of the office (404 when it is no template of the office, 400 `categoryTemplateId` "Invalid id"
 * when it is inactive).
 */
async function checkNewDetail(scope: Scope, db: Executor, office: OfficeInScope, program: CareProgram, templateId: number | null | undefined): Promise<void> {
  assertProgramEnabled(office, program);
  if (templateId) { await assertUsableTemplate(scope, db, templateId, office.id); }
}

/**
 * `POST medicalnote`: adds a detail (text, program, optional template) by the caller to the
 * patient's note of office `hospitalId` for `month`/`year`, creating the note when it is missing.
 * 404 for a patient or office out of scope; 400 `hospitalId` "Invalid id" when the patient is not
 * assigned to the office; 400 `month` "The date cannot be in the future" for a month to come.
 */
export async function createNote(ctx: AppContext, scope: Scope, body: CreateMedicalNoteBody, now: Date = new Date()): Promise<MedicalNote> {
  const noteId = await ctx.db.transaction(async (tx) => {
    await visiblePatient(scope, tx, body.patientId);
    const office = await officeForPatient(scope, tx, body.patientId, body.hospitalId, 'invalidId');
    if (isLaterMonth({ year: body.year, month: body.month }, localYearMonth(now, officeTimeZone(office.timeZone)))) {
      throw AppError.badRequest('futureDate', { month: 'futureDate' });
    }
    await checkNewDetail(scope, tx, office, body.program, body.categoryTemplateId);
    const { medicalNoteId } = await details.addDetailToMonthNote(tenantDb(scope, tx), {
      patientId: body.patientId,
      hospitalId: office.id,
      year: body.year,
      month: body.month,
      text: body.text,
      program: body.program,
      categoryTemplateId: body.categoryTemplateId ?? null,
      authorId: scope.userId,
    });
    return medicalNoteId;
  });
  return noteView(scope, ctx.db, noteId);
}

/**
 * `POST medicalnote/medicalnotewithcustomseconds`: a manual time entry of `seconds` (400 "Time
 * cannot exceed 2 hours" above 7200) by the caller, and a detail documenting it in the patient's
 * note of the entry's month, linked to each other, in one transaction. The entry starts on `date`
 * at `time` in the office's time zone (no time: ending now when `date` is today, else 12:00) and
 * may not end in the future (400 "The date cannot be in the future"). Other errors as `createNote`.
 */
export async function createNoteWithCustomSeconds(
  ctx: AppContext,
  scope: Scope,
  body: CreateMedicalNoteWithCustomSecondsBody,
  now: Date = new Date(),
): Promise<MedicalNoteWithTimeEntry> {
  if (body.seconds > TIME_ENTRY_MAX_SECONDS) { throw AppError.badRequest('timeLimit', { seconds: 'timeLimit' }); }
  const { noteId, entryId } = await ctx.db.transaction(async (tx) => {
    await visiblePatient(scope, tx, body.patientId);
    const office = await officeForPatient(scope, tx, body.patientId, body.hospitalId, 'invalidId');
    const zone = officeTimeZone(office.timeZone);
    const startedAt = body.time
      ? instantOfLocal(body.date, body.time, zone)
      : body.date === localDate(now, zone)
        ? new Date(now.getTime() - body.seconds * 1000)
        : instantOfLocal(body.date, '12:00', zone);
    const endedAt = new Date(startedAt.getTime() + body.seconds * 1000);
    if (endedAt.getTime() > now.getTime()) { throw AppError.badRequest('futureDate', { [body.time ? 'time' : 'date']: 'futureDate' }); }
    await checkNewDetail(scope, tx, office, body.program, body.categoryTemplateId);
    const { year, month } = localYearMonth(startedAt, zone);
    const { medicalNoteId, detailId } = await details.addDetailToMonthNote(tenantDb(scope, tx), {
      patientId: body.patientId,
      hospitalId: office.id,
      year,
      month,
      text: body.text,
      program: body.program,
      categoryTemplateId: body.categoryTemplateId ?? null,
      authorId: scope.userId,
    });
    const id = await care.createManualEntry(
      scope,
      tx,
      { patientId: body.patientId, hospitalId: office.id, program: body.program, medicalNoteDetailId: detailId },
      { startedAt, seconds: body.seconds, activity: body.activity ?? '', interactive: body.interactive },
      now,
      { seconds: 'seconds', startedAt: body.time ? 'time' : 'date' },
    );
    return { noteId: medicalNoteId, entryId: id };
  });
  const entry = await care.entryView(scope, ctx.db, entryId);
  if (!entry) { throw AppError.notFound(); }
  return { medicalNote: await noteView(scope, ctx.db, noteId), timeEntry: entry.entry };
}

/**
 * `PUT medicalnote/addadditionalmedicalnotedetail/{medicalNoteId}`: adds a detail by the caller to
 * an existing note. 404 for a note out of scope or a template not of the office; 400 for a disabled
 * program or an inactive template.
 */
export async function addDetail(ctx: AppContext, scope: Scope, medicalNoteId: number, body: AddMedicalNoteDetailBody): Promise<MedicalNote> {
  await ctx.db.transaction(async (tx) => {
    const note = await repo.getNote(tenantDb(scope, tx), medicalNoteId);
    if (!note) { throw AppError.notFound(); }
    const office = await visibleOffice(scope, tx, note.hospitalId);
    await checkNewDetail(scope, tx, office, body.program, body.categoryTemplateId);
    await details.insertDetail(tenantDb(scope, tx), {
      medicalNoteId,
      text: body.text,
      program: body.program,
      categoryTemplateId: body.categoryTemplateId ?? null,
      authorId: scope.userId,
    });
  });
  return noteView(scope, ctx.db, medicalNoteId);
}

/**
 * `PUT medicalnotedetail/{id}`: edits a detail's text, program (enabled in the office) and
 * template (`null` removes it; a new one must be active in the office). The program of a detail
 * documenting a timer entry cannot change (409 "Automatically added entries cannot be edited or
 * deleted"); for a manual entry the entry's program follows. 404 out of scope; 403 unless the
 * caller wrote the detail or is an office admin.
 */
export async function updateDetail(ctx: AppContext, scope: Scope, id: number, body: UpdateMedicalNoteDetailBody): Promise<MedicalNoteDetail> {
  const noteId = await ctx.db.transaction((tx) => updateDetailIn(scope, tx, id, body));
  const view = (await noteView(scope, ctx.db, noteId)).medicalNoteDetails.find((d) => d.id === id);
  if (!view) { throw AppError.notFound(); }
  return view;
}

/**
 * `updateDetail`'s write inside the caller's transaction `tx` (for other features' notes: the CCM
 * record's medical notes, docs/ccm.md "One source of truth"); same rules and errors. Returns the
 * detail's note id.
 */
export async function updateDetailIn(scope: Scope, tx: Executor, id: number, body: UpdateMedicalNoteDetailBody): Promise<number> {
  const detail = await repo.getDetail(tenantDb(scope, tx), id);
  if (!detail) { throw AppError.notFound(); }
  assertAuthorOrOfficeAdmin(scope, detail.authorId);
  const programChange = body.program !== undefined && body.program !== detail.program ? body.program : undefined;
  if (programChange) {
    assertProgramEnabled(await visibleOffice(scope, tx, detail.hospitalId), programChange);
    await care.moveDetailEntriesToProgram(scope, tx, [id], programChange);
  }
  if (body.categoryTemplateId && body.categoryTemplateId !== detail.categoryTemplateId) {
    await assertUsableTemplate(scope, tx, body.categoryTemplateId, detail.hospitalId);
  }
  await repo.updateDetail(tenantDb(scope, tx), id, {
    text: body.text,
    ...(programChange ? { program: programChange } : {}),
    ...(body.categoryTemplateId !== undefined ? { categoryTemplateId: body.categoryTemplateId } : {}),
  });
  return detail.medicalNoteId;
}

/**
 * Adds a detail of `program` by the caller to the patient's note of `year`/`month` in office
 * `hospitalId` (created when missing), inside the caller's transaction `tx`: the write of a note
 * another feature keeps (the CCM record's medical notes). 404 for an office out of scope; 400
 * "The {program} program is not enabled for this office". Returns the detail's id.
 */
export async function addMonthDetailIn(
  scope: Scope,
  tx: Executor,
  f: { patientId: number; hospitalId: number; year: number; month: number; text: string; program: CareProgram },
): Promise<number> {
  const office = await visibleOffice(scope, tx, f.hospitalId);
  await checkNewDetail(scope, tx, office, f.program, null);
  const { detailId } = await details.addDetailToMonthNote(tenantDb(scope, tx), { ...f, hospitalId: office.id, categoryTemplateId: null, authorId: scope.userId });
  return detailId;
}

/**
 * `DELETE medicalnotedetail/{id}`: deletes a detail; a manual entry written with it goes too, and
 * the month's note goes with its last detail. 404 out of scope; 403 unless the caller wrote it or
 * is an office admin; 409 "This medical note documents time tracked with the timer and cannot be
 * deleted" when it documents a timer entry.
 */
export async function deleteDetail(ctx: AppContext, scope: Scope, id: number): Promise<DeletedMedicalNoteDetail> {
  return ctx.db.transaction((tx) => deleteDetailIn(scope, tx, id));
}

/** `deleteDetail`'s write inside the caller's transaction `tx` (as `updateDetailIn`); same rules and errors. */
export async function deleteDetailIn(scope: Scope, tx: Executor, id: number): Promise<DeletedMedicalNoteDetail> {
  const detail = await repo.getDetail(tenantDb(scope, tx), id);
  if (!detail) { throw AppError.notFound(); }
  assertAuthorOrOfficeAdmin(scope, detail.authorId);
  const deletedEntries = await care.deleteDetailEntries(scope, tx, [id]);
  const deletedNotes = await details.deleteDetailsAndEmptyNotes(tenantDb(scope, tx), [id]);
  return {
    id,
    medicalNoteId: detail.medicalNoteId,
    medicalNoteDeleted: deletedNotes.includes(detail.medicalNoteId),
    deletedTimeEntryId: deletedEntries[0] ?? null,
  };
}

/**
 * `DELETE medicalnote/{id}`: deletes a month's note with its details, and the manual entries
 * written with them. 404 out of scope; 403 "You are not authorised to delete this medical note"
 * unless the caller created the note or is an office admin; 409 "This medical note documents time
 * tracked with the timer and cannot be deleted" while a detail documents a timer entry ("in use").
 */
export async function deleteNote(ctx: AppContext, scope: Scope, id: number): Promise<DeletedMedicalNote> {
  return ctx.db.transaction(async (tx) => {
    const note = await repo.getNote(tenantDb(scope, tx), id);
    if (!note) { throw AppError.notFound(); }
    assertAuthorOrOfficeAdmin(scope, note.createdBy, 'medicalNoteDeleteNotAuthorised');
    const deletedTimeEntryIds = await care.deleteDetailEntries(scope, tx, await repo.findDetailIdsOfNote(tenantDb(scope, tx), id));
    await repo.deleteNote(tenantDb(scope, tx), id);
    return { medicalNoteId: id, deletedTimeEntryIds };
  });
}
