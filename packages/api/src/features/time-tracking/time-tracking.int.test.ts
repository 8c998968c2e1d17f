import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, medicalNotes as medicalNotesApi, timeTracking } from '@vigil/contract';
import { callerFor, invalid, type CallInput, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { hospitals, medicalNoteDetails, medicalNotes, timeEntries } from '../../db/schema/index';
import { closeForgottenTimers, timerStopAt } from './time-tracking.service';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';
const INVALID_ID = 'Invalid id';
const TIME_LIMIT = 'Time cannot exceed 2 hours';
const LOCKED = 'Automatically added entries cannot be edited or deleted';
const NOT_AUTHOR = 'Only the author or an office admin can change or delete this';
const HOUR = 3_600_000;

const callAs = callerFor(() => t);

/** A nurse of office a1 with no timers yet (each test gets its own, so timers do not interfere). */
const newNurse = (offices = [f.a1.id]) => createUser(t, { role: Role.NURSE, organizationId: f.orgA.id, offices });
const newPatient = (offices = [f.a1.id], org = f.orgA.id) => createUser(t, { role: Role.PATIENT, organizationId: org, offices });

/** A timer entry written straight into the database (to place it in the past). */
async function insertEntry(values: Partial<typeof timeEntries.$inferInsert> & { staffUserId: number; patientId: number; startedAt: Date }) {
  const [row] = await t.ctx.db
    .insert(timeEntries)
    .values({ hospitalId: f.a1.id, program: 'RPM', isAutomatic: true, ...values })
    .returning();
  return row!;
}

async function storedEntry(id: number) {
  const [row] = await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.id, id));
  return row;
}

type StartBody = NonNullable<CallInput<typeof timeTracking.startTrackingWithPatient>['body']>;
async function start(who: CallUser, patientId: number, program: StartBody['program'] = 'RPM', extra: Partial<StartBody> = {}) {
  const res = await callAs(who, timeTracking.startTrackingWithPatient, { body: { patientId, program, activity: 'Reading review', ...extra } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t.close());

describe('the 2-hour rule', () => {
  it('counts whole seconds up to 7200 and caps a longer timer at start + 2 h, flagged autoClosed', () => {
    const s = new Date('2026-03-10T10:00:00Z');
    expect(timerStopAt(s, new Date(s.getTime() + 7_199_999))).toEqual({ seconds: 7199, endedAt: new Date(s.getTime() + 7_199_999), autoClosed: false });
    expect(timerStopAt(s, new Date(s.getTime() + 7_200_000))).toEqual({ seconds: 7200, endedAt: new Date(s.getTime() + 7_200_000), autoClosed: false });
    expect(timerStopAt(s, new Date(s.getTime() + 7_201_000))).toEqual({ seconds: 7200, endedAt: new Date(s.getTime() + 7_200_000), autoClosed: true });
    expect(timerStopAt(s, new Date(s.getTime() + 3 * HOUR))).toEqual({ seconds: 7200, endedAt: new Date(s.getTime() + 7_200_000), autoClosed: true });
  });

  it('closeForgottenTimers (the job) leaves a timer open at exactly 2 h and closes it just after, at start + 2 h', async () => {
    const nurse = await newNurse();
    const patient = await newPatient();
    const startedAt = new Date(Date.now() - 10 * HOUR);
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt });
    await closeForgottenTimers(t.ctx, new Date(startedAt.getTime() + 7_200_000));
    expect((await storedEntry(entry.id))!.endedAt).toBeNull();
    expect(await closeForgottenTimers(t.ctx, new Date(startedAt.getTime() + 7_201_000))).toBeGreaterThanOrEqual(1);
    const closed = await storedEntry(entry.id);
    expect(closed).toMatchObject({ seconds: 7200, autoClosed: true, endedAt: new Date(startedAt.getTime() + 7_200_000) });
    expect(await closeForgottenTimers(t.ctx, new Date())).toBe(0);
  });

  it('closes a timer left open 3 hours at 2 hours, flagged, when its owner next reads the running timer', async () => {
    const nurse = await newNurse();
    const patient = await newPatient();
    const startedAt = new Date(Date.now() - 3 * HOUR);
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt });
    const res = await callAs(nurse, timeTracking.getNotFinishedWithPatient);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(await storedEntry(entry.id)).toMatchObject({ seconds: 7200, autoClosed: true, endedAt: new Date(startedAt.getTime() + 7_200_000) });
  });
});

