import { useQuery } from '@tanstack/react-query';
import { offices, UserStatus } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { teamsRootKey } from './keys';

/** Most staff members offered when choosing team members. */
const MAX_STAFF = 200;

export const teamStaffKey = (officeId: number) => [...teamsRootKey, 'staff', officeId] as const;

/** GET hospital/getrelatedmedicalstaffforhospitalV2: the office's active staff (spec section 6: only active care staff are selectable). */
export const fetchTeamStaff = (officeId: number) =>
  call(offices.findOfficeMedicalStaffV2, {
    headers: { hospitalid: officeId },
    query: { page: 1, pageSize: MAX_STAFF, sort: 'lastName', status: UserStatus.ACTIVE },
  });

export function useTeamStaff(officeId: number | null) {
  return useQuery({ queryKey: teamStaffKey(officeId ?? 0), queryFn: () => fetchTeamStaff(officeId!), enabled: !!officeId });
}
