import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { checkAuthenticationSchema, signInBodySchema, signInResultSchema, tokenSignInBodySchema, tokenSignInV2BodySchema } from './auth.schemas';

const tag = 'Auth';

export const signInV3 = endpoint({
  method: 'POST',
  path: 'auth/signinv3',
  tag,
  summary: 'Sign in with username or e-mail and password; returns the session and the user',
  permission: 'public',
  body: signInBodySchema,
  response: signInResultSchema,
});

export const signInWithToken = endpoint({
  method: 'POST',
  path: 'auth/signinwithtoken',
  tag,
  summary: 'Exchange a one-time sign-in token for a session (refuses patients)',
  permission: 'public',
  body: tokenSignInBodySchema,
  response: signInResultSchema,
});

export const signInWithTokenV2 = endpoint({
  method: 'POST',
  path: 'auth/signinwithtokenv2',
  tag,
  summary: 'Token sign-in that also records the client IP text',
  permission: 'public',
  body: tokenSignInV2BodySchema,
  response: signInResultSchema,
});

export const signOut = endpoint({
  method: 'POST',
  path: 'auth/signout',
  tag,
  summary: 'End the current session',
  permission: 'self.read',
  response: z.null(),
});

export const checkAuthentication = endpoint({
  method: 'GET',
  path: 'auth/checkauthentication',
  tag,
  summary: 'Whether the SessionGuid is still valid (answers 200 with authenticated false when not)',
  permission: 'public',
  response: checkAuthenticationSchema,
});
