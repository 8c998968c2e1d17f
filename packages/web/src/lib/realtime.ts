import { SOCKET_PATH, SOCKET_RECONNECT_MS, type SocketServerMessage } from '@vigil/contract';

/** Close codes the server uses (packages/api/src/realtime/realtime.ts). */
export const SocketCloseCode = { NORMAL: 1000, SESSION_ENDED: 4001, BAD_INIT: 4401 } as const;

/** What a subscriber receives: the server's messages, and `reconnected` when the socket is ready again after a drop
 * (lists are reloaded then: what was pushed meanwhile was missed). */
export type RealtimeEvent = SocketServerMessage | { type: 'reconnected' };
export type RealtimeListener = (event: RealtimeEvent) => void;

export type RealtimeStatus = 'idle' | 'connecting' | 'ready' | 'closed';

/** The socket's URL on the page's own origin: ws: for http pages, wss: for https pages. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${SOCKET_PATH}`;
}

/**
 * A message from the server, or null when it is not JSON or not one of ours (spec section 8:
 * socket message parse errors are ignored silently).
 */
export function parseServerMessage(text: unknown): SocketServerMessage | null {
  if (typeof text !== 'string') { return null; }
  try {
    const value = JSON.parse(text) as { type?: unknown; data?: unknown } | null;
    if (!value || typeof value !== 'object' || typeof value.type !== 'string') { return null; }
    switch (value.type) {
      case 'ready':
      case 'pong':
        return { type: value.type };
      case 'notification':
      case 'notificationProcessed':
      case 'messageRead':
      case 'videoCallRing':
        return value.data && typeof value.data === 'object' ? (value as SocketServerMessage) : null;
      default:
        return null;
    }
  } catch {
    return null;
  }
}

export interface RealtimeOptions {
  /** the session's SessionGuid */
  sessionToken: string;
  userId: number;
  url?: string;
  /** spec section 9: 3000 ms */
  reconnectMs?: number;
  /** Called when the server refuses the init (4401): the session may have ended. */
  onRefused?: () => void;
  /** For tests: the WebSocket constructor. */
  WebSocketImpl?: typeof WebSocket;
}

/**
 * The browser side of the real-time socket (spec section 7 "Notifications and chat"): opens
 * `/api/ws` on the page's origin, sends `{ type: 'init', sessionToken, userId }` on open, hands the
 * server's messages to subscribers, and reconnects every 3000 ms after any close until `stop()`
 * (sign-out). Nothing is sent but the init: the server pings at the protocol level.
 */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private everReady = false;
  private readonly listeners = new Set<RealtimeListener>();
  private readonly statusListeners = new Set<() => void>();
  private currentStatus: RealtimeStatus = 'idle';

  constructor(private readonly opts: RealtimeOptions) {}

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  start(): void {
    if (!this.stopped) { return; }
    this.stopped = false;
    this.open();
  }

  /** Closes the socket and stops reconnecting (sign-out, or leaving the signed-in layout). */
  stop(): void {
    this.stopped = true;
    if (this.timer) { clearTimeout(this.timer); }
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) { socket.close(SocketCloseCode.NORMAL, 'signed out'); }
    }
    this.setStatus('closed');
  }

  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.currentStatus) { return; }
    this.currentStatus = status;
    this.statusListeners.forEach((l) => l());
  }

  private emit(event: RealtimeEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // one subscriber's failure does not stop the others
      }
    }
  }

  private open(): void {
    if (this.stopped) { return; }
    const Impl = this.opts.WebSocketImpl ?? WebSocket;
    let socket: WebSocket;
    try {
      socket = new Impl(this.opts.url ?? socketUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'init', sessionToken: this.opts.sessionToken, userId: this.opts.userId }));
    };
    socket.onmessage = (event: MessageEvent) => {
      const message = parseServerMessage(event.data);
      if (!message) { return; }
      if (message.type === 'ready') {
        this.setStatus('ready');
        if (this.everReady) { this.emit({ type: 'reconnected' }); }
        this.everReady = true;
      }
      this.emit(message);
    };
    socket.onerror = () => undefined; // a close follows; it schedules the reconnect
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) { return; }
      this.socket = null;
      this.setStatus('closed');
      if (event.code === SocketCloseCode.BAD_INIT) { this.opts.onRefused?.(); }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.timer) { return; }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, this.opts.reconnectMs ?? SOCKET_RECONNECT_MS);
  }
}

/**
 * The app's one event hub: subscribers stay registered across reconnects and sign-ins, and get the
 * events of whichever connection is current.
 */
const listeners = new Set<RealtimeListener>();
const statusListeners = new Set<() => void>();
let current: RealtimeConnection | null = null;
let detachCurrent: (() => void) | null = null;

export function attachRealtime(connection: RealtimeConnection | null): void {
  detachCurrent?.();
  detachCurrent = null;
  current = connection;
  if (connection) {
    const offEvents = connection.subscribe((event) => listeners.forEach((l) => l(event)));
    const offStatus = connection.onStatus(() => statusListeners.forEach((l) => l()));
    detachCurrent = () => {
      offEvents();
      offStatus();
    };
  }
  statusListeners.forEach((l) => l());
}

/** Subscribes to the events of the current connection (and of later ones). */
export function subscribeRealtime(listener: RealtimeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

/** The current connection's state ('idle' when none). */
export function realtimeStatus(): RealtimeStatus {
  return current?.status ?? 'idle';
}

/** The current connection, if any (to stop it from outside React). */
export function currentRealtime(): RealtimeConnection | null {
  return current;
}
