import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans, type UpdateTitleDescriptionBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/** PUT treatmentplan/updatetitledescription. */
export const updateTitleDescription = (body: UpdateTitleDescriptionBody) => call(treatmentPlans.updateTreatmentPlanTitleDescription, { body });

export function useUpdateTitleDescription() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTitleDescription, onSuccess: () => invalidatePlans(qc) });
}
