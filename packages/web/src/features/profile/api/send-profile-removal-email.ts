import { useMutation } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** POST user/sendprofileremovalemail: e-mails the caller a link to request the removal of their account. */
export function sendProfileRemovalEmail(): Promise<null> {
  return call(users.sendProfileRemovalEmail);
}

export function useSendProfileRemovalEmail() {
  return useMutation({ mutationFn: sendProfileRemovalEmail });
}
