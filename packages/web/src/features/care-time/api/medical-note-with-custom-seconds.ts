import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey } from './keys';

export type ManualEntryBody = NonNullable<In<typeof medicalNotes.createMedicalNoteWithCustomSeconds.body>>;

/**
 * POST medicalnote/medicalnotewithcustomseconds: a manual time entry of custom seconds on a date,
 * with its note detail ("Time cannot exceed 2 hours" above 7200 s).
 */
export const createManualEntry = (body: ManualEntryBody) => call(medicalNotes.createMedicalNoteWithCustomSeconds, { body });

export function useCreateManualEntry() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createManualEntry, onSettled: () => qc.invalidateQueries({ queryKey: careTimeRootKey }) });
}
