/**
 * Default deny (docs/security.md, spec section 2 "Roles"): a signed-in caller is refused 403 unless
 * its role has the endpoint's permission (`can`), and an API key acts with its user's role narrowed
 * by the key's access (`apiKeyMay`, docs/api-keys.md). Public endpoints and hubs calling a `hubAuth`
 * endpoint are not checked here (a hub is its own principal, principal.ts). The refusal is marked
 * on the call so the audit concern records the attempt (audit.ts).
 */
import type { FastifyRequest } from 'fastify';
import { apiKeyMay, can } from '@vigil/contract';
import { AppError } from '../app-error';
import { callOf, type RouteConcern } from './types';

/** The permission concern (preValidation): 403 unless the caller's role (and API key) has `def.permission`. */
export const permission: RouteConcern = (def) => {
  const needed = def.permission;
  if (needed === 'public') { return null; }
  return {
    preValidation: async (req: FastifyRequest) => {
      const call = callOf(req);
      const scope = req.scope;
      if (call.asHub || !scope) { return; }
      const refusedByKey = scope.apiKey !== undefined && !apiKeyMay(scope.apiKey.access, needed);
      if (!can(scope.role, needed) || refusedByKey) {
        call.refused = true;
        throw AppError.forbidden();
      }
    },
  };
};
