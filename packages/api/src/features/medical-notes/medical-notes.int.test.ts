import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, medicalNotes as medicalNotesApi, timeTracking } from '@vigil/contract';
import { callerFor, invalid, type CallInput, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { medicalNoteCategoryTemplates, medicalNoteDetails, medicalNotes, timeEntries } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
/** Active templates of offices a1 and b1, and an inactive one of a1. */
let tplA1: number;
let tplA1Inactive: number;
let tplB1: number;

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';
const INVALID_ID = 'Invalid id';
const TIME_LIMIT = 'Time cannot exceed 2 hours';
const FUTURE = 'The date cannot be in the future';
const NOT_AUTHOR = 'Only the author or an office admin can change or delete this';
const IN_USE = 'This medical note documents time tracked with the timer and cannot be deleted';

const callAs = callerFor(() => t);

const newPatient = (offices = [f.a1.id], org = f.orgA.id) => createUser(t, { role: Role.PATIENT, organizationId: org, offices });
const newNurse = () => createUser(t, { role: Role.NURSE, organizationId: f.orgA.id, offices: [f.a1.id] });

type NoteBody = NonNullable<CallInput<typeof medicalNotesApi.createMedicalNote>['body']>;
async function addNote(patientId: number, values: Partial<NoteBody> = {}, who: CallUser = f.nurseA1) {
  const res = await callAs(who, medicalNotesApi.createMedicalNote, { body: { patientId, hospitalId: f.a1.id, month: 4, year: 2025, text: 'Reviewed weekly readings', program: 'RPM', ...values } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

/** A detail documenting a timer entry, written by stopping a timer with a note. */
async function noteFromTimer(patientId: number, nurse: CallUser) {
  const [entry] = await t.ctx.db
    .insert(timeEntries)
    .values({ patientId, hospitalId: f.a1.id, staffUserId: nurse.id, program: 'RPM', startedAt: new Date(Date.now() - 600_000), isAutomatic: true })
    .returning();
  const res = await callAs(nurse, timeTracking.stopTrackingWithPatient, { body: { interactive: true, noteText: 'Call about dizziness' } });
  expect(res.status, res.reply.body).toBe(200);
  return { entryId: entry!.id, detailId: res.body.medicalNoteDetailId!, medicalNoteId: res.body.note!.medicalNoteId };
}

type CustomSecondsBody = NonNullable<CallInput<typeof medicalNotesApi.createMedicalNoteWithCustomSeconds>['body']>;
async function customSeconds(patientId: number, values: Partial<CustomSecondsBody> = {}, who: CallUser = f.nurseA1) {
  return callAs(who, medicalNotesApi.createMedicalNoteWithCustomSeconds, {
    body: { patientId, hospitalId: f.a1.id, text: 'Care coordination with pharmacy', program: 'RPM', seconds: 900, interactive: true, date: '2025-06-03', time: '10:00', ...values },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  const rows = await t.ctx.db
    .insert(medicalNoteCategoryTemplates)
    .values([
      { hospitalId: f.a1.id, title: 'Monthly review' },
      { hospitalId: f.a1.id, title: 'Retired', status: 0 },
      { hospitalId: f.b1.id, title: 'Other org template' },
    ])
    .returning();
  [tplA1, tplA1Inactive, tplB1] = rows.map((r) => r.id) as [number, number, number];
});
afterAll(async () => t.close());

describe('POST medicalnote', () => {
  it("adds a detail to the patient's note of the month, creating the note once", async () => {
    const patient = await newPatient();
    const first = await addNote(patient.id, { categoryTemplateId: tplA1 });
    expect(first).toMatchObject({ patientId: patient.id, hospitalId: f.a1.id, month: 4, year: 2025, createdBy: f.nurseA1.id });
    expect(first.medicalNoteDetails).toMatchObject([
      { text: 'Reviewed weekly readings', program: 'RPM', categoryTemplateId: tplA1, categoryTemplateTitle: 'Monthly review', author: { id: f.nurseA1.id }, timeEntry: null },
    ]);
    const second = await addNote(patient.id, { text: 'Second detail' }, f.doctorA1);
    expect(second.medicalNoteId).toBe(first.medicalNoteId);
    expect(second.medicalNoteDetails.map((d) => d.text)).toEqual(['Reviewed weekly readings', 'Second detail']);
    expect(await t.ctx.db.select().from(medicalNotes).where(eq(medicalNotes.patientId, patient.id))).toHaveLength(1);
  });

  it('answers the spec form messages for a missing or too long text and a month out of range', async () => {
    const patient = await newPatient();
    const missing = await callAs(f.nurseA1, medicalNotesApi.createMedicalNote, { body: invalid({ patientId: patient.id, hospitalId: f.a1.id, month: 13, year: 2025 }) });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ text: REQUIRED, month: FORMAT });
    const long = await callAs(f.nurseA1, medicalNotesApi.createMedicalNote, { body: { patientId: patient.id, hospitalId: f.a1.id, month: 4, year: 2025, text: 'x'.repeat(4001) } });
    expect(long.errors).toEqual({ text: 'This field must be 4000 characters or less' });
  });

  it('refuses a month to come, a disabled program, and an inactive or foreign template', async () => {
    const patient = await newPatient();
    const future = await callAs(f.nurseA1, medicalNotesApi.createMedicalNote, { body: { patientId: patient.id, hospitalId: f.a1.id, month: 12, year: 2100, text: 'x' } });
    expect(future.status).toBe(400);
    expect(future.reply.json()).toMatchObject({ msg: FUTURE, errors: { month: FUTURE } });
    const bhi = await callAs(f.nurseA1, medicalNotesApi.createMedicalNote, { body: { patientId: patient.id, hospitalId: f.a1.id, month: 4, year: 2025, text: 'x', program: 'CCM' } });
    expect(bhi.msg).toBe('The CCM program is not enabled for this office');
    const inactive = await callAs(f.nurseA1, medicalNotesApi.createMedicalNote, { body: { patientId: patient.id, hospitalId: f.a1.id, month: 4, year: 2025, text: 'x', categoryTemplateId: tplA1Inactive } });
    expect(inactive.status).toBe(400);
    expect(inactive.errors).toEqual({ categoryTemplateId: INVALID_ID });
    // Another tenant's template reads as not found (docs/first-day.md).
    const foreign = await callAs(f.nurseA1, medicalNotesApi.createMedicalNote, { body: { patientId: patient.id, hospitalId: f.a1.id, month: 4, year: 2025, text: 'x', categoryTemplateId: tplB1 } });
    expect(foreign.status).toBe(404);
    expect(await t.ctx.db.select().from(medicalNotes).where(eq(medicalNotes.patientId, patient.id))).toEqual([]);
  });

  it('answers 404 for a patient or office of another office or organization, 400 for a patient not in the office', async () => {
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, medicalNotesApi.createMedicalNote, { body: { patientId: f.patientA1.id, hospitalId: f.a1.id, month: 4, year: 2025, text: 'x' } })).status).toBe(404);
    }
    const admin = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: f.orgA.id, offices: [f.a1.id, f.a2.id] });
    const wrongOffice = await callAs(admin, medicalNotesApi.createMedicalNote, { body: { patientId: f.patientA1.id, hospitalId: f.a2.id, month: 4, year: 2025, text: 'x' } });
    expect(wrongOffice.status).toBe(400);
    expect(wrongOffice.errors).toEqual({ hospitalId: INVALID_ID });
  });
});

