import type { FastifyInstance, FastifyReply } from 'fastify';
import { auditTrail, reporting, systemLogs } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as audit from './audit.service';
import * as checkpoints from './checkpoints.service';
import * as reports from './reporting.service';

/** A `binary` route has sent its answer itself; registerEndpoint ignores the handler's value. */
const answered = undefined as never;

/** Sends an export as an attachment; never cached (it may hold PHI). A CSV body already starts with its one BOM (lib/csv.ts `buildCsv`). */
async function sendFile(reply: FastifyReply, contentType: string, fileName: string, body: unknown): Promise<never> {
  await reply.code(200).type(contentType).header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'no-store').send(body);
  return answered;
}

/** Spec section 7 "Logs and reporting" and the audit trail's calls (docs/audit.md). */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, systemLogs, {
    getSystemLogs: ({ scope, headers, query }) => audit.getSystemLogs(ctx, scope, headers, query),
    getSystemLogById: ({ scope, headers }) => audit.getSystemLog(ctx, scope, headers.systemlogid),
    exportSystemLogsCsv: async ({ scope, headers, reply }) =>
      sendFile(reply, 'text/csv; charset=utf-8', 'system-logs.csv', (await audit.systemLogsCsv(ctx, scope, headers))),
  });

  registerGroup(app, ctx, reporting, {
    getAllRelatedPatientDailyScores: ({ scope, query }) => reports.patientDailyScores(ctx, scope, query),
    getAllRelatedStaffAuditReport: ({ scope, query }) => reports.staffReport(ctx, scope, query),
    getAuditReportDataLoginsAll: ({ scope, query }) => reports.loginsReport(ctx, scope, query),
    getAuditReportDataTimeTrackingsAll: ({ scope, query }) => reports.timeTrackingsReport(ctx, scope, query),
    getAuditReportDataMeasurementsAll: ({ scope, query }) => reports.measurementsReport(ctx, scope, query),
    exportAuditReportCsv: async ({ scope, query, reply }) => {
      const file = await reports.reportCsv(ctx, scope, query);
      return sendFile(reply, 'text/csv; charset=utf-8', file.fileName, file.body);
    },
  });

  registerGroup(app, ctx, auditTrail, {
    getAuditEvents: ({ scope, query }) => audit.getAuditEvents(ctx, scope, query),
    exportAuditEventsCsv: async ({ scope, query, reply }) =>
      sendFile(reply, 'text/csv; charset=utf-8', 'audit-events.csv', (await audit.auditEventsCsv(ctx, scope, query))),
    exportAuditEventsFhir: async ({ scope, query, reply }) =>
      sendFile(reply, 'application/fhir+ndjson', `audit-events-${query.from}-${query.to}.ndjson`, await audit.auditEventsFhir(ctx, scope, query)),
    verifyAuditChain: async () => (await checkpoints.verifyIncrementally(ctx)).result,
    getAuditVerification: () => checkpoints.verificationStatus(ctx),
    startAuditFullCheck: () => checkpoints.startFullCheck(ctx),
  });
}
