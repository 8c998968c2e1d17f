import { useMutation, useQueryClient } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { adminsRootKey } from './find-office-admins';

/** PUT user/setstatus (headers userid, statusvaluetoset): disabling a user also ends their sessions. */
export const setStatus = ({ userId, status }: { userId: number; status: number }) =>
  call(users.setStatus, { headers: { userid: userId, statusvaluetoset: status } });

export function useSetStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setStatus,
    onSuccess: async () => {
      await Promise.all([adminsRootKey, ['offices']].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
