import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices, type UpdateMedicalDeviceBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** PUT medicaldevice/{id}: identifier, model, office, hub, patient, manual flag or status (null unassigns). */
export const updateMedicalDevice = ({ id, body }: { id: number; body: UpdateMedicalDeviceBody }) =>
  call(devices.updateMedicalDevice, { params: { id }, body });

export function useUpdateMedicalDevice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateMedicalDevice, onSuccess: () => qc.invalidateQueries({ queryKey: devicesRootKey }) });
}
