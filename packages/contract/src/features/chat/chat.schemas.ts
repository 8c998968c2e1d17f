import { z } from 'zod';
import { pageOf } from '../../common/envelope';
import { idSchema, intTextSchema } from '../../common/ids';

const iso = z.string(); // ISO 8601 instant

/**
 * A chat message (notification type 1, spec section 9) as one side of its conversation sees it.
 * `messageId` is the caller's own copy for a received message; for a message the caller sent to a
 * medical team (one stored copy per member) it is the first copy. States (spec section 4): the
 * browser shows "sent" after its local add and "delivered" once the server has answered; stored
 * messages are `delivered`, or `read` once the recipient marked them read (`markasread`; for a team
 * message, once every member did). `readCount` / `recipients` count the team's copies (1 / 1 for a
 * direct message).
 */
export const chatMessageSchema = z.object({
  messageId: z.number().int(),
  fromUserId: z.number().int().nullable(),
  fromUserFullname: z.string(),
  /** the recipient of a direct message; null for a team message the caller sent */
  toUserId: z.number().int().nullable(),
  medicalTeamId: z.number().int().nullable(),
  message: z.string(),
  timestamp: iso,
  /** the caller sent it */
  mine: z.boolean(),
  status: z.enum(['delivered', 'read']),
  /** a received message: the caller's copy is read */
  isRead: z.boolean(),
  readAt: iso.nullable(),
  readCount: z.number().int(),
  recipients: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A thread page: newest first. */
export const chatMessagePageSchema = pageOf(chatMessageSchema);
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

/** Most messages a thread page holds. */
export const CHAT_PAGE_MAX = 100;

const threadPage = {
  page: intTextSchema(1, 100_000).default(1),
  pageSize: intTextSchema(1, CHAT_PAGE_MAX).default(50),
};

/** `getmymessageswithuser`: the other person of a direct conversation. */
export const messagesWithUserQuerySchema = z.object({ userid: idSchema, ...threadPage });
export type MessagesWithUserQuery = z.infer<typeof messagesWithUserQuerySchema>;

/** `getmymessageswithuseronlygroupmessages`: the medical team whose group messages to read. */
export const groupMessagesQuerySchema = z.object({ medicalteamid: idSchema, ...threadPage });
export type GroupMessagesQuery = z.infer<typeof groupMessagesQuerySchema>;

/**
 * One conversation of the messages panel: a direct conversation with a user (`kind` 'user',
 * `userId`) or a medical team's group (`kind` 'team', `medicalTeamId`, titled by the team's patient),
 * with its last message and the caller's unread messages in it.
 */
export const conversationSchema = z.object({
  kind: z.enum(['user', 'team']),
  userId: z.number().int().nullable(),
  medicalTeamId: z.number().int().nullable(),
  title: z.string(),
  lastMessage: z.string(),
  lastFromMe: z.boolean(),
  lastAt: iso,
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Most conversations the panel lists (most recent first). */
export const CONVERSATIONS_MAX = 100;

/** The messages panel: the caller's recent conversations and their unread chat messages in all. */
export const conversationListSchema = z.object({
  unreadTotal: z.number().int(),
  items: z.array(conversationSchema),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/**
 * Socket event to a message's sender when its recipient marks it read (`markasread`): the sender's
 * thread turns the message "read" live. `messageId` is the id the sender's thread shows.
 */
export const messageReadEventSchema = z.object({
  messageId: z.number().int(),
  readerId: z.number().int(),
  medicalTeamId: z.number().int().nullable(),
  readAt: iso,
});
export type MessageReadEvent = z.infer<typeof messageReadEventSchema>;

/** The chat's socket messages (added to the socket's server messages). */
export type ChatSocketMessage = { type: 'messageRead'; data: MessageReadEvent };
