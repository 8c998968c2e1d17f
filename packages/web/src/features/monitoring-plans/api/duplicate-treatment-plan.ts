import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/**
 * GET treatmentplan/duplicatetreatmentplan (header treatmentPlanId): a patient's copy becomes the
 * active plan, placed first; a template's copy is a new, non-default template.
 */
export const duplicateTreatmentPlan = (id: number) => call(treatmentPlans.duplicateTreatmentPlan, { headers: { treatmentplanid: id } });

export function useDuplicateTreatmentPlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: duplicateTreatmentPlan, onSuccess: () => invalidatePlans(qc) });
}
