import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeTracking, type CreatePatientPresenceBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey } from './keys';

/** POST patientpresence: marks the patient out of facility with the place they are leaving to (mandatory). */
export const createPresence = (body: CreatePatientPresenceBody) => call(timeTracking.createPatientPresence, { body });

export function useCreatePresence() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPresence, onSettled: () => qc.invalidateQueries({ queryKey: [...careTimeRootKey, 'presence'] }) });
}
