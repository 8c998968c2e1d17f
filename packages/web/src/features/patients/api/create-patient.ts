import { useMutation, useQueryClient } from '@tanstack/react-query';
import { users, type UserCreateBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { patientsRootKey, relatedRootKeys } from './keys';

/** POST user with role 5 and the patient's offices; the server normalises names and stores the phone in E.164. */
export const createPatient = (body: UserCreateBody) => call(users.createUser, { body });

export function useCreatePatient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: patientsRootKey });
      for (const key of relatedRootKeys) await qc.invalidateQueries({ queryKey: key });
    },
  });
}
