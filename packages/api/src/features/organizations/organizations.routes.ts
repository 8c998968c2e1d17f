import type { FastifyInstance } from 'fastify';
import { organizations } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './organizations.service';

/** Medical institution endpoints (endpoints.txt "## Medical institution (organization)"). */
export function organizationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, organizations.findOrganizations, ({ scope, query }) => service.findOrganizations(ctx, scope, query));
  registerEndpoint(app, ctx, organizations.createOrganization, ({ scope, body }) => service.createOrganization(ctx, scope, body));
  registerEndpoint(app, ctx, organizations.getOrganization, ({ scope, params }) => service.getOrganization(ctx, scope, params.id));
  registerEndpoint(app, ctx, organizations.updateOrganization, ({ scope, params, body }) => service.updateOrganization(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, organizations.deleteOrganization, ({ scope, params }) => service.deleteOrganization(ctx, scope, params.id));
  registerEndpoint(app, ctx, organizations.findOrganizationPatients, ({ scope, headers, query }) =>
    service.findOrganizationPatients(ctx, scope, headers.organizationid, query),
  );
  registerEndpoint(app, ctx, organizations.findOrganizationMedicalStaffV2, ({ scope, headers, query }) =>
    service.findOrganizationMedicalStaff(ctx, scope, headers.organizationid, query),
  );
}
