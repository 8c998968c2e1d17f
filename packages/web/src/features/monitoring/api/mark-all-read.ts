import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications, notificationTypeIds } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { notificationsRootKey } from './keys';
import { markAllReadInCaches } from './live-updates';

/**
 * "Mark all read" of the bell: GET pushnotifications/markallnotificationsasreadwithuserfornotificationtype
 * takes one type, so it is called for each notification type (spec section 9) at once.
 */
export async function markAllRead(userId: number): Promise<number> {
  const results = await Promise.all(notificationTypeIds.map((type) => call(notifications.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: userId, type } })));
  return results.reduce((sum, r) => sum + r.updated, 0);
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: () => markAllReadInCaches(qc),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}
