import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  createMedicalTeamBodySchema,
  deletedMedicalTeamSchema,
  medicalTeamForPatientHeadersSchema,
  medicalTeamMemberBodySchema,
  medicalTeamMembersBodySchema,
  medicalTeamPageQuerySchema,
  medicalTeamPageSchema,
  medicalTeamSchema,
  updateMedicalTeamBodySchema,
} from './medical-teams.schemas';

const tag = 'Medical team';

export const createMedicalTeam = endpoint({
  method: 'POST',
  path: 'medicalteam',
  tag,
  summary:
    "Create a patient's medical team in an office; members must be staff of that office, and a patient's first team needs a doctor and a nurse",
  permission: 'medicalTeams.manage',
  body: createMedicalTeamBodySchema,
  response: medicalTeamSchema,
  successStatus: 201,
});

export const assignMemberToMedicalTeam = endpoint({
  method: 'POST',
  path: 'medicalteam/assignmemberusertomedicalteam',
  tag,
  summary: 'Add one staff member of the team\'s office to a medical team (no change when already a member)',
  permission: 'medicalTeams.manage',
  body: medicalTeamMemberBodySchema,
  response: medicalTeamSchema,
  audit: { resource: 'CareTeam', record: { kind: 'medicalTeam', key: 'body.medicalTeamId' } },
});

export const deassignMemberFromMedicalTeam = endpoint({
  method: 'POST',
  path: 'medicalteam/deassignmemberuserfrommedicalteam',
  tag,
  summary: 'Remove one member from a medical team',
  permission: 'medicalTeams.manage',
  body: medicalTeamMemberBodySchema,
  response: medicalTeamSchema,
  audit: { resource: 'CareTeam', record: { kind: 'medicalTeam', key: 'body.medicalTeamId' } },
});

export const assignMultipleMembersToMedicalTeam = endpoint({
  method: 'POST',
  path: 'medicalteam/assignmultiplememberusertomedicalteam',
  tag,
  summary: 'Add several staff members to a medical team in one transaction (all or none)',
  permission: 'medicalTeams.manage',
  body: medicalTeamMembersBodySchema,
  response: medicalTeamSchema,
  audit: { resource: 'CareTeam', record: { kind: 'medicalTeam', key: 'body.medicalTeamId' } },
});

export const deassignMultipleMembersFromMedicalTeam = endpoint({
  method: 'POST',
  path: 'medicalteam/deassignmultiplememberuserfrommedicalteam',
  tag,
  summary: 'Remove several members from a medical team in one transaction (all or none)',
  permission: 'medicalTeams.manage',
  body: medicalTeamMembersBodySchema,
  response: medicalTeamSchema,
  audit: { resource: 'CareTeam', record: { kind: 'medicalTeam', key: 'body.medicalTeamId' } },
});

export const updateMedicalTeamForPatient = endpoint({
  method: 'PUT',
  path: 'medicalteam/updatemedicalteamforpatient',
  tag,
  summary: "Replace the members of a patient's team in an office (a patient's only team keeps a doctor and a nurse)",
  permission: 'medicalTeams.manage',
  headers: medicalTeamForPatientHeadersSchema,
  body: updateMedicalTeamBodySchema,
  response: medicalTeamSchema,
});

export const deleteMedicalTeamForPatient = endpoint({
  method: 'DELETE',
  path: 'medicalteam/deletemedicalteamforpatient',
  tag,
  summary: "Delete a patient's medical team in an office",
  permission: 'medicalTeams.manage',
  headers: medicalTeamForPatientHeadersSchema,
  response: deletedMedicalTeamSchema,
});

export const getMedicalTeamsForPatient = endpoint({
  method: 'GET',
  path: 'medicalteam/getmedicalteamsforpatient',
  tag,
  summary: "The patient's medical teams in the caller's offices, with office and members (at most one per office)",
  permission: 'medicalTeams.read',
  headers: z.object({ patientid: idSchema }),
  response: z.array(medicalTeamSchema),
});

export const getMedicalTeamsForDoctorV2 = endpoint({
  method: 'GET',
  path: 'medicalteam/getmedicalteamsfordoctorv2',
  tag,
  summary: 'The medical teams a doctor is a member of, in the caller\'s offices (paged)',
  permission: 'medicalTeams.read',
  headers: z.object({ doctorid: idSchema }),
  query: medicalTeamPageQuerySchema,
  response: medicalTeamPageSchema,
  audit: { resource: 'CareTeam' },
});

export const getMedicalTeamsForNurseV2 = endpoint({
  method: 'GET',
  path: 'medicalteam/getmedicalteamsfornursev2',
  tag,
  summary: 'The medical teams a nurse is a member of, in the caller\'s offices (paged)',
  permission: 'medicalTeams.read',
  headers: z.object({ nurseid: idSchema }),
  query: medicalTeamPageQuerySchema,
  response: medicalTeamPageSchema,
  audit: { resource: 'CareTeam' },
});

export const getMedicalTeamsForHospitalAdminV2 = endpoint({
  method: 'GET',
  path: 'medicalteam/getmedicalteamsforhospitaladminv2',
  tag,
  summary: 'The medical teams of the offices an office admin administers, in the caller\'s offices (paged)',
  permission: 'medicalTeams.read',
  headers: z.object({ hospitaladminid: idSchema }),
  query: medicalTeamPageQuerySchema,
  response: medicalTeamPageSchema,
  audit: { resource: 'CareTeam' },
});

export const getMedicalTeamsForHospital = endpoint({
  method: 'GET',
  path: 'medicalteam/getmedicalteamsforhospital',
  tag,
  summary: "An office's medical teams (paged, sorted and searched by patient name on the server)",
  permission: 'medicalTeams.read',
  headers: z.object({ hospitalid: idSchema }),
  query: medicalTeamPageQuerySchema,
  response: medicalTeamPageSchema,
  audit: { resource: 'CareTeam' },
});
