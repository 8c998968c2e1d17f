import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { offices, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

export type OfficeStaffQuery = NonNullable<In<typeof offices.findOfficeMedicalStaffV2.query>>;

export const officeStaffKey = (hospitalId: number, q: OfficeStaffQuery) => [...officesRootKey, 'staff', hospitalId, q] as const;

/** GET hospital/getrelatedmedicalstaffforhospitalV2 (header hospitalid): the office's staff, paged. */
export const fetchOfficeStaff = (hospitalId: number, query: OfficeStaffQuery) =>
  call(offices.findOfficeMedicalStaffV2, { headers: { hospitalid: hospitalId }, query });

export function useOfficeStaff(hospitalId: number, query: OfficeStaffQuery) {
  return useQuery({ queryKey: officeStaffKey(hospitalId, query), queryFn: () => fetchOfficeStaff(hospitalId, query), placeholderData: keepPreviousData });
}
