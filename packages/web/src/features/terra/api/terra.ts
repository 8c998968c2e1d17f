import { terra } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/** Every change of a connection makes the mapping table stale. */
const mappingReads = [terra.getTerraUserMappingTable, terra.getTerraEvents] as const;

/** GET terra/getterrausermappingtable: the connections of one office. */
export function useTerraMappings(locationId: number) {
  return useEndpointQuery(terra.getTerraUserMappingTable, { query: { locationId } }, { enabled: locationId > 0 });
}

/** GET terra/getecpusersforterramappings: ECP users to send readings on behalf of. */
export function useEcpUsersForTerra(enabled: boolean) {
  return useEndpointQuery(terra.getEcpUsersForTerraMappings, {}, { enabled, staleTime: 60_000 });
}

/** POST terra/authorizeterraforgettingdata: a widget session URL for a patient (shown as link and QR code). */
export function useAuthorizeTerra() {
  return useEndpointMutation(terra.authorizeTerraForGettingData, { input: (patientId: number) => ({ body: { patientId } }), invalidates: mappingReads });
}

/** PUT terra/setsendingdatafromterratoecp. */
export function useSetSendingToEcp() {
  return useEndpointMutation(terra.setSendingDataFromTerraToEcp, {
    input: ({ patientId, enabled }: { patientId: number; enabled: boolean }) => ({ headers: { patientid: patientId, enablesendingdatatoecp: enabled } }),
    invalidates: mappingReads,
  });
}

/** PUT terra/setecpuserinpersonateid. */
export function useSetEcpUser() {
  return useEndpointMutation(terra.setEcpUserInpersonateId, {
    input: ({ patientId, ecpUserId }: { patientId: number; ecpUserId: number }) => ({ headers: { patientid: patientId, ecpuserinpersonateid: ecpUserId } }),
    invalidates: mappingReads,
  });
}

/** PUT terra/setfdacleared. */
export function useSetFdaCleared() {
  return useEndpointMutation(terra.setTerraFdaCleared, {
    input: ({ patientId, cleared }: { patientId: number; cleared: boolean }) => ({ headers: { patientid: patientId, fdacleared: cleared } }),
    invalidates: mappingReads,
  });
}

/** POST terra/disconnect. */
export function useDisconnectTerra() {
  return useEndpointMutation(terra.disconnectTerra, { input: (patientId: number) => ({ headers: { patientid: patientId } }), invalidates: mappingReads });
}
