import { describe, expect, it } from 'vitest';
import { computePatientMonth } from './compute';
import { devicePeriodsEndingIn, periodContaining, readingWindow } from './device';
import { days, facts, options } from './test-fixtures';
import type { EngineClaim } from './types';

const codes = (claims: EngineClaim[], status: 'billable' | 'suppressed' = 'billable') => claims.filter((c) => c.status === status).map((c) => c.code);
const find = (claims: EngineClaim[], code: string) => claims.find((c) => c.code === code);

/** March 2026 with one device period 1-30 March (episode starts 1 March) and `n` automatic reading days. */
const march = (n: number, over: Parameters<typeof facts>[0] = {}) =>
  facts({ episodeStart: '2026-03-01', readingDays: days('2026-03-01', n), priorSetupClaims: [{ code: '99453', episodeStart: '2026-03-01', year: 2026, month: 2 }], ...over });

describe('device periods (C1)', () => {
  it('runs consecutive 30-day periods from the episode start and bills each in the month it ends', () => {
    expect(devicePeriodsEndingIn('2026-01-10', 2026, 1, '2026-12-31')).toEqual([]);
    expect(devicePeriodsEndingIn('2026-01-10', 2026, 2, '2026-12-31')).toEqual([{ index: 0, start: '2026-01-10', end: '2026-02-08', complete: true }]);
    expect(devicePeriodsEndingIn('2026-01-10', 2026, 3, '2026-03-09')).toEqual([{ index: 1, start: '2026-02-09', end: '2026-03-10', complete: false }]);
  });

  it('gives a 31-day month two period ends when one ends on the 1st', () => {
    expect(devicePeriodsEndingIn('2025-12-03', 2026, 1, '2026-02-01').map((p) => [p.start, p.end])).toEqual([
      ['2025-12-03', '2026-01-01'],
      ['2026-01-02', '2026-01-31'],
    ]);
  });

  it('finds the period containing a day and none before the anchor', () => {
    expect(periodContaining('2026-01-10', '2026-02-09', '2026-02-09')).toMatchObject({ index: 1, start: '2026-02-09' });
    expect(periodContaining('2026-01-10', '2026-01-09', '2026-01-09')).toBeNull();
  });

  it('reads the reading days from 29 days before the month to its end', () => {
    expect(readingWindow(2026, 3)).toEqual({ from: '2026-01-31', to: '2026-03-31' });
  });

  it('bills a period straddling January and February once, in February, with its January days', () => {
    const f = { firstReadingDay: '2026-01-20', readingDays: days('2026-01-20', 16), priorSetupClaims: [{ code: '99453', episodeStart: '2026-01-20', year: 2026, month: 1 }] };
    const jan = computePatientMonth(facts({ ...f, year: 2026, month: 1, readingDays: f.readingDays.filter((d) => d.day <= '2026-01-31') }), options());
    expect(codes(jan.claims)).not.toContain('99454');
    const feb = computePatientMonth(facts({ ...f, year: 2026, month: 2 }), options());
    const c = find(feb.claims, '99454')!;
    expect(c.status).toBe('billable');
    expect(c.evidence.period).toMatchObject({ start: '2026-01-20', end: '2026-02-18' });
    expect(c.evidence.readingDays).toHaveLength(16);
    expect(c.evidence.readingDays![0]).toBe('2026-01-20');
    expect(c.datesOfService).toEqual(['2026-02-18']);
  });

  it('bills two supply codes in a month holding two period ends', () => {
    const r = computePatientMonth(
      facts({ year: 2026, month: 1, today: '2026-02-10', episodeStart: '2025-12-03', readingDays: [...days('2025-12-10', 20), ...days('2026-01-05', 20)], priorSetupClaims: [{ code: '99453', episodeStart: '2025-12-03', year: 2025, month: 12 }] }),
      options(),
    );
    expect(codes(r.claims)).toEqual(['99454', '99454']);
  });
});

