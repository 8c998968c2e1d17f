import { describe, expect, it } from 'vitest';
import { computeReadiness } from './readiness';
import { days, entry, facts, options } from './test-fixtures';
import type { PatientMonthFacts } from './types';

/** Looked at on 16 March 2026, in the period 1-30 March. */
const now = (over: Partial<PatientMonthFacts>) =>
  computeReadiness(facts({ today: '2026-03-16', episodeStart: '2026-03-01', priorSetupClaims: [{ code: '99453', episodeStart: '2026-03-01', year: 2026, month: 2 }], ...over }), options());

describe('billing readiness of the current period', () => {
  it('flags 14 days left needing 6 more reading days as at risk', () => {
    const r = now({ readingDays: days('2026-03-01', 10) });
    expect(r.period).toMatchObject({ start: '2026-03-01', end: '2026-03-30' });
    expect(r).toMatchObject({ readingDays: 10, readToday: false, daysLeft: 15, daysNeededFor16: 6, canReach16: true, canReach2: true });
    const flag = r.flags.find((f) => f.key === 'deviceDaysAtRisk')!;
    expect(flag.severity).toBe('atRisk');
    expect(flag.message.en).toBe('6 more reading days needed in the 15 days left of the device period (ends 2026-03-30) to reach 16');
    expect(r.atRisk).toBe(true);
  });

  it('is not at risk for device days when the pace reaches 16 with room to spare', () => {
    const r = now({ readingDays: days('2026-03-01', 16), timeEntries: [entry('RPM', 25, { interactive: true })] });
    expect(r.flags).toEqual([]);
    expect(r.atRisk).toBe(false);
    expect(r.codes.map((c) => c.code)).toEqual(['99454', '99457']);
    expect(r.estimatedAmountCents).toBe(4743 + 5128);
  });

  it('says 16 days can no longer be reached, and that the 2-15 day code is still possible', () => {
    const r = computeReadiness(facts({ today: '2026-03-27', episodeStart: '2026-03-01', readingDays: days('2026-03-20', 5) }), options());
    expect(r.canReach16).toBe(false);
    expect(r.canReach2).toBe(true);
    expect(r.flags.find((f) => f.key === 'deviceDaysMissed')!.severity).toBe('missed');
  });

  it('shows minutes per program against 10, 20, 40 and 60 and the missing interactive contact', () => {
    const r = now({ readingDays: days('2026-03-01', 16), timeEntries: [entry('RPM', 12)] });
    const rpm = r.programs.find((p) => p.program === 'RPM')!;
    expect(rpm.time).toBe('12:00');
    expect(rpm.marks).toEqual([
      { minutes: 10, reached: true },
      { minutes: 20, reached: false },
      { minutes: 40, reached: false },
      { minutes: 60, reached: false },
    ]);
    expect(rpm.interactive).toBe(false);
    expect(r.flags.map((f) => f.key)).toContain('noInteractiveContact');
    expect(r.codes.map((c) => c.code)).toEqual(['99454']);
  });

  it('flags minutes behind pace for the month', () => {
    const r = now({ readingDays: days('2026-03-01', 16), timeEntries: [entry('RPM', 5, { interactive: true })] });
    expect(r.flags.find((f) => f.key === 'minutesAtRisk')!.message.en).toBe('RPM: 5 of 20 minutes this month, 16 days left');
  });

  it('includes the current device period when it ends after the month', () => {
    const r = computeReadiness(
      facts({ today: '2026-03-28', episodeStart: '2026-03-10', readingDays: days('2026-03-10', 17), priorSetupClaims: [{ code: '99453', episodeStart: '2026-03-10', year: 2026, month: 2 }] }),
      options(),
    );
    expect(r.period).toMatchObject({ start: '2026-03-10', end: '2026-04-08' });
    expect(r.codes.map((c) => c.code)).toEqual(['99454']);
  });

  it("counts the set-up code of the episode's first device period while that period runs into next month (billed in the month it ends, section 1.1)", () => {
    const first = facts({ today: '2026-03-28', episodeStart: '2026-03-10', readingDays: days('2026-03-10', 17) });
    const r = computeReadiness(first, options());
    expect(r.codes.map((c) => c.code)).toEqual(['99453', '99454']);
    expect(r.estimatedAmountCents).toBe(1837 + 4743);
    // The same period once it ends inside the month: the month's own codes carry the set-up, once.
    const inside = computeReadiness(facts({ today: '2026-04-01', year: 2026, month: 4, episodeStart: '2026-03-10', readingDays: days('2026-03-10', 17) }), options());
    expect(inside.codes.map((c) => c.code)).toEqual(['99453', '99454']);
  });

  it('does not count a second set-up when this month already bills the episode\'s set-up in an earlier period', () => {
    // Period 1: 1-30 March (ends in March, set-up billed there); period 2: 31 March - 29 April.
    const r = computeReadiness(facts({ today: '2026-03-31', episodeStart: '2026-03-01', readingDays: [...days('2026-03-01', 20), ...days('2026-03-31', 1)] }), options());
    expect(r.period).toMatchObject({ start: '2026-03-31', end: '2026-04-29' });
    expect(r.codes.filter((c) => c.code === '99453')).toHaveLength(1);
  });

  it('flags a monitored patient with no reading yet', () => {
    const r = computeReadiness(facts({ today: '2026-03-16' }), options());
    expect(r.period).toBeNull();
    expect(r.flags.map((f) => f.key)).toContain('noReadingsYet');
    expect(r.flags.find((f) => f.key === 'noReadingsYet')!.message.en).toMatch(/device period has not started/);
  });

  it('tells a patient whose only readings are simulated that they do not count toward billing', () => {
    const r = computeReadiness(facts({ today: '2026-03-16', readingDays: days('2026-03-02', 10, { automatic: false, simulated: true }) }), options());
    expect(r.period).toBeNull();
    expect(r.flags.find((f) => f.key === 'noReadingsYet')!.message).toEqual({
      en: 'Readings from the simulator do not count toward billing',
      es: 'Las lecturas del simulador no cuentan para la facturación',
    });
  });
});

