import { useQuery } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

export const hubKey = (id: number) => [...devicesRootKey, 'hub', id] as const;

/** GET hub/{id} (chosen endpoint): one hub with its devices and health (last check-in, readings in the last 24 hours). */
export const fetchHub = (id: number) => call(devices.getHub, { params: { id } });

export function useHub(id: number | null, opts: { refetchInterval?: number; staleTime?: number } = {}) {
  return useQuery({ queryKey: hubKey(id ?? 0), queryFn: () => fetchHub(id!), enabled: id !== null && id > 0, ...opts });
}
