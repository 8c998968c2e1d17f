import { useQuery } from '@tanstack/react-query';
import { billing } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { billingRootKey } from './keys';

/** How often a running generation is asked for its progress. */
const POLL_MS = 1000;

export const billingRunKey = (runId: number) => [...billingRootKey, 'run', runId] as const;

/** GET billing/getbillingrun (chosen): a generation run's progress. */
export const fetchBillingRun = (runId: number) => call(billing.getBillingRun, { headers: { runid: runId } });

/** Whether a run is still to finish (queued for a job worker, or running). */
export const runInProgress = (status: string | undefined) => status === 'queued' || status === 'running';

/** Polls the run every second until it is done or failed. */
export function useBillingRun(runId: number | null) {
  return useQuery({
    queryKey: billingRunKey(runId ?? 0),
    queryFn: () => fetchBillingRun(runId!),
    enabled: runId !== null,
    refetchInterval: (q) => (q.state.data && !runInProgress(q.state.data.status) ? false : POLL_MS),
  });
}
