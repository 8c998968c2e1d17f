import { keepPreviousData } from '@tanstack/react-query';
import { publicLinks, type CreatePublicLinkBody, type In, type SharePublicLinkBody } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

export type PublicLinkListQuery = NonNullable<In<typeof publicLinks.findPublicLinks.query>>;

/** A new, shared or revoked link changes the patient's list of links. */
const linkReads = [publicLinks.findPublicLinks] as const;

/** GET publiclink (header patientid): a page of one patient's share links, newest first. */
export function usePublicLinks(patientId: number, query: PublicLinkListQuery, enabled = true) {
  return useEndpointQuery(publicLinks.findPublicLinks, { headers: { patientid: patientId }, query }, { placeholderData: keepPreviousData, enabled });
}

/** POST publiclink: creates a link; the answer holds its URL, which the server never gives again. */
export function useCreatePublicLink() {
  return useEndpointMutation(publicLinks.createPublicLink, { input: (body: CreatePublicLinkBody) => ({ body }), invalidates: linkReads });
}

/** POST publiclink/sharelinkwithemail: creates a link and e-mails it in the chosen language; the URL is answered too. */
export function useSharePublicLinkWithEmail() {
  return useEndpointMutation(publicLinks.sharePublicLinkWithEmail, { input: (body: SharePublicLinkBody) => ({ body }), invalidates: linkReads });
}

/** DELETE publiclink/{id}: the link stops working at once. */
export function useRevokePublicLink() {
  return useEndpointMutation(publicLinks.revokePublicLink, { input: (id: number) => ({ params: { id } }), invalidates: linkReads });
}

/**
 * GET publiclink/getmeasurementsfromlink (public): the report a link covers. Each fetch is recorded
 * as an access on the server, so the report is fetched once per page view (no refetching).
 */
export function useMeasurementsFromLink(token: string | null) {
  return useEndpointQuery(publicLinks.getMeasurementsFromLink, { headers: { linkid: token ?? '' } }, { enabled: !!token, staleTime: Infinity, retry: false });
}

/** GET publiclink/getmeasurementsforhub (public, chosen): the link's report restricted to one hub's readings. */
export function useMeasurementsForHub(token: string | null, hubIdentifier: string) {
  return useEndpointQuery(
    publicLinks.getMeasurementsForHub,
    { headers: { linkid: token ?? '', hubidentifier: hubIdentifier } },
    { enabled: !!token && !!hubIdentifier, staleTime: Infinity, retry: false },
  );
}
