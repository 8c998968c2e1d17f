import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { seal, unseal } from './sso.crypto';

const ctxWith = (config: { production: boolean; secretKey?: string }) => ({ config }) as unknown as AppContext;

describe('SSO secrets at rest (docs/security.md "Single sign-on")', () => {
  it('round-trips a client secret under the server key, and another key cannot open it', () => {
    const sealed = seal(ctxWith({ production: true, secretKey: 'k'.repeat(40) }), 'client-secret-1');
    expect(sealed).not.toContain('client-secret-1');
    expect(unseal(ctxWith({ production: true, secretKey: 'k'.repeat(40) }), sealed)).toBe('client-secret-1');
    expect(() => unseal(ctxWith({ production: true, secretKey: 'x'.repeat(40) }), sealed)).toThrow();
  });

  it('refuses to seal in production without VIGIL_SECRET_KEY (409 ssoUnavailable), never with a known key', () => {
    let error: unknown;
    try { seal(ctxWith({ production: true }), 'client-secret-1'); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).messageKey).toBe('ssoUnavailable');
    expect(unseal(ctxWith({ production: false }), seal(ctxWith({ production: false }), 'dev'))).toBe('dev');
  });
});
