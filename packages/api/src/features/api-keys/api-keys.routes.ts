import type { FastifyInstance } from 'fastify';
import { apiKeys } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './api-keys.service';

/** API key endpoints (chosen; docs/api-keys.md). */
export function apiKeysRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, apiKeys, {
    findApiKeys: ({ scope, query }) => service.findKeys(ctx, scope, query),
    createApiKey: ({ scope, body }) => service.createKey(ctx, scope, body),
    revokeApiKey: ({ scope, params }) => service.revokeKey(ctx, scope, params.id),
  });
}
