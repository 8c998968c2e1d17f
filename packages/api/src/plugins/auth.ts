import type { FastifyInstance } from 'fastify';
import type { Lang } from '@vigil/contract';
import type { AppContext } from '../context';
import type { HubPrincipal, Scope } from '../db/scope';
import { resolveApiKey, type ApiKeyResolution } from '../lib/api-key-auth';
import { requestLang } from '../lib/lang';
import type { SessionResolver } from '../lib/session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, built from the SessionGuid header's session; null when there is none. */
    scope: Scope | null;
    /** The hub whose `HubToken` credential came with a request to a `hubAuth` endpoint, or null (lib/route/principal.ts). */
    hub: HubPrincipal | null;
    session: { expiresAt: Date; lastSeenAt: Date } | null;
    lang: Lang;
    /** Why an `X-Api-Key` header did not give a scope (lib/route/principal.ts answers 401 or 429), or null. */
    apiKeyRefusal: Exclude<ApiKeyResolution, { ok: true }> | null;
  }
  interface FastifyContextConfig {
    permission?: string;
    endpoint?: unknown;
    public?: boolean;
  }
}

/**
 * Reads the SessionGuid (staff) and X-Api-Key (API user) headers on every API request and sets
 * `request.scope` and `request.lang`. `resolveSession` is the auth feature's (app.ts passes it: a
 * plugin imports no feature). A hub's `HubToken` is read only by the endpoints that accept it
 * (lib/route/principal.ts sets `request.hub`).
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext, resolveSession: SessionResolver): void {
  app.decorateRequest('scope', null);
  app.decorateRequest('session', null);
  app.decorateRequest('hub', null);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('apiKeyRefusal', null);
  app.addHook('onRequest', async (req) => {
    req.lang = requestLang(req);
    const header = req.headers['sessionguid'];
    const token = Array.isArray(header) ? header[0] : header;
    const keyHeader = req.headers['x-api-key'];
    const apiKey = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
    // A server-to-server caller (docs/api-keys.md): its own principal, resolved in lib/api-key-auth.ts.
    if (!token && apiKey && req.url.startsWith('/api/')) {
      const resolved = await resolveApiKey(ctx, apiKey);
      if (resolved.ok) {
        req.scope = resolved.scope;
        req.lang = requestLang(req, resolved.scope.lang);
      } else { req.apiKeyRefusal = resolved; }
      return;
    }
    if (!token || !req.url.startsWith('/api/')) { return; }
    const resolved = await resolveSession(ctx, token);
    if (!resolved) { return; }
    req.scope = resolved.scope;
    req.session = { expiresAt: resolved.expiresAt, lastSeenAt: resolved.lastSeenAt };
    req.lang = requestLang(req, resolved.scope.lang);
  });
}
