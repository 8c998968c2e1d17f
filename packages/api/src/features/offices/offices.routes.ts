import type { FastifyInstance } from 'fastify';
import { offices } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './offices.service';

/** Hospital (office) endpoints (endpoints.txt "## Hospital (office)"). */
export function officesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, offices.findOffices, ({ scope, query }) => service.findOffices(ctx, scope, query));
  registerEndpoint(app, ctx, offices.getLandingOffice, ({ scope }) => service.getLandingOffice(ctx, scope));
  registerEndpoint(app, ctx, offices.getOffice, ({ scope, params }) => service.getOffice(ctx, scope, params.id));
  registerEndpoint(app, ctx, offices.createOffice, ({ scope, body }) => service.createOffice(ctx, scope, body));
  registerEndpoint(app, ctx, offices.updateOffice, ({ scope, params, body }) => service.updateOffice(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, offices.deleteOffice, ({ scope, params }) => service.deleteOffice(ctx, scope, params.id));

  const { assignRules: rules } = service;
  registerEndpoint(app, ctx, offices.assignUserToOffice, ({ scope, body }) => service.assignUser(ctx, scope, body.hospitalId, body.userId, rules.user));
  registerEndpoint(app, ctx, offices.assignAdminToOffice, ({ scope, body }) => service.assignUser(ctx, scope, body.hospitalId, body.userId, rules.admin));
  registerEndpoint(app, ctx, offices.assignPatientToOffice, ({ scope, body }) => service.assignUser(ctx, scope, body.hospitalId, body.userId, rules.patient));
  registerEndpoint(app, ctx, offices.assignDoctorToOffice, ({ scope, body }) => service.assignUser(ctx, scope, body.hospitalId, body.userId, rules.doctor));
  registerEndpoint(app, ctx, offices.assignMultipleUsersToOffice, ({ scope, body }) => service.assignUsers(ctx, scope, body.hospitalId, body.userIds));
  registerEndpoint(app, ctx, offices.deassignUserFromOffice, ({ scope, body }) => service.deassignUser(ctx, scope, body.hospitalId, body.userId));
  registerEndpoint(app, ctx, offices.deassignAdminFromOffice, ({ scope, body }) =>
    service.deassignUser(ctx, scope, body.hospitalId, body.userId, service.adminRoles),
  );
  registerEndpoint(app, ctx, offices.deassignMedicalStaffFromOfficeV2, ({ scope, body }) =>
    service.deassignMedicalStaff(ctx, scope, body.hospitalId, [body.userId], 'userId'),
  );
  registerEndpoint(app, ctx, offices.deassignMultipleMedicalStaffFromOfficeV2, ({ scope, body }) =>
    service.deassignMedicalStaff(ctx, scope, body.hospitalId, body.userIds, 'userIds'),
  );

  registerEndpoint(app, ctx, offices.findOfficeMedicalStaff, ({ scope, headers, query }) =>
    service.listOfficeStaff(ctx, scope, headers.hospitalid, query.roleId),
  );
  registerEndpoint(app, ctx, offices.findOfficeMedicalStaffV2, ({ scope, headers, query }) => service.findOfficeStaffV2(ctx, scope, headers.hospitalid, query));
  registerEndpoint(app, ctx, offices.findOfficeMedicalStaffV3, ({ scope, headers, query }) => service.findOfficeStaff(ctx, scope, headers.hospitalid, query));
  registerEndpoint(app, ctx, offices.findOfficePatientsV2, ({ scope, headers, query }) => service.findOfficePatientsV2(ctx, scope, headers.hospitalid, query));
  registerEndpoint(app, ctx, offices.findOfficePatientsV4, ({ scope, headers, query }) => service.findOfficePatientsV4(ctx, scope, headers.hospitalid, query));
  registerEndpoint(app, ctx, offices.getPatientListView, ({ scope }) => service.getPatientListView(ctx, scope));
  registerEndpoint(app, ctx, offices.savePatientListView, ({ scope, body }) => service.savePatientListView(ctx, scope, body));
}
