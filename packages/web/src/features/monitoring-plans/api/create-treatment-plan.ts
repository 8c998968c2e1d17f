import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans, type CreateTreatmentPlanBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/** POST treatmentplan: the patient's new plan becomes active and first; the other plans get status 0. */
export const createTreatmentPlan = (body: CreateTreatmentPlanBody) => call(treatmentPlans.createTreatmentPlan, { body });

export function useCreateTreatmentPlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTreatmentPlan, onSuccess: () => invalidatePlans(qc) });
}
