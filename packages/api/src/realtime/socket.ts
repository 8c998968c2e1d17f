import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { auth, can, SOCKET_PATH, socketGuestInitMessageSchema, socketInitMessageSchema, type SocketServerMessage } from '@vigil/contract';
import type { AppContext } from '../context';
import type { Scope } from '../db/scope';
import { loggableError } from '../lib/loggable-error';
import type { SessionResolver } from '../lib/session-cache';
import { CloseCode, type RealtimeClient } from './realtime';
import { findLiveInvitationIds, findLiveSessionIds } from './realtime.repo';

/** Largest message a browser may send: a visit's WebRTC offer (SDP up to 30,000 characters, docs/video-visits.md); the init message is about 150 bytes. */
const MAX_CLIENT_MESSAGE_BYTES = 48 * 1024;

/**
 * What a feature adds to the socket (app.ts passes the visits' signaling,
 * features/appointments/visit-signaling.ts): a second kind of principal (a visit's guest with an
 * invitation token) and the `{ type: 'visit' }` messages. `P` is the feature's own principal.
 */
export interface SocketRooms<P = unknown> {
  /** The guest principal of an invitation token, or null (refused). */
  resolveGuest(token: string): Promise<{ principal: P; userId: number; invitationId: number; appointmentId: number } | null>;
  /** The principal of a staff socket. */
  staff(scope: Scope): P;
  /** Handles one `{ type: 'visit' }` message of a ready socket. */
  onMessage(client: RealtimeClient, principal: P, message: unknown): Promise<void>;
  /** The socket closed: leave its rooms. */
  onClose(client: RealtimeClient): Promise<void>;
}

export interface SocketOptions {
  /** The visit rooms' signaling; without it, guest inits are refused and visit messages ignored. */
  rooms?: SocketRooms;
  /** How often open sockets' sessions are checked (and dead sockets pinged out); 30 s by default. */
  sessionCheckMs?: number;
  /** How long a new socket may wait before its init message; 10 s by default. */
  initTimeoutMs?: number;
}

const OPEN = 1;

/**
 * The real-time socket of spec section 7 at `GET /api/ws`.
 *
 * The route is `public` for the access gate because a browser's WebSocket cannot send the
 * SessionGuid header: authentication happens in the first message instead. The browser sends
 * `{ type: 'init', sessionToken, userId }`; the server resolves the session (the same rule as every
 * API call: not ended, not expired, not idle too long, active user), checks that `userId` is the
 * session's user and that the role reads notifications, answers `{ type: 'ready' }` and from then on
 * pushes `{ type: 'notification', data }` for the user's new notifications. A bad or late init
 * closes the socket with code 4401; nothing else is served before a good init.
 *
 * The socket closes (code 4001) when its session ends: at once on `auth/signout` (in every API
 * process, through the bus), and otherwise at the periodic check (every 30 s: expiry, idle limit,
 * password change, disabled user). The check does not refresh the idle clock, so an open tab does
 * not keep a session alive. Messages that are not JSON are ignored silently (spec section 8);
 * `{ type: 'ping' }` is answered with `{ type: 'pong' }`; other messages are ignored.
 *
 * A visit's guest (docs/video-visits.md) opens the same socket with
 * `{ type: 'guestInit', invitation }` instead: the invitation token travels in that first message,
 * never in the URL; a bad, expired or revoked token (or a closed visit) closes the socket with 4401.
 * The guest gets only its visit's room messages, and its socket closes (4001) when the invitation
 * is revoked or expires. Once ready, staff and guests exchange `{ type: 'visit' }` signaling
 * messages (features/appointments/visit-signaling.ts).
 */
