import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { authorizationsRootKey, templatesRootKey } from './keys';

/** DELETE billingusersauthorization/{id}: the staff member may no longer bill in the office. */
export const deleteAuthorization = (id: number) => call(billing.deleteUserBillingAuthorization, { params: { id } });

export function useDeleteAuthorization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAuthorization,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: authorizationsRootKey });
      await qc.invalidateQueries({ queryKey: templatesRootKey });
    },
  });
}
