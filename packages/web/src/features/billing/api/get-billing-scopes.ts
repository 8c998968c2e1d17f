import { useQuery } from '@tanstack/react-query';
import { offices as officesApi, officeScopedRoles, Role, type RoleId } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { billingRootKey } from './keys';

export interface ScopeOffice {
  id: number;
  name: string;
  organizationId: number;
  organizationName: string;
}

export interface ScopeOrganization {
  id: number;
  name: string;
}

/** Largest page of GET hospital; an organization's offices fit in it. */
const MAX_OFFICES = 200;

/** Roles offered the organization level (all the organization's offices at once) on the billing pages. */
const organizationLevelRoles: readonly number[] = [Role.SYSTEM_ADMIN, Role.ORGANIZATION_ADMIN, Role.PARTNER];

/**
 * The offices and organizations a billing page may be about: office staff their assigned offices
 * (from the session), organization and system admins and partners the offices in scope (GET
 * hospital, by name) and, for them, each organization as a whole.
 */
export function useBillingScopes(): { offices: ScopeOffice[]; organizations: ScopeOrganization[]; isLoading: boolean } {
  const { user } = useAuth();
  const assignedOnly = !!user && officeScopedRoles.includes(user.roleId as RoleId);
  const query = useQuery({
    queryKey: [...billingRootKey, 'scopes', user?.id],
    queryFn: () => call(officesApi.findOffices, { query: { page: 1, pageSize: MAX_OFFICES, sort: 'hospitalName' } }),
    enabled: !!user && !assignedOnly,
    staleTime: 5 * 60_000,
  });
  if (!user) return { offices: [], organizations: [], isLoading: false };
  if (assignedOnly) {
    const orgName = user.organizationAssignedData?.institutionName ?? '';
    return {
      offices: user.hospitalsAssignedData.map((h) => ({ id: h.id, name: h.hospitalName, organizationId: h.organizationId, organizationName: orgName })),
      organizations: [],
      isLoading: false,
    };
  }
  const offices = (query.data?.items ?? []).map((o) => ({ id: o.id, name: o.hospitalName, organizationId: o.organizationId, organizationName: o.organizationName }));
  const organizations = new Map<number, string>();
  if (organizationLevelRoles.includes(user.roleId)) {
    if (user.organizationId && user.organizationAssignedData) organizations.set(user.organizationId, user.organizationAssignedData.institutionName);
    for (const o of offices) organizations.set(o.organizationId, o.organizationName);
  }
  return {
    offices,
    organizations: [...organizations].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    isLoading: query.isLoading,
  };
}