describe('GET timetracking/getnotfinishedwithpatient', () => {
  it('answers null without a running timer, then the timer with its patient and elapsed seconds', async () => {
    const nurse = await newNurse();
    const patient = await newPatient();
    expect((await callAs(nurse, timeTracking.getNotFinishedWithPatient)).reply.json()).toEqual({ resFlag: true, data: null, msg: 'OK' });
    const startedAt = new Date(Date.now() - 90_000);
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt, program: 'RPM', activity: 'Call' });
    const res = await callAs(nurse, timeTracking.getNotFinishedWithPatient);
    const data = res.body;
    expect(data).toMatchObject({
      id: entry.id,
      patientId: patient.id,
      hospitalId: f.a1.id,
      program: 'RPM',
      activity: 'Call',
      endedAt: null,
      seconds: null,
      isAutomatic: true,
      autoClosed: false,
      staff: { id: nurse.id, firstName: 'Test', lastName: nurse.lastName },
      patient: { id: patient.id, firstName: 'Test', lastName: patient.lastName },
      startedAt: startedAt.toISOString(),
    });
    expect(data!.elapsedSeconds).toBeGreaterThanOrEqual(90);
    expect(data!.elapsedSeconds).toBeLessThan(120);
  });

  it("does not show another staff member's timer", async () => {
    const nurse = await newNurse();
    const other = await newNurse();
    await insertEntry({ staffUserId: other.id, patientId: f.patientA1.id, startedAt: new Date() });
    expect((await callAs(nurse, timeTracking.getNotFinishedWithPatient)).body).toBeNull();
  });
});

describe('POST timetracking/starttrackingwithpatient', () => {
  it('starts a timer in the patient\'s office for an enabled program', async () => {
    const nurse = await newNurse();
    const data = await start(nurse, f.patientA1.id, 'RPM');
    expect(data.stopped).toBeNull();
    expect(data.timer).toMatchObject({ patientId: f.patientA1.id, hospitalId: f.a1.id, program: 'RPM', activity: 'Reading review', isAutomatic: true, endedAt: null });
    const stored = await storedEntry(data.timer.id);
    expect(stored).toMatchObject({ staffUserId: nurse.id, isAutomatic: true, endedAt: null, seconds: null });
  });

  it('stops the running timer first when another is started, so time is not counted twice', async () => {
    const nurse = await newNurse();
    const first = await insertEntry({ staffUserId: nurse.id, patientId: f.patientA1.id, startedAt: new Date(Date.now() - 300_000) });
    const data = await start(nurse, f.patientA1.id, 'PCM');
    expect(data.stopped).toMatchObject({ id: first.id, autoClosed: false });
    expect(data.stopped!.seconds).toBeGreaterThanOrEqual(300);
    expect(data.stopped!.seconds).toBeLessThan(330);
    const open = await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.staffUserId, nurse.id));
    expect(open.filter((e) => e.endedAt === null).map((e) => e.id)).toEqual([data.timer.id]);
  });

  it('refuses a program the office has not enabled', async () => {
    const nurse = await newNurse();
    const res = await callAs(nurse, timeTracking.startTrackingWithPatient, { body: { patientId: f.patientA1.id, program: 'RTM' } });
    expect(res.status).toBe(400);
    expect(res.reply.json()).toMatchObject({ resFlag: false, code: 'programNotEnabled', msg: 'The RTM program is not enabled for this office' });
    await t.ctx.db.update(hospitals).set({ ccmEnabled: true }).where(eq(hospitals.id, f.a1.id));
    expect((await start(nurse, f.patientA1.id, 'CCM')).timer.program).toBe('CCM');
    await t.ctx.db.update(hospitals).set({ ccmEnabled: false }).where(eq(hospitals.id, f.a1.id));
  });

  it('answers the spec form messages for a missing or unknown program and a missing patient', async () => {
    const nurse = await newNurse();
    const missing = await callAs(nurse, timeTracking.startTrackingWithPatient, { body: invalid({}) });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ patientId: REQUIRED, program: REQUIRED });
    const unknown = await callAs(nurse, timeTracking.startTrackingWithPatient, { body: { patientId: f.patientA1.id, program: invalid('XYZ') } });
    expect(unknown.errors).toEqual({ program: FORMAT });
  });

  it('answers "Start tracking error" for an office the patient is not assigned to', async () => {
    const admin = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: f.orgA.id, offices: [f.a1.id, f.a2.id] });
    const res = await callAs(admin, timeTracking.startTrackingWithPatient, { body: { patientId: f.patientA1.id, program: 'RPM', hospitalId: f.a2.id } });
    expect(res.status).toBe(400);
    expect(res.reply.json()).toMatchObject({ msg: 'Start tracking error', errors: { hospitalId: INVALID_ID } });
  });

  it("answers 404 for a patient of another office or organization, and writes nothing", async () => {
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await callAs(who, timeTracking.startTrackingWithPatient, { body: { patientId: f.patientA1.id, program: 'RPM' } });
      expect(res.status).toBe(404);
      expect(res.msg).toBe(INVALID_ID);
      expect(await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.staffUserId, who.id))).toEqual([]);
    }
  });
});

