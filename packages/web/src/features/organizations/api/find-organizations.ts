import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { organizations, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export type OrganizationListQuery = NonNullable<In<typeof organizations.findOrganizations.query>>;

/** Every organization query starts with this key; mutations invalidate it. */
export const organizationsRootKey = ['organizations'] as const;
export const organizationsListKey = (q: OrganizationListQuery) => [...organizationsRootKey, 'list', q] as const;

/** GET medicalinstitution: a page of the organizations in scope. */
export const fetchOrganizations = (query: OrganizationListQuery) => call(organizations.findOrganizations, { query });

export function useOrganizations(query: OrganizationListQuery) {
  return useQuery({ queryKey: organizationsListKey(query), queryFn: () => fetchOrganizations(query), placeholderData: keepPreviousData });
}
