import { describe, expect, it } from 'vitest';
import { clampedRule, nextOccurrence, occurrencesBetween, upcoming, type SurveySchedule } from './recurrence';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const schedule = (over: Partial<SurveySchedule>): SurveySchedule => ({
  rrule: 'FREQ=WEEKLY',
  startDate: '2026-03-01',
  dueTime: '09:00',
  endDate: null,
  timeZone: 'America/New_York',
  ...over,
});
const far = new Date('2030-01-01T00:00:00Z');

describe('survey recurrence in the office time zone', () => {
  it('keeps 09:00 local across the spring-forward change (New York, 8 March 2026)', () => {
    const got = occurrencesBetween(schedule({}), null, new Date('2026-03-16T00:00:00Z'));
    // EST (UTC-5) before, EDT (UTC-4) after: the UTC hour moves, the local hour does not.
    expect(iso(got)).toEqual(['2026-03-01T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-15T13:00:00.000Z']);
  });

  it('keeps 09:00 local across the fall-back change (New York, 1 November 2026)', () => {
    const got = occurrencesBetween(schedule({ startDate: '2026-10-25', rrule: 'FREQ=DAILY' }), null, new Date('2026-11-03T00:00:00Z'));
    expect(iso(got).slice(6, 9)).toEqual(['2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z', '2026-11-02T14:00:00.000Z']);
  });

  it('keeps local time in a zone with other change dates (Madrid, 29 March 2026)', () => {
    const got = occurrencesBetween(schedule({ timeZone: 'Europe/Madrid', startDate: '2026-03-22', dueTime: '10:30' }), null, new Date('2026-04-01T00:00:00Z'));
    expect(iso(got)).toEqual(['2026-03-22T09:30:00.000Z', '2026-03-29T08:30:00.000Z']);
  });

  it('moves a due time inside the spring-forward gap forward by the gap (RFC 5545 3.3.5)', () => {
    const got = occurrencesBetween(schedule({ rrule: 'FREQ=DAILY', startDate: '2026-03-07', dueTime: '02:30' }), null, new Date('2026-03-09T12:00:00Z'));
    expect(iso(got)).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z']);
  });

  it('gives a monthly survey started on the 31st the last day of shorter months instead of skipping them', () => {
    const got = occurrencesBetween(schedule({ rrule: 'FREQ=MONTHLY', startDate: '2026-01-31' }), null, new Date('2026-05-01T00:00:00Z'));
    expect(got.map((d) => d.toISOString().slice(0, 10))).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(clampedRule('FREQ=MONTHLY', '2026-01-15')).toBe('FREQ=MONTHLY');
  });

  it('repeats every three months for QUARTERLY and every two weeks for BIWEEKLY', () => {
    const q = occurrencesBetween(schedule({ rrule: 'FREQ=MONTHLY;INTERVAL=3', startDate: '2026-01-10' }), null, new Date('2026-12-31T00:00:00Z'));
    expect(q.map((d) => d.toISOString().slice(0, 10))).toEqual(['2026-01-10', '2026-04-10', '2026-07-10', '2026-10-10']);
    const b = upcoming(schedule({ rrule: 'FREQ=WEEKLY;INTERVAL=2' }), null, 3);
    expect(b.map((d) => d.toISOString().slice(0, 10))).toEqual(['2026-03-01', '2026-03-15', '2026-03-29']);
  });

  it('ends after the last local date (inclusive) and after a COUNT', () => {
    expect(occurrencesBetween(schedule({ rrule: 'FREQ=DAILY', endDate: '2026-03-03' }), null, far)).toHaveLength(3);
    expect(occurrencesBetween(schedule({ rrule: 'FREQ=DAILY;COUNT=1' }), null, far)).toHaveLength(1);
    expect(nextOccurrence(schedule({ rrule: 'FREQ=DAILY;COUNT=1' }), new Date('2026-03-01T14:00:00Z'))).toBeNull();
  });

  it('continues strictly after the last created occurrence', () => {
    const s = schedule({});
    expect(nextOccurrence(s, new Date('2026-03-01T14:00:00Z'))!.toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(iso(occurrencesBetween(s, new Date('2026-03-01T14:00:00Z'), new Date('2026-03-09T00:00:00Z')))).toEqual(['2026-03-08T13:00:00.000Z']);
  });

  it('refuses an RRULE that carries its own dates or no FREQ', () => {
    expect(() => nextOccurrence(schedule({ rrule: 'FREQ=DAILY;UNTIL=20260101T000000Z' }), null)).toThrow();
    expect(() => nextOccurrence(schedule({ rrule: 'COUNT=3' }), null)).toThrow();
  });
});
