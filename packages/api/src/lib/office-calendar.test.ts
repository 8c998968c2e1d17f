import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE_TIME_ZONE, addDays, localDate, localYearMonth, filterCaseStart, localDateOf, localDateTimeOf, localTimeOf, localTimeToInstant, officeTimeZone, startOfLocalDay, zoneOffsetMs } from './office-calendar';

const NY = 'America/New_York';
const MADRID = 'Europe/Madrid';
const HOUR = 3_600_000;

describe('local time in IANA zones', () => {
  it('gives the offset of New York in winter and summer', () => {
    expect(zoneOffsetMs(new Date('2024-01-15T12:00:00Z'), NY)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(new Date('2024-07-15T12:00:00Z'), NY)).toBe(-4 * HOUR);
  });

  it('gives the local date on both sides of midnight', () => {
    expect(localDateOf(new Date('2024-01-16T04:59:59Z'), NY)).toBe('2024-01-15');
    expect(localDateOf(new Date('2024-01-16T05:00:00Z'), NY)).toBe('2024-01-16');
    expect(localTimeOf(new Date('2024-01-16T05:00:00Z'), NY)).toBe('00:00');
  });

  it('adds calendar days across month and year ends and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('converts a local time to an instant on a normal day', () => {
    expect(localTimeToInstant('2024-01-15', '08:00', NY).toISOString()).toBe('2024-01-15T13:00:00.000Z');
    expect(localTimeToInstant('2024-07-15', '08:00', MADRID).toISOString()).toBe('2024-07-15T06:00:00.000Z');
  });

  it('moves a time skipped by spring-forward one hour later (02:30 New York -> 03:30 EDT)', () => {
    expect(localTimeToInstant('2024-03-10', '02:30', NY).toISOString()).toBe('2024-03-10T07:30:00.000Z');
    expect(localTimeToInstant('2024-03-10', '01:59', NY).toISOString()).toBe('2024-03-10T06:59:00.000Z');
    expect(localTimeToInstant('2024-03-10', '03:00', NY).toISOString()).toBe('2024-03-10T07:00:00.000Z');
  });

  it('takes the first of a repeated fall-back time (01:30 New York -> EDT)', () => {
    expect(localTimeToInstant('2024-11-03', '01:30', NY).toISOString()).toBe('2024-11-03T05:30:00.000Z');
  });

  it('makes the spring-forward day 23 hours long and the fall-back day 25', () => {
    const len = (day: string) => startOfLocalDay(addDays(day, 1), NY).getTime() - startOfLocalDay(day, NY).getTime();
    expect(len('2024-03-10')).toBe(23 * HOUR);
    expect(len('2024-11-03')).toBe(25 * HOUR);
    expect(len('2024-01-15')).toBe(24 * HOUR);
  });

  it('starts TODAY, WEEK and MONTH at local midnights, and ALL nowhere', () => {
    const now = new Date('2024-03-12T15:00:00Z'); // 11:00 EDT on 12 March
    expect(filterCaseStart('TODAY', now, NY)!.toISOString()).toBe('2024-03-12T04:00:00.000Z');
    expect(filterCaseStart('WEEK', now, NY)!.toISOString()).toBe('2024-03-06T05:00:00.000Z'); // before the change: EST
    expect(filterCaseStart('MONTH', now, NY)!.toISOString()).toBe('2024-02-12T05:00:00.000Z');
    expect(filterCaseStart('ALL', now, NY)).toBeNull();
  });

  it('falls back to the one default office zone for an unknown or missing zone', () => {
    expect(officeTimeZone('Mars/Olympus')).toBe(DEFAULT_OFFICE_TIME_ZONE);
    expect(officeTimeZone(null)).toBe(DEFAULT_OFFICE_TIME_ZONE);
    expect(DEFAULT_OFFICE_TIME_ZONE).toBe('America/New_York');
    expect(officeTimeZone(NY)).toBe(NY);
  });
});

describe('one fallback zone for every calendar function', () => {
  it('reads an office with an unknown zone in the default office zone, for days and for months alike', () => {
    // 2026-01-01T03:00Z is still 31 December 2025 in New York (UTC-5), already 1 January in UTC.
    const instant = new Date('2026-01-01T03:00:00Z');
    expect(localDateOf(instant, 'Not/AZone')).toBe('2025-12-31');
    expect(localDate(instant, 'Not/AZone')).toBe('2025-12-31');
    expect(localYearMonth(instant, 'Not/AZone')).toEqual({ year: 2025, month: 12 });
    expect(startOfLocalDay('2026-01-01', 'Not/AZone').toISOString()).toBe('2026-01-01T05:00:00.000Z');
  });
});

describe('localDateTimeOf', () => {
  it('agrees with localDateOf and localTimeOf every 7 minutes across both 2026 DST changes in three zones', () => {
    for (const zone of ['America/Los_Angeles', 'America/New_York', 'Asia/Kolkata']) {
      for (const start of [Date.UTC(2026, 2, 7), Date.UTC(2026, 9, 31)]) {
        for (let t = start; t < start + 3 * 86_400_000; t += 7 * 60_000) {
          const d = new Date(t);
          expect(localDateTimeOf(d, zone)).toEqual({ date: localDateOf(d, zone), time: localTimeOf(d, zone) });
        }
      }
    }
  });
});

describe('localTimeToInstant on a repeated hour', () => {
  it("takes the first occurrence by default and the second with 'later', whatever today's offset is", () => {
    expect(localTimeToInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(localTimeToInstant('2026-11-01', '01:30', 'America/New_York', 'later').toISOString()).toBe('2026-11-01T06:30:00.000Z');
    // Outside the change both are the same instant.
    expect(localTimeToInstant('2026-11-02', '01:30', 'America/New_York', 'later').toISOString()).toBe('2026-11-02T06:30:00.000Z');
  });
});
