import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { users, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export type AdminListQuery = NonNullable<In<typeof users.getHospitalAdmins.query>>;

/** Every admins query starts with this key; mutations invalidate it. */
export const adminsRootKey = ['admins'] as const;
export const officeAdminsKey = (hospitalId: number | undefined, q: AdminListQuery) => [...adminsRootKey, 'office', hospitalId ?? 'all', q] as const;

/** GET user/gethospitaladmins: office admins in scope, narrowed to one office by the hospitalid header. */
export const fetchOfficeAdmins = (hospitalId: number | undefined, query: AdminListQuery) =>
  call(users.getHospitalAdmins, { headers: { hospitalid: hospitalId }, query });

export function useOfficeAdmins(hospitalId: number | undefined, query: AdminListQuery) {
  return useQuery({ queryKey: officeAdminsKey(hospitalId, query), queryFn: () => fetchOfficeAdmins(hospitalId, query), placeholderData: keepPreviousData });
}
