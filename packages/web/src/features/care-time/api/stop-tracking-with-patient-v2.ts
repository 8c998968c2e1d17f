import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeTracking, type StopTrackingV2Body } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey, timerKey } from './keys';

/**
 * PUT timetracking/stoptrackingwithpatientV2: stops the caller's timer by id with the interactive
 * flag, activity and the note (written as a detail of the month's medical note, linked to the
 * entry). A timer closed at 2 hours without a note is documented once the same way.
 */
export const stopTracking = (body: StopTrackingV2Body) => call(timeTracking.stopTrackingWithPatientV2, { body });

export function useStopTracking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: stopTracking,
    onSuccess: () => qc.setQueryData(timerKey, null),
    onSettled: () => qc.invalidateQueries({ queryKey: careTimeRootKey }),
  });
}
