import { mfa } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/** GET mfa/factors: the caller's factors, recovery codes left and policy. */
export function useMyMfa() {
  return useEndpointQuery(mfa.getMyMfa);
}

/** POST mfa/totp: starts a TOTP enrolment (secret, URI, QR code). */
export function useStartTotp() {
  return useEndpointMutation(mfa.startTotp, { input: (label: string | undefined) => ({ body: label ? { label } : {} }) });
}

/** POST mfa/totp/confirm: confirms it with a first code; the factor list is reloaded. */
export function useConfirmTotp() {
  return useEndpointMutation(mfa.confirmTotp, { input: (body: { factorId: number; code: string }) => ({ body }), invalidates: [mfa.getMyMfa] });
}

/** POST mfa/passkeys/options: WebAuthn registration options. */
export function useStartPasskey() {
  return useEndpointMutation(mfa.startPasskey);
}

/** POST mfa/passkeys: stores the new passkey; the factor list is reloaded. */
export function useFinishPasskey() {
  return useEndpointMutation(mfa.finishPasskey, { input: (body: { factorId: number; response: Record<string, unknown> }) => ({ body }), invalidates: [mfa.getMyMfa] });
}

/** DELETE mfa/factors/{id}: removes one of the caller's factors. */
export function useDeleteMyFactor() {
  return useEndpointMutation(mfa.deleteMyFactor, { input: (id: number) => ({ params: { id } }), invalidates: [mfa.getMyMfa] });
}

/** POST mfa/recoverycodes: ten new recovery codes, shown once. */
export function useRegenerateRecoveryCodes() {
  return useEndpointMutation(mfa.regenerateRecoveryCodes, { invalidates: [mfa.getMyMfa] });
}

/** GET / PUT mfa/policy: the organization's MFA policy. */
export function useMfaPolicy() {
  return useEndpointQuery(mfa.getMfaPolicy);
}
export function useSetMfaPolicy() {
  return useEndpointMutation(mfa.setMfaPolicy, { input: (policy: 'optional' | 'admins' | 'everyone') => ({ body: { policy } }), invalidates: [mfa.getMfaPolicy] });
}

/** GET / DELETE mfa/users/{userId}/factors: an administrator's view and reset of a user's factors. */
export function useUserFactors(userId: number | null) {
  return useEndpointQuery(mfa.getUserFactors, { params: { userId: userId ?? 0 } }, { enabled: userId !== null });
}
export function useResetUserFactors() {
  return useEndpointMutation(mfa.resetUserFactors, { input: (userId: number) => ({ params: { userId } }), invalidates: [mfa.getUserFactors] });
}