export async function registerRealtimeSocket(app: FastifyInstance, ctx: AppContext, resolveSession: SessionResolver, opts: SocketOptions = {}): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  const initTimeoutMs = opts.initTimeoutMs ?? 10_000;

  app.route({
    method: 'GET',
    url: SOCKET_PATH,
    websocket: true,
    config: { public: true },
    handler: (socket: WebSocket) => {
      let state: 'pending' | 'checking' | 'ready' | 'closed' = 'pending';
      let detach: (() => void) | null = null;
      let principal: unknown = null;
      let registered: RealtimeClient | null = null;
      let alive = true;
      const send = (message: SocketServerMessage) => {
        if (socket.readyState === OPEN) { socket.send(JSON.stringify(message)); }
      };
      const refuse = (reason: string) => {
        state = 'closed';
        socket.close(CloseCode.BAD_INIT, reason);
      };
      const initTimer = setTimeout(() => {
        if (state === 'pending' || state === 'checking') { refuse('init timeout'); }
      }, initTimeoutMs);

      const init = async (raw: unknown) => {
        const parsed = socketInitMessageSchema.safeParse(raw);
        if (!parsed.success) { return refuse('bad init'); }
        const resolved = await resolveSession(ctx, parsed.data.sessionToken);
        if (state !== 'checking') { return; } // closed meanwhile
        if (!resolved || resolved.scope.userId !== parsed.data.userId || !can(resolved.scope.role, 'notifications.read')) { return refuse('bad init'); }
        ready(opts.rooms?.staff(resolved.scope) ?? null, { userId: resolved.scope.userId, sessionId: resolved.scope.sessionId });
      };

      const guestInit = async (raw: unknown) => {
        const parsed = socketGuestInitMessageSchema.safeParse(raw);
        if (!parsed.success) { return refuse('bad init'); }
        const guest = opts.rooms ? await opts.rooms.resolveGuest(parsed.data.invitation) : null;
        if (state !== 'checking') { return; } // closed meanwhile
        if (!guest) { return refuse('bad init'); }
        ready(guest.principal, { userId: guest.userId, sessionId: 0, guest: { invitationId: guest.invitationId, appointmentId: guest.appointmentId } });
      };

      const ready = (who: unknown, identity: Pick<RealtimeClient, 'userId' | 'sessionId' | 'guest'>) => {
        clearTimeout(initTimer);
        state = 'ready';
        principal = who;
        const client: RealtimeClient = {
          ...identity,
          send: (text) => {
            if (socket.readyState === OPEN) { socket.send(text); }
          },
          close: (code, reason) => {
            state = 'closed';
            socket.close(code, reason);
          },
          heartbeat: () => {
            if (!alive) {
              socket.terminate();
              return;
            }
            alive = false;
            socket.ping();
          },
        };
        registered = client;
        detach = ctx.realtime.attach(client);
        send({ type: 'ready' });
      };

      socket.on('pong', () => {
        alive = true;
      });
      socket.on('message', (data: RawData) => {
        let message: unknown;
        try {
          message = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
        } catch {
          return; // spec section 8: socket message parse errors are ignored silently
        }
        if (!message || typeof message !== 'object') { return; }
        const type = (message as { type?: unknown }).type;
        if (type === 'ping') { return send({ type: 'pong' }); }
        if ((type === 'init' || type === 'guestInit') && state === 'pending') {
          state = 'checking';
          (type === 'init' ? init(message) : guestInit(message)).catch((err: unknown) => {
            ctx.log.error({ err: loggableError(err) }, 'realtime: init failed');
            refuse('bad init');
          });
          return;
        }
        if (type === 'visit' && state === 'ready' && registered && opts.rooms) {
          opts.rooms
            .onMessage(registered, principal, message).catch((err: unknown) => ctx.log.error({ err: loggableError(err) }, 'realtime: visit message failed'));
        }
      });
      socket.on('close', () => {
        state = 'closed';
        clearTimeout(initTimer);
        detach?.();
        detach = null;
        if (registered && opts.rooms) { opts.rooms.onClose(registered).catch((err: unknown) => ctx.log.error({ err: loggableError(err) }, 'realtime: leaving the visit rooms failed')); }
      });
      socket.on('error', () => socket.terminate());
    },
  });

  // Sign-out closes the session's sockets at once, in every API process.
  const signOutUrl = '/api/' + auth.signOut.path;
  app.addHook('onResponse', async (req, reply) => {
    if (req.scope && reply.statusCode === 200 && req.routeOptions.url === signOutUrl) { await ctx.realtime.endSession(req.scope.sessionId); }
  });

  let running = false;
  const timer = setInterval(() => {
    if (running) { return; }
    running = true;
    checkSocketSessions(ctx)
      .catch((err: unknown) => ctx.log.error({ err: loggableError(err) }, 'realtime: session check failed'))
      .finally(() => {
        running = false;
      });
  }, opts.sessionCheckMs ?? 30_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * The periodic check: closes (4001) every socket of this process whose session (or, for a guest,
 * whose invitation) is no longer live and pings the others (a socket that did not answer the
 * previous ping is terminated).
 */
export async function checkSocketSessions(ctx: AppContext): Promise<void> {
  const clients = ctx.realtime.clients();
  if (clients.length === 0) { return; }
  const staff = clients.filter((c) => !c.guest);
  const guests = clients.filter((c) => c.guest);
  const live = await findLiveSessionIds(ctx.db, [...new Set(staff.map((c) => c.sessionId))], ctx.config.sessionIdleMinutes);
  const liveInvitations = await findLiveInvitationIds(ctx.db, [...new Set(guests.map((c) => c.guest!.invitationId))]);
  for (const client of clients) {
    const ok = client.guest ? liveInvitations.has(client.guest.invitationId) : live.has(client.sessionId);
    if (!ok) { client.close(CloseCode.SESSION_ENDED, 'session ended'); }
    else { client.heartbeat(); }
  }
}
