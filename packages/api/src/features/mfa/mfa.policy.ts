import { can, type MfaPolicy, type RoleId } from '@vigil/contract';

/**
 * The MFA decisions of a sign-in, as pure rules (docs/security.md "Multi-factor authentication";
 * no database, facts in, answer out; unit-tested in mfa.policy.test.ts).
 */

/** What a sign-in that passed its first step (password or one-time token) must do before it gets a session. */
export type MfaStep = 'none' | 'verify' | 'enrol';

/**
 * Whether the organization's `policy` requires a factor of a user of role `role`:
 * - `optional`: nobody;
 * - `admins`: the roles that administer users (hold `users.manage` in the contract's permission
 *   map: system, organization and office administrators);
 * - `everyone`: every user who signs in.
 */
export function policyRequiresFactor(policy: MfaPolicy, role: RoleId): boolean {
  switch (policy) {
    case 'optional':
      return false;
    case 'admins':
      return can(role, 'users.manage');
    case 'everyone':
      return true;
  }
}

/**
 * The step after the first one:
 * - a user holding a factor verifies it, unless this browser is remembered for them (its device
 *   cookie, within VIGIL_MFA_REMEMBER_DAYS of the sign-in that asked to remember it);
 * - a user without a factor whose policy requires one enrols (TOTP) before the session;
 * - anyone else gets the session.
 * A remembered device never stands in for enrolment: it only skips the code of a factor held.
 */
export function mfaStepFor(facts: { policy: MfaPolicy; role: RoleId; hasFactor: boolean; deviceRemembered: boolean }): MfaStep {
  if (facts.hasFactor) { return facts.deviceRemembered ? 'none' : 'verify'; }
  return policyRequiresFactor(facts.policy, facts.role) ? 'enrol' : 'none';
}
