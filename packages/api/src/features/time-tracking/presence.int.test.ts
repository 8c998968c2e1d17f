import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, sessionFor, type TestApp } from '../../../test/setup';
import { patientPresence } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const REQUIRED = 'This field is required';
const INVALID_ID = 'Invalid id';

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
async function call(method: Method, path: string, who: { id: number } | null, opts: { headers?: Record<string, string | number>; payload?: unknown; lang?: 'en' | 'es' } = {}) {
  const headers: Record<string, string> = { ...(who ? await as(who) : {}), 'accept-language': opts.lang ?? 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${path}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

const newPatient = (offices = [f.a1.id], org = f.orgA.id) => createUser(t, { role: Role.PATIENT, organizationId: org, offices });

async function markOut(patientId: number, leavingTo = 'Hospital admission', who: { id: number } = f.nurseA1, extra: Record<string, unknown> = {}) {
  const res = await call('POST', 'patientpresence', who, { payload: { patientId, leavingTo, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; endedAt: string | null; leavingTo: string };
}

async function stored(id: number) {
  const [row] = await t.ctx.db.select().from(patientPresence).where(eq(patientPresence.id, id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t.close());

describe('POST patientpresence', () => {
  it('marks a patient out of facility with the location they are leaving to', async () => {
    const patient = await newPatient();
    const data = await markOut(patient.id, 'Daughter\'s home');
    expect(data).toMatchObject({
      patientId: patient.id,
      patient: { id: patient.id, firstName: 'Test', lastName: patient.lastName },
      hospitalId: f.a1.id,
      outOfFacility: true,
      leavingTo: "Daughter's home",
      endedAt: null,
      createdBy: f.nurseA1.id,
    });
  });

  it('answers "This field is required" when the location is missing or blank, in both languages', async () => {
    const patient = await newPatient();
    for (const payload of [{ patientId: patient.id }, { patientId: patient.id, leavingTo: '   ' }]) {
      const res = await call('POST', 'patientpresence', f.nurseA1, { payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ leavingTo: REQUIRED });
    }
    const es = await call('POST', 'patientpresence', f.nurseA1, { payload: { patientId: patient.id }, lang: 'es' });
    expect(es.json().errors).toEqual({ leavingTo: 'Este campo es obligatorio' });
    expect(await t.ctx.db.select().from(patientPresence).where(eq(patientPresence.patientId, patient.id))).toEqual([]);
  });

  it('refuses a second open stay (409) and a departure in the future (400)', async () => {
    const patient = await newPatient();
    await markOut(patient.id);
    const again = await call('POST', 'patientpresence', f.nurseA1, { payload: { patientId: patient.id, leavingTo: 'Pharmacy' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The patient is already marked out of facility');
    const other = await newPatient();
    const future = await call('POST', 'patientpresence', f.nurseA1, { payload: { patientId: other.id, leavingTo: 'Pharmacy', startedAt: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual({ startedAt: 'The date cannot be in the future' });
  });

  it('answers 404 for a patient of another office or organization', async () => {
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await call('POST', 'patientpresence', who, { payload: { patientId: f.patientA1.id, leavingTo: 'Home' } });
      expect(res.statusCode).toBe(404);
    }
    expect(await t.ctx.db.select().from(patientPresence).where(eq(patientPresence.patientId, f.patientA1.id))).toEqual([]);
  });

  it('refuses a caregiver and a patient (403)', async () => {
    for (const who of [f.caregiverA1, f.patientA1]) {
      expect((await call('POST', 'patientpresence', who, { payload: { patientId: f.patientA1.id, leavingTo: 'Home' } })).statusCode).toBe(403);
    }
  });
});

describe('GET patientpresence/getpatientpresenceforhospital', () => {
  it("lists the office's patients out now and a page of past stays, searchable by name", async () => {
    const out = await newPatient();
    const back = await newPatient();
    const outStay = await markOut(out.id, 'Dialysis centre');
    const backStay = await markOut(back.id, 'Family visit');
    expect((await call('DELETE', `patientpresence/${backStay.id}`, f.nurseA1)).json().resFlag).toBe(true);
    const res = await call('GET', 'patientpresence/getpatientpresenceforhospital', f.officeAdminA1, { headers: { hospitalid: f.a1.id } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.current.map((s: { id: number }) => s.id)).toContain(outStay.id);
    expect(data.current.map((s: { id: number }) => s.id)).not.toContain(backStay.id);
    expect(data.history.items.map((s: { id: number }) => s.id)).toContain(backStay.id);
    const searched = await call('GET', `patientpresence/getpatientpresenceforhospital?search=${back.lastName}&pageSize=5`, f.officeAdminA1, { headers: { hospitalid: f.a1.id } });
    expect(searched.json().data.history).toMatchObject({ total: 1, page: 1, pageSize: 5, items: [{ id: backStay.id, leavingTo: 'Family visit' }] });
  });

  it('keeps other offices out: 404 for their office, and a stay of another office never listed', async () => {
    const b = await newPatient([f.b1.id], f.orgB.id);
    const bStay = await markOut(b.id, 'Home', f.doctorB1);
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await call('GET', 'patientpresence/getpatientpresenceforhospital', who, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(404);
    }
    const a1 = await call('GET', 'patientpresence/getpatientpresenceforhospital', f.officeAdminA1, { headers: { hospitalid: f.a1.id } });
    const listed = [...a1.json().data.current, ...a1.json().data.history.items].map((s: { id: number }) => s.id);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).not.toContain(bStay.id);
    const orgB = await call('GET', 'patientpresence/getpatientpresenceforhospital', f.orgAdminB, { headers: { hospitalid: f.b1.id } });
    expect(orgB.json().data.current.map((s: { id: number }) => s.id)).toContain(bStay.id);
  });

  it('answers "This field is required" without an office and refuses a caregiver (403)', async () => {
    const res = await call('GET', 'patientpresence/getpatientpresenceforhospital', f.nurseA1);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ hospitalid: REQUIRED });
    expect((await call('GET', 'patientpresence/getpatientpresenceforhospital', f.caregiverA1, { headers: { hospitalid: f.a1.id } })).statusCode).toBe(403);
  });
});

describe('GET patientpresence/getpatientpresencebypatientid', () => {
  it("lists the patient's stays, the open one first", async () => {
    const patient = await newPatient();
    const first = await markOut(patient.id, 'Clinic');
    await call('DELETE', `patientpresence/${first.id}`, f.nurseA1);
    const second = await markOut(patient.id, 'Hospital');
    const res = await call('GET', 'patientpresence/getpatientpresencebypatientid', f.doctorA1, { headers: { patientid: patient.id } });
    expect(res.json().data.map((s: { id: number; endedAt: string | null }) => [s.id, s.endedAt === null])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('answers 404 for a patient of another office or organization and refuses a caregiver (403)', async () => {
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await call('GET', 'patientpresence/getpatientpresencebypatientid', who, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(404);
    }
    expect((await call('GET', 'patientpresence/getpatientpresencebypatientid', f.caregiverA1, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(403);
  });
});

describe('DELETE patientpresence/{id}', () => {
  it('marks the patient back: the stay ends and stays in the history', async () => {
    const patient = await newPatient();
    const stay = await markOut(patient.id);
    const res = await call('DELETE', `patientpresence/${stay.id}`, f.nurseA1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resFlag: true, data: { id: stay.id, outOfFacility: false } });
    expect(res.json().data.endedAt).not.toBeNull();
    expect((await stored(stay.id))!.endedAt).not.toBeNull();
  });

  it('answers a failure with its 4xx, resFlag false and the message (the web returns this error object, spec section 8)', async () => {
    const patient = await newPatient();
    const stay = await markOut(patient.id);
    await call('DELETE', `patientpresence/${stay.id}`, f.nurseA1);
    const again = await call('DELETE', `patientpresence/${stay.id}`, f.nurseA1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ resFlag: false, data: null, msg: 'The patient is already back in the facility', code: 'patientAlreadyBack' });
    const unknown = await call('DELETE', 'patientpresence/99999999', f.nurseA1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ resFlag: false, data: null, msg: INVALID_ID, code: 'invalidId' });
    const badId = await call('DELETE', 'patientpresence/abc', f.nurseA1);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ resFlag: false, errors: { id: 'This field needs to be formatted' } });
  });

  it("answers another office's or organization's stay as an unknown id, and leaves it open", async () => {
    const patient = await newPatient();
    const stay = await markOut(patient.id);
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await call('DELETE', `patientpresence/${stay.id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ resFlag: false, msg: INVALID_ID });
    }
    expect((await stored(stay.id))!.endedAt).toBeNull();
  });

  it('still answers 401 without a session and 403 without the permission', async () => {
    const patient = await newPatient();
    const stay = await markOut(patient.id);
    expect((await call('DELETE', `patientpresence/${stay.id}`, null)).statusCode).toBe(401);
    const refused = await call('DELETE', `patientpresence/${stay.id}`, f.caregiverA1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().resFlag).toBe(false);
    expect((await stored(stay.id))!.endedAt).toBeNull();
  });
});
