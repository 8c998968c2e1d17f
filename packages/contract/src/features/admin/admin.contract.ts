// Vigil's own administration endpoints (not in endpoints.txt): the FHIR importer and the e-mail
// outbox of the embedded default. System admins only (permissions import.run / outbox.read).
import { endpoint } from '../../common/endpoint';
import { pageOf } from '../../common/envelope';
import {
  IMPORT_UPLOAD_MAX_BYTES,
  importBodySchema,
  importRunParamsSchema,
  importRunSchema,
  importRunsQuerySchema,
  outboxMessageSchema,
  outboxQuerySchema,
} from './admin.schemas';

// Only endpoint declarations are exported here: `allEndpoints` walks every export of this module.
const tag = 'Admin';

export const runImport = endpoint({
  method: 'POST',
  path: 'admin/import',
  tag,
  summary: 'Queue an import of FHIR R4 JSON from a file or folder under the demo data folders; answers the queued run at once (progress and report: admin/importruns/{id})',
  permission: 'import.run',
  body: importBodySchema,
  response: importRunSchema,
  audit: { resource: 'Patient' },
});

export const uploadImport = endpoint({
  method: 'POST',
  path: 'admin/importupload',
  tag,
  summary:
    'Queue an import of one uploaded FHIR R4 JSON file (a Bundle or a single resource, at most 10 MB, multipart field "file"), stored in the database; answers the queued run at once',
  permission: 'import.run',
  multipart: { maxBytes: IMPORT_UPLOAD_MAX_BYTES },
  response: importRunSchema,
  audit: { resource: 'Patient' },
});

export const findImportRuns = endpoint({
  method: 'GET',
  path: 'admin/importruns',
  tag,
  summary: 'Import runs with their reports, newest first, paged',
  permission: 'import.run',
  query: importRunsQuerySchema,
  response: pageOf(importRunSchema),
});

export const getImportRun = endpoint({
  method: 'GET',
  path: 'admin/importruns/{id}',
  tag,
  summary: 'One import run: queued, running with its progress, done or failed with its report (what the import screen polls)',
  permission: 'import.run',
  params: importRunParamsSchema,
  response: importRunSchema,
  audit: { resource: 'Patient' },
});

export const findOutbox = endpoint({
  method: 'GET',
  path: 'admin/outbox',
  tag,
  summary: 'The e-mail outbox (messages kept when no SMTP server is configured), newest first, paged, with bodies',
  permission: 'outbox.read',
  query: outboxQuerySchema,
  response: pageOf(outboxMessageSchema),
  audit: { resource: 'Communication' },
});
