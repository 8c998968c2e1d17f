import { auth, users } from '@vigil/contract';
import { useEndpointMutation } from '../../../lib/endpoint-query';

// Signing in and resetting a password change no cached read (the cache is cleared when a session
// starts, lib/auth.tsx), so these name nothing to invalidate.

/** POST user/sendvalidationlinkbyemail with { email }: the server always answers OK, known address or not. */
export function useSendResetLink() {
  return useEndpointMutation(users.sendValidationLinkByEmail, { input: (email: string) => ({ body: { email } }) });
}

/** POST user/changemypasswordwithvalidationtoken: sets the password; answers a one-time sign-in token. */
export function useChangePasswordWithToken() {
  return useEndpointMutation(users.changeMyPasswordWithValidationToken, { input: (body: { token: string; newPassword: string }) => ({ body }) });
}

/** POST auth/signinwithtokenv2: exchanges the one-time sign-in token for a session (patients are refused). */
export function useSignInWithToken() {
  return useEndpointMutation(auth.signInWithTokenV2, { input: (body: { token: string; ip: string }) => ({ body }) });
}
