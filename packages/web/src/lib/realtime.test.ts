import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseServerMessage, RealtimeConnection, socketUrl, type RealtimeEvent } from './realtime';

class FakeSocket {
  static instances: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // test helpers
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const connect = (extra: Partial<ConstructorParameters<typeof RealtimeConnection>[0]> = {}) =>
  new RealtimeConnection({ sessionToken: 'guid-1', userId: 7, url: 'ws://x/api/ws', WebSocketImpl: FakeSocket as unknown as typeof WebSocket, ...extra });

describe('realtime socket client', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('uses ws: for http pages and wss: for https pages, on the same host', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8211' })).toBe('ws://localhost:8211/api/ws');
    expect(socketUrl({ protocol: 'https:', host: 'vigil.example' })).toBe('wss://vigil.example/api/ws');
  });

  it('ignores messages that are not JSON or not of a known type (spec section 8)', () => {
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage('{"type":"other"}')).toBeNull();
    expect(parseServerMessage('{"type":"notification"}')).toBeNull();
    expect(parseServerMessage('{"type":"ready"}')).toEqual({ type: 'ready' });
  });

  it('sends the init message with the session token and user id on open, then hands notifications on', () => {
    const events: RealtimeEvent[] = [];
    const c = connect();
    c.subscribe((e) => events.push(e));
    c.start();
    const s = FakeSocket.instances[0]!;
    s.open();
    expect(JSON.parse(s.sent[0]!)).toEqual({ type: 'init', sessionToken: 'guid-1', userId: 7 });
    s.receive('{"type":"ready"}');
    s.receive('garbage');
    s.receive(JSON.stringify({ type: 'notification', data: { notificationId: 3 } }));
    expect(events.map((e) => e.type)).toEqual(['ready', 'notification']);
    expect(c.status).toBe('ready');
  });

  it('reconnects 3000 ms after a drop and says so once ready again', () => {
    const events: RealtimeEvent[] = [];
    const c = connect();
    c.subscribe((e) => events.push(e));
    c.start();
    FakeSocket.instances[0]!.open();
    FakeSocket.instances[0]!.receive('{"type":"ready"}');
    FakeSocket.instances[0]!.drop();
    vi.advanceTimersByTime(2999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.open();
    FakeSocket.instances[1]!.receive('{"type":"ready"}');
    expect(events.map((e) => e.type)).toEqual(['ready', 'reconnected', 'ready']);
  });

  it('closes on stop (sign-out) and does not reconnect', () => {
    const c = connect();
    c.start();
    const s = FakeSocket.instances[0]!;
    s.open();
    c.stop();
    expect(s.closedWith).toBe(1000);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('reports a refused init (4401) and keeps retrying', () => {
    const refused = vi.fn();
    const c = connect({ onRefused: refused });
    c.start();
    FakeSocket.instances[0]!.drop(4401);
    expect(refused).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.instances).toHaveLength(2);
    c.stop();
  });
});
