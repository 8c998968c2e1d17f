import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** DELETE hub/{id}/credential (chosen endpoint): revokes the hub's credential; its next reading answers 401. */
export const revokeHubCredential = (id: number) => call(devices.revokeHubCredential, { params: { id } });

export function useRevokeHubCredential() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeHubCredential, onSuccess: () => qc.invalidateQueries({ queryKey: devicesRootKey }) });
}
