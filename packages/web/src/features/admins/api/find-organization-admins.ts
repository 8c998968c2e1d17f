import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { adminsRootKey, type AdminListQuery } from './find-office-admins';

export const organizationAdminsKey = (organizationId: number | undefined, q: AdminListQuery) =>
  [...adminsRootKey, 'organization', organizationId ?? 'all', q] as const;

/** GET user/getorganizationadmins: organization admins in scope, narrowed to one organization by the organizationid header. */
export const fetchOrganizationAdmins = (organizationId: number | undefined, query: AdminListQuery) =>
  call(users.getOrganizationAdmins, { headers: { organizationid: organizationId }, query });

export function useOrganizationAdmins(organizationId: number | undefined, query: AdminListQuery, enabled = true) {
  return useQuery({
    queryKey: organizationAdminsKey(organizationId, query),
    queryFn: () => fetchOrganizationAdmins(organizationId, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
