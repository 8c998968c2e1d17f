import { useQuery } from '@tanstack/react-query';
import { timeTracking } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { timerKey } from './keys';

/**
 * GET timetracking/getnotfinishedwithpatient: the caller's running timer (with its patient and the
 * seconds counted by the server), or null. Read on mount, so a timer survives a reload; a timer
 * open for 2 hours comes back closed (null) and its entry flagged autoClosed.
 */
export const fetchOpenTimer = () => call(timeTracking.getNotFinishedWithPatient);

export function useOpenTimer(enabled: boolean) {
  return useQuery({ queryKey: timerKey, queryFn: fetchOpenTimer, enabled, retry: false });
}
