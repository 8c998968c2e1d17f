import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, type RoleId } from '@vigil/contract';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { doctorMetadata, doctorSpecializations, nurseMetadata, patientMetadata, sessions, verifiers } from '../../db/schema/index';
import { newToken, tokenHash } from '../../lib/crypto';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let partner: { id: number };
let nurseA2: { id: number };
let nurseB1: { id: number };
let doctor2A1: { id: number };
/** Verifier ids: two specializations and one row of another domain. */
let cardiology: number;
let dermatology: number;
let notASpecialization: number;

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';

/** A session for any user, written straight to the sessions table (patients and caregivers cannot use the staff sign-in). */
const sessionCache = new Map<number, { sessionguid: string }>();
async function as(user: { id: number }) {
  let s = sessionCache.get(user.id);
  if (!s) {
    const token = newToken();
    await t.ctx.db.insert(sessions).values({ tokenHash: tokenHash(token), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
    s = { sessionguid: token };
    sessionCache.set(user.id, s);
  }
  return s;
}

async function call(method: 'GET' | 'POST' | 'PUT', path: string, who: { id: number }, opts: { headers?: Record<string, string | number>; payload?: unknown } = {}) {
  const headers: Record<string, string> = { ...(await as(who)), 'accept-language': 'en' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) { headers[k] = String(v); }
  return t.app.inject({ method, url: `/api/${path}`, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

const newPatient = (offices: number[], gender = 'male', org = f.orgA.id) =>
  createUser(t, { role: Role.PATIENT, organizationId: org, offices, values: { gender } });
const newStaff = (role: RoleId, offices: number[], org = f.orgA.id) => createUser(t, { role, organizationId: org, offices });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  partner = await createUser(t, { role: Role.PARTNER, organizationId: f.orgA.id });
  nurseA2 = await newStaff(Role.NURSE, [f.a2.id]);
  nurseB1 = await newStaff(Role.NURSE, [f.b1.id], f.orgB.id);
  doctor2A1 = await newStaff(Role.DOCTOR, [f.a1.id]);
  const rows = await t.ctx.db
    .insert(verifiers)
    .values([
      { rvDomain: 'SPECIALIZATION_TYPE', lowValue: 'VIGIL_TEST_CARDIOLOGY', longDescription: 'Test cardiology', longDescriptionEsp: 'Cardiología de prueba' },
      { rvDomain: 'SPECIALIZATION_TYPE', lowValue: 'VIGIL_TEST_DERMATOLOGY', longDescription: 'Test dermatology', longDescriptionEsp: 'Dermatología de prueba' },
      { rvDomain: 'VIGIL_TEST_OTHER_DOMAIN', lowValue: 'VIGIL_TEST_NOT_SPEC', longDescription: 'Not a specialization' },
    ])
    .returning({ id: verifiers.id });
  [cardiology, dermatology, notASpecialization] = rows.map((r) => r.id) as [number, number, number];
});
afterAll(async () => t.close());

describe('patient metadata', () => {
  it('POST patientmetadata creates it with the Devine ideal weight and answers without the SSN', async () => {
    const patient = await newPatient([f.a1.id], 'male');
    const res = await call('POST', 'patientmetadata', f.officeAdminA1, {
      payload: {
        patientId: patient.id,
        heightInCm: 180,
        weightInKg: 82.5,
        medicalRegistrationNumber: 'MRN-001',
        patientIdentifier: 'P-42',
        ssn: '123456789',
        diagnose: 'I10',
        prescriptions: 'Lisinopril 10 mg',
        metadataInfo: { bloodType: 'A+' },
      },
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      id: expect.any(Number),
      userId: patient.id,
      heightInCm: 180,
      weightInKg: 82.5,
      idealWeightCalculatedInKg: 75,
      medicalRegistrationNumber: 'MRN-001',
      patientIdentifier: 'P-42',
      diagnose: 'I10',
      prescriptions: 'Lisinopril 10 mg',
      metadataInfo: { bloodType: 'A+' },
    });
    expect(res.body).not.toContain('6789');
    const [row] = await t.ctx.db.select().from(patientMetadata).where(eq(patientMetadata.userId, patient.id));
    expect(row!.ssn).toBe('123-45-6789');
  });

  it('computes the female ideal weight and leaves it null without a height', async () => {
    const woman = await newPatient([f.a1.id], 'female');
    const res = await call('POST', 'patientmetadata', f.officeAdminA1, { payload: { patientId: woman.id, heightInCm: 167.64 } });
    expect(res.json().data.idealWeightCalculatedInKg).toBe(59.3);
    const noHeight = await newPatient([f.a1.id], 'female');
    const res2 = await call('POST', 'patientmetadata', f.doctorA1, { payload: { patientId: noHeight.id, weightInKg: 60 } });
    expect(res2.statusCode).toBe(201);
    expect(res2.json().data).toMatchObject({ heightInCm: null, weightInKg: 60, idealWeightCalculatedInKg: null });
  });

  it("POST patientmetadata validates height, weight, SSN and text lengths with the spec's messages", async () => {
    const patient = await newPatient([f.a1.id]);
    const res = await call('POST', 'patientmetadata', f.officeAdminA1, {
      payload: { patientId: patient.id, heightInCm: 29, weightInKg: 651, ssn: '12-345-6789', medicalRegistrationNumber: 'x'.repeat(51) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      heightInCm: FORMAT,
      weightInKg: FORMAT,
      ssn: FORMAT,
      medicalRegistrationNumber: 'This field must be 50 characters or less',
    });
    const missing = await call('POST', 'patientmetadata', f.officeAdminA1, { payload: { heightInCm: 'tall' } });
    expect(missing.json().errors).toEqual({ patientId: REQUIRED, heightInCm: FORMAT });
    // The boundaries themselves are accepted.
    const edge = await call('POST', 'patientmetadata', f.officeAdminA1, { payload: { patientId: patient.id, heightInCm: 272, weightInKg: 1 } });
    expect(edge.statusCode).toBe(201);
  });

  it('POST patientmetadata answers 409 when the patient already has metadata', async () => {
    const patient = await newPatient([f.a1.id]);
    expect((await call('POST', 'patientmetadata', f.officeAdminA1, { payload: { patientId: patient.id } })).statusCode).toBe(201);
    expect((await call('POST', 'patientmetadata', f.officeAdminA1, { payload: { patientId: patient.id, heightInCm: 170 } })).statusCode).toBe(409);
  });

  it('POST patientmetadata: 403 for a caregiver and a partner, 403 for a doctor sending an SSN, 404 for other tenants', async () => {
    const patient = await newPatient([f.a1.id]);
    for (const who of [f.caregiverA1, partner]) {
      expect((await call('POST', 'patientmetadata', who, { payload: { patientId: patient.id } })).statusCode).toBe(403);
    }
    expect((await call('POST', 'patientmetadata', f.doctorA1, { payload: { patientId: patient.id, ssn: '123-45-6789' } })).statusCode).toBe(403);
    expect((await call('POST', 'patientmetadata', f.officeAdminA1, { payload: { patientId: f.patientA2.id } })).statusCode).toBe(404);
    expect((await call('POST', 'patientmetadata', f.orgAdminA, { payload: { patientId: f.patientB1.id } })).statusCode).toBe(404);
    // A doctor's id is not a patient's.
    expect((await call('POST', 'patientmetadata', f.officeAdminA1, { payload: { patientId: f.doctorA1.id } })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(patientMetadata).where(eq(patientMetadata.userId, f.patientB1.id))).toHaveLength(0);
  });

  it('GET patientmetadata/getmetadataforpatient includes the SSN only for callers who manage patients', async () => {
    const patient = await newPatient([f.a1.id]);
    expect((await call('GET', 'patientmetadata/getmetadataforpatient', f.doctorA1, { headers: { patientid: patient.id } })).json().data).toBeNull();
    await call('POST', 'patientmetadata', f.officeAdminA1, { payload: { patientId: patient.id, heightInCm: 175, ssn: '987-65-4321' } });
    for (const who of [f.officeAdminA1, f.orgAdminA, f.sysadmin]) {
      const res = await call('GET', 'patientmetadata/getmetadataforpatient', who, { headers: { patientid: patient.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ userId: patient.id, heightInCm: 175, ssn: '987-65-4321' });
    }
    for (const who of [f.doctorA1, f.nurseA1, f.caregiverA1, patient]) {
      const res = await call('GET', 'patientmetadata/getmetadataforpatient', who, { headers: { patientid: patient.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.heightInCm).toBe(175);
      expect(res.json().data).not.toHaveProperty('ssn');
      expect(res.body).not.toContain('4321');
    }
  });

  it('getmetadataforpatient: 400 format, 403 for a partner, 404 for another office, organization or patient', async () => {
    const bad = await call('GET', 'patientmetadata/getmetadataforpatient', f.doctorA1, { headers: { patientid: '-3' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ patientid: FORMAT });
    expect((await call('GET', 'patientmetadata/getmetadataforpatient', partner, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(403);
    expect((await call('GET', 'patientmetadata/getmetadataforpatient', f.doctorA1, { headers: { patientid: f.patientA2.id } })).statusCode).toBe(404);
    expect((await call('GET', 'patientmetadata/getmetadataforpatient', f.doctorB1, { headers: { patientid: f.patientA1.id } })).statusCode).toBe(404);
    const otherPatient = await call('GET', 'patientmetadata/getmetadataforpatient', f.patientA1, { headers: { patientid: f.patientA2.id } });
    expect(otherPatient.statusCode).toBe(404);
    expect(otherPatient.json().msg).toBe('Invalid id');
  });

  it('PUT patientmetadata/updatemetadataforpatient creates the row when missing, keeps absent fields and recomputes the ideal weight', async () => {
    const patient = await newPatient([f.a1.id], 'male');
    const created = await call('PUT', 'patientmetadata/updatemetadataforpatient', f.nurseA1, { headers: { patientid: patient.id }, payload: { weightInKg: 90, diagnose: 'E11.9' } });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ userId: patient.id, weightInKg: 90, diagnose: 'E11.9', heightInCm: null, idealWeightCalculatedInKg: null });
    const updated = await call('PUT', 'patientmetadata/updatemetadataforpatient', f.doctorA1, { headers: { patientid: patient.id }, payload: { heightInCm: 182.88 } });
    expect(updated.json().data).toMatchObject({ weightInKg: 90, diagnose: 'E11.9', heightInCm: 182.88, idealWeightCalculatedInKg: 77.6 });
    expect(updated.json().data).not.toHaveProperty('ssn');
    const withSsn = await call('PUT', 'patientmetadata/updatemetadataforpatient', f.officeAdminA1, { headers: { patientid: patient.id }, payload: { ssn: '111-22-3333' } });
    expect(withSsn.statusCode).toBe(200);
    expect(withSsn.json().data).not.toHaveProperty('ssn');
    const cleared = await call('PUT', 'patientmetadata/updatemetadataforpatient', f.officeAdminA1, { headers: { patientid: patient.id }, payload: { heightInCm: null } });
    expect(cleared.json().data).toMatchObject({ heightInCm: null, idealWeightCalculatedInKg: null, weightInKg: 90 });
    const rows = await t.ctx.db.select().from(patientMetadata).where(eq(patientMetadata.userId, patient.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ssn).toBe('111-22-3333');
  });

  it('updatemetadataforpatient: 400 validation, 403 caregiver and doctor-with-SSN, 404 other tenants', async () => {
    const patient = await newPatient([f.a1.id]);
    const bad = await call('PUT', 'patientmetadata/updatemetadataforpatient', f.officeAdminA1, { headers: { patientid: patient.id }, payload: { weightInKg: 0.5, ssn: '1234' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ weightInKg: FORMAT, ssn: FORMAT });
    const noHeader = await call('PUT', 'patientmetadata/updatemetadataforpatient', f.officeAdminA1, { payload: {} });
    expect(noHeader.json().errors).toEqual({ patientid: REQUIRED });
    expect((await call('PUT', 'patientmetadata/updatemetadataforpatient', f.caregiverA1, { headers: { patientid: patient.id }, payload: { weightInKg: 70 } })).statusCode).toBe(403);
    expect((await call('PUT', 'patientmetadata/updatemetadataforpatient', f.doctorA1, { headers: { patientid: patient.id }, payload: { ssn: '123-45-6789' } })).statusCode).toBe(403);
    expect((await call('PUT', 'patientmetadata/updatemetadataforpatient', f.officeAdminA2, { headers: { patientid: patient.id }, payload: { weightInKg: 70 } })).statusCode).toBe(404);
    expect((await call('PUT', 'patientmetadata/updatemetadataforpatient', f.orgAdminB, { headers: { patientid: patient.id }, payload: { weightInKg: 70 } })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(patientMetadata).where(eq(patientMetadata.userId, patient.id))).toHaveLength(0);
  });
});

describe('doctor metadata', () => {
  it('GET doctormetadata/getmetadatafordoctor answers null before anything is recorded', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    const res = await call('GET', 'doctormetadata/getmetadatafordoctor', f.officeAdminA1, { headers: { doctorid: doctor.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
  });

  it('PUT doctormetadata/updatemetadatafordoctor records licence, NPI and metadataInfo; the doctor may edit their own', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    const res = await call('PUT', 'doctormetadata/updatemetadatafordoctor', doctor, { headers: { doctorid: doctor.id }, payload: { licenceId: 'MD-778', npi: '1234567893', metadataInfo: { board: 'ABIM' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      userId: doctor.id,
      licenceId: 'MD-778',
      npi: '1234567893',
      hospitalsAssignedData: [{ id: f.a1.id, hospitalName: f.a1.hospitalName }],
      spetializationData: [],
      metadataInfo: { board: 'ABIM' },
    });
    const again = await call('PUT', 'doctormetadata/updatemetadatafordoctor', f.officeAdminA1, { headers: { doctorid: doctor.id }, payload: { npi: '' } });
    expect(again.json().data).toMatchObject({ licenceId: 'MD-778', npi: '', metadataInfo: { board: 'ABIM' } });
    const read = await call('GET', 'doctormetadata/getmetadatafordoctor', f.nurseA1, { headers: { doctorid: doctor.id } });
    expect(read.json().data).toMatchObject({ userId: doctor.id, licenceId: 'MD-778', npi: '' });
    expect(await t.ctx.db.select().from(doctorMetadata).where(eq(doctorMetadata.userId, doctor.id))).toHaveLength(1);
  });

  it('updatemetadatafordoctor: 400 for an NPI failing the CMS check digit and a long licence', async () => {
    const res = await call('PUT', 'doctormetadata/updatemetadatafordoctor', f.doctorA1, { headers: { doctorid: f.doctorA1.id }, payload: { npi: '1234567890', licenceId: 'L'.repeat(51) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ npi: FORMAT, licenceId: 'This field must be 50 characters or less' });
  });

  it("updatemetadatafordoctor: 403 for a colleague's record and for a caregiver, 404 for other tenants and non-doctors", async () => {
    expect((await call('PUT', 'doctormetadata/updatemetadatafordoctor', doctor2A1, { headers: { doctorid: f.doctorA1.id }, payload: { licenceId: 'X' } })).statusCode).toBe(403);
    expect((await call('PUT', 'doctormetadata/updatemetadatafordoctor', f.nurseA1, { headers: { doctorid: f.doctorA1.id }, payload: { licenceId: 'X' } })).statusCode).toBe(403);
    expect((await call('PUT', 'doctormetadata/updatemetadatafordoctor', f.caregiverA1, { headers: { doctorid: f.doctorA1.id }, payload: { licenceId: 'X' } })).statusCode).toBe(403);
    expect((await call('PUT', 'doctormetadata/updatemetadatafordoctor', f.officeAdminA1, { headers: { doctorid: f.doctorA2.id }, payload: { licenceId: 'X' } })).statusCode).toBe(404);
    expect((await call('PUT', 'doctormetadata/updatemetadatafordoctor', f.orgAdminA, { headers: { doctorid: f.doctorB1.id }, payload: { licenceId: 'X' } })).statusCode).toBe(404);
    expect((await call('PUT', 'doctormetadata/updatemetadatafordoctor', f.officeAdminA1, { headers: { doctorid: f.nurseA1.id }, payload: { licenceId: 'X' } })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(doctorMetadata).where(eq(doctorMetadata.userId, f.doctorB1.id))).toHaveLength(0);
  });

  it('getmetadatafordoctor: 400 format, 403 for a partner, 404 for another office and organization', async () => {
    expect((await call('GET', 'doctormetadata/getmetadatafordoctor', f.officeAdminA1, {})).json().errors).toEqual({ doctorid: REQUIRED });
    expect((await call('GET', 'doctormetadata/getmetadatafordoctor', partner, { headers: { doctorid: f.doctorA1.id } })).statusCode).toBe(403);
    expect((await call('GET', 'doctormetadata/getmetadatafordoctor', f.nurseA1, { headers: { doctorid: f.doctorA2.id } })).statusCode).toBe(404);
    expect((await call('GET', 'doctormetadata/getmetadatafordoctor', f.orgAdminB, { headers: { doctorid: f.doctorA1.id } })).statusCode).toBe(404);
    expect((await call('GET', 'doctormetadata/getmetadatafordoctor', f.patientA1, { headers: { doctorid: f.doctorA1.id } })).statusCode).toBe(404);
  });

  it('POST doctormetadata/assigndoctortomultiplespetializations adds SPECIALIZATION_TYPE verifiers, creating the record when missing', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    const res = await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', f.officeAdminA1, { payload: { doctorId: doctor.id, specializationIds: [cardiology, dermatology] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.spetializationData).toEqual([
      { id: cardiology, lowValue: 'VIGIL_TEST_CARDIOLOGY', longDescription: 'Test cardiology', longDescriptionEsp: 'Cardiología de prueba' },
      { id: dermatology, lowValue: 'VIGIL_TEST_DERMATOLOGY', longDescription: 'Test dermatology', longDescriptionEsp: 'Dermatología de prueba' },
    ]);
    const again = await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', doctor, { payload: { doctorId: doctor.id, specializationIds: [cardiology] } });
    expect(again.json().data.spetializationData.map((s: { id: number }) => s.id)).toEqual([cardiology, dermatology]);
  });

  it('assigndoctortomultiplespetializations: 400 for a verifier of another domain (nothing assigned) and an empty list, 403, 404', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    const other = await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', f.officeAdminA1, { payload: { doctorId: doctor.id, specializationIds: [cardiology, notASpecialization] } });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ specializationIds: 'Invalid id' });
    expect(await t.ctx.db.select().from(doctorSpecializations).innerJoin(doctorMetadata, eq(doctorMetadata.id, doctorSpecializations.doctorMetadataId)).where(eq(doctorMetadata.userId, doctor.id))).toHaveLength(0);
    const empty = await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', f.officeAdminA1, { payload: { doctorId: doctor.id, specializationIds: [] } });
    expect(empty.json().errors).toEqual({ specializationIds: REQUIRED });
    expect((await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', f.caregiverA1, { payload: { doctorId: doctor.id, specializationIds: [cardiology] } })).statusCode).toBe(403);
    expect((await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', doctor2A1, { payload: { doctorId: doctor.id, specializationIds: [cardiology] } })).statusCode).toBe(403);
    expect((await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', f.officeAdminA2, { payload: { doctorId: doctor.id, specializationIds: [cardiology] } })).statusCode).toBe(404);
    expect((await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', f.orgAdminB, { payload: { doctorId: doctor.id, specializationIds: [cardiology] } })).statusCode).toBe(404);
  });

  it('POST doctormetadata/deassigndoctorfrommultiplespetializations removes specializations', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', f.officeAdminA1, { payload: { doctorId: doctor.id, specializationIds: [cardiology, dermatology] } });
    const res = await call('POST', 'doctormetadata/deassigndoctorfrommultiplespetializations', f.officeAdminA1, { payload: { doctorId: doctor.id, specializationIds: [cardiology] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.spetializationData.map((s: { id: number }) => s.id)).toEqual([dermatology]);
    const read = await call('GET', 'doctormetadata/getmetadatafordoctor', f.doctorA1, { headers: { doctorid: doctor.id } });
    expect(read.json().data.spetializationData.map((s: { lowValue: string }) => s.lowValue)).toEqual(['VIGIL_TEST_DERMATOLOGY']);
  });

  it('deassigndoctorfrommultiplespetializations: 400 for another domain and bad ids, 403, 404 for other tenants', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    await call('POST', 'doctormetadata/assigndoctortomultiplespetializations', f.officeAdminA1, { payload: { doctorId: doctor.id, specializationIds: [cardiology] } });
    const other = await call('POST', 'doctormetadata/deassigndoctorfrommultiplespetializations', f.officeAdminA1, { payload: { doctorId: doctor.id, specializationIds: [notASpecialization] } });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ specializationIds: 'Invalid id' });
    const format = await call('POST', 'doctormetadata/deassigndoctorfrommultiplespetializations', f.officeAdminA1, { payload: { doctorId: 'me', specializationIds: ['x'] } });
    expect(format.json().errors).toEqual({ doctorId: FORMAT, 'specializationIds.0': FORMAT });
    expect((await call('POST', 'doctormetadata/deassigndoctorfrommultiplespetializations', f.caregiverA1, { payload: { doctorId: doctor.id, specializationIds: [cardiology] } })).statusCode).toBe(403);
    expect((await call('POST', 'doctormetadata/deassigndoctorfrommultiplespetializations', f.orgAdminB, { payload: { doctorId: doctor.id, specializationIds: [cardiology] } })).statusCode).toBe(404);
    const still = await call('GET', 'doctormetadata/getmetadatafordoctor', f.officeAdminA1, { headers: { doctorid: doctor.id } });
    expect(still.json().data.spetializationData.map((s: { id: number }) => s.id)).toEqual([cardiology]);
  });
});

describe('nurse metadata', () => {
  it('PUT nursemetadata/updatemetadatafornurse creates and updates the record; GET reads it', async () => {
    const nurse = await newStaff(Role.NURSE, [f.a1.id]);
    expect((await call('GET', 'nursemetadata/getmetadatafornurse', f.officeAdminA1, { headers: { nurseid: nurse.id } })).json().data).toBeNull();
    const res = await call('PUT', 'nursemetadata/updatemetadatafornurse', nurse, { headers: { nurseid: nurse.id }, payload: { licenceId: 'RN-55', metadataInfo: { shift: 'night' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: expect.any(Number), userId: nurse.id, hospitalId: f.a1.id, licenceId: 'RN-55', metadataInfo: { shift: 'night' } });
    await call('PUT', 'nursemetadata/updatemetadatafornurse', f.officeAdminA1, { headers: { nurseid: nurse.id }, payload: { licenceId: 'RN-56' } });
    const read = await call('GET', 'nursemetadata/getmetadatafornurse', f.doctorA1, { headers: { nurseid: nurse.id } });
    expect(read.json().data).toMatchObject({ licenceId: 'RN-56', metadataInfo: { shift: 'night' } });
    expect(await t.ctx.db.select().from(nurseMetadata).where(eq(nurseMetadata.userId, nurse.id))).toHaveLength(1);
  });

  it('updatemetadatafornurse: 400 validation, 403 for a colleague and a partner, 404 for other tenants', async () => {
    const bad = await call('PUT', 'nursemetadata/updatemetadatafornurse', f.nurseA1, { headers: { nurseid: f.nurseA1.id }, payload: { licenceId: 'R'.repeat(51), metadataInfo: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ licenceId: 'This field must be 50 characters or less', metadataInfo: FORMAT });
    expect((await call('PUT', 'nursemetadata/updatemetadatafornurse', f.doctorA1, { headers: { nurseid: f.nurseA1.id }, payload: { licenceId: 'X' } })).statusCode).toBe(403);
    expect((await call('PUT', 'nursemetadata/updatemetadatafornurse', partner, { headers: { nurseid: f.nurseA1.id }, payload: { licenceId: 'X' } })).statusCode).toBe(403);
    expect((await call('PUT', 'nursemetadata/updatemetadatafornurse', f.officeAdminA1, { headers: { nurseid: nurseA2.id }, payload: { licenceId: 'X' } })).statusCode).toBe(404);
    expect((await call('PUT', 'nursemetadata/updatemetadatafornurse', f.orgAdminA, { headers: { nurseid: nurseB1.id }, payload: { licenceId: 'X' } })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(nurseMetadata).where(eq(nurseMetadata.userId, nurseB1.id))).toHaveLength(0);
  });

  it('getmetadatafornurse: 400 format, 403 for a partner, 404 for another office, organization and non-nurses', async () => {
    expect((await call('GET', 'nursemetadata/getmetadatafornurse', f.officeAdminA1, { headers: { nurseid: 'abc' } })).json().errors).toEqual({ nurseid: FORMAT });
    expect((await call('GET', 'nursemetadata/getmetadatafornurse', partner, { headers: { nurseid: f.nurseA1.id } })).statusCode).toBe(403);
    expect((await call('GET', 'nursemetadata/getmetadatafornurse', f.doctorA1, { headers: { nurseid: nurseA2.id } })).statusCode).toBe(404);
    expect((await call('GET', 'nursemetadata/getmetadatafornurse', f.orgAdminA, { headers: { nurseid: nurseB1.id } })).statusCode).toBe(404);
    expect((await call('GET', 'nursemetadata/getmetadatafornurse', f.officeAdminA1, { headers: { nurseid: f.doctorA1.id } })).statusCode).toBe(404);
  });
});
