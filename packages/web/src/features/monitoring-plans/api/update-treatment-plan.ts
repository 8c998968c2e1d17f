import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans, type UpdateTreatmentPlanBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/** PUT treatmentplan/{id}: title, description, optionally the whole device list and (templates) the default flag. */
export const updateTreatmentPlan = ({ id, body }: { id: number; body: UpdateTreatmentPlanBody }) => call(treatmentPlans.updateTreatmentPlan, { params: { id }, body });

export function useUpdateTreatmentPlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTreatmentPlan, onSuccess: () => invalidatePlans(qc) });
}
