import { describe, expect, it } from 'vitest';
import { checkReading, identityKey } from './ingestion';
import { dayStart, localIso, offsetOf, rangeOf, startOfLocalDay, zonedMidnight } from './time';

const NOW = Date.parse('2026-03-10T18:00:00Z');
const bp = (values: unknown, extra: Record<string, unknown> = {}) => ({
  deviceIdentifier: 'BP-1',
  deviceType: 'BLOOD_PRESSURE',
  measuredAt: '2026-03-10T07:30:00-05:00',
  values,
  ...extra,
});
const sysDia = [
  { code: '8480-6', value: 128, unit: 'mm[Hg]' },
  { code: '8462-4', value: 82, unit: 'mm[Hg]' },
];

describe('checkReading', () => {
  it('accepts a blood pressure with pulse, keeps the offset and keys values by canonical LOINC code', () => {
    const out = checkReading(bp([...sysDia, { code: '8867-4', value: 71, unit: '/min' }]), 0, NOW);
    expect(out).toEqual({
      ok: true,
      reading: {
        index: 0,
        deviceIdentifier: 'BP-1',
        deviceType: 'BLOOD_PRESSURE',
        measuredAt: new Date('2026-03-10T12:30:00Z'),
        measuredAtOffset: '-05:00',
        values: { '8480-6': 128, '8462-4': 82, '8867-4': 71 },
        simulated: false,
      },
    });
  });

  it('converts to canonical units: pounds to kg, mmol/L to mg/dL, Fahrenheit to Celsius, and maps the SpO2 alias', () => {
    const w = checkReading({ deviceType: 'WEIGHT', measuredAt: '2026-03-10T08:00:00Z', values: [{ code: '29463-7', value: 180, unit: '[lb_av]' }], patientId: 4 }, 1, NOW);
    expect(w.ok && w.reading.values).toEqual({ '29463-7': 81.65 });
    expect(w.ok && w.reading.measuredAtOffset).toBe('+00:00');
    const g = checkReading({ deviceType: 'GLUCOSE', measuredAt: '2026-03-10T08:00:00+01:00', values: [{ code: '2345-7', value: 5.5, unit: 'mmol/L' }] }, 2, NOW);
    expect(g.ok && g.reading.values).toEqual({ '2339-0': 99.09 });
    const t = checkReading({ deviceType: 'TEMPERATURE', measuredAt: '2026-03-10T08:00:00Z', values: [{ code: '8310-5', value: 98.6, unit: '[degF]' }] }, 3, NOW);
    expect(t.ok && t.reading.values).toEqual({ '8310-5': 37 });
    const s = checkReading({ deviceType: 'SPO2', measuredAt: '2026-03-10T08:00:00Z', values: [{ code: '2708-6', value: 97, unit: '%' }] }, 4, NOW);
    expect(s.ok && s.reading.values).toEqual({ '59408-5': 97 });
  });

  it('refuses an impossible value: SpO2 above 100, systolic 400', () => {
    expect(checkReading({ deviceType: 'SPO2', measuredAt: '2026-03-10T08:00:00Z', values: [{ code: '59408-5', value: 101, unit: '%' }] }, 5, NOW)).toEqual({
      ok: false,
      rejection: { index: 5, reason: 'impossible value', detail: '59408-5: outside 50-100 %' },
    });
    const out = checkReading(bp([{ code: '8480-6', value: 400, unit: 'mm[Hg]' }, sysDia[1]]), 0, NOW);
    expect(!out.ok && out.rejection.reason).toBe('impossible value');
  });

  it('refuses a wrong unit and lists the accepted ones', () => {
    const out = checkReading(bp([{ code: '8480-6', value: 120, unit: 'mmHg' }, sysDia[1]]), 0, NOW);
    expect(out).toEqual({ ok: false, rejection: { index: 0, reason: 'wrong unit', detail: "8480-6: 'mmHg' is not accepted (mm[Hg], kPa)" } });
  });

  it('refuses a missing required code, an unknown code and a code sent twice', () => {
    expect(checkReading(bp([sysDia[0]]), 0, NOW)).toMatchObject({ ok: false, rejection: { reason: 'missing value', detail: '8462-4' } });
    expect(checkReading(bp([...sysDia, { code: '2339-0', value: 100, unit: 'mg/dL' }]), 0, NOW)).toMatchObject({ ok: false, rejection: { reason: 'unknown code' } });
    expect(checkReading(bp([...sysDia, sysDia[0]]), 0, NOW)).toMatchObject({ ok: false, rejection: { reason: 'duplicate code', detail: '8480-6' } });
  });

  it('refuses a time without offset, a time in the future and a time before 2000', () => {
    expect(checkReading(bp(sysDia, { measuredAt: '2026-03-10T07:30:00' }), 0, NOW)).toMatchObject({ ok: false, rejection: { reason: 'invalid measuredAt' } });
    expect(checkReading(bp(sysDia, { measuredAt: '2026-03-10T18:20:00Z' }), 0, NOW)).toMatchObject({ ok: false, rejection: { reason: 'measuredAt in the future' } });
    expect(checkReading(bp(sysDia, { measuredAt: '2026-03-10T18:09:00Z' }), 0, NOW).ok).toBe(true);
    expect(checkReading(bp(sysDia, { measuredAt: '1999-12-31T23:00:00Z' }), 0, NOW)).toMatchObject({ ok: false, rejection: { reason: 'invalid measuredAt' } });
  });

  it('refuses an unknown device type and a reading of the wrong shape, naming the fields', () => {
    expect(checkReading(bp(sysDia, { deviceType: 'ECG' }), 0, NOW)).toEqual({ ok: false, rejection: { index: 0, reason: 'unknown device type', detail: 'deviceType' } });
    expect(checkReading({ deviceType: 'WEIGHT' }, 7, NOW)).toEqual({ ok: false, rejection: { index: 7, reason: 'invalid reading', detail: 'measuredAt, values' } });
    expect(checkReading('hello', 0, NOW)).toMatchObject({ ok: false, rejection: { reason: 'invalid reading' } });
    expect(checkReading(bp([{ code: '8480-6', value: 'high', unit: 'mm[Hg]' }]), 0, NOW)).toMatchObject({ ok: false, rejection: { reason: 'invalid reading', detail: 'values.0.value' } });
  });

  it('builds the same identity key for the same instant written at different offsets', () => {
    const a = checkReading(bp(sysDia, { measuredAt: '2026-03-10T07:30:00-05:00' }), 0, NOW);
    const b = checkReading(bp(sysDia, { measuredAt: '2026-03-10T12:30:00.000Z' }), 0, NOW);
    if (!a.ok || !b.ok) { throw new Error('expected both to pass'); }
    expect(identityKey(1, 2, 'BLOOD_PRESSURE', a.reading.measuredAt)).toBe(identityKey(1, 2, 'BLOOD_PRESSURE', b.reading.measuredAt));
  });
});

