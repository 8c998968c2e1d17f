import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizations, type OrganizationInput } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { organizationsRootKey } from './find-organizations';

/** POST medicalinstitution. */
export const createOrganization = (body: OrganizationInput) => call(organizations.createOrganization, { body });

export function useCreateOrganization() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createOrganization, onSuccess: () => qc.invalidateQueries({ queryKey: organizationsRootKey }) });
}
