import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NotificationType, Role, appointments as appointmentsApi } from '@vigil/contract';
import { callerFor, invalid, type CallAs, type CallInput, type CallUser } from '../../../test/call-as';
import { createOffice, createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { buildApp } from '../../app';
import { loadTestConfig } from '../../config/index';
import { appointmentAttendees, appointments, medicalTeamMembers, medicalTeams, notifications, users } from '../../db/schema/index';
import { sendAppointmentReminders } from './appointment-reminders';
import { dayViewAnswers, dayViewKey } from './day-view-cache';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
/** An office in Los Angeles (the time-zone cases) with its own doctor and patient. */
let la: { id: number };
let doctorLa: { id: number };
let patientLa: { id: number };

const callAs = callerFor(() => t);
const dayView = appointmentsApi.findAppointmentsForHospitalForDate;

/** A future instant: `days` days from now at hh:mm UTC. */
function future(days: number, hh: number, mm = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hh, mm, 0, 0);
  return d.toISOString();
}

type ScheduleBody = NonNullable<CallInput<typeof appointmentsApi.createAppointment>['body']>;

/** The body of a new appointment in office a1 for patient A1 with doctor A1, `values` over it. */
const booking = (values: Partial<ScheduleBody> = {}): ScheduleBody => ({
  hospitalId: f.a1.id,
  patientId: f.patientA1.id,
  doctorId: f.doctorA1.id,
  appointmentDateTime: future(3, 14),
  durationMinutes: 30,
  kind: 'VIDEO',
  ...values,
});

/** Schedules an appointment through the API (201 expected) and answers its view. */
async function schedule(values: Partial<ScheduleBody> = {}, who: CallUser = f.doctorA1) {
  const res = await callAs(who, appointmentsApi.createAppointment, { body: booking(values) });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

async function stored(id: number) {
  const [row] = await t.ctx.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  la = await createOffice(t, f.orgA.id, { timeZone: 'America/Los_Angeles' });
  doctorLa = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [la.id] });
  patientLa = await createUser(t, { role: Role.PATIENT, organizationId: f.orgA.id, offices: [la.id] });
});
afterAll(async () => t.close());

