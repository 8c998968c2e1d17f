import { useQuery } from '@tanstack/react-query';
import { treatmentPlans } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { plansRootKey } from './keys';

export const activePlanKey = (patientId: number) => [...plansRootKey, 'patient', patientId, 'active'] as const;

/** GET treatmentplan/getactivetreatmentplanforpatient (header patientId): the active plan, or null. */
export const fetchActiveTreatmentPlanForPatient = (patientId: number) => call(treatmentPlans.getActiveTreatmentPlanForPatient, { headers: { patientid: patientId } });

export function useActiveTreatmentPlanForPatient(patientId: number) {
  return useQuery({ queryKey: activePlanKey(patientId), queryFn: () => fetchActiveTreatmentPlanForPatient(patientId), enabled: patientId > 0 });
}