describe('GET medicalnote/getmedicalnoteforpatientbyidandmonth', () => {
  it('answers the note of the month with its details', async () => {
    const patient = await newPatient();
    const note = await addNote(patient.id, { month: 3, year: 2025 });
    const res = await callAs(f.doctorA1, medicalNotesApi.getMedicalNoteForPatientByIdAndMonth, { headers: { patientid: patient.id, hospitalid: f.a1.id, month: 3, year: 2025 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(note);
  });

  it('answers 404 "No medical note for the patient for the month {month} and year {year}!" for a month without one', async () => {
    const patient = await newPatient();
    const res = await callAs(f.doctorA1, medicalNotesApi.getMedicalNoteForPatientByIdAndMonth, { headers: { patientid: patient.id, hospitalid: f.a1.id, month: 7, year: 2024 } });
    expect(res.status).toBe(404);
    expect(res.reply.json()).toEqual({ resFlag: false, data: null, msg: 'No medical note for the patient for the month 7 and year 2024!', code: 'noMedicalNoteForMonth' });
    const es = await callAs(f.doctorA1, medicalNotesApi.getMedicalNoteForPatientByIdAndMonth, {
      headers: { patientid: patient.id, hospitalid: f.a1.id, month: 7, year: 2024 },
      lang: 'es',
    });
    expect(es.msg).toBe('¡No hay nota médica del paciente para el mes 7 y el año 2024!');
  });

  it('answers "Invalid id" (404) for another office or organization and a form message without the year', async () => {
    const patient = await newPatient();
    await addNote(patient.id);
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await callAs(who, medicalNotesApi.getMedicalNoteForPatientByIdAndMonth, { headers: { patientid: patient.id, hospitalid: f.a1.id, month: 4, year: 2025 } });
      expect(res.status).toBe(404);
      expect(res.msg).toBe(INVALID_ID);
    }
    const noYear = await callAs(f.doctorA1, medicalNotesApi.getMedicalNoteForPatientByIdAndMonth, { headers: invalid({ patientid: patient.id, hospitalid: f.a1.id, month: 4 }) });
    expect(noYear.status).toBe(400);
    expect(noYear.errors).toEqual({ year: REQUIRED });
  });
});

describe('GET medicalnote/getmedicalnoteforpatientbyid', () => {
  it("lists the patient's notes of every month, newest first", async () => {
    const patient = await newPatient();
    await addNote(patient.id, { month: 1, year: 2025 });
    await addNote(patient.id, { month: 11, year: 2024 });
    await addNote(patient.id, { month: 2, year: 2025 });
    const res = await callAs(f.nurseA1, medicalNotesApi.getMedicalNoteForPatientById, { headers: { patientid: patient.id, hospitalid: f.a1.id } });
    expect(res.body.map((n) => `${n.year}-${n.month}`)).toEqual(['2025-2', '2025-1', '2024-11']);
  });

  it('answers 404 for another office or organization, 400 without the office', async () => {
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, medicalNotesApi.getMedicalNoteForPatientById, { headers: { patientid: f.patientA1.id, hospitalid: f.a1.id } })).status).toBe(404);
    }
    const noOffice = await callAs(f.nurseA1, medicalNotesApi.getMedicalNoteForPatientById, { headers: invalid({ patientid: f.patientA1.id }) });
    expect(noOffice.errors).toEqual({ hospitalid: REQUIRED });
  });
});

