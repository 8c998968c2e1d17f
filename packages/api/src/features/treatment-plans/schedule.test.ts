import { describe, expect, it } from 'vitest';
import { expectedMeasurementTimes, expectedMeasurementsBetween, isDueOn, isValidTimeZone, localDayOf, type ScheduledDevice } from './schedule';

const NY = 'America/New_York';
const MADRID = 'Europe/Madrid';

const daily = (times: (string | null)[], extra: Partial<ScheduledDevice> = {}): ScheduledDevice => ({
  id: 7,
  deviceType: 'BLOOD_PRESSURE',
  time1: times[0] ?? null,
  time2: times[1] ?? null,
  time3: times[2] ?? null,
  time4: times[3] ?? null,
  measurementPeriod: 'DAILY',
  measurementsCount: times.length,
  ...extra,
});

const iso = (list: { at: Date }[]) => list.map((e) => e.at.toISOString());

describe('expectedMeasurementTimes in America/New_York', () => {
  it('gives the UTC instants of a winter day (EST, UTC-5)', () => {
    const due = expectedMeasurementTimes([daily(['08:00', '20:00'])], '2024-01-15', NY);
    expect(due).toEqual([
      { treatmentPlanDeviceId: 7, deviceType: 'BLOOD_PRESSURE', slot: 1, day: '2024-01-15', localTime: '08:00', at: new Date('2024-01-15T13:00:00Z') },
      { treatmentPlanDeviceId: 7, deviceType: 'BLOOD_PRESSURE', slot: 2, day: '2024-01-15', localTime: '20:00', at: new Date('2024-01-16T01:00:00Z') },
    ]);
  });

  it('on the spring-forward day uses EST before 02:00 and EDT after, and moves the missing 02:30 to 03:30 local', () => {
    const due = expectedMeasurementTimes([daily(['01:30', '02:30', '08:00', '23:59'])], '2024-03-10', NY);
    expect(iso(due)).toEqual([
      '2024-03-10T06:30:00.000Z', // 01:30 EST (UTC-5)
      '2024-03-10T07:30:00.000Z', // 02:30 does not exist: 03:30 EDT
      '2024-03-10T12:00:00.000Z', // 08:00 EDT (UTC-4)
      '2024-03-11T03:59:00.000Z', // 23:59 EDT
    ]);
    // The day before, 08:00 was still 13:00 UTC: the same local time is an hour earlier in UTC after the change.
    expect(iso(expectedMeasurementTimes([daily(['08:00'])], '2024-03-09', NY))).toEqual(['2024-03-09T13:00:00.000Z']);
  });

  it('on the fall-back day takes the repeated 01:30 once, at its second (standard time) occurrence', () => {
    const due = expectedMeasurementTimes([daily(['00:30', '01:30', '08:00'])], '2024-11-03', NY);
    expect(iso(due)).toEqual([
      '2024-11-03T04:30:00.000Z', // 00:30 EDT
      '2024-11-03T06:30:00.000Z', // 01:30 EST (the first 01:30 EDT was 05:30 UTC)
      '2024-11-03T13:00:00.000Z', // 08:00 EST
    ]);
  });

  it('keeps midnight and 23:59 on their own local day', () => {
    const due = expectedMeasurementTimes([daily(['00:00', '23:59'])], '2024-07-01', NY);
    expect(iso(due)).toEqual(['2024-07-01T04:00:00.000Z', '2024-07-02T03:59:00.000Z']);
    expect(due.every((d) => d.day === '2024-07-01')).toBe(true);
  });
});

describe('expectedMeasurementTimes for a Madrid office', () => {
  it('uses CET (UTC+1) in winter and CEST (UTC+2) in summer', () => {
    expect(iso(expectedMeasurementTimes([daily(['09:00'])], '2024-01-15', MADRID))).toEqual(['2024-01-15T08:00:00.000Z']);
    expect(iso(expectedMeasurementTimes([daily(['09:00'])], '2024-07-15', MADRID))).toEqual(['2024-07-15T07:00:00.000Z']);
  });

  it('on the last Sunday of March moves the missing 02:30 to 03:30 CEST', () => {
    const due = expectedMeasurementTimes([daily(['01:30', '02:30', '09:00'])], '2024-03-31', MADRID);
    expect(iso(due)).toEqual(['2024-03-31T00:30:00.000Z', '2024-03-31T01:30:00.000Z', '2024-03-31T07:00:00.000Z']);
  });

  it('on the last Sunday of October takes the repeated 02:30 once, in CET', () => {
    const due = expectedMeasurementTimes([daily(['02:30', '09:00'])], '2024-10-27', MADRID);
    expect(iso(due)).toEqual(['2024-10-27T01:30:00.000Z', '2024-10-27T08:00:00.000Z']);
  });

  it('gives a New York and a Madrid office different instants for the same local time', () => {
    const ny = expectedMeasurementTimes([daily(['08:00'])], '2024-06-01', NY);
    const md = expectedMeasurementTimes([daily(['08:00'])], '2024-06-01', MADRID);
    expect(ny[0]!.at.getTime() - md[0]!.at.getTime()).toBe(6 * 3_600_000);
  });
});

