import { z } from 'zod';
import { userSchema } from '../users/users.schemas';
import { recoveryCodeSchema, totpCodeSchema, webAuthnJsonSchema } from '../mfa/mfa.schemas';

export const signInBodySchema = z.object({
  /** Username or e-mail. A null username is rejected. */
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(128),
  /** The client's IP text as the browser saw it ("IPv6: N/A IP: N/A" when the lookup failed). */
  ip: z.string().max(200).optional().default(''),
});
export type SignInBody = z.input<typeof signInBodySchema>;

export const tokenSignInBodySchema = z.object({ token: z.string().min(1).max(200) });
export const tokenSignInV2BodySchema = tokenSignInBodySchema.extend({ ip: z.string().max(200).optional().default('') });

export const sessionSchema = z.object({
  sessionGuid: z.string(),
  sessionType: z.string(),
  userId: z.number().int(),
  username: z.string(),
  ip: z.string(),
  expiresAt: z.string(), // ISO 8601
  webSocketSession: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const signInResultSchema = z.object({
  session: sessionSchema,
  systemEnvironmentName: z.string(),
  trustedHubs: z.array(z.object({ id: z.number().int(), hubIdentifier: z.string() })),
  user: userSchema,
});
export type SignInResult = z.infer<typeof signInResultSchema>;

export const checkAuthenticationSchema = z.object({
  authenticated: z.boolean(),
  expiresAt: z.string().nullable(),
  idleExpiresAt: z.string().nullable(),
});

/** The second factors a sign-in challenge accepts (docs/security.md "Multi-factor authentication"). */
export const mfaMethods = ['totp', 'recovery', 'passkey'] as const;

/**
 * A password (or one-time token) sign-in of a user who holds a second factor, or who must enrol one:
 * no session yet, but a short-lived, single-use challenge token for `auth/mfa/verify` (or, with
 * `enrolRequired`, for the TOTP enrolment of `auth/mfa/enrol/totp`).
 */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  challengeToken: z.string(),
  methods: z.array(z.enum(mfaMethods)),
  enrolRequired: z.boolean(),
  expiresAt: z.string(), // ISO 8601
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** What a first sign-in step answers: the session, or the MFA challenge. */
export const signInAnswerSchema = z.union([signInResultSchema, mfaChallengeSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** Whether a sign-in answer is the MFA step rather than a session. */
export const isMfaChallenge = (a: SignInAnswer): a is MfaChallenge => 'mfaRequired' in a;

/** The second step: exactly one of a TOTP code, a recovery code or a passkey assertion. */
export const mfaVerifyBodySchema = z
  .object({
    challengeToken: z.string().min(1).max(200),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
    assertion: webAuthnJsonSchema.optional(),
    /** Remember this browser (its device cookie) for VIGIL_MFA_REMEMBER_DAYS: no second step there until then. */
    rememberDevice: z.boolean().optional().default(false),
  })
  .refine((b) => [b.code, b.recoveryCode, b.assertion].filter((v) => v !== undefined).length === 1, { message: 'invalid', path: ['code'] });

export const mfaChallengeBodySchema = z.object({ challengeToken: z.string().min(1).max(200) });
export const mfaEnrolConfirmBodySchema = z.object({ challengeToken: z.string().min(1).max(200), factorId: z.number().int().positive(), code: totpCodeSchema });

/** The end of an enrolment at sign-in: the session and the recovery codes, shown once. */
export const mfaEnrolledSignInSchema = z.object({ signIn: signInResultSchema, recoveryCodes: z.array(z.string()) });
