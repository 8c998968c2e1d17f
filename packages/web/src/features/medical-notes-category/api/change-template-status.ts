import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { templatesRootKey } from './keys';

/** PUT medicalnotecategorytemplate/changestatus/{id}: 1 active, 0 inactive (not offered for new notes). */
export const changeTemplateStatus = ({ id, status }: { id: number; status: 0 | 1 }) =>
  call(medicalNotes.changeMedicalNoteCategoryTemplateStatus, { params: { id }, body: { status } });

export function useChangeTemplateStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeTemplateStatus, onSettled: () => qc.invalidateQueries({ queryKey: templatesRootKey }) });
}
