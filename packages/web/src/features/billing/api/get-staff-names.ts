import { useQuery } from '@tanstack/react-query';
import { offices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { billingRootKey } from './keys';

/**
 * GET hospital/getrelatedmedicalstaffforhospital: the office's staff, to name the staff member of
 * each time entry in the billing evidence (the evidence carries user ids only). Without users.read
 * the ids are shown.
 */
export function useStaffNames(hospitalId: number): Map<number, string> {
  const allowed = useCan('users.read');
  const query = useQuery({
    queryKey: [...billingRootKey, 'staffNames', hospitalId],
    queryFn: () => call(offices.findOfficeMedicalStaff, { headers: { hospitalid: hospitalId }, query: {} }),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
  return new Map((query.data ?? []).map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
}
