/**
 * Who is calling (docs/architecture.md "The route chain"): the signed-in user (session or API key,
 * resolved for every request by plugins/auth.ts) or, on an endpoint declared `hubAuth`, a hub by
 * its own `HubToken` credential (lib/hub-auth.ts, resolved here: only such endpoints read it).
 * A call of a non-public endpoint without a principal is refused 401 (429 for a rate-limited API
 * key, docs/api-keys.md), before its input is read.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import { resolveHubToken } from '../hub-auth';
import { callOf, type RouteConcern } from './types';

function hubTokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers['hubtoken'];
  return Array.isArray(header) ? header[0] : header;
}

/** The principal concern: onRequest reads a hub's credential on `hubAuth` endpoints; preValidation answers 401 / 429 without a principal. */
export const principal: RouteConcern = (def, ctx) => {
  const hubAuth = def.hubAuth === true;
  if (def.permission === 'public' && !hubAuth) { return null; }
  return {
    // Only endpoints that accept a hub read its credential (the check-in is hub-check-in.ts's, once the call is accepted).
    ...(hubAuth
      ? {
          onRequest: async (req: FastifyRequest) => {
            const token = hubTokenOf(req);
            if (token) { req.hub = await resolveHubToken(ctx, token); }
          },
        }
      : {}),
    preValidation: async (req: FastifyRequest) => {
      const scope = req.scope;
      if (!scope && hubAuth && req.hub !== null) {
        callOf(req).asHub = true;
        return;
      }
      if (scope || def.permission === 'public') { return; }
      // A hub credential that does not resolve (unknown, revoked, hub disabled) gets its own message.
      if (hubAuth && hubTokenOf(req)) { throw new AppError('unauthorized', 'hubCredentialInvalid'); }
      const refusal = req.apiKeyRefusal;
      if (refusal?.reason === 'rateLimited') {
        throw new AppError('tooManyRequests', 'tooManyRequests', { seconds: refusal.retryAfterSeconds }, undefined, refusal.retryAfterSeconds);
      }
      if (refusal) { throw AppError.unauthorized('apiKeyInvalid'); }
      throw AppError.unauthorized();
    },
  };
};
