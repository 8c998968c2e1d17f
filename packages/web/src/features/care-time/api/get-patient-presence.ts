import { useQuery } from '@tanstack/react-query';
import { timeTracking } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { presenceKey } from './keys';

/** GET patientpresence/getpatientpresencebypatientid: the patient's stays out of facility, the open one first. */
export const fetchPatientPresence = (patientId: number, hospitalId: number) =>
  call(timeTracking.getPatientPresenceByPatientId, { headers: { patientid: patientId, hospitalid: hospitalId } });

export function usePatientPresence(patientId: number, hospitalId: number, enabled: boolean) {
  return useQuery({ queryKey: presenceKey(patientId, hospitalId), queryFn: () => fetchPatientPresence(patientId, hospitalId), enabled });
}
