import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { offices, organizations, type In, type Organization, type OrganizationInput } from '@vigil/contract';
import { invalidateEndpoints, queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

export type OrganizationListQuery = NonNullable<In<typeof organizations.findOrganizations.query>>;
export type OrganizationPatientsQuery = NonNullable<In<typeof organizations.findOrganizationPatients.query>>;
export type OrganizationStaffQuery = NonNullable<In<typeof organizations.findOrganizationMedicalStaffV2.query>>;

/** What a change of an organization makes stale: every organization read (lists, pickers, one organization). */
const organizationReads = [organizations] as const;

/** GET medicalinstitution: a page of the organizations in scope. */
export function useOrganizations(query: OrganizationListQuery) {
  return useEndpointQuery(organizations.findOrganizations, { query }, { placeholderData: keepPreviousData });
}

/** GET medicalinstitution/{id}, shown at once from the list's row (`initialData`) and refreshed. */
export function useOrganization(id: number, initialData?: Organization) {
  return useEndpointQuery(organizations.getOrganization, { params: { id } }, { initialData, initialDataUpdatedAt: 0 });
}

/** GET medicalinstitution/getrelatedorganizationpatients (header organizationid): a page of its patients. */
export function useOrganizationPatients(organizationId: number, query: OrganizationPatientsQuery) {
  return useEndpointQuery(organizations.findOrganizationPatients, { headers: { organizationid: organizationId }, query }, { placeholderData: keepPreviousData });
}

/** GET medicalinstitution/getrelatedorganizationmedicalstaffV2 (header organizationid): a page of its staff. */
export function useOrganizationStaff(organizationId: number, query: OrganizationStaffQuery) {
  return useEndpointQuery(organizations.findOrganizationMedicalStaffV2, { headers: { organizationid: organizationId }, query }, { placeholderData: keepPreviousData });
}

/** POST medicalinstitution. */
export function useCreateOrganization() {
  return useEndpointMutation(organizations.createOrganization, { input: (body: OrganizationInput) => ({ body }), invalidates: organizationReads });
}

/** PUT medicalinstitution/{id}; the offices show their organization's name, so their reads refresh too. */
export function useUpdateOrganization() {
  return useEndpointMutation(organizations.updateOrganization, {
    input: ({ id, body }: { id: number; body: OrganizationInput }) => ({ params: { id }, body }),
    invalidates: [...organizationReads, offices.findOffices, offices.getOffice],
  });
}

/** DELETE medicalinstitution/{id}: refused (409) while the organization still has offices or users. */
export function useDeleteOrganization() {
  const qc = useQueryClient();
  return useEndpointMutation(organizations.deleteOrganization, {
    input: (id: number) => ({ params: { id } }),
    // the deleted organization itself is not fetched again (it would answer 404 while its drawer closes)
    onSuccess: (_data, id) => invalidateEndpoints(qc, organizationReads, { except: [queryKeyOf(organizations.getOrganization, { params: { id } })] }),
  });
}
