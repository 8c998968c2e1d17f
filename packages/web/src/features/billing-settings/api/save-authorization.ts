import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billing, type BillingProgram } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { authorizationsRootKey, templatesRootKey } from './keys';

export interface AuthorizationInput {
  /** Set to update an existing authorization. */
  id?: number;
  userId: number;
  hospitalId: number;
  templateId: number | null;
  programs: BillingProgram[];
}

/**
 * POST billingusersauthorization (a new one: 409 when the user already has one in the office) or
 * PUT billingusersauthorization/{id} (programs and template).
 */
export const saveAuthorization = (a: AuthorizationInput) =>
  a.id
    ? call(billing.updateUserBillingAuthorization, { params: { id: a.id }, body: { templateId: a.templateId, programs: a.programs } })
    : call(billing.createUserBillingAuthorization, {
        body: { userId: a.userId, hospitalId: a.hospitalId, templateId: a.templateId ?? undefined, programs: a.programs.length > 0 ? a.programs : undefined },
      });

export function useSaveAuthorization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveAuthorization,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: authorizationsRootKey });
      await qc.invalidateQueries({ queryKey: templatesRootKey }); // usedBy counts
    },
  });
}
