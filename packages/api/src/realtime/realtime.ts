import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { SocketServerMessage, VisitPeer } from '@vigil/contract';

/** One message for one user's open sockets. */
export interface Delivery {
  userId: number;
  message: SocketServerMessage;
}

/** An open, initialised socket of a signed-in user (or of a visit's guest), as the registry sees it. */
export interface RealtimeClient {
  userId: number;
  /** The staff session; 0 for a guest. */
  sessionId: number;
  /**
   * Set for a guest's socket (docs/video-visits.md): the invitation it was opened with and its one
   * appointment. A guest gets no user notifications, only its visit's room messages.
   */
  guest?: { invitationId: number; appointmentId: number };
  /** The visit rooms this socket has joined: appointment id -> its peer id there. */
  rooms?: Map<number, string>;
  /** How this socket appears in each room it joined (its peer id, name, guest flag): sent with its offers. */
  roomPeers?: Map<number, VisitPeer>;
  send(text: string): void;
  /** Closes the socket with a WebSocket close code (4001 session ended, 4401 bad init). */
  close(code: number, reason: string): void;
  /** Pings the socket; terminates it when the previous ping got no answer (a dead connection). */
  heartbeat(): void;
  /**
   * Checks the socket's visit rooms against the holder's access now (socket.ts): leaves every room
   * it may no longer enter. Set on sockets whose feature keeps rooms. Never throws.
   */
  recheck?(): Promise<void>;
}

/**
 * What crosses processes: deliveries for users, a session that ended (sign-out), or "sessions,
 * users or offices changed" (every process drops its cached session scopes).
 */
type BusEvent =
  | { kind: 'deliver'; deliveries: Delivery[] }
  | { kind: 'sessionEnded'; sessionId: number }
  | { kind: 'scopesChanged'; from: string }
  | ({ kind: 'room'; appointmentId: number; message: SocketServerMessage } & RoomTarget);

/**
 * Who in a visit room receives a message: one peer (`to`), or every peer that joined except
 * `except`; with `waiting`, also the guest sockets of that appointment that have not joined yet.
 */
export interface RoomTarget {
  to?: string;
  except?: string;
  waiting?: boolean;
}

/** WebSocket close codes of the socket (4000-4999 are the application's). */
export const CloseCode = { SESSION_ENDED: 4001, BAD_INIT: 4401, SERVER_CLOSING: 1001, POLICY_VIOLATION: 1008 } as const;
// A guest's socket closes with SESSION_ENDED too when its invitation is revoked or expires.

const CHANNEL = 'vigil:realtime:v1';

/**
 * The real-time fan-out (spec section 7). Services `publish` deliveries after their transaction
 * commits; every API process hands them to the sockets it holds for those users. Without
 * `redisUrl` the bus is in-process (one API process); with it, events go through one Redis pub/sub
 * channel so that a notification raised in one process reaches sockets held by another. A lost
 * Redis message is not re-sent: the browser's lists are reloaded from the API anyway; the socket
 * only makes them live.
 */
export interface Realtime {
  /** Sends each delivery to every open socket of its user, in every API process. Never throws. */
  publish(deliveries: Delivery[]): Promise<void>;
  /** Sends a visit room's message to its peers (`target`) in every API process. Never throws. */
  publishRoom(appointmentId: number, message: SocketServerMessage, target?: RoomTarget): Promise<void>;
  /** Closes the sockets of a session in every API process (sign-out). Never throws. */
  endSession(sessionId: number): Promise<void>;
  /** Tells every OTHER API process that sessions, users or offices changed (their cached scopes are stale). Never throws. */
  scopesChanged(): Promise<void>;
  /** Calls `listener` when another process reports `scopesChanged`. */
  onScopesChanged(listener: () => void): void;
  /**
   * Calls `listener` whenever sessions, users or offices changed, in this process (`scopesChanged`
   * was called here) or in another (its event arrived): the open sockets re-check their rooms.
   */
  onAccessChanged(listener: () => void): void;
  /** Registers an initialised socket; returns the function that removes it. */
  attach(client: RealtimeClient): () => void;
  /** The sockets this process holds, for the periodic session check. */
  clients(): RealtimeClient[];
  /** Resolves once the bus can carry events (the Redis subscription is active). */
  ready(): Promise<void>;
  /**
   * For /readyz (docs/operations.md "Probes"): 'ok' when Redis answers PING within `timeoutMs`,
   * 'down' when it does not, 'notConfigured' without REDIS_URL (the in-process bus). Never throws.
   */
  redisStatus(timeoutMs: number): Promise<'ok' | 'down' | 'notConfigured'>;
  close(): Promise<void>;
}

