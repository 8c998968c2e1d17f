import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { publicLinks } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { limitTokenGuesses } from '../../lib/guess-limit';
import { omitGroup, pickGroup, registerGroup } from '../../lib/route';
import * as service from './public-links.service';

/** Per client IP, the public report endpoints answer at most this many requests a minute (guessing tokens is pointless at 2^256, but the reads cost). */
export const PUBLIC_LINK_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

function clientOf(req: FastifyRequest) {
  const agent = req.headers['user-agent'];
  return { ip: req.ip ?? '', userAgent: (Array.isArray(agent) ? agent[0] : agent)?.slice(0, 500) ?? '' };
}

/**
 * The two public reads, registered in the rate-limited context below with `pickGroup`; the rest of
 * the group with `omitGroup` of the same keys, so the two registrations are the whole group, each
 * one's handlers complete at compile time (docs/architecture.md "The route chain").
 */
const PUBLIC_READS = ['getMeasurementsFromLink', 'getMeasurementsForHub'] as const;

/**
 * Spec section 7, "Public links" (5 endpoints) plus the chosen GET publiclink/getmeasurementsforhub.
 * The two public reads live in their own encapsulated context where @fastify/rate-limit is
 * registered with `global: false` and hooked onto those routes only: no other route is limited.
 */
export function publicLinksRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, omitGroup(publicLinks, PUBLIC_READS), {
    findPublicLinks: ({ scope, headers, query }) => service.findLinks(ctx, scope, headers.patientid, query),
    createPublicLink: ({ scope, body }) => service.createLink(ctx, scope, body),
    revokePublicLink: ({ scope, params }) => service.revokeLink(ctx, scope, params.id),
    sharePublicLinkWithEmail: ({ scope, body, req }) => service.shareLinkWithEmail(ctx, scope, body, req.lang),
  });

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
    registerGroup(scoped, ctx, pickGroup(publicLinks, PUBLIC_READS), {
      getMeasurementsFromLink: ({ headers, req }) => service.getReport(ctx, headers.linkid, null, clientOf(req), req.lang),
      getMeasurementsForHub: ({ headers, req }) =>
        service.getReport(ctx, headers.linkid, headers.hubidentifier, clientOf(req), req.lang),
    });
  });
}
