import { endpoint } from '../../common/endpoint';
import {
  createdPublicLinkSchema,
  createPublicLinkBodySchema,
  findPublicLinksHeadersSchema,
  findPublicLinksQuerySchema,
  publicLinkHeadersSchema,
  publicLinkHubHeadersSchema,
  publicLinkIdParamsSchema,
  publicLinkPageSchema,
  publicLinkReportSchema,
  publicLinkSchema,
  sharePublicLinkBodySchema,
} from './public-links.schemas';

const tag = 'Public links';

export const findPublicLinks = endpoint({
  method: 'GET',
  path: 'publiclink',
  tag,
  summary: 'A page of the share links the caller created or of patients in scope (header patientid: one patient)',
  permission: 'publicLinks.manage',
  headers: findPublicLinksHeadersSchema,
  query: findPublicLinksQuerySchema,
  response: publicLinkPageSchema,
});

export const createPublicLink = endpoint({
  method: 'POST',
  path: 'publiclink',
  tag,
  summary: "Create a share link to a patient's measurements for a period; the URL is answered once",
  permission: 'publicLinks.manage',
  body: createPublicLinkBodySchema,
  response: createdPublicLinkSchema,
  successStatus: 201,
});

export const revokePublicLink = endpoint({
  method: 'DELETE',
  path: 'publiclink/{id}',
  tag,
  summary: 'Revoke a share link: it stops working at once',
  permission: 'publicLinks.manage',
  params: publicLinkIdParamsSchema,
  response: publicLinkSchema,
  audit: { resource: 'Patient', record: { kind: 'publicLink', key: 'params.id' } },
});

export const sharePublicLinkWithEmail = endpoint({
  method: 'POST',
  path: 'publiclink/sharelinkwithemail',
  tag,
  summary: 'Create a share link and e-mail it in the recipient\'s language (only the hash is stored, so a link is sent when created)',
  permission: 'publicLinks.manage',
  body: sharePublicLinkBodySchema,
  response: createdPublicLinkSchema,
  successStatus: 201,
});

export const getMeasurementsFromLink = endpoint({
  method: 'GET',
  path: 'publiclink/getmeasurementsfromlink',
  tag,
  summary: "Public: the measurements a link covers (header linkid); 404 'No public links!' when expired, revoked or unknown",
  permission: 'public',
  headers: publicLinkHeadersSchema,
  response: publicLinkReportSchema,
});

/**
 * Chosen (the spec names the page /measurements/{hubIdentifier} but no endpoint for it): the same
 * link's report restricted to the readings posted by one hub of the patient.
 */
export const getMeasurementsForHub = endpoint({
  method: 'GET',
  path: 'publiclink/getmeasurementsforhub',
  tag,
  summary: "Public (chosen): a link's measurements posted by one hub (headers linkid and hubidentifier)",
  permission: 'public',
  headers: publicLinkHubHeadersSchema,
  response: publicLinkReportSchema,
});
