import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  confirmTotpBodySchema,
  confirmedFactorSchema,
  finishPasskeyBodySchema,
  mfaFactorSchema,
  mfaPolicyAnswerSchema,
  mfaPolicyBodySchema,
  mfaStatusSchema,
  passkeyOptionsSchema,
  recoveryCodesSchema,
  startTotpBodySchema,
  totpEnrolmentSchema,
} from './mfa.schemas';

// Chosen (not in the spec, whose login is password only): docs/security.md "Multi-factor authentication".
// Staff credentials, not patient data, but a security officer reviews them with the rest of the access
// history: enrolment, removal, recovery codes, an admin's reset and policy changes are in the audit trail
// (who, what, outcome: docs/security.md "Multi-factor authentication"); the reads and the enrolment starts
// are not (`audit: false`). The system log (kind `mfa`) keeps the details (which factor, whose reset).
const tag = 'MFA';

export const getMyMfa = endpoint({
  method: 'GET',
  path: 'mfa/factors',
  tag,
  summary: "Chosen: the caller's confirmed factors, unused recovery codes and their organization's policy",
  permission: 'self.read',
  response: mfaStatusSchema,
  audit: false,
});

export const startTotp = endpoint({
  method: 'POST',
  path: 'mfa/totp',
  tag,
  summary: 'Chosen: starts a TOTP enrolment: a new secret, its otpauth:// URI and QR code; confirmed by a first valid code',
  permission: 'self.update',
  body: startTotpBodySchema,
  response: totpEnrolmentSchema,
  audit: false,
});

export const confirmTotp = endpoint({
  method: 'POST',
  path: 'mfa/totp/confirm',
  tag,
  summary: "Chosen: confirms a TOTP enrolment with a first valid code; the caller's first factor also issues recovery codes",
  permission: 'self.update',
  body: confirmTotpBodySchema,
  response: confirmedFactorSchema,
  audit: { resource: 'Practitioner' },
});

export const startPasskey = endpoint({
  method: 'POST',
  path: 'mfa/passkeys/options',
  tag,
  summary: 'Chosen: WebAuthn registration options for a new passkey of the caller (rpID from VIGIL_PUBLIC_URL)',
  permission: 'self.update',
  response: passkeyOptionsSchema,
  audit: false,
});

export const finishPasskey = endpoint({
  method: 'POST',
  path: 'mfa/passkeys',
  tag,
  summary: "Chosen: verifies the authenticator's registration response and stores the passkey",
  permission: 'self.update',
  body: finishPasskeyBodySchema,
  response: confirmedFactorSchema,
  audit: { resource: 'Practitioner' },
});

export const deleteMyFactor = endpoint({
  method: 'DELETE',
  path: 'mfa/factors/{id}',
  tag,
  summary: "Chosen: removes one of the caller's factors (409 when the policy requires a factor and it is the last)",
  permission: 'self.update',
  params: z.object({ id: idSchema }),
  response: mfaStatusSchema,
  audit: { resource: 'Practitioner' },
});

export const regenerateRecoveryCodes = endpoint({
  method: 'POST',
  path: 'mfa/recoverycodes',
  tag,
  summary: "Chosen: replaces the caller's recovery codes with ten new ones, answered once (409 without a factor)",
  permission: 'self.update',
  response: recoveryCodesSchema,
  audit: { resource: 'Practitioner' },
});

export const getMfaPolicy = endpoint({
  method: 'GET',
  path: 'mfa/policy',
  tag,
  summary: "Chosen: the MFA policy of the caller's organization (optional, admins, everyone)",
  permission: 'mfa.policy',
  response: mfaPolicyAnswerSchema,
  audit: false,
});

export const setMfaPolicy = endpoint({
  method: 'PUT',
  path: 'mfa/policy',
  tag,
  summary: "Chosen: sets the MFA policy of the caller's organization; users who must enrol are walked through it at their next sign-in",
  permission: 'mfa.policy',
  body: mfaPolicyBodySchema,
  response: mfaPolicyAnswerSchema,
  audit: { resource: 'Organization' },
});

export const getUserFactors = endpoint({
  method: 'GET',
  path: 'mfa/users/{userId}/factors',
  tag,
  summary: "Chosen: a user's factors, for an administrator of the user's organization (404 outside it)",
  permission: 'mfa.reset',
  params: z.object({ userId: idSchema }),
  response: z.array(mfaFactorSchema),
  audit: false,
});

export const resetUserFactors = endpoint({
  method: 'DELETE',
  path: 'mfa/users/{userId}/factors',
  tag,
  summary: "Chosen: removes every factor, recovery code and remembered device of a user of the caller's organization (404 outside it)",
  permission: 'mfa.reset',
  params: z.object({ userId: idSchema }),
  response: z.object({ removed: z.number().int() }),
  audit: { resource: 'Practitioner' },
});
