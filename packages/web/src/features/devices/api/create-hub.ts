import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices, type CreateHubBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** POST hub (chosen endpoint): registers a hub in an office; 409 when the identifier is taken. */
export const createHub = (body: CreateHubBody) => call(devices.createHub, { body });

export function useCreateHub() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createHub, onSuccess: () => qc.invalidateQueries({ queryKey: devicesRootKey }) });
}
