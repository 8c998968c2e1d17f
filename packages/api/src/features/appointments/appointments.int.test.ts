import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NotificationType, Role } from '@vigil/contract';
import { createOffice, createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
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

interface View {
  appointmentId: number;
  hospitalId: number;
  status: string;
  kind: string;
  localDate: string;
  localTime: string;
  appointmentDateTime: string;
  attendees: { id: number }[];
  doctor: { id: number };
}

/** A future instant: `days` days from now at hh:mm UTC. */
function future(days: number, hh: number, mm = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hh, mm, 0, 0);
  return d.toISOString();
}

async function schedule(values: Record<string, unknown> = {}, who: { id: number } = f.doctorA1, expectStatus = 201) {
  const res = await call('POST', 'appointments', who, {
    payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(3, 14), durationMinutes: 30, kind: 'VIDEO', ...values },
  });
  expect(res.statusCode, res.body).toBe(expectStatus);
  return res.json().data as View;
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
    const day = await call('GET', 'appointments/appointmentsforhospitalfordate', f.doctorA1, { headers: { hospitalid: f.a1.id, paramdate: a.localDate } });
    expect(day.statusCode).toBe(200);
    expect((day.json().data as View[]).find((x) => x.appointmentId === a.appointmentId)).toEqual(a);
  });

  it('refuses a doctor who is already booked then with 409 naming the clash, in English and Spanish', async () => {
    const first = await schedule({ appointmentDateTime: future(4, 16), durationMinutes: 60 });
    const res = await call('POST', 'appointments', f.doctorA1, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(4, 16, 30), durationMinutes: 30 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('is already booked from');
    expect(res.json().msg).toContain(first.localDate);
    expect(res.json().msg).toContain(first.localTime);
    const es = await call('POST', 'appointments', f.doctorA1, {
      lang: 'es',
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(4, 16, 30), durationMinutes: 30 },
    });
    expect(es.json().msg).toContain('ya tiene una cita de');
    // Back to back is no clash.
    await schedule({ appointmentDateTime: future(4, 17), durationMinutes: 30 });
  });

  it('refuses an attendee who is booked then, naming the attendee', async () => {
    await schedule({ appointmentDateTime: future(5, 13), attendeeIds: [f.nurseA1.id] });
    const other = await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id], values: { firstName: 'Otra', lastName: 'Doctora' } });
    const res = await call('POST', 'appointments', other, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: other.id, appointmentDateTime: future(5, 13, 15), attendeeIds: [f.nurseA1.id] },
    });
    expect(res.statusCode).toBe(409);
    const [nurse] = await t.ctx.db.select().from(users).where(eq(users.id, f.nurseA1.id));
    expect(res.json().msg).toMatch(new RegExp(`^${nurse!.firstName} ${nurse!.lastName} is already booked`));
    expect(await t.ctx.db.select().from(appointments).where(eq(appointments.doctorId, other.id))).toHaveLength(0);
  });

  it('refuses an appointment in the past (400 on appointmentDateTime)', async () => {
    const res = await call('POST', 'appointments', f.doctorA1, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('An appointment cannot start in the past');
  });

  it('refuses attendees outside the care team and office, and accepts a caregiver on the care team', async () => {
    const res = await call('POST', 'appointments', f.doctorA1, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(6, 10), attendeeIds: [f.patientA1.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe("Attendees must be on the patient's care team or staff of the office");
    // Staff of another office are outside the doctor's scope: not found (docs/first-day.md).
    const unseen = await call('POST', 'appointments', f.doctorA1, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(6, 10), attendeeIds: [f.doctorA2.id] },
    });
    expect(unseen.statusCode).toBe(404);
    const caregiver = await call('POST', 'appointments', f.doctorA1, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(6, 10), attendeeIds: [f.caregiverA1.id] },
    });
    expect(caregiver.statusCode).toBe(400);
    const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId: f.patientA1.id, hospitalId: f.a1.id }).returning();
    await t.ctx.db.insert(medicalTeamMembers).values({ medicalTeamId: team!.id, userId: f.caregiverA1.id });
    const ok = await schedule({ appointmentDateTime: future(6, 10), attendeeIds: [f.caregiverA1.id] });
    expect(ok.attendees.map((p) => p.id)).toEqual([f.caregiverA1.id]);
  });

  it('answers 400 with field messages for malformed input, never 500', async () => {
    for (const payload of [{}, { hospitalId: 'x' }, { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: 'tomorrow' }, { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(2, 9), durationMinutes: 9999 }]) {
      const res = await call('POST', 'appointments', f.doctorA1, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const wrongDoctor = await call('POST', 'appointments', f.doctorA1, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.nurseA1.id, appointmentDateTime: future(2, 9) },
    });
    expect(wrongDoctor.statusCode).toBe(400);
    expect(wrongDoctor.json().msg).toBe('The doctor must be a doctor of the office');
  });

  it('refuses roles without appointments.manage (403) and other tenants (404, nothing stored)', async () => {
    const res = await call('POST', 'appointments', f.patientA1, { payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(7, 9) } });
    expect(res.statusCode).toBe(403);
    const foreign = await call('POST', 'appointments', f.doctorB1, { payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(7, 9) } });
    expect(foreign.statusCode).toBe(404);
    const foreignPatient = await call('POST', 'appointments', f.doctorA1, { payload: { hospitalId: f.a1.id, patientId: f.patientB1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(7, 9) } });
    expect(foreignPatient.statusCode).toBe(404);
    expect(await t.ctx.db.select().from(appointments).where(eq(appointments.patientId, f.patientB1.id))).toHaveLength(0);
  });
});

