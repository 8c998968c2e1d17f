import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { offices, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { patientsRootKey } from './keys';

export type OfficePatientsQuery = NonNullable<In<typeof offices.findOfficePatientsV4.query>>;

export const officePatientsKey = (officeId: number, q: OfficePatientsQuery) => [...patientsRootKey, 'office', officeId, q] as const;

/** GET hospital/getrelatedpatientsforhospitalv4: a page of one office's patients with identifier, record number and care team. */
export const fetchOfficePatients = (officeId: number, query: OfficePatientsQuery) =>
  call(offices.findOfficePatientsV4, { headers: { hospitalid: officeId }, query });

export function useOfficePatients(officeId: number | null, query: OfficePatientsQuery) {
  return useQuery({
    queryKey: officePatientsKey(officeId ?? 0, query),
    queryFn: () => fetchOfficePatients(officeId!, query),
    enabled: officeId !== null && officeId > 0,
    placeholderData: keepPreviousData,
  });
}
