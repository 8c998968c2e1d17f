import { useQuery } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

export const medicalDeviceKey = (id: number) => [...devicesRootKey, 'device', id] as const;

/** GET medicaldevice/{id}. */
export const fetchMedicalDevice = (id: number) => call(devices.getMedicalDevice, { params: { id } });

export function useMedicalDevice(id: number | null) {
  return useQuery({ queryKey: medicalDeviceKey(id ?? 0), queryFn: () => fetchMedicalDevice(id!), enabled: id !== null && id > 0 });
}
