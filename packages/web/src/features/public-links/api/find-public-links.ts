import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { publicLinks, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export type PublicLinkListQuery = NonNullable<In<typeof publicLinks.findPublicLinks.query>>;

/** Every share-link list starts with this key; the mutations invalidate it. */
export const publicLinksRootKey = ['publicLinks'] as const;
export const publicLinksListKey = (patientId: number, q: PublicLinkListQuery) => [...publicLinksRootKey, 'list', patientId, q] as const;

/** GET publiclink (header patientid): a page of one patient's share links, newest first. */
export const fetchPublicLinks = (patientId: number, query: PublicLinkListQuery) =>
  call(publicLinks.findPublicLinks, { headers: { patientid: patientId }, query });

export function usePublicLinks(patientId: number, query: PublicLinkListQuery, enabled = true) {
  return useQuery({
    queryKey: publicLinksListKey(patientId, query),
    queryFn: () => fetchPublicLinks(patientId, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
