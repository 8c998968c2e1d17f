import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { notificationsRootKey } from './keys';

export interface ProcessAlertInput {
  notificationid: number;
  resolutioncomments: string;
}

/** GET pushnotifications/markasprocessed: processes an alert (and the team's copies) with resolution comments. */
export const markAsProcessed = (input: ProcessAlertInput) => call(notifications.markAsProcessed, { query: input });

export function useMarkAsProcessed() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markAsProcessed, onSettled: () => qc.invalidateQueries({ queryKey: notificationsRootKey }) });
}
