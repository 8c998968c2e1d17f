import type { AppContext } from '../../context';
import { openSecret, sealSecret } from '../../lib/secret-box';

/**
 * Secrets the SSO feature keeps at rest (the provider's client secret, users' refresh tokens) are
 * sealed by lib/secret-box.ts (AES-256-GCM under VIGIL_SECRET_KEY), the one place secrets at rest are
 * sealed. Without the key a development key is used outside production; in production sealing
 * answers 409 `ssoUnavailable`, so a provider's secret is never stored under a key everybody knows
 * (docs/security.md "Single sign-on"). The sealed text never leaves the API and is never logged.
 */
export function seal(ctx: AppContext, plain: string): string {
  return sealSecret(ctx.config, plain, 'ssoUnavailable');
}

/** Opens a value sealed by `seal`; throws when it was altered or sealed with another key. */
export function unseal(ctx: AppContext, sealed: string): string {
  return openSecret(ctx.config, sealed, 'ssoUnavailable');
}
