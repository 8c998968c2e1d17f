/**
 * The mfa feature's public surface (docs/architecture.md "Feature boundaries"): the checks the
 * sign-in steps of features/auth make (docs/security.md "Multi-factor authentication").
 */
export {
  confirmTotpFor,
  passkeyAssertionOptions,
  recordMfaSignIn,
  rememberDevice,
  signInStepOf,
  startTotpFor,
  useRecoveryCode,
  verifyPasskeyAssertion,
  verifyTotpCode,
} from './mfa.service';
