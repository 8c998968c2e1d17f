import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans, type UpdateTreatmentPlanDeviceBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/** PUT treatmentplan/updatetreatmanplandevice: a plan device's times, period and count (and optionally its linked device). */
export const updateTreatmentPlanDevice = (body: UpdateTreatmentPlanDeviceBody) => call(treatmentPlans.updateTreatmentPlanDevice, { body });

export function useUpdateTreatmentPlanDevice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTreatmentPlanDevice, onSuccess: () => invalidatePlans(qc) });
}