describe('PUT timetracking/stoptrackingwithpatient', () => {
  it('stops the running timer with server-counted seconds, the interactive flag and a linked note for the month', async () => {
    const nurse = await newNurse();
    const patient = await newPatient();
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt: new Date(Date.now() - 1_200_000) });
    const res = await callAs(nurse, timeTracking.stopTrackingWithPatient, {
      body: invalid({ interactive: true, activity: 'Phone call', noteText: 'Discussed blood pressure trend by phone', seconds: 5 }),
    });
    expect(res.status, res.reply.body).toBe(200);
    const data = res.body;
    expect(data).toMatchObject({ id: entry.id, interactive: true, activity: 'Phone call', autoClosed: false, isAutomatic: true });
    expect(data.seconds).toBeGreaterThanOrEqual(1200);
    expect(data.seconds).toBeLessThan(1230);
    expect(data.note!.text).toBe('Discussed blood pressure trend by phone');
    const [note] = await t.ctx.db.select().from(medicalNotes).where(eq(medicalNotes.patientId, patient.id));
    const now = new Date(entry.startedAt);
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'numeric' }).formatToParts(now);
    expect(note).toMatchObject({
      hospitalId: f.a1.id,
      month: Number(local.find((p) => p.type === 'month')!.value),
      year: Number(local.find((p) => p.type === 'year')!.value),
    });
    const [detail] = await t.ctx.db.select().from(medicalNoteDetails).where(eq(medicalNoteDetails.medicalNoteId, note!.id));
    expect(detail).toMatchObject({ id: data.medicalNoteDetailId, program: 'RPM', authorId: nurse.id });
  });

  it('answers 409 "Stop tracking error" without a running timer', async () => {
    const nurse = await newNurse();
    const res = await callAs(nurse, timeTracking.stopTrackingWithPatient, { body: {} });
    expect(res.status).toBe(409);
    expect(res.msg).toBe('Stop tracking error');
  });

  it('answers the max-length message for a note over 4000 characters', async () => {
    const nurse = await newNurse();
    await insertEntry({ staffUserId: nurse.id, patientId: f.patientA1.id, startedAt: new Date() });
    const res = await callAs(nurse, timeTracking.stopTrackingWithPatient, { body: { noteText: 'x'.repeat(4001) } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ noteText: 'This field must be 4000 characters or less' });
  });
});

describe('PUT timetracking/stoptrackingwithpatientV2', () => {
  it('stops the timer named by id', async () => {
    const nurse = await newNurse();
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: f.patientA1.id, startedAt: new Date(Date.now() - 60_000) });
    const res = await callAs(nurse, timeTracking.stopTrackingWithPatientV2, { body: { timeTrackingId: entry.id, interactive: false } });
    expect(res.status).toBe(200);
    expect(res.body.seconds).toBeGreaterThanOrEqual(60);
  });

  it('lets a timer closed at 2 hours be documented once, keeping its 7200 seconds', async () => {
    const nurse = await newNurse();
    const startedAt = new Date(Date.now() - 3 * HOUR);
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: f.patientA1.id, startedAt });
    const res = await callAs(nurse, timeTracking.stopTrackingWithPatientV2, {
      body: { timeTrackingId: entry.id, interactive: true, noteText: 'Forgot to stop; video visit 25 min' },
    });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ seconds: 7200, autoClosed: true, interactive: true, endedAt: new Date(startedAt.getTime() + 7_200_000).toISOString() });
    expect(res.body.note!.text).toBe('Forgot to stop; video visit 25 min');
    const again = await callAs(nurse, timeTracking.stopTrackingWithPatientV2, { body: { timeTrackingId: entry.id, noteText: 'Again' } });
    expect(again.status).toBe(409);
    expect(again.msg).toBe('Stop tracking error');
  });

  it("answers 404 for another staff member's timer and 400 without an id", async () => {
    const nurse = await newNurse();
    const other = await newNurse();
    const entry = await insertEntry({ staffUserId: other.id, patientId: f.patientA1.id, startedAt: new Date() });
    expect((await callAs(nurse, timeTracking.stopTrackingWithPatientV2, { body: { timeTrackingId: entry.id } })).status).toBe(404);
    expect((await callAs(f.doctorB1, timeTracking.stopTrackingWithPatientV2, { body: { timeTrackingId: entry.id } })).status).toBe(404);
    expect((await storedEntry(entry.id))!.endedAt).toBeNull();
    const missing = await callAs(nurse, timeTracking.stopTrackingWithPatientV2, { body: invalid({}) });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ timeTrackingId: REQUIRED });
  });
});

