import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role, medicalTeams as medicalTeamsApi, type RoleId } from '@vigil/contract';
import { callerFor, invalid, type CallUser } from '../../../test/call-as';
import { createTenancyFixture, createTestApp, createUser, type TestApp } from '../../../test/setup';
import { medicalTeamMembers, medicalTeams } from '../../db/schema/index';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTenancyFixture>>;
/** Extra staff: a nurse of a2 and one of b1, a second doctor and an inactive nurse of a1. */
let nurseA2: { id: number };
let nurseB1: { id: number };
let doctor2A1: { id: number };
let inactiveNurseA1: { id: number };

const TEAM_RULE = 'A new patient needs at least one medical team member, and a doctor and a nurse must be assigned';
const REQUIRED = 'This field is required';
const FORMAT = 'This field needs to be formatted';

const callAs = callerFor(() => t);

async function newPatient(offices: number[], org = f.orgA.id, values: Record<string, string> = {}) {
  return createUser(t, { role: Role.PATIENT, organizationId: org, offices, values });
}
async function newStaff(role: RoleId, offices: number[], org = f.orgA.id, status = 1) {
  return createUser(t, { role, organizationId: org, offices, status });
}

/** Creates a patient's team through the API as the office admin of a1 and returns it. */
async function createTeam(patientId: number, memberIds: number[], hospitalId = f.a1.id, who: CallUser = f.officeAdminA1) {
  const res = await callAs(who, medicalTeamsApi.createMedicalTeam, { body: { patientId, hospitalId, memberIds } });
  expect(res.status, res.reply.body).toBe(201);
  return res.body;
}

async function memberIdsOf(teamId: number) {
  const rows = await t.ctx.db.select({ userId: medicalTeamMembers.userId }).from(medicalTeamMembers).where(eq(medicalTeamMembers.medicalTeamId, teamId));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  f = await createTenancyFixture(t);
  nurseA2 = await newStaff(Role.NURSE, [f.a2.id]);
  nurseB1 = await newStaff(Role.NURSE, [f.b1.id], f.orgB.id);
  doctor2A1 = await newStaff(Role.DOCTOR, [f.a1.id]);
  inactiveNurseA1 = await newStaff(Role.NURSE, [f.a1.id], f.orgA.id, 0);
});
afterAll(async () => t.close());

