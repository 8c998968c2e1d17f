import { keepPreviousData } from '@tanstack/react-query';
import { admin, IMPORT_UPLOAD_MAX_BYTES, type ImportRun } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import type { PageState } from '../../../components/ServerTable';

export { IMPORT_UPLOAD_MAX_BYTES };
export type { ImportRun };

/** How often a queued or running import is asked for its progress. */
const POLL_MS = 1000;

/** Whether a run is still to finish (queued for a job worker, or running). */
export const importInProgress = (status: ImportRun['status'] | undefined) => status === 'queued' || status === 'running';

/**
 * GET admin/importruns/{id}: one import run, polled every second until it is done or failed (README
 * "Jobs"). When it ends, components/ImportRunProgress makes every read stale: an import touches
 * organizations, offices, users, devices and readings.
 */
export function useImportRun(runId: number | null) {
  return useEndpointQuery(
    admin.getImportRun,
    { params: { id: runId ?? 0 } },
    { enabled: runId !== null, refetchInterval: (q) => (q.state.data && !importInProgress(q.state.data.status) ? false : POLL_MS) },
  );
}

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

/** POST admin/import: queues an import of a FHIR file or folder on the server (under the demo data folders); answers the queued run. */
export function useRunImport() {
  return useEndpointMutation(admin.runImport, { input: (path: string) => ({ body: { path } }), invalidates: [admin.findImportRuns] });
}

/** POST admin/importupload: uploads one FHIR R4 JSON file (multipart field "file") and queues its import; answers the queued run. */
export function useUploadImport() {
  return useEndpointMutation(admin.uploadImport, {
    input: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return { form };
    },
    invalidates: [admin.findImportRuns],
  });
}
