/**
 * The Terra webhook principal (docs/integrations.md "Webhook"; Terra's signing scheme as
 * ../shared/data/README.md states it): header `terra-signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`,
 * the signed payload `<t>.<raw body>`, the expected value the hex HMAC-SHA256 of it with the
 * destination's signing secret. Any v1 value may match (Terra sends several while a secret is
 * rotated); each is compared in constant time; a timestamp more than 300 s from now is refused.
 * Pure: no database, no logging (the header and body are never logged).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far the signature's timestamp may be from the server's clock (Terra: 300 s). */
export const TERRA_SIGNATURE_TOLERANCE_SECONDS = 300;

export type TerraSignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'no secret' | 'no header' | 'malformed' | 'stale' | 'mismatch' };

/** The `t=…,v1=…` header Terra would send for `rawBody` at `timestamp` (unix seconds). Tests and the bench sign with it. */
export function signTerraPayload(secret: string, rawBody: Buffer | string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Checks `header` against `rawBody`. `secret` undefined (not configured) refuses everything.
 * `nowSeconds` is the server's clock (unix seconds). Answers the signed timestamp when one v1
 * value matches.
 */
export function verifyTerraSignature(secret: string | undefined, header: string | string[] | undefined, rawBody: Buffer, nowSeconds = Math.floor(Date.now() / 1000)): TerraSignatureCheck {
  if (!secret) { return { ok: false, reason: 'no secret' }; }
  const text = Array.isArray(header) ? header[0] : header;
  if (!text) { return { ok: false, reason: 'no header' }; }
  if (text.length > 2048) { return { ok: false, reason: 'malformed' }; }
  let timestamp: number | null = null;
  const candidates: Buffer[] = [];
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) { continue; }
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) { timestamp = Number(value); }
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) { candidates.push(Buffer.from(value.toLowerCase(), 'hex')); }
  }
  if (timestamp === null || candidates.length === 0) { return { ok: false, reason: 'malformed' }; }
  if (Math.abs(nowSeconds - timestamp) > TERRA_SIGNATURE_TOLERANCE_SECONDS) { return { ok: false, reason: 'stale' }; }
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  let matched = false;
  // Every candidate is compared (no early exit), each in constant time.
  for (const candidate of candidates) { if (timingSafeEqual(candidate, expected)) { matched = true; } }
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