describe('GET timetracking/gettimeentriesforpatient (chosen)', () => {
  it("lists the month's entries (office time zone) with staff, program, seconds, interactive flag and note", async () => {
    const nurse = await newNurse();
    const patient = await newPatient();
    // 2025-03-01 03:00 UTC is 28 February, 22:00 in New York.
    const feb = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt: new Date('2025-03-01T03:00:00Z'), endedAt: new Date('2025-03-01T03:10:00Z'), seconds: 600, interactive: true });
    const mar = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt: new Date('2025-03-01T06:00:00Z'), endedAt: new Date('2025-03-01T06:05:00Z'), seconds: 300, program: 'PCM', isAutomatic: false });
    const res = await callAs(nurse, timeTracking.getTimeEntriesForPatient, { headers: { patientid: patient.id, month: 2, year: 2025 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: feb.id,
        patientId: patient.id,
        hospitalId: f.a1.id,
        staff: { id: nurse.id, firstName: 'Test', lastName: nurse.lastName },
        program: 'RPM',
        activity: '',
        interactive: true,
        startedAt: '2025-03-01T03:00:00.000Z',
        endedAt: '2025-03-01T03:10:00.000Z',
        seconds: 600,
        isAutomatic: true,
        autoClosed: false,
        medicalNoteDetailId: null,
        note: null,
        videoCallId: null,
      },
    ]);
    const march = await callAs(nurse, timeTracking.getTimeEntriesForPatient, { headers: { patientid: patient.id, month: 3, year: 2025 } });
    expect(march.body.map((e: { id: number }) => e.id)).toEqual([mar.id]);
  });

  it('answers the form message for a month out of range and 404 for a patient of another office or organization', async () => {
    const bad = await callAs(f.nurseA1, timeTracking.getTimeEntriesForPatient, { headers: { patientid: f.patientA1.id, month: 13, year: 2025 } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ month: FORMAT });
    const noMonth = await callAs(f.nurseA1, timeTracking.getTimeEntriesForPatient, { headers: invalid({ patientid: f.patientA1.id, year: 2025 }) });
    expect(noMonth.errors).toEqual({ month: REQUIRED });
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, timeTracking.getTimeEntriesForPatient, { headers: { patientid: f.patientA1.id, month: 2, year: 2025 } })).status).toBe(404);
    }
  });
});