describe('reading appointments', () => {
  it('lists the caller\'s appointments; another organization sees none of them and gets 404 by id', async () => {
    const a = await schedule({ appointmentDateTime: future(8, 12) });
    const mine = await call('GET', 'appointments', f.officeAdminA1, { headers: {} });
    expect(mine.statusCode).toBe(200);
    expect((mine.json().data as View[]).map((x) => x.appointmentId)).toContain(a.appointmentId);
    const theirs = await call('GET', 'appointments', f.doctorB1);
    expect((theirs.json().data as View[]).map((x) => x.appointmentId)).not.toContain(a.appointmentId);
    expect((await call('GET', `appointments/byid/${a.appointmentId}`, f.doctorB1)).statusCode).toBe(404);
    expect((await call('GET', `appointments/byid/${a.appointmentId}`, f.doctorA2)).statusCode).toBe(404);
    expect((await call('GET', `appointments/byid/${a.appointmentId}`, f.nurseA1)).statusCode).toBe(200);
    expect((await call('GET', 'appointments', f.caregiverA1)).statusCode).toBe(403);
    expect((await call('GET', 'appointments?from=yesterday', f.doctorA1)).statusCode).toBe(400);
  });

  it('gives an office\'s day in its own time zone: 23:30 in Los Angeles is that local day, not UTC\'s next day', async () => {
    const day = future(9, 0).slice(0, 10);
    // 23:30 PDT/PST on `day` is 06:30 / 07:30 UTC the next day.
    const late = new Date(`${day}T23:30:00-08:00`);
    const offsetFix = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'shortOffset' }).format(late).includes('GMT-7') ? -3_600_000 : 0;
    const startsAt = new Date(late.getTime() + offsetFix);
    const res = await call('POST', 'appointments', doctorLa, {
      payload: { hospitalId: la.id, patientId: patientLa.id, doctorId: doctorLa.id, appointmentDateTime: startsAt.toISOString(), durationMinutes: 20, kind: 'PHONE' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ localDate: day, localTime: '23:30' });
    const onDay = await call('GET', 'appointments/appointmentsforhospitalfordate', doctorLa, { headers: { hospitalid: la.id, paramdate: day } });
    expect(onDay.statusCode).toBe(200);
    expect(onDay.json().data).toEqual([res.json().data]);
    const nextDay = startsAt.toISOString().slice(0, 10);
    const utcDay = await call('GET', 'appointments/appointmentsforhospitalfordate', doctorLa, { headers: { hospitalid: la.id, paramdate: nextDay } });
    expect(utcDay.json().data).toEqual([]);
    expect((await call('GET', 'appointments/appointmentsforhospitalfordate', f.doctorB1, { headers: { hospitalid: la.id, paramdate: day } })).statusCode).toBe(404);
    expect((await call('GET', 'appointments/appointmentsforhospitalfordate', doctorLa, { headers: { hospitalid: la.id, paramdate: '2026-02-30' } })).statusCode).toBe(400);
  });

  it('answers the office day view from a cache that any write, by any API process, invalidates; ETag answers 304 until a change', async () => {
    // A second app on the same database: another API process with its own cache.
    const other = await buildApp(loadTestConfig(), t.ctx.database);
    await other.app.ready();
    try {
      const day = future(11, 0).slice(0, 10);
      const first = await schedule({ appointmentDateTime: `${day}T15:00:00.000Z` });
      const read = async (app = t.app, extra: Record<string, string> = {}, who: { id: number } = f.nurseA1) =>
        app.inject({ method: 'GET', url: '/api/appointments/appointmentsforhospitalfordate', headers: { ...(await as(who)), hospitalid: String(f.a1.id), paramdate: day, ...extra } });
      const ids = (res: Awaited<ReturnType<typeof read>>) => (res.json().data as View[]).map((x) => x.appointmentId);
      const v1 = await read();
      expect(v1.statusCode).toBe(200);
      expect(ids(v1)).toEqual([first.appointmentId]);
      const tag1 = v1.headers.etag as string;
      expect(tag1).toMatch(/^W\/"/);
      expect(v1.headers['cache-control']).toBe('private, no-cache');
      // The same answer again (from the cache), and 304 with no body for the caller's own copy.
      expect((await read()).body).toBe(v1.body);
      const unchanged = await read(t.app, { 'if-none-match': tag1 });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers.etag).toBe(tag1);

      // A write through the other process: this process's cached answer and tag are stale at once.
      const second = await other.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: await as(f.doctorA1),
        payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: `${day}T17:00:00.000Z`, durationMinutes: 30, kind: 'PHONE' },
      });
      expect(second.statusCode, second.body).toBe(201);
      const v2 = await read(t.app, { 'if-none-match': tag1 });
      expect(v2.statusCode).toBe(200);
      expect(ids(v2)).toEqual([first.appointmentId, second.json().data.appointmentId]);
      const tag2 = v2.headers.etag as string;
      expect(tag2).not.toBe(tag1);
      expect((await read(t.app, { 'if-none-match': tag2 })).statusCode).toBe(304);

      // A write past the API (an attendee added, then a name changed) invalidates as well.
      await t.ctx.db.insert(appointmentAttendees).values({ appointmentId: first.appointmentId, userId: f.nurseA1.id });
      const v3 = await read(other.app, { 'if-none-match': tag2 });
      expect(v3.statusCode).toBe(200);
      expect((v3.json().data as View[])[0]!.attendees.map((p) => p.id)).toEqual([f.nurseA1.id]);
      await t.ctx.db.update(users).set({ lastName: 'Renamed-Daycache' }).where(eq(users.id, f.doctorA1.id));
      const v4 = await read();
      expect(v4.statusCode).toBe(200);
      expect(v4.body).toContain('Renamed-Daycache');
      expect((await read(other.app)).body).toBe(v4.body);

      // Another office's or organization's caller gets 404, also with the current tag; a change elsewhere keeps the tag.
      const tag4 = v4.headers.etag as string;
      expect((await read(t.app, { 'if-none-match': tag4 }, f.doctorB1)).statusCode).toBe(404);
      expect((await read(t.app, { 'if-none-match': tag4 }, f.doctorA2)).statusCode).toBe(404);
      const elsewhere = await call('POST', 'appointments', doctorLa, {
        payload: { hospitalId: la.id, patientId: patientLa.id, doctorId: doctorLa.id, appointmentDateTime: `${day}T18:00:00.000Z`, durationMinutes: 15, kind: 'PHONE' },
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
      expect((await read(t.app, { 'if-none-match': tag4 })).statusCode).toBe(304);
      expect(ids(await read())).not.toContain(elsewhere.json().data.appointmentId);
    } finally {
      await other.app.close();
    }
  });

  it('sends the day view gzipped or in brotli as Accept-Encoding asks, with Vary and one entity tag for every encoding', async () => {
    const day = future(30, 0).slice(0, 10);
    for (const hh of [13, 14, 15]) { await schedule({ appointmentDateTime: `${day}T${hh}:00:00.000Z`, reason: 'Compression review' }); }
    const read = async (extra: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/appointments/appointmentsforhospitalfordate', headers: { ...(await as(f.nurseA1)), hospitalid: String(f.a1.id), paramdate: day, ...extra } });
    const built = await read({ 'accept-encoding': 'gzip, deflate, br' }); // built and kept: already compressed
    expect(built.headers['content-encoding']).toBe('br');
    const plain = await read();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect((plain.json().data as View[]).length).toBe(3);
    const tag = plain.headers.etag as string;

    const gz = await read({ 'accept-encoding': 'gzip' });
    expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding', etag: tag, 'content-type': 'application/json; charset=utf-8' });
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    const br = await read({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding', etag: tag });
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(brotliDecompressSync(built.rawPayload).equals(plain.rawPayload)).toBe(true);

    // Not accepted (or refused by q-value): sent as is.
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await read({ 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.rawPayload.equals(plain.rawPayload), accept).toBe(true);
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
    const read = async () =>
      t.app.inject({ method: 'GET', url: '/api/appointments/appointmentsforhospitalfordate', headers: { ...(await as(f.nurseA1)), hospitalid: String(f.a1.id), paramdate: day } });
    const first = await read();
    expect(first.statusCode).toBe(200);
    // The tag ends with the version the answer was built at; a kept answer of that version that breaks the contract is refused.
    const version = /-s-([\d.]+)"$/.exec(first.headers.etag as string)![1]!;
    await dayViewAnswers(t.ctx).set(dayViewKey(f.a1.id, day, 'America/New_York'), version, '[{"appointmentId":"not a number"}]');
    expect((await read()).statusCode).toBe(500);
  });

  it("answers today's lists of an office and of a doctor in the office's time zone", async () => {
    const now = new Date();
    const [row] = await t.ctx.db
      .insert(appointments)
      .values({ hospitalId: la.id, patientId: patientLa.id, doctorId: doctorLa.id, startsAt: new Date(now.getTime() - 60_000), endsAt: new Date(now.getTime() + 60_000), durationMinutes: 2, status: 'IN_PROGRESS', kind: 'VIDEO' })
      .returning();
    const office = await call('GET', 'appointments/appointmentsforhospitalfortoday', doctorLa, { headers: { hospitalid: la.id } });
    expect((office.json().data as View[]).map((x) => x.appointmentId)).toContain(row!.id);
    const doctor = await call('GET', 'appointments/appointmentsfordoctorfortoday', doctorLa, { headers: { doctorid: doctorLa.id } });
    expect((doctor.json().data as View[]).map((x) => x.appointmentId)).toContain(row!.id);
    expect((await call('GET', 'appointments/appointmentsfordoctorfortoday', f.doctorB1, { headers: { doctorid: doctorLa.id } })).statusCode).toBe(404);
    expect((await call('GET', 'appointments/appointmentsforhospitalfortoday', f.doctorB1, { headers: { hospitalid: la.id } })).statusCode).toBe(404);
    const range = await call('GET', `appointments/appointmentsfordoctor?from=${encodeURIComponent(new Date(now.getTime() - 3_600_000).toISOString())}`, doctorLa, { headers: { doctorid: doctorLa.id } });
    expect((range.json().data as View[]).map((x) => x.appointmentId)).toContain(row!.id);
    expect((await call('GET', 'appointments/appointmentsfordoctor', f.doctorA1, { headers: { doctorid: 'abc' } })).statusCode).toBe(400);
  });

  it('downloads an appointment as an iCalendar file', async () => {
    const a = await schedule({ appointmentDateTime: future(10, 11) });
    const res = await call('GET', `appointments/ics/${a.appointmentId}`, f.doctorA1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toContain(`appointment-${a.appointmentId}.ics`);
    expect(res.body).toContain('BEGIN:VCALENDAR');
    expect(res.body).toContain(`UID:appointment-${a.appointmentId}@vigil`);
    expect(res.body).toContain('DURATION:PT30M');
    expect((await call('GET', `appointments/ics/${a.appointmentId}`, f.doctorB1)).statusCode).toBe(404);
  });
});

describe('PUT appointments/{appointmentId}', () => {
  it('reschedules, refuses a move into a clash or the past, cancels, and then refuses changes', async () => {
    const a = await schedule({ appointmentDateTime: future(11, 9) });
    const b = await schedule({ appointmentDateTime: future(11, 11) });
    const moved = await call('PUT', `appointments/${a.appointmentId}`, f.doctorA1, { payload: { appointmentDateTime: future(11, 10) } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.appointmentDateTime).toBe(future(11, 10));
    const clash = await call('PUT', `appointments/${a.appointmentId}`, f.doctorA1, { payload: { appointmentDateTime: future(11, 11, 15) } });
    expect(clash.statusCode).toBe(409);
    expect((await call('PUT', `appointments/${a.appointmentId}`, f.doctorA1, { payload: { appointmentDateTime: new Date(Date.now() - 1000).toISOString() } })).statusCode).toBe(400);
    expect((await call('PUT', `appointments/${b.appointmentId}`, f.doctorB1, { payload: { status: 'CANCELLED' } })).statusCode).toBe(404);
    expect((await stored(b.appointmentId)).status).toBe('SCHEDULED');
    expect((await call('PUT', `appointments/${b.appointmentId}`, f.patientA1, { payload: { status: 'CANCELLED' } })).statusCode).toBe(403);
    expect((await call('PUT', `appointments/${b.appointmentId}`, f.doctorA1, { payload: { status: 'BOGUS' } })).statusCode).toBe(400);
    const cancelled = await call('PUT', `appointments/${b.appointmentId}`, f.doctorA1, { payload: { status: 'CANCELLED' } });
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect((await call('PUT', `appointments/${b.appointmentId}`, f.doctorA1, { payload: { status: 'SCHEDULED' } })).statusCode).toBe(409);
    // The cancelled slot is free again.
    await schedule({ appointmentDateTime: future(11, 11) });
  });
});

describe('appointment requests', () => {
  it('a patient requests, the doctor is notified (type 7), approves into SCHEDULED, and the patient is notified', async () => {
    const res = await call('POST', 'appointments/createappointment', f.patientA1, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(12, 15), reason: 'Dizziness' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const req = res.json().data as View;
    expect(req.status).toBe('REQUESTED');
    const [toDoctor] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.toUserId, f.doctorA1.id), eq(notifications.notificationTypeId, NotificationType.APPOINTMENT_REQUEST)));
    expect(toDoctor?.additionalData).toMatchObject({ appointmentId: req.appointmentId });
    const approved = await call('POST', 'appointmentrequests/approvereject', f.doctorA1, { payload: { appointmentId: req.appointmentId, approve: true } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('SCHEDULED');
    const toPatient = await t.ctx.db.select().from(notifications).where(and(eq(notifications.toUserId, f.patientA1.id), eq(notifications.notificationTypeId, NotificationType.APPOINTMENT_REQUEST)));
    expect(toPatient.map((n) => n.messageEn).join()).toContain('was approved');
    expect((await call('POST', 'appointmentrequests/approvereject', f.doctorA1, { payload: { appointmentId: req.appointmentId, approve: true } })).statusCode).toBe(409);
  });

  it('a rejection needs a reason, cancels the request and tells the requester why', async () => {
    const res = await call('POST', 'appointments/createappointment', f.nurseA1, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: future(12, 17) },
    });
    const req = res.json().data as View;
    const noReason = await call('POST', 'appointmentrequests/approvereject', f.doctorA1, { payload: { appointmentId: req.appointmentId, approve: false } });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain('This field is required');
    const rejected = await call('POST', 'appointmentrequests/approvereject', f.doctorA1, { payload: { appointmentId: req.appointmentId, approve: false, reason: 'Please book a video visit' } });
    expect(rejected.json().data).toMatchObject({ status: 'CANCELLED', rejectionReason: 'Please book a video visit' });
    const [toNurse] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.toUserId, f.nurseA1.id), eq(notifications.notificationTypeId, NotificationType.APPOINTMENT_REQUEST)));
    expect(toNurse?.messageEn).toContain('was rejected: Please book a video visit');
  });

  it('an approval that would double-book the doctor answers 409; other tenants get 404; patients cannot decide', async () => {
    const taken = await schedule({ appointmentDateTime: future(13, 9) });
    const res = await call('POST', 'appointments/createappointment', f.patientA1, {
      payload: { hospitalId: f.a1.id, patientId: f.patientA1.id, doctorId: f.doctorA1.id, appointmentDateTime: taken.appointmentDateTime },
    });
    const req = res.json().data as View;
    expect((await call('POST', 'appointmentrequests/approvereject', f.doctorA1, { payload: { appointmentId: req.appointmentId, approve: true } })).statusCode).toBe(409);
    expect((await call('POST', 'appointmentrequests/approvereject', f.doctorB1, { payload: { appointmentId: req.appointmentId, approve: true } })).statusCode).toBe(404);
    expect((await call('POST', 'appointmentrequests/approvereject', f.patientA1, { payload: { appointmentId: req.appointmentId, approve: true } })).statusCode).toBe(403);
    expect((await call('POST', 'appointments/createappointment', f.patientA1, { payload: { hospitalId: f.a1.id, patientId: f.patientA2.id, doctorId: f.doctorA1.id, appointmentDateTime: future(13, 9) } })).statusCode).toBe(404);
    expect((await stored(req.appointmentId)).status).toBe('REQUESTED');
  });
});

