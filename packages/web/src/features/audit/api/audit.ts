import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { auditTrail, systemLogs, type EndpointHeaders, type EndpointQuery } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { saveFile } from '../../../lib/save-file';

export type AuditEventQuery = Partial<EndpointQuery<typeof auditTrail.getAuditEvents>> & { page: number; pageSize: number };

/** GET audit/getauditevents: a page of the PHI audit trail in the caller's scope, newest first. */
export function useAuditEvents(query: AuditEventQuery, enabled = true) {
  return useEndpointQuery(auditTrail.getAuditEvents, { query }, { enabled, placeholderData: keepPreviousData });
}

/** GET audit/verifychain, on demand: the incremental check from the newest signed checkpoint (not cached). */
export function useVerifyChain(enabled: boolean) {
  return useEndpointQuery(auditTrail.verifyAuditChain, {}, { enabled, staleTime: 0, gcTime: 0 });
}

/**
 * GET audit/verification: the key, the newest checkpoint, the last verdict and the newest full
 * re-check; polled every second while that re-check is queued or running (its progress bar).
 */
export function useAuditVerification(enabled: boolean) {
  return useEndpointQuery(auditTrail.getAuditVerification, {}, {
    enabled,
    refetchInterval: (q) => (q.state.data?.fullCheck && ['queued', 'running'].includes(q.state.data.fullCheck.status) ? 1000 : false),
  });
}

/** POST audit/fullcheck: starts a full re-check in the background (409 while one runs). */
export function useStartFullCheck() {
  return useEndpointMutation(auditTrail.startAuditFullCheck, { invalidates: [auditTrail.getAuditVerification] });
}

/** GET audit/exportcsv: the filtered audit events as audit-events.csv. */
export function useExportAuditCsv() {
  return useMutation({
    mutationFn: async (query: AuditEventQuery) => saveFile(await callBlob(auditTrail.exportAuditEventsCsv, { query }), 'audit-events.csv'),
  });
}

/** GET audit/exportfhir: the period's events as FHIR R4 AuditEvent NDJSON. */
export function useExportAuditFhir() {
  return useMutation({
    mutationFn: async (period: { from: string; to: string }) =>
      saveFile(await callBlob(auditTrail.exportAuditEventsFhir, { query: period }), `audit-events-${period.from}-${period.to}.ndjson`),
  });
}

export type SystemLogHeaders = EndpointHeaders<typeof systemLogs.getSystemLogs>;

/** GET systemlog/getsystemlogs: a page of system log lines, filters as headers (spec section 7). */
export function useSystemLogs(headers: SystemLogHeaders, query: { page: number; pageSize: number; sort?: string; search?: string }, enabled = true) {
  return useEndpointQuery(systemLogs.getSystemLogs, { headers, query }, { enabled, placeholderData: keepPreviousData });
}

/** GET systemlog/exportcsv: the filtered lines as system-logs.csv. */
export function useExportSystemLogsCsv() {
  return useMutation({
    mutationFn: async (headers: SystemLogHeaders) => saveFile(await callBlob(systemLogs.exportSystemLogsCsv, { headers }), 'system-logs.csv'),
  });
}
