import { useMutation, useQueryClient } from '@tanstack/react-query';
import { measurements, type UpdateDeviceDefaultsBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { deviceDefaultsKey } from './get-device-defaults-for-hospital';

/**
 * PUT medicaldevicesdata/updatedevicedefaultsforhospital (chosen endpoint): an office's caution and
 * critical limits for one device type, canonical units (`{}` goes back to the catalogue's).
 */
export const updateDeviceDefaultsForHospital = ({ officeId, body }: { officeId: number; body: UpdateDeviceDefaultsBody }) =>
  call(measurements.updateDeviceDefaultsForHospital, { headers: { hospitalid: officeId }, body });

export function useUpdateDeviceDefaultsForHospital() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceDefaultsForHospital,
    onSuccess: (_d, { officeId }) => qc.invalidateQueries({ queryKey: deviceDefaultsKey(officeId) }),
  });
}
