import { useQuery } from '@tanstack/react-query';
import { medicalTeams } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { teamsRootKey } from './keys';

export const patientTeamsKey = (patientId: number) => [...teamsRootKey, 'patient', patientId] as const;

/** GET medicalteam/getmedicalteamsforpatient: the patient's teams (one per office) with their members. */
export const fetchPatientTeams = (patientId: number) => call(medicalTeams.getMedicalTeamsForPatient, { headers: { patientid: patientId } });

export function usePatientTeams(patientId: number | null) {
  return useQuery({ queryKey: patientTeamsKey(patientId ?? 0), queryFn: () => fetchPatientTeams(patientId!), enabled: !!patientId });
}
