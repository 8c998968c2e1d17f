import { useQuery } from '@tanstack/react-query';
import { offices as officesApi, officeScopedRoles, type RoleId } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { billingSettingsRootKey } from './keys';

export interface OfficeChoice {
  id: number;
  name: string;
  organizationId: number;
}

/**
 * The offices whose billing authorizations the caller manages, with their organization (its
 * templates apply): assigned offices for office admins, GET hospital (by name) for organization
 * and system admins.
 */
export function useAuthorizationOffices(): { offices: OfficeChoice[]; isLoading: boolean } {
  const { user } = useAuth();
  const assignedOnly = !!user && officeScopedRoles.includes(user.roleId as RoleId);
  const query = useQuery({
    queryKey: [...billingSettingsRootKey, 'offices', user?.id],
    queryFn: () => call(officesApi.findOffices, { query: { page: 1, pageSize: 200, sort: 'hospitalName' } }),
    enabled: !!user && !assignedOnly,
    staleTime: 5 * 60_000,
  });
  if (!user) return { offices: [], isLoading: false };
  if (assignedOnly) return { offices: user.hospitalsAssignedData.map((h) => ({ id: h.id, name: h.hospitalName, organizationId: h.organizationId })), isLoading: false };
  return { offices: (query.data?.items ?? []).map((o) => ({ id: o.id, name: o.hospitalName, organizationId: o.organizationId })), isLoading: query.isLoading };
}
