import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

/** DELETE hospital/{id}: refused (409) while patients are still assigned to the office. */
export const deleteOffice = (id: number) => call(offices.deleteOffice, { params: { id } });

export function useDeleteOffice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteOffice,
    onSuccess: async (_data, id) => {
      // the deleted office itself is not fetched again (it would answer 404 while its drawer closes)
      const deleted = (key: readonly unknown[]) => key[0] === officesRootKey[0] && key[1] === 'one' && key[2] === id;
      await Promise.all([
        qc.invalidateQueries({ queryKey: officesRootKey, predicate: (q) => !deleted(q.queryKey) }),
        qc.invalidateQueries({ queryKey: ['organizations'] }),
        qc.invalidateQueries({ queryKey: ['officesInScope'] }),
      ]);
    },
  });
}
