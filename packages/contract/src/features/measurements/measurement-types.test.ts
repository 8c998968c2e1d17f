import { describe, expect, it } from 'vitest';
import { measurementCatalogue, severityOf, toCanonical, toDisplay } from './measurement-types';

describe('measurement catalogue', () => {
  it('converts pounds, mmol/L and Fahrenheit to the canonical UCUM units', () => {
    const weight = measurementCatalogue.WEIGHT.values[0]!;
    expect(toCanonical(weight, 180, '[lb_av]')).toBeCloseTo(81.65, 2);
    const glucose = measurementCatalogue.GLUCOSE.values[0]!;
    expect(toCanonical(glucose, 5.5, 'mmol/L')).toBeCloseTo(99.09, 1);
    const temp = measurementCatalogue.TEMPERATURE.values[0]!;
    expect(toCanonical(temp, 98.6, '[degF]')).toBeCloseTo(37, 2);
    expect(toCanonical(temp, 37, 'K')).toBeNull();
  });

  it('grades values at the threshold boundaries: above the high and below the low, critical beating caution', () => {
    const sys = measurementCatalogue.BLOOD_PRESSURE.defaultThresholds['8480-6'];
    expect(severityOf(140, sys)).toBe(0);
    expect(severityOf(141, sys)).toBe(1);
    expect(severityOf(180, sys)).toBe(1);
    expect(severityOf(181, sys)).toBe(2);
    expect(severityOf(79, sys)).toBe(2);
    const spo2 = measurementCatalogue.SPO2.defaultThresholds['59408-5'];
    expect(severityOf(94, spo2)).toBe(0);
    expect(severityOf(93, spo2)).toBe(1);
    expect(severityOf(89, spo2)).toBe(2);
  });

  it('shows glucose in mmol/L by default and weight in pounds for imperial users', () => {
    expect(toDisplay('2339-0', 99)).toEqual({ value: 5.5, unit: 'mmol/L' });
    expect(toDisplay('29463-7', 81.65, { system: 'imperial', glucose: 'mg/dL' })).toEqual({ value: 180, unit: '[lb_av]' });
    expect(toDisplay('8480-6', 141.4)).toEqual({ value: 141, unit: 'mm[Hg]' });
  });
});
