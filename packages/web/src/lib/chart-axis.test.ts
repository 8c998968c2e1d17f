import { describe, expect, it } from 'vitest';
import { leftMarginFor, xAxisLayout, yAxisWidth } from './chart-axis';

const en = (v: number) => new Intl.NumberFormat('en-US').format(v);

describe('yAxisWidth', () => {
  it('gives a four-digit count with its thousands separator room for all five characters', () => {
    // "1,400" in 32 px showed as "400" on /OaReports.
    const width = yAxisWidth([120, 1400, 800], en);
    expect(width).toBeGreaterThanOrEqual(Math.ceil('2,000'.length * 7.2 + 14));
  });

  it('measures the rounded-up top tick, not only the largest value (950 -> 1,000)', () => {
    expect(yAxisWidth([950], en)).toBe(yAxisWidth([1000], en));
  });

  it('keeps a small axis for small counts', () => {
    expect(yAxisWidth([3, 7], en)).toBe(28);
    expect(yAxisWidth([], en)).toBe(28);
  });
});

describe('xAxisLayout', () => {
  it('keeps short labels straight when they fit their band', () => {
    const l = xAxisLayout(['RPM', 'CCM', 'APCM'], 600);
    expect(l.angle).toBe(0);
    expect(l.label('RPM')).toBe('RPM');
  });

  it('slants long job names in a narrow card and makes room for them', () => {
    const l = xAxisLayout(['notifications.send', 'billing.monthly-run', 'terra.ingest'], 240);
    expect(l.angle).toBe(-40);
    expect(l.textAnchor).toBe('end');
    expect(l.height).toBeGreaterThan(60);
  });

  it('cuts a label longer than the limit with an ellipsis', () => {
    expect(xAxisLayout(['a-very-long-queue-name-indeed'], 100).label('a-very-long-queue-name-indeed')).toBe('a-very-long-queue…');
  });
});

describe('leftMarginFor', () => {
  it('makes room on the left for a first slanted label longer than the Y axis and half a band', () => {
    const l = xAxisLayout(['appointment-reminders', 'license-expiry', 'monitoring-minute', 'survey-occurrences', 'system-log-retention'], 190);
    // 18 characters at 40°: about 100 px to the left of the first tick, which sits 28 + 19 px in.
    expect(leftMarginFor(l, 28, 38)).toBeGreaterThan(40);
  });

  it('adds nothing for straight labels', () => {
    expect(leftMarginFor(xAxisLayout(['RPM'], 600), 28, 600)).toBe(0);
  });
});
