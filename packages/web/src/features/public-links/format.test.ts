import { describe, expect, it } from 'vitest';
import { formatLongDateTime } from '../../lib/calendar';
import { formatLinkPeriod } from './format';

// The staff list and the public report format a link's period and expiry with these same
// functions, in the office's zone and naming it (docs/dates.md, "Share links").
describe('share link dates', () => {
  const start = '2026-03-12T04:00:00.000Z'; // midnight in New York (EDT)
  const end = '2026-04-12T03:59:59.999Z';
  it('shows the period in the office calendar with the zone, in Spanish as Spanish dates', () => {
    expect(formatLinkPeriod(start, end, 'es', 'America/New_York')).toBe('12 de marzo de 2026 – 11 de abril de 2026 (America/New York)');
    expect(formatLinkPeriod(start, end, 'en', 'America/New_York')).toBe('March 12, 2026 – April 11, 2026 (America/New York)');
    // The same instants in another office's zone are other calendar days.
    expect(formatLinkPeriod(start, end, 'en', 'America/Los_Angeles')).toBe('March 11, 2026 – April 11, 2026 (America/Los Angeles)');
  });
  it("shows the expiry with the zone's name", () => {
    expect(formatLongDateTime('2026-04-09T19:00:00.000Z', 'en', 'America/New_York')).toMatch(/^April 9, 2026.* 3:00\sPM EDT$/);
    expect(formatLongDateTime('2026-04-09T19:00:00.000Z', 'es', 'America/New_York')).toMatch(/^9 de abril de 2026.* 15:00 GMT-4$/);
  });
});
