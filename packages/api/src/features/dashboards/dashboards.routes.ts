import type { FastifyInstance } from 'fastify';
import { dashboards } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './dashboards.service';
import * as reports from './reports.service';

/** A `binary` route has sent its answer itself; registerEndpoint ignores the handler's value. */
const answered = undefined as never;

/** The dashboards' figures and the reports of /SaReports and /OaReports (docs/dashboards.md). */
export function dashboardsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, dashboards, {
    getFacilityDashboard: ({ scope, headers }) => service.getFacilityDashboard(ctx, scope, headers.hospitalid),
    getOrganizationDashboard: ({ scope, headers }) => service.getOrganizationDashboard(ctx, scope, headers.organizationid),
    getSystemDashboard: ({ scope }) => service.getSystemDashboard(ctx, scope),
    getBusinessReport: ({ scope, query }) => reports.getBusinessReport(ctx, scope, query),
    // Exports are attachments, never cached.
    exportBusinessReportCsv: async ({ scope, query, reply }) => {
      const file = await reports.businessReportCsv(ctx, scope, query);
      await reply.code(200).type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.fileName}"`).header('Cache-Control', 'no-store').send(file.body);
      return answered;
    },
    exportBusinessReportPdf: async ({ scope, query, reply }) => {
      const file = await reports.businessReportPdf(ctx, scope, query);
      await reply.code(200).type('application/pdf').header('Content-Disposition', `attachment; filename="${file.fileName}"`).header('Cache-Control', 'no-store').send(file.body);
      return answered;
    },
  });
}
