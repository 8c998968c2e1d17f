import { useMutation, useQueryClient } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { staffRootKey } from './keys';

/** PUT user/setstatus for a staff member: 1 active, 0 inactive (deactivating ends their sessions). */
export const setStaffStatus = ({ userId, status }: { userId: number; status: number }) =>
  call(users.setStatus, { headers: { userid: userId, statusvaluetoset: status } });

export function useSetStaffStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setStaffStatus, onSuccess: () => qc.invalidateQueries({ queryKey: staffRootKey }) });
}
