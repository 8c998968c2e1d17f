import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans, type TreatmentPlanAssignmentBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/** DELETE treatmentplan/deassignpatientfromclientmonitoringplan (body): the patient's own copied plan stays. */
export const deassignPatientFromClientPlan = (body: TreatmentPlanAssignmentBody) => call(treatmentPlans.deassignPatientFromClientMonitoringPlan, { body });

export function useDeassignPatientFromClientPlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deassignPatientFromClientPlan, onSuccess: () => invalidatePlans(qc) });
}
