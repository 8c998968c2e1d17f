import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { offices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { teamsRootKey } from './keys';

/** Patients offered at once in the team wizard's patient search. */
const PICK_PAGE = 50;

export const teamPatientOptionsKey = (officeId: number, search: string) => [...teamsRootKey, 'patientOptions', officeId, search] as const;

/** GET hospital/getrelatedpatientsforhospitalv4: the office's patients matching `search`, for picking a team's patient. */
export const fetchPatientOptions = (officeId: number, search: string) =>
  call(offices.findOfficePatientsV4, { headers: { hospitalid: officeId }, query: { page: 1, pageSize: PICK_PAGE, sort: 'lastName', search: search || undefined } });

export function usePatientOptions(officeId: number | null, search: string) {
  return useQuery({
    queryKey: teamPatientOptionsKey(officeId ?? 0, search),
    queryFn: () => fetchPatientOptions(officeId!, search),
    enabled: !!officeId,
    placeholderData: keepPreviousData,
  });
}
