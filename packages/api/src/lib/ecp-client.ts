/**
 * The one client of the external care platform's partner REST API (docs/integrations.md "ECP").
 * Base URL and key are settings (VIGIL_ECP_API_URL, VIGIL_ECP_API_KEY); the key travels in the
 * Authorization header, never in a URL or a log. Also the ECP webhook's signature check: header
 * `ecp-signature: <hex HMAC-SHA256 of the raw body>` with VIGIL_ECP_WEBHOOK_SECRET, constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/index';

/** A failed send: `retryable` for timeouts, dropped connections and 5xx; not for a refusal (4xx) or missing settings. */
export class EcpClientError extends Error {
  constructor(
    readonly kind: 'notConfigured' | 'timeout' | 'network' | 'server' | 'refused',
    readonly retryable: boolean,
  ) {
    super(`ecp ${kind}`);
  }
}

/** One vital reading as the ECP receives it (LOINC codes, UCUM units, the instant with its offset). */
export interface EcpVitalReading {
  communityId: string;
  residentId: string;
  /** The ECP user the reading is recorded on behalf of (its own id), when one is set. */
  onBehalfOf: string | null;
  idempotencyKey: string;
  type: string;
  measuredAt: string;
  values: { code: string; value: number; unit: string }[];
}

/**
 * `POST /communities/{communityId}/residents/{residentId}/vitals` with the `Idempotency-Key` header
 * (the same key on every attempt: the ECP stores a key once and answers its first reading again).
 * Answers the ECP's reading id. Errors: EcpClientError.
 */
export async function sendVitalReading(config: AppConfig['ecp'], reading: EcpVitalReading): Promise<{ ecpReadingId: string }> {
  if (!config.apiUrl || !config.apiKey) { throw new EcpClientError('notConfigured', false); }
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}/communities/${encodeURIComponent(reading.communityId)}/residents/${encodeURIComponent(reading.residentId)}/vitals`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        'idempotency-key': reading.idempotencyKey,
        'content-type': 'application/json',
        ...(reading.onBehalfOf ? { 'x-on-behalf-of': reading.onBehalfOf } : {}),
      },
      body: JSON.stringify({ type: reading.type, measuredAt: reading.measuredAt, values: reading.values }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (err) {
    const name = (err as Error)?.name;
    throw new EcpClientError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network', true);
  }
  if (res.status >= 500) { throw new EcpClientError('server', true); }
  if (res.status !== 200 && res.status !== 201) { throw new EcpClientError('refused', false); }
  const body = (await res.json().catch(() => null)) as { id?: unknown } | null;
  if (!body || (typeof body.id !== 'string' && typeof body.id !== 'number')) { throw new EcpClientError('server', true); }
  return { ecpReadingId: String(body.id) };
}

/** Whether `header` is the hex HMAC-SHA256 of `rawBody` with `secret` (no secret: never). */
export function verifyEcpSignature(secret: string | undefined, header: string | string[] | undefined, rawBody: Buffer): boolean {
  const text = Array.isArray(header) ? header[0] : header;
  if (!secret || !text || !/^[0-9a-f]{64}$/i.test(text.trim())) { return false; }
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(text.trim().toLowerCase(), 'hex'), expected);
}

/** The header the ECP sends for `rawBody` (tests and the stand-in sign with it). */
export function signEcpPayload(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}
