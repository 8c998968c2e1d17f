import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, formatTimeOnDay, monthLabel, readingDay } from './format';
import { addDays, ageOn, currentMonthIn, dayBounds, dayIn, daysBetween, hourIn, instantOfWallTime, isDay, monthDays, shiftMonth, todayIn } from './zone';

// The web's calendar (docs/dates.md "One calendar module"), where calendars go wrong: the US DST
// changes of 2027 (March 14, November 7) and the last evening of a month in New York, which is
// already the next month in UTC. The test browser is in Los Angeles (testing/setup.ts).
const NY = 'America/New_York';

describe('the office day and month of an instant', () => {
  it('takes the calendar day in the office zone, not in UTC or the browser', () => {
    // 2026-12-01 03:30 UTC is 22:30 on November 30 in New York, 19:30 in Los Angeles.
    expect(dayIn(NY, '2026-12-01T03:30:00Z')).toBe('2026-11-30');
    expect(dayIn('Europe/Madrid', '2026-12-01T03:30:00Z')).toBe('2026-12-01');
    expect(currentMonthIn(NY, '2026-12-01T03:30:00Z')).toEqual({ year: 2026, month: 11 });
    expect(currentMonthIn('UTC', '2026-12-01T03:30:00Z')).toEqual({ year: 2026, month: 12 });
    expect(hourIn(NY, '2026-12-01T03:30:00Z')).toBe(22);
  });

  it("falls back to the browser's zone for a missing or unknown zone", () => {
    expect(dayIn(undefined, '2026-12-01T03:30:00Z')).toBe('2026-11-30');
    expect(dayIn('Mars/Olympus_Mons', '2026-12-01T07:30:00Z')).toBe('2026-11-30');
    expect(todayIn(NY)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('crosses month and year boundaries by calendar days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-11-30', '2027-01-01')).toBe(32);
    expect(monthDays({ year: 2027, month: 2 })).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -13)).toEqual({ year: 2024, month: 12 });
    expect(monthLabel({ year: 2026, month: 10 }, 'es')).toBe('Octubre de 2026');
    expect(monthLabel({ year: 2026, month: 10 }, 'en')).toBe('October 2026');
  });

  it('refuses what is not a calendar day', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-2-1')).toBe(false);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
  });

  it('counts full years of age on the office day', () => {
    expect(ageOn('1951-06-02', '2026-06-01')).toBe(74);
    expect(ageOn('1951-06-02', '2026-06-02')).toBe(75);
    expect(ageOn(null, '2026-06-02')).toBeNull();
  });
});

describe('day boundaries across a DST change', () => {
  it('makes the spring-forward day 23 hours and the fall-back day 25 hours long', () => {
    const spring = dayBounds('2027-03-14', NY);
    expect(spring).toEqual({ start: '2027-03-14T05:00:00.000Z', end: '2027-03-15T04:00:00.000Z' });
    expect((Date.parse(spring.end) - Date.parse(spring.start)) / 3_600_000).toBe(23);
    const fall = dayBounds('2027-11-07', NY);
    expect(fall).toEqual({ start: '2027-11-07T04:00:00.000Z', end: '2027-11-08T05:00:00.000Z' });
    expect((Date.parse(fall.end) - Date.parse(fall.start)) / 3_600_000).toBe(25);
  });

  it('moves a skipped wall-clock time forward and takes the first of a repeated one', () => {
    // 02:30 does not exist on March 14, 2027 in New York: it is 03:30 EDT (07:30 UTC).
    expect(instantOfWallTime('2027-03-14', '02:30', NY)).toBe('2027-03-14T07:30:00.000Z');
    // 01:30 happens twice on November 7, 2027: the first, in daylight time (05:30 UTC).
    expect(instantOfWallTime('2027-11-07', '01:30', NY)).toBe('2027-11-07T05:30:00.000Z');
    expect(instantOfWallTime('2027-07-01', '09:00', NY)).toBe('2027-07-01T13:00:00.000Z');
  });

  it("labels the same office hour with the zone's abbreviation of that day", () => {
    expect(formatDateTime('2027-03-13T14:00:00Z', 'en', NY)).toBe('Mar 13, 2027, 9:00 AM EST');
    expect(formatDateTime('2027-03-15T13:00:00Z', 'en', NY)).toBe('Mar 15, 2027, 9:00 AM EDT');
    expect(formatDateTime('2027-03-15T13:00:00Z', 'es', NY)).toBe('15 mar 2027, 9:00 GMT-4');
    expect(formatTime('2027-11-07T05:30:00Z', 'en', NY)).toBe('1:30 AM EDT');
    expect(formatTime('2027-11-07T06:30:00Z', 'en', NY)).toBe('1:30 AM EST');
    expect(formatDateTime(null, 'en', NY)).toBe('');
    expect(formatDateTime('not a date', 'en', NY)).toBe('');
  });

  it('gives the time alone on the day and with the date on another day', () => {
    expect(formatTimeOnDay('2026-12-01T03:30:00Z', 'en', NY, '2026-11-30')).toBe('10:30 PM');
    expect(formatTimeOnDay('2026-12-01T03:30:00Z', 'es', NY, '2026-12-01')).toBe('30 nov, 22:30');
  });
});

describe("a reading's own day", () => {
  it('is the day at the offset its device reported', () => {
    expect(readingDay({ measuredAt: '2026-12-01T03:30:00Z', measuredAtOffset: '-05:00' })).toBe('2026-11-30');
    expect(readingDay({ measuredAt: '2026-12-01T03:30:00Z', measuredAtOffset: '+01:00' })).toBe('2026-12-01');
  });
});
