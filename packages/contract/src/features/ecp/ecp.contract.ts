import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import {
  ecpAutomaticMappingSchema,
  ecpFinalizeSchema,
  ecpHospitalHeadersSchema,
  ecpLocationBodySchema,
  ecpLocationSchema,
  ecpLogIdBodySchema,
  ecpLogListQuerySchema,
  ecpLogParamsSchema,
  ecpLogSchema,
  ecpMappingBodySchema,
  ecpOrganizationMappingBodySchema,
  ecpOrganizationSchema,
  ecpOutboundQuerySchema,
  ecpOutboundSchema,
  ecpWebhookAckSchema,
} from './ecp.schemas';

// endpoints.txt "ECP (external care platform)"; portal-spec.md section 7 "ECP"; docs/integrations.md "ECP".
const tag = 'ECP';

export const createResidentFromEcpLog = endpoint({
  method: 'POST',
  path: 'ecp/createresidentfromecplog',
  tag,
  summary: "Creates a Vigil patient in the log's office from an unmapped ECP resident log and maps it (404 out of scope; 409 when already mapped)",
  permission: 'ecp.manage',
  body: ecpLogIdBodySchema,
  response: ecpLogSchema,
  audit: { resource: 'Patient', action: 'C', record: { kind: 'ecpLog', key: 'body.ecpLogId' } },
});

export const createUserFromEcpLog = endpoint({
  method: 'POST',
  path: 'ecp/createuserfromecplog',
  tag,
  summary: "Creates a Vigil ECP user in the log's office from an unmapped ECP user log and maps it (404 out of scope; 409 when already mapped)",
  permission: 'ecp.manage',
  body: ecpLogIdBodySchema,
  response: ecpLogSchema,
});

export const getEcpMappingLocation = endpoint({
  method: 'GET',
  path: 'ecp/getecpmappinglocation',
  tag,
  summary: 'The ECP communities mapped to an office (header hospitalId; 404 out of scope)',
  permission: 'ecp.read',
  headers: ecpHospitalHeadersSchema,
  response: z.array(ecpLocationSchema),
});

export const doAutomaticEcpUsersMapping = endpoint({
  method: 'PUT',
  path: 'ecp/doautomaticecpusersmapping',
  tag,
  summary: "Maps an office's unmapped ECP users to Vigil staff: by exact e-mail first, then by name; never when two candidates match (review with the reason)",
  permission: 'ecp.manage',
  headers: ecpHospitalHeadersSchema,
  response: ecpAutomaticMappingSchema,
});

export const doAutomaticEcpResidentsMapping = endpoint({
  method: 'PUT',
  path: 'ecp/doautomaticecpresidentsmapping',
  tag,
  summary:
    "Maps an office's unmapped ECP residents to Vigil patients: by exact medical record number first, then by name and birth date; never when two candidates match (review with the reason)",
  permission: 'ecp.manage',
  headers: ecpHospitalHeadersSchema,
  response: ecpAutomaticMappingSchema,
  audit: { resource: 'Patient' },
});

export const doFinalizeMeasurementsAutomatically = endpoint({
  method: 'PUT',
  path: 'ecp/dofinalizemeasurmentsautomatically',
  tag,
  summary:
    "The caller reviews the office's readings of mapped residents: each is queued once for the ECP (idempotency key per reading), sent by a job with retries; what still fails lands in the dead-letter list",
  permission: 'ecp.finalize',
  headers: ecpHospitalHeadersSchema,
  response: ecpFinalizeSchema,
  changesAccess: false,
  audit: { resource: 'Observation', action: 'E' },
});

export const ecpWebhook = endpoint({
  method: 'POST',
  path: 'ecp/webhook',
  tag,
  summary: "The ECP's webhook (residents and users): only a delivery signed with the ECP secret (header ecp-signature) is read, otherwise 401; stored as an ECP log",
  permission: 'public',
  response: ecpWebhookAckSchema,
  changesAccess: false,
});

export const setEcpLocationMapping = endpoint({
  method: 'PUT',
  path: 'ecp/setlocationmapping',
  tag,
  summary: 'Maps an ECP community (and its organization) to an office in scope; a community maps to one office',
  permission: 'ecp.manage',
  // Who claimed which community for which office is on the trail (docs/integrations.md "Claiming a community").
  audit: { resource: 'Location' },
  body: ecpLocationBodySchema,
  response: ecpLocationSchema,
});

export const getEcpLogs = endpoint({
  method: 'GET',
  path: 'ecp/logs',
  tag,
  summary: "An office's ECP residents or users (query kind) beside their Vigil mapping, review first",
  permission: 'ecp.read',
  headers: ecpHospitalHeadersSchema,
  query: ecpLogListQuerySchema,
  response: z.array(ecpLogSchema),
  audit: { resource: 'Patient' },
});

export const setEcpLogMapping = endpoint({
  method: 'PUT',
  path: 'ecp/logs/{id}/mapping',
  tag,
  summary: "Confirms a mapping to a Vigil patient or staff user of the log's office (vigilUserId), or unmaps (null)",
  permission: 'ecp.manage',
  params: ecpLogParamsSchema,
  body: ecpMappingBodySchema,
  response: ecpLogSchema,
  audit: { resource: 'Patient', record: { kind: 'ecpLog', key: 'params.id' } },
});

export const getEcpOutbound = endpoint({
  method: 'GET',
  path: 'ecp/outbound',
  tag,
  summary: "An office's readings sent or on their way to the ECP (header hospitalId; query status: dead is the dead-letter list), newest first",
  permission: 'ecp.read',
  headers: ecpHospitalHeadersSchema,
  query: ecpOutboundQuerySchema,
  response: z.array(ecpOutboundSchema),
  audit: { resource: 'Observation' },
});

export const retryEcpOutbound = endpoint({
  method: 'POST',
  path: 'ecp/outbound/{id}/retry',
  tag,
  summary: 'Sends a dead-lettered reading again, with the same idempotency key (409 when it is not dead)',
  permission: 'ecp.manage',
  params: ecpLogParamsSchema,
  response: ecpOutboundSchema,
  changesAccess: false,
  audit: { resource: 'Observation', action: 'E', record: { kind: 'ecpOutbound', key: 'params.id' } },
});

export const getEcpOrganizations = endpoint({
  method: 'GET',
  path: 'ecp/organizations',
  tag,
  summary: 'The ECP organizations of the communities mapped to offices in scope (or mapped to an organization in scope) beside their Vigil organization, review first',
  permission: 'ecp.read',
  response: z.array(ecpOrganizationSchema),
});

export const doAutomaticEcpOrganizationsMapping = endpoint({
  method: 'PUT',
  path: 'ecp/doautomaticecporganizationsmapping',
  tag,
  summary:
    'Maps the unmapped ECP organizations in scope to the Vigil organization of the offices their communities map to; never when their communities are in two organizations (review with the reason)',
  permission: 'ecp.manage',
  response: ecpAutomaticMappingSchema,
});

export const setEcpOrganizationMapping = endpoint({
  method: 'PUT',
  path: 'ecp/organizations/{id}/mapping',
  tag,
  summary: 'Confirms the Vigil organization (in scope) of an ECP organization (organizationId), or unmaps it (null)',
  permission: 'ecp.manage',
  params: ecpLogParamsSchema,
  body: ecpOrganizationMappingBodySchema,
  response: ecpOrganizationSchema,
});
