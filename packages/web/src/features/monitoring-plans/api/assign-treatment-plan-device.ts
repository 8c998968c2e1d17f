import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans, type AssignTreatmentPlanDeviceBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/** POST treatmentplan/assigndevice: adds a device type with its measurement times to a plan. */
export const assignTreatmentPlanDevice = (body: AssignTreatmentPlanDeviceBody) => call(treatmentPlans.assignTreatmentPlanDevice, { body });

export function useAssignTreatmentPlanDevice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: assignTreatmentPlanDevice, onSuccess: () => invalidatePlans(qc) });
}