describe('POST medicalteam', () => {
  it("creates a new patient's team with a doctor, a nurse and a caregiver, and answers it with office and members", async () => {
    const patient = await newPatient([f.a1.id], f.orgA.id, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.createMedicalTeam, {
      body: { patientId: patient.id, hospitalId: f.a1.id, memberIds: [f.nurseA1.id, f.doctorA1.id, f.caregiverA1.id, f.doctorA1.id] },
    });
    expect(res.status).toBe(201);
    const team = res.body;
    expect(team.patientId).toBe(patient.id);
    expect(team.patient).toEqual({ id: patient.id, firstName: 'Ada', lastName: 'Lovelace' });
    expect(team.hospital).toEqual({ id: f.a1.id, hospitalName: f.a1.hospitalName, organizationId: f.orgA.id });
    // Members by role id: doctor (3), nurse (4), caregiver (7); the duplicate id counts once.
    expect(team.members).toEqual([
      { id: f.doctorA1.id, firstName: f.doctorA1.firstName, lastName: f.doctorA1.lastName, roleId: Role.DOCTOR },
      { id: f.nurseA1.id, firstName: f.nurseA1.firstName, lastName: f.nurseA1.lastName, roleId: Role.NURSE },
      { id: f.caregiverA1.id, firstName: f.caregiverA1.firstName, lastName: f.caregiverA1.lastName, roleId: Role.CARE_GIVER },
    ]);
    expect(await memberIdsOf(team.id)).toEqual(sorted([f.doctorA1.id, f.nurseA1.id, f.caregiverA1.id]));
  });

  it("refuses a new patient's team without both a doctor and a nurse, with the spec's message", async () => {
    const patient = await newPatient([f.a1.id]);
    for (const memberIds of [[f.doctorA1.id], [f.nurseA1.id, f.caregiverA1.id], [f.officeAdminA1.id]]) {
      const res = await callAs(f.officeAdminA1, medicalTeamsApi.createMedicalTeam, { body: { patientId: patient.id, hospitalId: f.a1.id, memberIds } });
      expect(res.status).toBe(400);
      expect(res.reply.json()).toMatchObject({ resFlag: false, data: null, msg: TEAM_RULE, code: 'teamNeedsDoctorAndNurse', errors: { memberIds: TEAM_RULE } });
    }
    const es = await callAs(f.officeAdminA1, medicalTeamsApi.createMedicalTeam, { body: { patientId: patient.id, hospitalId: f.a1.id, memberIds: [f.doctorA1.id] }, lang: 'es' });
    expect(es.msg).toBe('Un paciente nuevo necesita al menos un miembro del equipo médico, y deben asignarse un médico y una enfermera');
    expect(await t.ctx.db.select().from(medicalTeams).where(eq(medicalTeams.patientId, patient.id))).toHaveLength(0);
  });

  it("lets a patient who already has a team get a second office's team without a nurse", async () => {
    const patient = await newPatient([f.a1.id, f.a2.id]);
    await createTeam(patient.id, [f.doctorA1.id, f.nurseA1.id]);
    const second = await createTeam(patient.id, [f.doctorA2.id], f.a2.id, f.orgAdminA);
    expect(second.members.map((m) => m.id)).toEqual([f.doctorA2.id]);
  });

  it("answers 400 'Invalid id' for members who are not active staff of that office", async () => {
    const patient = await newPatient([f.a1.id]);
    const other = await newPatient([f.a1.id]);
    for (const bad of [f.doctorA2.id, other.id, inactiveNurseA1.id, f.orgAdminA.id]) {
      const res = await callAs(f.orgAdminA, medicalTeamsApi.createMedicalTeam, { body: { patientId: patient.id, hospitalId: f.a1.id, memberIds: [f.doctorA1.id, f.nurseA1.id, bad] } });
      expect(res.status, String(bad)).toBe(400);
      expect(res.errors).toEqual({ memberIds: 'Invalid id' });
    }
    // A user who does not exist, or another tenant's, reads as not found (docs/first-day.md).
    for (const unseen of [999_999, f.doctorB1.id]) {
      const res = await callAs(f.orgAdminA, medicalTeamsApi.createMedicalTeam, { body: { patientId: patient.id, hospitalId: f.a1.id, memberIds: [f.doctorA1.id, f.nurseA1.id, unseen] } });
      expect(res.status, String(unseen)).toBe(404);
    }
  });

  it('answers 400 for a patient who is not assigned to that office', async () => {
    const patient = await newPatient([f.a2.id]);
    const res = await callAs(f.orgAdminA, medicalTeamsApi.createMedicalTeam, { body: { patientId: patient.id, hospitalId: f.a1.id, memberIds: [f.doctorA1.id, f.nurseA1.id] } });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ patientId: 'Invalid id' });
  });

  it("validates the body with the spec's form messages", async () => {
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.createMedicalTeam, { body: invalid({ hospitalId: 'abc', memberIds: [] }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual({ patientId: REQUIRED, hospitalId: FORMAT, memberIds: REQUIRED });
  });

  it('answers 409 when the patient already has a team in that office', async () => {
    const patient = await newPatient([f.a1.id]);
    await createTeam(patient.id, [f.doctorA1.id, f.nurseA1.id]);
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.createMedicalTeam, { body: { patientId: patient.id, hospitalId: f.a1.id, memberIds: [doctor2A1.id] } });
    expect(res.status).toBe(409);
  });

  it("answers 404 for another organization's office and for a patient of another office", async () => {
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.createMedicalTeam, { body: { patientId: f.patientB1.id, hospitalId: f.b1.id, memberIds: [f.doctorB1.id, nurseB1.id] } });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('Invalid id');
    const otherOffice = await callAs(f.officeAdminA1, medicalTeamsApi.createMedicalTeam, { body: { patientId: f.patientA2.id, hospitalId: f.a1.id, memberIds: [f.doctorA1.id, f.nurseA1.id] } });
    expect(otherOffice.status).toBe(404);
  });
});