/** Creates the fan-out; connects to Redis when `redisUrl` is set. */
export function createRealtime(opts: { redisUrl?: string; log: FastifyBaseLogger }): Realtime {
  const byUser = new Map<number, Set<RealtimeClient>>();
  const guests = new Set<RealtimeClient>();
  const sendTo = (client: RealtimeClient, text: string) => {
    try {
      client.send(text);
    } catch (err) {
      log.warn({ err }, 'realtime: could not send to a socket');
    }
  };
  const local = new EventEmitter();
  const log = opts.log;
  /** This process on the bus: its own scopesChanged events come back through Redis and are skipped. */
  const processKey = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const scopeListeners: (() => void)[] = [];
  const accessListeners: (() => void)[] = [];
  const accessChanged = () => {
    for (const listener of accessListeners) {
      try {
        listener();
      } catch (err) {
        log.error({ err }, 'realtime: an access listener failed');
      }
    }
  };

  const handle = (event: BusEvent) => {
    if (event.kind === 'scopesChanged') {
      if (event.from !== processKey) {
        for (const listener of scopeListeners) { listener(); }
        accessChanged();
      }
      return;
    }
    if (event.kind === 'deliver') {
      for (const { userId, message } of event.deliveries) {
        const set = byUser.get(userId);
        if (!set) { continue; }
        const text = JSON.stringify(message);
        for (const client of set) { sendTo(client, text); }
      }
      return;
    }
    if (event.kind === 'room') {
      const text = JSON.stringify(event.message);
      const all = [...guests, ...[...byUser.values()].flatMap((set) => [...set])];
      for (const client of all) {
        const peerId = client.rooms?.get(event.appointmentId);
        const receives = event.to
          ? peerId === event.to
          : (peerId !== undefined && peerId !== event.except) || (event.waiting === true && peerId === undefined && client.guest?.appointmentId === event.appointmentId);
        if (receives) { sendTo(client, text); }
      }
      return;
    }
    for (const set of byUser.values()) {
      for (const client of set) { if (client.sessionId === event.sessionId) { client.close(CloseCode.SESSION_ENDED, 'session ended'); } }
    }
  };

  let pub: Redis | null = null;
  let sub: Redis | null = null;
  let subscribed: Promise<void> = Promise.resolve();
  if (opts.redisUrl) {
    pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    sub = new Redis(opts.redisUrl, { lazyConnect: false });
    for (const client of [pub, sub]) { client.on('error', (err: Error) => log.warn({ err: err.message }, 'realtime: redis error')); }
    sub.on('message', (_channel: string, text: string) => {
      try {
        handle(JSON.parse(text) as BusEvent);
      } catch (err) {
        log.warn({ err }, 'realtime: bad bus message');
      }
    });
    subscribed = sub.subscribe(CHANNEL).then(
      () => undefined,
      (err: unknown) => log.error({ err }, 'realtime: could not subscribe to redis'),
    );
  } else {
    local.on('event', handle);
  }

  const emit = async (event: BusEvent) => {
    try {
      if (pub) { await pub.publish(CHANNEL, JSON.stringify(event)); }
      else { local.emit('event', event); }
    } catch (err) {
      log.error({ err }, 'realtime: could not publish');
    }
  };

  return {
    publish: async (deliveries) => {
      if (deliveries.length > 0) { await emit({ kind: 'deliver', deliveries }); }
    },
    publishRoom: (appointmentId, message, target = {}) => emit({ kind: 'room', appointmentId, message, ...target }),
    endSession: (sessionId) => emit({ kind: 'sessionEnded', sessionId }),
    scopesChanged: () => {
      accessChanged();
      return pub ? emit({ kind: 'scopesChanged', from: processKey }) : Promise.resolve();
    },
    onScopesChanged: (listener) => {
      scopeListeners.push(listener);
    },
    onAccessChanged: (listener) => {
      accessListeners.push(listener);
    },
    attach: (client) => {
      if (client.guest) {
        guests.add(client);
        return () => {
          guests.delete(client);
        };
      }
      let set = byUser.get(client.userId);
      if (!set) {
        set = new Set();
        byUser.set(client.userId, set);
      }
      set.add(client);
      return () => {
        const current = byUser.get(client.userId);
        current?.delete(client);
        if (current?.size === 0) { byUser.delete(client.userId); }
      };
    },
    clients: () => [...guests, ...[...byUser.values()].flatMap((set) => [...set])],
    ready: () => subscribed,
    redisStatus: async (timeoutMs) => {
      if (!pub || !sub) { return 'notConfigured'; }
      // Both connections: `pub` publishes, `sub` holds the subscription that delivers to this process's sockets.
      if (pub.status !== 'ready' || sub.status !== 'ready') { return 'down'; }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'down'>((resolve) => { timer = setTimeout(() => resolve('down'), timeoutMs); });
      try {
        return await Promise.race([pub.ping().then((): 'ok' => 'ok', (): 'down' => 'down'), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: async () => {
      for (const client of [...guests, ...[...byUser.values()].flatMap((set) => [...set])]) { client.close(CloseCode.SERVER_CLOSING, 'server closing'); }
      byUser.clear();
      guests.clear();
      scopeListeners.length = 0;
      accessListeners.length = 0;
      local.removeAllListeners();
      // quit() waits for the server's answer: with Redis down it would wait forever (its offline queue), so a client not connected is just disconnected.
      const end = (client: Redis | null) => (client?.status === 'ready' ? client.quit().then(() => undefined, () => undefined) : client?.disconnect());
      await Promise.all([end(pub), end(sub)]);
    },
  };
}
