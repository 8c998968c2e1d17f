import { describe, expect, it } from 'vitest';
import { checkReading } from '../features/measurements/ingestion';
import { planReadings, simulatedMac, typicalBaseline } from './simulate-hubs.plan';
import { isUnicastMac } from '@vigil/contract';

const NOW = new Date('2026-03-20T15:00:00Z');

describe('planReadings (npm run simulate-hubs)', () => {
  const plan = planReadings(42, typicalBaseline, 30, 'America/New_York', NOW);

  it('is deterministic: the same patient and days give the same readings, and a later run repeats the overlapping days', () => {
    expect(planReadings(42, typicalBaseline, 30, 'America/New_York', NOW)).toEqual(plan);
    const nextDay = planReadings(42, typicalBaseline, 30, 'America/New_York', new Date(NOW.getTime() + 86_400_000));
    const times = new Set(plan.map((r) => `${r.deviceIdentifier}|${r.measuredAt}`));
    const overlap = nextDay.filter((r) => times.has(`${r.deviceIdentifier}|${r.measuredAt}`));
    expect(overlap.length).toBeGreaterThan(plan.length * 0.9);
  });

  it('sends only readings the ingestion rules accept, none dated after now, each with its local offset', () => {
    for (const [i, r] of plan.entries()) {
      const out = checkReading(r, i, NOW.getTime());
      expect(out.ok, JSON.stringify(out)).toBe(true);
      expect(Date.parse(r.measuredAt)).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(plan.some((r) => r.measuredAt.endsWith('-04:00'))).toBe(true); // after the March DST change
    expect(plan.some((r) => r.measuredAt.endsWith('-05:00'))).toBe(true);
  });

  it('misses some days and includes abnormal blood pressures, glucose and SpO2', () => {
    const days = new Set(plan.map((r) => r.measuredAt.slice(0, 10)));
    expect(days.size).toBeLessThan(30);
    expect(days.size).toBeGreaterThan(20);
    const value = (code: string) => plan.flatMap((r) => r.values.filter((v) => v.code === code).map((v) => v.value));
    expect(value('8480-6').some((v) => v > 140)).toBe(true);
    const glucoseMmol = value('2339-0'); // odd patient ids send mmol/L; 42 sends mg/dL
    expect(glucoseMmol.some((v) => v > 180 || v < 70)).toBe(true);
    expect(value('59408-5').some((v) => v < 94)).toBe(true);
  });

  it('derives a unicast MAC address per patient', () => {
    expect(simulatedMac(42)).toBe('02:56:49:00:00:2A');
    expect(isUnicastMac(simulatedMac(123456))).toBe(true);
  });
});
