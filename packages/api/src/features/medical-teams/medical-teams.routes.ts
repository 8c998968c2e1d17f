import type { FastifyInstance } from 'fastify';
import { Role, medicalTeams } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './medical-teams.service';

/** Spec section 7, "Medical team": 12 endpoints. */
export function medicalTeamsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, medicalTeams.createMedicalTeam, ({ scope, body }) => service.createTeam(ctx, scope, body));
  registerEndpoint(app, ctx, medicalTeams.assignMemberToMedicalTeam, ({ scope, body }) =>
    service.assignMembers(ctx, scope, body.medicalTeamId, [body.userId], 'userId'),
  );
  registerEndpoint(app, ctx, medicalTeams.deassignMemberFromMedicalTeam, ({ scope, body }) =>
    service.deassignMembers(ctx, scope, body.medicalTeamId, [body.userId], 'userId'),
  );
  registerEndpoint(app, ctx, medicalTeams.assignMultipleMembersToMedicalTeam, ({ scope, body }) =>
    service.assignMembers(ctx, scope, body.medicalTeamId, body.userIds, 'userIds'),
  );
  registerEndpoint(app, ctx, medicalTeams.deassignMultipleMembersFromMedicalTeam, ({ scope, body }) =>
    service.deassignMembers(ctx, scope, body.medicalTeamId, body.userIds, 'userIds'),
  );
  registerEndpoint(app, ctx, medicalTeams.updateMedicalTeamForPatient, ({ scope, headers, body }) =>
    service.updateTeamForPatient(ctx, scope, headers.patientid, headers.hospitalid, body.memberIds),
  );
  registerEndpoint(app, ctx, medicalTeams.deleteMedicalTeamForPatient, ({ scope, headers }) =>
    service.deleteTeamForPatient(ctx, scope, headers.patientid, headers.hospitalid),
  );
  registerEndpoint(app, ctx, medicalTeams.getMedicalTeamsForPatient, ({ scope, headers }) => service.findTeamsForPatient(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, medicalTeams.getMedicalTeamsForDoctorV2, ({ scope, headers, query }) =>
    service.findTeamsForMember(ctx, scope, headers.doctorid, Role.DOCTOR, query),
  );
  registerEndpoint(app, ctx, medicalTeams.getMedicalTeamsForNurseV2, ({ scope, headers, query }) =>
    service.findTeamsForMember(ctx, scope, headers.nurseid, Role.NURSE, query),
  );
  registerEndpoint(app, ctx, medicalTeams.getMedicalTeamsForHospitalAdminV2, ({ scope, headers, query }) =>
    service.findTeamsForHospitalAdmin(ctx, scope, headers.hospitaladminid, query),
  );
  registerEndpoint(app, ctx, medicalTeams.getMedicalTeamsForHospital, ({ scope, headers, query }) =>
    service.findTeamsForHospital(ctx, scope, headers.hospitalid, query),
  );
}
