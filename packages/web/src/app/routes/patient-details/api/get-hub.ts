import { useQueries } from '@tanstack/react-query';
import { devices } from '@vigil/contract';
import { call } from '../../../../lib/api-client';

export const hubKey = (id: number) => ['devices', 'hub', id] as const;

/** GET hub/{id} (chosen endpoint): a hub with its health (last check-in, readings in 24 hours, credential). */
export const fetchHub = (id: number) => call(devices.getHub, { params: { id } });

/** The hubs of the patient's devices, one query each (a patient has one or two). */
export function useHubs(ids: number[]) {
  return useQueries({ queries: ids.map((id) => ({ queryKey: hubKey(id), queryFn: () => fetchHub(id) })) });
}
