import type { FastifyInstance } from 'fastify';
import type { Lang } from '@vigil/contract';
import type { AppContext } from '../context';
import type { HubPrincipal, Scope } from '../db/scope';
import { resolveHubToken } from '../lib/hub-auth';
import { resolveApiKey, type ApiKeyResolution } from '../lib/api-key-auth';
import { requestLang } from '../lib/lang';
import type { SessionResolver } from '../lib/session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, built from the SessionGuid header's session; null when there is none. */
    scope: Scope | null;
    /** The hub whose `HubToken` credential came with the request, or null. */
    hub: HubPrincipal | null;
    session: { expiresAt: Date; lastSeenAt: Date } | null;
    lang: Lang;
    /** Why an `X-Api-Key` header did not give a scope (lib/route.ts answers 401 or 429), or null. */
    apiKeyRefusal: Exclude<ApiKeyResolution, { ok: true }> | null;
  }
  interface FastifyContextConfig {
    permission?: string;
    endpoint?: unknown;
    public?: boolean;
  }
}

/**
 * Reads the SessionGuid (staff), X-Api-Key (API user) and HubToken (hub) headers on every API request and sets
 * `request.scope`, `request.hub` and `request.lang`. `resolveSession` is the auth feature's
 * (app.ts passes it: a plugin imports no feature); hub credentials are lib/hub-auth.ts's.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext, resolveSession: SessionResolver): void {
  app.decorateRequest('scope', null);
  app.decorateRequest('session', null);
  app.decorateRequest('hub', null);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('apiKeyRefusal', null);
  app.addHook('onRequest', async (req) => {
    req.lang = requestLang(req);
    const hubHeader = req.headers['hubtoken'];
    const hubToken = Array.isArray(hubHeader) ? hubHeader[0] : hubHeader;
    // Only endpoints that accept a hub read its credential (route.ts records the check-in once accepted).
    const endpoint = (req.routeOptions.config as { endpoint?: { hubAuth?: boolean } } | undefined)?.endpoint;
    if (hubToken && endpoint?.hubAuth === true) { req.hub = await resolveHubToken(ctx, hubToken); }
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
