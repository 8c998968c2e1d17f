import type { FastifyInstance } from 'fastify';
import { offices } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './offices.service';

/** Hospital (office) endpoints (endpoints.txt "## Hospital (office)"). */
export function officesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { assignRules: rules } = service;
  registerGroup(app, ctx, offices, {
    findOffices: ({ scope, query }) => service.findOffices(ctx, scope, query),
    getLandingOffice: ({ scope }) => service.getLandingOffice(ctx, scope),
    getOffice: ({ scope, params }) => service.getOffice(ctx, scope, params.id),
    createOffice: ({ scope, body }) => service.createOffice(ctx, scope, body),
    updateOffice: ({ scope, params, body }) => service.updateOffice(ctx, scope, params.id, body),
    deleteOffice: ({ scope, params }) => service.deleteOffice(ctx, scope, params.id),

    assignUserToOffice: ({ scope, body }) => service.assignUser(ctx, scope, body.hospitalId, body.userId, rules.user),
    assignAdminToOffice: ({ scope, body }) => service.assignUser(ctx, scope, body.hospitalId, body.userId, rules.admin),
    assignPatientToOffice: ({ scope, body }) => service.assignUser(ctx, scope, body.hospitalId, body.userId, rules.patient),
    assignDoctorToOffice: ({ scope, body }) => service.assignUser(ctx, scope, body.hospitalId, body.userId, rules.doctor),
    assignMultipleUsersToOffice: ({ scope, body }) => service.assignUsers(ctx, scope, body.hospitalId, body.userIds),
    deassignUserFromOffice: ({ scope, body }) => service.deassignUser(ctx, scope, body.hospitalId, body.userId),
    deassignAdminFromOffice: ({ scope, body }) =>
      service.deassignUser(ctx, scope, body.hospitalId, body.userId, service.adminRoles),
    deassignMedicalStaffFromOfficeV2: ({ scope, body }) =>
      service.deassignMedicalStaff(ctx, scope, body.hospitalId, [body.userId], 'userId'),
    deassignMultipleMedicalStaffFromOfficeV2: ({ scope, body }) =>
      service.deassignMedicalStaff(ctx, scope, body.hospitalId, body.userIds, 'userIds'),

    findOfficeMedicalStaff: ({ scope, headers, query }) =>
      service.listOfficeStaff(ctx, scope, headers.hospitalid, query.roleId),
    findOfficeMedicalStaffV2: ({ scope, headers, query }) => service.findOfficeStaffV2(ctx, scope, headers.hospitalid, query),
    findOfficeMedicalStaffV3: ({ scope, headers, query }) => service.findOfficeStaff(ctx, scope, headers.hospitalid, query),
    findOfficePatientsV2: ({ scope, headers, query }) => service.findOfficePatientsV2(ctx, scope, headers.hospitalid, query),
    findOfficePatientsV4: ({ scope, headers, query }) => service.findOfficePatientsV4(ctx, scope, headers.hospitalid, query),
    getPatientListView: ({ scope }) => service.getPatientListView(ctx, scope),
    savePatientListView: ({ scope, body }) => service.savePatientListView(ctx, scope, body),
  });
}
