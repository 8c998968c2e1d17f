/**
 * A hub's check-in (lib/hub-auth.ts; docs/security.md "Hub credentials"): a hub calling a `hubAuth` endpoint with an
 * accepted credential and valid input records that it was seen, before its handler runs. A refused
 * or invalid call does not check in.
 */
import type { FastifyRequest } from 'fastify';
import { recordHubCheckIn } from '../hub-auth';
import { callOf, type RouteConcern } from './types';

/** The hub check-in concern (preHandler), on `hubAuth` endpoints only. */
export const hubCheckIn: RouteConcern = (def, ctx) => {
  if (def.hubAuth !== true) { return null; }
  return {
    preHandler: async (req: FastifyRequest) => {
      if (callOf(req).asHub && req.hub) { await recordHubCheckIn(ctx, req.hub); }
    },
  };
};
