import { SOCKET_RECONNECT_MS, type VisitClientMessage, type VisitSocketMessage } from '@vigil/contract';
import { socketUrl } from '../../../lib/realtime';

/** How a visit's socket introduces itself: staff with their session, a guest with the invitation token (never in the URL). */
export type VisitSocketInit = { type: 'init'; sessionToken: string; userId: number } | { type: 'guestInit'; invitation: string };

/** What a subscriber receives: the room's messages, `ready` after each (re)connection, `refused` when the server refuses the init. */
export type VisitSocketEvent = VisitSocketMessage | { type: 'ready' } | { type: 'refused' };

/** A room message from the server, or null (spec section 8: what does not parse is ignored silently). */
export function parseVisitMessage(text: unknown): VisitSocketEvent | null {
  if (typeof text !== 'string') { return null; }
  try {
    const v = JSON.parse(text) as { type?: unknown; action?: unknown; appointmentId?: unknown } | null;
    if (!v || typeof v !== 'object') { return null; }
    if (v.type === 'ready') { return { type: 'ready' }; }
    if (v.type === 'visit' && typeof v.action === 'string' && typeof v.appointmentId === 'number') { return v as VisitSocketMessage; }
    return null;
  } catch {
    return null;
  }
}

/**
 * The room page's own connection to `/api/ws` (docs/video-visits.md "Signaling"): sends the init
 * message on open, hands room messages to subscribers, and reconnects every 3000 ms (spec section
 * 9) until `stop()`, except after a refused init (4401: a bad, expired or revoked invitation).
 */
export class VisitSocket {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly listeners = new Set<(e: VisitSocketEvent) => void>();

  constructor(
    private readonly init: VisitSocketInit,
    private readonly url = socketUrl(),
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) { clearTimeout(this.timer); }
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.close(1000, 'left');
    }
  }

  /** Sends a room message when connected (dropped otherwise: the room is joined again on `ready`). */
  send(message: VisitClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) { this.socket.send(JSON.stringify(message)); }
  }

  subscribe(listener: (e: VisitSocketEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private open(): void {
    if (this.stopped) { return; }
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify(this.init));
    socket.onmessage = (e: MessageEvent) => {
      const event = parseVisitMessage(e.data);
      if (event) { this.listeners.forEach((l) => l(event)); }
    };
    socket.onclose = (e: CloseEvent) => {
      if (this.socket !== socket) { return; }
      this.socket = null;
      if (e.code === 4401) {
        this.listeners.forEach((l) => l({ type: 'refused' }));
        return;
      }
      if (!this.stopped) { this.timer = setTimeout(() => this.open(), SOCKET_RECONNECT_MS); }
    };
  }
}
