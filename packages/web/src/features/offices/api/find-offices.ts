import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { offices, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export type OfficeListQuery = NonNullable<In<typeof offices.findOffices.query>>;

/** Every office query starts with this key; mutations invalidate it. */
export const officesRootKey = ['offices'] as const;
export const officesListKey = (q: OfficeListQuery) => [...officesRootKey, 'list', q] as const;

/** GET hospital: a page of the offices in scope, optionally of one organization. */
export const fetchOffices = (query: OfficeListQuery) => call(offices.findOffices, { query });

export function useOffices(query: OfficeListQuery) {
  return useQuery({ queryKey: officesListKey(query), queryFn: () => fetchOffices(query), placeholderData: keepPreviousData });
}
