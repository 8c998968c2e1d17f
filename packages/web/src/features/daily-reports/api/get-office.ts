import { useQuery } from '@tanstack/react-query';
import { offices } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** GET hospital/{id}: the office's time zone (the report's day is the office's day). Same key as other office reads. */
export const fetchOffice = (id: number) => call(offices.getOffice, { params: { id } });

export function useOffice(id: number) {
  return useQuery({ queryKey: ['offices', 'one', id], queryFn: () => fetchOffice(id), enabled: id > 0, staleTime: 5 * 60_000 });
}
