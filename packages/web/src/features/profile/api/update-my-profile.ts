import { useMutation, useQueryClient } from '@tanstack/react-query';
import { users, type User, type UserUpdateBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { myProfileKey } from './get-my-profile';

/** PUT user/{id} with the caller's own id: saves the profile fields. */
export function updateMyProfile(id: number, body: UserUpdateBody): Promise<User> {
  return call(users.updateUser, { params: { id }, body });
}

/** Saves the profile, refreshes the cached profile and the signed-in user (header name, language). */
export function useUpdateMyProfile(id: number) {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => updateMyProfile(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(myProfileKey(id), user);
      updateUser(user);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