describe('expectedMeasurementTimes: counts, periods and order', () => {
  it('uses only time1..timeN for measurementsCount N and ignores malformed times', () => {
    const device = { ...daily(['08:00', '12:00', '18:00', '22:00']), measurementsCount: 2 };
    expect(expectedMeasurementTimes([device], '2024-01-15', NY).map((d) => d.localTime)).toEqual(['08:00', '12:00']);
    const broken = daily(['25:00', '8:00', '09:00']);
    expect(expectedMeasurementTimes([broken], '2024-01-15', NY).map((d) => d.localTime)).toEqual(['09:00']);
  });

  it('sorts several devices by instant, then device type', () => {
    const due = expectedMeasurementTimes(
      [daily(['09:00'], { id: 1, deviceType: 'WEIGHT' }), daily(['07:00', '09:00'], { id: 2, deviceType: 'GLUCOSE' })],
      '2024-01-15',
      NY,
    );
    expect(due.map((d) => `${d.localTime} ${d.deviceType} ${d.treatmentPlanDeviceId}`)).toEqual(['07:00 GLUCOSE 2', '09:00 GLUCOSE 2', '09:00 WEIGHT 1']);
  });

  it('returns nothing before the plan starts', () => {
    expect(expectedMeasurementTimes([daily(['08:00'])], '2024-01-14', NY, { periodStart: '2024-01-15' })).toEqual([]);
    expect(expectedMeasurementTimes([daily(['08:00'])], '2024-01-15', NY, { periodStart: '2024-01-15' })).toHaveLength(1);
  });

  it('makes a WEEKLY device due on the weekday the plan started (Mondays without a start)', () => {
    const weekly = daily(['08:00'], { measurementPeriod: 'WEEKLY' });
    // 2024-01-17 is a Wednesday.
    expect(expectedMeasurementTimes([weekly], '2024-01-24', NY, { periodStart: '2024-01-17' })).toHaveLength(1);
    expect(expectedMeasurementTimes([weekly], '2024-01-23', NY, { periodStart: '2024-01-17' })).toHaveLength(0);
    expect(isDueOn('WEEKLY', '2024-01-22')).toBe(true); // Monday
    expect(isDueOn('WEEKLY', '2024-01-23')).toBe(false);
  });

  it('makes a MONTHLY device due on the start day of the month, or the last day of a shorter month', () => {
    expect(isDueOn('MONTHLY', '2024-02-29', '2024-01-31')).toBe(true);
    expect(isDueOn('MONTHLY', '2024-02-28', '2024-01-31')).toBe(false);
    expect(isDueOn('MONTHLY', '2024-03-31', '2024-01-31')).toBe(true);
    expect(isDueOn('MONTHLY', '2024-04-30', '2024-01-31')).toBe(true);
    expect(isDueOn('MONTHLY', '2024-03-01')).toBe(true);
    expect(isDueOn('MONTHLY', '2024-03-02')).toBe(false);
    expect(isDueOn('YEARLY', '2024-03-01')).toBe(false);
  });

  it('refuses a malformed day, an impossible date and an unknown time zone', () => {
    expect(() => expectedMeasurementTimes([], '2024-1-5', NY)).toThrow(RangeError);
    expect(() => expectedMeasurementTimes([], '2024-02-30', NY)).toThrow(RangeError);
    expect(() => expectedMeasurementTimes([], '2024-01-05', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => expectedMeasurementTimes([], '2024-01-05', NY, { periodStart: 'soon' })).toThrow(RangeError);
    expect(isValidTimeZone(MADRID)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('expectedMeasurementsBetween and localDayOf', () => {
  it('collects the readings due in a range that crosses local midnight, end excluded', () => {
    const device = daily(['08:00', '23:30']);
    const due = expectedMeasurementsBetween([device], new Date('2024-01-16T04:00:00Z'), new Date('2024-01-16T13:00:00Z'), NY);
    // 23:30 EST on the 15th = 04:30 UTC on the 16th; 08:00 EST on the 16th = 13:00 UTC (excluded).
    expect(due.map((d) => `${d.day} ${d.localTime}`)).toEqual(['2024-01-15 23:30']);
  });

  it('refuses a reversed or an over-long range', () => {
    expect(() => expectedMeasurementsBetween([], new Date('2024-01-02'), new Date('2024-01-01'), NY)).toThrow(RangeError);
    expect(() => expectedMeasurementsBetween([], new Date('2024-01-01'), new Date('2024-06-01'), NY)).toThrow(RangeError);
  });

  it("gives an instant's local day in the office's zone", () => {
    expect(localDayOf(new Date('2024-01-16T03:00:00Z'), NY)).toBe('2024-01-15');
    expect(localDayOf(new Date('2024-01-15T23:30:00Z'), MADRID)).toBe('2024-01-16');
  });
});
