import { useQuery } from '@tanstack/react-query';
import { devices, type DeviceType } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** GET medicaldevicetemplate/getbydevicetemplatesbytype (header deviceType): every model of a type. */
export const fetchTemplatesByType = (deviceType: DeviceType) => call(devices.getMedicalDeviceTemplatesByType, { headers: { devicetype: deviceType } });

export function useTemplatesByType(deviceType: DeviceType | null, enabled = true) {
  return useQuery({
    queryKey: [...devicesRootKey, 'templates', deviceType],
    queryFn: () => fetchTemplatesByType(deviceType!),
    enabled: enabled && deviceType !== null,
    staleTime: 10 * 60_000,
  });
}
