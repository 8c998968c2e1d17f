import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey } from './keys';

/** DELETE medicalnotedetail/{id}: deletes a detail (refused when it documents timer time); a manual entry written with it goes too. */
export const deleteNoteDetail = (id: number) => call(medicalNotes.deleteMedicalNoteDetail, { params: { id } });

export function useDeleteNoteDetail() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteNoteDetail, onSettled: () => qc.invalidateQueries({ queryKey: careTimeRootKey }) });
}
