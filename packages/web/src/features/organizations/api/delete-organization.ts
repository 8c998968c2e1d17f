import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizations } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { organizationsRootKey } from './find-organizations';

/** DELETE medicalinstitution/{id}: refused (409) while the organization still has offices or users. */
export const deleteOrganization = (id: number) => call(organizations.deleteOrganization, { params: { id } });

export function useDeleteOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    // the deleted organization itself is not fetched again (it would answer 404 while its drawer closes)
    onSuccess: (_data, id) =>
      qc.invalidateQueries({ queryKey: organizationsRootKey, predicate: (q) => !(q.queryKey[1] === 'one' && q.queryKey[2] === id) }),
  });
}
