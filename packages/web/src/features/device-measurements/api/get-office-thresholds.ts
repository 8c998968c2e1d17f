import { useQuery } from '@tanstack/react-query';
import { measurements } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export const officeThresholdsKey = (hospitalId: number) => ['measurements', 'officeDefaults', hospitalId] as const;

/** GET medicaldevicesdata/getdevicedefaultsforhospital: the office's effective thresholds per device type, canonical and in the caller's units. */
export const fetchOfficeThresholds = (hospitalId: number) => call(measurements.getDeviceDefaultsForHospital, { headers: { hospitalid: hospitalId } });

export function useOfficeThresholds(hospitalId: number | undefined) {
  return useQuery({ queryKey: officeThresholdsKey(hospitalId ?? 0), queryFn: () => fetchOfficeThresholds(hospitalId!), enabled: !!hospitalId, staleTime: 5 * 60_000 });
}