describe('RPM supply codes at the day boundaries (section 1.2)', () => {
  it('1 day: no supply code; 99454 suppressed saying 2 are needed for 99445', () => {
    const r = computePatientMonth(march(1), options());
    expect(codes(r.claims)).toEqual([]);
    expect(find(r.claims, '99454')!.reason!.en).toBe('Only 1 reading day in the device period 2026-03-01 to 2026-03-30: 2 needed for 99445, 16 for 99454');
    expect(find(r.claims, '99454')!.reason!.es).toContain('Solo 1 día con lecturas');
  });

  it('2 days: 99445, and 99454 suppressed (not additive)', () => {
    const r = computePatientMonth(march(2), options());
    expect(codes(r.claims)).toEqual(['99445']);
    expect(find(r.claims, '99454')!.reason!.en).toBe('Only 2 reading days in the device period 2026-03-01 to 2026-03-30: 16 needed for 99454; 99445 (2-15 days) billed instead');
  });

  it('15 days: still 99445', () => {
    const r = computePatientMonth(march(15), options());
    expect(codes(r.claims)).toEqual(['99445']);
    expect(find(r.claims, '99445')!.evidence.deviceDays).toBe(15);
  });

  it('16 days: 99454 and no 99445 row', () => {
    const r = computePatientMonth(march(16), options());
    expect(codes(r.claims)).toEqual(['99454']);
    expect(find(r.claims, '99445')).toBeUndefined();
    expect(find(r.claims, '99454')!.amountCents).toBe(4743);
  });

  it('counts several readings on one day as one day', () => {
    const r = computePatientMonth(march(1, { readingDays: [{ day: '2026-03-02', automatic: true, simulated: false, selfReported: false, readings: 9 }] }), options());
    expect(find(r.claims, '99454')!.evidence.deviceDays).toBe(1);
  });

  it('ignores values typed by staff or the patient for RPM (C6)', () => {
    const r = computePatientMonth(march(0, { readingDays: days('2026-03-01', 20, { automatic: false, selfReported: true }) }), options());
    expect(codes(r.claims)).toEqual([]);
    expect(find(r.claims, '99454')!.reason!.en).toBe('No automatic readings in the device period 2026-03-01 to 2026-03-30');
  });

  it('ignores simulated readings unless INCLUDE_SIMULATED_READINGS is on', () => {
    const sim = march(0, { readingDays: days('2026-03-01', 16, { automatic: false, simulated: true }) });
    expect(codes(computePatientMonth(sim, options()).claims)).toEqual([]);
    expect(codes(computePatientMonth(sim, options({ INCLUDE_SIMULATED_READINGS: true })).claims)).toEqual(['99454']);
  });

  it('tells a patient whose only readings are simulated that simulator readings do not count, not that no reading came', () => {
    const sim = facts({ readingDays: days('2026-03-01', 16, { automatic: false, simulated: true }) });
    expect(find(computePatientMonth(sim, options()).claims, '99454')!.reason).toEqual({
      en: 'Readings from the simulator do not count toward billing',
      es: 'Las lecturas del simulador no cuentan para la facturación',
    });
    // A patient with no reading at all keeps the first-reading explanation.
    expect(find(computePatientMonth(facts(), options()).claims, '99454')!.reason!.en).toMatch(/^No qualifying readings yet/);
  });

  it('dates the supply code at the period end, or at the 16th day with DEVICE_DATE_OF_SERVICE thresholdDay', () => {
    expect(find(computePatientMonth(march(20), options()).claims, '99454')!.datesOfService).toEqual(['2026-03-30']);
    expect(find(computePatientMonth(march(20), options({ DEVICE_DATE_OF_SERVICE: 'thresholdDay' })).claims, '99454')!.datesOfService).toEqual(['2026-03-16']);
  });

  it('explains a patient with no reading yet', () => {
    const r = computePatientMonth(facts(), options());
    expect(codes(r.claims)).toEqual([]);
    expect(find(r.claims, '99454')!.reason!.en).toMatch(/^No qualifying readings yet/);
    expect(find(r.claims, '99457')!.reason).toEqual({ en: 'No RPM management time this month', es: 'No hay tiempo de gestión de RPM este mes' });
  });
});

