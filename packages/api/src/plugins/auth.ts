import type { FastifyInstance } from 'fastify';
import type { Lang } from '@vigil/contract';
import type { AppContext } from '../context';
import type { Scope } from '../db/scope';
import { resolveSession } from '../features/auth/auth.service';
import { requestLang } from '../lib/lang';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, built from the SessionGuid header's session; null when there is none. */
    scope: Scope | null;
    session: { expiresAt: Date; lastSeenAt: Date } | null;
    lang: Lang;
  }
  interface FastifyContextConfig {
    permission?: string;
    endpoint?: unknown;
    public?: boolean;
  }
}

/** Reads the SessionGuid header on every API request and sets `request.scope` and `request.lang`. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('scope', null);
  app.decorateRequest('session', null);
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (req) => {
    req.lang = requestLang(req);
    const header = req.headers['sessionguid'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || !req.url.startsWith('/api/')) return;
    const resolved = await resolveSession(ctx, token);
    if (!resolved) return;
    req.scope = resolved.scope;
    req.session = { expiresAt: resolved.expiresAt, lastSeenAt: resolved.lastSeenAt };
    req.lang = requestLang(req, resolved.scope.lang);
  });
}
