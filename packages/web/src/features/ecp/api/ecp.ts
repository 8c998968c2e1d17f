import { ecp } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

const logReads = [ecp.getEcpLogs] as const;
const outboundReads = [ecp.getEcpOutbound] as const;
const organizationReads = [ecp.getEcpOrganizations] as const;

/** GET ecp/logs: an office's ECP residents or users beside their Vigil mapping. */
export function useEcpLogs(hospitalId: number, kind: 'resident' | 'user') {
  return useEndpointQuery(ecp.getEcpLogs, { headers: { hospitalid: hospitalId }, query: { kind } }, { enabled: hospitalId > 0 });
}

/** GET ecp/getecpmappinglocation: the communities mapped to an office. */
export function useEcpLocations(hospitalId: number) {
  return useEndpointQuery(ecp.getEcpMappingLocation, { headers: { hospitalid: hospitalId } }, { enabled: hospitalId > 0 });
}

/** GET ecp/outbound: readings sent to the ECP; `dead` is the dead-letter list. */
export function useEcpOutbound(hospitalId: number, status?: 'queued' | 'sent' | 'dead') {
  return useEndpointQuery(ecp.getEcpOutbound, { headers: { hospitalid: hospitalId }, query: { status } }, { enabled: hospitalId > 0, refetchInterval: 5000 });
}

/** PUT ecp/doautomaticecpresidentsmapping / doautomaticecpusersmapping. */
export function useAutomaticMapping(kind: 'resident' | 'user') {
  return useEndpointMutation(kind === 'resident' ? ecp.doAutomaticEcpResidentsMapping : ecp.doAutomaticEcpUsersMapping, {
    input: (hospitalId: number) => ({ headers: { hospitalid: hospitalId } }),
    invalidates: logReads,
  });
}

/** PUT ecp/logs/{id}/mapping: confirm (a Vigil user id) or unmap (null). */
export function useSetEcpMapping() {
  return useEndpointMutation(ecp.setEcpLogMapping, { input: ({ id, vigilUserId }: { id: number; vigilUserId: number | null }) => ({ params: { id }, body: { vigilUserId } }), invalidates: logReads });
}

/** POST ecp/createresidentfromecplog / createuserfromecplog. */
export function useCreateFromLog(kind: 'resident' | 'user') {
  return useEndpointMutation(kind === 'resident' ? ecp.createResidentFromEcpLog : ecp.createUserFromEcpLog, {
    input: (ecpLogId: number) => ({ body: { ecpLogId } }),
    invalidates: logReads,
  });
}

/** PUT ecp/setlocationmapping. */
export function useSetLocation() {
  return useEndpointMutation(ecp.setEcpLocationMapping, {
    input: (body: { ecpCommunityId: string; ecpOrganizationId?: string; ecpOrganizationName?: string; name?: string; hospitalId: number }) => ({ body }),
    invalidates: [ecp.getEcpMappingLocation, ecp.getEcpLogs, ecp.getEcpOrganizations],
  });
}

/** GET ecp/organizations: the ECP organizations in scope beside their Vigil organization. */
export function useEcpOrganizations() {
  return useEndpointQuery(ecp.getEcpOrganizations, {});
}

/** PUT ecp/doautomaticecporganizationsmapping. */
export function useAutomaticOrganizationMapping() {
  return useEndpointMutation(ecp.doAutomaticEcpOrganizationsMapping, { invalidates: organizationReads });
}

/** PUT ecp/organizations/{id}/mapping: confirm (a Vigil organization id) or unmap (null). */
export function useSetEcpOrganizationMapping() {
  return useEndpointMutation(ecp.setEcpOrganizationMapping, {
    input: ({ id, organizationId }: { id: number; organizationId: number | null }) => ({ params: { id }, body: { organizationId } }),
    invalidates: organizationReads,
  });
}

/** PUT ecp/dofinalizemeasurmentsautomatically: the caller reviews the office's readings of mapped residents. */
export function useFinalize() {
  return useEndpointMutation(ecp.doFinalizeMeasurementsAutomatically, { input: (hospitalId: number) => ({ headers: { hospitalid: hospitalId } }), invalidates: outboundReads });
}

/** POST ecp/outbound/{id}/retry: a dead letter sent again with its key. */
export function useRetryOutbound() {
  return useEndpointMutation(ecp.retryEcpOutbound, { input: (id: number) => ({ params: { id } }), invalidates: outboundReads });
}
