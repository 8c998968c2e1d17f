import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { users, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { patientsRootKey } from './keys';

export type HospitalPatientsQuery = NonNullable<In<typeof users.getHospitalPatients.query>>;

export const hospitalPatientsKey = (q: HospitalPatientsQuery) => [...patientsRootKey, 'all', q] as const;

/** GET user/gethospitalpatients: a page of the patients of every office in the caller's scope. */
export const fetchHospitalPatients = (query: HospitalPatientsQuery) => call(users.getHospitalPatients, { headers: {}, query });

export function useHospitalPatients(query: HospitalPatientsQuery, enabled: boolean) {
  return useQuery({ queryKey: hospitalPatientsKey(query), queryFn: () => fetchHospitalPatients(query), enabled, placeholderData: keepPreviousData });
}
