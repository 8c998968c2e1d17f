import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { offices, Role } from '@vigil/contract';
import { toWorklistRow } from '../api/live-updates';
import { alertOf, officeOf, userOf } from '../../../testing/fixtures';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { AlertsTable } from './AlertsTable';

// The /monitoring worklist's time column: relative ("… ago") with the exact time of the office,
// labelled with its zone, for screen readers and in the tooltip (the test browser is in Los Angeles).
describe('the time of a /monitoring worklist row', () => {
  it("is the New York office's time with its zone, not the browser's", async () => {
    server.use(answer(offices.getOffice, officeOf({ timeZone: 'America/New_York' })));
    const row = toWorklistRow(alertOf({ AdditionalData: { measuredAt: '2026-03-12T19:45:00.000Z', isSimulated: false, patientFullname: 'Ana García' } }), 'Clínica Hudson');
    await renderWithProviders(
      <AlertsTable rows={[row]} total={1} state={{ page: 1, pageSize: 10 }} onChange={() => undefined} loading={false} error={null} onRetry={() => undefined} fresh={new Set()} showOffice={false} canProcess onProcess={() => undefined} emptyText="none" />,
      { user: userOf(Role.NURSE) },
    );
    const time = await screen.findByText(/\(Mar 12, 2026, 3:45 PM EDT\)/);
    expect(time.closest('time')?.getAttribute('datetime')).toBe('2026-03-12T19:45:00.000Z');
    expect(screen.queryByText(/12:45/)).toBeNull();
  });
});
