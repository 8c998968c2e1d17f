import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { Role, auth, isMfaChallenge, offices } from '@vigil/contract';
import { anonymous, callerFor } from '../../test/call-as';
import { createTestApp, type TestApp } from '../../test/setup';
import { repoRoot } from '../config/index';
import { buildScope } from '../features/auth/auth.repo';
import { userFilter } from '../db/scope';
import { hospitals, medicalTeamMembers, medicalTeams, organizations, userHospitals, users } from '../db/schema/index';
import { importFhir } from '../features/import/import.service';
import { DEMO_PASSWORD, DEMO_SECOND_OFFICE_NAME, DEMO_USERNAMES, seedDemo } from './demo';

const shared = path.resolve(repoRoot, '../shared/data/synthea-r4/fhir');
const syntheaDir = fs.existsSync(shared) ? shared : path.join(repoRoot, 'demo-data/synthea-r4/fhir');

/** Signs `username` in to app `t` through POST auth/signinv3 with the demo password (what the demo's logins are for). */
const signIn = (t: TestApp, username: string) =>
  callerFor(() => t)(anonymous, auth.signInV3, { body: { username, password: DEMO_PASSWORD, ip: '127.0.0.1' } });

async function userByName(t: TestApp, username: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.username, username));
  return u!;
}

async function officesOf(t: TestApp, userId: number) {
  const rows = await t.ctx.db.select({ id: userHospitals.hospitalId, isAdmin: userHospitals.isAdmin }).from(userHospitals).where(eq(userHospitals.userId, userId));
  return rows;
}

/** The patients a user may see through the tenancy filter of db/scope.ts. */
async function visiblePatients(t: TestApp, username: string): Promise<number[]> {
  const u = await userByName(t, username);
  const scope = await buildScope(t.ctx.db, u, 0);
  const rows = await t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, Role.PATIENT), userFilter(scope, users.id)));
  return rows.map((r) => r.id);
}

