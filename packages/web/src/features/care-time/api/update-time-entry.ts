import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeTracking, type UpdateTimeEntryBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey } from './keys';

/** PUT timetracking/{id}: edits a manual entry (automatic entries are refused by the server). */
export const updateTimeEntry = ({ id, body }: { id: number; body: UpdateTimeEntryBody }) => call(timeTracking.updateTimeEntry, { params: { id }, body });

export function useUpdateTimeEntry() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTimeEntry, onSettled: () => qc.invalidateQueries({ queryKey: careTimeRootKey }) });
}
