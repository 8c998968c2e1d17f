import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';

/**
 * Secrets the SSO feature keeps at rest (the provider's client secret, users' refresh tokens) are
 * sealed with AES-256-GCM (NIST SP 800-38D): `v1.<iv>.<tag>.<ciphertext>`, base64url, a random 96-bit
 * IV per value. The key is VIGIL_SSO_SECRET_KEY (32 bytes, hex); without it (development, tests) a
 * fixed development key is used and a warning logged once: docs/security.md "Single sign-on" says
 * to set it in production. The sealed text never leaves the API and is never logged.
 */
const DEV_KEY = createHash('sha256').update('vigil-development-sso-key: set VIGIL_SSO_SECRET_KEY').digest();
let warned = false;

function keyOf(ctx: AppContext): Buffer {
  if (ctx.config.sso.secretKey) { return Buffer.from(ctx.config.sso.secretKey, 'hex'); }
  if (!warned) {
    warned = true;
    ctx.log.warn('VIGIL_SSO_SECRET_KEY is not set: SSO client secrets and refresh tokens are sealed with the development key');
  }
  return DEV_KEY;
}

/** Seals `plain` (UTF-8) for storage. */
export function seal(ctx: AppContext, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(ctx), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Opens a value sealed by `seal`; throws when it was altered or sealed with another key. */
export function unseal(ctx: AppContext, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) { throw new Error('sealed value has an unknown format'); }
  const decipher = createDecipheriv('aes-256-gcm', keyOf(ctx), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
