import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offices, type OfficeCreate } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

/** POST hospital. */
export const createOffice = (body: OfficeCreate) => call(offices.createOffice, { body });

export function useCreateOffice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOffice,
    onSuccess: async () => {
      // the new office also changes its organization's office count and the office pickers
      await Promise.all([officesRootKey, ['organizations'], ['officesInScope']].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
