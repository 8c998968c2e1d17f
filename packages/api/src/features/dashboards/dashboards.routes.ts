import type { FastifyInstance } from 'fastify';
import { dashboards } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './dashboards.service';
import * as reports from './reports.service';

/** A `binary` route has sent its answer itself; registerEndpoint ignores the handler's value. */
const answered = undefined as never;

/** The dashboards' figures and the reports of /SaReports and /OaReports (docs/dashboards.md). */
export function dashboardsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, dashboards.getFacilityDashboard, ({ scope, headers }) => service.getFacilityDashboard(ctx, scope, headers.hospitalid));
  registerEndpoint(app, ctx, dashboards.getOrganizationDashboard, ({ scope, headers }) => service.getOrganizationDashboard(ctx, scope, headers.organizationid));
  registerEndpoint(app, ctx, dashboards.getSystemDashboard, ({ scope }) => service.getSystemDashboard(ctx, scope));
  registerEndpoint(app, ctx, dashboards.getBusinessReport, ({ scope, query }) => reports.getBusinessReport(ctx, scope, query));
  // Exports are attachments, never cached.
  registerEndpoint(app, ctx, dashboards.exportBusinessReportCsv, async ({ scope, query, reply }) => {
    const file = await reports.businessReportCsv(ctx, scope, query);
    await reply.code(200).type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.fileName}"`).header('Cache-Control', 'no-store').send(file.body);
    return answered;
  });
  registerEndpoint(app, ctx, dashboards.exportBusinessReportPdf, async ({ scope, query, reply }) => {
    const file = await reports.businessReportPdf(ctx, scope, query);
    await reply.code(200).type('application/pdf').header('Content-Disposition', `attachment; filename="${file.fileName}"`).header('Cache-Control', 'no-store').send(file.body);
    return answered;
  });
}
