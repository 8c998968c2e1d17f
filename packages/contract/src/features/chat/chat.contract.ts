import { endpoint } from '../../common/endpoint';
import { chatMessagePageSchema, conversationListSchema, groupMessagesQuerySchema, messagesWithUserQuerySchema } from './chat.schemas';

const tag = 'Notifications';

/**
 * Chat threads (spec section 7, "Notifications and chat"). Messages are notifications of type 1
 * (chat) sent with `sendnotificationtouser` (direct) or `sendnotificationtomedicalteam` (group);
 * `markasread` marks them read. These reads list them as conversations.
 */
export const getMyMessagesWithUser = endpoint({
  method: 'GET',
  path: 'pushnotifications/getmymessageswithuser',
  tag,
  summary:
    'The direct chat messages between the caller and user `userid` (a user the caller may see; 404 otherwise), newest first, paged, with each one\'s state (delivered / read)',
  permission: 'notifications.read',
  query: messagesWithUserQuerySchema,
  response: chatMessagePageSchema,
  audit: { resource: 'Communication', record: { kind: 'user', key: 'query.userid' } },
});

export const getMyMessagesWithUserOnlyGroupMessages = endpoint({
  method: 'GET',
  path: 'pushnotifications/getmymessageswithuseronlygroupmessages',
  tag,
  summary:
    "The group chat messages of medical team `medicalteamid` (a team of the caller's offices; 404 otherwise) that the caller received or sent, newest first, paged; a message the caller sent is read once every member read it",
  permission: 'notifications.read',
  query: groupMessagesQuerySchema,
  response: chatMessagePageSchema,
  audit: { resource: 'Communication', record: { kind: 'medicalTeam', key: 'query.medicalteamid' } },
});

/** Chosen (the spec does not name it): the messages panel's conversation list and the navigation's unread count. */
export const getMyConversations = endpoint({
  method: 'GET',
  path: 'pushnotifications/getmyconversations',
  tag,
  summary:
    "Chosen: the caller's chat conversations (direct and medical-team groups), most recent first (at most 100), each with its last message and unread count, and the caller's unread chat messages in all",
  permission: 'notifications.read',
  response: conversationListSchema,
  audit: { resource: 'Communication' },
});
