import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices, type UpdateDeviceDefaultValuesBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** PUT medicaldevice/updatedevicedefaultvaluesjsonformedicaldevice: the device's complete threshold overrides ({} clears them). */
export const updateDeviceDefaultValues = (body: UpdateDeviceDefaultValuesBody) => call(devices.updateDeviceDefaultValuesJsonForMedicalDevice, { body });

export function useUpdateDeviceDefaultValues() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateDeviceDefaultValues, onSuccess: () => qc.invalidateQueries({ queryKey: devicesRootKey }) });
}
