import { useQuery } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { billingSettingsRootKey } from './keys';

/** null: the global values (system admin); a number: that organization's effective settings. */
export const billingSettingsKey = (organizationId: number | null) => [...billingSettingsRootKey, 'settings', organizationId] as const;

/** GET billing/getbillingsettings (chosen): the UNCONFIRMED-rule settings with value, source, default and description. */
export const fetchBillingSettings = (organizationId: number | null) =>
  call(billing.getBillingSettings, { headers: { organizationid: organizationId ?? undefined } });

export function useBillingSettings(organizationId: number | null, enabled = true) {
  return useQuery({ queryKey: billingSettingsKey(organizationId), queryFn: () => fetchBillingSettings(organizationId), enabled });
}
