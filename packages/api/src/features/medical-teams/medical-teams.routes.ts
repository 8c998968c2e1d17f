import type { FastifyInstance } from 'fastify';
import { Role, medicalTeams } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './medical-teams.service';

/** Spec section 7, "Medical team": 12 endpoints. */
export function medicalTeamsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, medicalTeams, {
    createMedicalTeam: ({ scope, body }) => service.createTeam(ctx, scope, body),
    assignMemberToMedicalTeam: ({ scope, body }) =>
      service.assignMembers(ctx, scope, body.medicalTeamId, [body.userId], 'userId'),
    deassignMemberFromMedicalTeam: ({ scope, body }) =>
      service.deassignMembers(ctx, scope, body.medicalTeamId, [body.userId], 'userId'),
    assignMultipleMembersToMedicalTeam: ({ scope, body }) =>
      service.assignMembers(ctx, scope, body.medicalTeamId, body.userIds, 'userIds'),
    deassignMultipleMembersFromMedicalTeam: ({ scope, body }) =>
      service.deassignMembers(ctx, scope, body.medicalTeamId, body.userIds, 'userIds'),
    updateMedicalTeamForPatient: ({ scope, headers, body }) =>
      service.updateTeamForPatient(ctx, scope, headers.patientid, headers.hospitalid, body.memberIds),
    deleteMedicalTeamForPatient: ({ scope, headers }) =>
      service.deleteTeamForPatient(ctx, scope, headers.patientid, headers.hospitalid),
    getMedicalTeamsForPatient: ({ scope, headers }) => service.findTeamsForPatient(ctx, scope, headers.patientid),
    getMedicalTeamsForDoctorV2: ({ scope, headers, query }) =>
      service.findTeamsForMember(ctx, scope, headers.doctorid, Role.DOCTOR, query),
    getMedicalTeamsForNurseV2: ({ scope, headers, query }) =>
      service.findTeamsForMember(ctx, scope, headers.nurseid, Role.NURSE, query),
    getMedicalTeamsForHospitalAdminV2: ({ scope, headers, query }) =>
      service.findTeamsForHospitalAdmin(ctx, scope, headers.hospitaladminid, query),
    getMedicalTeamsForHospital: ({ scope, headers, query }) =>
      service.findTeamsForHospital(ctx, scope, headers.hospitalid, query),
  });
}
