import { useQuery } from '@tanstack/react-query';
import { offices, type Office } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

export const officeKey = (id: number) => [...officesRootKey, 'one', id] as const;

/** GET hospital/{id}. */
export const fetchOffice = (id: number) => call(offices.getOffice, { params: { id } });

export function useOffice(id: number, initialData?: Office) {
  return useQuery({ queryKey: officeKey(id), queryFn: () => fetchOffice(id), initialData, initialDataUpdatedAt: 0 });
}
