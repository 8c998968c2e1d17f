import { offices, sso, type SaveSsoConfigBody } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

const ssoReads = [sso] as const;

/** GET sso/config/{organizationId}: the organization's single sign-on settings (null when none), never the secret. */
export function useSsoConfig(organizationId: number | null) {
  return useEndpointQuery(sso.getSsoConfig, { params: { organizationId: organizationId ?? 0 } }, { enabled: organizationId !== null && organizationId > 0 });
}

/** PUT sso/config/{organizationId}: saves the settings (the server checks the issuer before storing). */
export function useSaveSsoConfig(organizationId: number) {
  return useEndpointMutation(sso.saveSsoConfig, { input: (body: SaveSsoConfigBody) => ({ params: { organizationId }, body }), invalidates: ssoReads });
}

/** GET hospital: the organization's offices, for the office of just-in-time provisioned users. */
export function useOrganizationOffices(organizationId: number | null) {
  return useEndpointQuery(offices.findOffices, { query: { organizationId: organizationId ?? undefined, page: 1, pageSize: 100 } }, { enabled: organizationId !== null && organizationId > 0 });
}
