import { defineFeature } from '../../lib/feature-module';
import { treatmentPlansRoutes } from './treatment-plans.routes';
import { treatmentPlanDevices, treatmentPlans } from '../../db/schema/index';
import { own, viaParent } from '../../lib/audit-patients';

/** The treatment-plans feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const treatmentPlansModule = defineFeature({
  name: 'treatment-plans',
  routes: treatmentPlansRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    // A client monitoring plan (an office's plan) names no patient: null.
    treatmentPlan: own(treatmentPlans),
    treatmentPlanDevice: viaParent(treatmentPlanDevices, treatmentPlanDevices.id, treatmentPlanDevices.treatmentPlanId, treatmentPlans, treatmentPlans.id, treatmentPlans.patientId),
  },
});
