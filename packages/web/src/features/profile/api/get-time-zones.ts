import { useQuery } from '@tanstack/react-query';
import { verifiers, type TimeZoneOption } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';

export const timeZonesKey = ['verifiers', 'timezones'] as const;

/** GET verifier/gettimezones: IANA time zones with their UTC offset. */
export function getTimeZones(): Promise<TimeZoneOption[]> {
  return call(verifiers.getTimeZones);
}

/** The browser's own IANA list, for users without verifiers.read (partners, ECP users). */
function browserTimeZones(): TimeZoneOption[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.map((id) => ({ id, label: id, offset: '' }));
}

export function useTimeZones() {
  const allowed = useCan('verifiers.read');
  return useQuery({ queryKey: [...timeZonesKey, allowed], queryFn: allowed ? getTimeZones : () => browserTimeZones(), staleTime: Infinity });
}
