import { notifications } from '@vigil/contract';
import { useEndpointQuery } from '../../../../lib/endpoint-query';

/**
 * GET pushnotifications/getdashboardsummary (chosen endpoint): the /dashboard figures of one office
 * (-1: all the caller's). Readings arrive without a socket message unless abnormal, so the figures
 * also refresh every minute; alert events refresh them at once (the page names this endpoint).
 */
export function useDashboardSummary(office: number) {
  return useEndpointQuery(notifications.getDashboardSummary, { headers: { hospitalid: office } }, { refetchInterval: 60_000 });
}
