import { admin, type ImportRun } from '@vigil/contract';
import { useEndpointQuery } from '../../../lib/endpoint-query';

/** How often a queued or running import is asked for its progress. */
const POLL_MS = 1000;

/** Whether a run is still to finish (queued for a job worker, or running). */
export const importInProgress = (status: ImportRun['status'] | undefined) => status === 'queued' || status === 'running';

/** GET admin/importruns/{id}: one import run, polled every second until it is done or failed (README "Jobs"). */
export function useImportRun(runId: number | null) {
  return useEndpointQuery(
    admin.getImportRun,
    { params: { id: runId ?? 0 } },
    { enabled: runId !== null, refetchInterval: (q) => (q.state.data && !importInProgress(q.state.data.status) ? false : POLL_MS) },
  );
}
