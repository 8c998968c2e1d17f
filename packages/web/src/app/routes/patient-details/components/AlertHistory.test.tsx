import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifications, offices, Role } from '@vigil/contract';
import { toWorklistRow } from '../../../../features/monitoring/api/live-updates';
import { alertOf, officeOf, userOf } from '../../../../testing/fixtures';
import { answer, type ReceivedRequest } from '../../../../testing/handlers';
import { renderWithProviders } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import { AlertHistory } from './AlertHistory';

// The patient page's alert history: each alert's time in the office's zone, labelled, as the
// readings cards show it (the test browser is in Los Angeles, the office in New York).
describe("a patient's alert history", () => {
  it("shows when each reading was measured in the office's time with its zone", async () => {
    const calls: ReceivedRequest[] = [];
    const row = toWorklistRow(alertOf(), 'Clínica Hudson');
    server.use(
      answer(offices.getOffice, officeOf({ timeZone: 'America/New_York' })),
      answer(notifications.getMyPushNotificationsWithPatient, { items: [row], total: 1, page: 1, pageSize: 10, view: 'own' }, calls),
    );
    await renderWithProviders(<AlertHistory patientId={53} />, { user: userOf(Role.NURSE) });
    expect(await screen.findByText('Mar 12, 2026, 3:45 PM EDT')).toBeTruthy();
    expect(screen.queryByText(/12:45/)).toBeNull();
    // The list asked is this patient's (the worklist's patientid filter), newest first.
    expect(calls[0]).toMatchObject({ headers: { patientid: '53' }, query: { sort: 'newest' } });
  });
});
