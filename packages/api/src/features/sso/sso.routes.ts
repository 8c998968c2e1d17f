import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sso } from '@vigil/contract';
import type { AppContext } from '../../context';
import { limitTokenGuesses } from '../../lib/guess-limit';
import { linkBase } from '../../lib/public-url';
import { registerEndpoint } from '../../lib/route';
import * as service from './sso.service';

/**
 * Failed callbacks and completions (any 4xx: unknown state, invalid tokens, no account) a client IP
 * may make in 15 minutes before both answer 429 (lib/guess-limit.ts; docs/security.md "Single sign-on").
 */
export const SSO_CALLBACK_LIMIT = { max: 20, windowMs: 15 * 60_000 } as const;

/** The flow cookie of this request and how to set or clear it: HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), only under /api/sso. */
function flowCookie(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): service.FlowCookie {
  const options = { path: '/api/sso', httpOnly: true, sameSite: 'lax' as const, secure: linkBase(ctx).startsWith('https:') };
  return {
    value: req.cookies[service.FLOW_COOKIE],
    set: (value, maxAge) => { reply.setCookie(service.FLOW_COOKIE, value, { ...options, maxAge }); },
    clear: () => { reply.clearCookie(service.FLOW_COOKIE, options); },
  };
}

const requestOf = (req: FastifyRequest) => ({ ip: req.ip, requestId: String(req.id) });

/** Single sign-on endpoints (chosen; docs/security.md "Single sign-on"). */
export function ssoRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, sso.getSsoConfig, ({ scope, params }) => service.getConfig(ctx, scope, params.organizationId));
  registerEndpoint(app, ctx, sso.saveSsoConfig, ({ scope, params, body }) => service.saveConfig(ctx, scope, params.organizationId, body));
  registerEndpoint(app, ctx, sso.discoverSso, ({ query }) => service.discoverOrganization(ctx, query.q));
  registerEndpoint(app, ctx, sso.startSso, async ({ query, req, reply }) => {
    const url = await service.startSignIn(ctx, query.org, flowCookie(ctx, req, reply));
    return reply.redirect(url, 302);
  });

  void app.register(async (limited) => {
    limitTokenGuesses(limited, ctx, SSO_CALLBACK_LIMIT, (status) => status >= 400 && status < 500);
    registerEndpoint(limited, ctx, sso.ssoCallback, async ({ query, req, reply }) => {
      const next = await service.handleCallback(
        ctx,
        { currentUrl: new URL(req.url, linkBase(ctx)), ...(query.state ? { state: query.state } : {}), ...(query.error ? { error: query.error } : {}) },
        flowCookie(ctx, req, reply),
        requestOf(req),
      );
      return reply.redirect(next, 303);
    });
    registerEndpoint(limited, ctx, sso.completeSso, ({ req, reply }) => service.completeSignIn(ctx, flowCookie(ctx, req, reply), requestOf(req)));
  });

  // Back-channel logout tokens arrive form-encoded (Back-Channel Logout 1.0 section 2.5).
  void app.register(async (backchannel) => {
    backchannel.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    registerEndpoint(backchannel, ctx, sso.ssoBackchannelLogout, ({ params, body, req }) => service.backchannelLogout(ctx, params.organizationId, body.logout_token, requestOf(req)));
  });
}