describe('attendees', () => {
  it('adds an attendee from the office, refuses one from elsewhere (404: not in the caller\'s scope) or one who is booked (409)', async () => {
    const a = await schedule({ appointmentDateTime: future(14, 9) });
    const added = await call('POST', 'appointments/addattendeeforappointment', f.doctorA1, { payload: { appointmentId: a.appointmentId, userId: f.officeAdminA1.id } });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json().data as View).attendees.map((p) => p.id)).toEqual([f.officeAdminA1.id]);
    expect((await call('POST', 'appointments/addattendeeforappointment', f.doctorA1, { payload: { appointmentId: a.appointmentId, userId: f.doctorB1.id } })).statusCode).toBe(404);
    await schedule({ appointmentDateTime: future(14, 10), attendeeIds: [f.nurseA1.id] });
    const b = await schedule({ appointmentDateTime: future(14, 10), doctorId: (await createUser(t, { role: Role.DOCTOR, organizationId: f.orgA.id, offices: [f.a1.id] })).id });
    expect((await call('POST', 'appointments/addattendeeforappointment', f.doctorA1, { payload: { appointmentId: b.appointmentId, userId: f.nurseA1.id } })).statusCode).toBe(409);
    expect((await call('POST', 'appointments/addattendeeforappointment', f.doctorB1, { payload: { appointmentId: a.appointmentId, userId: f.nurseA1.id } })).statusCode).toBe(404);
    expect((await call('POST', 'appointments/addattendeeforappointment', f.patientA1, { payload: { appointmentId: a.appointmentId, userId: f.nurseA1.id } })).statusCode).toBe(403);
  });
});

