import { useQuery } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { monthlyReviewRootKey } from './keys';

/** GET user/{id}: the patient (name, offices). */
export const fetchPatient = (id: number) => call(users.getUser, { params: { id } });

export function usePatient(id: number | null) {
  return useQuery({ queryKey: [...monthlyReviewRootKey, 'patient', id], queryFn: () => fetchPatient(id!), enabled: !!id, retry: false });
}
