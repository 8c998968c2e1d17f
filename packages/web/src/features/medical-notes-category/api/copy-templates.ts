import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes, type CopyCategoryTemplatesBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { templatesRootKey } from './keys';

/**
 * POST medicalnotecategorytemplate/copymedicalnotecategorytemplatefromlocationidtolocationid: copies
 * an office's active templates to another office, skipping titles the target already has.
 */
export const copyTemplates = (body: CopyCategoryTemplatesBody) => call(medicalNotes.copyMedicalNoteCategoryTemplates, { body });

export function useCopyTemplates() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: copyTemplates, onSettled: () => qc.invalidateQueries({ queryKey: templatesRootKey }) });
}
