import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey } from './keys';

export type AddDetailBody = NonNullable<In<typeof medicalNotes.addAdditionalMedicalNoteDetail.body>>;

/** PUT medicalnote/addadditionalmedicalnotedetail/{medicalNoteId}: adds a detail to an existing note. */
export const addNoteDetail = ({ medicalNoteId, body }: { medicalNoteId: number; body: AddDetailBody }) =>
  call(medicalNotes.addAdditionalMedicalNoteDetail, { params: { medicalNoteId }, body });

export function useAddNoteDetail() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addNoteDetail, onSettled: () => qc.invalidateQueries({ queryKey: careTimeRootKey }) });
}
