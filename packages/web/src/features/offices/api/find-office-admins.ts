import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { users, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

export type OfficeAdminsQuery = NonNullable<In<typeof users.getHospitalAdmins.query>>;

export const officeAdminsKey = (hospitalId: number, q: OfficeAdminsQuery) => [...officesRootKey, 'admins', hospitalId, q] as const;

/** GET user/gethospitaladmins (header hospitalid): the office admins of one office, paged. */
export const fetchOfficeAdmins = (hospitalId: number, query: OfficeAdminsQuery) =>
  call(users.getHospitalAdmins, { headers: { hospitalid: hospitalId }, query });

export function useOfficeAdmins(hospitalId: number, query: OfficeAdminsQuery) {
  return useQuery({ queryKey: officeAdminsKey(hospitalId, query), queryFn: () => fetchOfficeAdmins(hospitalId, query), placeholderData: keepPreviousData });
}
