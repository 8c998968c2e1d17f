import { keepPreviousData } from '@tanstack/react-query';
import { medicalTeams, offices, organizations, users, type CreateMedicalTeamBody, type In } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

export type OfficeTeamsQuery = NonNullable<In<typeof medicalTeams.getMedicalTeamsForHospital.query>>;

/**
 * What a change of a care team makes stale: every team read, the patient lists (their care team
 * column) and the staff list's patient counts.
 */
const teamReads = [
  medicalTeams,
  offices.findOfficePatientsV4,
  users.getHospitalPatients,
  organizations.findOrganizationPatients,
  offices.findOfficeMedicalStaffV3,
] as const;

/** GET medicalteam/getmedicalteamsforhospital: a page of the office's teams, searched by patient name. */
export function useOfficeTeams(officeId: number | null, query: OfficeTeamsQuery) {
  return useEndpointQuery(
    medicalTeams.getMedicalTeamsForHospital,
    { headers: { hospitalid: officeId ?? 0 }, query },
    { enabled: officeId !== null && officeId > 0, placeholderData: keepPreviousData },
  );
}

/** POST medicalteam: a patient's team in one office; a patient's first team needs a doctor and a nurse (the patient wizard creates it too). */
export function useCreateTeam() {
  return useEndpointMutation(medicalTeams.createMedicalTeam, { input: (body: CreateMedicalTeamBody) => ({ body }), invalidates: teamReads });
}

/** POST medicalteam/assignmemberusertomedicalteam: adds a staff member of the team's office. */
export function useAssignMember() {
  return useEndpointMutation(medicalTeams.assignMemberToMedicalTeam, {
    input: ({ medicalTeamId, userId }: { medicalTeamId: number; userId: number }) => ({ body: { medicalTeamId, userId } }),
    invalidates: teamReads,
  });
}

/** POST medicalteam/deassignmemberuserfrommedicalteam: removes one member from a team. */
export function useDeassignMember() {
  return useEndpointMutation(medicalTeams.deassignMemberFromMedicalTeam, {
    input: ({ medicalTeamId, userId }: { medicalTeamId: number; userId: number }) => ({ body: { medicalTeamId, userId } }),
    invalidates: teamReads,
  });
}
