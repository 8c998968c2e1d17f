/**
 * A local stand-in for Terra's REST API (tests and the bench; docs/integrations.md "Proof"), on
 * 127.0.0.1 and a free port. It answers the calls lib/terra-client.ts makes with the shapes of
 * Terra's OpenAPI document (../shared/data/terra/v2-bundled.yaml):
 * - `POST /auth/generateWidgetSession` (headers dev-id and x-api-key required, else 401): 200
 *   `{ status: 'success', session_id, url, expires_in: 900 }`;
 * - `DELETE /auth/deauthenticateUser?user_id=`: 200 `{ status: 'success' }`.
 * `fail` makes the next calls answer 500. Every request is recorded (method, path, reference id).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface TerraStandIn {
  url: string;
  devId: string;
  apiKey: string;
  requests: { method: string; path: string; referenceId?: string; userId?: string }[];
  fail: boolean;
  close: () => Promise<void>;
}

export async function startTerraStandIn(devId = 'vigil-test-dev', apiKey = 'test-api-key', port = 0): Promise<TerraStandIn> {
  const state: TerraStandIn = { url: '', devId, apiKey, requests: [], fail: false, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['dev-id'] !== devId || req.headers['x-api-key'] !== apiKey) { return send(401, { status: 'error', message: 'unauthorized' }); }
      if (state.fail) { return send(500, { status: 'error' }); }
      if (req.method === 'POST' && url.pathname === '/v2/auth/generateWidgetSession') {
        let body: { reference_id?: string } = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reference_id?: string };
        } catch {
          return send(400, { status: 'error', message: 'bad json' });
        }
        state.requests.push({ method: 'POST', path: url.pathname, referenceId: body.reference_id });
        const sessionId = randomUUID();
        return send(200, { status: 'success', session_id: sessionId, url: `https://widget.tryterra.co/session/${sessionId}`, expires_in: 900 });
      }
      if (req.method === 'DELETE' && url.pathname === '/v2/auth/deauthenticateUser') {
        state.requests.push({ method: 'DELETE', path: url.pathname, userId: url.searchParams.get('user_id') ?? undefined });
        return send(200, { status: 'success' });
      }
      send(404, { status: 'error', message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
