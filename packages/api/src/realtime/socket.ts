import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { auth, can, SOCKET_PATH, socketGuestInitMessageSchema, socketInitMessageSchema, type SocketServerMessage } from '@vigil/contract';
import type { AppContext } from '../context';
import type { Scope } from '../db/scope';
import { loggableError } from '../lib/loggable-error';
import { countFailedGuess, guessesExhausted } from '../lib/guess-limit';
import type { SessionResolver } from '../lib/session-cache';
import { CloseCode, type RealtimeClient } from './realtime';
import { findLiveInvitationIds, findLiveSessionIds } from './realtime.repo';

/** Largest message relayed: a visit's WebRTC offer (SDP up to 30,000 characters, docs/video-visits.md); the init message is about 150 bytes. A larger one is dropped with `{ type: 'error', code: 'messageTooLarge' }`. */
export const MAX_CLIENT_MESSAGE_BYTES = 48 * 1024;
/** Past this the WebSocket layer closes the socket (1009) without reading the message. */
const MAX_FRAME_BYTES = 256 * 1024;

/**
 * Messages a socket may send (docs/video-visits.md "Signaling"): `perSecond` on average, bursts
 * of `burst` (a token bucket; a call's start sends an offer and a few dozen ICE candidates at once).
 * A message past it is dropped with `{ type: 'error', code: 'rateLimited' }`; a socket with more
 * than `maxDrops` dropped messages in `dropWindowMs` is closed with 1008 (policy violation).
 */
export const SOCKET_MESSAGE_LIMIT = { perSecond: 20, burst: 60, maxDrops: 100, dropWindowMs: 10_000 } as const;

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
  /** Re-checks the rooms the socket joined against the principal's current access; leaves those it may no longer enter. */
  recheck?(client: RealtimeClient, principal: P): Promise<void>;
}

export interface SocketOptions {
  /** The visit rooms' signaling; without it, guest inits are refused and visit messages ignored. */
  rooms?: SocketRooms;
  /** How often open sockets' sessions are checked (and dead sockets pinged out); 30 s by default. */
  sessionCheckMs?: number;
  /** How long a new socket may wait before its init message; 10 s by default. */
  initTimeoutMs?: number;
  /** The message limit per socket; `SOCKET_MESSAGE_LIMIT` by default. */
  messageLimit?: { perSecond: number; burst: number; maxDrops: number; dropWindowMs: number };
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
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const initTimeoutMs = opts.initTimeoutMs ?? 10_000;
  const limit = opts.messageLimit ?? SOCKET_MESSAGE_LIMIT;

  app.route({
    method: 'GET',
    url: SOCKET_PATH,
    websocket: true,
    config: { public: true },
    handler: (socket: WebSocket, req: FastifyRequest) => {
      let state: 'pending' | 'checking' | 'ready' | 'closed' = 'pending';
      let detach: (() => void) | null = null;
      let principal: unknown = null;
      let registered: RealtimeClient | null = null;
      let alive = true;
      // the message limit's token bucket and the dropped messages of the current window
      let tokens: number = limit.burst;
      let refilledAt = Date.now();
      let drops = 0;
      let dropWindowStart = refilledAt;
      let lastErrorAt = 0;
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

      // An invitation sent in guestInit meets the failed-guess budget of every public token lookup
      // (lib/guess-limit.ts): a guesser gains nothing by opening sockets instead of calling the API.
      const guestInit = async (raw: unknown) => {
        const parsed = socketGuestInitMessageSchema.safeParse(raw);
        if (!parsed.success) { return refuse('bad init'); }
        // The client's address as fastify's trustProxy reads it (none on an injected test socket).
        const address = req.ip ?? 'unknown';
        if ((await guessesExhausted(ctx, address)) !== null) { return refuse('too many attempts'); }
        const guest = opts.rooms ? await opts.rooms.resolveGuest(parsed.data.invitation) : null;
        if (!guest) { await countFailedGuess(ctx, address); }
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
        if (opts.rooms?.recheck) {
          const recheck = opts.rooms.recheck;
          client.recheck = () => recheck(client, principal).catch((err: unknown) => ctx.log.error({ err: loggableError(err) }, 'realtime: re-checking the visit rooms failed'));
        }
        registered = client;
        detach = ctx.realtime.attach(client);
        send({ type: 'ready' });
      };

      socket.on('pong', () => {
        alive = true;
      });
      /** Drops a message with an error event (at most one a second), and closes an abusive socket. */
      const drop = (code: 'rateLimited' | 'messageTooLarge', now: number) => {
        if (now - dropWindowStart > limit.dropWindowMs) {
          dropWindowStart = now;
          drops = 0;
        }
        drops += 1;
        if (drops > limit.maxDrops) {
          state = 'closed';
          socket.close(CloseCode.POLICY_VIOLATION, 'too many messages');
          return;
        }
        if (now - lastErrorAt >= 1000 || code === 'messageTooLarge') {
          lastErrorAt = now;
          send({ type: 'error', code });
        }
      };
      socket.on('message', (data: RawData) => {
        if (state === 'closed') { return; }
        const now = Date.now();
        tokens = Math.min(limit.burst, tokens + ((now - refilledAt) / 1000) * limit.perSecond);
        refilledAt = now;
        if (tokens < 1) { return drop('rateLimited', now); }
        tokens -= 1;
        const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
        if (bytes.length > MAX_CLIENT_MESSAGE_BYTES) { return drop('messageTooLarge', now); }
        let message: unknown;
        try {
          message = JSON.parse(bytes.toString('utf8'));
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

  // A socket follows access (docs/video-visits.md "Signaling"): when sessions, users or offices
  // change, in this process or another (through the bus), a staff socket whose session is no longer
  // live closes (4001) and every other socket re-checks its visit rooms.
  // Changes that come in a burst are coalesced into one re-check at a time.
  let rechecking = false;
  let recheckAgain = false;
  const recheckAll = async (): Promise<void> => {
    if (rechecking) {
      recheckAgain = true;
      return;
    }
    rechecking = true;
    try {
      do {
        recheckAgain = false;
        // a staff socket whose session ended (user disabled, password changed, session revoked) closes now
        const staff = ctx.realtime.clients().filter((c) => !c.guest);
        const live = await findLiveSessionIds(ctx.db, [...new Set(staff.map((c) => c.sessionId))], ctx.config.sessionIdleMinutes);
        for (const client of staff) { if (!live.has(client.sessionId)) { client.close(CloseCode.SESSION_ENDED, 'session ended'); } }
        await Promise.all(ctx.realtime.clients().filter((c) => c.recheck && (c.rooms?.size ?? 0) > 0).map((c) => c.recheck!()));
      } while (recheckAgain);
    } catch (err) {
      ctx.log.error({ err: loggableError(err) }, 'realtime: re-checking access failed');
    } finally {
      rechecking = false;
    }
  };
  ctx.realtime.onAccessChanged(() => void recheckAll());

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
 * whose invitation) is no longer live, pings the others (a socket that did not answer the
 * previous ping is terminated) and re-checks the visit rooms they joined (`recheck`).
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
    else {
      client.heartbeat();
      if (client.recheck && (client.rooms?.size ?? 0) > 0) { await client.recheck(); }
    }
  }
}