// Claim data before month end. Source: CMS "Requirements for National Provider Identifier (NPI)
// Check Digit Algorithm" (Luhn over the prefix 80840 and the first nine digits); 1234567893 is
// CMS's worked example of a valid NPI.
describe('claim data readiness: the billing practitioner NPI', () => {
  const withNpi = (npi: string | undefined) => now({ readingDays: days('2026-03-01', 16), timeEntries: [entry('RPM', 25, { interactive: true })], practitioner: { userId: 100, name: 'Dr Grey', source: 'profile', npi } });

  it('flags "NPI missing for Dr. X" for a practitioner without an NPI, in both languages', () => {
    const r = withNpi('');
    const flag = r.flags.find((f) => f.key === 'npiMissing')!;
    expect(flag).toMatchObject({ severity: 'atRisk', program: 'RPM' });
    expect(flag.message.en).toBe("NPI missing for Dr Grey: enter it in the practitioner's professional data before month end");
    expect(flag.message.es).toBe('Falta el NPI de Dr Grey: indíquelo en los datos profesionales antes de fin de mes');
    expect(r.atRisk).toBe(true);
  });

  it('flags an NPI failing the check digit, and nothing for a valid one', () => {
    expect(withNpi('1234567890').flags.map((f) => f.key)).toEqual(['npiInvalid']);
    expect(withNpi('1234567893').flags).toEqual([]);
    // Not loaded (older facts): no claim-data flag.
    expect(withNpi(undefined).flags).toEqual([]);
  });

  it('flags a patient with no billing practitioner at all', () => {
    const r = now({ readingDays: days('2026-03-01', 16), practitioner: null });
    expect(r.flags.map((f) => f.key)).toContain('practitionerMissing');
  });
});
