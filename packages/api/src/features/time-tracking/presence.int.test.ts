import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, timeTracking } from '@vigil/contract';
import { callerFor, invalid, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { patientPresence } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;

const REQUIRED = 'This field is required';
const INVALID_ID = 'Invalid id';

const callAs = callerFor(() => t);

const newPatient = (offices = [f.a1.id], org = f.orgA.id) => createUser(t, { role: Role.PATIENT, organizationId: org, offices });

async function markOut(patientId: number, leavingTo = 'Hospital admission', who: CallUser = f.nurseA1) {
  const res = await callAs(who, timeTracking.createPatientPresence, { body: { patientId, leavingTo } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
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
    for (const body of [{ patientId: patient.id }, { patientId: patient.id, leavingTo: '   ' }]) {
      const res = await callAs(f.nurseA1, timeTracking.createPatientPresence, { body: invalid(body) });
      expect(res.status).toBe(400);
      expect(res.errors).toEqual({ leavingTo: REQUIRED });
    }
    const es = await callAs(f.nurseA1, timeTracking.createPatientPresence, { body: invalid({ patientId: patient.id }), lang: 'es' });
    expect(es.errors).toEqual({ leavingTo: 'Este campo es obligatorio' });
    expect(await t.ctx.db.select().from(patientPresence).where(eq(patientPresence.patientId, patient.id))).toEqual([]);
  });

  it('refuses a second open stay (409) and a departure in the future (400)', async () => {
    const patient = await newPatient();
    await markOut(patient.id);
    const again = await callAs(f.nurseA1, timeTracking.createPatientPresence, { body: { patientId: patient.id, leavingTo: 'Pharmacy' } });
    expect(again.status).toBe(409);
    expect(again.msg).toBe('The patient is already marked out of facility');
    const other = await newPatient();
    const future = await callAs(f.nurseA1, timeTracking.createPatientPresence, { body: { patientId: other.id, leavingTo: 'Pharmacy', startedAt: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.status).toBe(400);
    expect(future.errors).toEqual({ startedAt: 'The date cannot be in the future' });
  });

  it('answers 404 for a patient of another office or organization', async () => {
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await callAs(who, timeTracking.createPatientPresence, { body: { patientId: f.patientA1.id, leavingTo: 'Home' } });
      expect(res.status).toBe(404);
    }
    expect(await t.ctx.db.select().from(patientPresence).where(eq(patientPresence.patientId, f.patientA1.id))).toEqual([]);
  });

});

describe('GET patientpresence/getpatientpresenceforhospital', () => {
  it("lists the office's patients out now and a page of past stays, searchable by name", async () => {
    const out = await newPatient();
    const back = await newPatient();
    const outStay = await markOut(out.id, 'Dialysis centre');
    const backStay = await markOut(back.id, 'Family visit');
    expect((await callAs(f.nurseA1, timeTracking.deletePatientPresence, { params: { id: backStay.id } })).reply.json().resFlag).toBe(true);
    const res = await callAs(f.officeAdminA1, timeTracking.getPatientPresenceForHospital, { headers: { hospitalid: f.a1.id } });
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data.current.map((s: { id: number }) => s.id)).toContain(outStay.id);
    expect(data.current.map((s: { id: number }) => s.id)).not.toContain(backStay.id);
    expect(data.history.items.map((s: { id: number }) => s.id)).toContain(backStay.id);
    const searched = await callAs(f.officeAdminA1, timeTracking.getPatientPresenceForHospital, { headers: { hospitalid: f.a1.id }, query: { search: back.lastName, pageSize: 5 } });
    expect(searched.body.history).toMatchObject({ total: 1, page: 1, pageSize: 5, items: [{ id: backStay.id, leavingTo: 'Family visit' }] });
  });

  it('keeps other offices out: 404 for their office, and a stay of another office never listed', async () => {
    const b = await newPatient([f.b1.id], f.orgB.id);
    const bStay = await markOut(b.id, 'Home', f.doctorB1);
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, timeTracking.getPatientPresenceForHospital, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
    }
    const a1 = await callAs(f.officeAdminA1, timeTracking.getPatientPresenceForHospital, { headers: { hospitalid: f.a1.id } });
    const listed = [...a1.body.current, ...a1.body.history.items].map((s: { id: number }) => s.id);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).not.toContain(bStay.id);
    const orgB = await callAs(f.orgAdminB, timeTracking.getPatientPresenceForHospital, { headers: { hospitalid: f.b1.id } });
    expect(orgB.body.current.map((s: { id: number }) => s.id)).toContain(bStay.id);
  });

  it('answers "This field is required" without an office', async () => {
    const res = await callAs(f.nurseA1, timeTracking.getPatientPresenceForHospital);
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ hospitalid: REQUIRED });
  });
});

