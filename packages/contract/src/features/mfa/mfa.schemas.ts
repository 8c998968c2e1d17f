import { z } from 'zod';

/**
 * Multi-factor authentication (docs/security.md "Multi-factor authentication"): TOTP (RFC 6238)
 * authenticator apps, WebAuthn passkeys and single-use recovery codes, and each organization's
 * policy of who must hold a factor.
 */

/** Who of an organization must hold a second factor: nobody, the administrators (roles 1-3), everyone. */
export const mfaPolicies = ['optional', 'admins', 'everyone'] as const;
export const mfaPolicySchema = z.enum(mfaPolicies);
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

export const mfaFactorKinds = ['totp', 'passkey'] as const;
export const mfaFactorKindSchema = z.enum(mfaFactorKinds);
export type MfaFactorKind = z.infer<typeof mfaFactorKindSchema>;

/** A confirmed factor as its holder and their administrators see it (never its secret or key). */
export const mfaFactorSchema = z.object({
  id: z.number().int(),
  kind: mfaFactorKindSchema,
  label: z.string(),
  createdAt: z.string(), // ISO 8601
  lastUsedAt: z.string().nullable(),
});
export type MfaFactor = z.infer<typeof mfaFactorSchema>;

/** A user's factors, unused recovery codes, and whether their organization's policy requires a factor. */
export const mfaStatusSchema = z.object({
  factors: z.array(mfaFactorSchema),
  recoveryCodesLeft: z.number().int(),
  policy: mfaPolicySchema,
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** A one-time TOTP code: six digits (RFC 6238 with the authenticator apps' defaults). Spaces are ignored. */
export const totpCodeSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** A recovery code as shown (`xxxxx-xxxxx`, lower-case letters and digits); case, spaces and dashes are ignored. */
export const recoveryCodeSchema = z
  .string()
  .max(40)
  .transform((s) => s.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{10}$/));

export const mfaFactorLabelSchema = z.string().trim().min(1).max(60);

/** A TOTP enrolment in progress: the secret (base32, for typing it in), the otpauth:// URI and its QR code as a PNG data URL. */
export const totpEnrolmentSchema = z.object({
  factorId: z.number().int(),
  secret: z.string(),
  uri: z.string(),
  qrDataUrl: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const startTotpBodySchema = z.object({ label: mfaFactorLabelSchema.optional() });
export const confirmTotpBodySchema = z.object({ factorId: z.number().int().positive(), code: totpCodeSchema });

/** Recovery codes: answered once (at first enrolment and on regeneration), stored only hashed. */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The confirmation of a new factor: the factor, and recovery codes when this enrolment issued them (else null). */
export const confirmedFactorSchema = z.object({ factor: mfaFactorSchema, recoveryCodes: z.array(z.string()).nullable() });

/**
 * WebAuthn ceremony options and answers (W3C Web Authentication Level 2) as JSON: the shapes of
 * @simplewebauthn's `PublicKeyCredential*OptionsJSON` and `*ResponseJSON`, checked by that library.
 */
export const webAuthnJsonSchema = z.record(z.string(), z.unknown());

export const passkeyOptionsSchema = z.object({ factorId: z.number().int(), options: webAuthnJsonSchema });
export const finishPasskeyBodySchema = z.object({ factorId: z.number().int().positive(), response: webAuthnJsonSchema, label: mfaFactorLabelSchema.optional() });

export const mfaPolicyBodySchema = z.object({ policy: mfaPolicySchema });
export const mfaPolicyAnswerSchema = z.object({ organizationId: z.number().int(), policy: mfaPolicySchema });
