import { useQuery } from '@tanstack/react-query';
import { treatmentPlans } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { patientDetailsKey } from './keys';

export const activePlanKey = (id: number) => [...patientDetailsKey(id), 'activePlan'] as const;

/** GET treatmentplan/getactivetreatmentplanforpatient: the active monitoring plan, or null. */
export const fetchActivePlan = (patientId: number) => call(treatmentPlans.getActiveTreatmentPlanForPatient, { headers: { patientid: patientId } });

export function useActivePlan(patientId: number, enabled = true) {
  return useQuery({ queryKey: activePlanKey(patientId), queryFn: () => fetchActivePlan(patientId), enabled });
}