describe('GET patientpresence/getpatientpresencebypatientid', () => {
  it("lists the patient's stays, the open one first", async () => {
    const patient = await newPatient();
    const first = await markOut(patient.id, 'Clinic');
    await callAs(f.nurseA1, timeTracking.deletePatientPresence, { params: { id: first.id } });
    const second = await markOut(patient.id, 'Hospital');
    const res = await callAs(f.doctorA1, timeTracking.getPatientPresenceByPatientId, { headers: { patientid: patient.id } });
    expect(res.body.map((s: { id: number; endedAt: string | null }) => [s.id, s.endedAt === null])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('answers 404 for a patient of another office or organization', async () => {
    for (const who of [f.doctorA2, f.doctorB1]) {
      expect((await callAs(who, timeTracking.getPatientPresenceByPatientId, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
    }
  });
});

describe('DELETE patientpresence/{id}', () => {
  it('marks the patient back: the stay ends and stays in the history', async () => {
    const patient = await newPatient();
    const stay = await markOut(patient.id);
    const res = await callAs(f.nurseA1, timeTracking.deletePatientPresence, { params: { id: stay.id } });
    expect(res.status).toBe(200);
    expect(res.reply.json()).toMatchObject({ resFlag: true, data: { id: stay.id, outOfFacility: false } });
    expect(res.body.endedAt).not.toBeNull();
    expect((await stored(stay.id))!.endedAt).not.toBeNull();
  });

  it('answers a failure with its 4xx, resFlag false and the message (the web returns this error object, spec section 8)', async () => {
    const patient = await newPatient();
    const stay = await markOut(patient.id);
    await callAs(f.nurseA1, timeTracking.deletePatientPresence, { params: { id: stay.id } });
    const again = await callAs(f.nurseA1, timeTracking.deletePatientPresence, { params: { id: stay.id } });
    expect(again.status).toBe(409);
    expect(again.reply.json()).toEqual({ resFlag: false, data: null, msg: 'The patient is already back in the facility', code: 'patientAlreadyBack' });
    const unknown = await callAs(f.nurseA1, timeTracking.deletePatientPresence, { params: { id: 99999999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.reply.json()).toEqual({ resFlag: false, data: null, msg: INVALID_ID, code: 'invalidId' });
    const badId = await callAs(f.nurseA1, timeTracking.deletePatientPresence, { params: { id: invalid('abc') } });
    expect(badId.status).toBe(400);
    expect(badId.reply.json()).toMatchObject({ resFlag: false, errors: { id: 'This field needs to be formatted' } });
  });

  it("answers another office's or organization's stay as an unknown id, and leaves it open", async () => {
    const patient = await newPatient();
    const stay = await markOut(patient.id);
    for (const who of [f.doctorA2, f.doctorB1]) {
      const res = await callAs(who, timeTracking.deletePatientPresence, { params: { id: stay.id } });
      expect(res.status).toBe(404);
      expect(res.reply.json()).toMatchObject({ resFlag: false, msg: INVALID_ID });
    }
    expect((await stored(stay.id))!.endedAt).toBeNull();
  });
});
