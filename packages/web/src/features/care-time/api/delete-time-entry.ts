import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeTracking } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey } from './keys';

/** DELETE timetracking/{id}: deletes a manual entry and the note detail written with it. */
export const deleteTimeEntry = (id: number) => call(timeTracking.deleteTimeEntry, { params: { id } });

export function useDeleteTimeEntry() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTimeEntry, onSettled: () => qc.invalidateQueries({ queryKey: careTimeRootKey }) });
}
