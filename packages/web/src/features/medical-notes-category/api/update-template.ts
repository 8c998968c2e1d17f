import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { templatesRootKey } from './keys';

export type UpdateTemplateBody = NonNullable<In<typeof medicalNotes.updateMedicalNoteCategoryTemplate.body>>;

/** PUT medicalnotecategorytemplate/{id}: edits a template (a 403 carries the server's message, spec section 8). */
export const updateTemplate = ({ id, body }: { id: number; body: UpdateTemplateBody }) => call(medicalNotes.updateMedicalNoteCategoryTemplate, { params: { id }, body });

export function useUpdateTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTemplate, onSettled: () => qc.invalidateQueries({ queryKey: templatesRootKey }) });
}
