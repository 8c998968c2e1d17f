import { useQuery } from '@tanstack/react-query';
import { treatmentPlans } from '@vigil/contract';
import { call } from '../../../../lib/api-client';
import { plansRootKey } from './keys';

/** Under the plans' root (keys.ts), so a plan change anywhere (this page's plan panel, /monitoringplans) refreshes it. */
export const activePlanKey = (id: number) => [...plansRootKey, 'patientDetails', id, 'active'] as const;

/** GET treatmentplan/getactivetreatmentplanforpatient: the active monitoring plan, or null. */
export const fetchActivePlan = (patientId: number) => call(treatmentPlans.getActiveTreatmentPlanForPatient, { headers: { patientid: patientId } });

export function useActivePlan(patientId: number, enabled = true) {
  return useQuery({ queryKey: activePlanKey(patientId), queryFn: () => fetchActivePlan(patientId), enabled });
}
