import { useQuery } from '@tanstack/react-query';
import { offices } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { adminsRootKey } from './find-office-admins';

export const officeOptionsKey = (organizationId: number | undefined) => [...adminsRootKey, 'officeOptions', organizationId ?? 'all'] as const;

/** GET hospital: the active offices in scope (of one organization when given), by name, for the wizard's office choice. */
export const fetchOfficeOptions = (organizationId: number | undefined) =>
  call(offices.findOffices, { query: { page: 1, pageSize: 200, sort: 'hospitalName', status: 1, organizationId } });

export function useOfficeOptions(organizationId: number | undefined, enabled = true) {
  return useQuery({ queryKey: officeOptionsKey(organizationId), queryFn: () => fetchOfficeOptions(organizationId), staleTime: 60_000, enabled });
}
