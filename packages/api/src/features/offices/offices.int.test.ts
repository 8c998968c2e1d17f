import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role, offices, type RoleId } from '@vigil/contract';
import { callerFor, invalid, type CallQuery, type CallUser } from '../../../test/call-as';
import { createOffice, createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { hospitals, medicalTeamMembers, medicalTeams, patientMetadata, userHospitals, users } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
const callAs = callerFor(() => t, { signIn: 'api' });

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
});
afterAll(async () => t.close());

const ids = (items: { id: number }[]) => items.map((i) => i.id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

const officeBody = <V extends object>(values: V = {} as V) => ({
  hospitalName: 'Norte Clinic',
  hospitalNameESP: 'Clínica Norte',
  address: '1 Main St',
  addressLatitude: 42.36,
  addressLongitude: -71.06,
  city: 'Boston',
  state: 'MA',
  zip: '02118',
  country: 'US',
  phone: '(202) 456-1111',
  email: 'front@norte.example',
  timeZone: 'America/Chicago',
  rpmEnabled: true,
  rtmEnabled: true,
  ccmEnabled: false,
  assessmentsEnabled: true,
  ...values,
});

async function assignment(userId: number, hospitalId: number) {
  const [row] = await t.ctx.db
    .select()
    .from(userHospitals)
    .where(and(eq(userHospitals.userId, userId), eq(userHospitals.hospitalId, hospitalId)));
  return row ?? null;
}

/** A patient's medical team in an office, with members. */
async function teamFor(patientId: number, hospitalId: number, memberIds: number[]) {
  const [team] = await t.ctx.db.insert(medicalTeams).values({ patientId, hospitalId }).returning();
  if (memberIds.length) { await t.ctx.db.insert(medicalTeamMembers).values(memberIds.map((userId) => ({ medicalTeamId: team!.id, userId }))); }
  return team!;
}

/** A fresh office of organization A with its office admin. */
async function officeWithAdmin() {
  const o = await createOffice(t, f.orgA.id);
  const admin = await createUser(t, { role: Role.HOSPITAL_ADMIN, organizationId: f.orgA.id, offices: [o.id] });
  return { office: o, admin };
}

const newUser = (role: RoleId, offices: number[] = [], organizationId: number = f.orgA.id) => createUser(t, { role, organizationId, offices });

describe('GET hospital', () => {
  it('lists the offices in the caller\'s scope', async () => {
    const sys = await callAs(f.sysadmin, offices.findOffices, { query: { pageSize: 200 } });
    expect(ids(sys.body.items)).toEqual(expect.arrayContaining([f.a1.id, f.a2.id, f.b1.id]));
    const orgAdmin = await callAs(f.orgAdminA, offices.findOffices, { query: { pageSize: 200 } });
    expect(orgAdmin.body.items.map((o: { id: number }) => o.id)).not.toContain(f.b1.id);
    expect(orgAdmin.body.items.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([f.a1.id, f.a2.id]));
    for (const who of [f.officeAdminA1, f.doctorA1]) {
      const res = await callAs(who, offices.findOffices);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
      expect(res.body.items[0]).toMatchObject({
        id: f.a1.id,
        organizationId: f.orgA.id,
        organizationName: f.orgA.institutionName,
        hospitalName: f.a1.hospitalName,
        timeZone: 'America/New_York',
        rpmEnabled: true,
        rtmEnabled: false,
        ccmEnabled: false,
        assessmentsEnabled: false,
        status: 1,
      });
    }
  });

  it('filters by organization, searches by name and pages', async () => {
    const byOrg = await callAs(f.sysadmin, offices.findOffices, { query: { organizationId: f.orgB.id } });
    expect(ids(byOrg.body.items)).toEqual([f.b1.id]);
    const bySearch = await callAs(f.orgAdminA, offices.findOffices, { query: { search: f.a2.hospitalName } });
    expect(ids(bySearch.body.items)).toEqual([f.a2.id]);
    const page = await callAs(f.sysadmin, offices.findOffices, { query: { organizationId: f.orgA.id, pageSize: 1, page: 2, sort: '-id' } });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    const otherOrg = await callAs(f.orgAdminA, offices.findOffices, { query: { organizationId: f.orgB.id } });
    expect(otherOrg.body).toMatchObject({ items: [], total: 0 });
  });

  it('rejects a page size of 0', async () => {
    const res = await callAs(f.sysadmin, offices.findOffices, { query: { pageSize: 0 } });
    expect(res.status).toBe(400);
    expect(res.errors).toHaveProperty('pageSize');
  });
});

describe('GET hospital/landing', () => {
  it('answers the office with the most active patients among the caller\'s offices, not an empty or inactive one', async () => {
    const empty = await createOffice(t, f.orgA.id, { hospitalName: 'AAA Empty office' });
    const busy = await createOffice(t, f.orgA.id, { hospitalName: 'ZZZ Busy office' });
    const closed = await createOffice(t, f.orgA.id, { hospitalName: 'ZZZ Closed office', status: 0 });
    for (let i = 0; i < 3; i++) { await newUser(Role.PATIENT, [busy.id]); }
    for (let i = 0; i < 4; i++) { await newUser(Role.PATIENT, [empty.id], f.orgA.id).then((p) => t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, p.id))); }
    for (let i = 0; i < 5; i++) { await newUser(Role.PATIENT, [closed.id]); }
    const nurse = await newUser(Role.NURSE, [empty.id, busy.id, closed.id]);
    const res = await callAs(nurse, offices.getLandingOffice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ officeId: busy.id, monitoredPatients: 3 });
  });

  it('keeps to the caller\'s scope: another organization\'s busier office is not chosen', async () => {
    const other = await createOffice(t, f.orgB.id);
    for (let i = 0; i < 9; i++) { await newUser(Role.PATIENT, [other.id], f.orgB.id); }
    const res = await callAs(f.orgAdminA, offices.getLandingOffice);
    expect(res.body.officeId).not.toBe(other.id);
    const sys = await callAs(f.sysadmin, offices.getLandingOffice);
    expect(sys.body.monitoredPatients).toBeGreaterThanOrEqual(9);
  });

  it('answers null for a caller with no active office', async () => {
    const closed = await createOffice(t, f.orgA.id, { status: 0 });
    const doctor = await newUser(Role.DOCTOR, [closed.id]);
    const res = await callAs(doctor, offices.getLandingOffice);
    expect(res.body).toEqual({ officeId: null, monitoredPatients: 0 });
  });
});

