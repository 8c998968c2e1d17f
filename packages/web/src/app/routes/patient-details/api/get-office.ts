import { useQuery } from '@tanstack/react-query';
import { offices } from '@vigil/contract';
import { call } from '../../../../lib/api-client';

export const officeKey = (id: number) => ['offices', 'one', id] as const;

/** GET hospital/{id}: an office (its name and IANA time zone for the plan's times). */
export const fetchOffice = (id: number) => call(offices.getOffice, { params: { id } });

export function useOffice(id: number | null | undefined) {
  return useQuery({ queryKey: officeKey(id ?? 0), queryFn: () => fetchOffice(id!), enabled: !!id, staleTime: 5 * 60_000 });
}