async function patientsOfOffice(t: TestApp, hospitalId: number): Promise<number[]> {
  const rows = await t.ctx.db
    .select({ id: users.id })
    .from(userHospitals)
    .innerJoin(users, eq(users.id, userHospitals.userId))
    .where(and(eq(userHospitals.hospitalId, hospitalId), eq(users.roleId, Role.PATIENT)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe('seedDemo with the Synthea demo data', () => {
  let t: TestApp;
  let result: { created: boolean; summary: string };

  beforeAll(async () => {
    t = await createTestApp({ demoDataDirs: ['/nonexistent/vigil-demo', syntheaDir] });
    result = await seedDemo(t.ctx);
  });
  afterAll(async () => t?.close());

  it('imports the first existing demo folder and creates the eight demo logins with their roles', async () => {
    expect(result.created).toBe(true);
    expect(result.summary).toContain('created 730');
    const rows = await t.ctx.db
      .select({ username: users.username, roleId: users.roleId, status: users.status, language: users.language })
      .from(users)
      .where(inArray(users.username, [...DEMO_USERNAMES]));
    const byName = Object.fromEntries(rows.map((r) => [r.username, r]));
    expect(Object.keys(byName).sort()).toEqual([...DEMO_USERNAMES].sort());
    expect(byName.sysadmin).toMatchObject({ roleId: Role.SYSTEM_ADMIN, status: 1, language: 'ENG' });
    expect(byName.orgadmin).toMatchObject({ roleId: Role.ORGANIZATION_ADMIN, language: 'ESP' });
    expect(byName.officeadmin).toMatchObject({ roleId: Role.HOSPITAL_ADMIN });
    expect(byName.doctor).toMatchObject({ roleId: Role.DOCTOR });
    expect(byName.nurse).toMatchObject({ roleId: Role.NURSE });
    expect(byName.caregiver).toMatchObject({ roleId: Role.CARE_GIVER });
    expect(byName.patient).toMatchObject({ roleId: Role.PATIENT, status: 1, language: 'ESP' });
    expect(byName.doctor2).toMatchObject({ roleId: Role.DOCTOR });
  });

  it('lets the staff logins sign in with VigilDemo#2026; patient and caregiver are refused by the staff app', async () => {
    for (const u of ['sysadmin', 'orgadmin', 'officeadmin', 'doctor', 'nurse', 'doctor2']) {
      const res = await signIn(t, u);
      expect(res.status, u).toBe(200);
    }
    const patient = await signIn(t, 'patient');
    expect(patient.status).toBe(403);
    expect(patient.msg).toBe('You cannot authenticate as a Patient!');
    expect((await signIn(t, 'caregiver')).status).toBe(403);
  });

  it('makes office #1 the office with the most imported patients (Tewksbury Hospital), administered by officeadmin', async () => {
    const officeadmin = await userByName(t, 'officeadmin');
    const [assigned] = await officesOf(t, officeadmin.id);
    expect(assigned!.isAdmin).toBe(true);
    const [office1] = await t.ctx.db.select().from(hospitals).where(eq(hospitals.id, assigned!.id));
    expect(office1!.hospitalName).toBe('TEWKSBURY HOSPITAL');
    expect(await patientsOfOffice(t, office1!.id)).toHaveLength(2);
    const orgadmin = await userByName(t, 'orgadmin');
    expect(orgadmin.organizationId).toBe(office1!.organizationId);
  });

  it("gives an imported patient of office #1 the username 'patient', and puts doctor and nurse on every team of office #1, the caregiver on the patient's", async () => {
    const office1 = (await officesOf(t, (await userByName(t, 'officeadmin')).id))[0]!.id;
    const patient = await userByName(t, 'patient');
    expect(patient.externalRef).toMatch(/^Patient\//);
    expect(await patientsOfOffice(t, office1)).toContain(patient.id);
    const teams = await t.ctx.db.select({ id: medicalTeams.id, patientId: medicalTeams.patientId }).from(medicalTeams).where(eq(medicalTeams.hospitalId, office1));
    expect(teams).toHaveLength(2);
    const ids = await Promise.all(['doctor', 'nurse', 'caregiver'].map(async (u) => (await userByName(t, u)).id));
    for (const team of teams) {
      const members = (await t.ctx.db.select({ userId: medicalTeamMembers.userId }).from(medicalTeamMembers).where(eq(medicalTeamMembers.medicalTeamId, team.id))).map((m) => m.userId);
      expect(members).toEqual(expect.arrayContaining(ids.slice(0, 2)));
      expect(members.includes(ids[2]!)).toBe(team.patientId === patient.id);
    }
  });

  it("puts doctor2 in a second office with its own patients: doctor2 sees none of office #1's patients, doctor sees them", async () => {
    const office1 = (await officesOf(t, (await userByName(t, 'officeadmin')).id))[0]!.id;
    const doctor2 = await userByName(t, 'doctor2');
    const offices2 = await officesOf(t, doctor2.id);
    expect(offices2).toHaveLength(1);
    expect(offices2[0]!.id).not.toBe(office1);
    const scope = await buildScope(t.ctx.db, doctor2, 0);
    expect(scope.officeIds).not.toContain(office1);

    const office1Patients = await patientsOfOffice(t, office1);
    const office2Patients = await patientsOfOffice(t, offices2[0]!.id);
    expect(office2Patients.length).toBeGreaterThan(0);
    const seenByDoctor2 = await visiblePatients(t, 'doctor2');
    expect(seenByDoctor2.filter((id) => office1Patients.includes(id))).toEqual([]);
    expect(seenByDoctor2.sort((a, b) => a - b)).toEqual(office2Patients);
    expect((await visiblePatients(t, 'doctor')).sort((a, b) => a - b)).toEqual(office1Patients);
    // Through the API: office #1's patient list reads as not found for doctor2, and lists them for doctor.
    // The session is the one the demo login opened (sent as a transport header: the caller is anonymous to callAs).
    const list = async (username: string, hospitalId: number) => {
      const r = await signIn(t, username);
      if (isMfaChallenge(r.body)) { throw new Error(`${username} was asked for a second factor`); }
      return callerFor(() => t)(anonymous, offices.findOfficePatientsV4, { headers: { hospitalid: hospitalId }, extraHeaders: { sessionguid: r.body.session.sessionGuid } });
    };
    expect((await list('doctor2', office1)).status).toBe(404);
    const own = await list('doctor2', offices2[0]!.id);
    expect(own.status).toBe(200);
    expect(own.body.items.map((p) => p.id).sort((a, b) => a - b)).toEqual(office2Patients);
    const doctors = await list('doctor', office1);
    expect(doctors.body.items.map((p) => p.id).sort((a, b) => a - b)).toEqual(office1Patients);
    // doctor2 is on the team of each patient of the second office.
    const [teamsWithDoctor2] = await t.ctx.db
      .select({ n: count() })
      .from(medicalTeamMembers)
      .innerJoin(medicalTeams, eq(medicalTeams.id, medicalTeamMembers.medicalTeamId))
      .where(and(eq(medicalTeamMembers.userId, doctor2.id), eq(medicalTeams.hospitalId, offices2[0]!.id)));
    expect(teamsWithDoctor2!.n).toBe(office2Patients.length);
  });

  it('is idempotent: a second start creates nothing, and a re-import leaves the demo changes alone', async () => {
    const [before] = await t.ctx.db.select({ n: count() }).from(users);
    expect(await seedDemo(t.ctx)).toEqual({ created: false, summary: '' });
    const again = await importFhir(t.ctx, syntheaDir);
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 730, skipped: 1, error: 0 });
    expect((await userByName(t, 'patient')).email).toBe('patient@example.com');
    const [after] = await t.ctx.db.select({ n: count() }).from(users);
    expect(after!.n).toBe(before!.n);
  });
});

describe('seedDemo without any demo data folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoDataDirs: ['/nonexistent/vigil-demo'] });
  });
  afterAll(async () => t?.close());

  it('creates a demo organization, office #1 with a new patient, and "Vigil Demo North Clinic" with two patients for doctor2', async () => {
    const result = await seedDemo(t.ctx);
    expect(result.created).toBe(true);
    const [org] = await t.ctx.db.select().from(organizations);
    expect(org!.institutionName).toBe('Vigil Demo Health');
    const offices = await t.ctx.db.select().from(hospitals).orderBy(hospitals.id);
    expect(offices.map((o) => o.hospitalName)).toEqual(['Vigil Demo Clinic', DEMO_SECOND_OFFICE_NAME]);
    expect(offices.every((o) => o.organizationId === org!.id)).toBe(true);
    expect(await patientsOfOffice(t, offices[0]!.id)).toEqual([(await userByName(t, 'patient')).id]);
    expect(await patientsOfOffice(t, offices[1]!.id)).toHaveLength(2);
    expect(await visiblePatients(t, 'doctor2')).toEqual(await patientsOfOffice(t, offices[1]!.id));
    // The organization admin sees both offices' patients.
    expect(await visiblePatients(t, 'orgadmin')).toHaveLength(3);
    const [n] = await t.ctx.db.select({ n: count() }).from(users).where(sql`${users.username} in ('sysadmin','orgadmin','officeadmin','doctor','nurse','caregiver','patient','doctor2')`);
    expect(n!.n).toBe(8);
    expect((await signIn(t, 'officeadmin')).status).toBe(200);
    expect((await seedDemo(t.ctx)).created).toBe(false);
  });
});