describe('appointment notes', () => {
  it('adds, reads, edits (author or office admin) and deletes notes; other tenants get 404', async () => {
    const a = await schedule({ appointmentDateTime: future(15, 9) });
    const added = await call('POST', 'appointments/addnote', f.doctorA1, { payload: { appointmentId: a.appointmentId, text: 'Bring the cuff' } });
    expect(added.statusCode, added.body).toBe(201);
    const noteId = added.json().data.noteId as number;
    expect((await call('GET', 'appointments/getnotebyid', f.nurseA1, { headers: { noteid: noteId } })).json().data.text).toBe('Bring the cuff');
    const list = await call('GET', 'appointments/getnotesforpatientid', f.nurseA1, { headers: { patientid: f.patientA1.id } });
    expect((list.json().data as { noteId: number }[]).map((n) => n.noteId)).toContain(noteId);
    const byNurse = await call('PUT', 'appointments/editnote', f.nurseA1, { payload: { noteId, text: 'changed' } });
    expect(byNurse.statusCode).toBe(403);
    expect(byNurse.json().msg).toBe('Only the author can change this appointment note');
    expect((await call('PUT', 'appointments/editnote', f.officeAdminA1, { payload: { noteId, text: 'Bring the cuff and the log' } })).json().data.text).toBe('Bring the cuff and the log');
    expect((await call('PUT', 'appointments/editnote', f.doctorA1, { payload: { noteId, text: '' } })).statusCode).toBe(400);
    expect((await call('GET', 'appointments/getnotebyid', f.doctorB1, { headers: { noteid: noteId } })).statusCode).toBe(404);
    expect((await call('DELETE', 'appointments/deletenote', f.doctorB1, { headers: { noteid: noteId } })).statusCode).toBe(404);
    expect((await call('GET', 'appointments/getnotesforpatientid', f.doctorB1, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(404);
    expect((await call('POST', 'appointments/addnote', f.doctorB1, { payload: { appointmentId: a.appointmentId, text: 'x' } })).statusCode).toBe(404);
    expect((await call('DELETE', 'appointments/deletenote', f.doctorA1, { headers: { noteid: noteId } })).json().data).toEqual({ noteId });
    expect((await call('GET', 'appointments/getnotebyid', f.doctorA1, { headers: { noteid: noteId } })).statusCode).toBe(404);
  });
});

describe('start and stop video call', () => {
  it('the doctor admits (IN_PROGRESS) and ends (COMPLETED); staff who are not attendees are refused; office admins may enter', async () => {
    const a = await schedule({ appointmentDateTime: future(16, 9) });
    const refused = await call('PUT', 'appointments/startvideocall', f.nurseA1, { payload: { appointmentId: a.appointmentId } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe("Only the visit's doctor and attendees can enter this visit");
    expect((await call('PUT', 'appointments/startvideocall', f.doctorB1, { payload: { appointmentId: a.appointmentId } })).statusCode).toBe(404);
    expect((await call('PUT', 'appointments/stopvideocall', f.doctorA1, { payload: { appointmentId: a.appointmentId } })).statusCode).toBe(409);
    const started = await call('PUT', 'appointments/startvideocall', f.doctorA1, { payload: { appointmentId: a.appointmentId } });
    expect(started.json().data).toMatchObject({ status: 'IN_PROGRESS' });
    expect(started.json().data.videoStartedAt).not.toBeNull();
    const stopped = await call('PUT', 'appointments/stopvideocall', f.officeAdminA1, { payload: { appointmentId: a.appointmentId } });
    expect(stopped.json().data).toMatchObject({ status: 'COMPLETED' });
    expect((await call('PUT', 'appointments/startvideocall', f.doctorA1, { payload: { appointmentId: a.appointmentId } })).statusCode).toBe(409);
    const inPerson = await schedule({ appointmentDateTime: future(16, 11), kind: 'IN_PERSON' });
    expect((await call('PUT', 'appointments/startvideocall', f.doctorA1, { payload: { appointmentId: inPerson.appointmentId } })).statusCode).toBe(409);
    expect((await call('PUT', 'appointments/startvideocall', f.doctorA1, { payload: { appointmentId: 'x' } })).statusCode).toBe(400);
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
    await call('PUT', `appointments/${a.appointmentId}`, f.doctorA1, { payload: { status: 'CANCELLED' } });
    expect(await sendAppointmentReminders(t.ctx, new Date(new Date(a.appointmentDateTime).getTime() - 60_000))).toBe(0);
  });
});
