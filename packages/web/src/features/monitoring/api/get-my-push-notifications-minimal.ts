import { useQuery } from '@tanstack/react-query';
import { notifications, type NotificationMinimalPage } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { myNotificationsKey, type MyNotificationsQuery } from './keys';

/** GET pushnotifications/getmypushnotifications-minimal: the caller's notifications (newest first) and unread count. */
export const fetchMyNotifications = (query: MyNotificationsQuery) => call(notifications.getMyPushNotificationsMinimal, { query });

const EMPTY: NotificationMinimalPage = { items: [], total: 0, page: 1, pageSize: 0, unreadCount: 0 };

/**
 * The bell's list. Spec section 8: notification loading errors are ignored (the bell shows an
 * empty list, no error) and the loading flag is cleared.
 */
export function useMyNotifications(query: MyNotificationsQuery, enabled = true) {
  return useQuery({
    queryKey: myNotificationsKey(query),
    queryFn: () => fetchMyNotifications(query).catch(() => EMPTY),
    enabled,
    staleTime: 60_000,
  });
}