describe('GET medicalnote/getmedicalnoteforhospital', () => {
  it("pages the office's notes of a month with their patient, searchable by name", async () => {
    const p1 = await newPatient();
    const p2 = await newPatient();
    await addNote(p1.id, { month: 8, year: 2024 });
    await addNote(p2.id, { month: 8, year: 2024 });
    await addNote(p2.id, { month: 9, year: 2024 });
    const res = await callAs(f.officeAdminA1, medicalNotesApi.getMedicalNoteForHospital, { query: { pageSize: 1, sort: 'patientName' }, headers: { hospitalid: f.a1.id, bymonth: 8, byyear: 2024 } });
    expect(res.status).toBe(200);
    const page = res.body;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    const firstByName = [p1, p2].sort((a, b) => (a.lastName < b.lastName ? -1 : 1))[0]!;
    expect(page.items[0]!.patient).toEqual({ id: firstByName.id, firstName: 'Test', lastName: firstByName.lastName });
    const searched = await callAs(f.officeAdminA1, medicalNotesApi.getMedicalNoteForHospital, { query: { search: p2.lastName }, headers: { hospitalid: f.a1.id, bymonth: 8, byyear: 2024 } });
    expect(searched.body.items.map((n) => n.patientId)).toEqual([p2.id]);
  });

  it('answers 404 for another office or organization, 400 without the month', async () => {
    for (const who of [f.doctorA2, f.orgAdminB]) {
      expect((await callAs(who, medicalNotesApi.getMedicalNoteForHospital, { headers: { hospitalid: f.a1.id, bymonth: 8, byyear: 2024 } })).status).toBe(404);
    }
    const noMonth = await callAs(f.nurseA1, medicalNotesApi.getMedicalNoteForHospital, { headers: invalid({ hospitalid: f.a1.id, byyear: 2024 }) });
    expect(noMonth.errors).toEqual({ bymonth: REQUIRED });
  });
});

