import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { notificationsRootKey } from './keys';
import { markAllReadInCaches } from './live-updates';

/**
 * "Mark all read" of the bell: one call to GET
 * pushnotifications/markallnotificationsasreadwithuserfornotificationtype without a type, which
 * marks the user's notifications of every type read. Answers how many were marked.
 */
export async function markAllRead(userId: number): Promise<number> {
  const result = await call(notifications.markAllNotificationsAsReadWithUserForNotificationType, { query: { userid: userId } });
  return result.updated;
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: () => markAllReadInCaches(qc),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}
