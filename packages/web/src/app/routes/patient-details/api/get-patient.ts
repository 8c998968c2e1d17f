import { useQuery } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../../lib/api-client';
import { patientDetailsKey } from './keys';

export const patientKey = (id: number) => [...patientDetailsKey(id), 'user'] as const;

/** GET user/{id}: the patient's demographics, offices and status. */
export const fetchPatient = (id: number) => call(users.getUser, { params: { id } });

export function usePatient(id: number) {
  return useQuery({ queryKey: patientKey(id), queryFn: () => fetchPatient(id), retry: false });
}
