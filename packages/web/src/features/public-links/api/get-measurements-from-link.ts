import { useQuery } from '@tanstack/react-query';
import { publicLinks } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export const measurementsFromLinkKey = (token: string) => ['publicLinkReport', token] as const;

/**
 * GET publiclink/getmeasurementsfromlink (public): the report a link covers. Each fetch is recorded
 * as an access on the server, so the report is fetched once per page view (no refetching).
 */
export const fetchMeasurementsFromLink = (token: string) => call(publicLinks.getMeasurementsFromLink, { headers: { linkid: token } });

export function useMeasurementsFromLink(token: string | null) {
  return useQuery({
    queryKey: measurementsFromLinkKey(token ?? ''),
    queryFn: () => fetchMeasurementsFromLink(token!),
    enabled: !!token,
    staleTime: Infinity,
    retry: false,
  });
}