describe('POST appointments', () => {
  it('schedules an appointment with an attendee from the office, shown in the office time zone', async () => {
    const a = await schedule({ appointmentDateTime: future(2, 15), attendeeIds: [f.nurseA1.id], reason: 'Blood pressure review' });
    expect(a).toMatchObject({ hospitalId: f.a1.id, status: 'SCHEDULED', kind: 'VIDEO', durationMinutes: 30, reason: 'Blood pressure review', timeZone: 'America/New_York' });
    expect(a.attendees.map((p) => p.id)).toEqual([f.nurseA1.id]);
    expect(a.localTime).toBe(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(new Date(a.appointmentDateTime)));
    expect((await stored(a.appointmentId)).endsAt.getTime() - new Date(a.appointmentDateTime).getTime()).toBe(30 * 60_000);
    // The office's day view (JSON built by the database) answers the very same view, attendees included.
    const day = await callAs(f.doctorA1, dayView, { headers: { hospitalid: f.a1.id, paramdate: a.localDate } });
    expect(day.status).toBe(200);
    expect(day.body.find((x) => x.appointmentId === a.appointmentId)).toEqual(a);
  });

  it('refuses a doctor who is already booked then with 409 naming the clash, in English and Spanish', async () => {
    const first = await schedule({ appointmentDateTime: future(4, 16), durationMinutes: 60 });
    const clash = { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(4, 16, 30), durationMinutes: 30 };
    const res = await callAs(f.doctorA1, appointmentsApi.createAppointment, { body: clash });
    expect(res.status).toBe(409);
    expect(res.msg).toContain('is already booked from');
    expect(res.msg).toContain(first.localDate);
    expect(res.msg).toContain(first.localTime);
    const es = await callAs(f.doctorA1, appointmentsApi.createAppointment, { lang: 'es', body: clash });
    expect(es.msg).toContain('ya tiene una cita de');
    // Back to back is no clash.
    await schedule({ appointmentDateTime: future(4, 17), durationMinutes: 30 });
  });

  it('refuses an attendee who is booked then, naming the attendee', async () => {
    await schedule({ appointmentDateTime: future(5, 13), attendeeIds: [f.nurseA1.id] });
    const other = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Otra', lastName: 'Doctora' } });
    const res = await callAs(other, appointmentsApi.createAppointment, {
      body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: other.id, appointmentDateTime: future(5, 13, 15), attendeeIds: [f.nurseA1.id] },
    });
    expect(res.status).toBe(409);
    const [nurse] = await t.ctx.db.select().from(users).where(eq(users.id, f.nurseA1.id));
    expect(res.msg).toMatch(new RegExp(`^${nurse!.firstName} ${nurse!.lastName} is already booked`));
    expect(await t.ctx.db.select().from(appointments).where(eq(appointments.doctorId, other.id))).toHaveLength(0);
  });

  it('refuses an appointment in the past (400 on appointmentDateTime)', async () => {
    const res = await callAs(f.doctorA1, appointmentsApi.createAppointment, {
      body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('An appointment cannot start in the past');
  });

  it('refuses attendees outside the care team and office, and accepts a caregiver on the care team', async () => {
    const withAttendee = (id: number) => ({ hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(6, 10), attendeeIds: [id] });
    const res = await callAs(f.doctorA1, appointmentsApi.createAppointment, { body: withAttendee(f.patientA1.id) });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("Attendees must be on the patient's care team or staff of the office");
    // Staff of another office are outside the doctor's scope: not found (docs/first-day.md).
    const unseen = await callAs(f.doctorA1, appointmentsApi.createAppointment, { body: withAttendee(f.doctorA2.id) });
    expect(unseen.status).toBe(404);
    const caregiver = await callAs(f.doctorA1, appointmentsApi.createAppointment, { body: withAttendee(f.caregiverA1.id) });
    expect(caregiver.status).toBe(400);
    const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
    await t.ctx.db.insert(medicalTeamMembers).values({ medicalTeamId: team!.id, userId: f.caregiverA1.id });
    const ok = await schedule({ appointmentDateTime: future(6, 10), attendeeIds: [f.caregiverA1.id] });
    expect(ok.attendees.map((p) => p.id)).toEqual([f.caregiverA1.id]);
  });

  it('answers 400 with field messages for malformed input, never 500', async () => {
    for (const body of [
      invalid({}),
      invalid({ hospitalId: 'x' }),
      { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: 'tomorrow' },
      { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(2, 9), durationMinutes: 9999 },
    ]) {
      const res = await callAs(f.doctorA1, appointmentsApi.createAppointment, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const wrongDoctor = await callAs(f.doctorA1, appointmentsApi.createAppointment, {
      body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.nurseA1.id, appointmentDateTime: future(2, 9) },
    });
    expect(wrongDoctor.status).toBe(400);
    expect(wrongDoctor.msg).toBe('The doctor must be a doctor of the office');
  });

  it('refuses other tenants (404, nothing stored)', async () => {
    const foreign = await callAs(f.doctorB1, appointmentsApi.createAppointment, { body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(7, 9) } });
    expect(foreign.status).toBe(404);
    const foreignPatient = await callAs(f.doctorA1, appointmentsApi.createAppointment, { body: { hospitalId: f.a1.id, patientId: f.patientB1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(7, 9) } });
    expect(foreignPatient.status).toBe(404);
    expect(await t.ctx.db.select().from(appointments).where(eq(appointments.patientId, f.patientB1.id))).toHaveLength(0);
  });
});

describe('reading appointments', () => {
  it('lists the caller\'s appointments; another organization sees none of them and gets 404 by id', async () => {
    const a = await schedule({ appointmentDateTime: future(8, 12) });
    const byId = (who: CallUser) => callAs(who, appointmentsApi.getAppointment, { params: { appointmentId: a.appointmentId } });
    const mine = await callAs(f.officeAdminA1, appointmentsApi.findAppointments);
    expect(mine.status).toBe(200);
    expect(mine.body.map((x) => x.appointmentId)).toContain(a.appointmentId);
    const theirs = await callAs(f.doctorB1, appointmentsApi.findAppointments);
    expect(theirs.body.map((x) => x.appointmentId)).not.toContain(a.appointmentId);
    expect((await byId(f.doctorB1)).status).toBe(404);
    expect((await byId(f.doctorA2)).status).toBe(404);
    expect((await byId(f.nurseA1)).status).toBe(200);
    expect((await callAs(f.doctorA1, appointmentsApi.findAppointments, { query: { from: 'yesterday' } })).status).toBe(400);
  });

  it('gives an office\'s day in its own time zone: 23:30 in Los Angeles is that local day, not UTC\'s next day', async () => {
    const day = future(9, 0).slice(0, 10);
    // 23:30 PDT/PST on `day` is 06:30 / 07:30 UTC the next day.
    const late = new Date(`${day}T23:30:00-08:00`);
    const offsetFix = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'shortOffset' }).format(late).includes('GMT-7') ? -3_600_000 : 0;
    const startsAt = new Date(late.getTime() + offsetFix);
    const res = await callAs(doctorLa, appointmentsApi.createAppointment, {
      body: { hospitalId: la.id, patientId: patientLa.id, doctorId: doctorLa.id, appointmentDateTime: startsAt.toISOString(), durationMinutes: 20, kind: 'PHONE' },
    });
    expect(res.status, res.reply.body).toBe(201);
    expect(res.body).toMatchObject({ localDate: day, localTime: '23:30' });
    const onDay = await callAs(doctorLa, dayView, { headers: { hospitalid: la.id, paramdate: day } });
    expect(onDay.status).toBe(200);
    expect(onDay.body).toEqual([res.body]);
    const nextDay = startsAt.toISOString().slice(0, 10);
    const utcDay = await callAs(doctorLa, dayView, { headers: { hospitalid: la.id, paramdate: nextDay } });
    expect(utcDay.body).toEqual([]);
    expect((await callAs(f.doctorB1, dayView, { headers: { hospitalid: la.id, paramdate: day } })).status).toBe(404);
    expect((await callAs(doctorLa, dayView, { headers: { hospitalid: la.id, paramdate: '2026-02-30' } })).status).toBe(400);
  });

  it('answers the office day view from a cache that any write, by any API process, invalidates; ETag answers 304 until a change', async () => {
    // A second app on the same database: another API process with its own cache.
    const built = await buildApp(loadTestConfig(), t.ctx.database);
    await built.app.ready();
    const other: TestApp = { ...built, close: () => built.app.close() };
    const callOther = callerFor(() => other);
    try {
      const day = future(11, 0).slice(0, 10);
      const first = await schedule({ appointmentDateTime: `${day}T15:00:00.000Z` });
      const read = (o: { via?: CallAs; ifNoneMatch?: string; who?: CallUser } = {}) =>
        (o.via ?? callAs)(o.who ?? f.nurseA1, dayView, { headers: { hospitalid: f.a1.id, paramdate: day }, extraHeaders: o.ifNoneMatch ? { 'if-none-match': o.ifNoneMatch } : {} });
      const ids = (res: Awaited<ReturnType<typeof read>>) => res.body.map((x) => x.appointmentId);
      const v1 = await read();
      expect(v1.status).toBe(200);
      expect(ids(v1)).toEqual([first.appointmentId]);
      const tag1 = v1.reply.headers.etag as string;
      expect(tag1).toMatch(/^W\/"/);
      expect(v1.reply.headers['cache-control']).toBe('private, no-cache');
      // The same answer again (from the cache), and 304 with no body for the caller's own copy.
      expect((await read()).reply.body).toBe(v1.reply.body);
      const unchanged = await read({ ifNoneMatch: tag1 });
      expect(unchanged.status).toBe(304);
      expect(unchanged.reply.body).toBe('');
      expect(unchanged.reply.headers.etag).toBe(tag1);

      // A write through the other process: this process's cached answer and tag are stale at once.
      const second = await callOther(f.doctorA1, appointmentsApi.createAppointment, {
        body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: `${day}T17:00:00.000Z`, durationMinutes: 30, kind: 'PHONE' },
      });
      expect(second.status, second.reply.body).toBe(201);
      const v2 = await read({ ifNoneMatch: tag1 });
      expect(v2.status).toBe(200);
      expect(ids(v2)).toEqual([first.appointmentId, second.body.appointmentId]);
      const tag2 = v2.reply.headers.etag as string;
      expect(tag2).not.toBe(tag1);
      expect((await read({ ifNoneMatch: tag2 })).status).toBe(304);

      // A write past the API (an attendee added, then a name changed) invalidates as well.
      await t.ctx.db.insert(appointmentAttendees).values({ appointmentId: first.appointmentId, userId: f.nurseA1.id });
      const v3 = await read({ via: callOther, ifNoneMatch: tag2 });
      expect(v3.status).toBe(200);
      expect(v3.body[0]!.attendees.map((p) => p.id)).toEqual([f.nurseA1.id]);
      await t.ctx.db.update(users).set({ lastName: 'Renamed-Daycache' }).where(eq(users.id, f.doctorA1.id));
      const v4 = await read();
      expect(v4.status).toBe(200);
      expect(v4.reply.body).toContain('Renamed-Daycache');
      expect((await read({ via: callOther })).reply.body).toBe(v4.reply.body);

      // Another office's or organization's caller gets 404, also with the current tag; a change elsewhere keeps the tag.
      const tag4 = v4.reply.headers.etag as string;
      expect((await read({ ifNoneMatch: tag4, who: f.doctorB1 })).status).toBe(404);
      expect((await read({ ifNoneMatch: tag4, who: f.doctorA2 })).status).toBe(404);
      const elsewhere = await callAs(doctorLa, appointmentsApi.createAppointment, {
        body: { hospitalId: la.id, patientId: patientLa.id, doctorId: doctorLa.id, appointmentDateTime: `${day}T18:00:00.000Z`, durationMinutes: 15, kind: 'PHONE' },
      });
      expect(elsewhere.status, elsewhere.reply.body).toBe(201);
      expect((await read({ ifNoneMatch: tag4 })).status).toBe(304);
      expect(ids(await read())).not.toContain(elsewhere.body.appointmentId);
    } finally {
      await other.close();
    }
  });

  it('sends the day view gzipped or in brotli as Accept-Encoding asks, with Vary and one entity tag for every encoding', async () => {
    const day = future(30, 0).slice(0, 10);
    for (const hh of [13, 14, 15]) { await schedule({ appointmentDateTime: `${day}T${hh}:00:00.000Z`, reason: 'Compression review' }); }
    // Raw: callAs parses the JSON envelope, and a gzip or brotli answer is bytes, not JSON.
    const read = async (extra: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/${dayView.path}`, headers: { ...(await callAs.sessionOf(f.nurseA1)), hospitalid: String(f.a1.id), paramdate: day, ...extra } });
    const built = await read({ 'accept-encoding': 'gzip, deflate, br' }); // built and kept: already compressed
    expect(built.headers['content-encoding']).toBe('br');
    const plain = await callAs(f.nurseA1, dayView, { headers: { hospitalid: f.a1.id, paramdate: day } });
    expect(plain.status).toBe(200);
    expect(plain.reply.headers['content-encoding']).toBeUndefined();
    expect(plain.reply.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.length).toBe(3);
    const tag = plain.reply.headers.etag as string;

    const gz = await read({ 'accept-encoding': 'gzip' });
    expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding', etag: tag, 'content-type': 'application/json; charset=utf-8' });
    expect(gz.rawPayload.length).toBeLessThan(plain.reply.rawPayload.length);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.reply.json());
    const br = await read({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding', etag: tag });
    expect(brotliDecompressSync(br.rawPayload).equals(plain.reply.rawPayload)).toBe(true);
    expect(brotliDecompressSync(built.rawPayload).equals(plain.reply.rawPayload)).toBe(true);

    // Not accepted (or refused by q-value): sent as is.
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await read({ 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.rawPayload.equals(plain.reply.rawPayload), accept).toBe(true);
    }
    expect((await read({ 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');

    // The weak tag validates whatever encoding the caller's copy came in: 304, no body, Vary.
    const unchanged = await read({ 'if-none-match': gz.headers.etag as string, 'accept-encoding': 'gzip, deflate, br' });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers).toMatchObject({ etag: tag, vary: 'Accept-Encoding' });
    expect(unchanged.headers['content-encoding']).toBeUndefined();
  });

  it('checks a kept day view against the contract (validateResponses) like any answer', async () => {
    const day = future(31, 0).slice(0, 10);
    await schedule({ appointmentDateTime: `${day}T13:00:00.000Z` });
    const read = () => callAs(f.nurseA1, dayView, { headers: { hospitalid: f.a1.id, paramdate: day } });
    const first = await read();
    expect(first.status).toBe(200);
    // The tag ends with the version the answer was built at; a kept answer of that version that breaks the contract is refused.
    const version = /-s-([\d.]+)"$/.exec(first.reply.headers.etag as string)![1]!;
    await dayViewAnswers(t.ctx).set(dayViewKey(f.a1.id, day, 'America/New_York'), version, '[{"appointmentId":"not a number"}]');
    expect((await read()).status).toBe(500);
  });

  it("answers today's lists of an office and of a doctor in the office's time zone", async () => {
    const now = new Date();
    const [row] = await t.ctx.db
      .insert(appointments)
      .values({ hospitalId: la.id, patientId: patientLa.id, doctorId: doctorLa.id, startsAt: new Date(now.getTime() - 60_000), endsAt: new Date(now.getTime() + 60_000), durationMinutes: 2, status: 'IN_PROGRESS', kind: 'VIDEO' })
      .returning();
    const office = await callAs(doctorLa, appointmentsApi.findAppointmentsForHospitalForToday, { headers: { hospitalid: la.id } });
    expect(office.body.map((x) => x.appointmentId)).toContain(row!.id);
    const doctor = await callAs(doctorLa, appointmentsApi.findAppointmentsForDoctorForToday, { headers: { doctorid: doctorLa.id } });
    expect(doctor.body.map((x) => x.appointmentId)).toContain(row!.id);
    expect((await callAs(f.doctorB1, appointmentsApi.findAppointmentsForDoctorForToday, { headers: { doctorid: doctorLa.id } })).status).toBe(404);
    expect((await callAs(f.doctorB1, appointmentsApi.findAppointmentsForHospitalForToday, { headers: { hospitalid: la.id } })).status).toBe(404);
    const range = await callAs(doctorLa, appointmentsApi.findAppointmentsForDoctor, { headers: { doctorid: doctorLa.id }, query: { from: new Date(now.getTime() - 3_600_000).toISOString() } });
    expect(range.body.map((x) => x.appointmentId)).toContain(row!.id);
    expect((await callAs(f.doctorA1, appointmentsApi.findAppointmentsForDoctor, { headers: { doctorid: 'abc' } })).status).toBe(400);
  });

  it('downloads an appointment as an iCalendar file', async () => {
    const a = await schedule({ appointmentDateTime: future(10, 11) });
    const res = await callAs(f.doctorA1, appointmentsApi.downloadAppointmentIcs, { params: { appointmentId: a.appointmentId } });
    expect(res.status).toBe(200);
    expect(res.reply.headers['content-type']).toContain('text/calendar');
    expect(res.reply.headers['content-disposition']).toContain(`appointment-${a.appointmentId}.ics`);
    expect(res.reply.body).toContain('BEGIN:VCALENDAR');
    expect(res.reply.body).toContain(`UID:appointment-${a.appointmentId}@vigil`);
    expect(res.reply.body).toContain('DURATION:PT30M');
    expect((await callAs(f.doctorB1, appointmentsApi.downloadAppointmentIcs, { params: { appointmentId: a.appointmentId } })).status).toBe(404);
  });
});

describe('PUT appointments/{appointmentId}', () => {
  it('reschedules, refuses a move into a clash or the past, cancels, and then refuses changes', async () => {
    const a = await schedule({ appointmentDateTime: future(11, 9) });
    const b = await schedule({ appointmentDateTime: future(11, 11) });
    type Change = NonNullable<CallInput<typeof appointmentsApi.updateAppointment>['body']>;
    const update = (who: CallUser, appointmentId: number, body: Change) => callAs(who, appointmentsApi.updateAppointment, { params: { appointmentId }, body });
    const moved = await update(f.doctorA1, a.appointmentId, { appointmentDateTime: future(11, 10) });
    expect(moved.status, moved.reply.body).toBe(200);
    expect(moved.body.appointmentDateTime).toBe(future(11, 10));
    const clash = await update(f.doctorA1, a.appointmentId, { appointmentDateTime: future(11, 11, 15) });
    expect(clash.status).toBe(409);
    expect((await update(f.doctorA1, a.appointmentId, { appointmentDateTime: new Date(Date.now() - 1000).toISOString() })).status).toBe(400);
    expect((await update(f.doctorB1, b.appointmentId, { status: 'CANCELLED' })).status).toBe(404);
    expect((await stored(b.appointmentId)).status).toBe('SCHEDULED');
    expect((await update(f.doctorA1, b.appointmentId, { status: invalid('BOGUS') })).status).toBe(400);
    const cancelled = await update(f.doctorA1, b.appointmentId, { status: 'CANCELLED' });
    expect(cancelled.body.status).toBe('CANCELLED');
    expect((await update(f.doctorA1, b.appointmentId, { status: 'SCHEDULED' })).status).toBe(409);
    // The cancelled slot is free again.
    await schedule({ appointmentDateTime: future(11, 11) });
  });
});

describe('appointment requests', () => {
  it('a patient requests, the doctor is notified (type 7), approves into SCHEDULED, and the patient is notified', async () => {
    const res = await callAs(f.patientA1, appointmentsApi.requestAppointment, {
      body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(12, 15), reason: 'Dizziness' },
    });
    expect(res.status, res.reply.body).toBe(201);
    const req = res.body;
    expect(req.status).toBe('REQUESTED');
    const [toDoctor] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.toUserId, f.doctorA1.id), eq(notifications.notificationTypeId, NotificationType.APPOINTMENT_REQUEST)));
    expect(toDoctor?.additionalData).toMatchObject({ appointmentId: req.appointmentId });
    const approved = await callAs(f.doctorA1, appointmentsApi.approveRejectAppointmentRequest, { body: { appointmentId: req.appointmentId, approve: true } });
    expect(approved.status, approved.reply.body).toBe(200);
    expect(approved.body.status).toBe('SCHEDULED');
    const toPatient = await t.ctx.db.select().from(notifications).where(and(eq(notifications.toUserId, f.patientA1.id), eq(notifications.notificationTypeId, NotificationType.APPOINTMENT_REQUEST)));
    expect(toPatient.map((n) => n.messageEn).join()).toContain('was approved');
    expect((await callAs(f.doctorA1, appointmentsApi.approveRejectAppointmentRequest, { body: { appointmentId: req.appointmentId, approve: true } })).status).toBe(409);
  });

  it('a rejection needs a reason, cancels the request and tells the requester why', async () => {
    const res = await callAs(f.nurseA1, appointmentsApi.requestAppointment, {
      body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(12, 17) },
    });
    const req = res.body;
    const noReason = await callAs(f.doctorA1, appointmentsApi.approveRejectAppointmentRequest, { body: { appointmentId: req.appointmentId, approve: false } });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.reply.json())).toContain('This field is required');
    const rejected = await callAs(f.doctorA1, appointmentsApi.approveRejectAppointmentRequest, { body: { appointmentId: req.appointmentId, approve: false, reason: 'Please book a video visit' } });
    expect(rejected.body).toMatchObject({ status: 'CANCELLED', rejectionReason: 'Please book a video visit' });
    const [toNurse] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.toUserId, f.nurseA1.id), eq(notifications.notificationTypeId, NotificationType.APPOINTMENT_REQUEST)));
    expect(toNurse?.messageEn).toContain('was rejected: Please book a video visit');
  });

  it('an approval that would double-book the doctor answers 409; other tenants get 404', async () => {
    const taken = await schedule({ appointmentDateTime: future(13, 9) });
    const res = await callAs(f.patientA1, appointmentsApi.requestAppointment, {
      body: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: taken.appointmentDateTime },
    });
    const req = res.body;
    const decide = (who: CallUser) => callAs(who, appointmentsApi.approveRejectAppointmentRequest, { body: { appointmentId: req.appointmentId, approve: true } });
    expect((await decide(f.doctorA1)).status).toBe(409);
    expect((await decide(f.doctorB1)).status).toBe(404);
    expect((await callAs(f.patientA1, appointmentsApi.requestAppointment, { body: { hospitalId: f.a1.id, patientId: f.patientA2.id, doctorId: f.doctorA1.id, appointmentDateTime: future(13, 9) } })).status).toBe(404);
    expect((await stored(req.appointmentId)).status).toBe('REQUESTED');
  });
});

describe('attendees', () => {
  it('adds an attendee from the office, refuses one from elsewhere (404: not in the caller\'s scope) or one who is booked (409)', async () => {
    const a = await schedule({ appointmentDateTime: future(14, 9) });
    const add = (who: CallUser, appointmentId: number, userId: number) => callAs(who, appointmentsApi.addAttendeeForAppointment, { body: { appointmentId, userId } });
    const added = await add(f.doctorA1, a.appointmentId, f.officeAdminA1.id);
    expect(added.status, added.reply.body).toBe(200);
    expect(added.body.attendees.map((p) => p.id)).toEqual([f.officeAdminA1.id]);
    expect((await add(f.doctorA1, a.appointmentId, f.doctorB1.id)).status).toBe(404);
    await schedule({ appointmentDateTime: future(14, 10), attendeeIds: [f.nurseA1.id] });
    const b = await schedule({ appointmentDateTime: future(14, 10), doctorId: (await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id] })).id });
    expect((await add(f.doctorA1, b.appointmentId, f.nurseA1.id)).status).toBe(409);
    expect((await add(f.doctorB1, a.appointmentId, f.nurseA1.id)).status).toBe(404);
  });
});

describe('appointment notes', () => {
  it('adds, reads, edits (author or office admin) and deletes notes; other tenants get 404', async () => {
    const a = await schedule({ appointmentDateTime: future(15, 9) });
    const added = await callAs(f.doctorA1, appointmentsApi.addAppointmentNote, { body: { appointmentId: a.appointmentId, text: 'Bring the cuff' } });
    expect(added.status, added.reply.body).toBe(201);
    const noteId = added.body.noteId;
    const getNote = (who: CallUser) => callAs(who, appointmentsApi.getAppointmentNote, { headers: { noteid: noteId } });
    const edit = (who: CallUser, text: string) => callAs(who, appointmentsApi.editAppointmentNote, { body: { noteId, text } });
    const deleteNote = (who: CallUser) => callAs(who, appointmentsApi.deleteAppointmentNote, { headers: { noteid: noteId } });
    const notesOf = (who: CallUser) => callAs(who, appointmentsApi.findAppointmentNotesForPatient, { headers: { patientid: f.patientA1.id } });
    expect((await getNote(f.nurseA1)).body.text).toBe('Bring the cuff');
    expect((await notesOf(f.nurseA1)).body.map((n) => n.noteId)).toContain(noteId);
    const byNurse = await edit(f.nurseA1, 'changed');
    expect(byNurse.status).toBe(403);
    expect(byNurse.msg).toBe('Only the author can change this appointment note');
    expect((await edit(f.officeAdminA1, 'Bring the cuff and the log')).body.text).toBe('Bring the cuff and the log');
    expect((await edit(f.doctorA1, '')).status).toBe(400);
    expect((await getNote(f.doctorB1)).status).toBe(404);
    expect((await deleteNote(f.doctorB1)).status).toBe(404);
    expect((await notesOf(f.doctorB1)).status).toBe(404);
    expect((await callAs(f.doctorB1, appointmentsApi.addAppointmentNote, { body: { appointmentId: a.appointmentId, text: 'x' } })).status).toBe(404);
    expect((await deleteNote(f.doctorA1)).body).toEqual({ noteId });
    expect((await getNote(f.doctorA1)).status).toBe(404);
  });
});

describe('start and stop video call', () => {
  it('the doctor admits (IN_PROGRESS) and ends (COMPLETED); staff who are not attendees are refused; office admins may enter', async () => {
    const a = await schedule({ appointmentDateTime: future(16, 9) });
    const start = (who: CallUser, appointmentId: number) => callAs(who, appointmentsApi.startVideoCall, { body: { appointmentId } });
    const stop = (who: CallUser) => callAs(who, appointmentsApi.stopVideoCall, { body: { appointmentId: a.appointmentId } });
    const refused = await start(f.nurseA1, a.appointmentId);
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe("Only the visit's doctor and attendees can enter this visit");
    expect((await start(f.doctorB1, a.appointmentId)).status).toBe(404);
    expect((await stop(f.doctorA1)).status).toBe(409);
    const started = await start(f.doctorA1, a.appointmentId);
    expect(started.body).toMatchObject({ status: 'IN_PROGRESS' });
    expect(started.body.videoStartedAt).not.toBeNull();
    const stopped = await stop(f.officeAdminA1);
    expect(stopped.body).toMatchObject({ status: 'COMPLETED' });
    expect((await start(f.doctorA1, a.appointmentId)).status).toBe(409);
    const inPerson = await schedule({ appointmentDateTime: future(16, 11), kind: 'IN_PERSON' });
    expect((await start(f.doctorA1, inPerson.appointmentId)).status).toBe(409);
    expect((await start(f.doctorA1, invalid('x'))).status).toBe(400);
  });
});

describe('appointment reminders', () => {
  it('reminds the doctor, attendees and patient once, even when two runs race', async () => {
    const a = await schedule({ appointmentDateTime: future(20, 9), attendeeIds: [f.nurseA1.id] });
    const at = new Date(new Date(a.appointmentDateTime).getTime() - 30 * 60_000);
    const [one, two] = await Promise.all([sendAppointmentReminders(t.ctx, at), sendAppointmentReminders(t.ctx, at)]);
    expect(one + two).toBe(3);
    expect(await sendAppointmentReminders(t.ctx, new Date(at.getTime() + 60_000))).toBe(0);
    const sent = await t.ctx.db.select().from(notifications).where(eq(notifications.notificationTypeId, NotificationType.REMINDER));
    const forA = sent.filter((n) => (n.additionalData as { appointmentId?: number }).appointmentId === a.appointmentId);
    expect(forA.map((n) => n.toUserId).sort()).toEqual([f.doctorA1.id, f.nurseA1.id, f.patientA1.id].sort());
    expect((await stored(a.appointmentId)).reminderSentAt).not.toBeNull();
  });

  it('does not remind before the lead time, nor a cancelled appointment', async () => {
    const a = await schedule({ appointmentDateTime: future(21, 9) });
    const early = new Date(new Date(a.appointmentDateTime).getTime() - (t.ctx.config.appointmentReminderMinutes + 5) * 60_000);
    expect(await sendAppointmentReminders(t.ctx, early)).toBe(0);
    await callAs(f.doctorA1, appointmentsApi.updateAppointment, { params: { appointmentId: a.appointmentId }, body: { status: 'CANCELLED' } });
    expect(await sendAppointmentReminders(t.ctx, new Date(new Date(a.appointmentDateTime).getTime() - 60_000))).toBe(0);
  });
});
