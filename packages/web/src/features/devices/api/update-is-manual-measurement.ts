import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devices, type UpdateIsManualMeasurementBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** PUT medicaldevice/updateismanualmeasurementformedicaldevice: whether the device's readings are entered by hand. */
export const updateIsManualMeasurement = (body: UpdateIsManualMeasurementBody) => call(devices.updateIsManualMeasurementForMedicalDevice, { body });

export function useUpdateIsManualMeasurement() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateIsManualMeasurement, onSuccess: () => qc.invalidateQueries({ queryKey: devicesRootKey }) });
}
