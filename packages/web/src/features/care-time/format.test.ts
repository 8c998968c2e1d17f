import { describe, expect, it } from 'vitest';
import { enabledPrograms, formatMmSs, parseMmSs, secondsByProgram } from './format';

describe('care time formats', () => {
  it('shows seconds as MM:SS without capping the minutes', () => {
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(59)).toBe('00:59');
    expect(formatMmSs(1230)).toBe('20:30');
    expect(formatMmSs(7200)).toBe('120:00');
    expect(formatMmSs(null)).toBe('00:00');
  });

  it('reads MM:SS typed by staff, and refuses other shapes', () => {
    expect(parseMmSs('20:30')).toBe(1230);
    expect(parseMmSs(' 5:07 ')).toBe(307);
    expect(parseMmSs('120:00')).toBe(7200);
    expect(parseMmSs('125:00')).toBe(7500);
    expect(parseMmSs('20:60')).toBeNull();
    expect(parseMmSs('20')).toBeNull();
    expect(parseMmSs('')).toBeNull();
  });

  it("offers RPM, RTM and CCM by the office's switches and the other programs always", () => {
    expect(enabledPrograms({ rpmEnabled: true, rtmEnabled: false, ccmEnabled: false })).toEqual(['RPM', 'PCM', 'APCM', 'BHI', 'CPM']);
    expect(enabledPrograms({ rpmEnabled: false, rtmEnabled: true, ccmEnabled: true })).toEqual(['RTM', 'CCM', 'PCM', 'APCM', 'BHI', 'CPM']);
    expect(enabledPrograms(undefined)).toEqual([]);
  });

  it('sums finished time per program (a running timer has no seconds yet)', () => {
    const totals = secondsByProgram([
      { program: 'RPM', seconds: 600 },
      { program: 'RPM', seconds: 30 },
      { program: 'CCM', seconds: null },
      { program: 'CCM', seconds: 1200 },
    ]);
    expect(Object.fromEntries(totals)).toEqual({ RPM: 630, CCM: 1200 });
  });
});
