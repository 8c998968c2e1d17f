import { describe, expect, it } from 'vitest';
import { Role, type MfaPolicy } from '@vigil/contract';
import { mfaStepFor, policyRequiresFactor } from './mfa.policy';

describe('policyRequiresFactor', () => {
  it('requires nobody under optional', () => {
    for (const role of [Role.SYSTEM_ADMIN, Role.ORGANIZATION_ADMIN, Role.DOCTOR]) { expect(policyRequiresFactor('optional', role)).toBe(false); }
  });
  it('requires the system, organization and office administrators under admins, and not clinicians', () => {
    expect(policyRequiresFactor('admins', Role.SYSTEM_ADMIN)).toBe(true);
    expect(policyRequiresFactor('admins', Role.ORGANIZATION_ADMIN)).toBe(true);
    expect(policyRequiresFactor('admins', Role.HOSPITAL_ADMIN)).toBe(true);
    expect(policyRequiresFactor('admins', Role.DOCTOR)).toBe(false);
    expect(policyRequiresFactor('admins', Role.NURSE)).toBe(false);
  });
  it('requires every role under everyone', () => {
    for (const role of [Role.DOCTOR, Role.NURSE, Role.HOSPITAL_ADMIN, Role.DATA_COORDINATOR]) { expect(policyRequiresFactor('everyone', role)).toBe(true); }
  });
});

describe('mfaStepFor', () => {
  const base = { policy: 'optional' as MfaPolicy, role: Role.DOCTOR, hasFactor: false, deviceRemembered: false };
  it('asks a user holding a factor for it whatever the policy', () => {
    for (const policy of ['optional', 'admins', 'everyone'] as const) { expect(mfaStepFor({ ...base, policy, hasFactor: true })).toBe('verify'); }
  });
  it('skips the code on a remembered device of a user holding a factor', () => {
    expect(mfaStepFor({ ...base, hasFactor: true, deviceRemembered: true })).toBe('none');
  });
  it('walks a user without a factor through enrolment when the policy requires one, even on a remembered device', () => {
    expect(mfaStepFor({ ...base, policy: 'everyone' })).toBe('enrol');
    expect(mfaStepFor({ ...base, policy: 'everyone', deviceRemembered: true })).toBe('enrol');
    expect(mfaStepFor({ ...base, policy: 'admins', role: Role.ORGANIZATION_ADMIN })).toBe('enrol');
  });
  it('gives the session to a user without a factor whom the policy does not require', () => {
    expect(mfaStepFor(base)).toBe('none');
    expect(mfaStepFor({ ...base, policy: 'admins' })).toBe('none');
  });
});
