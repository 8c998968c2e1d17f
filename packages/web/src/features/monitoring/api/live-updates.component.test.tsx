import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications, offices, Role, type NotificationWithPatient } from '@vigil/contract';
import { useEndpointQuery } from '../../../lib/endpoint-query';
import { alertOf, officeOf, TEST_OFFICE, userOf } from '../../../testing/fixtures';
import { answer, type ReceivedRequest } from '../../../testing/handlers';
import { fakeRealtime } from '../../../testing/realtime';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { AlertsTable } from '../components/AlertsTable';
import { toWorklistRow, useFreshAlerts, useNotificationLiveUpdates } from './live-updates';

// The worklist kept live from the real-time socket (spec section 4): a pushed alert shows at the
// top at once, marked new, and the list reloads for its values; a processed alert shows who
// processed it; a reconnect reloads what may have been missed.
function LiveWorklist() {
  useNotificationLiveUpdates();
  const fresh = useFreshAlerts();
  const q = useEndpointQuery(notifications.getMyPushNotificationsWithPatient, { headers: { hospitalid: TEST_OFFICE.id }, query: { filtercase: 'TODAY', processed: 'false', sort: 'newest', page: 1, pageSize: 10 } });
  return (
    <AlertsTable rows={q.data?.items} total={q.data?.total} state={{ page: 1, pageSize: 10 }} onChange={() => undefined} loading={q.isFetching} error={q.error} onRetry={() => undefined}
      fresh={new Set(fresh.keys())} showOffice={false} canProcess onProcess={() => undefined} emptyText="No open alerts" />
  );
}

const existing = toWorklistRow(alertOf({ notificationId: 800, NId: 800, AdditionalData: { measuredAt: '2026-03-12T18:00:00.000Z', isSimulated: false, patientFullname: 'Pedro Páramo' } }), TEST_OFFICE.hospitalName);
const page = (items: NotificationWithPatient[]) => ({ items, total: items.length, page: 1, pageSize: 10, view: 'own' as const });

let socket: ReturnType<typeof fakeRealtime> | null = null;
afterEach(() => socket?.detach());

describe('the live worklist', () => {
  it('puts a pushed alert at the top at once, marked new, then reloads the list', async () => {
    const calls: ReceivedRequest[] = [];
    const onServer = [existing];
    server.use(answer(offices.getOffice, officeOf()), answer(notifications.getMyPushNotificationsWithPatient, () => page(onServer), calls));
    socket = fakeRealtime();
    await renderWithProviders(<LiveWorklist />, { user: userOf(Role.NURSE) });
    expect(await screen.findByText('Pedro Páramo')).toBeTruthy();
    expect(calls).toHaveLength(1);
    const pushed = alertOf({ notificationId: 901, NId: 901 });
    onServer.unshift(toWorklistRow(pushed, TEST_OFFICE.hospitalName));
    socket.emit({ type: 'notification', data: pushed });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    // The list reloads in the background (for the values in the user's units); the new alert stays marked.
    await waitFor(() => expect(calls).toHaveLength(2));
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Ana García')).toBeTruthy();
    expect(within(rows[0]!).getByText('New')).toBeTruthy();
    expect(within(rows[1]!).getByText('Pedro Páramo')).toBeTruthy();
    expect(within(rows[1]!).queryByText('New')).toBeNull();
  });

  it('shows who processed an alert as soon as the socket says so', async () => {
    server.use(answer(offices.getOffice, officeOf()), answer(notifications.getMyPushNotificationsWithPatient, page([existing])));
    socket = fakeRealtime();
    await renderWithProviders(<LiveWorklist />, { user: userOf(Role.NURSE) });
    await screen.findByText('Pedro Páramo');
    socket.emit({ type: 'notificationProcessed', data: { notificationIds: [800], measurementId: 88, processedBy: 9, processedByFullname: 'Dana Doctor', processedAt: '2026-03-12T19:50:00.000Z', resolutionComments: 'Called the patient' } });
    expect(await screen.findByText('Processed by Dana Doctor')).toBeTruthy();
    expect(screen.getByText(/Called the patient/)).toBeTruthy();
  });

  it('reloads the list after the socket reconnects', async () => {
    const calls: ReceivedRequest[] = [];
    server.use(answer(offices.getOffice, officeOf()), answer(notifications.getMyPushNotificationsWithPatient, page([existing]), calls));
    socket = fakeRealtime();
    await renderWithProviders(<LiveWorklist />, { user: userOf(Role.NURSE) });
    await screen.findByText('Pedro Páramo');
    socket.emit({ type: 'reconnected' });
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
