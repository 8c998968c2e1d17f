import type { FastifyInstance } from 'fastify';
import { billing } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './billing-generation.service';

/**
 * Billing generation, summaries, details with evidence, runs (chosen) and readiness (chosen):
 * spec section 7 "Billing", docs/billing-engine.md. Thin: parse (registerEndpoint) -> service.
 * Background runs are jobs (billing-runs.ts): the queue waits for them when the app closes.
 */
export function billingGenerationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, billing.getBillingSummaryForAllPatientsForMonthV3, ({ scope, headers, query, req }) =>
    service.getSummaryForAllPatients(ctx, scope, headers, query, req.lang),
  );
  registerEndpoint(app, ctx, billing.getBillingSummaryForPatientForMonth, ({ scope, headers, req }) => service.getSummaryForPatient(ctx, scope, headers, req.lang));
  registerEndpoint(app, ctx, billing.getBillingDetailsForPatientForMonth, ({ scope, headers, req }) => service.getDetailsForPatient(ctx, scope, headers, req.lang));
  registerEndpoint(app, ctx, billing.generateForAllHospitalPatientsForMonth, ({ scope, headers }) => service.generateForHospital(ctx, scope, headers));
  registerEndpoint(app, ctx, billing.generateForPatientForMonth, ({ scope, headers, req }) => service.generateForPatient(ctx, scope, headers, req.lang));
  registerEndpoint(app, ctx, billing.generateForAllOrganizationPatientsForMonth, ({ scope, headers }) => service.generateForOrganization(ctx, scope, headers));
  registerEndpoint(app, ctx, billing.getBillingRun, ({ scope, headers }) => service.getRun(ctx, scope, headers.runid));
  registerEndpoint(app, ctx, billing.getBillingReadiness, ({ scope, headers, query, req }) => service.getReadiness(ctx, scope, headers, query, req.lang));
}