describe('99453 set-up, once per episode (RPM_SETUP_MIN_DAYS, UNCONFIRMED)', () => {
  const fresh = (n: number) => facts({ firstReadingDay: '2026-03-01', readingDays: days('2026-03-01', n) });

  it('1 day with the default of 2: suppressed with the setting named', () => {
    const r = computePatientMonth(fresh(1), options());
    expect(find(r.claims, '99453')).toMatchObject({ status: 'suppressed' });
    expect(find(r.claims, '99453')!.reason!.en).toBe('Only 1 reading day in the device period 2026-03-01 to 2026-03-30: 2 needed for 99453 (setting RPM_SETUP_MIN_DAYS)');
  });

  it('2 days with the default of 2: billed with 99445', () => {
    const r = computePatientMonth(fresh(2), options());
    expect(codes(r.claims)).toEqual(['99453', '99445']);
    expect(find(r.claims, '99453')!.evidence.episodeStart).toBe('2026-03-01');
  });

  it('with the pre-2026 reading of 16: 15 days suppressed, 16 days billed', () => {
    expect(find(computePatientMonth(fresh(15), options({ RPM_SETUP_MIN_DAYS: 16 })).claims, '99453')!.status).toBe('suppressed');
    expect(find(computePatientMonth(fresh(16), options({ RPM_SETUP_MIN_DAYS: 16 })).claims, '99453')!.status).toBe('billable');
  });

  it('is not billed again in the same episode, but is in a new episode', () => {
    const prior = [{ code: '99453', episodeStart: '2026-03-01', year: 2026, month: 2 }];
    expect(find(computePatientMonth(facts({ firstReadingDay: '2026-03-01', readingDays: days('2026-03-01', 20), priorSetupClaims: prior }), options()).claims, '99453')).toBeUndefined();
    const newEpisode = facts({ episodeStart: '2026-03-01', readingDays: days('2026-03-01', 20), priorSetupClaims: [{ code: '99453', episodeStart: '2025-06-01', year: 2025, month: 7 }] });
    expect(find(computePatientMonth(newEpisode, options()).claims, '99453')!.status).toBe('billable');
  });
});

describe('RTM supply codes by system (section 2)', () => {
  const rtm = (n: number, system: 'RESPIRATORY' | 'MSK' | 'CBT' | null, kind = {}) =>
    facts({ billingType: 'RTM', rtmSystem: system, episodeStart: '2026-03-01', readingDays: days('2026-03-01', n, kind), priorSetupClaims: [{ code: '98975', episodeStart: '2026-03-01', year: 2026, month: 2 }] });

  it('musculoskeletal: 16 days 98977, 15 days 98985', () => {
    expect(codes(computePatientMonth(rtm(16, 'MSK'), options()).claims)).toEqual(['98977']);
    expect(codes(computePatientMonth(rtm(15, 'MSK'), options()).claims)).toEqual(['98985']);
  });

  it('respiratory: 16 days 98976, 2 days 98984, 1 day nothing', () => {
    expect(codes(computePatientMonth(rtm(16, 'RESPIRATORY'), options()).claims)).toEqual(['98976']);
    expect(codes(computePatientMonth(rtm(2, 'RESPIRATORY'), options()).claims)).toEqual(['98984']);
    expect(codes(computePatientMonth(rtm(1, 'RESPIRATORY'), options()).claims)).toEqual([]);
  });

  it('CBT: 98978 for 16 days; 98986 unless RTM_98986_BILLABLE is off', () => {
    expect(codes(computePatientMonth(rtm(16, 'CBT'), options()).claims)).toEqual(['98978']);
    expect(codes(computePatientMonth(rtm(5, 'CBT'), options()).claims)).toEqual(['98986']);
    const off = computePatientMonth(rtm(5, 'CBT'), options({ RTM_98986_BILLABLE: false }));
    expect(codes(off.claims)).toEqual([]);
    expect(off.claims.find((c) => c.code === '98986')!.reason!.en).toMatch(/RTM_98986_BILLABLE/);
  });

  it('counts self-reported values for RTM (C6)', () => {
    expect(codes(computePatientMonth(rtm(16, 'MSK', { automatic: false, selfReported: true }), options()).claims)).toEqual(['98977']);
  });

  it('suppresses the supply code when the system is not set', () => {
    const r = computePatientMonth(rtm(16, null), options());
    expect(codes(r.claims)).toEqual([]);
    expect(find(r.claims, '98976-98978')!.reason!.en).toMatch(/RTM system monitored/);
  });

  it('98975 follows RTM_SETUP_MIN_DAYS', () => {
    const f = facts({ billingType: 'RTM', rtmSystem: 'MSK', firstReadingDay: '2026-03-01', readingDays: days('2026-03-01', 3) });
    expect(codes(computePatientMonth(f, options()).claims)).toContain('98975');
    expect(codes(computePatientMonth(f, options({ RTM_SETUP_MIN_DAYS: 4 })).claims)).not.toContain('98975');
  });
});

