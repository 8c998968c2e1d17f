import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { publicLinks } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { limitTokenGuesses } from '../../lib/guess-limit';
import { registerEndpoint } from '../../lib/route';
import * as service from './public-links.service';

/** Per client IP, the public report endpoints answer at most this many requests a minute (guessing tokens is pointless at 2^256, but the reads cost). */
export const PUBLIC_LINK_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

function clientOf(req: FastifyRequest) {
  const agent = req.headers['user-agent'];
  return { ip: req.ip ?? '', userAgent: (Array.isArray(agent) ? agent[0] : agent)?.slice(0, 500) ?? '' };
}

/**
 * Spec section 7, "Public links" (5 endpoints) plus the chosen GET publiclink/getmeasurementsforhub.
 * The two public reads live in their own encapsulated context where @fastify/rate-limit is
 * registered with `global: false` and hooked onto those routes only: no other route is limited.
 */
export function publicLinksRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, publicLinks.findPublicLinks, ({ scope, headers, query }) => service.findLinks(ctx, scope, headers.patientid, query));
  registerEndpoint(app, ctx, publicLinks.createPublicLink, ({ scope, body }) => service.createLink(ctx, scope, body));
  registerEndpoint(app, ctx, publicLinks.revokePublicLink, ({ scope, params }) => service.revokeLink(ctx, scope, params.id));
  registerEndpoint(app, ctx, publicLinks.sharePublicLinkWithEmail, ({ scope, body, req }) => service.shareLinkWithEmail(ctx, scope, body, req.lang));

  void app.register(async (scoped) => {
    await scoped.register(rateLimit, {
      global: false,
      ...PUBLIC_LINK_RATE_LIMIT,
      errorResponseBuilder: (_req, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError('tooManyRequests', 'tooManyRequests', { seconds }, undefined, seconds);
      },
    });
    scoped.addHook('onRequest', scoped.rateLimit());
    limitTokenGuesses(scoped, ctx); // and the failed-guess limit of public tokens (lib/guess-limit.ts)
    scoped.addHook('onSend', async (_req, reply, payload) => {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      return payload;
    });
    registerEndpoint(scoped, ctx, publicLinks.getMeasurementsFromLink, ({ headers, req }) => service.getReport(ctx, headers.linkid, null, clientOf(req), req.lang));
    registerEndpoint(scoped, ctx, publicLinks.getMeasurementsForHub, ({ headers, req }) =>
      service.getReport(ctx, headers.linkid, headers.hubidentifier, clientOf(req), req.lang),
    );
  });
}
