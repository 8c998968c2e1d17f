import { useQuery } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

/** GET medicaldevicetemplate/getpossibledevices: the device types one may register, with values and manufacturers. */
export const fetchPossibleDevices = () => call(devices.getPossibleDevices);

export function usePossibleDevices() {
  return useQuery({ queryKey: [...devicesRootKey, 'possible'], queryFn: fetchPossibleDevices, staleTime: 10 * 60_000 });
}
