import type { FastifyInstance } from 'fastify';
import { billing } from '@vigil/contract';
import type { AppContext } from '../../context';
import { pickGroup, registerGroup } from '../../lib/route';
import * as service from './billing-generation.service';

/**
 * The billing group's endpoints that this file registers, with `pickGroup`; billing.routes.ts
 * registers the rest with `omitGroup` of the same keys, so the two registrations are the whole
 * group, each one's handlers complete at compile time (docs/architecture.md "The route chain").
 */
export const BILLING_GENERATION_ENDPOINTS = [
  'getBillingSummaryForAllPatientsForMonthV3',
  'getBillingSummaryForPatientForMonth',
  'getBillingDetailsForPatientForMonth',
  'generateForAllHospitalPatientsForMonth',
  'generateForPatientForMonth',
  'generateForAllOrganizationPatientsForMonth',
  'getBillingRun',
  'getBillingReadiness',
] as const;

/**
 * Billing generation, summaries, details with evidence, runs (chosen) and readiness (chosen):
 * spec section 7 "Billing", docs/billing-engine.md. Thin: parse (registerGroup) -> service.
 * Background runs are jobs (billing-runs.ts): the queue waits for them when the app closes.
 */
export function billingGenerationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, pickGroup(billing, BILLING_GENERATION_ENDPOINTS), {
    getBillingSummaryForAllPatientsForMonthV3: ({ scope, headers, query, req }) =>
      service.getSummaryForAllPatients(ctx, scope, headers, query, req.lang),
    getBillingSummaryForPatientForMonth: ({ scope, headers, req }) => service.getSummaryForPatient(ctx, scope, headers, req.lang),
    getBillingDetailsForPatientForMonth: ({ scope, headers, req }) => service.getDetailsForPatient(ctx, scope, headers, req.lang),
    generateForAllHospitalPatientsForMonth: ({ scope, headers }) => service.generateForHospital(ctx, scope, headers),
    generateForPatientForMonth: ({ scope, headers, req }) => service.generateForPatient(ctx, scope, headers, req.lang),
    generateForAllOrganizationPatientsForMonth: ({ scope, headers }) => service.generateForOrganization(ctx, scope, headers),
    getBillingRun: ({ scope, headers }) => service.getRun(ctx, scope, headers.runid),
    getBillingReadiness: ({ scope, headers, query, req }) => service.getReadiness(ctx, scope, headers, query, req.lang),
  });
}
