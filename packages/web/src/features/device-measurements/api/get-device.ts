import { useQuery } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export const deviceKey = (id: number) => ['devices', 'device', id] as const;

/** GET medicaldevice/{id}: the device with its type, office, hub, patient and threshold overrides. */
export const fetchDevice = (id: number) => call(devices.getMedicalDevice, { params: { id } });

export function useDevice(id: number) {
  return useQuery({ queryKey: deviceKey(id), queryFn: () => fetchDevice(id), retry: false });
}
