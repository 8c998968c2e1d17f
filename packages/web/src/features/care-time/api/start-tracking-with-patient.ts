import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeTracking, type StartTrackingBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey, timerKey } from './keys';

/** POST timetracking/starttrackingwithpatient: starts a timer (the caller's running timer, if any, is stopped first). */
export const startTracking = (body: StartTrackingBody) => call(timeTracking.startTrackingWithPatient, { body });

export function useStartTracking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startTracking,
    onSuccess: (result) => qc.setQueryData(timerKey, result.timer),
    onSettled: () => qc.invalidateQueries({ queryKey: careTimeRootKey }),
  });
}
