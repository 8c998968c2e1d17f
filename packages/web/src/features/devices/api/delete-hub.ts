import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { hubKey } from './get-hub';
import { devicesRootKey } from './keys';

/** DELETE hub/{id} (chosen endpoint): refused (409) when the hub has readings. */
export const deleteHub = (id: number) => call(devices.deleteHub, { params: { id } });

export function useDeleteHub() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteHub,
    onSuccess: async (_d, id) => {
      qc.removeQueries({ queryKey: hubKey(id) });
      await qc.invalidateQueries({ queryKey: devicesRootKey });
    },
  });
}
