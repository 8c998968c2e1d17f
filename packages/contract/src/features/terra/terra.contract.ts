import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import {
  ecpUserForTerraSchema,
  terraAuthorizeBodySchema,
  terraAuthorizeResponseSchema,
  terraEventAckSchema,
  terraEventSchema,
  terraFdaClearedHeadersSchema,
  terraImpersonateHeadersSchema,
  terraMappingQuerySchema,
  terraMappingSchema,
  terraPatientHeadersSchema,
  terraSendingHeadersSchema,
} from './terra.schemas';

// endpoints.txt "Terra (wearables)"; portal-spec.md sections 3, 7 and 8 "Terra"; docs/integrations.md.
const tag = 'Terra';

export const authorizeTerraForGettingData = endpoint({
  method: 'POST',
  path: 'terra/authorizeterraforgettingdata',
  tag,
  summary:
    "Creates a Terra widget session for a patient in scope and answers its URL (404 for a patient out of scope; 409 when Terra is not configured; 502 when Terra cannot be reached)",
  permission: 'terra.manage',
  body: terraAuthorizeBodySchema,
  response: terraAuthorizeResponseSchema,
});

export const terraEventHandler = endpoint({
  method: 'POST',
  path: 'terra/eventhandler',
  tag,
  summary:
    "Terra's webhook: only a delivery signed with the signing secret (header terra-signature, 300 s tolerance) is read, otherwise 401; the raw delivery is stored once, then processed by a job",
  permission: 'public',
  response: terraEventAckSchema,
  changesAccess: false,
});

export const getTerraUserMappingTable = endpoint({
  method: 'GET',
  path: 'terra/getterrausermappingtable',
  tag,
  summary: "The Terra connections of the caller's patients, optionally of one office (query locationId); [] when there are none",
  permission: 'terra.read',
  query: terraMappingQuerySchema,
  response: z.array(terraMappingSchema),
  audit: { resource: 'Device' },
});

export const getEcpUsersForTerraMappings = endpoint({
  method: 'GET',
  path: 'terra/getecpusersforterramappings',
  tag,
  summary: "The ECP users in the caller's offices that Terra readings may be sent to the ECP on behalf of",
  permission: 'terra.read',
  response: z.array(ecpUserForTerraSchema),
  audit: { resource: 'Patient' },
});

export const setSendingDataFromTerraToEcp = endpoint({
  method: 'PUT',
  path: 'terra/setsendingdatafromterratoecp',
  tag,
  summary: "Turns forwarding of a patient's Terra readings to the ECP on or off (headers patientId, enableSendingDataToECP); 404 \"No user mapping data!\" without a connection",
  permission: 'terra.manage',
  headers: terraSendingHeadersSchema,
  response: terraMappingSchema,
  changesAccess: false,
});

export const setEcpUserInpersonateId = endpoint({
  method: 'PUT',
  path: 'terra/setecpuserinpersonateid',
  tag,
  summary: "Sets the ECP user a patient's readings are sent on behalf of (headers patientId, ecpUserInpersonateId: an ECP user of the patient's office)",
  permission: 'terra.manage',
  headers: terraImpersonateHeadersSchema,
  response: terraMappingSchema,
  changesAccess: false,
});

export const setTerraFdaCleared = endpoint({
  method: 'PUT',
  path: 'terra/setfdacleared',
  tag,
  summary:
    "Marks a patient's Terra source as an FDA-cleared device (headers patientId, fdaCleared): only then do its readings count as device days for billing (docs/integrations.md)",
  permission: 'terra.fdaClearance',
  headers: terraFdaClearedHeadersSchema,
  response: terraMappingSchema,
  changesAccess: false,
});

export const disconnectTerra = endpoint({
  method: 'POST',
  path: 'terra/disconnect',
  tag,
  summary: "Disconnects a patient from Terra (header patientId): Terra is asked to forget the user and later deliveries are not turned into readings",
  permission: 'terra.manage',
  headers: terraPatientHeadersSchema,
  response: terraMappingSchema,
  changesAccess: false,
});

export const getTerraEvents = endpoint({
  method: 'GET',
  path: 'terra/events',
  tag,
  summary: "The latest 50 Terra deliveries for a patient in scope (header patientId), newest first",
  permission: 'terra.read',
  headers: terraPatientHeadersSchema,
  response: z.array(terraEventSchema),
});
