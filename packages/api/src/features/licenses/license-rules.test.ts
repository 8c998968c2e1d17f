import { describe, expect, it } from 'vitest';
import { isLicenseExpired, latestPossiblyExpiredDate, licenseExpiresAt } from './license-rules';

describe('licence expiry in the office time zone', () => {
  it('a licence is valid through its date and expires at the next local midnight (New York, EST)', () => {
    expect(licenseExpiresAt('2026-01-31', 'America/New_York').toISOString()).toBe('2026-02-01T05:00:00.000Z');
    expect(isLicenseExpired('2026-01-31', 'America/New_York', new Date('2026-02-01T04:59:59Z'))).toBe(false);
    expect(isLicenseExpired('2026-01-31', 'America/New_York', new Date('2026-02-01T05:00:00Z'))).toBe(true);
  });

  it('the same date expires at different instants in different offices', () => {
    const now = new Date('2026-07-01T03:00:00Z'); // 23:00 on June 30 in New York, 20:00 in Los Angeles, 05:00 on July 1 in Madrid
    expect(isLicenseExpired('2026-06-30', 'Europe/Madrid', now)).toBe(true);
    expect(isLicenseExpired('2026-06-30', 'America/New_York', now)).toBe(false);
    expect(isLicenseExpired('2026-06-30', 'America/Los_Angeles', now)).toBe(false);
    expect(licenseExpiresAt('2026-06-30', 'America/Los_Angeles').toISOString()).toBe('2026-07-01T07:00:00.000Z');
  });

  it('follows daylight saving time (the night clocks spring forward in New York)', () => {
    // 2026-03-08 is the second Sunday of March: the next midnight is in EDT (UTC-4).
    expect(licenseExpiresAt('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(licenseExpiresAt('2026-03-07', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('handles a zone far east of UTC (Kiritimati, UTC+14) and a bad zone falls back to the default', () => {
    expect(licenseExpiresAt('2026-06-30', 'Pacific/Kiritimati').toISOString()).toBe('2026-06-30T10:00:00.000Z');
    expect(licenseExpiresAt('2026-06-30', 'Not/AZone').toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('the expiry job reads far enough ahead for the earliest time zone', () => {
    const now = new Date('2026-06-30T10:00:00Z'); // midnight starting July 1 in Kiritimati
    expect(latestPossiblyExpiredDate(now)).toBe('2026-06-30');
    expect(isLicenseExpired(latestPossiblyExpiredDate(now), 'Pacific/Kiritimati', now)).toBe(true);
  });
});
