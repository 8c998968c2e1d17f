import { useQuery } from '@tanstack/react-query';
import { notifications } from '@vigil/contract';
import { call } from '../../../../lib/api-client';

/** Every dashboard query starts with this key; socket events invalidate it. */
export const dashboardRootKey = ['dashboard'] as const;
export const dashboardSummaryKey = (office: number) => [...dashboardRootKey, 'summary', office] as const;

/** GET pushnotifications/getdashboardsummary (chosen endpoint): the /dashboard figures of one office (-1: all the caller's). */
export const fetchDashboardSummary = (office: number) => call(notifications.getDashboardSummary, { headers: { hospitalid: office } });

/** Readings arrive without a socket message unless abnormal, so the figures also refresh every minute. */
export function useDashboardSummary(office: number) {
  return useQuery({ queryKey: dashboardSummaryKey(office), queryFn: () => fetchDashboardSummary(office), refetchInterval: 60_000 });
}
