import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { templatesRootKey } from './keys';

export type CreateTemplateBody = NonNullable<In<typeof medicalNotes.createMedicalNoteCategoryTemplate.body>>;

/** POST medicalnotecategorytemplate: a new template of an office (title unique in the office). */
export const createTemplate = (body: CreateTemplateBody) => call(medicalNotes.createMedicalNoteCategoryTemplate, { body });

export function useCreateTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTemplate, onSettled: () => qc.invalidateQueries({ queryKey: templatesRootKey }) });
}
