import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes, type UpdateMedicalNoteDetailBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey } from './keys';

/** PUT medicalnotedetail/{id}: edits a detail's text and program (its author or an office admin). */
export const updateNoteDetail = ({ id, body }: { id: number; body: UpdateMedicalNoteDetailBody }) =>
  call(medicalNotes.updateMedicalNoteDetail, { params: { id }, body });

export function useUpdateNoteDetail() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateNoteDetail, onSettled: () => qc.invalidateQueries({ queryKey: careTimeRootKey }) });
}