describe('POST medicalnote/medicalnotewithcustomseconds', () => {
  it('writes a manual entry of the given seconds and its linked detail in the month of the date', async () => {
    const patient = await newPatient();
    const res = await customSeconds(patient.id, { seconds: 7200, program: 'PCM' });
    expect(res.status, res.reply.body).toBe(201);
    const { medicalNote, timeEntry } = res.body;
    expect(medicalNote).toMatchObject({ patientId: patient.id, month: 6, year: 2025 });
    expect(timeEntry).toMatchObject({
      seconds: 7200,
      isAutomatic: false,
      interactive: true,
      program: 'PCM',
      // 10:00 in New York on 3 June (EDT, UTC-4)
      startedAt: '2025-06-03T14:00:00.000Z',
      endedAt: '2025-06-03T16:00:00.000Z',
      staff: { id: f.nurseA1.id },
      note: { id: medicalNote.medicalNoteDetails[0]!.id, text: 'Care coordination with pharmacy' },
    });
    expect(medicalNote.medicalNoteDetails[0]).toMatchObject({ program: 'PCM', timeEntry: { id: timeEntry.id, isAutomatic: false, seconds: 7200 } });
  });

  it('refuses 7201 seconds with "Time cannot exceed 2 hours", 0 seconds, and a date to come', async () => {
    const patient = await newPatient();
    const over = await customSeconds(patient.id, { seconds: 7201 });
    expect(over.status).toBe(400);
    expect(over.reply.json()).toMatchObject({ msg: TIME_LIMIT, errors: { seconds: TIME_LIMIT } });
    expect((await customSeconds(patient.id, { seconds: 0 })).errors).toEqual({ seconds: FORMAT });
    const future = await customSeconds(patient.id, { date: '2100-01-01', time: undefined });
    expect(future.reply.json()).toMatchObject({ msg: FUTURE, errors: { date: FUTURE } });
    const noDate = await customSeconds(patient.id, { date: undefined });
    expect(noDate.errors).toEqual({ date: REQUIRED });
    expect(await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.patientId, patient.id))).toEqual([]);
  });

  it('answers 404 for a patient of another office or organization', async () => {
    for (const who of [f.doctorA2, f.doctorB1]) { expect((await customSeconds(f.patientA1.id, {}, who)).status).toBe(404); }
  });
});

describe('PUT medicalnote/addadditionalmedicalnotedetail/{medicalNoteId}', () => {
  it('adds a detail to an existing note', async () => {
    const patient = await newPatient();
    const note = await addNote(patient.id);
    const res = await callAs(f.doctorA1, medicalNotesApi.addAdditionalMedicalNoteDetail, { params: { medicalNoteId: note.medicalNoteId }, body: { text: 'Doctor addendum', program: 'RPM' } });
    expect(res.status).toBe(200);
    expect(res.body.medicalNoteDetails.map((d: { text: string; author: { id: number } }) => [d.text, d.author.id])).toEqual([
      ['Reviewed weekly readings', f.nurseA1.id],
      ['Doctor addendum', f.doctorA1.id],
    ]);
  });

  it('answers 404 for a note of another office or organization, 400 without text', async () => {
    const patient = await newPatient();
    const note = await addNote(patient.id);
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, medicalNotesApi.addAdditionalMedicalNoteDetail, { params: { medicalNoteId: note.medicalNoteId }, body: { text: 'x' } })).status).toBe(404);
    }
    const noText = await callAs(f.nurseA1, medicalNotesApi.addAdditionalMedicalNoteDetail, { params: { medicalNoteId: note.medicalNoteId }, body: { text: '' } });
    expect(noText.errors).toEqual({ text: REQUIRED });
    expect(await t.ctx.db.select().from(medicalNoteDetails).where(eq(medicalNoteDetails.medicalNoteId, note.medicalNoteId))).toHaveLength(1);
  });
});

