import { useQuery } from '@tanstack/react-query';
import { measurements } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** GET medicaldevicesdata/getdevicedefaultsforhospital: the office's effective thresholds per device type (canonical units). */
export const fetchDeviceDefaultsForHospital = (officeId: number) => call(measurements.getDeviceDefaultsForHospital, { headers: { hospitalid: officeId } });

export const deviceDefaultsKey = (officeId: number | null) => ['deviceDefaults', officeId] as const;

export function useDeviceDefaultsForHospital(officeId: number | null) {
  return useQuery({
    queryKey: deviceDefaultsKey(officeId),
    queryFn: () => fetchDeviceDefaultsForHospital(officeId!),
    enabled: officeId !== null && officeId > 0,
    staleTime: 5 * 60_000,
  });
}
