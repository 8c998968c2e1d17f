import type { FastifyInstance } from 'fastify';
import { treatmentPlans } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './treatment-plans.service';

/** Spec section 7, "Treatment plan": 15 endpoints. */
export function treatmentPlansRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, treatmentPlans, {
    createTreatmentPlan: ({ scope, body }) => service.createPlan(ctx, scope, body),
    updateTreatmentPlan: ({ scope, params, body }) => service.updatePlan(ctx, scope, params.id, body),
    deleteTreatmentPlan: ({ scope, params }) => service.deletePlan(ctx, scope, params.id),
    getTreatmentPlan: ({ scope, params }) => service.getPlan(ctx, scope, params.id),
    getTreatmentPlansForPatient: ({ scope, headers }) => service.findPlansForPatient(ctx, scope, headers.patientid),
    getActiveTreatmentPlanForPatient: ({ scope, headers }) =>
      service.getActivePlanForPatient(ctx, scope, headers.patientid),
    assignTreatmentPlanDevice: ({ scope, body }) => service.assignDevice(ctx, scope, body),
    deassignTreatmentPlanDevice: ({ scope, headers }) =>
      service.deassignDevice(ctx, scope, headers.treatmentplandeviceid),
    updateTreatmentPlanDevice: ({ scope, body }) => service.updatePlanDevice(ctx, scope, body),
    updateTreatmentPlanTitleDescription: ({ scope, body }) => service.updateTitleDescription(ctx, scope, body),
    duplicateTreatmentPlan: ({ scope, headers }) => service.duplicatePlan(ctx, scope, headers.treatmentplanid),
    getRelatedClientMonitoringPlans: ({ scope, headers }) =>
      service.findClientMonitoringPlans(ctx, scope, headers.hospitalid),
    createClientMonitoringPlan: ({ scope, body }) => service.createClientMonitoringPlan(ctx, scope, body),
    deassignPatientFromClientMonitoringPlan: ({ scope, body }) =>
      service.deassignPatientFromClientMonitoringPlan(ctx, scope, body),
    assignPatientToDefaultClientMonitoringPlan: ({ scope, body }) =>
      service.assignPatientToDefaultClientMonitoringPlan(ctx, scope, body),
  });
}
