import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans, type CreateClientMonitoringPlanBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/** POST treatmentplan/createclientmonitoringplan: an office's plan template; isDefault makes it the office's only default. */
export const createClientMonitoringPlan = (body: CreateClientMonitoringPlanBody) => call(treatmentPlans.createClientMonitoringPlan, { body });

export function useCreateClientMonitoringPlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createClientMonitoringPlan, onSuccess: () => invalidatePlans(qc) });
}
