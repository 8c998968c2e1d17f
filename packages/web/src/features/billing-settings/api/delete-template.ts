import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { authorizationsRootKey, templatesRootKey } from './keys';

/** DELETE billingauthorizationtemplate/{id}: authorizations made from it keep their programs. */
export const deleteTemplate = (id: number) => call(billing.deleteBillingAuthorizationTemplate, { params: { id } });

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: templatesRootKey });
      await qc.invalidateQueries({ queryKey: authorizationsRootKey });
    },
  });
}
