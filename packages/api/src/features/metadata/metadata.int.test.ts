import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, metadata, type RoleId } from '@vigil/contract';
import { callerFor, invalid } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { doctorMetadata, doctorSpecializations, nurseMetadata, patientMetadata, verifiers } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
let nurseA2: { id: number };
let nurseB1: { id: number };
let doctor2A1: { id: number };
/** Verifier ids: two specializations and one row of another domain. */
let cardiology: number;
let dermatology: number;
let notASpecialization: number;

const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';

const callAs = callerFor(() => t);

const newPatient = (offices: number[], gender = 'male', org = f.orgA.id) =>
  createUser(t, { role: Role.PATIENT, organizationId: org, offices, values: { gender } });
const newStaff = (role: RoleId, offices: number[], org = f.orgA.id) => createUser(t, { role, organizationId: org, offices });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
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
    const res = await callAs(f.officeAdminA1, metadata.createPatientMetadata, {
      body: {
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
    expect(res.status).toBe(201);
    const data = res.body;
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
    expect(res.reply.body).not.toContain('6789');
    const [row] = await t.ctx.db.select().from(patientMetadata).where(eq(patientMetadata.userId, patient.id));
    expect(row!.ssn).toBe('123-45-6789');
  });

  it('computes the female ideal weight and leaves it null without a height', async () => {
    const woman = await newPatient([f.a1.id], 'female');
    const res = await callAs(f.officeAdminA1, metadata.createPatientMetadata, { body: { patientId: woman.id, heightInCm: 167.64 } });
    expect(res.body.idealWeightCalculatedInKg).toBe(59.3);
    const noHeight = await newPatient([f.a1.id], 'female');
    const res2 = await callAs(f.doctorA1, metadata.createPatientMetadata, { body: { patientId: noHeight.id, weightInKg: 60 } });
    expect(res2.status).toBe(201);
    expect(res2.body).toMatchObject({ heightInCm: null, weightInKg: 60, idealWeightCalculatedInKg: null });
  });

  it("POST patientmetadata validates height, weight, SSN and text lengths with the spec's messages", async () => {
    const patient = await newPatient([f.a1.id]);
    const res = await callAs(f.officeAdminA1, metadata.createPatientMetadata, {
      body: { patientId: patient.id, heightInCm: 29, weightInKg: 651, ssn: '12-345-6789', medicalRegistrationNumber: 'x'.repeat(51) },
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({
      heightInCm: FORMAT,
      weightInKg: FORMAT,
      ssn: FORMAT,
      medicalRegistrationNumber: 'This field must be 50 characters or less',
    });
    const missing = await callAs(f.officeAdminA1, metadata.createPatientMetadata, { body: invalid({ heightInCm: 'tall' }) });
    expect(missing.errors).toEqual({ patientId: REQUIRED, heightInCm: FORMAT });
    // The boundaries themselves are accepted.
    const edge = await callAs(f.officeAdminA1, metadata.createPatientMetadata, { body: { patientId: patient.id, heightInCm: 272, weightInKg: 1 } });
    expect(edge.status).toBe(201);
  });

  it('POST patientmetadata answers 409 when the patient already has metadata', async () => {
    const patient = await newPatient([f.a1.id]);
    expect((await callAs(f.officeAdminA1, metadata.createPatientMetadata, { body: { patientId: patient.id } })).status).toBe(201);
    expect((await callAs(f.officeAdminA1, metadata.createPatientMetadata, { body: { patientId: patient.id, heightInCm: 170 } })).status).toBe(409);
  });

  it('POST patientmetadata: 403 for a doctor sending an SSN, 404 for other tenants', async () => {
    const patient = await newPatient([f.a1.id]);
    expect((await callAs(f.doctorA1, metadata.createPatientMetadata, { body: { patientId: patient.id, ssn: '123-45-6789' } })).status).toBe(403);
    expect((await callAs(f.officeAdminA1, metadata.createPatientMetadata, { body: { patientId: f.patientA2.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, metadata.createPatientMetadata, { body: { patientId: f.patientB1.id } })).status).toBe(404);
    // A doctor's id is not a patient's.
    expect((await callAs(f.officeAdminA1, metadata.createPatientMetadata, { body: { patientId: f.doctorA1.id } })).status).toBe(404);
    expect(await t.ctx.db.select().from(patientMetadata).where(eq(patientMetadata.userId, f.patientB1.id))).toHaveLength(0);
  });

  it('GET patientmetadata/getmetadataforpatient includes the SSN only for callers who manage patients', async () => {
    const patient = await newPatient([f.a1.id]);
    expect((await callAs(f.doctorA1, metadata.getMetadataForPatient, { headers: { patientid: patient.id } })).body).toBeNull();
    await callAs(f.officeAdminA1, metadata.createPatientMetadata, { body: { patientId: patient.id, heightInCm: 175, ssn: '987-65-4321' } });
    for (const who of [f.officeAdminA1, f.orgAdminA, f.sysadmin]) {
      const res = await callAs(who, metadata.getMetadataForPatient, { headers: { patientid: patient.id } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ userId: patient.id, heightInCm: 175, ssn: '987-65-4321' });
    }
    for (const who of [f.doctorA1, f.nurseA1, f.caregiverA1, patient]) {
      const res = await callAs(who, metadata.getMetadataForPatient, { headers: { patientid: patient.id } });
      expect(res.status).toBe(200);
      expect(res.body!.heightInCm).toBe(175);
      expect(res.body).not.toHaveProperty('ssn');
      expect(res.reply.body).not.toContain('4321');
    }
  });

  it('getmetadataforpatient: 400 format, 404 for another office, organization or patient', async () => {
    const bad = await callAs(f.doctorA1, metadata.getMetadataForPatient, { headers: { patientid: invalid('-3') } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ patientid: FORMAT });
    expect((await callAs(f.doctorA1, metadata.getMetadataForPatient, { headers: { patientid: f.patientA2.id } })).status).toBe(404);
    expect((await callAs(f.doctorB1, metadata.getMetadataForPatient, { headers: { patientid: f.patientA1.id } })).status).toBe(404);
    const otherPatient = await callAs(f.patientA1, metadata.getMetadataForPatient, { headers: { patientid: f.patientA2.id } });
    expect(otherPatient.status).toBe(404);
    expect(otherPatient.msg).toBe('Invalid id');
  });

  it('PUT patientmetadata/updatemetadataforpatient creates the row when missing, keeps absent fields and recomputes the ideal weight', async () => {
    const patient = await newPatient([f.a1.id], 'male');
    const created = await callAs(f.nurseA1, metadata.updateMetadataForPatient, { headers: { patientid: patient.id }, body: { weightInKg: 90, diagnose: 'E11.9' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ userId: patient.id, weightInKg: 90, diagnose: 'E11.9', heightInCm: null, idealWeightCalculatedInKg: null });
    const updated = await callAs(f.doctorA1, metadata.updateMetadataForPatient, { headers: { patientid: patient.id }, body: { heightInCm: 182.88 } });
    expect(updated.body).toMatchObject({ weightInKg: 90, diagnose: 'E11.9', heightInCm: 182.88, idealWeightCalculatedInKg: 77.6 });
    expect(updated.body).not.toHaveProperty('ssn');
    const withSsn = await callAs(f.officeAdminA1, metadata.updateMetadataForPatient, { headers: { patientid: patient.id }, body: { ssn: '111-22-3333' } });
    expect(withSsn.status).toBe(200);
    expect(withSsn.body).not.toHaveProperty('ssn');
    const cleared = await callAs(f.officeAdminA1, metadata.updateMetadataForPatient, { headers: { patientid: patient.id }, body: { heightInCm: null } });
    expect(cleared.body).toMatchObject({ heightInCm: null, idealWeightCalculatedInKg: null, weightInKg: 90 });
    const rows = await t.ctx.db.select().from(patientMetadata).where(eq(patientMetadata.userId, patient.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ssn).toBe('111-22-3333');
  });

  it('updatemetadataforpatient: 400 validation, 403 doctor-with-SSN, 404 other tenants', async () => {
    const patient = await newPatient([f.a1.id]);
    const bad = await callAs(f.officeAdminA1, metadata.updateMetadataForPatient, { headers: { patientid: patient.id }, body: { weightInKg: 0.5, ssn: '1234' } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ weightInKg: FORMAT, ssn: FORMAT });
    const noHeader = await callAs(f.officeAdminA1, metadata.updateMetadataForPatient, { body: {} });
    expect(noHeader.errors).toEqual({ patientid: REQUIRED });
    expect((await callAs(f.doctorA1, metadata.updateMetadataForPatient, { headers: { patientid: patient.id }, body: { ssn: '123-45-6789' } })).status).toBe(403);
    expect((await callAs(f.officeAdminA2, metadata.updateMetadataForPatient, { headers: { patientid: patient.id }, body: { weightInKg: 70 } })).status).toBe(404);
    expect((await callAs(f.orgAdminB, metadata.updateMetadataForPatient, { headers: { patientid: patient.id }, body: { weightInKg: 70 } })).status).toBe(404);
    expect(await t.ctx.db.select().from(patientMetadata).where(eq(patientMetadata.userId, patient.id))).toHaveLength(0);
  });
});

describe('doctor metadata', () => {
  it('GET doctormetadata/getmetadatafordoctor answers null before anything is recorded', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    const res = await callAs(f.officeAdminA1, metadata.getMetadataForDoctor, { headers: { doctorid: doctor.id } });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('PUT doctormetadata/updatemetadatafordoctor records licence, NPI and metadataInfo; the doctor may edit their own', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    const res = await callAs(doctor, metadata.updateMetadataForDoctor, { headers: { doctorid: doctor.id }, body: { licenceId: 'MD-778', npi: '1234567893', metadataInfo: { board: 'ABIM' } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      userId: doctor.id,
      licenceId: 'MD-778',
      npi: '1234567893',
      hospitalsAssignedData: [{ id: f.a1.id, hospitalName: f.a1.hospitalName }],
      spetializationData: [],
      metadataInfo: { board: 'ABIM' },
    });
    const again = await callAs(f.officeAdminA1, metadata.updateMetadataForDoctor, { headers: { doctorid: doctor.id }, body: { npi: '' } });
    expect(again.body).toMatchObject({ licenceId: 'MD-778', npi: '', metadataInfo: { board: 'ABIM' } });
    const read = await callAs(f.nurseA1, metadata.getMetadataForDoctor, { headers: { doctorid: doctor.id } });
    expect(read.body).toMatchObject({ userId: doctor.id, licenceId: 'MD-778', npi: '' });
    expect(await t.ctx.db.select().from(doctorMetadata).where(eq(doctorMetadata.userId, doctor.id))).toHaveLength(1);
  });

  it('updatemetadatafordoctor: 400 for an NPI failing the CMS check digit and a long licence', async () => {
    const res = await callAs(f.doctorA1, metadata.updateMetadataForDoctor, { headers: { doctorid: f.doctorA1.id }, body: { npi: '1234567890', licenceId: 'L'.repeat(51) } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ npi: FORMAT, licenceId: 'This field must be 50 characters or less' });
  });

  it("updatemetadatafordoctor: 403 for a colleague's record, 404 for other tenants and non-doctors", async () => {
    expect((await callAs(doctor2A1, metadata.updateMetadataForDoctor, { headers: { doctorid: f.doctorA1.id }, body: { licenceId: 'X' } })).status).toBe(403);
    expect((await callAs(f.nurseA1, metadata.updateMetadataForDoctor, { headers: { doctorid: f.doctorA1.id }, body: { licenceId: 'X' } })).status).toBe(403);
    expect((await callAs(f.officeAdminA1, metadata.updateMetadataForDoctor, { headers: { doctorid: f.doctorA2.id }, body: { licenceId: 'X' } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, metadata.updateMetadataForDoctor, { headers: { doctorid: f.doctorB1.id }, body: { licenceId: 'X' } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, metadata.updateMetadataForDoctor, { headers: { doctorid: f.nurseA1.id }, body: { licenceId: 'X' } })).status).toBe(404);
    expect(await t.ctx.db.select().from(doctorMetadata).where(eq(doctorMetadata.userId, f.doctorB1.id))).toHaveLength(0);
  });

  it('getmetadatafordoctor: 400 format, 404 for another office and organization', async () => {
    expect((await callAs(f.officeAdminA1, metadata.getMetadataForDoctor)).errors).toEqual({ doctorid: REQUIRED });
    expect((await callAs(f.nurseA1, metadata.getMetadataForDoctor, { headers: { doctorid: f.doctorA2.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminB, metadata.getMetadataForDoctor, { headers: { doctorid: f.doctorA1.id } })).status).toBe(404);
    expect((await callAs(f.patientA1, metadata.getMetadataForDoctor, { headers: { doctorid: f.doctorA1.id } })).status).toBe(404);
  });

  it('POST doctormetadata/assigndoctortomultiplespetializations adds SPECIALIZATION_TYPE verifiers, creating the record when missing', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    const res = await callAs(f.officeAdminA1, metadata.assignDoctorToMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology, dermatology] } });
    expect(res.status).toBe(200);
    expect(res.body.spetializationData).toEqual([
      { id: cardiology, lowValue: 'VIGIL_TEST_CARDIOLOGY', longDescription: 'Test cardiology', longDescriptionEsp: 'Cardiología de prueba' },
      { id: dermatology, lowValue: 'VIGIL_TEST_DERMATOLOGY', longDescription: 'Test dermatology', longDescriptionEsp: 'Dermatología de prueba' },
    ]);
    const again = await callAs(doctor, metadata.assignDoctorToMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology] } });
    expect(again.body.spetializationData.map((s: { id: number }) => s.id)).toEqual([cardiology, dermatology]);
  });

  it('assigndoctortomultiplespetializations: 400 for a verifier of another domain (nothing assigned) and an empty list, 403, 404', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    const other = await callAs(f.officeAdminA1, metadata.assignDoctorToMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology, notASpecialization] } });
    expect(other.status).toBe(400);
    expect(other.errors).toEqual({ specializationIds: 'Invalid id' });
    expect(await t.ctx.db.select().from(doctorSpecializations).innerJoin(doctorMetadata, eq(doctorMetadata.id, doctorSpecializations.doctorMetadataId)).where(eq(doctorMetadata.userId, doctor.id))).toHaveLength(0);
    const empty = await callAs(f.officeAdminA1, metadata.assignDoctorToMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [] } });
    expect(empty.errors).toEqual({ specializationIds: REQUIRED });
    expect((await callAs(doctor2A1, metadata.assignDoctorToMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology] } })).status).toBe(403);
    expect((await callAs(f.officeAdminA2, metadata.assignDoctorToMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology] } })).status).toBe(404);
    expect((await callAs(f.orgAdminB, metadata.assignDoctorToMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology] } })).status).toBe(404);
  });

  it('POST doctormetadata/deassigndoctorfrommultiplespetializations removes specializations', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    await callAs(f.officeAdminA1, metadata.assignDoctorToMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology, dermatology] } });
    const res = await callAs(f.officeAdminA1, metadata.deassignDoctorFromMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology] } });
    expect(res.status).toBe(200);
    expect(res.body.spetializationData.map((s: { id: number }) => s.id)).toEqual([dermatology]);
    const read = await callAs(f.doctorA1, metadata.getMetadataForDoctor, { headers: { doctorid: doctor.id } });
    expect(read.body!.spetializationData.map((s: { lowValue: string }) => s.lowValue)).toEqual(['VIGIL_TEST_DERMATOLOGY']);
  });

  it('deassigndoctorfrommultiplespetializations: 400 for another domain and bad ids, 404 for other tenants', async () => {
    const doctor = await newStaff(Role.DOCTOR, [f.a1.id]);
    await callAs(f.officeAdminA1, metadata.assignDoctorToMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology] } });
    const other = await callAs(f.officeAdminA1, metadata.deassignDoctorFromMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [notASpecialization] } });
    expect(other.status).toBe(400);
    expect(other.errors).toEqual({ specializationIds: 'Invalid id' });
    const format = await callAs(f.officeAdminA1, metadata.deassignDoctorFromMultipleSpecializations, { body: { doctorId: invalid('me'), specializationIds: [invalid('x')] } });
    expect(format.errors).toEqual({ doctorId: FORMAT, 'specializationIds.0': FORMAT });
    expect((await callAs(f.orgAdminB, metadata.deassignDoctorFromMultipleSpecializations, { body: { doctorId: doctor.id, specializationIds: [cardiology] } })).status).toBe(404);
    const still = await callAs(f.officeAdminA1, metadata.getMetadataForDoctor, { headers: { doctorid: doctor.id } });
    expect(still.body!.spetializationData.map((s: { id: number }) => s.id)).toEqual([cardiology]);
  });
});

