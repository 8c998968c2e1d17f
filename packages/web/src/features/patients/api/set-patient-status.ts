import { useMutation, useQueryClient } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { patientsRootKey } from './keys';

/** PUT user/setstatus: 0 inactive, 1 active, 2 pending, 3 deceased (final: the server refuses any later change). */
export const setPatientStatus = ({ userId, status }: { userId: number; status: number }) =>
  call(users.setStatus, { headers: { userid: userId, statusvaluetoset: status } });

export function useSetPatientStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setPatientStatus, onSuccess: () => qc.invalidateQueries({ queryKey: patientsRootKey }) });
}
