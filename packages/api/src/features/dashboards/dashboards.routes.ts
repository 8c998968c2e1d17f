import type { FastifyInstance } from 'fastify';
import { dashboards } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './dashboards.service';

/** The dashboards' figures (docs/dashboards.md). */
export function dashboardsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, dashboards.getFacilityDashboard, ({ scope, headers }) => service.getFacilityDashboard(ctx, scope, headers.hospitalid));
  registerEndpoint(app, ctx, dashboards.getOrganizationDashboard, ({ scope, headers }) => service.getOrganizationDashboard(ctx, scope, headers.organizationid));
  registerEndpoint(app, ctx, dashboards.getSystemDashboard, ({ scope }) => service.getSystemDashboard(ctx, scope));
}
