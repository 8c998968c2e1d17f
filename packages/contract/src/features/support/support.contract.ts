import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import {
  createSupportMessageBodySchema,
  relatedSupportMessageHeadersSchema,
  setSupportStatusBodySchema,
  supportFileParamsSchema,
  supportFileSchema,
  supportMessageIdHeadersSchema,
  supportThreadDetailSchema,
  supportThreadPageSchema,
  supportThreadsQuerySchema,
} from './support.schemas';

const tag = 'Support';

/**
 * The upload limit of `addfile` as declared (the multipart parser's ceiling). The limit in force
 * is VIGIL_SUPPORT_MAX_FILE_BYTES (default 10 MB), checked by the server; it may be lower, not higher.
 */
export const SUPPORT_UPLOAD_CEILING_BYTES = 50 * 1024 * 1024;

export const getDistinctGroups = endpoint({
  method: 'GET',
  path: 'supportmessage/getdistinctgroups',
  tag,
  summary:
    "Support threads, most recent activity first: a clinic user's own, every thread for a system admin; filter by status (open, in_progress, resolved) and by words of the subject or the author's name",
  permission: 'support.use',
  query: supportThreadsQuerySchema,
  response: supportThreadPageSchema,
});

export const createSupportMessage = endpoint({
  method: 'POST',
  path: 'supportmessage',
  tag,
  summary:
    'A new support thread (subject and first message) or a reply in thread `supportMessageId` (its author or a system admin; 404 otherwise). Answers HTTP 201 with the thread',
  permission: 'support.use',
  body: createSupportMessageBodySchema,
  response: supportThreadDetailSchema,
  successStatus: 201,
  changesAccess: false,
});

export const setSupportStatus = endpoint({
  method: 'POST',
  path: 'supportmessage/setstatus',
  tag,
  summary: "Sets a support thread's status (open, in_progress, resolved); system admin. Answers HTTP 201 with the thread",
  permission: 'support.manage',
  body: setSupportStatusBodySchema,
  response: supportThreadDetailSchema,
  successStatus: 201,
  changesAccess: false,
});

export const addSupportFile = endpoint({
  method: 'POST',
  path: 'supportmessage/addfile',
  tag,
  summary:
    'Attaches one file (multipart field "file") to thread `RelatedToSupportMessageId` (header): PDF, PNG, JPEG, plain text or CSV, told by its content (415 otherwise), at most VIGIL_SUPPORT_MAX_FILE_BYTES (10 MB by default; 413 beyond); stored in the database. Answers HTTP 200 with the file',
  permission: 'support.use',
  headers: relatedSupportMessageHeadersSchema,
  multipart: { maxBytes: SUPPORT_UPLOAD_CEILING_BYTES },
  response: supportFileSchema,
  changesAccess: false,
});

export const getMessagesByGroupId = endpoint({
  method: 'GET',
  path: 'supportmessage/getmessagesbygroupid',
  tag,
  summary: 'A support thread (header `SupportMessageId`) with its messages, oldest first, and its files; 404 when it is not one the caller may see',
  permission: 'support.use',
  headers: supportMessageIdHeadersSchema,
  response: supportThreadDetailSchema,
});

/**
 * Chosen (the spec does not name it): a new thread and its attachment in one call, so that a refused
 * file refuses the whole request (docs/support.md "A request with a file").
 */
export const createSupportThreadWithFile = endpoint({
  method: 'POST',
  path: 'supportmessage/withfile',
  tag,
  summary:
    'Chosen: a new support thread with its first message and one attachment, in one transaction (multipart: fields subject, message and optional hospitalId, the file in field "file"). The file is checked as by `addfile` (415 for another type, 413 beyond VIGIL_SUPPORT_MAX_FILE_BYTES, 400 `file: required` without one); a refused file or field creates nothing. Answers HTTP 201 with the thread',
  permission: 'support.use',
  multipart: { maxBytes: SUPPORT_UPLOAD_CEILING_BYTES },
  response: supportThreadDetailSchema,
  successStatus: 201,
  changesAccess: false,
});

/** Chosen (the spec does not name it): a support file's download. */
export const downloadSupportFile = endpoint({
  method: 'GET',
  path: 'supportmessage/file/{id}',
  tag,
  summary: "Chosen: downloads a support thread's file with its content type and file name (an attachment); 404 when its thread is not one the caller may see",
  permission: 'support.use',
  params: supportFileParamsSchema,
  binary: true,
  response: z.string(),
});
