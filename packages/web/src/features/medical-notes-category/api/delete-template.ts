import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { templatesRootKey } from './keys';

/** DELETE medicalnotecategorytemplate/{id}: refused (409) while a note detail uses the template. */
export const deleteTemplate = (id: number) => call(medicalNotes.deleteMedicalNoteCategoryTemplate, { params: { id } });

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTemplate, onSettled: () => qc.invalidateQueries({ queryKey: templatesRootKey }) });
}
