import type WebSocket from 'ws';
import { SOCKET_PATH } from '@vigil/contract';
import type { TestApp } from './setup';

/** A test's client of the real-time socket (`/api/ws` through `app.injectWS`), with `Msg` the messages it reads. */
export interface SocketClient<Msg> {
  ws: WebSocket;
  /** messages received and not yet taken by `next` */
  messages: Msg[];
  /** resolves with the close code and reason when the server or the test closes the socket */
  closed: Promise<{ code: number; reason: string }>;
  /** the first unread message that `match`es (taken out of `messages`); rejects after `timeoutMs` (default 1500) */
  next(match: (m: Msg) => boolean, timeoutMs?: number): Promise<Msg>;
  /** sends `m` as JSON (a string as it is, to test malformed text) */
  send(m: unknown): void;
}

/** Opens a socket on test app `t` (not yet initialised: send `init` or `guestInit`). */
export async function connectSocket<Msg>(t: TestApp): Promise<SocketClient<Msg>> {
  const ws = await t.app.injectWS(SOCKET_PATH);
  const messages: Msg[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as Msg);
    for (const w of waiters.splice(0)) { w(); }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const next = (match: (m: Msg) => boolean, timeoutMs = 1500) =>
    new Promise<Msg>((resolve, reject) => {
      const at = new Error('waited here');
      const started = Date.now();
      const look = () => {
        const i = messages.findIndex(match);
        if (i >= 0) { return resolve(messages.splice(i, 1)[0]!); }
        if (Date.now() - started > timeoutMs) { return reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`, { cause: at })); }
        waiters.push(look);
        setTimeout(look, timeoutMs - (Date.now() - started) + 1);
      };
      look();
    });
  return { ws, messages, closed, next, send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)) };
}
