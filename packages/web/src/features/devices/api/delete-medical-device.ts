import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { medicalDeviceKey } from './get-medical-device';
import { devicesRootKey } from './keys';

/** DELETE medicaldevice/{id}: refused (409) when the device has readings. */
export const deleteMedicalDevice = (id: number) => call(devices.deleteMedicalDevice, { params: { id } });

export function useDeleteMedicalDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMedicalDevice,
    onSuccess: async (_d, id) => {
      qc.removeQueries({ queryKey: medicalDeviceKey(id) });
      await qc.invalidateQueries({ queryKey: devicesRootKey });
    },
  });
}
