import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { organizations, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { organizationsRootKey } from './find-organizations';

export type OrganizationStaffQuery = NonNullable<In<typeof organizations.findOrganizationMedicalStaffV2.query>>;

export const organizationStaffKey = (organizationId: number, q: OrganizationStaffQuery) =>
  [...organizationsRootKey, 'staff', organizationId, q] as const;

/** GET medicalinstitution/getrelatedorganizationmedicalstaffV2 (header organizationid). */
export const fetchOrganizationStaff = (organizationId: number, query: OrganizationStaffQuery) =>
  call(organizations.findOrganizationMedicalStaffV2, { headers: { organizationid: organizationId }, query });

export function useOrganizationStaff(organizationId: number, query: OrganizationStaffQuery) {
  return useQuery({
    queryKey: organizationStaffKey(organizationId, query),
    queryFn: () => fetchOrganizationStaff(organizationId, query),
    placeholderData: keepPreviousData,
  });
}