describe('time helpers', () => {
  it('finds local midnight in New York across the March daylight-saving change', () => {
    expect(zonedMidnight(2026, 3, 8, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(zonedMidnight(2026, 3, 9, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(zonedMidnight(2026, 13, 1, 'Europe/Madrid').toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('starts the local day of an instant, and takes whole end days in ranges', () => {
    expect(startOfLocalDay(new Date('2026-03-10T03:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStart('2026-03-01', 'America/Chicago').toISOString()).toBe('2026-03-01T06:00:00.000Z');
    expect(rangeOf('2026-03-01', '2026-03-02', 'UTC')).toEqual({ from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-03T00:00:00Z') });
    expect(rangeOf('2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z', 'UTC').to.toISOString()).toBe('2026-03-01T11:00:00.001Z');
  });

  it('answers a day start again from memory, equal and as a Date of its own, across a daylight-saving change', () => {
    const first = dayStart('2026-03-08', 'America/New_York', 1); // the day after the spring change
    const again = dayStart('2026-03-08', 'America/New_York', 1);
    expect(first.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    again.setTime(0); // a caller changing its Date does not change the next answer
    expect(dayStart('2026-03-08', 'America/New_York', 1).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStart('2026-03-08', 'Europe/Madrid').toISOString()).toBe('2026-03-07T23:00:00.000Z');
  });

  it('writes an instant at the offset its device reported', () => {
    expect(localIso(new Date('2026-03-10T12:30:00Z'), '-05:00')).toBe('2026-03-10T07:30:00.000-05:00');
    expect(localIso(new Date('2026-03-10T12:30:00Z'), '+00:00')).toBe('2026-03-10T12:30:00.000+00:00');
    expect(offsetOf('2026-03-10T12:30:00Z')).toBe('+00:00');
    expect(offsetOf('2026-03-10T12:30:00+05:30')).toBe('+05:30');
  });
});
