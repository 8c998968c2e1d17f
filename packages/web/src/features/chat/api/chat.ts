import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chat, notifications, NotificationType, type ChatMessagePage } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/endpoint-keys';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { useRealtimeEvent } from '../../../lib/use-realtime';

/** Messages a thread shows (the newest; older ones with "show older"). */
export const THREAD_PAGE_SIZE = 50;

/** Every chat read: the conversation list and both kinds of thread (the bell lists chat too). */
const chatReads = [chat, notifications.getMyPushNotificationsMinimal] as const;

/** Chosen GET pushnotifications/getmyconversations: the panel's conversations and the unread total (the header's badge). */
export function useConversations(enabled = true) {
  return useEndpointQuery(chat.getMyConversations, {}, { enabled, staleTime: 60_000, retry: false });
}

/** GET pushnotifications/getmymessageswithuser: the direct thread with `userId`, newest first. */
export function useDirectThread(userId: number | null, pageSize = THREAD_PAGE_SIZE) {
  return useEndpointQuery(chat.getMyMessagesWithUser, { query: { userid: userId ?? 0, page: 1, pageSize } }, { enabled: userId !== null });
}

/** GET pushnotifications/getmymessageswithuseronlygroupmessages: a medical team's group thread, newest first. */
export function useGroupThread(teamId: number | null, pageSize = THREAD_PAGE_SIZE) {
  return useEndpointQuery(chat.getMyMessagesWithUserOnlyGroupMessages, { query: { medicalteamid: teamId ?? 0, page: 1, pageSize } }, { enabled: teamId !== null });
}

/** POST pushnotifications/sendnotificationtouser with type 1 (chat): a direct message. */
export function useSendDirectMessage() {
  return useEndpointMutation(notifications.sendNotificationToUser, {
    input: (v: { userId: number; text: string }) => ({ body: { userId: v.userId, notificationMsg: v.text, notificationTypeId: NotificationType.CHAT } }),
    invalidates: chatReads,
  });
}

/** POST pushnotifications/sendnotificationtomedicalteam with type 1 (chat): a message to a patient's medical team. */
export function useSendTeamMessage() {
  return useEndpointMutation(notifications.sendNotificationToMedicalTeam, {
    input: (v: { medicalTeamId: number; text: string }) => ({ body: { medicalTeamId: v.medicalTeamId, message: v.text, notificationTypeId: NotificationType.CHAT } }),
    invalidates: chatReads,
  });
}

/**
 * GET pushnotifications/markasread for each received, unread message of an open thread (spec
 * section 4: a message is read after markasread); the sender's thread turns them read live.
 */
export function useMarkThreadRead() {
  const qc = useQueryClient();
  // One function for the client's lifetime: the thread's effect depends on it.
  return useCallback(
    async (page: ChatMessagePage | undefined) => {
      const unread = (page?.items ?? []).filter((m) => !m.mine && !m.isRead);
      if (unread.length === 0) { return; }
      await Promise.allSettled(unread.map((m) => call(notifications.markAsRead, { query: { notificationid: m.messageId } })));
      await invalidateEndpoints(qc, chatReads);
    },
    [qc],
  );
}

/**
 * Keeps the chat live from the real-time socket (rendered once in the layout): a pushed chat
 * message (a notification of type 1) reloads the conversations and threads; a read receipt
 * (`messageRead`) reloads the threads, so the sender sees "read". After a reconnect everything
 * is reloaded (what was pushed meanwhile was missed).
 */
export function useChatLiveUpdates(): void {
  const qc = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type === 'notification' && event.data.notificationTypeId === NotificationType.CHAT) { void invalidateEndpoints(qc, [chat]); }
    else if (event.type === 'messageRead') { void invalidateEndpoints(qc, [chat]); }
    else if (event.type === 'reconnected') { void invalidateEndpoints(qc, [chat]); }
  });
}
