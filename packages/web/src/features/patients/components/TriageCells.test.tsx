import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { offices, Role } from '@vigil/contract';
import { answer } from '../../../testing/handlers';
import { officeOf, userOf } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { LastReadingCell, type Triage } from './TriageCells';

const triage = (measuredAt: string): Triage => ({
  lastReading: { measuredAt, severity: 0, deviceType: 'BLOOD_PRESSURE' },
  readingDays: 3,
  devicePeriod: null,
  careSeconds: 0,
  openAlerts: { critical: 0, caution: 0 },
  programs: ['RPM'],
} as Triage);

// /patients' last-reading column (docs/patient-list.md): the office's clock, labelled with its zone,
// whatever the browser's (the test browser is in Los Angeles, testing/setup.ts).
describe('the last reading of a /patients row', () => {
  it("shows the New York office's time with its zone to a browser in Los Angeles", async () => {
    server.use(answer(offices.getOffice, officeOf({ timeZone: 'America/New_York' })));
    await renderWithProviders(<LastReadingCell triage={triage('2026-03-12T19:45:00.000Z')} />, { user: userOf(Role.NURSE) });
    expect(await screen.findByText('Mar 12, 2026, 3:45 PM EDT')).toBeTruthy();
    expect(screen.queryByText(/12:45/)).toBeNull();
  });

  it('shows it in Spanish with the offset', async () => {
    server.use(answer(offices.getOffice, officeOf({ timeZone: 'America/New_York' })));
    await renderWithProviders(<LastReadingCell triage={triage('2026-03-12T19:45:00.000Z')} />, { user: userOf(Role.NURSE), lang: 'es' });
    expect(await screen.findByText('12 mar 2026, 15:45 GMT-4')).toBeTruthy();
  });
});
