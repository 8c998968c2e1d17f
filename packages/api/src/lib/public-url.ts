import type { AppConfig } from '../config/index';
import type { AppContext } from '../context';

/**
 * The base of links in e-mails and share links, without a trailing slash (README "Configuration",
 * docs/security.md "Links in e-mails"): `VIGIL_PUBLIC_URL`, else `http://localhost:<PORT>`, the
 * address the portal listens on (`npm start` sets VIGIL_PUBLIC_URL to it; production refuses to
 * start without it, `assertPublicUrlConfigured`).
 *
 * Never the request's Host or X-Forwarded-Host: those are the caller's to choose, and a link
 * built from them would e-mail a working token to the caller's host (OWASP "password reset
 * poisoning").
 */
export function linkBase(ctx: AppContext): string {
  return ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
}

/**
 * The start-up check of the link origin (server.ts): throws a readable error when
 * `NODE_ENV=production` and `VIGIL_PUBLIC_URL` is not set, because a production portal is not
 * reached at localhost and its e-mailed links would not work. Returns a warning to log when the
 * origin is not set outside production, else null.
 */
export function assertPublicUrlConfigured(config: Pick<AppConfig, 'publicUrl' | 'port' | 'production'>): string | null {
  if (config.publicUrl) { return null; }
  if (config.production) {
    throw new Error('VIGIL_PUBLIC_URL is not set. In production (NODE_ENV=production) links in e-mails are built only from it, never from the request\'s Host header: set it to the address users open, e.g. https://portal.example.org');
  }
  return `VIGIL_PUBLIC_URL is not set: links in e-mails name http://localhost:${config.port}; set it to the address users open`;
}
