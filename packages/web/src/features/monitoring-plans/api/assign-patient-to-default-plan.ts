import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans, type AssignPatientToDefaultPlanBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/**
 * POST treatmentplan/assignpatienttodefaultclientmonitoringplan: assigns the patient to the
 * office's default template and gives them an active plan copied from it (placed first).
 */
export const assignPatientToDefaultPlan = (body: AssignPatientToDefaultPlanBody) => call(treatmentPlans.assignPatientToDefaultClientMonitoringPlan, { body });

export function useAssignPatientToDefaultPlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: assignPatientToDefaultPlan, onSuccess: () => invalidatePlans(qc) });
}
