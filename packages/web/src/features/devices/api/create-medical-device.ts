import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices, type CreateMedicalDeviceBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** POST medicaldevice: registers a device in an office, optionally on a patient and a hub of that office. */
export const createMedicalDevice = (body: CreateMedicalDeviceBody) => call(devices.createMedicalDevice, { body });

export function useCreateMedicalDevice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createMedicalDevice, onSuccess: () => qc.invalidateQueries({ queryKey: devicesRootKey }) });
}
