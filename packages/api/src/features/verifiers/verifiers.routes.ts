import type { FastifyInstance } from 'fastify';
import { verifiers } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './verifiers.service';

/** Verifier (reference value) endpoints: endpoints.txt "Verifiers", portal-spec.md section 7. */
export function verifiersRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, verifiers, {
    getDistinctDomains: () => service.findDistinctDomains(ctx),
    getAllVerifiers: ({ query }) => service.findVerifiers(ctx, query),
    getVerifiersForDomain: ({ headers }) => service.findForDomain(ctx, headers.domainvalue),
    getVerifiersForMultipleDomains: ({ headers }) => service.findForDomains(ctx, headers.domains),
    getTimeZones: () => service.listTimeZones(),
    getDiagnosesByCategoryCode: ({ headers }) =>
      service.findDiagnosesByCategoryCode(ctx, headers.categorycode),
    getVerifier: ({ params }) => service.getVerifier(ctx, params.id),
    updateVerifier: ({ params, body }) => service.updateVerifier(ctx, params.id, body),
    deleteVerifier: ({ params }) => service.deleteVerifier(ctx, params.id),
    createVerifier: ({ body }) => service.createVerifier(ctx, body),
  });
}
