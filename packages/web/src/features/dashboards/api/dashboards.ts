import { dashboards } from '@vigil/contract';
import { useEndpointQuery } from '../../../lib/endpoint-query';

/**
 * GET dashboard/getfacilitydashboard: one office's figures (docs/dashboards.md). Readings arrive
 * without a socket message unless abnormal, so the figures refresh every minute; alert events
 * refresh them at once (the page invalidates this endpoint).
 */
export function useFacilityDashboard(hospitalId: number | null) {
  return useEndpointQuery(dashboards.getFacilityDashboard, { headers: { hospitalid: hospitalId ?? 0 } }, { enabled: hospitalId !== null, refetchInterval: 60_000 });
}

/** GET dashboard/getorganizationdashboard: an organization's offices side by side (docs/dashboards.md). */
export function useOrganizationDashboard(organizationId: number | null) {
  return useEndpointQuery(dashboards.getOrganizationDashboard, { headers: { organizationid: organizationId ?? 0 } }, { enabled: organizationId !== null, refetchInterval: 60_000 });
}

/** GET dashboard/getsystemdashboard: every organization's usage and the system's health (docs/dashboards.md). */
export function useSystemDashboard() {
  return useEndpointQuery(dashboards.getSystemDashboard, {}, { refetchInterval: 60_000 });
}