describe('consumer wearables (docs/integrations.md "Billing")', () => {
  it('never counts a Terra reading as a device day unless its source is marked FDA-cleared, and then names those days', () => {
    const plain = computePatientMonth(march(0, { readingDays: days('2026-03-01', 20, { automatic: false, fdaClearedWearable: false }) }), options());
    expect(codes(plain.claims)).not.toContain('99454');
    expect(codes(plain.claims)).not.toContain('99445');
    const cleared = computePatientMonth(march(0, { readingDays: [...days('2026-03-01', 10), ...days('2026-03-11', 8, { automatic: false, fdaClearedWearable: true })] }), options());
    const supply = find(cleared.claims, '99454');
    expect(supply?.status).toBe('billable');
    expect(supply?.evidence.deviceDays).toBe(18);
    expect(supply?.evidence.details).toMatchObject({ fdaClearedWearableDays: days('2026-03-11', 8).map((d) => d.day) });
  });
});

// A straddling device period (rule C1, reference billing-rules.md: the supply codes count per
// 30-day period, the time codes per calendar month; "the two windows need not line up").
describe('a device period straddling the month end', () => {
  it('shows in the month it starts as in progress with its reading days so far, not as a code, and bills in the month it ends', () => {
    // Episode from 20 March: the period 20 March - 18 April; 12 reading days in March.
    const m = computePatientMonth(facts({ episodeStart: '2026-03-20', readingDays: days('2026-03-20', 12) }), options());
    expect(m.metrics.inProgress).toMatchObject({ program: 'RPM', start: '2026-03-20', end: '2026-04-18', days: 12 });
    expect(m.metrics.inProgress!.message.en).toBe('In progress: 12 reading days so far in the device period 2026-03-20 to 2026-04-18, billed in the month the period ends');
    expect(m.metrics.inProgress!.message.es).toBe('En curso: 12 días con lecturas hasta ahora en el período de dispositivo del 2026-03-20 al 2026-04-18, se factura en el mes en que termina el período');
    expect(codes(m.claims)).toEqual([]);
    expect(m.metrics.periods).toEqual([]);
    // April (the month the period ends): billed there, and nothing in progress after it.
    const april = computePatientMonth(facts({ month: 4, today: '2026-05-15', episodeStart: '2026-03-20', readingDays: days('2026-03-20', 16) }), options());
    expect(codes(april.claims)).toContain('99454');
    expect(april.metrics.inProgress).toMatchObject({ start: '2026-04-19' });
  });

  it('has nothing in progress when the period ends on the month end', () => {
    const m = computePatientMonth(facts({ episodeStart: '2026-03-01', readingDays: days('2026-03-01', 16) }), options());
    // 1-30 March ends before 31 March: the next period (31 March - 29 April) is in progress with no reading days.
    expect(m.metrics.inProgress).toMatchObject({ start: '2026-03-31', days: 0 });
    const feb = computePatientMonth(facts({ month: 2, today: '2026-03-15', episodeStart: '2026-01-30', readingDays: [] }), options());
    // 30 January - 28 February ends on February's last day: nothing straddles.
    expect(feb.metrics.inProgress).toBeNull();
  });
});
