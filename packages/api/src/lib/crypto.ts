import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A new opaque token: 32 random bytes (256 bits), base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its SHA-256, hex. Tokens themselves are never stored or logged. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** argon2id (the @node-rs/argon2 default algorithm) with its default cost parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies `password` against `stored`; with no stored hash it still spends the same work on a
 * dummy hash, so that response time does not tell whether an account exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-real-password-' + randomBytes(8).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
