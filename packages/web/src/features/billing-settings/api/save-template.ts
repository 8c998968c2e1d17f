import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billing, type BillingProgram } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { templatesRootKey } from './keys';

export interface TemplateInput {
  id?: number;
  organizationId: number | null;
  name: string;
  programs: BillingProgram[];
}

/** POST billingauthorizationtemplate (409 for a name already used) or PUT billingauthorizationtemplate/{id}. */
export const saveTemplate = (tpl: TemplateInput) =>
  tpl.id
    ? call(billing.updateBillingAuthorizationTemplate, { params: { id: tpl.id }, body: { name: tpl.name, programs: tpl.programs } })
    : call(billing.createBillingAuthorizationTemplate, { body: { organizationId: tpl.organizationId ?? undefined, name: tpl.name, programs: tpl.programs } });

export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: templatesRootKey }) });
}
