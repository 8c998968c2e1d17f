import { can, offices, officeScopedRoles, type RoleId } from '@vigil/contract';
import { useAuth } from './auth';
import { useEndpointQuery } from './endpoint-query';
import { busiestFirst, type OfficeOption } from './office-order';

export type { OfficeOption };

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
 * admins, doctors, nurses and caregivers; the offices in scope (GET hospital, by name) for
 * organization and system admins. The office with the most monitored patients (GET
 * hospital/landing) comes first, so a page that defaults to the first office opens on the busiest,
 * not an empty one (docs/first-day.md, "Where users land"); the admins' list waits for it.
 */
export function useOfficesInScope(): { offices: OfficeOption[]; isLoading: boolean } {
  const { user, assignedOnly, query } = useOfficesInScopeQuery();
  const several = assignedOnly ? (user?.hospitalsAssignedData.length ?? 0) > 1 : true;
  const landing = useEndpointQuery(offices.getLandingOffice, {}, { enabled: !!user && several && can(user.roleId as RoleId, 'offices.read'), staleTime: 5 * 60_000 });
  if (!user) { return { offices: [], isLoading: false }; }
  const busiest = landing.data?.officeId;
  if (assignedOnly) { return { offices: busiestFirst(user.hospitalsAssignedData.map((h) => ({ id: h.id, hospitalName: h.hospitalName })), busiest), isLoading: false }; }
  return {
    offices: landing.isLoading ? [] : busiestFirst((query.data?.items ?? []).map((o) => ({ id: o.id, hospitalName: o.hospitalName })), busiest),
    isLoading: query.isLoading || landing.isLoading,
  };
}
