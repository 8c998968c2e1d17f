import { useMutation, useQueryClient } from '@tanstack/react-query';
import { treatmentPlans } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidatePlans } from './invalidate';

/** DELETE treatmentplan/deassigndevice (header treatmentPlanDeviceId): removes a device type from its plan. */
export const deassignTreatmentPlanDevice = (treatmentPlanDeviceId: number) =>
  call(treatmentPlans.deassignTreatmentPlanDevice, { headers: { treatmentplandeviceid: treatmentPlanDeviceId } });

export function useDeassignTreatmentPlanDevice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deassignTreatmentPlanDevice, onSuccess: () => invalidatePlans(qc) });
}
