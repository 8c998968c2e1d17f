import type { FastifyInstance } from 'fastify';
import { verifiers } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './verifiers.service';

/** Verifier (reference value) endpoints: endpoints.txt "Verifiers", portal-spec.md section 7. */
export function verifiersRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, verifiers.getDistinctDomains, ({ scope }) => service.findDistinctDomains(ctx, scope));
  registerEndpoint(app, ctx, verifiers.getAllVerifiers, ({ scope, query }) => service.findVerifiers(ctx, scope, query));
  registerEndpoint(app, ctx, verifiers.getVerifiersForDomain, ({ scope, headers }) => service.findForDomain(ctx, scope, headers.domainvalue));
  registerEndpoint(app, ctx, verifiers.getVerifiersForMultipleDomains, ({ scope, headers }) => service.findForDomains(ctx, scope, headers.domains));
  registerEndpoint(app, ctx, verifiers.getTimeZones, () => service.listTimeZones());
  registerEndpoint(app, ctx, verifiers.getDiagnosesByCategoryCode, ({ scope, headers }) =>
    service.findDiagnosesByCategoryCode(ctx, scope, headers.categorycode),
  );
  registerEndpoint(app, ctx, verifiers.getVerifier, ({ scope, params }) => service.getVerifier(ctx, scope, params.id));
  registerEndpoint(app, ctx, verifiers.updateVerifier, ({ scope, params, body }) => service.updateVerifier(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, verifiers.deleteVerifier, ({ scope, params }) => service.deleteVerifier(ctx, scope, params.id));
  registerEndpoint(app, ctx, verifiers.createVerifier, ({ scope, body }) => service.createVerifier(ctx, scope, body));
}
