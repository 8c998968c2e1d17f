import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { MessageKey } from '@vigil/contract';
import type { AppConfig } from '../config/index';
import { AppError } from './app-error';

/**
 * Secrets at rest (TOTP shared secrets; docs/security.md "Multi-factor authentication"): AES-256-GCM
 * (NIST SP 800-38D) under a key derived from VIGIL_SECRET_KEY (SHA-256 of it), a random 96-bit
 * nonce per secret, stored as `v1.<nonce>.<ciphertext>.<tag>` in base64url. A stored value read
 * with another key, or changed, fails its tag and throws.
 *
 * Without VIGIL_SECRET_KEY a fixed development key is used outside production; in production
 * sealing answers 409 (`unavailable`: `mfaUnavailable` unless the caller names its own message), so
 * a secret is never stored under a key everybody knows. Every feature that keeps secrets at rest
 * (MFA's TOTP secrets, SSO's client secrets and refresh tokens) seals them here.
 */
const DEVELOPMENT_KEY = 'vigil-development-secret-key-not-for-production';

function keyOf(config: Pick<AppConfig, 'secretKey' | 'production'>, unavailable: MessageKey = 'mfaUnavailable'): Buffer {
  const source = config.secretKey ?? (config.production ? null : DEVELOPMENT_KEY);
  if (source === null) { throw new AppError('conflict', unavailable); }
  return createHash('sha256').update(source).digest();
}

/** Encrypts `plain` (UTF-8) for storage. Throws AppError 409 mfaUnavailable in production without a key. */
export function sealSecret(config: Pick<AppConfig, 'secretKey' | 'production'>, plain: string, unavailable?: MessageKey): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config, unavailable), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Decrypts a value of `sealSecret`. Throws on a value that is not one, or was sealed with another key. */
export function openSecret(config: Pick<AppConfig, 'secretKey' | 'production'>, sealed: string, unavailable?: MessageKey): string {
  const [version, nonce, body, tag] = sealed.split('.');
  if (version !== 'v1' || !nonce || body === undefined || !tag) { throw new Error('not a sealed secret'); }
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config, unavailable), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
