import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { offices, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { staffRootKey } from './keys';

export type OfficeStaffQuery = NonNullable<In<typeof offices.findOfficeMedicalStaffV3.query>>;

export const officeStaffKey = (officeId: number, q: OfficeStaffQuery) => [...staffRootKey, 'office', officeId, q] as const;

/** GET hospital/getrelatedmedicalstaffforhospitalV3: a page of the office's staff with each member's patient count. */
export const fetchOfficeStaff = (officeId: number, query: OfficeStaffQuery) =>
  call(offices.findOfficeMedicalStaffV3, { headers: { hospitalid: officeId }, query });

export function useOfficeStaff(officeId: number | null, query: OfficeStaffQuery) {
  return useQuery({
    queryKey: officeStaffKey(officeId ?? 0, query),
    queryFn: () => fetchOfficeStaff(officeId!, query),
    enabled: officeId !== null && officeId > 0,
    placeholderData: keepPreviousData,
  });
}
