import { useMutation } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** POST user/changemypassword: the caller's other sessions end; this one stays. */
export function changeMyPassword(body: { currentPassword: string; newPassword: string }): Promise<null> {
  return call(users.changeMyPassword, { body });
}

export function useChangeMyPassword() {
  return useMutation({ mutationFn: changeMyPassword });
}
