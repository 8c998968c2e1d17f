import { useQuery } from '@tanstack/react-query';
import { verifiers } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export const timeZonesKey = ['verifiers', 'timeZones'] as const;

/** GET verifier/gettimezones: IANA time zones with their current UTC offset. */
export const fetchTimeZones = () => call(verifiers.getTimeZones);

export function useTimeZones() {
  return useQuery({ queryKey: timeZonesKey, queryFn: fetchTimeZones, staleTime: Infinity });
}
