import { offices, officeScopedRoles, type RoleId } from '@vigil/contract';
import { useAuth } from './auth';
import { useEndpointQuery } from './endpoint-query';

export interface OfficeOption {
  id: number;
  hospitalName: string;
}

/** Largest page the office list takes; an organization's offices fit in it. */
const MAX_OFFICES = 200;

/**
 * GET hospital (first 200 by name): every office in the caller's scope with its organization, for
 * organization and system admins; not read for office-scoped roles (`assignedOnly`: their offices
 * come with the session). The office pickers and the billing pages build their choices from it.
 */
export function useOfficesInScopeQuery() {
  const { user } = useAuth();
  const assignedOnly = !!user && officeScopedRoles.includes(user.roleId as RoleId);
  const query = useEndpointQuery(offices.findOffices, { query: { page: 1, pageSize: MAX_OFFICES, sort: 'hospitalName' } }, { enabled: !!user && !assignedOnly, staleTime: 5 * 60_000 });
  return { user, assignedOnly, query };
}

/**
 * The offices the signed-in user works in, for office pickers: their assigned offices for office
 * admins, doctors, nurses and caregivers; the offices in scope (GET hospital, active first by name)
 * for organization and system admins.
 */
export function useOfficesInScope(): { offices: OfficeOption[]; isLoading: boolean } {
  const { user, assignedOnly, query } = useOfficesInScopeQuery();
  if (!user) return { offices: [], isLoading: false };
  if (assignedOnly) return { offices: user.hospitalsAssignedData.map((h) => ({ id: h.id, hospitalName: h.hospitalName })), isLoading: false };
  return {
    offices: (query.data?.items ?? []).map((o) => ({ id: o.id, hospitalName: o.hospitalName })),
    isLoading: query.isLoading,
  };
}
