import { useMutation } from '@tanstack/react-query';
import { auth, type SignInResult } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** POST auth/signinwithtokenv2: exchanges the one-time sign-in token for a session (patients are refused). */
export function signInWithToken(input: { token: string; ip: string }): Promise<SignInResult> {
  return call(auth.signInWithTokenV2, { body: input });
}

export function useSignInWithToken() {
  return useMutation({ mutationFn: signInWithToken });
}
