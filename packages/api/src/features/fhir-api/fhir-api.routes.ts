import type { FastifyInstance } from 'fastify';
import { fhirApi } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import { fhirRoutes } from './fhir.routes';
import * as service from './fhir-api.service';

/** The FHIR API clients' contract endpoints (chosen; docs/fhir.md), then the /fhir/R4 API itself. */
export function fhirApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, fhirApi.findSmartClients, ({ scope, query }) => service.findClients(ctx, scope, query.organizationId));
  registerEndpoint(app, ctx, fhirApi.createSmartClient, ({ scope, body }) => service.createClient(ctx, scope, body));
  registerEndpoint(app, ctx, fhirApi.revokeSmartClient, ({ scope, params }) => service.revokeClient(ctx, scope, params.id));
  fhirRoutes(app, ctx);
}
