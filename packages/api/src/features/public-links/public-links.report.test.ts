import { describe, expect, it } from 'vitest';
import { buildSeries, effectiveThresholds, type ReportReading } from './public-links.report';
import { patientLabel } from './public-links.service';

const reading = (deviceType: string, minute: number, valuesJson: Record<string, number>, extra: Partial<ReportReading> = {}): ReportReading => ({
  deviceType,
  measuredAt: new Date(Date.UTC(2026, 0, 1, 8, minute)),
  measuredAtOffset: '+01:00',
  valuesJson,
  severity: 0,
  isSimulated: false,
  isManual: false,
  ...extra,
});

describe('buildSeries', () => {
  it('groups readings per device type in catalogue order, unknown types last by name', () => {
    const series = buildSeries(
      [reading('ZZZ_CUSTOM', 1, { 'x-1': 3 }), reading('TEMPERATURE', 2, { '8310-5': 37.2 }), reading('BLOOD_PRESSURE', 3, { '8480-6': 120, '8462-4': 80 })],
      () => ({}),
    );
    expect(series.map((s) => s.deviceType)).toEqual(['BLOOD_PRESSURE', 'TEMPERATURE', 'ZZZ_CUSTOM']);
    expect(series[2]!.values).toEqual([{ code: 'x-1', unit: '', unitLabel: '' }]);
  });

  it('shows values in the default display units and maps LOINC aliases (2708-6 -> 59408-5)', () => {
    const [glucose, spo2] = buildSeries([reading('GLUCOSE', 1, { '2339-0': 90.078 }), reading('SPO2', 2, { '2708-6': 96, '8867-4': 64 })], () => ({}));
    expect(glucose!.readings[0]!.values).toEqual({ '2339-0': 5 });
    expect(glucose!.values).toEqual([{ code: '2339-0', unit: 'mmol/L', unitLabel: 'mmol/L' }]);
    expect(spo2!.readings[0]!.values).toEqual({ '59408-5': 96, '8867-4': 64 });
    expect(spo2!.values.map((v) => v.code)).toEqual(['59408-5', '8867-4']);
  });

  it('answers imperial units and mg/dL when asked', () => {
    const [weight, glucose] = buildSeries([reading('WEIGHT', 1, { '29463-7': 80 }), reading('GLUCOSE', 2, { '2339-0': 126 })], () => ({}), {
      system: 'imperial',
      glucose: 'mg/dL',
    });
    expect(weight!.readings[0]!.values['29463-7']).toBe(176.4);
    expect(weight!.values[0]!.unitLabel).toBe('lb');
    expect(glucose!.readings[0]!.values['2339-0']).toBe(126);
  });

  it('keeps only the thresholds of values present, converted to display units', () => {
    const [bp] = buildSeries([reading('BLOOD_PRESSURE', 1, { '8480-6': 120, '8462-4': 80 })], (type) => effectiveThresholds(type, undefined, undefined));
    expect(Object.keys(bp!.thresholds).sort()).toEqual(['8462-4', '8480-6']);
    const [glucose] = buildSeries([reading('GLUCOSE', 1, { '2339-0': 100 })], (type) => effectiveThresholds(type, undefined, undefined));
    expect(glucose!.thresholds['2339-0']).toEqual({ cautionHigh: 10, criticalHigh: 16.7, cautionLow: 3.9, criticalLow: 3 });
  });

  it('clamps a stored severity to 0..2 and keeps the simulated and manual flags and the device offset', () => {
    const [t] = buildSeries([reading('TEMPERATURE', 1, { '8310-5': 40 }, { severity: 7, isSimulated: true, isManual: true })], () => ({}));
    expect(t!.readings[0]).toEqual({
      measuredAt: '2026-01-01T08:01:00.000Z',
      measuredAtOffset: '+01:00',
      values: { '8310-5': 40 },
      severity: 2,
      isSimulated: true,
      isManual: true,
    });
  });
});

describe('effectiveThresholds', () => {
  it('lays office then device limits over the catalogue, code by code', () => {
    const t = effectiveThresholds('BLOOD_PRESSURE', { '8462-4': { cautionHigh: 85 } }, { '8480-6': { cautionHigh: 130, criticalHigh: 'x' } });
    expect(t['8480-6']).toEqual({ cautionHigh: 130 });
    expect(t['8462-4']).toEqual({ cautionHigh: 85 });
    expect(t['8867-4']).toEqual({ cautionHigh: 100, criticalHigh: 130, cautionLow: 50, criticalLow: 40 });
  });

  it('has no thresholds for a device type outside the catalogue', () => {
    expect(effectiveThresholds('PEAK_FLOW', { a: { cautionHigh: 1 } }, undefined)).toEqual({});
  });
});

describe('patientLabel', () => {
  it('is the first name and the last initial', () => {
    expect(patientLabel('María', 'gonzález')).toBe('María G.');
    expect(patientLabel(' Ana ', '')).toBe('Ana');
  });
});
