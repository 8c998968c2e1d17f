import { useQuery } from '@tanstack/react-query';
import { publicLinks } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export const measurementsForHubKey = (token: string, hubIdentifier: string) => ['publicLinkHubReport', token, hubIdentifier] as const;

/** GET publiclink/getmeasurementsforhub (public, chosen): the link's report restricted to one hub's readings. */
export const fetchMeasurementsForHub = (token: string, hubIdentifier: string) =>
  call(publicLinks.getMeasurementsForHub, { headers: { linkid: token, hubidentifier: hubIdentifier } });

export function useMeasurementsForHub(token: string | null, hubIdentifier: string) {
  return useQuery({
    queryKey: measurementsForHubKey(token ?? '', hubIdentifier),
    queryFn: () => fetchMeasurementsForHub(token!, hubIdentifier),
    enabled: !!token && !!hubIdentifier,
    staleTime: Infinity,
    retry: false,
  });
}