describe('GET hospital/{id}', () => {
  it('returns an office in scope', async () => {
    const res = await callAs(f.officeAdminA1, offices.getOffice, { params: { id: f.a1.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: f.a1.id, hospitalName: f.a1.hospitalName, organizationId: f.orgA.id });
  });

  it('reads another office and another organization\'s office as not found', async () => {
    expect((await callAs(f.officeAdminA1, offices.getOffice, { params: { id: f.a2.id } })).status).toBe(404);
    const res = await callAs(f.orgAdminA, offices.getOffice, { params: { id: f.b1.id } });
    expect(res.status).toBe(404);
    expect(res.reply.json()).toMatchObject({ resFlag: false, data: null, msg: 'Invalid id' });
  });

  it('rejects id 0', async () => {
    expect((await callAs(f.sysadmin, offices.getOffice, { params: { id: invalid(0) } })).status).toBe(400);
  });
});

describe('POST hospital', () => {
  it('creates an office in the caller\'s organization with phone in E.164, time zone and program switches', async () => {
    const res = await callAs(f.orgAdminA, offices.createOffice, { body: officeBody({ organizationId: f.orgA.id, hospitalName: 'Sur Clinic' }) });
    expect(res.status).toBe(201);
    const created = res.body;
    expect(created).toMatchObject({
      organizationId: f.orgA.id,
      hospitalName: 'Sur Clinic',
      hospitalNameESP: 'Clínica Norte',
      phone: '+12024561111',
      email: 'front@norte.example',
      timeZone: 'America/Chicago',
      addressLatitude: 42.36,
      rpmEnabled: true,
      rtmEnabled: true,
      ccmEnabled: false,
      assessmentsEnabled: true,
      status: 1,
    });
    const list = await callAs(f.orgAdminA, offices.findOffices, { query: { pageSize: 200 } });
    expect(list.body.items.map((o: { id: number }) => o.id)).toContain(created.id);
  });

  it('answers 404 for an organization outside the caller\'s scope', async () => {
    const officesOfB = async () => (await t.ctx.db.select().from(hospitals).where(eq(hospitals.organizationId, f.orgB.id))).map((h) => h.id).sort();
    const before = await officesOfB();
    expect(before).toContain(f.b1.id);
    const res = await callAs(f.orgAdminA, offices.createOffice, { body: officeBody({ organizationId: f.orgB.id }) });
    expect(res.status).toBe(404);
    expect(await officesOfB()).toEqual(before);
  });

  it('answers the spec field messages for a missing name and organization, a bad phone and an unknown time zone', async () => {
    const res = await callAs(f.orgAdminA, offices.createOffice, { body: invalid(officeBody({ hospitalName: '', phone: '12345', timeZone: 'Mars/Olympus_Mons' })) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({
      organizationId: 'This field is required',
      hospitalName: 'This field is required',
      timeZone: 'This field needs to be formatted',
    });
    const phone = await callAs(f.orgAdminA, offices.createOffice, { body: officeBody({ organizationId: f.orgA.id, phone: '12345' }) });
    expect(phone.errors).toEqual({ phone: 'This field must be a valid phone number' });
  });
});

describe('PUT hospital/{id}', () => {
  it('lets an office admin update their office: time zone, switches and status', async () => {
    const { office: o, admin: officeAdmin } = await officeWithAdmin();
    const res = await callAs(officeAdmin, offices.updateOffice, { params: { id: o.id }, body: officeBody({ timeZone: 'Europe/Madrid', ccmEnabled: true, status: 0, phone: '912345678', country: 'ES' }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: o.id, organizationId: f.orgA.id, timeZone: 'Europe/Madrid', ccmEnabled: true, status: 0, phone: '+34912345678' });
    const [row] = await t.ctx.db.select().from(hospitals).where(eq(hospitals.id, o.id));
    expect(row).toMatchObject({ timeZone: 'Europe/Madrid', ccmEnabled: true, status: 0 });
  });

  it('answers 404 for another office and another organization\'s office', async () => {
    expect((await callAs(f.officeAdminA1, offices.updateOffice, { params: { id: f.a2.id }, body: officeBody() })).status).toBe(404);
    expect((await callAs(f.orgAdminA, offices.updateOffice, { params: { id: f.b1.id }, body: officeBody() })).status).toBe(404);
    const [b1] = await t.ctx.db.select().from(hospitals).where(eq(hospitals.id, f.b1.id));
    expect(b1!.hospitalName).toBe(f.b1.hospitalName);
  });

  it('rejects an unknown time zone', async () => {
    const res = await callAs(f.officeAdminA1, offices.updateOffice, { params: { id: f.a1.id }, body: officeBody({ timeZone: 'Eastern' }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ timeZone: 'This field needs to be formatted' });
  });
});

describe('DELETE hospital/{id}', () => {
  it('deletes an office without patients, with its staff assignments', async () => {
    const o = await createOffice(t, f.orgA.id);
    const nurse = await newUser(Role.NURSE, [o.id]);
    const res = await callAs(f.orgAdminA, offices.deleteOffice, { params: { id: o.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: o.id });
    expect(await assignment(nurse.id, o.id)).toBeNull();
    expect((await callAs(f.orgAdminA, offices.getOffice, { params: { id: o.id } })).status).toBe(404);
  });

  it('refuses with 409 while patients are assigned', async () => {
    const o = await createOffice(t, f.orgA.id);
    await newUser(Role.PATIENT, [o.id]);
    const res = await callAs(f.orgAdminA, offices.deleteOffice, { params: { id: o.id } });
    expect(res.status).toBe(409);
    expect(res.code).toBe('conflict');
    expect((await callAs(f.orgAdminA, offices.getOffice, { params: { id: o.id } })).status).toBe(200);
  });

  it('answers 404 for another organization\'s office and 400 for a bad id', async () => {
    expect((await callAs(f.orgAdminA, offices.deleteOffice, { params: { id: f.b1.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, offices.deleteOffice, { params: { id: invalid('x') } })).status).toBe(400);
  });
});

describe('POST hospital/assignusertohospital', () => {
  it('assigns a user, idempotently', async () => {
    const nurse = await newUser(Role.NURSE);
    for (let i = 0; i < 2; i++) {
      const res = await callAs(f.orgAdminA, offices.assignUserToOffice, { body: { hospitalId: f.a1.id, userId: nurse.id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ hospitalId: f.a1.id, userId: nurse.id, isAdmin: false });
    }
    const rows = await t.ctx.db.select().from(userHospitals).where(eq(userHospitals.userId, nurse.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for a user or an office outside the caller\'s scope', async () => {
    expect((await callAs(f.officeAdminA1, offices.assignUserToOffice, { body: { hospitalId: f.a1.id, userId: f.doctorA2.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, offices.assignUserToOffice, { body: { hospitalId: f.a1.id, userId: f.doctorB1.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, offices.assignUserToOffice, { body: { hospitalId: f.b1.id, userId: f.doctorA1.id } })).status).toBe(404);
    expect(await assignment(f.doctorB1.id, f.a1.id)).toBeNull();
    expect(await assignment(f.doctorA1.id, f.b1.id)).toBeNull();
  });

  it('refuses with 409 to put a user of another organization in an office, even for a system admin', async () => {
    const res = await callAs(f.sysadmin, offices.assignUserToOffice, { body: { hospitalId: f.a1.id, userId: f.doctorB1.id } });
    expect(res.status).toBe(409);
  });

  it('requires both ids', async () => {
    const res = await callAs(f.orgAdminA, offices.assignUserToOffice, { body: { hospitalId: f.a1.id, userId: null } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ userId: 'This field is required' });
  });
});

describe('POST hospital/deassignuserfromhospital', () => {
  it('removes the assignment and the user\'s memberships in that office\'s medical teams, idempotently', async () => {
    const nurse = await newUser(Role.NURSE, [f.a1.id, f.a2.id]);
    const patient = await newUser(Role.PATIENT, [f.a1.id, f.a2.id]);
    const teamA1 = await teamFor(patient.id, f.a1.id, [nurse.id, f.doctorA1.id]);
    const teamA2 = await teamFor(patient.id, f.a2.id, [nurse.id]);
    const res = await callAs(f.orgAdminA, offices.deassignUserFromOffice, { body: { hospitalId: f.a1.id, userId: nurse.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hospitalId: f.a1.id, userIds: [nurse.id], removed: 1 });
    expect(await assignment(nurse.id, f.a1.id)).toBeNull();
    expect(await assignment(nurse.id, f.a2.id)).not.toBeNull();
    const members = await t.ctx.db.select().from(medicalTeamMembers).where(eq(medicalTeamMembers.userId, nurse.id));
    expect(members.map((m) => m.medicalTeamId)).toEqual([teamA2.id]);
    const a1Members = await t.ctx.db.select().from(medicalTeamMembers).where(eq(medicalTeamMembers.medicalTeamId, teamA1.id));
    expect(a1Members.map((m) => m.userId)).toEqual([f.doctorA1.id]);

    const again = await callAs(f.orgAdminA, offices.deassignUserFromOffice, { body: { hospitalId: f.a1.id, userId: nurse.id } });
    expect(again.body.removed).toBe(0);
  });

  it('answers 404 for another organization\'s user', async () => {
    expect((await callAs(f.orgAdminA, offices.deassignUserFromOffice, { body: { hospitalId: f.b1.id, userId: f.doctorB1.id } })).status).toBe(404);
    expect(await assignment(f.doctorB1.id, f.b1.id)).not.toBeNull();
  });

  it('rejects a text user id', async () => {
    const res = await callAs(f.orgAdminA, offices.deassignUserFromOffice, { body: { hospitalId: f.a1.id, userId: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ userId: 'This field needs to be formatted' });
  });
});

describe('POST hospital/assignadmintohospital and deassignadminfromhospital', () => {
  it('assigns an office admin as admin and removes them again', async () => {
    const admin = await newUser(Role.HOSPITAL_ADMIN, [f.a1.id]);
    await t.ctx.db.update(userHospitals).set({ isAdmin: false }).where(eq(userHospitals.userId, admin.id));
    const res = await callAs(f.orgAdminA, offices.assignAdminToOffice, { body: { hospitalId: f.a2.id, userId: admin.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hospitalId: f.a2.id, userId: admin.id, isAdmin: true });
    const raised = await callAs(f.orgAdminA, offices.assignAdminToOffice, { body: { hospitalId: f.a1.id, userId: admin.id } });
    expect(raised.body.isAdmin).toBe(true);
    expect((await assignment(admin.id, f.a1.id))!.isAdmin).toBe(true);

    const removed = await callAs(f.orgAdminA, offices.deassignAdminFromOffice, { body: { hospitalId: f.a2.id, userId: admin.id } });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ hospitalId: f.a2.id, userIds: [admin.id], removed: 1 });
    expect(await assignment(admin.id, f.a2.id)).toBeNull();
  });

  it('rejects a user who is not an office admin (role 6)', async () => {
    for (const ep of [offices.assignAdminToOffice, offices.deassignAdminFromOffice]) {
      const res = await callAs(f.orgAdminA, ep, { body: { hospitalId: f.a1.id, userId: f.doctorA1.id } });
      expect(res.status).toBe(400);
      expect(res.errors).toEqual({ userId: 'Invalid' });
    }
    expect((await assignment(f.doctorA1.id, f.a1.id))!.isAdmin).toBe(false);
  });

  it('answers 404 for another organization\'s office', async () => {
    const admin = await newUser(Role.HOSPITAL_ADMIN, [f.a1.id]);
    expect((await callAs(f.orgAdminA, offices.assignAdminToOffice, { body: { hospitalId: f.b1.id, userId: admin.id } })).status).toBe(404);
    expect((await callAs(f.officeAdminA1, offices.deassignAdminFromOffice, { body: { hospitalId: f.a2.id, userId: f.officeAdminA2.id } })).status).toBe(404);
  });

  it('requires the office id', async () => {
    const res = await callAs(f.orgAdminA, offices.assignAdminToOffice, { body: invalid({ userId: f.officeAdminA1.id }) });
    expect(res.errors).toEqual({ hospitalId: 'This field is required' });
  });
});

describe('POST hospital/assignpatienttohospital and assigndoctortohospital', () => {
  it('lets an office admin assign a patient of their office to another office they run', async () => {
    const { office: o, admin } = await officeWithAdmin();
    await t.ctx.db.insert(userHospitals).values({ userId: admin.id, hospitalId: f.a1.id, isAdmin: true });
    const res = await callAs(admin, offices.assignPatientToOffice, { body: { hospitalId: o.id, userId: f.patientA1.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hospitalId: o.id, userId: f.patientA1.id, isAdmin: false });
  });

  it('assigns a doctor', async () => {
    const doctor = await newUser(Role.DOCTOR);
    const res = await callAs(f.orgAdminA, offices.assignDoctorToOffice, { body: { hospitalId: f.a2.id, userId: doctor.id } });
    expect(res.body).toEqual({ hospitalId: f.a2.id, userId: doctor.id, isAdmin: false });
    expect(await assignment(doctor.id, f.a2.id)).not.toBeNull();
  });

  it('rejects the wrong role: a doctor as patient, a nurse as doctor', async () => {
    const patient = await callAs(f.orgAdminA, offices.assignPatientToOffice, { body: { hospitalId: f.a2.id, userId: f.doctorA1.id } });
    expect(patient.status).toBe(400);
    expect(patient.errors).toEqual({ userId: 'Invalid' });
    const doctor = await callAs(f.orgAdminA, offices.assignDoctorToOffice, { body: { hospitalId: f.a2.id, userId: f.nurseA1.id } });
    expect(doctor.status).toBe(400);
    expect(await assignment(f.nurseA1.id, f.a2.id)).toBeNull();
  });

  it('answers 404 for another office\'s patient and another organization\'s doctor', async () => {
    expect((await callAs(f.officeAdminA1, offices.assignPatientToOffice, { body: { hospitalId: f.a1.id, userId: f.patientA2.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, offices.assignDoctorToOffice, { body: { hospitalId: f.a1.id, userId: f.doctorB1.id } })).status).toBe(404);
    expect(await assignment(f.patientA2.id, f.a1.id)).toBeNull();
  });
});

describe('POST hospital/assignmultipleuserstohospital', () => {
  it('assigns several users in one call, office admins as admins', async () => {
    const nurse = await newUser(Role.NURSE);
    const admin = await newUser(Role.HOSPITAL_ADMIN);
    const res = await callAs(f.orgAdminA, offices.assignMultipleUsersToOffice, { body: { hospitalId: f.a2.id, userIds: [nurse.id, admin.id, nurse.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { hospitalId: f.a2.id, userId: nurse.id, isAdmin: false },
      { hospitalId: f.a2.id, userId: admin.id, isAdmin: true },
    ]);
  });

  it('assigns none when one user is out of scope', async () => {
    const nurse = await newUser(Role.NURSE);
    const res = await callAs(f.orgAdminA, offices.assignMultipleUsersToOffice, { body: { hospitalId: f.a2.id, userIds: [nurse.id, f.doctorB1.id] } });
    expect(res.status).toBe(404);
    expect(await assignment(nurse.id, f.a2.id)).toBeNull();
  });

  it('requires at least one user', async () => {
    const res = await callAs(f.orgAdminA, offices.assignMultipleUsersToOffice, { body: { hospitalId: f.a2.id, userIds: [] } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ userIds: 'This field is required' });
  });
});

describe('GET hospital/getrelatedmedicalstaffforhospital (V1, V2, V3)', () => {
  const a1Staff = () => sorted([f.officeAdminA1.id, f.doctorA1.id, f.nurseA1.id, f.caregiverA1.id]);

  it('V1 lists the doctors, nurses, caregivers and office admins of the office, not its patients', async () => {
    const { office: o, admin: officeAdmin } = await officeWithAdmin();
    const doctor = await newUser(Role.DOCTOR, [o.id]);
    const nurse = await newUser(Role.NURSE, [o.id]);
    const caregiver = await newUser(Role.CARE_GIVER, [o.id]);
    await newUser(Role.PATIENT, [o.id]);
    const res = await callAs(officeAdmin, offices.findOfficeMedicalStaff, { headers: { hospitalid: o.id } });
    expect(res.status).toBe(200);
    const admin = res.body.find((u: { roleId: number }) => u.roleId === Role.HOSPITAL_ADMIN);
    expect(ids(res.body)).toEqual(sorted([doctor.id, nurse.id, caregiver.id, admin!.id]));
    expect(admin!.hospitalsAssignedData).toEqual([{ id: o.id, hospitalName: o.hospitalName, organizationId: f.orgA.id, isAdmin: true }]);
    const nurses = await callAs(officeAdmin, offices.findOfficeMedicalStaff, { headers: { hospitalid: o.id }, query: { roleId: 4 } });
    expect(ids(nurses.body)).toEqual([nurse.id]);
  });

  it('V2 pages, searches by name and filters by role', async () => {
    const all = await callAs(f.officeAdminA1, offices.findOfficeMedicalStaffV2, { headers: { hospitalid: f.a1.id }, query: { pageSize: 2, sort: 'lastName' } });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    expect(all.body.items).toHaveLength(2);
    const found = await callAs(f.officeAdminA1, offices.findOfficeMedicalStaffV2, { headers: { hospitalid: f.a1.id }, query: { search: f.doctorA1.lastName } });
    expect(ids(found.body.items)).toEqual([f.doctorA1.id]);
    expect(found.body.items[0]).not.toHaveProperty('patientCount');
    const caregivers = await callAs(f.officeAdminA1, offices.findOfficeMedicalStaffV2, { headers: { hospitalid: f.a1.id }, query: { roleId: 7 } });
    expect(ids(caregivers.body.items)).toEqual([f.caregiverA1.id]);
  });

  it('V3 adds each member\'s patient count: their medical teams in that office', async () => {
    const { office: o, admin: officeAdmin } = await officeWithAdmin();
    const doctor = await newUser(Role.DOCTOR, [o.id, f.a1.id]);
    const nurse = await newUser(Role.NURSE, [o.id]);
    const p1 = await newUser(Role.PATIENT, [o.id]);
    const p2 = await newUser(Role.PATIENT, [o.id, f.a1.id]);
    await teamFor(p1.id, o.id, [doctor.id, nurse.id]);
    await teamFor(p2.id, o.id, [doctor.id]);
    await teamFor(p2.id, f.a1.id, [doctor.id]); // another office: not counted
    const res = await callAs(officeAdmin, offices.findOfficeMedicalStaffV3, { headers: { hospitalid: o.id }, query: { sort: '-patientCount' } });
    expect(res.status).toBe(200);
    const counts = res.body.items.map((u: { id: number; patientCount: number }) => [u.id, u.patientCount]);
    expect(counts.slice(0, 2)).toEqual([
      [doctor.id, 2],
      [nurse.id, 1],
    ]);
    expect(counts[2]![1]).toBe(0);
    const doctorView = res.body.items[0];
    expect(doctorView!.hospitalsAssignedData.map((h: { id: number }) => h.id)).toEqual([o.id]); // a1 is outside this admin's scope
  });

  it('reads another office as not found, for every version', async () => {
    for (const ep of [offices.findOfficeMedicalStaff, offices.findOfficeMedicalStaffV2, offices.findOfficeMedicalStaffV3]) {
      expect((await callAs(f.officeAdminA1, ep, { headers: { hospitalid: f.a2.id } })).status).toBe(404);
      expect((await callAs(f.orgAdminA, ep, { headers: { hospitalid: f.b1.id } })).status).toBe(404);
    }
    const mine = await callAs(f.doctorA1, offices.findOfficeMedicalStaffV2, { headers: { hospitalid: f.a1.id }, query: { pageSize: 200 } });
    expect(ids(mine.body.items)).toEqual(expect.arrayContaining(a1Staff()));
    expect(ids(mine.body.items)).not.toContain(f.doctorA2.id);
  });

  it('requires the hospitalid header and a staff role filter', async () => {
    const noHeader = await callAs(f.officeAdminA1, offices.findOfficeMedicalStaff);
    expect(noHeader.status).toBe(400);
    expect(noHeader.errors).toEqual({ hospitalid: 'This field is required' });
    const badRole = await callAs(f.officeAdminA1, offices.findOfficeMedicalStaffV2, { headers: { hospitalid: f.a1.id }, query: { roleId: 5 } });
    expect(badRole.errors).toEqual({ roleId: 'This field needs to be formatted' });
    const badSort = await callAs(f.officeAdminA1, offices.findOfficeMedicalStaffV2, { headers: { hospitalid: f.a1.id }, query: { sort: 'patientCount' } });
    expect(badSort.status).toBe(400);
  });
});

describe('GET hospital/getrelatedpatientsforhospitalv2 and v4', () => {
  let o: { id: number };
  let admin: CallUser;
  let doctor: { id: number; firstName: string; lastName: string };
  let nurse: { id: number; firstName: string; lastName: string };
  let patients: { id: number; lastName: string }[];

  beforeAll(async () => {
    const setup = await officeWithAdmin();
    o = setup.office;
    admin = setup.admin;
    doctor = await newUser(Role.DOCTOR, [o.id]);
    nurse = await newUser(Role.NURSE, [o.id]);
    const caregiver = await newUser(Role.CARE_GIVER, [o.id]);
    patients = [];
    for (const [i, lastName] of ['Alvarez', 'Brown', 'Castillo', 'Diaz'].entries()) {
      const p = await createUser(t, {
        role: Role.PATIENT,
        organizationId: f.orgA.id,
        offices: [o.id],
        status: i === 3 ? 0 : 1,
        values: { firstName: 'Ana', lastName, birthdate: `198${i}-0${i + 1}-15`, gender: 'F', phone: '+12024561111' },
      });
      await t.ctx.db.insert(patientMetadata).values({
        userId: p.id,
        patientIdentifier: `PID-${lastName}`,
        medicalRegistrationNumber: `MRN-${i}`,
        ssn: '123-45-6789',
      });
      patients.push(p);
    }
    await teamFor(patients[0]!.id, o.id, [doctor.id, nurse.id, caregiver.id]);
  });

  it('v4 returns the /patients row per patient with identifier, record number and team names, never the SSN', async () => {
    const res = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id } });
    expect(res.status).toBe(200);
    expect(res.reply.body).not.toContain('123-45-6789');
    expect(res.reply.body).not.toContain('ssn');
    const data = res.body;
    expect(data).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(data.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Alvarez', 'Brown', 'Castillo', 'Diaz']);
    expect(data.items[0]).toEqual({
      id: patients[0]!.id,
      firstName: 'Ana',
      lastName: 'Alvarez',
      birthdate: '1980-01-15',
      gender: 'F',
      status: 1,
      phone: '+12024561111',
      email: expect.stringContaining('@example.test'),
      patientIdentifier: 'PID-Alvarez',
      medicalRegistrationNumber: 'MRN-0',
      medicalTeam: [
        { userId: doctor.id, firstName: doctor.firstName, lastName: doctor.lastName, roleId: Role.DOCTOR },
        { userId: nurse.id, firstName: nurse.firstName, lastName: nurse.lastName, roleId: Role.NURSE },
      ],
      // The triage figures of a patient with no reading, time, alert or enrolment (patient-list.int.test.ts).
      lastReading: null,
      readingDays: 0,
      devicePeriod: null,
      careSeconds: 0,
      openAlerts: { caution: 0, critical: 0 },
      programs: [],
    });
    expect(data.items[1]!.medicalTeam).toEqual([]);
  });

  it('v4 pages with the full total, sorts, searches by name or identifier and filters by status', async () => {
    const page2 = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id }, query: { pageSize: 3, page: 2, sort: '-lastName' } });
    expect(page2.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Alvarez']);
    const beyond = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id }, query: { pageSize: 3, page: 5 } });
    expect(beyond.body).toMatchObject({ items: [], total: 4 });
    const byId = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id }, query: { search: 'pid-cast' } });
    expect(byId.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Castillo']);
    const byName = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id }, query: { search: 'ana brown' } });
    expect(byName.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Brown']);
    const inactive = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id }, query: { status: 0 } });
    expect(inactive.body).toMatchObject({ total: 1, items: [expect.objectContaining({ lastName: 'Diaz', status: 0 })] });
    const wildcard = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id }, query: { search: '%' } });
    expect(wildcard.body.total).toBe(0);
  });

  it('v4 searches "last first", pages a search with its total, and counts by the role the database copies onto assignments', async () => {
    const reversed = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id }, query: { search: 'BROWN ana' } });
    expect(reversed.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Brown']);
    const searchPage = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id }, query: { search: 'ana', pageSize: 2, page: 2, sort: '-lastName' } });
    expect(searchPage.body).toMatchObject({ total: 4, page: 2 });
    expect(searchPage.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Brown', 'Alvarez']);
    // Filled on insert from the user's role, and kept equal to it by the (user_id, role_id) foreign key.
    const [row] = await t.ctx.db.select({ roleId: userHospitals.roleId }).from(userHospitals).where(eq(userHospitals.userId, patients[1]!.id));
    expect(row!.roleId).toBe(Role.PATIENT);
    await t.ctx.db.update(users).set({ roleId: Role.CARE_GIVER }).where(eq(users.id, patients[1]!.id));
    const after = await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id } });
    expect(after.body.total).toBe(3);
    expect(after.body.items.map((p: { lastName: string }) => p.lastName)).not.toContain('Brown');
    await t.ctx.db.update(users).set({ roleId: Role.PATIENT }).where(eq(users.id, patients[1]!.id));
    expect((await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id } })).body.total).toBe(4);
    // The names the list is sorted and paged by follow a rename (ON UPDATE CASCADE), in both directions.
    await t.ctx.db.update(users).set({ lastName: 'Zapata' }).where(eq(users.id, patients[1]!.id));
    const names = async (query: CallQuery<typeof offices.findOfficePatientsV4>) =>
      (await callAs(admin, offices.findOfficePatientsV4, { headers: { hospitalid: o.id }, query })).body.items.map((p) => p.lastName);
    expect(await names({ pageSize: 2, page: 2 })).toEqual(['Diaz', 'Zapata']);
    expect(await names({ pageSize: 3, sort: '-lastName' })).toEqual(['Zapata', 'Diaz', 'Castillo']);
    await t.ctx.db.update(users).set({ lastName: 'Brown' }).where(eq(users.id, patients[1]!.id));
    expect(await names({ sort: 'lastName' })).toEqual(['Alvarez', 'Brown', 'Castillo', 'Diaz']);
  });

  it('v2 returns the patients as User shapes with metadata but no SSN', async () => {
    const res = await callAs(admin, offices.findOfficePatientsV2, { headers: { hospitalid: o.id }, query: { sort: '-lastName', pageSize: 2 } });
    expect(res.status).toBe(200);
    expect(res.reply.body).not.toContain('123-45-6789');
    const data = res.body;
    expect(data).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(data.items.map((u: { lastName: string }) => u.lastName)).toEqual(['Diaz', 'Castillo']);
    expect(data.items[1]).toMatchObject({
      roleId: Role.PATIENT,
      patientMetadata: { patientIdentifier: 'PID-Castillo', medicalRegistrationNumber: 'MRN-2' },
      hospitalsAssignedData: [expect.objectContaining({ id: o.id })],
    });
    expect(data.items[1]!.patientMetadata).not.toHaveProperty('ssn');
    const active = await callAs(admin, offices.findOfficePatientsV2, { headers: { hospitalid: o.id }, query: { status: 1, search: 'MRN-1' } });
    expect(active.body.items.map((u: { lastName: string }) => u.lastName)).toEqual(['Brown']);
  });

  it('lets the office admin of a1 see a1\'s patients but not a2\'s', async () => {
    for (const ep of [offices.findOfficePatientsV2, offices.findOfficePatientsV4]) {
      const mine = await callAs(f.officeAdminA1, ep, { headers: { hospitalid: f.a1.id } });
      const mineIds = mine.body.items.map((p: { id: number }) => p.id);
      expect(mineIds).toContain(f.patientA1.id);
      expect(mineIds).not.toContain(f.patientA2.id);
      expect(mineIds).not.toContain(f.patientB1.id);
      const other = await callAs(f.officeAdminA1, ep, { headers: { hospitalid: f.a2.id } });
      expect(other.status).toBe(404);
      expect(other.body).toBeNull();
      expect((await callAs(f.doctorA2, ep, { headers: { hospitalid: f.a1.id } })).status).toBe(404);
      expect((await callAs(f.orgAdminA, ep, { query: { hospitalid: f.b1.id } })).status).toBe(404);
    }
  });

  it('rejects an unknown status and an oversized page', async () => {
    for (const ep of [offices.findOfficePatientsV2, offices.findOfficePatientsV4]) {
      const res = await callAs(admin, ep, { headers: { hospitalid: o.id }, query: { status: invalid(9), pageSize: 1000 } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.errors ?? {}).sort()).toEqual(['pageSize', 'status']);
    }
  });
});

