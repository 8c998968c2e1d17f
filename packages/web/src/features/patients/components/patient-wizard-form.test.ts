import { describe, expect, it, vi } from 'vitest';

// The form module reaches lib/i18n (through lib/forms), which reads the language cookie at load.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { cookie: '', documentElement: { lang: 'en' } };
});

import { enrolmentBody, initialValues, reviewPhone, validateStep, type PatientWizardValues } from './patient-wizard-form';

const base = (): PatientWizardValues => initialValues('en', 1);
const noRole = () => undefined;

describe('the patient wizard: enrolment step', () => {
  it("refuses a program none of the chosen offices offers at the enrolment step, with the API's message in the UI language", () => {
    const v: PatientWizardValues = { ...base(), programs: [{ program: 'RPM', enrolledOn: '2026-11-02' }, { program: 'CCM', enrolledOn: '2026-11-02' }] };
    const ccmOff = { rpmEnabled: true, rtmEnabled: false, ccmEnabled: false };
    expect(validateStep('enrolment', v, 'en', noRole, [ccmOff])).toEqual({ 'programs.1.program': 'The office does not offer the CCM program' });
    expect(validateStep('enrolment', v, 'es', noRole, [ccmOff])['programs.1.program']).toBe('El centro no ofrece el programa CCM');
    // one office of the patient offering it is enough (features/enrolment/enrolment.service.ts)
    expect(validateStep('enrolment', v, 'en', noRole, [ccmOff, { ...ccmOff, ccmEnabled: true }])).toEqual({});
  });

  it('sends no enrolment call when neither a program nor insurance was given', () => {
    expect(enrolmentBody(base())).toBeNull();
    expect(validateStep('enrolment', base(), 'en', noRole)).toEqual({});
  });

  it("refuses a Medicare member id outside CMS's MBI format on the member id field, in the UI language", () => {
    const v = { ...base(), insurance: { payerType: 'MEDICARE' as const, payerName: '', planName: '', memberId: '123-45-6789' } };
    expect(validateStep('enrolment', v, 'en', noRole)['insurance.memberId']).toMatch(/Medicare Beneficiary Identifier/);
    expect(validateStep('enrolment', v, 'es', noRole)['insurance.memberId']).toMatch(/identificador de beneficiario de Medicare/);
    const ok = { ...v, insurance: { ...v.insurance, memberId: '1eg4-te5-mk73' } };
    expect(validateStep('enrolment', ok, 'en', noRole)).toEqual({});
  });

  it('asks for the date of each ticked program and the identifier of a new device', () => {
    const v: PatientWizardValues = { ...base(), programs: [{ program: 'RPM', enrolledOn: '' }], newDevice: { deviceType: 'WEIGHT', deviceIdentifier: '' } };
    const errors = validateStep('enrolment', v, 'en', noRole);
    expect(errors['programs.0.enrolledOn']).toBe('This field is required');
    expect(errors['newDevice.deviceIdentifier']).toBe('This field is required');
  });

  it('sends the programs with their dates and the insurance, blank names left out', () => {
    const v: PatientWizardValues = {
      ...base(),
      programs: [{ program: 'CCM', enrolledOn: '2026-11-02' }],
      insurance: { payerType: 'COMMERCIAL', payerName: ' Aetna ', planName: '', memberId: 'W1' },
    };
    expect(enrolmentBody(v)).toEqual({
      programs: [{ program: 'CCM', enrolledOn: '2026-11-02' }],
      insurance: { payerType: 'COMMERCIAL', payerName: 'Aetna', planName: undefined, memberId: 'W1' },
    });
  });
});

describe('the review phone', () => {
  it('shows the number once, in national format, with the country and its calling code', () => {
    expect(reviewPhone('+16175550142', 'US', 'United States')).toBe('(617) 555-0142 · United States (+1)');
    expect(reviewPhone('(617) 555-0142', 'US', 'Estados Unidos')).toBe('(617) 555-0142 · Estados Unidos (+1)');
    expect(reviewPhone('', 'US', 'United States')).toBe('');
  });
});
