import { useQuery } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { staffRootKey } from './keys';

export const staffMemberKey = (id: number) => [...staffRootKey, 'one', id] as const;

/** GET user/{id}: a staff member's contact data, role, offices and status. */
export const fetchStaffMember = (id: number) => call(users.getUser, { params: { id } });

export function useStaffMember(id: number) {
  return useQuery({ queryKey: staffMemberKey(id), queryFn: () => fetchStaffMember(id) });
}
