import { useMutation, useQueryClient } from '@tanstack/react-query';
import { users, type UserCreateBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { adminsRootKey } from './find-office-admins';

/** POST user: an office admin (role 6, with hospitalIds) or an organization admin (role 2, with organizationId). */
export const createAdmin = (body: UserCreateBody) => call(users.createUser, { body });

export function useCreateAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: async () => {
      // office admins also appear in the offices' admin and staff tabs
      await Promise.all([adminsRootKey, ['offices']].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
