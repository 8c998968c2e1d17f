import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { openSecret, sealSecret } from './secret-box';

const dev = { production: false, secretKey: undefined };
const keyed = { production: true, secretKey: 'a-long-enough-test-key-0123456789abcdef' };

describe('secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = sealSecret(keyed, 'JBSWY3DPEHPK3PXP');
    const b = sealSecret(keyed, 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(keyed, a)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(dev, sealSecret(dev, 'x'))).toBe('x');
  });
  it('refuses a value sealed under another key, or changed', () => {
    const sealed = sealSecret(keyed, 'secret');
    expect(() => openSecret({ production: true, secretKey: 'another-long-enough-key-0123456789abcdef' }, sealed)).toThrow();
    const parts = sealed.split('.');
    parts[2] = Buffer.from('tampered').toString('base64url');
    expect(() => openSecret(keyed, parts.join('.'))).toThrow();
  });
  it('refuses to seal in production without VIGIL_SECRET_KEY (409 mfaUnavailable)', () => {
    expect(() => sealSecret({ production: true, secretKey: undefined }, 'x')).toThrow(AppError);
    try { sealSecret({ production: true, secretKey: undefined }, 'x'); } catch (e) { expect((e as AppError).messageKey).toBe('mfaUnavailable'); }
  });
});
