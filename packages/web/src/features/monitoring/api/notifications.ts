import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { notifications, type In, type NotificationMinimalPage } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { markAllReadInCaches, markReadInCaches } from './live-updates';

export type MyNotificationsQuery = NonNullable<In<(typeof notifications.getMyPushNotificationsMinimal)['query']>>;
export type WorklistQuery = NonNullable<In<(typeof notifications.getMyPushNotificationsWithPatient)['query']>>;

/**
 * What reading or processing a notification makes stale: every notification read (the bell, the
 * worklist, a patient's alert history, the daily report's alerts, the dashboard's figures).
 */
const notificationReads = [notifications] as const;

const EMPTY: NotificationMinimalPage = { items: [], total: 0, page: 1, pageSize: 0, unreadCount: 0 };

/**
 * GET pushnotifications/getmypushnotifications-minimal: the bell's list (newest first) and unread
 * count. Spec section 8: notification loading errors are ignored (the bell shows an empty list, no
 * error) and the loading flag is cleared.
 */
export function useMyNotifications(query: MyNotificationsQuery, enabled = true) {
  const q = useEndpointQuery(notifications.getMyPushNotificationsMinimal, { query }, { enabled, staleTime: 60_000, retry: false });
  return { ...q, data: q.isError ? EMPTY : q.data };
}

/** How often the office view reloads: its alerts go to the care teams' sockets, not to the admin's. */
const OFFICE_VIEW_REFRESH_MS = 60_000;

/**
 * GET pushnotifications/getmypushnotificationswithpatient: a page of the alert worklist of one
 * office (-1: all). A clinician's own view stays live from the socket (live-updates.ts); the office
 * view of an admin (page `view` 'office') is reloaded every minute instead.
 */
export function useWorklist(office: number, query: WorklistQuery) {
  return useEndpointQuery(
    notifications.getMyPushNotificationsWithPatient,
    { headers: { hospitalid: office }, query },
    { placeholderData: keepPreviousData, refetchInterval: (q) => (q.state.data?.view === 'office' ? OFFICE_VIEW_REFRESH_MS : false) },
  );
}

export interface ProcessAlertInput {
  notificationid: number;
  resolutioncomments: string;
}

/** GET pushnotifications/markasprocessed: processes an alert (and the team's copies) with resolution comments. */
export function useMarkAsProcessed() {
  return useEndpointMutation(notifications.markAsProcessed, { input: (query: ProcessAlertInput) => ({ query }), invalidates: notificationReads, invalidateOn: 'settled' });
}

/** GET pushnotifications/markasread: one of the caller's notifications read (at once in the bell, then confirmed). */
export function useMarkAsRead() {
  const qc = useQueryClient();
  return useEndpointMutation(notifications.markAsRead, {
    input: (notificationId: number) => ({ query: { notificationid: notificationId } }),
    onMutate: (notificationId) => markReadInCaches(qc, [notificationId]),
    invalidates: notificationReads,
    invalidateOn: 'settled',
  });
}

/**
 * "Mark all read" of the bell: one call to GET
 * pushnotifications/markallnotificationsasreadwithuserfornotificationtype without a type, which
 * marks the user's notifications of every type read (answers how many, `updated`).
 */
export function useMarkAllRead() {
  const qc = useQueryClient();
  return useEndpointMutation(notifications.markAllNotificationsAsReadWithUserForNotificationType, {
    input: (userId: number) => ({ query: { userid: userId } }),
    onMutate: () => markAllReadInCaches(qc),
    invalidates: notificationReads,
    invalidateOn: 'settled',
  });
}
