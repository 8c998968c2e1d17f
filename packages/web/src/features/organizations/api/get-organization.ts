import { useQuery } from '@tanstack/react-query';
import { organizations, type Organization } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { organizationsRootKey } from './find-organizations';

export const organizationKey = (id: number) => [...organizationsRootKey, 'one', id] as const;

/** GET medicalinstitution/{id}. */
export const fetchOrganization = (id: number) => call(organizations.getOrganization, { params: { id } });

export function useOrganization(id: number, initialData?: Organization) {
  return useQuery({ queryKey: organizationKey(id), queryFn: () => fetchOrganization(id), initialData, initialDataUpdatedAt: 0 });
}
