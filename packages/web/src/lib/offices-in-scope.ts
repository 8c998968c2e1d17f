import { useQuery } from '@tanstack/react-query';
import { offices, officeScopedRoles, type RoleId } from '@vigil/contract';
import { call } from './api-client';
import { useAuth } from './auth';

export interface OfficeOption {
  id: number;
  hospitalName: string;
}

/** Largest page the office list takes; an organization's offices fit in it. */
const MAX_OFFICES = 200;

/**
 * The offices the signed-in user works in, for office pickers: their assigned offices for office
 * admins, doctors, nurses and caregivers; the offices in scope (GET hospital, active first by name)
 * for organization and system admins.
 */
export function useOfficesInScope(): { offices: OfficeOption[]; isLoading: boolean } {
  const { user } = useAuth();
  const assignedOnly = !!user && officeScopedRoles.includes(user.roleId as RoleId);
  const query = useQuery({
    queryKey: ['officesInScope', user?.id],
    queryFn: () => call(offices.findOffices, { query: { page: 1, pageSize: MAX_OFFICES, sort: 'hospitalName' } }),
    enabled: !!user && !assignedOnly,
    staleTime: 5 * 60_000,
  });
  if (!user) return { offices: [], isLoading: false };
  if (assignedOnly) return { offices: user.hospitalsAssignedData.map((h) => ({ id: h.id, hospitalName: h.hospitalName })), isLoading: false };
  return {
    offices: (query.data?.items ?? []).map((o) => ({ id: o.id, hospitalName: o.hospitalName })),
    isLoading: query.isLoading,
  };
}
