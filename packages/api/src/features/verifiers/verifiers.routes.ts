import type { FastifyInstance } from 'fastify';
import { verifiers } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './verifiers.service';

/** Verifier (reference value) endpoints: endpoints.txt "Verifiers", portal-spec.md section 7. */
export function verifiersRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, verifiers.getDistinctDomains, () => service.findDistinctDomains(ctx));
  registerEndpoint(app, ctx, verifiers.getAllVerifiers, ({ query }) => service.findVerifiers(ctx, query));
  registerEndpoint(app, ctx, verifiers.getVerifiersForDomain, ({ headers }) => service.findForDomain(ctx, headers.domainvalue));
  registerEndpoint(app, ctx, verifiers.getVerifiersForMultipleDomains, ({ headers }) => service.findForDomains(ctx, headers.domains));
  registerEndpoint(app, ctx, verifiers.getTimeZones, () => service.listTimeZones());
  registerEndpoint(app, ctx, verifiers.getDiagnosesByCategoryCode, ({ headers }) =>
    service.findDiagnosesByCategoryCode(ctx, headers.categorycode),
  );
  registerEndpoint(app, ctx, verifiers.getVerifier, ({ params }) => service.getVerifier(ctx, params.id));
  registerEndpoint(app, ctx, verifiers.updateVerifier, ({ params, body }) => service.updateVerifier(ctx, params.id, body));
  registerEndpoint(app, ctx, verifiers.deleteVerifier, ({ params }) => service.deleteVerifier(ctx, params.id));
  registerEndpoint(app, ctx, verifiers.createVerifier, ({ body }) => service.createVerifier(ctx, body));
}
