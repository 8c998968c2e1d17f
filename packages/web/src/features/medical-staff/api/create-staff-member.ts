import { useMutation, useQueryClient } from '@tanstack/react-query';
import { users, type UserCreateBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { staffRootKey } from './keys';

/** POST user for a doctor (3), nurse (4) or caregiver (7) of the given offices; an account-validation link is e-mailed. */
export const createStaffMember = (body: UserCreateBody) => call(users.createUser, { body });

export function useCreateStaffMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createStaffMember, onSuccess: () => qc.invalidateQueries({ queryKey: staffRootKey }) });
}
