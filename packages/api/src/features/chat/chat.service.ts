import { randomUUID } from 'node:crypto';
import {
  CONVERSATIONS_MAX,
  NotificationType,
  type ChatMessage,
  type ChatMessagePage,
  type ConversationList,
  type GroupMessagesQuery,
  type MessagesWithUserQuery,
} from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { loggableError } from '../../lib/loggable-error';
import * as repo from './chat.repo';
import { tenantDb } from '../../db/handles';

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

function toMessage(scope: Scope, r: repo.ThreadRow, group: boolean): ChatMessage {
  const mine = r.from_user_id === scope.userId;
  const recipients = Number(r.recipients);
  const readCount = Number(r.read_count);
  return {
    messageId: Number(r.id),
    fromUserId: r.from_user_id,
    fromUserFullname: fullName(r.from_first_name, r.from_last_name),
    toUserId: mine && group ? null : r.to_user_id,
    medicalTeamId: group ? r.medical_team_id : null,
    message: r.message_en,
    timestamp: iso(r.created_at),
    mine,
    status: (mine ? readCount >= recipients : r.is_read) ? 'read' : 'delivered',
    isRead: r.is_read,
    readAt: r.read_at === null ? null : iso(r.read_at),
    readCount,
    recipients,
  };
}

function pageOf(scope: Scope, rows: repo.ThreadRow[], q: { page: number; pageSize: number }, group: boolean): ChatMessagePage {
  return { items: rows.map((r) => toMessage(scope, r, group)), total: Number(rows[0]?.total ?? 0), page: q.page, pageSize: q.pageSize };
}

/**
 * `GET pushnotifications/getmymessageswithuser`: the direct chat messages (type 1) between the
 * caller and `userid`, newest first, paged. A message the caller sent is `read` once the recipient
 * marked it read, else `delivered` (spec section 4; "sent" is the browser's own state before the
 * server answers). 404 when `userid` is not a user the caller may see (another office or
 * organization): a conversation outside the caller's scope does not exist for them.
 */
export async function findMessagesWithUser(ctx: AppContext, scope: Scope, q: MessagesWithUserQuery): Promise<ChatMessagePage> {
  const other = await repo.getVisibleUser(tenantDb(scope, ctx.db), q.userid);
  if (!other) { throw AppError.notFound(); }
  return pageOf(scope, await repo.findDirectThread(tenantDb(scope, ctx.db), other.id, q), q, false);
}

/**
 * `GET pushnotifications/getmymessageswithuseronlygroupmessages`: the group chat messages of
 * medical team `medicalteamid` that the caller received or sent, newest first, paged; a message the
 * caller sent shows once, `read` when every member who got it read it. 404 when the team is not of
 * the caller's offices.
 */
export async function findGroupMessages(ctx: AppContext, scope: Scope, q: GroupMessagesQuery): Promise<ChatMessagePage> {
  const team = await repo.getTeamInScope(tenantDb(scope, ctx.db), q.medicalteamid);
  if (!team) { throw AppError.notFound(); }
  return pageOf(scope, await repo.findGroupThread(tenantDb(scope, ctx.db), team.id, q), q, true);
}

/**
 * Chosen `GET pushnotifications/getmyconversations`: the caller's direct and team conversations,
 * most recent first (at most CONVERSATIONS_MAX), each with its last message and unread count, and
 * the unread chat messages of all of them (the navigation's badge). Conversations with people or
 * teams no longer in the caller's scope are left out.
 */
export async function findConversations(ctx: AppContext, scope: Scope): Promise<ConversationList> {
  const rows = await repo.findConversations(tenantDb(scope, ctx.db), CONVERSATIONS_MAX);
  return {
    unreadTotal: Number(rows[0]?.unread_total ?? 0),
    items: rows.map((r) => ({
      kind: r.kind,
      userId: r.kind === 'user' ? r.other_id : null,
      medicalTeamId: r.kind === 'team' ? r.medical_team_id : null,
      title: fullName(r.title_first, r.title_last),
      lastMessage: r.message_en,
      lastFromMe: r.from_me,
      lastAt: iso(r.created_at),
      unread: Number(r.unread),
    })),
  };
}

/** The key the copies of one group chat message share (stored in notifications.dedupe_key). */
export function newGroupMessageKey(): string {
  return `chat:${randomUUID()}`;
}

/**
 * Tells a chat message's sender, on the socket, that a recipient read it (`messageRead`, with the
 * id the sender's thread shows). Call it after the read is committed; other notification types and
 * messages without a sender are skipped. Never throws: a lost event is recovered when the thread reloads.
 */
export async function publishMessageRead(
  ctx: AppContext,
  row: { id: number; notificationTypeId: number; fromUserId: number | null; toUserId: number; dedupeKey: string | null; isGroupNotification: boolean; medicalTeamId: number | null; readAt: Date | null },
): Promise<void> {
  if (row.notificationTypeId !== NotificationType.CHAT || row.fromUserId === null) { return; }
  try {
    const messageId = await repo.senderMessageId(ctx.db, row);
    await ctx.realtime.publish([
      {
        userId: row.fromUserId,
        message: {
          type: 'messageRead',
          data: { messageId, readerId: row.toUserId, medicalTeamId: row.isGroupNotification ? row.medicalTeamId : null, readAt: (row.readAt ?? new Date()).toISOString() },
        },
      },
    ]);
  } catch (err) {
    ctx.log.warn({ err: loggableError(err) }, 'chat: could not publish a read receipt');
  }
}
