import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { monthlyReviewRootKey } from './keys';

/** How many matches the patient picker offers. */
const PICKER_SIZE = 20;

/** GET user/gethospitalpatients: patients of the selected office (or all the user's offices) matching a name. */
export const fetchPatientOptions = (office: number, search: string) =>
  call(users.getHospitalPatients, { headers: { hospitalid: office > 0 ? office : undefined }, query: { page: 1, pageSize: PICKER_SIZE, search: search || undefined, sort: 'lastName' } });

export function usePatientOptions(office: number, search: string) {
  return useQuery({
    queryKey: [...monthlyReviewRootKey, 'patients', office, search],
    queryFn: () => fetchPatientOptions(office, search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
