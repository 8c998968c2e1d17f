/**
 * Cached session scopes are dropped after a write (lib/session-cache.ts): any handled write but a
 * hub's readings or one declared `changesAccess: false` may have touched sessions, users, offices
 * or assignments, so every process reads its callers' scopes again. Done before the answer is sent
 * (onSend), whether the handler succeeded or failed, so the caller's next request sees the change.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forgetSessions } from '../session-cache';
import { callOf, type RouteConcern } from './types';

/** Calls whose sessions were already dropped: an answer sent twice drops them once. */
const refreshed = new WeakSet<FastifyRequest>();

/** The session refresh concern (onSend), on writes not declared `changesAccess: false`. */
export const sessionRefresh: RouteConcern = (def, ctx) => {
  if (def.method === 'GET' || def.changesAccess === false) { return null; }
  return {
    onSend: async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      const call = callOf(req);
      if (call.handled && !call.asHub && !refreshed.has(req)) {
        refreshed.add(req);
        await forgetSessions(ctx);
      }
      return payload;
    },
  };
};
