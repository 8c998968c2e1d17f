import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
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
const FORBIDDEN = 'You do not have permission to do this';
const HOUR = 3_600_000;

const sessions = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await sessionFor(t, user.id);
    sessions.set(user.id, s);
  }
  return s;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, path: string, who: { id: number }, opts: { headers?: Record<string, string | number>; payload?: unknown; lang?: 'en' | 'es' } = {}) {
  const headers: Record<string, string> = { ...(await as(who)), 'accept-language': opts.lang ?? 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${path}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

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

async function start(who: { id: number }, patientId: number, program = 'RPM', extra: Record<string, unknown> = {}) {
  const res = await call('POST', 'timetracking/starttrackingwithpatient', who, { payload: { patientId, program, activity: 'Reading review', ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { timer: { id: number; patientId: number; program: string }; stopped: { id: number; seconds: number } | null };
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
    const res = await call('GET', 'timetracking/getnotfinishedwithpatient', nurse);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
    expect(await storedEntry(entry.id)).toMatchObject({ seconds: 7200, autoClosed: true, endedAt: new Date(startedAt.getTime() + 7_200_000) });
  });
});

describe('GET timetracking/getnotfinishedwithpatient', () => {
  it('answers null without a running timer, then the timer with its patient and elapsed seconds', async () => {
    const nurse = await newNurse();
    const patient = await newPatient();
    expect((await call('GET', 'timetracking/getnotfinishedwithpatient', nurse)).json()).toEqual({ resFlag: true, data: null, msg: 'OK' });
    const startedAt = new Date(Date.now() - 90_000);
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt, program: 'RPM', activity: 'Call' });
    const res = await call('GET', 'timetracking/getnotfinishedwithpatient', nurse);
    const data = res.json().data;
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
    expect(data.elapsedSeconds).toBeGreaterThanOrEqual(90);
    expect(data.elapsedSeconds).toBeLessThan(120);
  });

  it("does not show another staff member's timer", async () => {
    const nurse = await newNurse();
    const other = await newNurse();
    await insertEntry({ staffUserId: other.id, patientId: f.patientA1.id, startedAt: new Date() });
    expect((await call('GET', 'timetracking/getnotfinishedwithpatient', nurse)).json().data).toBeNull();
  });

  it('refuses a caregiver and a patient (403)', async () => {
    for (const who of [f.caregiverA1, f.patientA1]) {
      const res = await call('GET', 'timetracking/getnotfinishedwithpatient', who);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(FORBIDDEN);
    }
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
    const res = await call('POST', 'timetracking/starttrackingwithpatient', nurse, { payload: { patientId: f.patientA1.id, program: 'RTM' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resFlag: false, code: 'programNotEnabled', msg: 'The RTM program is not enabled for this office' });
    await t.ctx.db.update(hospitals).set({ ccmEnabled: true }).where(eq(hospitals.id, f.a1.id));
    expect((await start(nurse, f.patientA1.id, 'CCM')).timer.program).toBe('CCM');
    await t.ctx.db.update(hospitals).set({ ccmEnabled: false }).where(eq(hospitals.id, f.a1.id));
  });

  it('answers the spec form messages for a missing or unknown program and a missing patient', async () => {
    const nurse = await newNurse();
    const missing = await call('POST', 'timetracking/starttrackingwithpatient', nurse, { payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ patientId: REQUIRED, program: REQUIRED });
    const unknown = await call('POST', 'timetracking/starttrackingwithpatient', nurse, { payload: { patientId: f.patientA1.id, program: 'XYZ' } });
    expect(unknown.json().errors).toEqual({ program: FORMAT });
  });

  it('answers "Start tracking error" for an office the patient is not assigned to', async () => {
    const admin = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: f.orgA.id, offices: [f.a1.id, f.a2.id] });
    const res = await call('POST', 'timetracking/starttrackingwithpatient', admin, { payload: { patientId: f.patientA1.id, program: 'RPM', hospitalId: f.a2.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: 'Start tracking error', errors: { hospitalId: INVALID_ID } });
  });

  it("answers 404 for a patient of another office or organization, and writes nothing", async () => {
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await call('POST', 'timetracking/starttrackingwithpatient', who, { payload: { patientId: f.patientA1.id, program: 'RPM' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(INVALID_ID);
      expect(await t.ctx.db.select().from(timeEntries).where(eq(timeEntries.staffUserId, who.id))).toEqual([]);
    }
  });

  it('refuses a caregiver (403)', async () => {
    const res = await call('POST', 'timetracking/starttrackingwithpatient', f.caregiverA1, { payload: { patientId: f.patientA1.id, program: 'RPM' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT timetracking/stoptrackingwithpatient', () => {
  it('stops the running timer with server-counted seconds, the interactive flag and a linked note for the month', async () => {
    const nurse = await newNurse();
    const patient = await newPatient();
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt: new Date(Date.now() - 1_200_000) });
    const res = await call('PUT', 'timetracking/stoptrackingwithpatient', nurse, {
      payload: { interactive: true, activity: 'Phone call', noteText: 'Discussed blood pressure trend by phone', seconds: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: entry.id, interactive: true, activity: 'Phone call', autoClosed: false, isAutomatic: true });
    expect(data.seconds).toBeGreaterThanOrEqual(1200);
    expect(data.seconds).toBeLessThan(1230);
    expect(data.note.text).toBe('Discussed blood pressure trend by phone');
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
    const res = await call('PUT', 'timetracking/stoptrackingwithpatient', nurse, { payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Stop tracking error');
  });

  it('answers the max-length message for a note over 4000 characters', async () => {
    const nurse = await newNurse();
    await insertEntry({ staffUserId: nurse.id, patientId: f.patientA1.id, startedAt: new Date() });
    const res = await call('PUT', 'timetracking/stoptrackingwithpatient', nurse, { payload: { noteText: 'x'.repeat(4001) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ noteText: 'This field must be 4000 characters or less' });
  });

  it('refuses a caregiver (403)', async () => {
    expect((await call('PUT', 'timetracking/stoptrackingwithpatient', f.caregiverA1, { payload: {} })).statusCode).toBe(403);
  });
});

describe('PUT timetracking/stoptrackingwithpatientV2', () => {
  it('stops the timer named by id', async () => {
    const nurse = await newNurse();
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: f.patientA1.id, startedAt: new Date(Date.now() - 60_000) });
    const res = await call('PUT', 'timetracking/stoptrackingwithpatientV2', nurse, { payload: { timeTrackingId: entry.id, interactive: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.seconds).toBeGreaterThanOrEqual(60);
  });

  it('lets a timer closed at 2 hours be documented once, keeping its 7200 seconds', async () => {
    const nurse = await newNurse();
    const startedAt = new Date(Date.now() - 3 * HOUR);
    const entry = await insertEntry({ staffUserId: nurse.id, patientId: f.patientA1.id, startedAt });
    const res = await call('PUT', 'timetracking/stoptrackingwithpatientV2', nurse, {
      payload: { timeTrackingId: entry.id, interactive: true, noteText: 'Forgot to stop; video visit 25 min' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ seconds: 7200, autoClosed: true, interactive: true, endedAt: new Date(startedAt.getTime() + 7_200_000).toISOString() });
    expect(res.json().data.note.text).toBe('Forgot to stop; video visit 25 min');
    const again = await call('PUT', 'timetracking/stoptrackingwithpatientV2', nurse, { payload: { timeTrackingId: entry.id, noteText: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Stop tracking error');
  });

  it("answers 404 for another staff member's timer and 400 without an id", async () => {
    const nurse = await newNurse();
    const other = await newNurse();
    const entry = await insertEntry({ staffUserId: other.id, patientId: f.patientA1.id, startedAt: new Date() });
    expect((await call('PUT', 'timetracking/stoptrackingwithpatientV2', nurse, { payload: { timeTrackingId: entry.id } })).statusCode).toBe(404);
    expect((await call('PUT', 'timetracking/stoptrackingwithpatientV2', f.doctorB1, { payload: { timeTrackingId: entry.id } })).statusCode).toBe(404);
    expect((await storedEntry(entry.id))!.endedAt).toBeNull();
    const missing = await call('PUT', 'timetracking/stoptrackingwithpatientV2', nurse, { payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ timeTrackingId: REQUIRED });
  });

  it('refuses a caregiver (403)', async () => {
    expect((await call('PUT', 'timetracking/stoptrackingwithpatientV2', f.caregiverA1, { payload: { timeTrackingId: 1 } })).statusCode).toBe(403);
  });
});

describe('GET timetracking/gettimeentriesforpatient (chosen)', () => {
  it("lists the month's entries (office time zone) with staff, program, seconds, interactive flag and note", async () => {
    const nurse = await newNurse();
    const patient = await newPatient();
    // 2025-03-01 03:00 UTC is 28 February, 22:00 in New York.
    const feb = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt: new Date('2025-03-01T03:00:00Z'), endedAt: new Date('2025-03-01T03:10:00Z'), seconds: 600, interactive: true });
    const mar = await insertEntry({ staffUserId: nurse.id, patientId: patient.id, startedAt: new Date('2025-03-01T06:00:00Z'), endedAt: new Date('2025-03-01T06:05:00Z'), seconds: 300, program: 'PCM', isAutomatic: false });
    const res = await call('GET', 'timetracking/gettimeentriesforpatient', nurse, { headers: { patientid: patient.id, month: 2, year: 2025 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
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
    const march = await call('GET', 'timetracking/gettimeentriesforpatient', nurse, { headers: { patientid: patient.id, month: 3, year: 2025 } });
    expect(march.json().data.map((e: { id: number }) => e.id)).toEqual([mar.id]);
  });

  it('answers the form message for a month out of range and 404 for a patient of another office or organization', async () => {
    const bad = await call('GET', 'timetracking/gettimeentriesforpatient', f.nurseA1, { headers: { patientid: f.patientA1.id, month: 13, year: 2025 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ month: FORMAT });
    const noMonth = await call('GET', 'timetracking/gettimeentriesforpatient', f.nurseA1, { headers: { patientid: f.patientA1.id, year: 2025 } });
    expect(noMonth.json().errors).toEqual({ month: REQUIRED });
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await call('GET', 'timetracking/gettimeentriesforpatient', who, { headers: { patientid: f.patientA1.id, month: 2, year: 2025 } })).statusCode).toBe(404);
    }
  });

  it('refuses a caregiver (403)', async () => {
    expect((await call('GET', 'timetracking/gettimeentriesforpatient', f.caregiverA1, { headers: { patientid: f.patientA1.id, month: 2, year: 2025 } })).statusCode).toBe(403);
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
      const put = await call('PUT', `timetracking/${entry.id}`, who, { payload: { seconds: 900 } });
      expect(put.statusCode).toBe(409);
      expect(put.json().msg).toBe(LOCKED);
      const del = await call('DELETE', `timetracking/${entry.id}`, who);
      expect(del.statusCode).toBe(409);
      expect(del.json().msg).toBe(LOCKED);
    }
    expect(await storedEntry(entry.id)).toMatchObject({ seconds: 600 });
  });

  it('lets the author edit a manual entry: seconds up to 7200 move its end, program and interactive flag', async () => {
    const nurse = await newNurse();
    const entry = await manualEntry(nurse.id);
    const res = await call('PUT', `timetracking/${entry.id}`, nurse, { payload: { seconds: 7200, program: 'PCM', interactive: true, activity: 'Care plan' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ seconds: 7200, program: 'PCM', interactive: true, activity: 'Care plan', endedAt: '2025-05-10T16:00:00.000Z' });
  });

  it('refuses 7201 seconds with "Time cannot exceed 2 hours" and a disabled program', async () => {
    const nurse = await newNurse();
    const entry = await manualEntry(nurse.id);
    const over = await call('PUT', `timetracking/${entry.id}`, nurse, { payload: { seconds: 7201 } });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ msg: TIME_LIMIT, errors: { seconds: TIME_LIMIT } });
    const zero = await call('PUT', `timetracking/${entry.id}`, nurse, { payload: { seconds: 0 } });
    expect(zero.json().errors).toEqual({ seconds: FORMAT });
    const rtm = await call('PUT', `timetracking/${entry.id}`, nurse, { payload: { program: 'RTM' } });
    expect(rtm.json().msg).toBe('The RTM program is not enabled for this office');
    expect(await storedEntry(entry.id)).toMatchObject({ seconds: 600, program: 'RPM' });
  });

  it("refuses another nurse (403) but lets the office admin edit and delete someone's manual entry", async () => {
    const nurse = await newNurse();
    const other = await newNurse();
    const entry = await manualEntry(nurse.id);
    const put = await call('PUT', `timetracking/${entry.id}`, other, { payload: { seconds: 60 } });
    expect(put.statusCode).toBe(403);
    expect(put.json().msg).toBe(NOT_AUTHOR);
    expect((await call('DELETE', `timetracking/${entry.id}`, other)).statusCode).toBe(403);
    expect((await call('PUT', `timetracking/${entry.id}`, f.officeAdminA1, { payload: { seconds: 60 } })).json().data.seconds).toBe(60);
    const del = await call('DELETE', `timetracking/${entry.id}`, f.officeAdminA1);
    expect(del.json().data).toEqual({ id: entry.id, deletedMedicalNoteDetailId: null });
    expect(await storedEntry(entry.id)).toBeUndefined();
  });

  it("moves a manual entry's note detail with its program, and deletes the detail, and the month's note with its last detail, with the entry", async () => {
    // The detail is the medical-notes feature's row, written through the writer app.ts hands to time
    // tracking (docs/architecture.md "Table ownership").
    const nurse = await newNurse();
    const patient = await newPatient();
    const created = await call('POST', 'medicalnote/medicalnotewithcustomseconds', nurse, {
      payload: { patientId: patient.id, hospitalId: f.a1.id, text: 'Care coordination with pharmacy', program: 'RPM', seconds: 900, interactive: true, date: '2025-06-03', time: '10:00' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { medicalNote, timeEntry } = created.json().data as { medicalNote: { id: number; medicalNoteDetails: { id: number }[] }; timeEntry: { id: number } };
    const detailId = medicalNote.medicalNoteDetails[0]!.id;

    const put = await call('PUT', `timetracking/${timeEntry.id}`, nurse, { payload: { program: 'PCM' } });
    expect(put.statusCode, put.body).toBe(200);
    const [moved] = await t.ctx.db.select().from(medicalNoteDetails).where(eq(medicalNoteDetails.id, detailId));
    expect(moved).toMatchObject({ program: 'PCM' });

    const del = await call('DELETE', `timetracking/${timeEntry.id}`, nurse);
    expect(del.json().data).toEqual({ id: timeEntry.id, deletedMedicalNoteDetailId: detailId });
    expect(await t.ctx.db.select().from(medicalNoteDetails).where(eq(medicalNoteDetails.id, detailId))).toEqual([]);
    expect(await t.ctx.db.select().from(medicalNotes).where(eq(medicalNotes.id, medicalNote.id))).toEqual([]);
  });

  it('answers 404 for an entry of another office or organization and a caregiver 403', async () => {
    const entry = await manualEntry(f.nurseA1.id);
    for (const who of [f.doctorA2, f.doctorB1, f.officeAdminA2]) {
      expect((await call('PUT', `timetracking/${entry.id}`, who, { payload: { seconds: 60 } })).statusCode).toBe(404);
      expect((await call('DELETE', `timetracking/${entry.id}`, who)).statusCode).toBe(404);
    }
    expect((await call('DELETE', `timetracking/${entry.id}`, f.caregiverA1)).statusCode).toBe(403);
    expect(await storedEntry(entry.id)).toMatchObject({ seconds: 600 });
  });
});
