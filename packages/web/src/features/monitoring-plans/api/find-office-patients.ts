import { useQuery } from '@tanstack/react-query';
import { offices } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** Largest page the office patient list takes (patient pickers and assigned-patient names). */
const MAX_PATIENTS = 200;

/** GET hospital/getrelatedpatientsforhospitalv4: the patients of one office, by last name, as picker options. */
export const fetchOfficePatientOptions = (officeId: number) =>
  call(offices.findOfficePatientsV4, { headers: { hospitalid: officeId }, query: { page: 1, pageSize: MAX_PATIENTS, sort: 'lastName' } });

export function useOfficePatientOptions(officeId: number | null) {
  return useQuery({
    queryKey: ['patients', 'office', officeId, 'options'],
    queryFn: () => fetchOfficePatientOptions(officeId!),
    enabled: officeId !== null && officeId > 0,
    staleTime: 60_000,
    select: (page) => page.items.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`, status: p.status })),
  });
}
