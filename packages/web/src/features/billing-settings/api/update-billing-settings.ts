import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { billingSettingsRootKey } from './keys';

type Value = number | boolean | string | null;

/** PUT billing/updatebillingsettings (chosen): sets (or with null removes) overrides for an organization or, organizationId null, globally. */
export const updateBillingSettings = ({ organizationId, values }: { organizationId: number | null; values: Record<string, Value> }) =>
  call(billing.updateBillingSettings, { body: { organizationId, values } });

export function useUpdateBillingSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateBillingSettings,
    // a global change shows through in every organization's view
    onSuccess: () => qc.invalidateQueries({ queryKey: [...billingSettingsRootKey, 'settings'] }),
  });
}