describe('seedDemo after `npm run import` of other data, before the first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoDataDirs: [syntheaDir] });
  });
  afterAll(async () => t?.close());

  it('keeps the imported data, does not import the demo folder, and adds the logins with a second office', async () => {
    const pat = (id: string, given: string) => ({ resource: { resourceType: 'Patient', id, name: [{ family: 'Lopez', given: [given] }], birthDate: '1970-05-05' } });
    const report = await importFhir(t.ctx, {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        { resource: { resourceType: 'Organization', id: 'own-org', name: 'Own Health' } },
        { resource: { resourceType: 'Location', id: 'own-loc', name: 'Own Clinic', managingOrganization: { reference: 'Organization/own-org' }, address: { state: 'TX' } } },
        { resource: { resourceType: 'Practitioner', id: 'own-doc', name: [{ family: 'Smith', given: ['Ann'] }] } },
        { resource: { resourceType: 'PractitionerRole', id: 'own-role', practitioner: { reference: 'Practitioner/own-doc' }, location: [{ reference: 'Location/own-loc' }] } },
        pat('own-p1', 'Eva'),
        pat('own-p2', 'Raul'),
      ],
    });
    expect(report.counts).toMatchObject({ created: 6, error: 0 });
    const result = await seedDemo(t.ctx);
    expect(result.created).toBe(true);
    expect(result.summary).toContain('patients already imported');
    expect((await t.ctx.db.select({ n: count() }).from(organizations))[0]!.n).toBe(1);
    const offices = await t.ctx.db.select().from(hospitals).orderBy(hospitals.id);
    expect(offices.map((o) => [o.hospitalName, o.timeZone])).toEqual([
      ['Own Clinic', 'America/Chicago'],
      [DEMO_SECOND_OFFICE_NAME, 'America/Chicago'],
    ]);
    const patient = await userByName(t, 'patient');
    expect(patient).toMatchObject({ externalRef: 'Patient/own-p1', firstName: 'Eva' });
    expect(await visiblePatients(t, 'doctor2')).toEqual(await patientsOfOffice(t, offices[1]!.id));
    expect(await patientsOfOffice(t, offices[1]!.id)).toHaveLength(2);
    expect((await visiblePatients(t, 'doctor')).sort((a, b) => a - b)).toEqual(await patientsOfOffice(t, offices[0]!.id));
    // A re-import of the same data changes nothing that the seed set (username, password, language).
    const again = await importFhir(t.ctx, {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [pat('own-p1', 'Eva')],
    });
    expect(again.records).toEqual([{ file: 'upload', resourceType: 'Patient', id: 'own-p1', status: 'unchanged' }]);
    expect((await signIn(t, 'doctor')).status).toBe(200);
    expect((await seedDemo(t.ctx)).created).toBe(false);
  });
});