describe('assigning and deassigning members', () => {
  let teamId: number;
  let teamA2: number;
  let teamB1: number;
  beforeAll(async () => {
    const patient = await newPatient([f.a1.id]);
    teamId = (await createTeam(patient.id, [f.doctorA1.id, f.nurseA1.id])).id;
    const pA2 = await newPatient([f.a2.id]);
    teamA2 = (await createTeam(pA2.id, [f.doctorA2.id, nurseA2.id], f.a2.id, f.officeAdminA2)).id;
    const pB1 = await newPatient([f.b1.id], f.orgB.id);
    teamB1 = (await createTeam(pB1.id, [f.doctorB1.id, nurseB1.id], f.b1.id, f.orgAdminB)).id;
  });

  it('POST medicalteam/assignmemberusertomedicalteam adds a member, and again changes nothing', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await callAs(f.officeAdminA1, medicalTeamsApi.assignMemberToMedicalTeam, { body: { medicalTeamId: teamId, userId: f.caregiverA1.id } });
      expect(res.status).toBe(200);
      expect(res.body.members.map((m: { id: number }) => m.id)).toEqual([f.doctorA1.id, f.nurseA1.id, f.caregiverA1.id]);
    }
  });

  it('assignmemberusertomedicalteam: 400 for a user of the office who is not staff, 404 for staff outside the caller\'s offices, 400 format, 404 for other tenants', async () => {
    const bad = await callAs(f.officeAdminA1, medicalTeamsApi.assignMemberToMedicalTeam, { body: { medicalTeamId: teamId, userId: f.patientA1.id } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ userId: 'Invalid id' });
    // Staff of office a2 are outside an office admin of a1's scope: not found (docs/first-day.md).
    const unseen = await callAs(f.officeAdminA1, medicalTeamsApi.assignMemberToMedicalTeam, { body: { medicalTeamId: teamId, userId: f.doctorA2.id } });
    expect(unseen.status).toBe(404);
    const format = await callAs(f.officeAdminA1, medicalTeamsApi.assignMemberToMedicalTeam, { body: { medicalTeamId: teamId, userId: invalid('x') } });
    expect(format.errors).toEqual({ userId: FORMAT });
    for (const id of [teamA2, teamB1]) {
      const res = await callAs(f.officeAdminA1, medicalTeamsApi.assignMemberToMedicalTeam, { body: { medicalTeamId: id, userId: f.doctorA1.id } });
      expect(res.status).toBe(404);
    }
    expect(await memberIdsOf(teamB1)).toEqual(sorted([f.doctorB1.id, nurseB1.id]));
  });

  it('POST medicalteam/deassignmemberuserfrommedicalteam removes a member', async () => {
    await callAs(f.officeAdminA1, medicalTeamsApi.assignMemberToMedicalTeam, { body: { medicalTeamId: teamId, userId: doctor2A1.id } });
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.deassignMemberFromMedicalTeam, { body: { medicalTeamId: teamId, userId: doctor2A1.id } });
    expect(res.status).toBe(200);
    expect(res.body.members.map((m: { id: number }) => m.id)).not.toContain(doctor2A1.id);
    expect(await memberIdsOf(teamId)).not.toContain(doctor2A1.id);
  });

  it('deassignmemberuserfrommedicalteam: "Error while deassigning medical staff!" for a non-member; the only team keeps its nurse', async () => {
    const notMember = await callAs(f.officeAdminA1, medicalTeamsApi.deassignMemberFromMedicalTeam, { body: { medicalTeamId: teamId, userId: doctor2A1.id } });
    expect(notMember.status).toBe(400);
    expect(notMember.msg).toBe('Error while deassigning medical staff!');
    const lastNurse = await callAs(f.officeAdminA1, medicalTeamsApi.deassignMemberFromMedicalTeam, { body: { medicalTeamId: teamId, userId: f.nurseA1.id } });
    expect(lastNurse.status).toBe(400);
    expect(lastNurse.msg).toBe(TEAM_RULE);
    expect(await memberIdsOf(teamId)).toContain(f.nurseA1.id);
  });

  it('deassignmemberuserfrommedicalteam: 400 format, 404 for other tenants', async () => {
    const format = await callAs(f.officeAdminA1, medicalTeamsApi.deassignMemberFromMedicalTeam, { body: invalid({ medicalTeamId: teamId }) });
    expect(format.errors).toEqual({ userId: REQUIRED });
    const other = await callAs(f.orgAdminA, medicalTeamsApi.deassignMemberFromMedicalTeam, { body: { medicalTeamId: teamB1, userId: f.doctorB1.id } });
    expect(other.status).toBe(404);
    expect(await memberIdsOf(teamB1)).toContain(f.doctorB1.id);
  });

  it('POST medicalteam/assignmultiplememberusertomedicalteam adds several members, or none when one is not allowed', async () => {
    const extra = await newStaff(Role.NURSE, [f.a1.id]);
    const before = await memberIdsOf(teamId);
    const refused = await callAs(f.officeAdminA1, medicalTeamsApi.assignMultipleMembersToMedicalTeam, {
      body: { medicalTeamId: teamId, userIds: [extra.id, doctor2A1.id, f.patientA1.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ userIds: 'Invalid id' });
    expect(await memberIdsOf(teamId)).toEqual(before);
    const unseen = await callAs(f.officeAdminA1, medicalTeamsApi.assignMultipleMembersToMedicalTeam, { body: { medicalTeamId: teamId, userIds: [extra.id, nurseA2.id] } });
    expect(unseen.status).toBe(404);
    expect(await memberIdsOf(teamId)).toEqual(before);
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.assignMultipleMembersToMedicalTeam, { body: { medicalTeamId: teamId, userIds: [extra.id, doctor2A1.id] } });
    expect(res.status).toBe(200);
    expect(await memberIdsOf(teamId)).toEqual(sorted([...before, extra.id, doctor2A1.id]));
  });

  it('assignmultiplememberusertomedicalteam: 400 for an empty list, 404 for other tenants', async () => {
    const empty = await callAs(f.officeAdminA1, medicalTeamsApi.assignMultipleMembersToMedicalTeam, { body: { medicalTeamId: teamId, userIds: [] } });
    expect(empty.errors).toEqual({ userIds: REQUIRED });
    const other = await callAs(f.officeAdminA1, medicalTeamsApi.assignMultipleMembersToMedicalTeam, { body: { medicalTeamId: teamA2, userIds: [f.doctorA1.id] } });
    expect(other.status).toBe(404);
  });

  it('POST medicalteam/deassignmultiplememberuserfrommedicalteam removes several members, or none when one is not a member', async () => {
    const before = await memberIdsOf(teamId);
    const refused = await callAs(f.officeAdminA1, medicalTeamsApi.deassignMultipleMembersFromMedicalTeam, {
      body: { medicalTeamId: teamId, userIds: [doctor2A1.id, f.patientA1.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('Error while deassigning medical staff!');
    expect(await memberIdsOf(teamId)).toEqual(before);
    // A user outside the office admin's offices reads as not found (docs/first-day.md).
    const unseen = await callAs(f.officeAdminA1, medicalTeamsApi.deassignMultipleMembersFromMedicalTeam, { body: { medicalTeamId: teamId, userIds: [doctor2A1.id, nurseA2.id] } });
    expect(unseen.status).toBe(404);
    expect(await memberIdsOf(teamId)).toEqual(before);
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.deassignMultipleMembersFromMedicalTeam, {
      body: { medicalTeamId: teamId, userIds: [doctor2A1.id, f.caregiverA1.id] },
    });
    expect(res.status).toBe(200);
    expect(await memberIdsOf(teamId)).toEqual(before.filter((id) => id !== doctor2A1.id && id !== f.caregiverA1.id));
  });

  it('deassignmultiplememberuserfrommedicalteam: 400 format, 404 for other tenants', async () => {
    const format = await callAs(f.officeAdminA1, medicalTeamsApi.deassignMultipleMembersFromMedicalTeam, { body: { medicalTeamId: 0, userIds: [f.nurseA1.id] } });
    expect(format.errors).toEqual({ medicalTeamId: FORMAT });
    const other = await callAs(f.officeAdminA2, medicalTeamsApi.deassignMultipleMembersFromMedicalTeam, { body: { medicalTeamId: teamId, userIds: [f.doctorA1.id] } });
    expect(other.status).toBe(404);
  });
});

describe('PUT medicalteam/updatemedicalteamforpatient and DELETE medicalteam/deletemedicalteamforpatient', () => {
  it('replaces the members of the patient\'s team in one office', async () => {
    const patient = await newPatient([f.a1.id]);
    await createTeam(patient.id, [f.doctorA1.id, f.nurseA1.id, f.caregiverA1.id]);
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.updateMedicalTeamForPatient, {
      headers: { patientid: patient.id, hospitalid: f.a1.id },
      body: { memberIds: [doctor2A1.id, f.nurseA1.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.members.map((m: { id: number }) => m.id)).toEqual([doctor2A1.id, f.nurseA1.id]);
    const [team] = await t.ctx.db.select().from(medicalTeams).where(and(eq(medicalTeams.patientId, patient.id), eq(medicalTeams.hospitalId, f.a1.id)));
    expect(await memberIdsOf(team!.id)).toEqual(sorted([doctor2A1.id, f.nurseA1.id]));
  });

  it("keeps the doctor-and-nurse rule for the patient's only team", async () => {
    const patient = await newPatient([f.a1.id]);
    await createTeam(patient.id, [f.doctorA1.id, f.nurseA1.id]);
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.updateMedicalTeamForPatient, {
      headers: { patientid: patient.id, hospitalid: f.a1.id },
      body: { memberIds: [f.doctorA1.id, f.caregiverA1.id] },
    });
    expect(res.status).toBe(400);
    expect(res.reply.json()).toMatchObject({ msg: TEAM_RULE, errors: { memberIds: TEAM_RULE } });
  });

  it('update: 400 for missing headers and members, 404 for another office', async () => {
    const missing = await callAs(f.officeAdminA1, medicalTeamsApi.updateMedicalTeamForPatient, { body: { memberIds: [] } });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ patientid: REQUIRED, hospitalid: REQUIRED, memberIds: REQUIRED });
    const patient = await newPatient([f.a2.id]);
    await createTeam(patient.id, [f.doctorA2.id, nurseA2.id], f.a2.id, f.officeAdminA2);
    const other = await callAs(f.officeAdminA1, medicalTeamsApi.updateMedicalTeamForPatient, { headers: { patientid: patient.id, hospitalid: f.a2.id }, body: { memberIds: [f.doctorA1.id, f.nurseA1.id] } });
    expect(other.status).toBe(404);
    const otherOrg = await callAs(f.orgAdminB, medicalTeamsApi.updateMedicalTeamForPatient, { headers: { patientid: patient.id, hospitalid: f.a2.id }, body: { memberIds: [f.doctorB1.id] } });
    expect(otherOrg.status).toBe(404);
  });

  it('deletes the patient\'s team in one office; a second delete answers 404', async () => {
    const patient = await newPatient([f.a1.id]);
    const team = await createTeam(patient.id, [f.doctorA1.id, f.nurseA1.id]);
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.deleteMedicalTeamForPatient, { headers: { patientid: patient.id, hospitalid: f.a1.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: team.id });
    expect(await t.ctx.db.select().from(medicalTeams).where(eq(medicalTeams.id, team.id))).toHaveLength(0);
    expect(await memberIdsOf(team.id)).toEqual([]);
    const again = await callAs(f.officeAdminA1, medicalTeamsApi.deleteMedicalTeamForPatient, { headers: { patientid: patient.id, hospitalid: f.a1.id } });
    expect(again.status).toBe(404);
  });

  it('delete: 400 for a malformed header, 404 for other tenants', async () => {
    const bad = await callAs(f.officeAdminA1, medicalTeamsApi.deleteMedicalTeamForPatient, { headers: { patientid: invalid('abc'), hospitalid: f.a1.id } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ patientid: FORMAT });
    const patient = await newPatient([f.a1.id]);
    const team = await createTeam(patient.id, [f.doctorA1.id, f.nurseA1.id]);
    for (const who of [f.officeAdminA2, f.orgAdminB]) {
      const res = await callAs(who, medicalTeamsApi.deleteMedicalTeamForPatient, { headers: { patientid: patient.id, hospitalid: f.a1.id } });
      expect(res.status).toBe(404);
    }
    expect(await t.ctx.db.select().from(medicalTeams).where(eq(medicalTeams.id, team.id))).toHaveLength(1);
  });
});

describe('reading medical teams', () => {
  let pA1: { id: number; firstName: string; lastName: string };
  let pA1b: { id: number };
  let pA2: { id: number };
  let teamA1: number;
  let teamA1b: number;
  let teamA2: number;
  let teamB1: number;
  beforeAll(async () => {
    pA1 = await newPatient([f.a1.id, f.a2.id], f.orgA.id, { firstName: 'Zoe', lastName: 'Alvarez' });
    pA1b = await newPatient([f.a1.id], f.orgA.id, { firstName: 'Bruno', lastName: 'Zamora' });
    pA2 = await newPatient([f.a2.id]);
    teamA1 = (await createTeam(pA1.id, [f.doctorA1.id, f.nurseA1.id])).id;
    teamA1b = (await createTeam(pA1b.id, [f.doctorA1.id, f.nurseA1.id, f.officeAdminA1.id])).id;
    teamA2 = (await createTeam(pA1.id, [f.doctorA2.id, nurseA2.id], f.a2.id, f.officeAdminA2)).id;
    await createTeam(pA2.id, [f.doctorA2.id, nurseA2.id], f.a2.id, f.officeAdminA2);
    const pB1 = await newPatient([f.b1.id], f.orgB.id);
    teamB1 = (await createTeam(pB1.id, [f.doctorB1.id, nurseB1.id], f.b1.id, f.orgAdminB)).id;
  });

  it("GET medicalteam/getmedicalteamsforpatient lists the patient's teams in the caller's offices", async () => {
    const all = await callAs(f.orgAdminA, medicalTeamsApi.getMedicalTeamsForPatient, { headers: { patientid: pA1.id } });
    expect(all.status).toBe(200);
    expect(all.body.map((x: { id: number }) => x.id).sort()).toEqual([teamA1, teamA2].sort());
    const onlyA1 = await callAs(f.doctorA1, medicalTeamsApi.getMedicalTeamsForPatient, { headers: { patientid: pA1.id } });
    const teams = onlyA1.body;
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatchObject({ id: teamA1, hospitalId: f.a1.id, patient: { id: pA1.id, firstName: 'Zoe', lastName: 'Alvarez' } });
    expect(teams[0]!.members).toEqual([
      { id: f.doctorA1.id, firstName: f.doctorA1.firstName, lastName: f.doctorA1.lastName, roleId: Role.DOCTOR },
      { id: f.nurseA1.id, firstName: f.nurseA1.firstName, lastName: f.nurseA1.lastName, roleId: Role.NURSE },
    ]);
    // The header may also come as a query parameter of the same name.
    const byQuery = await callAs(f.doctorA1, medicalTeamsApi.getMedicalTeamsForPatient, { rawQuery: { patientId: pA1.id } });
    expect(byQuery.body.map((x: { id: number }) => x.id)).toEqual([teamA1]);
  });

  it('getmedicalteamsforpatient: a patient sees their own teams and nobody else\'s', async () => {
    const own = await callAs(pA1, medicalTeamsApi.getMedicalTeamsForPatient, { headers: { patientid: pA1.id } });
    expect(own.status).toBe(200);
    expect(own.body.map((x: { id: number }) => x.id).sort()).toEqual([teamA1, teamA2].sort());
    const other = await callAs(pA1, medicalTeamsApi.getMedicalTeamsForPatient, { headers: { patientid: pA1b.id } });
    expect(other.status).toBe(404);
  });

  it('getmedicalteamsforpatient: 400 format, 404 for another office and organization', async () => {
    const bad = await callAs(f.doctorA1, medicalTeamsApi.getMedicalTeamsForPatient, { headers: { patientid: invalid('1.5') } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ patientid: FORMAT });
    expect((await callAs(f.doctorA1, medicalTeamsApi.getMedicalTeamsForPatient, { headers: { patientid: pA2.id } })).status).toBe(404);
    expect((await callAs(f.doctorB1, medicalTeamsApi.getMedicalTeamsForPatient, { headers: { patientid: pA1.id } })).status).toBe(404);
  });

  it('GET medicalteam/getmedicalteamsfordoctorv2 pages the teams a doctor is a member of, sorted and searched by patient name', async () => {
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForDoctorV2, { headers: { doctorid: f.doctorA1.id }, query: { pageSize: 200 } });
    expect(res.status).toBe(200);
    const page = res.body;
    const ids = page.items.map((x: { id: number }) => x.id);
    expect(ids).toContain(teamA1);
    expect(ids).toContain(teamA1b);
    expect(ids).not.toContain(teamA2);
    expect(page.total).toBe(ids.length);
    const lastNames = page.items.map((x: { patient: { lastName: string } }) => x.patient.lastName);
    expect(lastNames).toEqual([...lastNames].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

    const searched = await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForDoctorV2, { headers: { doctorid: f.doctorA1.id }, query: { search: 'zamo' } });
    expect(searched.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(searched.body.items[0]!.id).toBe(teamA1b);

    const paged = await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForDoctorV2, { headers: { doctorid: f.doctorA1.id }, query: { pageSize: 1, page: 2, sort: '-patientName' } });
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBe(page.total);
    const desc = [...page.items].reverse();
    expect(paged.body.items[0]!.id).toBe(desc[1]!.id);
  });

  it('getmedicalteamsfordoctorv2: 404 for a patient caller (only themselves visible); 400 format, 404 other office and org', async () => {
    const own = await callAs(pA1, medicalTeamsApi.getMedicalTeamsForDoctorV2, { headers: { doctorid: f.doctorA1.id } });
    // A patient sees only themselves among users, so another user's lists read as not found.
    expect(own.status).toBe(404);
    const bad = await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForDoctorV2, { headers: { doctorid: f.doctorA1.id }, query: { pageSize: 500, sort: invalid('ssn') } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ pageSize: FORMAT, sort: FORMAT });
    expect((await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForDoctorV2, { headers: { doctorid: f.doctorA2.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminB, medicalTeamsApi.getMedicalTeamsForDoctorV2, { headers: { doctorid: f.doctorA1.id } })).status).toBe(404);
    // A nurse's id is not a doctor's.
    expect((await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForDoctorV2, { headers: { doctorid: f.nurseA1.id } })).status).toBe(404);
  });

  it('GET medicalteam/getmedicalteamsfornursev2 pages the teams a nurse is a member of; the nurse may read their own', async () => {
    const res = await callAs(f.nurseA1, medicalTeamsApi.getMedicalTeamsForNurseV2, { headers: { nurseid: f.nurseA1.id }, query: { pageSize: 200 } });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([teamA1, teamA1b]));
    expect(ids).not.toContain(teamA2);
    const a2 = await callAs(f.orgAdminA, medicalTeamsApi.getMedicalTeamsForNurseV2, { headers: { nurseid: nurseA2.id }, query: { pageSize: 200 } });
    expect(a2.body.items.map((x: { id: number }) => x.id)).toContain(teamA2);
  });

  it('getmedicalteamsfornursev2: 400 missing header, 404 other office and org', async () => {
    const missing = await callAs(f.nurseA1, medicalTeamsApi.getMedicalTeamsForNurseV2);
    expect(missing.errors).toEqual({ nurseid: REQUIRED });
    expect((await callAs(f.nurseA1, medicalTeamsApi.getMedicalTeamsForNurseV2, { headers: { nurseid: nurseA2.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminA, medicalTeamsApi.getMedicalTeamsForNurseV2, { headers: { nurseid: nurseB1.id } })).status).toBe(404);
  });

  it("GET medicalteam/getmedicalteamsforhospitaladminv2 pages the teams of the admin's offices", async () => {
    const res = await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForHospitalAdminV2, { headers: { hospitaladminid: f.officeAdminA1.id }, query: { pageSize: 200, sort: 'hospitalName' } });
    expect(res.status).toBe(200);
    const items = res.body.items as { id: number; hospitalId: number }[];
    expect(items.map((x) => x.id)).toEqual(expect.arrayContaining([teamA1, teamA1b]));
    expect(items.every((x) => x.hospitalId === f.a1.id)).toBe(true);
    const byOrgAdmin = await callAs(f.orgAdminA, medicalTeamsApi.getMedicalTeamsForHospitalAdminV2, { headers: { hospitaladminid: f.officeAdminA2.id }, query: { pageSize: 200 } });
    const a2Items = byOrgAdmin.body.items as { id: number; hospitalId: number }[];
    expect(a2Items.map((x) => x.id)).toContain(teamA2);
    expect(a2Items.every((x) => x.hospitalId === f.a2.id)).toBe(true);
  });

  it('getmedicalteamsforhospitaladminv2: 400 format, 404 other office and org', async () => {
    const bad = await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForHospitalAdminV2, { headers: { hospitaladminid: f.officeAdminA1.id }, query: { page: 0 } });
    expect(bad.errors).toEqual({ page: FORMAT });
    expect((await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForHospitalAdminV2, { headers: { hospitaladminid: f.officeAdminA2.id } })).status).toBe(404);
    expect((await callAs(f.orgAdminB, medicalTeamsApi.getMedicalTeamsForHospitalAdminV2, { headers: { hospitaladminid: f.officeAdminA1.id } })).status).toBe(404);
  });

  it("GET medicalteam/getmedicalteamsforhospital pages an office's teams; a patient of that office sees only their own", async () => {
    const res = await callAs(f.caregiverA1, medicalTeamsApi.getMedicalTeamsForHospital, { headers: { hospitalid: f.a1.id }, query: { pageSize: 200, sort: '-createdAt' } });
    expect(res.status).toBe(200);
    const data = res.body;
    const ids = data.items.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([teamA1, teamA1b]));
    expect(ids).not.toContain(teamA2);
    expect(data.items.every((x: { hospitalId: number }) => x.hospitalId === f.a1.id)).toBe(true);
    const [count] = await t.ctx.db.select({ id: medicalTeams.id }).from(medicalTeams).where(eq(medicalTeams.hospitalId, f.a1.id)).then((rows) => [rows.length]);
    expect(data.total).toBe(count);
    const patient = await callAs(pA1b, medicalTeamsApi.getMedicalTeamsForHospital, { headers: { hospitalid: f.a1.id } });
    expect(patient.body.items.map((x: { id: number }) => x.id)).toEqual([teamA1b]);
    expect(patient.body.total).toBe(1);
  });

  it('getmedicalteamsforhospital: 400 format, 404 other office and org; lists carry no SSN', async () => {
    const bad = await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForHospital, { headers: { hospitalid: invalid('one') } });
    expect(bad.errors).toEqual({ hospitalid: FORMAT });
    expect((await callAs(f.officeAdminA1, medicalTeamsApi.getMedicalTeamsForHospital, { headers: { hospitalid: f.a2.id } })).status).toBe(404);
    const otherOrg = await callAs(f.orgAdminA, medicalTeamsApi.getMedicalTeamsForHospital, { headers: { hospitalid: f.b1.id } });
    expect(otherOrg.status).toBe(404);
    const sys = await callAs(f.sysadmin, medicalTeamsApi.getMedicalTeamsForHospital, { headers: { hospitalid: f.b1.id } });
    const sysIds = sys.body.items.map((x: { id: number }) => x.id);
    expect(sysIds).toContain(teamB1);
    expect(sys.body.items.every((x: { hospitalId: number }) => x.hospitalId === f.b1.id)).toBe(true);
    expect(sys.reply.body).not.toMatch(/ssn/i);
  });
});
