import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { notificationsRootKey } from './keys';
import { markReadInCaches } from './live-updates';

/** GET pushnotifications/markasread: one of the caller's notifications read. */
export const markAsRead = (notificationId: number) => call(notifications.markAsRead, { query: { notificationid: notificationId } });

export function useMarkAsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAsRead,
    onMutate: (notificationId) => markReadInCaches(qc, [notificationId]),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationsRootKey }),
  });
}
