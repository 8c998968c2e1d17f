import type { FastifyInstance } from 'fastify';
import { treatmentPlans } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './treatment-plans.service';

/** Spec section 7, "Treatment plan": 15 endpoints. */
export function treatmentPlansRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, treatmentPlans.createTreatmentPlan, ({ scope, body }) => service.createPlan(ctx, scope, body));
  registerEndpoint(app, ctx, treatmentPlans.updateTreatmentPlan, ({ scope, params, body }) => service.updatePlan(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, treatmentPlans.deleteTreatmentPlan, ({ scope, params }) => service.deletePlan(ctx, scope, params.id));
  registerEndpoint(app, ctx, treatmentPlans.getTreatmentPlan, ({ scope, params }) => service.getPlan(ctx, scope, params.id));
  registerEndpoint(app, ctx, treatmentPlans.getTreatmentPlansForPatient, ({ scope, headers }) => service.findPlansForPatient(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, treatmentPlans.getActiveTreatmentPlanForPatient, ({ scope, headers }) =>
    service.getActivePlanForPatient(ctx, scope, headers.patientid),
  );
  registerEndpoint(app, ctx, treatmentPlans.assignTreatmentPlanDevice, ({ scope, body }) => service.assignDevice(ctx, scope, body));
  registerEndpoint(app, ctx, treatmentPlans.deassignTreatmentPlanDevice, ({ scope, headers }) =>
    service.deassignDevice(ctx, scope, headers.treatmentplandeviceid),
  );
  registerEndpoint(app, ctx, treatmentPlans.updateTreatmentPlanDevice, ({ scope, body }) => service.updatePlanDevice(ctx, scope, body));
  registerEndpoint(app, ctx, treatmentPlans.updateTreatmentPlanTitleDescription, ({ scope, body }) => service.updateTitleDescription(ctx, scope, body));
  registerEndpoint(app, ctx, treatmentPlans.duplicateTreatmentPlan, ({ scope, headers }) => service.duplicatePlan(ctx, scope, headers.treatmentplanid));
  registerEndpoint(app, ctx, treatmentPlans.getRelatedClientMonitoringPlans, ({ scope, headers }) =>
    service.findClientMonitoringPlans(ctx, scope, headers.hospitalid),
  );
  registerEndpoint(app, ctx, treatmentPlans.createClientMonitoringPlan, ({ scope, body }) => service.createClientMonitoringPlan(ctx, scope, body));
  registerEndpoint(app, ctx, treatmentPlans.deassignPatientFromClientMonitoringPlan, ({ scope, body }) =>
    service.deassignPatientFromClientMonitoringPlan(ctx, scope, body),
  );
  registerEndpoint(app, ctx, treatmentPlans.assignPatientToDefaultClientMonitoringPlan, ({ scope, body }) =>
    service.assignPatientToDefaultClientMonitoringPlan(ctx, scope, body),
  );
}
