import { useQuery } from '@tanstack/react-query';
import { devices, type DeviceType } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** GET medicaldevicetemplate/getbydevicetemplatesbytypeandmanufacturer (headers deviceType, manufacturerId). */
export const fetchTemplatesByTypeAndManufacturer = (deviceType: DeviceType, manufacturerId: number) =>
  call(devices.getMedicalDeviceTemplatesByTypeAndManufacturer, { headers: { devicetype: deviceType, manufacturerid: manufacturerId } });

export function useTemplatesByTypeAndManufacturer(deviceType: DeviceType | null, manufacturerId: number | null) {
  return useQuery({
    queryKey: [...devicesRootKey, 'templates', deviceType, manufacturerId],
    queryFn: () => fetchTemplatesByTypeAndManufacturer(deviceType!, manufacturerId!),
    enabled: deviceType !== null && manufacturerId !== null,
    staleTime: 10 * 60_000,
  });
}
