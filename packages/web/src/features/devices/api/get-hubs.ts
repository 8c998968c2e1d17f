import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { devices, type HubPageQuery } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

export type HubListQuery = Partial<HubPageQuery>;

export const hubsKey = (officeId: number | null, q: HubListQuery) => [...devicesRootKey, 'hubs', officeId ?? 'all', q] as const;

/** GET hub (chosen endpoint): a page of the hubs of one office, or of every office in scope. */
export const fetchHubs = (officeId: number | null, query: HubListQuery) =>
  call(devices.getHubs, { headers: officeId ? { hospitalid: officeId } : {}, query });

export function useHubs(officeId: number | null, query: HubListQuery, enabled = true) {
  return useQuery({ queryKey: hubsKey(officeId, query), queryFn: () => fetchHubs(officeId, query), placeholderData: keepPreviousData, enabled });
}
