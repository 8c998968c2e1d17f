import { useQuery } from '@tanstack/react-query';
import { offices } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** The same key as other screens' office reads, so one office is fetched once. */
export const officeKey = (id: number) => ['offices', 'one', id] as const;

/** GET hospital/{id}: the office's program switches (RPM, RTM, CCM) and time zone (months are the office's). */
export const fetchOffice = (id: number) => call(offices.getOffice, { params: { id } });

export function useOffice(id: number) {
  return useQuery({ queryKey: officeKey(id), queryFn: () => fetchOffice(id), enabled: id > 0, staleTime: 5 * 60_000 });
}