describe('PUT and DELETE timetracking/{id} (chosen)', () => {
  async function manualEntry(staffUserId: number) {
    return insertEntry({ staffUserId, patientId: f.patientA1.id, startedAt: new Date('2025-05-10T14:00:00Z'), endedAt: new Date('2025-05-10T14:10:00Z'), seconds: 600, isAutomatic: false });
  }

  it('refuses to edit or delete a timer entry ("Automatically added entries cannot be edited or deleted")', async () => {
    const nurse = await newNurse();
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: f.patientA1.id, startedAt: new Date('2025-05-10T14:00:00Z'), endedAt: new Date('2025-05-10T14:10:00Z'), seconds: 600 });
    for (const who of [nurse, f.officeAdminA1]) {
      const put = await callAs(who, timeTracking.updateTimeEntry, { params: { id: entry.id }, body: { seconds: 900 } });
      expect(put.status).toBe(409);
      expect(put.msg).toBe(LOCKED);
      const del = await callAs(who, timeTracking.deleteTimeEntry, { params: { id: entry.id } });
      expect(del.status).toBe(409);
      expect(del.msg).toBe(LOCKED);
    }
    expect(await storedEntry(entry.id)).toMatchObject({ seconds: 600 });
  });

  it('lets the author edit a manual entry: seconds up to 7200 move its end, program and interactive flag', async () => {
    const nurse = await newNurse();
    const entry = await manualEntry(nurse.id);
    const res = await callAs(nurse, timeTracking.updateTimeEntry, { params: { id: entry.id }, body: { seconds: 7200, program: 'PCM', interactive: true, activity: 'Care plan' } });
    expect(res.status, res.reply.body).toBe(200);
    expect(res.body).toMatchObject({ seconds: 7200, program: 'PCM', interactive: true, activity: 'Care plan', endedAt: '2025-05-10T16:00:00.000Z' });
  });

  it('refuses 7201 seconds with "Time cannot exceed 2 hours" and a disabled program', async () => {
    const nurse = await newNurse();
    const entry = await manualEntry(nurse.id);
    const over = await callAs(nurse, timeTracking.updateTimeEntry, { params: { id: entry.id }, body: { seconds: 7201 } });
    expect(over.status).toBe(400);
    expect(over.reply.json()).toMatchObject({ msg: TIME_LIMIT, errors: { seconds: TIME_LIMIT } });
    const zero = await callAs(nurse, timeTracking.updateTimeEntry, { params: { id: entry.id }, body: { seconds: 0 } });
    expect(zero.errors).toEqual({ seconds: FORMAT });
    const rtm = await callAs(nurse, timeTracking.updateTimeEntry, { params: { id: entry.id }, body: { program: 'RTM' } });
    expect(rtm.msg).toBe('The RTM program is not enabled for this office');
    expect(await storedEntry(entry.id)).toMatchObject({ seconds: 600, program: 'RPM' });
  });

  it("refuses another nurse (403) but lets the office admin edit and delete someone's manual entry", async () => {
    const nurse = await newNurse();
    const other = await newNurse();
    const entry = await manualEntry(nurse.id);
    const put = await callAs(other, timeTracking.updateTimeEntry, { params: { id: entry.id }, body: { seconds: 60 } });
    expect(put.status).toBe(403);
    expect(put.msg).toBe(NOT_AUTHOR);
    expect((await callAs(other, timeTracking.deleteTimeEntry, { params: { id: entry.id } })).status).toBe(403);
    expect((await callAs(f.officeAdminA1, timeTracking.updateTimeEntry, { params: { id: entry.id }, body: { seconds: 60 } })).body.seconds).toBe(60);
    const del = await callAs(f.officeAdminA1, timeTracking.deleteTimeEntry, { params: { id: entry.id } });
    expect(del.body).toEqual({ id: entry.id, deletedMedicalNoteDetailId: null });
    expect(await storedEntry(entry.id)).toBeUndefined();
  });

  it("moves a manual entry's note detail with its program, and deletes the detail, and the month's note with its last detail, with the entry", async () => {
    // The detail is the medical-notes feature's row, written through the writer app.ts hands to time
    // tracking (docs/architecture.md "Table ownership").
    const nurse = await newNurse();
    const patient = await newPatient();
    const created = await callAs(nurse, medicalNotesApi.createMedicalNoteWithCustomSeconds, {
      body: { patientId: patient.id, hospitalId: f.a1.id, text: 'Care coordination with pharmacy', program: 'RPM', seconds: 900, interactive: true, date: '2025-06-03', time: '10:00' },
    });
    expect(created.status, created.reply.body).toBe(201);
    const { medicalNote, timeEntry } = created.body;
    const detailId = medicalNote.medicalNoteDetails[0]!.id;

    const put = await callAs(nurse, timeTracking.updateTimeEntry, { params: { id: timeEntry.id }, body: { program: 'PCM' } });
    expect(put.status, put.reply.body).toBe(200);
    const [moved] = await t.ctx.db.select().from(medicalNoteDetails).where(eq(medicalNoteDetails.id, detailId));
    expect(moved).toMatchObject({ program: 'PCM' });

    const del = await callAs(nurse, timeTracking.deleteTimeEntry, { params: { id: timeEntry.id } });
    expect(del.body).toEqual({ id: timeEntry.id, deletedMedicalNoteDetailId: detailId });
    expect(await t.ctx.db.select().from(medicalNoteDetails).where(eq(medicalNoteDetails.id, detailId))).toEqual([]);
    expect(await t.ctx.db.select().from(medicalNotes).where(eq(medicalNotes.id, medicalNote.medicalNoteId))).toEqual([]);
  });

  it('answers 404 for an entry of another office or organization', async () => {
    const entry = await manualEntry(f.nurseA1.id);
    for (const who of [f.doctorA2, f.doctorB1, f.officeAdminA2]) {
      expect((await callAs(who, timeTracking.updateTimeEntry, { params: { id: entry.id }, body: { seconds: 60 } })).status).toBe(404);
      expect((await callAs(who, timeTracking.deleteTimeEntry, { params: { id: entry.id } })).status).toBe(404);
    }
    expect(await storedEntry(entry.id)).toMatchObject({ seconds: 600 });
  });
});
