import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizations, type OrganizationInput } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { organizationsRootKey } from './find-organizations';

/** PUT medicalinstitution/{id}. */
export const updateOrganization = ({ id, body }: { id: number; body: OrganizationInput }) =>
  call(organizations.updateOrganization, { params: { id }, body });

export function useUpdateOrganization() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateOrganization, onSuccess: () => qc.invalidateQueries({ queryKey: organizationsRootKey }) });
}