describe('PUT medicalnotedetail/{id}', () => {
  it('lets the author and an office admin edit text and template; another nurse gets 403', async () => {
    const patient = await newPatient();
    const note = await addNote(patient.id);
    const id = note.medicalNoteDetails[0]!.id;
    const own = await callAs(f.nurseA1, medicalNotesApi.updateMedicalNoteDetail, { params: { id }, body: { text: 'Corrected text', categoryTemplateId: tplA1 } });
    expect(own.status, own.reply.body).toBe(200);
    expect(own.body).toMatchObject({ id, text: 'Corrected text', categoryTemplateId: tplA1, categoryTemplateTitle: 'Monthly review' });
    const other = await newNurse();
    const refused = await callAs(other, medicalNotesApi.updateMedicalNoteDetail, { params: { id }, body: { text: 'Hijack' } });
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe(NOT_AUTHOR);
    const admin = await callAs(f.officeAdminA1, medicalNotesApi.updateMedicalNoteDetail, { params: { id }, body: { text: 'Admin edit', categoryTemplateId: null } });
    expect(admin.body).toMatchObject({ text: 'Admin edit', categoryTemplateId: null });
  });

  it("keeps a timer entry's program, and moves a manual entry's program with its detail", async () => {
    const patient = await newPatient();
    const nurse = await newNurse();
    const timer = await noteFromTimer(patient.id, nurse);
    const locked = await callAs(nurse, medicalNotesApi.updateMedicalNoteDetail, { params: { id: timer.detailId }, body: { text: 'x', program: 'PCM' } });
    expect(locked.status).toBe(409);
    expect(locked.msg).toBe('Automatically added entries cannot be edited or deleted');
    expect((await callAs(nurse, medicalNotesApi.updateMedicalNoteDetail, { params: { id: timer.detailId }, body: { text: 'Call about dizziness (edited)' } })).status).toBe(200);
    const manual = (await customSeconds(patient.id, {}, nurse)).body;
    const detailId = manual.medicalNote.medicalNoteDetails.find((d) => d.timeEntry?.id === manual.timeEntry.id)!.id;
    const moved = await callAs(nurse, medicalNotesApi.updateMedicalNoteDetail, { params: { id: detailId }, body: { text: 'Pharmacy call', program: 'BHI' } });
    expect(moved.body).toMatchObject({ program: 'BHI', timeEntry: { id: manual.timeEntry.id, program: 'BHI' } });
  });

  it('answers 404 for a detail of another office or organization and 400 without text', async () => {
    const patient = await newPatient();
    const id = (await addNote(patient.id)).medicalNoteDetails[0]!.id;
    for (const who of [f.doctorA2, f.doctorB1, f.officeAdminA2]) { expect((await callAs(who, medicalNotesApi.updateMedicalNoteDetail, { params: { id }, body: { text: 'x' } })).status).toBe(404); }
    expect((await callAs(f.nurseA1, medicalNotesApi.updateMedicalNoteDetail, { params: { id }, body: invalid({}) })).errors).toEqual({ text: REQUIRED });
  });
});

describe('DELETE medicalnotedetail/{id}', () => {
  it('refuses a detail documenting a timer entry, deletes a manual entry with its detail, and the note with its last detail', async () => {
    const patient = await newPatient();
    const nurse = await newNurse();
    const timer = await noteFromTimer(patient.id, nurse);
    const refused = await callAs(nurse, medicalNotesApi.deleteMedicalNoteDetail, { params: { id: timer.detailId } });
    expect(refused.status).toBe(409);
    expect(refused.msg).toBe(IN_USE);
    const manual = (await customSeconds(patient.id, { date: '2025-01-15' }, nurse)).body;
    const detailId = manual.medicalNote.medicalNoteDetails[0]!.id;
    const res = await callAs(nurse, medicalNotesApi.deleteMedicalNoteDetail, { params: { id: detailId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: detailId, medicalNoteId: manual.medicalNote.medicalNoteId, medicalNoteDeleted: true, deletedTimeEntryId: manual.timeEntry.id });
    expect(await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.id, manual.timeEntry.id))).toEqual([]);
    const gone = await callAs(nurse, medicalNotesApi.getMedicalNoteForPatientByIdAndMonth, { headers: { patientid: patient.id, hospitalid: f.a1.id, month: 1, year: 2025 } });
    expect(gone.msg).toBe('No medical note for the patient for the month 1 and year 2025!');
  });

  it('keeps the note while it has other details', async () => {
    const patient = await newPatient();
    await addNote(patient.id, { text: 'First' });
    const note = await addNote(patient.id, { text: 'Second' });
    const [first, second] = note.medicalNoteDetails;
    const res = await callAs(f.nurseA1, medicalNotesApi.deleteMedicalNoteDetail, { params: { id: second!.id } });
    expect(res.body).toEqual({ id: second!.id, medicalNoteId: note.medicalNoteId, medicalNoteDeleted: false, deletedTimeEntryId: null });
    const left = await callAs(f.nurseA1, medicalNotesApi.getMedicalNoteForPatientByIdAndMonth, { headers: { patientid: patient.id, hospitalid: f.a1.id, month: 4, year: 2025 } });
    expect(left.body.medicalNoteDetails.map((d: { id: number }) => d.id)).toEqual([first!.id]);
  });

  it('refuses another nurse (403) and answers 404 for another office or organization', async () => {
    const patient = await newPatient();
    const id = (await addNote(patient.id)).medicalNoteDetails[0]!.id;
    const other = await newNurse();
    expect((await callAs(other, medicalNotesApi.deleteMedicalNoteDetail, { params: { id } })).msg).toBe(NOT_AUTHOR);
    for (const who of [f.doctorA2, f.doctorB1]) { expect((await callAs(who, medicalNotesApi.deleteMedicalNoteDetail, { params: { id } })).status).toBe(404); }
    expect(await t.ctx.db.select().from(medicalNoteDetails).where(eq(medicalNoteDetails.id, id))).toHaveLength(1);
    expect((await callAs(f.officeAdminA1, medicalNotesApi.deleteMedicalNoteDetail, { params: { id } })).body).toMatchObject({ id, medicalNoteDeleted: true, deletedTimeEntryId: null });
  });
});

