import { useQuery } from '@tanstack/react-query';
import { offices, UserStatus } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { patientsRootKey } from './keys';

/** Most staff members offered when picking a care team (one page of the office's active staff). */
const MAX_STAFF = 200;

export const careStaffKey = (officeId: number) => [...patientsRootKey, 'careStaff', officeId] as const;

/** GET hospital/getrelatedmedicalstaffforhospitalV2: the office's active staff (spec section 6: only active care staff are selectable). */
export const fetchCareStaff = (officeId: number) =>
  call(offices.findOfficeMedicalStaffV2, {
    headers: { hospitalid: officeId },
    query: { page: 1, pageSize: MAX_STAFF, sort: 'lastName', status: UserStatus.ACTIVE },
  });

export function useCareStaff(officeId: number | null) {
  return useQuery({ queryKey: careStaffKey(officeId ?? 0), queryFn: () => fetchCareStaff(officeId!), enabled: !!officeId });
}
