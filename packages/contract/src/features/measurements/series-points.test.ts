import { describe, expect, it } from 'vitest';
import { patientSeriesSchema, seriesReadings, withSeriesReadings, type SeriesPoints } from './measurements.schemas';

const points: SeriesPoints = {
  id: [11, 12],
  measuredAt: ['2026-11-01T14:00:00.000Z', '2026-11-02T14:05:00.000Z'],
  measuredAtOffset: ['-05:00', '-05:00'],
  display: { '59408-5': [97, 93], '8867-4': [72, null] },
  severity: [0, 1],
  isManual: [false, true],
  isSimulated: [true, false],
};

describe('chart points as columns', () => {
  it('expand to one reading per point, leaving out the values a reading lacks', () => {
    expect(seriesReadings(points)).toEqual([
      { id: 11, measuredAt: '2026-11-01T14:00:00.000Z', measuredAtOffset: '-05:00', display: { '59408-5': 97, '8867-4': 72 }, severity: 0, isManual: false, isSimulated: true },
      { id: 12, measuredAt: '2026-11-02T14:05:00.000Z', measuredAtOffset: '-05:00', display: { '59408-5': 93 }, severity: 1, isManual: true, isSimulated: false },
    ]);
  });

  it('keep an answer valid and add `readings` beside `points`', () => {
    const answer = patientSeriesSchema.parse({
      patientId: 5,
      from: '2026-10-31T05:00:00.000Z',
      to: '2026-11-03T05:00:00.000Z',
      series: [
        {
          deviceType: 'SPO2',
          title: { en: 'SpO2', es: 'SpO2' },
          values: [],
          thresholds: {},
          displayThresholds: {},
          points,
        },
      ],
    });
    const expanded = withSeriesReadings(answer);
    expect(expanded.series[0]!.points).toEqual(points);
    expect(expanded.series[0]!.readings.map((r) => r.id)).toEqual([11, 12]);
    expect(expanded.patientId).toBe(5);
  });

  it('refuse a value that is not a number or null', () => {
    expect(patientSeriesSchema.safeParse({ patientId: 5, from: 'a', to: 'b', series: [{ deviceType: 'SPO2', title: { en: '', es: '' }, values: [], thresholds: {}, displayThresholds: {}, points: { ...points, display: { '8867-4': ['72'] } } }] }).success).toBe(false);
  });
});
