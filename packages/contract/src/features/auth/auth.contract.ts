import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import {
  checkAuthenticationSchema,
  mfaChallengeBodySchema,
  mfaEnrolConfirmBodySchema,
  mfaEnrolledSignInSchema,
  mfaVerifyBodySchema,
  signInAnswerSchema,
  signInBodySchema,
  signInResultSchema,
  tokenSignInBodySchema,
  tokenSignInV2BodySchema,
} from './auth.schemas';
import { totpEnrolmentSchema, webAuthnJsonSchema } from '../mfa/mfa.schemas';

const tag = 'Auth';

export const signInV3 = endpoint({
  method: 'POST',
  path: 'auth/signinv3',
  tag,
  summary: 'Sign in with username or e-mail and password; returns the session and the user, or the MFA challenge of a user with a second factor',
  permission: 'public',
  body: signInBodySchema,
  response: signInAnswerSchema,
});

export const signInWithToken = endpoint({
  method: 'POST',
  path: 'auth/signinwithtoken',
  tag,
  summary: 'Exchange a one-time sign-in token for a session (refuses patients)',
  permission: 'public',
  body: tokenSignInBodySchema,
  response: signInAnswerSchema,
});

export const signInWithTokenV2 = endpoint({
  method: 'POST',
  path: 'auth/signinwithtokenv2',
  tag,
  summary: 'Token sign-in that also records the client IP text',
  permission: 'public',
  body: tokenSignInV2BodySchema,
  response: signInAnswerSchema,
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

// Chosen (the spec's login is password only): the second step of a sign-in, docs/security.md "Multi-factor authentication".

export const mfaVerify = endpoint({
  method: 'POST',
  path: 'auth/mfa/verify',
  tag,
  summary: 'Chosen: completes an MFA sign-in with a TOTP code, a recovery code or a passkey assertion; the challenge is single use',
  permission: 'public',
  body: mfaVerifyBodySchema,
  response: signInResultSchema,
});

export const mfaPasskeyOptions = endpoint({
  method: 'POST',
  path: 'auth/mfa/passkey',
  tag,
  summary: "Chosen: WebAuthn authentication options for a challenge, naming the user's passkeys",
  permission: 'public',
  body: mfaChallengeBodySchema,
  response: webAuthnJsonSchema,
});

export const mfaEnrolTotp = endpoint({
  method: 'POST',
  path: 'auth/mfa/enrol/totp',
  tag,
  summary: "Chosen: for a user whose organization requires a factor, starts a TOTP enrolment within the sign-in challenge",
  permission: 'public',
  body: mfaChallengeBodySchema,
  response: totpEnrolmentSchema,
});

export const mfaEnrolTotpConfirm = endpoint({
  method: 'POST',
  path: 'auth/mfa/enrol/totp/confirm',
  tag,
  summary: 'Chosen: confirms the TOTP enrolment of a sign-in challenge with a first valid code; answers the session and the recovery codes',
  permission: 'public',
  body: mfaEnrolConfirmBodySchema,
  response: mfaEnrolledSignInSchema,
});
