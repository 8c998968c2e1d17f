import { useQuery } from '@tanstack/react-query';
import { treatmentPlans } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { plansRootKey } from './keys';

export const patientPlansKey = (patientId: number) => [...plansRootKey, 'patient', patientId, 'all'] as const;

/** GET treatmentplan/gettreatmentplansforpatient (header patientId): the patient's plans, newest first. */
export const fetchTreatmentPlansForPatient = (patientId: number) => call(treatmentPlans.getTreatmentPlansForPatient, { headers: { patientid: patientId } });

export function useTreatmentPlansForPatient(patientId: number) {
  return useQuery({ queryKey: patientPlansKey(patientId), queryFn: () => fetchTreatmentPlansForPatient(patientId), enabled: patientId > 0 });
}
