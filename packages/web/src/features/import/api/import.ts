import { keepPreviousData } from '@tanstack/react-query';
import { admin, allEndpoints, IMPORT_UPLOAD_MAX_BYTES, type ImportRun } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import type { PageState } from '../../../components/ServerTable';

export { IMPORT_UPLOAD_MAX_BYTES };
export type { ImportRun };

/** An import touches organizations, offices, users, devices, readings and the run history: every endpoint's reads are made stale (also after a failure, which may have imported part). */
const everything = allEndpoints;

type RunsSort = 'startedAt' | '-startedAt' | 'status' | '-status';

/** GET admin/importruns: import runs with their reports, newest first, paged. */
export function useImportRuns(state: PageState) {
  return useEndpointQuery(
    admin.findImportRuns,
    { query: { page: state.page, pageSize: state.pageSize, sort: state.sort as RunsSort | undefined, search: state.search || undefined } },
    { placeholderData: keepPreviousData },
  );
}

export type OutboxStatus = 'kept' | 'sent' | 'failed';

/** GET admin/outbox: the e-mails of the embedded default, newest first, paged, with their text. */
export function useOutbox(state: PageState, status: OutboxStatus | undefined) {
  return useEndpointQuery(
    admin.findOutbox,
    { query: { page: state.page, pageSize: state.pageSize, sort: state.sort as 'createdAt' | '-createdAt' | undefined, search: state.search || undefined, status } },
    { placeholderData: keepPreviousData },
  );
}

/** POST admin/import: imports a FHIR file or folder on the server (under the demo data folders). */
export function useRunImport() {
  return useEndpointMutation(admin.runImport, { input: (path: string) => ({ body: { path } }), invalidates: everything, invalidateOn: 'settled' });
}

/** POST admin/importupload: imports one uploaded FHIR R4 JSON file (multipart field "file"). */
export function useUploadImport() {
  return useEndpointMutation(admin.uploadImport, {
    input: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return { form };
    },
    invalidates: everything,
    invalidateOn: 'settled',
  });
}
