import type { FastifyInstance } from 'fastify';
import { organizations } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './organizations.service';

/** Medical institution endpoints (endpoints.txt "## Medical institution (organization)"). */
export function organizationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, organizations, {
    findOrganizations: ({ scope, query }) => service.findOrganizations(ctx, scope, query),
    createOrganization: ({ scope, body }) => service.createOrganization(ctx, scope, body),
    getOrganization: ({ scope, params }) => service.getOrganization(ctx, scope, params.id),
    updateOrganization: ({ scope, params, body }) => service.updateOrganization(ctx, scope, params.id, body),
    deleteOrganization: ({ scope, params }) => service.deleteOrganization(ctx, scope, params.id),
    findOrganizationPatients: ({ scope, headers, query }) =>
      service.findOrganizationPatients(ctx, scope, headers.organizationid, query),
    findOrganizationMedicalStaffV2: ({ scope, headers, query }) =>
      service.findOrganizationMedicalStaff(ctx, scope, headers.organizationid, query),
  });
}
