import { useQuery } from '@tanstack/react-query';
import { medicalTeams } from '@vigil/contract';
import { call } from '../../../../lib/api-client';
import { patientDetailsKey } from './keys';

export const patientTeamsKey = (id: number) => [...patientDetailsKey(id), 'teams'] as const;

/** GET medicalteam/getmedicalteamsforpatient: the patient's care teams (one per office) with their members. */
export const fetchPatientTeams = (patientId: number) => call(medicalTeams.getMedicalTeamsForPatient, { headers: { patientid: patientId } });

export function usePatientTeams(patientId: number, enabled = true) {
  return useQuery({ queryKey: patientTeamsKey(patientId), queryFn: () => fetchPatientTeams(patientId), enabled });
}
