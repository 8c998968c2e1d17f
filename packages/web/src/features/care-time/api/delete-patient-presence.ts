import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeTracking } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey } from './keys';

/**
 * DELETE patientpresence/{id}: the patient is back in the facility. Spec section 8: a failure
 * answers its 4xx with the error object (resFlag false, msg, code); `call` turns it into an
 * ApiError carrying that body, whose message the page shows.
 */
export const deletePresence = (id: number) => call(timeTracking.deletePatientPresence, { params: { id } });

export function useDeletePresence() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePresence, onSettled: () => qc.invalidateQueries({ queryKey: [...careTimeRootKey, 'presence'] }) });
}
