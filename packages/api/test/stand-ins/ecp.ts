/**
 * A local stand-in for the external care platform (tests, the journey and the bench;
 * docs/integrations.md "Proof"), on 127.0.0.1 and a free port.
 * - Receives vital readings: `POST /communities/{c}/residents/{r}/vitals` (Authorization: Bearer
 *   <key>, `Idempotency-Key` required): the first reading of a key is stored and answered 201
 *   `{ id }`; a repeat of the key answers 200 with the same id and stores nothing.
 * - Injects faults, one per request from the `faults` queue: 'timeout' (never answers), '500',
 *   'drop-after-store' (stores the reading, then destroys the connection before answering),
 *   'drop-before-store'; `alwaysFail` answers 500 to everything.
 * - Sends webhooks to Vigil (`sendWebhook`), signed like the ECP (hex HMAC-SHA256 of the body in
 *   `ecp-signature`); `duplicate` sends the same delivery twice.
 */
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export type EcpFault = 'timeout' | '500' | 'drop-after-store' | 'drop-before-store';

export interface EcpStoredReading {
  id: string;
  key: string;
  communityId: string;
  residentId: string;
  onBehalfOf: string | null;
  body: { type: string; measuredAt: string; values: { code: string; value: number; unit: string }[] };
}

export interface EcpStandIn {
  url: string;
  apiKey: string;
  readings: EcpStoredReading[];
  /** Every request received, stored or not (for counting attempts). */
  attempts: number;
  faults: EcpFault[];
  alwaysFail: boolean;
  sendWebhook: (vigilUrl: string, secret: string, payload: unknown, opts?: { duplicate?: boolean }) => Promise<{ status: number; body: unknown }[]>;
  close: () => Promise<void>;
}

export async function startEcpStandIn(apiKey = 'ecp-test-key', port = 0): Promise<EcpStandIn> {
  const hanging = new Set<http.ServerResponse>();
  const state: EcpStandIn = {
    url: '',
    apiKey,
    readings: [],
    attempts: 0,
    faults: [],
    alwaysFail: false,
    sendWebhook: async (vigilUrl, secret, payload, opts = {}) => {
      const body = JSON.stringify(payload);
      const signature = createHmac('sha256', secret).update(body).digest('hex');
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i < (opts.duplicate ? 2 : 1); i++) {
        const res = await fetch(`${vigilUrl}/api/ecp/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'ecp-signature': signature }, body });
        out.push({ status: res.status, body: await res.json().catch(() => null) });
      }
      return out;
    },
    close: async () => undefined,
  };
  let seq = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.attempts++;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const match = /^\/communities\/([^/]+)\/residents\/([^/]+)\/vitals$/.exec(req.url ?? '');
      if (req.headers.authorization !== `Bearer ${apiKey}`) { return send(401, { error: 'unauthorized' }); }
      if (req.method !== 'POST' || !match) { return send(404, { error: 'not found' }); }
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length === 0) { return send(400, { error: 'Idempotency-Key required' }); }
      if (state.alwaysFail) { return send(500, { error: 'unavailable' }); }
      const fault = state.faults.shift();
      if (fault === 'timeout') {
        hanging.add(res);
        return;
      }
      if (fault === '500') { return send(500, { error: 'unavailable' }); }
      if (fault === 'drop-before-store') { return req.socket.destroy(); }
      let body: EcpStoredReading['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as EcpStoredReading['body'];
      } catch {
        return send(400, { error: 'bad json' });
      }
      const existing = state.readings.find((r) => r.key === key);
      if (existing) { return send(200, { id: existing.id, duplicate: true }); }
      const stored: EcpStoredReading = {
        id: `ecp-reading-${++seq}`,
        key,
        communityId: decodeURIComponent(match[1]!),
        residentId: decodeURIComponent(match[2]!),
        onBehalfOf: typeof req.headers['x-on-behalf-of'] === 'string' ? req.headers['x-on-behalf-of'] : null,
        body,
      };
      state.readings.push(stored);
      if (fault === 'drop-after-store') { return req.socket.destroy(); }
      send(201, { id: stored.id });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const r of hanging) { r.socket?.destroy(); }
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
