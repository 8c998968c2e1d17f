import { useMutation } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** POST user/changemypasswordwithvalidationtoken: sets the password; answers a one-time sign-in token. */
export function changePasswordWithToken(input: { token: string; newPassword: string }): Promise<{ signInToken: string }> {
  return call(users.changeMyPasswordWithValidationToken, { body: input });
}

export function useChangePasswordWithToken() {
  return useMutation({ mutationFn: changePasswordWithToken });
}
