import { useMutation } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** POST user/sendvalidationlinkbyemail with { email }: the server always answers OK, known address or not. */
export function sendResetLink(email: string): Promise<null> {
  return call(users.sendValidationLinkByEmail, { body: { email } });
}

export function useSendResetLink() {
  return useMutation({ mutationFn: sendResetLink });
}
