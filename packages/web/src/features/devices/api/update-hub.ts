import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices, type UpdateHubBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** PUT hub/{id} (chosen endpoint): name, identifier, MAC, office, assigned patient, status. */
export const updateHub = ({ id, body }: { id: number; body: UpdateHubBody }) => call(devices.updateHub, { params: { id }, body });

export function useUpdateHub() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateHub, onSuccess: () => qc.invalidateQueries({ queryKey: devicesRootKey }) });
}
