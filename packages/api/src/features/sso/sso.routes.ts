import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sso } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError, statusOf } from '../../lib/app-error';
import { countFailedGuess, limitTokenGuesses } from '../../lib/guess-limit';
import { linkBase } from '../../lib/public-url';
import { omitGroup, pickGroup, registerGroup } from '../../lib/route';
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

/** The refusals a browser is sent back to the login page with (`/auth/login?sso=<key>`); their texts are the contract's messages. */
export const SSO_LOGIN_ERRORS = ['ssoFailed', 'ssoNoAccount', 'ssoNotAvailable', 'ssoIssuerUnreachable'] as const;

/**
 * A browser's top-level navigation (GET sso/start, GET sso/callback, with `Accept: text/html`) that
 * is refused goes back to the login page, which shows the refusal in the user's language, instead of
 * a page of JSON (docs/security.md "Single sign-on"). Other callers (and errors that are not a
 * sign-in refusal) get the envelope as before. Answers the redirect, or null to rethrow.
 */
function backToLogin(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, err: unknown, organizationId?: number): FastifyReply | null {
  if (!(err instanceof AppError) || !(req.headers.accept ?? '').includes('text/html')) { return null; }
  const status = statusOf[err.code];
  if (status < 400 || status >= 500) { return null; }
  const key = (SSO_LOGIN_ERRORS as readonly string[]).includes(err.messageKey) ? err.messageKey : 'ssoFailed';
  const to = new URL('/auth/login', linkBase(ctx));
  to.searchParams.set('sso', key);
  if (organizationId !== undefined) { to.searchParams.set('org', String(organizationId)); }
  return reply.header('cache-control', 'no-store').redirect(to.href, 303);
}

/**
 * The endpoints registered in their own plugin contexts: the callback and the completion with the
 * failed-guess limit, the back-channel logout with its form body parser. Each context registers
 * `pickGroup` of its keys and the app the rest (`omitGroup` of both), so the three registrations are
 * the whole group, each one's handlers complete at compile time (docs/architecture.md "The route chain").
 */
const LIMITED_ENDPOINTS = ['ssoCallback', 'completeSso'] as const;
const BACKCHANNEL_ENDPOINTS = ['ssoBackchannelLogout'] as const;

/** Single sign-on endpoints (chosen; docs/security.md "Single sign-on"). */
export function ssoRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, omitGroup(sso, [...LIMITED_ENDPOINTS, ...BACKCHANNEL_ENDPOINTS]), {
    getSsoConfig: ({ scope, params }) => service.getConfig(ctx, scope, params.organizationId),
    saveSsoConfig: ({ scope, params, body }) => service.saveConfig(ctx, scope, params.organizationId, body),
    discoverSso: ({ query }) => service.discoverOrganization(ctx, query.q),
    startSso: async ({ query, req, reply }) => {
      try {
        const url = await service.startSignIn(ctx, query.org, flowCookie(ctx, req, reply));
        return reply.redirect(url, 302);
      } catch (err) {
        return backToLogin(ctx, req, reply, err) ?? Promise.reject(err);
      }
    },
  });

  void app.register(async (limited) => {
    limitTokenGuesses(limited, ctx, SSO_CALLBACK_LIMIT, (status) => status >= 400 && status < 500);
    registerGroup(limited, ctx, pickGroup(sso, LIMITED_ENDPOINTS), {
      ssoCallback: async ({ query, req, reply }) => {
        try {
          const next = await service.handleCallback(
            ctx,
            { currentUrl: new URL(req.url, linkBase(ctx)), ...(query.state ? { state: query.state } : {}), ...(query.error ? { error: query.error } : {}) },
            flowCookie(ctx, req, reply),
            requestOf(req),
          );
          return reply.redirect(next, 303);
        } catch (err) {
          const back = backToLogin(ctx, req, reply, err);
          if (!back) { throw err; }
          // The limit's hook counts 4xx answers; a refusal sent back as a redirect still counts.
          await countFailedGuess(ctx, req.ip, SSO_CALLBACK_LIMIT);
          return back;
        }
      },
      completeSso: ({ req, reply }) => service.completeSignIn(ctx, flowCookie(ctx, req, reply), requestOf(req)),
    });
  });

  // Back-channel logout tokens arrive form-encoded (Back-Channel Logout 1.0 section 2.5).
  void app.register(async (backchannel) => {
    backchannel.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    registerGroup(backchannel, ctx, pickGroup(sso, BACKCHANNEL_ENDPOINTS), {
      ssoBackchannelLogout: ({ params, body, req }) => service.backchannelLogout(ctx, params.organizationId, body.logout_token, requestOf(req)),
    });
  });
}
