import type { FastifyInstance } from 'fastify';
import { chat } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './chat.service';

/**
 * Chat threads of spec section 7, "Notifications and chat" (sending and marking read are the
 * notifications feature's endpoints), and the chosen conversation list of the messages panel.
 */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, chat, {
    getMyMessagesWithUser: ({ scope, query }) => service.findMessagesWithUser(ctx, scope, query),
    getMyMessagesWithUserOnlyGroupMessages: ({ scope, query }) => service.findGroupMessages(ctx, scope, query),
    getMyConversations: ({ scope }) => service.findConversations(ctx, scope),
  });
}
