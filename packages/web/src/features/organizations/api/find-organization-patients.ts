import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { organizations, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { organizationsRootKey } from './find-organizations';

export type OrganizationPatientsQuery = NonNullable<In<typeof organizations.findOrganizationPatients.query>>;

export const organizationPatientsKey = (organizationId: number, q: OrganizationPatientsQuery) =>
  [...organizationsRootKey, 'patients', organizationId, q] as const;

/** GET medicalinstitution/getrelatedorganizationpatients (header organizationid). */
export const fetchOrganizationPatients = (organizationId: number, query: OrganizationPatientsQuery) =>
  call(organizations.findOrganizationPatients, { headers: { organizationid: organizationId }, query });

export function useOrganizationPatients(organizationId: number, query: OrganizationPatientsQuery) {
  return useQuery({
    queryKey: organizationPatientsKey(organizationId, query),
    queryFn: () => fetchOrganizationPatients(organizationId, query),
    placeholderData: keepPreviousData,
  });
}
