import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/** DELETE treatmentplan/{id}: the plan with its devices and assignments. */
export const deleteTreatmentPlan = (id: number) => call(treatmentPlans.deleteTreatmentPlan, { params: { id } });

export function useDeleteTreatmentPlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTreatmentPlan, onSuccess: () => invalidatePlans(qc) });
}
