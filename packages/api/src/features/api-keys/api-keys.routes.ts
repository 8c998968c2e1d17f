import type { FastifyInstance } from 'fastify';
import { apiKeys } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './api-keys.service';

/** API key endpoints (chosen; docs/api-keys.md). */
export function apiKeysRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, apiKeys.findApiKeys, ({ scope, query }) => service.findKeys(ctx, scope, query));
  registerEndpoint(app, ctx, apiKeys.createApiKey, ({ scope, body }) => service.createKey(ctx, scope, body));
  registerEndpoint(app, ctx, apiKeys.revokeApiKey, ({ scope, params }) => service.revokeKey(ctx, scope, params.id));
}
