import { describe, expect, it } from 'vitest';
import { measurementCatalogue } from '@vigil/contract';
import { parseThresholdJson, resolveThresholds, severityOfReading, toDisplayThresholds, toEffective } from './thresholds';

describe('resolveThresholds: catalogue, then office, then device, code by code', () => {
  it("uses the catalogue's defaults when neither the office nor the device sets any", () => {
    const r = resolveThresholds('BLOOD_PRESSURE');
    expect(r.thresholds).toEqual(measurementCatalogue.BLOOD_PRESSURE.defaultThresholds);
    expect(r.sources).toEqual({ '8480-6': 'catalogue', '8462-4': 'catalogue', '8867-4': 'catalogue' });
  });

  it("lays the office's limits over the catalogue's and the device's over the office's, replacing a code's limits whole", () => {
    const office = { '8480-6': { cautionHigh: 150, criticalHigh: 190 }, '8867-4': { cautionHigh: 110, criticalHigh: 140 } };
    const device = { '8480-6': { cautionHigh: 160 } };
    const r = resolveThresholds('BLOOD_PRESSURE', office, device);
    // The device names systolic: only its limit applies (no low limits left from below).
    expect(r.thresholds['8480-6']).toEqual({ cautionHigh: 160 });
    // Pulse comes from the office, diastolic still from the catalogue.
    expect(r.thresholds['8867-4']).toEqual({ cautionHigh: 110, criticalHigh: 140 });
    expect(r.thresholds['8462-4']).toEqual(measurementCatalogue.BLOOD_PRESSURE.defaultThresholds['8462-4']);
    expect(r.sources).toEqual({ '8480-6': 'device', '8462-4': 'catalogue', '8867-4': 'office' });
  });

  it('gives a weight (no catalogue limits) the limits the office sets', () => {
    expect(resolveThresholds('WEIGHT').thresholds).toEqual({});
    expect(resolveThresholds('WEIGHT', { '29463-7': { criticalHigh: 150 } }).thresholds).toEqual({ '29463-7': { criticalHigh: 150 } });
  });

  it('reads the JSON string form and the SpO2 alias 2708-6 as 59408-5', () => {
    const r = resolveThresholds('SPO2', undefined, JSON.stringify({ '2708-6': { cautionLow: 92, criticalLow: 88 } }));
    expect(r.thresholds['59408-5']).toEqual({ cautionLow: 92, criticalLow: 88 });
    expect(r.sources['59408-5']).toBe('device');
  });

  it('ignores malformed stored JSON, codes of another type, non-numeric limits and codes without limits', () => {
    expect(parseThresholdJson('{not json', 'GLUCOSE')).toEqual({});
    expect(parseThresholdJson([1, 2], 'GLUCOSE')).toEqual({});
    expect(parseThresholdJson(null, 'GLUCOSE')).toEqual({});
    expect(
      parseThresholdJson({ '8480-6': { cautionHigh: 150 }, '2339-0': { cautionHigh: '200', criticalHigh: 320, cautionLow: Number.NaN }, '2345-7': {} }, 'GLUCOSE'),
    ).toEqual({ '2339-0': { criticalHigh: 320 } });
    expect(resolveThresholds('GLUCOSE', 'garbage', 42).thresholds).toEqual(measurementCatalogue.GLUCOSE.defaultThresholds);
  });
});

describe('severityOfReading', () => {
  const bp = resolveThresholds('BLOOD_PRESSURE').thresholds;

  it('is the worst severity of the values: normal, caution above 140, critical above 180 systolic', () => {
    expect(severityOfReading({ '8480-6': 140, '8462-4': 90, '8867-4': 70 }, bp)).toBe(0);
    expect(severityOfReading({ '8480-6': 141, '8462-4': 80 }, bp)).toBe(1);
    expect(severityOfReading({ '8480-6': 120, '8462-4': 80, '8867-4': 131 }, bp)).toBe(2);
    expect(severityOfReading({ '8480-6': 181, '8462-4': 95 }, bp)).toBe(2);
  });

  it('grades low values: SpO2 93 is caution, 89 critical', () => {
    const spo2 = resolveThresholds('SPO2').thresholds;
    expect(severityOfReading({ '59408-5': 94 }, spo2)).toBe(0);
    expect(severityOfReading({ '59408-5': 93 }, spo2)).toBe(1);
    expect(severityOfReading({ '59408-5': 89 }, spo2)).toBe(2);
  });

  it('treats a value without limits as normal', () => {
    expect(severityOfReading({ '29463-7': 300 }, {})).toBe(0);
  });
});

describe('shapes of limits', () => {
  it('answers all four sides, null for a missing one', () => {
    expect(toEffective({ cautionLow: 94, criticalLow: 90 })).toEqual({ cautionLow: 94, cautionHigh: null, criticalLow: 90, criticalHigh: null });
    expect(toEffective(undefined)).toEqual({ cautionLow: null, cautionHigh: null, criticalLow: null, criticalHigh: null });
  });

  it('converts glucose limits to mmol/L for display by default and keeps mg/dL when preferred', () => {
    const t = measurementCatalogue.GLUCOSE.defaultThresholds['2339-0'];
    expect(toDisplayThresholds('2339-0', t, { system: 'metric', glucose: 'mmol/L' })).toEqual({ cautionLow: 3.9, cautionHigh: 10, criticalLow: 3, criticalHigh: 16.7 });
    expect(toDisplayThresholds('2339-0', t, { system: 'metric', glucose: 'mg/dL' })).toEqual({ cautionLow: 70, cautionHigh: 180, criticalLow: 54, criticalHigh: 300 });
  });
});