describe('DELETE medicalnote/{id}', () => {
  it('lets the author delete the note with its details and the manual entries written with them', async () => {
    const patient = await newPatient();
    const nurse = await newNurse();
    const manual = (await customSeconds(patient.id, { date: '2025-02-10' }, nurse)).body;
    const noteId = manual.medicalNote.medicalNoteId;
    await callAs(f.doctorA1, medicalNotesApi.addAdditionalMedicalNoteDetail, { params: { medicalNoteId: noteId }, body: { text: 'Doctor addendum' } });
    const res = await callAs(nurse, medicalNotesApi.deleteMedicalNote, { params: { id: noteId } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toEqual({ medicalNoteId: noteId, deletedTimeEntryIds: [manual.timeEntry.id] });
    expect(await t.ctx.db.select().from(medicalNotes).where(eq(medicalNotes.id, noteId))).toEqual([]);
    expect(await t.ctx.db.select().from(medicalNoteDetails).where(eq(medicalNoteDetails.medicalNoteId, noteId))).toEqual([]);
  });

  it('refuses a user who is neither the author nor an office admin (403 "You are not authorised to delete this medical note")', async () => {
    const patient = await newPatient();
    const note = await addNote(patient.id);
    const res = await callAs(f.doctorA1, medicalNotesApi.deleteMedicalNote, { params: { id: note.medicalNoteId } });
    expect(res.status).toBe(403);
    expect(res.msg).toBe('You are not authorised to delete this medical note');
    expect((await callAs(f.doctorA1, medicalNotesApi.deleteMedicalNote, { params: { id: note.medicalNoteId }, lang: 'es' })).msg).toBe('No está autorizado para eliminar esta nota médica');
    expect((await callAs(f.officeAdminA1, medicalNotesApi.deleteMedicalNote, { params: { id: note.medicalNoteId } })).status).toBe(200);
  });

  it('refuses a note in use: a detail documents a timer entry (409)', async () => {
    const patient = await newPatient();
    const nurse = await newNurse();
    const timer = await noteFromTimer(patient.id, nurse);
    for (const who of [nurse, f.officeAdminA1]) {
      const res = await callAs(who, medicalNotesApi.deleteMedicalNote, { params: { id: timer.medicalNoteId } });
      expect(res.status).toBe(409);
      expect(res.msg).toBe(IN_USE);
    }
    expect(await t.ctx.db.select().from(medicalNotes).where(eq(medicalNotes.id, timer.medicalNoteId))).toHaveLength(1);
  });

  it('answers 404 for a note of another office or organization', async () => {
    const patient = await newPatient();
    const note = await addNote(patient.id);
    for (const who of [f.officeAdminA2, f.orgAdminB, f.doctorB1]) { expect((await callAs(who, medicalNotesApi.deleteMedicalNote, { params: { id: note.medicalNoteId } })).status).toBe(404); }
    expect((await callAs(f.nurseA1, medicalNotesApi.deleteMedicalNote, { params: { id: invalid('abc') } })).errors).toEqual({ id: FORMAT });
  });
});
