import { useQuery } from '@tanstack/react-query';
import { CategoryTemplateStatus, medicalNotes } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { activeTemplatesKey } from './keys';

/** GET medicalnotecategorytemplate/forhospital (status 1): the office's active templates offered for a new note. */
export const fetchActiveTemplates = (hospitalId: number) =>
  call(medicalNotes.getMedicalNoteCategoryTemplatesForHospital, { headers: { hospitalid: hospitalId }, query: { status: CategoryTemplateStatus.ACTIVE } });

export function useActiveTemplates(hospitalId: number, enabled: boolean) {
  return useQuery({ queryKey: activeTemplatesKey(hospitalId), queryFn: () => fetchActiveTemplates(hospitalId), enabled, staleTime: 60_000 });
}
