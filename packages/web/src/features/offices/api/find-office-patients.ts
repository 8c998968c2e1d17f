import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { offices, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

export type OfficePatientsQuery = NonNullable<In<typeof offices.findOfficePatientsV4.query>>;

export const officePatientsKey = (hospitalId: number, q: OfficePatientsQuery) => [...officesRootKey, 'patients', hospitalId, q] as const;

/** GET hospital/getrelatedpatientsforhospitalv4 (header hospitalid): the office's patients, paged. */
export const fetchOfficePatients = (hospitalId: number, query: OfficePatientsQuery) =>
  call(offices.findOfficePatientsV4, { headers: { hospitalid: hospitalId }, query });

export function useOfficePatients(hospitalId: number, query: OfficePatientsQuery) {
  return useQuery({
    queryKey: officePatientsKey(hospitalId, query),
    queryFn: () => fetchOfficePatients(hospitalId, query),
    placeholderData: keepPreviousData,
  });
}