describe('DELETE hospital/deassigmedicalstafffromhospitalv2 and deassigmultiplemedicalstafffromhospitalv2', () => {
  it('removes a staff member from the office and its medical teams', async () => {
    const doctor = await newUser(Role.DOCTOR, [f.a1.id]);
    const patient = await newUser(Role.PATIENT, [f.a1.id]);
    const team = await teamFor(patient.id, f.a1.id, [doctor.id, f.nurseA1.id]);
    const res = await callAs(f.officeAdminA1, offices.deassignMedicalStaffFromOfficeV2, { body: { hospitalId: f.a1.id, userId: doctor.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hospitalId: f.a1.id, userIds: [doctor.id], removed: 1 });
    expect(await assignment(doctor.id, f.a1.id)).toBeNull();
    const members = await t.ctx.db.select().from(medicalTeamMembers).where(eq(medicalTeamMembers.medicalTeamId, team.id));
    expect(members.map((m) => m.userId)).toEqual([f.nurseA1.id]);
  });

  it('removes several staff members in one transaction, and none when one is out of scope', async () => {
    const d = await newUser(Role.DOCTOR, [f.a1.id]);
    const n = await newUser(Role.NURSE, [f.a1.id]);
    const refused = await callAs(f.officeAdminA1, offices.deassignMultipleMedicalStaffFromOfficeV2, { body: {
      hospitalId: f.a1.id,
      userIds: [d.id, f.doctorA2.id],
    } });
    expect(refused.status).toBe(404);
    expect(refused.msg).toBe('Error while deassigning medical staff!');
    expect(await assignment(d.id, f.a1.id)).not.toBeNull();

    const res = await callAs(f.officeAdminA1, offices.deassignMultipleMedicalStaffFromOfficeV2, { body: { hospitalId: f.a1.id, userIds: [d.id, n.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hospitalId: f.a1.id, userIds: [d.id, n.id], removed: 2 });
    expect(await assignment(d.id, f.a1.id)).toBeNull();
    expect(await assignment(n.id, f.a1.id)).toBeNull();
  });

  it('fails with the spec message for another organization\'s office and for a patient', async () => {
    const other = await callAs(f.orgAdminA, offices.deassignMedicalStaffFromOfficeV2, { body: { hospitalId: f.b1.id, userId: f.doctorB1.id } });
    expect(other.status).toBe(404);
    expect(other.reply.json()).toMatchObject({ msg: 'Error while deassigning medical staff!', code: 'errorDeassigningStaff' });
    expect(await assignment(f.doctorB1.id, f.b1.id)).not.toBeNull();
    const patient = await callAs(f.officeAdminA1, offices.deassignMedicalStaffFromOfficeV2, { body: { hospitalId: f.a1.id, userId: f.patientA1.id } });
    expect(patient.status).toBe(400);
    expect(patient.msg).toBe('Error while deassigning medical staff!');
    expect(await assignment(f.patientA1.id, f.a1.id)).not.toBeNull();
  });

  it('validates the body', async () => {
    const one = await callAs(f.officeAdminA1, offices.deassignMedicalStaffFromOfficeV2, { body: invalid({ hospitalId: f.a1.id }) });
    expect(one.status).toBe(400);
    expect(one.errors).toEqual({ userId: 'This field is required' });
    const many = await callAs(f.officeAdminA1, offices.deassignMultipleMedicalStaffFromOfficeV2, { body: { hospitalId: f.a1.id, userIds: [invalid('x')] } });
    expect(many.status).toBe(400);
    expect(many.errors).toHaveProperty(['userIds.0']);
  });
});
