import { useQuery } from '@tanstack/react-query';
import { medicalNotes } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officeTemplatesKey } from './keys';

/** GET medicalnotecategorytemplate/forhospital: the office's category templates (every status), by title, at most 500. */
export const fetchOfficeTemplates = (hospitalId: number) => call(medicalNotes.getMedicalNoteCategoryTemplatesForHospital, { headers: { hospitalid: hospitalId } });

export function useOfficeTemplates(hospitalId: number) {
  return useQuery({ queryKey: officeTemplatesKey(hospitalId), queryFn: () => fetchOfficeTemplates(hospitalId), enabled: hospitalId > 0 });
}
