import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { devices, type TabletInfoPageQuery } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { devicesRootKey } from './keys';

export type TabletListQuery = Partial<TabletInfoPageQuery>;

/** GET tabletinfos/getalltabletinfos: a page of the tablets of one office or of every office in scope. */
export const fetchTablets = (officeId: number | null, query: TabletListQuery) =>
  call(devices.getAllTabletInfos, { headers: officeId ? { hospitalid: officeId } : {}, query });

export function useTablets(officeId: number | null, query: TabletListQuery, enabled = true) {
  return useQuery({
    queryKey: [...devicesRootKey, 'tablets', officeId ?? 'all', query],
    queryFn: () => fetchTablets(officeId, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