describe('nurse metadata', () => {
  it('PUT nursemetadata/updatemetadatafornurse creates and updates the record; GET reads it', async () => {
    const nurse = await newStaff(Role.NURSE, [f.a1.id]);
    expect((await callAs(f.officeAdminA1, metadata.getMetadataForNurse, { headers: { nurseid: nurse.id } })).body).toBeNull();
    const res = await callAs(nurse, metadata.updateMetadataForNurse, { headers: { nurseid: nurse.id }, body: { licenceId: 'RN-55', metadataInfo: { shift: 'night' } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), userId: nurse.id, hospitalId: f.a1.id, licenceId: 'RN-55', metadataInfo: { shift: 'night' } });
    await callAs(f.officeAdminA1, metadata.updateMetadataForNurse, { headers: { nurseid: nurse.id }, body: { licenceId: 'RN-56' } });
    const read = await callAs(f.doctorA1, metadata.getMetadataForNurse, { headers: { nurseid: nurse.id } });
    expect(read.body).toMatchObject({ licenceId: 'RN-56', metadataInfo: { shift: 'night' } });
    expect(await t.ctx.db.select().from(nurseMetadata).where(eq(nurseMetadata.userId, nurse.id))).toHaveLength(1);
  });

  it('updatemetadatafornurse: 400 validation, 403 for a colleague, 404 for other tenants', async () => {
    const bad = await callAs(f.nurseA1, metadata.updateMetadataForNurse, { headers: { nurseid: f.nurseA1.id }, body: { licenceId: 'R'.repeat(51), metadataInfo: invalid('x') } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ licenceId: 'This field must be 50 characters or less', metadataInfo: FORMAT });
    expect((await callAs(f.doctorA1, metadata.updateMetadataForNurse, { headers: { nurseid: f.nurseA1.id }, body: { licenceId: 'X' } })).status).toBe(403);
    expect((await callAs(f.officeAdminA1, metadata.updateMetadataForNurse, { headers: { nurseid: nurseA2.id }, body: { licenceId: 'X' } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, metadata.updateMetadataForNurse, { headers: { nurseid: nurseB1.id }, body: { licenceId: 'X' } })).status).toBe(404);
    expect(await t.ctx.db.select().from(nurseMetadata).where(eq(nurseMetadata.userId, nurseB1.id))).toHaveLength(0);
  });

  it('getmetadatafornurse: 400 format, 404 for another office, organization and non-nurses', async () => {
    expect((await callAs(f.officeAdminA1, metadata.getMetadataForNurse, { headers: { nurseid: invalid('abc') } })).errors).toEqual({ nurseid: FORMAT });
    expect((await callAs(f.doctorA1, metadata.getMetadataForNurse, { headers: { nurseid: nurseA2.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, metadata.getMetadataForNurse, { headers: { nurseid: nurseB1.id } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, metadata.getMetadataForNurse, { headers: { nurseid: f.doctorA1.id } })).status).toBe(404);
  });
});
