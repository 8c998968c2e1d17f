import type { FastifyInstance } from 'fastify';
import { fhirApi } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import { fhirRoutes } from './fhir.routes';
import * as service from './fhir-api.service';

/** The FHIR API clients' contract endpoints (chosen; docs/fhir.md), then the /fhir/R4 API itself. */
export function fhirApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, fhirApi, {
    findSmartClients: ({ scope, query }) => service.findClients(ctx, scope, query.organizationId),
    createSmartClient: ({ scope, body }) => service.createClient(ctx, scope, body),
    revokeSmartClient: ({ scope, params }) => service.revokeClient(ctx, scope, params.id),
  });
  fhirRoutes(app, ctx);
}
